-- Per-agent statistics folded from quipu.calls.v1 (idempotent through call_events) and
-- quipu.payments.v1 (idempotent through payment_failures).
CREATE TABLE agent_stats (
    agent_id                VARCHAR(128) PRIMARY KEY,
    total_calls             BIGINT       NOT NULL DEFAULT 0,
    paid_calls              BIGINT       NOT NULL DEFAULT 0,
    trial_calls             BIGINT       NOT NULL DEFAULT 0,
    spend_atomic            BIGINT       NOT NULL DEFAULT 0,
    refused_calls           BIGINT       NOT NULL DEFAULT 0,
    failed_calls            BIGINT       NOT NULL DEFAULT 0,
    payment_failures        BIGINT       NOT NULL DEFAULT 0,
    last_payment_failure_at TIMESTAMPTZ,
    first_seen              TIMESTAMPTZ  NOT NULL,
    last_seen               TIMESTAMPTZ  NOT NULL,
    tier                    VARCHAR(16)  NOT NULL DEFAULT 'NEW',
    tier_since              TIMESTAMPTZ  NOT NULL
);

CREATE TABLE agent_endpoints (
    agent_id     VARCHAR(128) NOT NULL,
    operation_id VARCHAR(64)  NOT NULL,
    calls        BIGINT       NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id, operation_id)
);

CREATE TABLE payment_failures (
    event_id    VARCHAR(64)  PRIMARY KEY,
    agent_id    VARCHAR(128) NOT NULL,
    occurred_at TIMESTAMPTZ  NOT NULL
);

-- Tier changes are written with the stats that caused them and published afterwards, so that
-- none is lost when the broker is away.
CREATE TABLE tier_changes (
    event_id     UUID         PRIMARY KEY,
    agent_id     VARCHAR(128) NOT NULL,
    from_tier    VARCHAR(16)  NOT NULL,
    to_tier      VARCHAR(16)  NOT NULL,
    discount_pct INTEGER      NOT NULL,
    occurred_at  TIMESTAMPTZ  NOT NULL,
    published    BOOLEAN      NOT NULL DEFAULT false
);
CREATE INDEX tier_changes_unpublished ON tier_changes (occurred_at) WHERE NOT published;

-- Spending caps, in USDC atomic units (6 decimals). spent and reserved belong to the period
-- that starts at period_start; reservations are held between admission and settlement.
CREATE TABLE budgets (
    agent_id        VARCHAR(128) PRIMARY KEY,
    limit_atomic    BIGINT       NOT NULL CHECK (limit_atomic >= 0),
    period          VARCHAR(8)   NOT NULL,
    period_start    TIMESTAMPTZ  NOT NULL,
    spent_atomic    BIGINT       NOT NULL DEFAULT 0,
    reserved_atomic BIGINT       NOT NULL DEFAULT 0 CHECK (reserved_atomic >= 0),
    set_by          VARCHAR(160) NOT NULL,
    updated_at      TIMESTAMPTZ  NOT NULL DEFAULT now()
);

CREATE TABLE budget_reservations (
    reservation_id VARCHAR(64)  PRIMARY KEY,
    agent_id       VARCHAR(128) NOT NULL,
    amount_atomic  BIGINT       NOT NULL,
    period_start   TIMESTAMPTZ  NOT NULL,
    state          VARCHAR(10)  NOT NULL,
    created_at     TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX budget_reservations_held ON budget_reservations (agent_id, created_at) WHERE state = 'held';

-- Every wallet signature that set a budget, once: a replayed signed request is refused.
CREATE TABLE budget_signatures (
    signature_hash VARCHAR(71)  PRIMARY KEY,
    agent_id       VARCHAR(128) NOT NULL,
    used_at        TIMESTAMPTZ  NOT NULL DEFAULT now()
);
