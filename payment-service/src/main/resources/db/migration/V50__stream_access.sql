-- Trial events of GET /rates/stream (issue 6): one row per free event sent, 3 per client address per
-- rolling 24 h. Kept apart from trial_uses (5 calls per endpoint) because the stream counts events,
-- not calls. The client address is stored only as a salted SHA-256, as for trial calls.
CREATE TABLE stream_trial_events (
    event_id     UUID        PRIMARY KEY,
    client_hash  VARCHAR(64) NOT NULL,
    used_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX stream_trial_events_window ON stream_trial_events (client_hash, used_at);
