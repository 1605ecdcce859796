package dev.quipu.report.parts;

import java.util.Map;

/**
 * A part's answer as a report uses it: the parsed body, the data it names ({@code X-Data-Versions}) and
 * the SHA-256 of its exact bytes, which the audit trail binds.
 */
public record PartAnswer(String part, Map<String, Object> body, String dataVersions, String sha256) {
}
