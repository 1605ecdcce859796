package dev.quipu.runtime;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.exceptions.ContentLengthExceededException;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.UnsatisfiedRouteHandler;
import io.micronaut.web.router.exceptions.UnsatisfiedRouteException;
import jakarta.inject.Singleton;

import java.util.List;

/** Error answers in the spec's shapes instead of the framework's. */
public final class ErrorHandlers {

    private ErrorHandlers() {
    }

    /** A body over the configured limit (64 KiB): 413 with a JSON body. */
    @Produces
    @Singleton
    @io.micronaut.context.annotation.Replaces(io.micronaut.http.server.exceptions.ContentLengthExceededHandler.class)
    public static class PayloadTooLarge implements ExceptionHandler<ContentLengthExceededException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, ContentLengthExceededException exception) {
            return HttpResponse.<ErrorBody>status(HttpStatus.REQUEST_ENTITY_TOO_LARGE)
                    .body(new ErrorBody("payload_too_large", "The request body is larger than 64 KiB.",
                            "Send at most 65536 bytes."));
        }
    }

    /** A parameter that cannot be converted (for example a non-numeric query integer): 422. */
    @Produces
    @Singleton
    @io.micronaut.context.annotation.Replaces(io.micronaut.http.server.exceptions.ConversionErrorHandler.class)
    public static class Conversion implements ExceptionHandler<ConversionErrorException, HttpResponse<ValidationErrorBody>> {
        @Override
        public HttpResponse<ValidationErrorBody> handle(HttpRequest request, ConversionErrorException exception) {
            String name = exception.getArgument().getName();
            return HttpResponse.<ValidationErrorBody>status(HttpStatus.UNPROCESSABLE_ENTITY)
                    .body(ValidationErrorBody.of(new ValidationError(List.of("query", name),
                            "Input could not be parsed: " + exception.getConversionError().getCause().getMessage(),
                            "value_error")));
        }
    }

    /** A required parameter that is missing: 422. */
    @Produces
    @Singleton
    @io.micronaut.context.annotation.Replaces(UnsatisfiedRouteHandler.class)
    public static class Unsatisfied implements ExceptionHandler<UnsatisfiedRouteException, HttpResponse<ValidationErrorBody>> {
        @Override
        public HttpResponse<ValidationErrorBody> handle(HttpRequest request, UnsatisfiedRouteException exception) {
            return HttpResponse.<ValidationErrorBody>status(HttpStatus.UNPROCESSABLE_ENTITY)
                    .body(ValidationErrorBody.of(new ValidationError(List.of("query", exception.getArgument().getName()),
                            "Field required", "missing")));
        }
    }

}
