package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/** The quirks shared by LATAM publishers: numbers as strings, and markers for days without data. */
public final class UpstreamValues {

    /** Banxico {@code N/E}, BCCh {@code ND}, BCRP {@code n.d.}, and the empty or NaN values seen next to them. */
    private static final Set<String> NO_DATA = Set.of("n/e", "nd", "n.d.", "n.d", "", "-", "nan", "null", "s/d");

    private UpstreamValues() {
    }

    /** The number in {@code text}, or empty when the publisher marked the day as having no data. */
    public static Optional<BigDecimal> decimal(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim();
        if (NO_DATA.contains(t.toLowerCase(java.util.Locale.ROOT))) {
            return Optional.empty();
        }
        // Banxico writes thousands with commas ("1,234.50"); no publisher here uses a decimal comma.
        t = t.replace(",", "");
        try {
            return Optional.of(new BigDecimal(t));
        } catch (NumberFormatException e) {
            throw new UpstreamException("unreadable number '" + text + "'");
        }
    }

    /** A JSON value that may be a number or a string holding one. */
    public static Optional<BigDecimal> decimal(JsonNode node) {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (node.isNumber()) {
            return Optional.of(new BigDecimal(node.getNumberValue().toString()));
        }
        return decimal(node.coerceStringValue());
    }

    public static JsonNode json(JsonMapper mapper, Transport.Body body) {
        try {
            return mapper.readValue(body.text(), JsonNode.class);
        } catch (IOException | RuntimeException e) {
            throw new UpstreamException("the answer is not JSON", e);
        }
    }

    public static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() ? null : v.coerceStringValue();
    }
}
