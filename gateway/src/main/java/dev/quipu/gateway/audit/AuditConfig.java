package dev.quipu.gateway.audit;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/**
 * Audit settings of the gateway ({@code quipu.gateway.audit.*}; {@code link-wait}).
 *
 * @param linkWait how long a paid answer waits for the audit link of its own call before it goes out
 *             with {@code aat.status: "pending"}
 */
@ConfigurationProperties("quipu.gateway.audit")
public record AuditConfig(Duration linkWait) {
}
