package dev.quipu.payment.facilitator;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;

import java.net.URI;
import java.time.Duration;

/**
 * One facilitator: {@code quipu.payments.facilitators.<name>.*}. Lower {@code priority} is tried
 * first for {@code /verify}; {@code /settle} always goes to the facilitator that verified.
 * {@code authHeader}/{@code authValue} are sent on every request when set (e.g. a bearer token).
 */
@EachProperty("quipu.payments.facilitators")
public class FacilitatorEndpoint {

    private final String name;
    private URI url;
    private int priority = 100;
    private String authHeader;
    private String authValue;
    private Duration timeout = Duration.ofSeconds(10);

    public FacilitatorEndpoint(@Parameter String name) {
        this.name = name;
    }

    public String getName() {
        return name;
    }

    public URI getUrl() {
        return url;
    }

    public void setUrl(URI url) {
        this.url = url;
    }

    public int getPriority() {
        return priority;
    }

    public void setPriority(int priority) {
        this.priority = priority;
    }

    public String getAuthHeader() {
        return authHeader;
    }

    public void setAuthHeader(String authHeader) {
        this.authHeader = authHeader;
    }

    public String getAuthValue() {
        return authValue;
    }

    public void setAuthValue(String authValue) {
        this.authValue = authValue;
    }

    public Duration getTimeout() {
        return timeout;
    }

    public void setTimeout(Duration timeout) {
        this.timeout = timeout;
    }
}
