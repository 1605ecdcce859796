package dev.quipu.runtime;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** An operation whose capability has not landed answers honestly: 422 for bad input, then 501, never data. */
@MicronautTest
@Property(name = "quipu.service.name", value = "registry-service")
@Property(name = "micronaut.server.port", value = "-1")
class PendingOperationsTest {

    @Inject
    @Client("/")
    HttpClient http;

    private HttpClientResponseException post(String path, String body) {
        return assertThrows(HttpClientResponseException.class, () -> http.toBlocking()
                .exchange(HttpRequest.POST(path, body).contentType(MediaType.APPLICATION_JSON), String.class));
    }

    @Test
    void anOwnedOperationWithValidInputAnswers501NamingTheMissingCapability() {
        HttpClientResponseException e = post("/entity", "{\"identifier\":\"900123456\",\"country\":\"CO\"}");
        assertEquals(501, e.getStatus().getCode());
        Map<?, ?> body = e.getResponse().getBody(Map.class).orElseThrow();
        assertEquals("not_implemented", body.get("error"));
        assertEquals(true, String.valueOf(body.get("message")).contains("/entity"));
    }

    @Test
    void anOwnedOperationStillValidatesItsInput() {
        HttpClientResponseException e = post("/registry", "{\"identifier\":\"900123456\",\"country\":\"CO\"}");
        assertEquals(422, e.getStatus().getCode());
        Map<?, ?> detail = (Map<?, ?>) ((List<?>) e.getResponse().getBody(Map.class).orElseThrow().get("detail")).get(0);
        assertEquals(List.of("body", "id_type"), detail.get("loc"));
    }

    @Test
    void anOperationOwnedByAnotherServiceIsNotFoundHere() {
        assertEquals(404, post("/sanctions", "{}").getStatus().getCode());
    }
}
