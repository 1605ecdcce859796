-- The Ed25519 key that signs checkpoints, generated once when none is configured, so that the
-- public key stays the same across restarts.
CREATE TABLE signing_keys (
    key_id      VARCHAR(71)  PRIMARY KEY,
    private_key TEXT         NOT NULL,
    public_key  TEXT         NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
