-- Every change of a cap, written in the transaction that changes it and published on
-- quipu.budgets.v1 afterwards (like tier_changes), so that no gateway misses a committed cap.
CREATE TABLE budget_changes (
    event_id     UUID         PRIMARY KEY,
    agent_id     VARCHAR(128) NOT NULL,
    capped       BOOLEAN      NOT NULL,
    limit_atomic BIGINT,
    period       VARCHAR(8),
    set_by       VARCHAR(160),
    changed_at   TIMESTAMPTZ  NOT NULL,
    published    BOOLEAN      NOT NULL DEFAULT false
);
CREATE INDEX budget_changes_unpublished ON budget_changes (changed_at) WHERE NOT published;

-- Caps set before this table existed are published too: a gateway treats an agent missing from
-- the topic as having no cap.
INSERT INTO budget_changes (event_id, agent_id, capped, limit_atomic, period, set_by, changed_at)
SELECT gen_random_uuid(), agent_id, true, limit_atomic, period, set_by, updated_at FROM budgets;
