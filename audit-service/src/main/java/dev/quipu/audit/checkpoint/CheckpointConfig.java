package dev.quipu.audit.checkpoint;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;

/**
 * Checkpoint settings ({@code quipu.audit.checkpoint.*}).
 *
 * @param interval   how often a checkpoint is taken (only when some chain moved since the last)
 * @param privateKey base64 PKCS#8 Ed25519 private key; when empty one is generated once and kept in the database
 */
@ConfigurationProperties("quipu.audit.checkpoint")
public record CheckpointConfig(Duration interval, @Nullable String privateKey) {
}
