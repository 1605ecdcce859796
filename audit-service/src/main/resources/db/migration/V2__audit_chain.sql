-- One link per audited call. (agent_id, sequence) is the chain position; event_id ties the link to
-- the stored event, once. Hashes are "sha256:" + 64 hex digits.
CREATE TABLE audit_links (
    agent_id      VARCHAR(128) NOT NULL,
    sequence      BIGINT       NOT NULL,
    event_id      UUID         NOT NULL UNIQUE REFERENCES call_events (event_id),
    query_hash    VARCHAR(71)  NOT NULL,
    response_hash VARCHAR(71)  NOT NULL,
    event_hash    VARCHAR(71)  NOT NULL,
    prev_hash     VARCHAR(71)  NOT NULL,
    chain_hash    VARCHAR(71)  NOT NULL,
    linked_at     TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (agent_id, sequence)
);

-- The head of each agent's chain; its row lock serialises appends should two consumers ever
-- hold the same partition during a rebalance.
CREATE TABLE chain_heads (
    agent_id   VARCHAR(128) PRIMARY KEY,
    sequence   BIGINT       NOT NULL,
    chain_hash VARCHAR(71)  NOT NULL,
    updated_at TIMESTAMPTZ  NOT NULL DEFAULT now()
);

-- Signed checkpoints: a Merkle root over every chain head at one moment, signed with Ed25519.
CREATE TABLE checkpoints (
    checkpoint_id BIGSERIAL    PRIMARY KEY,
    created_at    TIMESTAMPTZ  NOT NULL,
    head_count    INTEGER      NOT NULL,
    merkle_root   VARCHAR(71)  NOT NULL,
    heads         TEXT         NOT NULL,
    key_id        VARCHAR(71)  NOT NULL,
    signature     TEXT         NOT NULL
);
