-- x402 payments: one row per claimed authorization. claim_key is unique, so one authorization can be
-- claimed once across every gateway and payment-service instance: (network, asset, from, nonce) for
-- EVM, the hash of the transaction bytes for Solana. Never the signature bytes (high-s twins).
CREATE TABLE payments (
    payment_id      UUID PRIMARY KEY,
    claim_key       TEXT        NOT NULL UNIQUE,
    state           VARCHAR(16) NOT NULL CHECK (state IN ('claimed', 'settling', 'settled', 'failed', 'pending', 'released')),
    x402_version    INT         NOT NULL,
    network         VARCHAR(64) NOT NULL,
    asset           VARCHAR(64) NOT NULL,
    payer           VARCHAR(64),
    pay_to          VARCHAR(64) NOT NULL,
    amount_atomic   NUMERIC(78) NOT NULL,
    nonce           VARCHAR(66),
    valid_before    BIGINT,
    operation_id    VARCHAR(64) NOT NULL,
    resource_url    TEXT        NOT NULL,
    payload_json    TEXT        NOT NULL,
    requirements_json TEXT      NOT NULL,
    facilitator     TEXT,
    transaction_ref VARCHAR(128),
    reason          TEXT,
    payment_identifier VARCHAR(128),
    fingerprint     VARCHAR(64) NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payments_pending ON payments (updated_at) WHERE state IN ('pending', 'settling');

-- Local settlement: the ledger of the embedded default mode, one entry per settled payment, with a
-- deterministic reference derived from the claim key.
CREATE TABLE ledger_entries (
    entry_id      BIGSERIAL PRIMARY KEY,
    payment_id    UUID        NOT NULL UNIQUE REFERENCES payments (payment_id),
    reference     VARCHAR(66) NOT NULL UNIQUE,
    network       VARCHAR(64) NOT NULL,
    payer         VARCHAR(64) NOT NULL,
    pay_to        VARCHAR(64) NOT NULL,
    amount_atomic NUMERIC(78) NOT NULL,
    settled_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- payment-identifier extension: same id + same fingerprint replays the stored response; a different
-- fingerprint is a conflict (409).
CREATE TABLE payment_identifiers (
    identifier     VARCHAR(128) PRIMARY KEY,
    fingerprint    VARCHAR(64)  NOT NULL,
    payment_id     UUID         NOT NULL REFERENCES payments (payment_id),
    response_status INT,
    response_type  TEXT,
    response_headers TEXT,
    response_body  BYTEA,
    created_at     TIMESTAMPTZ  NOT NULL DEFAULT now()
);

-- Payment lifecycle events waiting to be published on quipu.payments.v1 (written in the transaction
-- of the state change they describe).
CREATE TABLE payment_event_outbox (
    seq          BIGSERIAL PRIMARY KEY,
    event_id     UUID        NOT NULL UNIQUE,
    payer        VARCHAR(64) NOT NULL,
    payload      TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);
CREATE INDEX payment_event_outbox_unpublished ON payment_event_outbox (seq) WHERE published_at IS NULL;

-- Trial calls: one row per admitted trial call; the client address is stored only as a salted hash.
CREATE TABLE trial_uses (
    trial_id     UUID        PRIMARY KEY,
    endpoint     VARCHAR(64) NOT NULL,
    client_hash  VARCHAR(64) NOT NULL,
    used_at      TIMESTAMPTZ NOT NULL,
    completed    BOOLEAN     NOT NULL DEFAULT false
);
CREATE INDEX trial_uses_window ON trial_uses (endpoint, client_hash, used_at);

-- Stream tokens: stored as a SHA-256 of the token, single use, bound to a country.
CREATE TABLE stream_tokens (
    token_hash   VARCHAR(64) PRIMARY KEY,
    country      VARCHAR(2)  NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    consumed_at  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
