package dev.quipu.audit.verifier;

import dev.quipu.audit.checkpoint.CheckpointService;
import dev.quipu.audit.checkpoint.MerkleRoot;
import dev.quipu.audit.checkpoint.timestamp.TimestampTokens;

import java.security.cert.X509Certificate;
import java.util.Base64;

/**
 * The offline check of one checkpoint as {@code GET /audit-checkpoints/{id}} serves it: its Merkle
 * root recomputes from the heads it lists, and its RFC 3161 token (when it has one) covers SHA-256 of
 * the statement rebuilt from {@code checkpoint_id}, {@code created_at}, {@code head_count} and
 * {@code merkle_root}, and is signed by the TSA certificate it carries (issued by {@code pinned} when given).
 */
public final class CheckpointCheck {

    private CheckpointCheck() {
    }

    /**
     * @param status  {@code OK}, {@code UNSTAMPED} (consistent, but no token) or {@code BROKEN}
     * @param field   what failed when broken: {@code merkle_root}, {@code head_count}, {@code timestamp_token},
     *                {@code imprint}, {@code signature}, {@code issuer}
     */
    public record Result(long checkpointId, String status, String field, String reason, String merkleRoot, int heads,
                         String genTime, String tsaSubject, String tsaUrl) {

        public boolean ok() {
            return !"BROKEN".equals(status);
        }

        public String line() {
            return switch (status) {
                case "OK" -> String.format("OK      checkpoint %d: merkle root %s recomputes from %d heads; time-stamped at %s by %s"
                        + " (token from %s: imprint and signature valid)", checkpointId, merkleRoot, heads, genTime, tsaSubject, tsaUrl);
                case "UNSTAMPED" -> String.format("UNSTAMPED checkpoint %d: merkle root %s recomputes from %d heads; no time-stamp token",
                        checkpointId, merkleRoot, heads);
                default -> String.format("BROKEN  checkpoint %d: field %s: %s", checkpointId, field, reason);
            };
        }
    }

    public static Result check(CheckpointService.Checkpoint cp, X509Certificate pinned) {
        long id = cp.checkpointId();
        int heads = cp.heads() == null ? 0 : cp.heads().size();
        if (cp.heads() != null) {
            String recomputed = MerkleRoot.of(cp.heads());
            if (!recomputed.equals(cp.merkleRoot())) {
                return broken(id, "merkle_root", "the heads recompute to " + recomputed + ", the checkpoint says " + cp.merkleRoot(), cp);
            }
            if (heads != cp.headCount()) {
                return broken(id, "head_count", heads + " heads listed, the checkpoint says " + cp.headCount(), cp);
            }
        }
        if (cp.timestampToken() == null || cp.timestampToken().isBlank()) {
            return new Result(id, "UNSTAMPED", null, null, cp.merkleRoot(), heads, null, null, null);
        }
        byte[] der;
        try {
            der = Base64.getDecoder().decode(cp.timestampToken().strip());
        } catch (IllegalArgumentException e) {
            return broken(id, "timestamp_token", "not base64", cp);
        }
        String statement = MerkleRoot.statement(id, cp.createdAt(), cp.headCount(), cp.merkleRoot());
        TimestampTokens.Check check = TimestampTokens.check(der, statement, pinned);
        if (!check.valid()) {
            int colon = check.reason().indexOf(':');
            String field = colon > 0 ? check.reason().substring(0, colon) : "timestamp_token";
            return broken(id, "token".equals(field) ? "timestamp_token" : field, check.reason().substring(colon + 1).strip(), cp);
        }
        if (cp.genTime() != null && !cp.genTime().equals(check.genTime().toString())) {
            return broken(id, "gen_time", "the token states " + check.genTime() + ", the checkpoint says " + cp.genTime(), cp);
        }
        return new Result(id, "OK", null, null, cp.merkleRoot(), heads, check.genTime().toString(), check.tsaSubject(), cp.timestampUrl());
    }

    private static Result broken(long id, String field, String reason, CheckpointService.Checkpoint cp) {
        return new Result(id, "BROKEN", field, reason, cp.merkleRoot(), cp.heads() == null ? 0 : cp.heads().size(), null, null, null);
    }
}
