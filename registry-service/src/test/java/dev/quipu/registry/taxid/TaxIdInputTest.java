package dev.quipu.registry.taxid;

import dev.quipu.testkit.SuiteResources;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The service's routes answer a bad tax identifier with the spec's 422 naming the rule. */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TaxIdInputTest implements TestPropertyProvider {

    @Inject
    @Client("/")
    HttpClient http;

    @Override
    public Map<String, String> getProperties() {
        return SuiteResources.forService("quipu_registry");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> firstError(String path, Map<String, String> body) {
        HttpClientResponseException e = assertThrows(HttpClientResponseException.class,
                () -> http.toBlocking().exchange(HttpRequest.POST(path, body), Map.class));
        assertEquals(HttpStatus.UNPROCESSABLE_ENTITY, e.getStatus());
        Map<String, Object> payload = e.getResponse().getBody(Map.class).orElseThrow();
        return ((List<Map<String, Object>>) payload.get("detail")).get(0);
    }

    @Test
    void aCnpjWithAWrongCheckDigitIsA422NamingTheRule() {
        Map<String, Object> error = firstError("/entity", Map.of("identifier", "33.592.510/0001-55", "country", "BR"));
        assertEquals("cnpj.check_digit", error.get("type"));
        assertEquals(List.of("body", "identifier"), error.get("loc"));
    }

    @Test
    void anIdTypeOfAnotherCountryIsA422() {
        Map<String, Object> error = firstError("/registry", Map.of("identifier", "899999068-1", "country", "CO",
                "id_type", "rfc"));
        assertEquals("id_type.country", error.get("type"));
    }

    @Test
    void aValidIdentifierPassesTheCheckToTheLookup() {
        HttpStatus status;
        try {
            status = http.toBlocking().exchange(HttpRequest.POST("/entity", Map.of("identifier", "899999068-1",
                    "country", "CO")), Map.class).getStatus();
        } catch (HttpClientResponseException e) {
            status = e.getStatus();
        }
        // past input validation: the lookup answers (a record, 404 or 503 by what is loaded), never 422
        assertNotEquals(HttpStatus.UNPROCESSABLE_ENTITY, status);
    }
}
