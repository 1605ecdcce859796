package dev.quipu.gateway.stream;

import dev.quipu.contracts.validation.ValidationError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StreamParametersTest {

    private final StreamParameters parameters = new StreamParameters(new StreamConfig(100, Duration.ofSeconds(15), true,
            Duration.ofMillis(500)));

    @Test
    void defaultsAreTheSpecsCountryIntervalAndMaxEvents() {
        StreamParameters.Result result = parameters.parse(Map.of());
        assertTrue(result.valid());
        assertEquals(new StreamRequest("CO", Duration.ofSeconds(30), 10, null, null), result.request());
    }

    @Test
    void acceptsEachBoundAndEachCountry() {
        for (String country : List.of("CO", "MX", "BR", "CL", "PE", "AR")) {
            assertTrue(parameters.parse(Map.of("country", country, "interval", "5", "max_events", "100")).valid());
        }
        assertEquals(Duration.ofSeconds(300), parameters.parse(Map.of("interval", "300")).request().interval());
    }

    @ParameterizedTest(name = "{0}={1} is a 422 of type {2}")
    @CsvSource({
            "interval, 4, greater_than_equal",
            "interval, 301, less_than_equal",
            "interval, 0, greater_than_equal",
            "interval, -5, greater_than_equal",
            "interval, abc, int_type",
            "interval, 7.5, int_from_float",
            "max_events, 0, greater_than_equal",
            "max_events, 101, less_than_equal",
            "max_events, ten, int_type",
            "country, US, literal_error",
            "country, co, literal_error",
            "stream_token, short, string_pattern_mismatch",
            "stream_token, has spaces in the token value, string_pattern_mismatch",
    })
    void outOfRangeOrMalformedValuesAre422WithTheirLocation(String name, String value, String type) {
        StreamParameters.Result result = parameters.parse(Map.of(name, value));
        assertFalse(result.valid());
        ValidationError error = result.errors().detail().get(0);
        assertEquals(List.of("query", name), error.loc());
        assertEquals(type, error.type());
    }

    @Test
    void everyProblemIsListedAtOnce() {
        Map<String, String> query = new HashMap<>(Map.of("interval", "1", "max_events", "1000", "country", "XX"));
        assertEquals(3, parameters.parse(query).errors().detail().size());
    }

    @Test
    void aTokenAndAPaymentTogetherAreRefused() {
        StreamParameters.Result result = parameters.parse(Map.of("stream_token", "st_abcdefghijklmnopqrstuvwxyz",
                "x_payment", "eyJ4NDAyVmVyc2lvbiI6Mn0"));
        assertFalse(result.valid());
        assertEquals(List.of("query", "x_payment"), result.errors().detail().get(0).loc());
    }

    @Test
    void aPaidRequestKeepsItsTokenOrPayment() {
        StreamRequest token = parameters.parse(Map.of("stream_token", "st_abcdefghijklmnopqrstuvwxyz")).request();
        assertTrue(token.paid());
        assertEquals("st_abcdefghijklmnopqrstuvwxyz", token.streamToken());
        StreamRequest trial = parameters.parse(Map.of("country", "AR")).request();
        assertFalse(trial.paid());
        assertNull(trial.streamToken());
    }
}
