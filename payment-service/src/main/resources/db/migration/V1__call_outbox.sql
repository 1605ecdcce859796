-- Completed calls waiting to be published on quipu.calls.v1. A row is written in the same
-- transaction as the payment's settlement; the relay publishes it and stamps published_at.
CREATE TABLE call_outbox (
    seq          BIGSERIAL PRIMARY KEY,
    event_id     UUID        NOT NULL UNIQUE,
    agent_id     VARCHAR(128) NOT NULL,
    topic        VARCHAR(128) NOT NULL,
    payload      TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    attempts     INT         NOT NULL DEFAULT 0,
    last_error   TEXT,
    published_at TIMESTAMPTZ
);
CREATE INDEX call_outbox_unpublished ON call_outbox (seq) WHERE published_at IS NULL;
