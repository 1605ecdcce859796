package dev.quipu.registry.api;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.List;

/** The bodies of a lookup's 404 and 503: the suite's error fields plus what was asked or what failed. */
final class LookupErrors {

    private LookupErrors() {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record NotFoundBody(String error, String message, String hint, List<String> sourcesAsked) {
    }

    @Serdeable(naming = SnakeCaseStrategy.class)
    record UnavailableBody(String error, String message, String hint, List<String> failures) {
    }
}
