-- The subject of a report (country and identifier), so that a periodic review finds the agent's previous report
-- on the same entity and says what changed.
ALTER TABLE reports ADD COLUMN subject VARCHAR(128);
CREATE INDEX reports_by_subject ON reports (agent_id, operation_id, subject, created_at DESC);
