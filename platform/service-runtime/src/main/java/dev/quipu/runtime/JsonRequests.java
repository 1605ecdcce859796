package dev.quipu.runtime;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.List;

/**
 * Parses request bodies strictly. A body that is not JSON becomes the spec's 422 body with
 * {@code type: json_invalid}, never a 500.
 */
@Singleton
public class JsonRequests {

    private final JsonMapper json;

    public JsonRequests(JsonMapper json) {
        this.json = json;
    }

    /** The parsed body: a Map, List, String, Number, Boolean, or null for an empty body. */
    public Object parse(byte[] body) throws MalformedJson {
        if (body == null || body.length == 0 || new String(body, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            return null;
        }
        try {
            return json.readValue(body, Object.class);
        } catch (IOException | RuntimeException e) {
            throw new MalformedJson(e.getMessage());
        }
    }

    public byte[] write(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException("could not serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** The body is not well-formed JSON. */
    public static final class MalformedJson extends Exception {
        public MalformedJson(String detail) {
            super(detail);
        }

        public ValidationErrorBody toBody() {
            return new ValidationErrorBody(List.of(new ValidationError(List.of("body"),
                    "JSON decode error: the body is not valid JSON", "json_invalid")));
        }
    }
}
