-- Paid events whose payment is not proven by the payer's own signature (docs/reputation.md): stored
-- once, so that each is logged and counted once, and never folded into the statistics.
CREATE TABLE rejected_paid_events (
    event_id    UUID         PRIMARY KEY,
    agent_id    VARCHAR(128) NOT NULL,
    reason      VARCHAR(32)  NOT NULL,
    detail      TEXT         NOT NULL,
    occurred_at TIMESTAMPTZ  NOT NULL,
    rejected_at TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX rejected_paid_events_agent ON rejected_paid_events (agent_id, occurred_at);

-- Every authorization that paid for a counted call, by network|payer|nonce (lower case): a second
-- event reusing it is rejected.
CREATE TABLE paid_authorizations (
    authorization_key VARCHAR(200) PRIMARY KEY,
    event_id          UUID         NOT NULL,
    agent_id          VARCHAR(128) NOT NULL
);
