package dev.quipu.contracts.events;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The versions of the data a service answered from (sanctions list versions, rate publication
 * dates), handed to the gateway in the {@value #HEADER} response header so that the call event, and
 * with it the audit chain, binds them. Format: {@code name=value;name=value}, each part URL-encoded.
 */
public final class DataVersions {

    public static final String HEADER = "X-Data-Versions";

    private DataVersions() {
    }

    public static String format(Map<String, String> versions) {
        return versions.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining(";"));
    }

    /** The versions in a header value; parts that are not {@code name=value} are ignored. */
    public static Map<String, String> parse(String header) {
        Map<String, String> versions = new LinkedHashMap<>();
        if (header == null || header.isBlank()) {
            return versions;
        }
        for (String part : header.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                versions.put(decode(part.substring(0, eq).trim()), decode(part.substring(eq + 1).trim()));
            }
        }
        return versions;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
