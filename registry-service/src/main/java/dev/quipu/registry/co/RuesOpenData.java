package dev.quipu.registry.co;

import dev.quipu.registry.lookup.LiveSource;
import dev.quipu.registry.lookup.LiveSourceException;
import dev.quipu.registry.taxid.TaxIdCheck;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * RUES asked live through datos.gov.co's Socrata API (SoQL) for one NIT's matrículas:
 * {@code GET …/resource/c82u-588k.json?$select=<company fields>&$where=nit='899999068'}. The dataset keeps
 * the NIT body in {@code nit} and the check digit apart in {@code digito_verificacion}, so it is asked with
 * the body. Only company fields are selected ({@link RuesFields#COMPANY}): no natural person's identifier is
 * ever requested. An app token, when configured, goes in the {@code X-App-Token} header (it raises Socrata's
 * rate limit), never in the URL or a message.
 */
@Singleton
public class RuesOpenData implements LiveSource {

    public static final String ID = "co.rues.live";
    public static final String DEFAULT_URL = "https://www.datos.gov.co/resource/c82u-588k.json";
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(8);

    private final String url;
    private final String appToken;
    private final HttpClient http;

    /**
     * @param url      {@code quipu.registry.co.rues-url} ({@code QUIPU_REGISTRY_CO_RUES_URL}); empty disables the source
     * @param appToken {@code quipu.registry.co.socrata-app-token} ({@code QUIPU_REGISTRY_CO_SOCRATA_APP_TOKEN}); optional
     */
    public RuesOpenData(@Value("${quipu.registry.co.rues-url:" + DEFAULT_URL + "}") String url,
                        @Value("${quipu.registry.co.socrata-app-token:}") String appToken) {
        this.url = url == null ? "" : url.strip();
        this.appToken = appToken == null ? "" : appToken.strip();
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return RuesDataset.TITLE + ", live (Socrata API)";
    }

    @Override
    public String publisher() {
        return RuesDataset.PUBLISHER;
    }

    @Override
    public String publicUrl() {
        return url;
    }

    @Override
    public boolean official() {
        return true;
    }

    @Override
    public boolean enabled() {
        return !url.isEmpty();
    }

    /** The query string asked for a NIT body: {@code $select} of the company fields and {@code $where=nit='…'}. */
    static String query(String nitBody) {
        return "$select=" + encode(String.join(",", RuesFields.COMPANY))
                + "&$where=" + encode(RuesFields.NIT + "='" + nitBody + "'");
    }

    @Override
    public Optional<String> fetch(TaxIdCheck id) {
        String body = ColombiaRegistry.nitBody(id);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "?" + query(body)))
                .timeout(REQUEST_TIMEOUT).header("Accept", "application/json").GET();
        if (!appToken.isEmpty()) {
            request.header("X-App-Token", appToken);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new LiveSourceException(url + " could not be asked (" + e.getClass().getSimpleName() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LiveSourceException(url + " was not asked: interrupted", e);
        }
        if (response.statusCode() != 200) {
            throw new LiveSourceException(url + " answered HTTP " + response.statusCode());
        }
        String text = response.body() == null ? "" : response.body().strip();
        if (!text.startsWith("[")) {
            throw new LiveSourceException(url + " answered HTTP 200 with a body that is not a JSON array");
        }
        return text.replaceAll("\\s+", "").equals("[]") ? Optional.empty() : Optional.of(text);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
