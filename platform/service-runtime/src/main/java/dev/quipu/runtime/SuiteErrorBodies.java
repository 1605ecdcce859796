package dev.quipu.runtime;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.JsonErrorResponseBodyProvider;
import jakarta.inject.Singleton;

/**
 * The errors Micronaut answers itself (an unknown route, a wrong method, headers over the limit, an
 * unexpected failure) get the suite's {@link ErrorBody} instead of Micronaut's {@code _links} /
 * {@code _embedded} body, so a client parses one shape for every error. A server error never carries
 * the exception's text.
 */
@Singleton
@Replaces(JsonErrorResponseBodyProvider.class)
public class SuiteErrorBodies implements JsonErrorResponseBodyProvider<ErrorBody> {

    @Override
    public ErrorBody body(ErrorContext context, HttpResponse<?> response) {
        int status = response.code();
        return switch (status) {
            case 400 -> ErrorBody.of("bad_request", firstMessage(context, "The request could not be read."));
            case 401 -> ErrorBody.of("unauthenticated", "This route needs credentials.");
            case 403 -> ErrorBody.of("forbidden", "This caller may not use this route.");
            case 404 -> ErrorBody.of("not_found", "No such route: " + context.getRequest().getMethodName() + " "
                    + context.getRequest().getPath() + ". GET / lists what this service offers.");
            case 405 -> ErrorBody.of("method_not_allowed", context.getRequest().getMethodName() + " is not allowed on "
                    + context.getRequest().getPath() + ".");
            case 406 -> ErrorBody.of("not_acceptable", "This route cannot answer in the type the Accept header asks for.");
            case 413 -> ErrorBody.of("request_too_large", "The request's headers or body are larger than this server accepts.");
            case 415 -> ErrorBody.of("unsupported_media_type", "Send the body as application/json.");
            default -> status >= 500
                    ? ErrorBody.of("internal_error", "The service failed to answer; nothing was charged. Retry later.")
                    : ErrorBody.of("http_" + status, firstMessage(context, response.reason()));
        };
    }

    private static String firstMessage(ErrorContext context, String fallback) {
        return context.getErrors().stream().map(e -> e.getMessage()).filter(m -> m != null && !m.isBlank())
                .findFirst().orElse(fallback);
    }
}
