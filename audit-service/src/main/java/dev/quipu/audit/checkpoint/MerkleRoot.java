package dev.quipu.audit.checkpoint;

import dev.quipu.audit.chain.AuditHashes;

import java.util.ArrayList;
import java.util.List;

/**
 * The Merkle root over chain heads, as docs/audit-chain.md states it: leaves are
 * {@code H(agent_id | sequence | chain_hash)} in agent id order, each level hashes pairs as
 * {@code H(left | right)} and carries an odd last node up unchanged; no heads is {@code H("quipu-aat-empty")}.
 */
public final class MerkleRoot {

    private MerkleRoot() {
    }

    @io.micronaut.serde.annotation.Serdeable(naming = io.micronaut.serde.config.naming.SnakeCaseStrategy.class)
    public record HeadLeaf(String agentId, long sequence, String chainHash) {
        public String leaf() {
            return AuditHashes.h(agentId + "|" + sequence + "|" + chainHash);
        }
    }

    /** @param heads sorted by agent id */
    public static String of(List<HeadLeaf> heads) {
        if (heads.isEmpty()) {
            return AuditHashes.h("quipu-aat-empty");
        }
        List<String> level = new ArrayList<>(heads.stream().map(HeadLeaf::leaf).toList());
        while (level.size() > 1) {
            List<String> up = new ArrayList<>((level.size() + 1) / 2);
            for (int i = 0; i < level.size(); i += 2) {
                up.add(i + 1 < level.size() ? AuditHashes.h(level.get(i) + "|" + level.get(i + 1)) : level.get(i));
            }
            level = up;
        }
        return level.get(0);
    }

    /** The exact text a checkpoint's signature covers. */
    public static String statement(long checkpointId, String createdAt, int headCount, String merkleRoot) {
        return "quipu-aat-checkpoint-v1|" + checkpointId + "|" + createdAt + "|" + headCount + "|" + merkleRoot;
    }
}
