package dev.quipu.gateway.routing;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;

import java.net.URI;

/** Base URL of one backend: {@code quipu.gateway.services.<short name>.url}. */
@EachProperty("quipu.gateway.services")
public class BackendUrl {

    private final String name;
    private URI url;

    public BackendUrl(@Parameter String name) {
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
}
