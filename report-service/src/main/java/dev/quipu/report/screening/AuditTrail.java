package dev.quipu.report.screening;

import dev.quipu.contracts.events.DataVersions;
import dev.quipu.report.parts.PartAnswer;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.Map;

/**
 * One part a report consulted: which call, the data it answered from ({@code X-Data-Versions}: list
 * versions and publication dates) and the SHA-256 of its answer's exact bytes. The gateway's audit link of
 * the report binds the report's body, and with it every entry here.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record AuditTrail(String part, String call, String answerSha256, Map<String, String> dataVersions) {

    public static AuditTrail of(PartAnswer answer, String call) {
        return new AuditTrail(answer.part(), call, answer.sha256(), DataVersions.parse(answer.dataVersions()));
    }
}
