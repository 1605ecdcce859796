package dev.quipu.internalauth;

import dev.quipu.runtime.ErrorBody;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.authentication.DefaultAuthorizationExceptionHandler;
import jakarta.inject.Singleton;

/**
 * A refused call gets the suite's JSON error body: 401 {@code unauthenticated} without a valid token,
 * 403 {@code forbidden} when the caller is known but may not use the route. The security filter runs
 * before any controller, so a refused call changes nothing.
 */
@Singleton
@Produces
@Replaces(DefaultAuthorizationExceptionHandler.class)
public class AuthorizationRefusals implements ExceptionHandler<AuthorizationException, MutableHttpResponse<?>> {

    @Override
    public MutableHttpResponse<?> handle(HttpRequest request, AuthorizationException exception) {
        String route = request.getMethodName() + " " + request.getPath();
        if (exception.isForbidden() && exception.getAuthentication() != null) {
            return HttpResponse.status(HttpStatus.FORBIDDEN).body(new ErrorBody("forbidden",
                    exception.getAuthentication().getName() + " may not call " + route,
                    "each identity of the suite may call only the routes docs/security.md lists for it"));
        }
        return HttpResponse.status(HttpStatus.UNAUTHORIZED)
                .header("WWW-Authenticate", "Bearer")
                .body(new ErrorBody("unauthenticated",
                        route + " answers only callers of the suite with a valid internal token",
                        "call it through the gateway; operators get a header with `./quipu internal-header`"));
    }
}
