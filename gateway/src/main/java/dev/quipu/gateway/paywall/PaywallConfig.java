package dev.quipu.gateway.paywall;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * Paywall settings ({@code quipu.gateway.paywall.*}).
 *
 * @param enabled         false only to run the suite unmetered on purpose (every call admitted as {@code open})
 * @param trustedProxies  addresses of reverse proxies whose {@code X-Forwarded-For} is believed; the client
 *                        address is otherwise the socket's (exact addresses or IPv4 CIDR blocks)
 * @param completeAttempts how often the completion is sent to payment-service (it is idempotent)
 */
@ConfigurationProperties("quipu.gateway.paywall")
public record PaywallConfig(@Bindable(defaultValue = "true") boolean enabled,
                            @Bindable(defaultValue = "") List<String> trustedProxies,
                            @Bindable(defaultValue = "3") int completeAttempts) {
}
