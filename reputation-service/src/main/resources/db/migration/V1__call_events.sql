-- Every call event consumed from quipu.calls.v1, once: event_id makes redelivery harmless.
CREATE TABLE call_events (
    event_id     UUID         PRIMARY KEY,
    agent_id     VARCHAR(128) NOT NULL,
    operation_id VARCHAR(64)  NOT NULL,
    occurred_at  TIMESTAMPTZ  NOT NULL,
    payload      TEXT         NOT NULL,
    received_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX call_events_agent ON call_events (agent_id, occurred_at);
