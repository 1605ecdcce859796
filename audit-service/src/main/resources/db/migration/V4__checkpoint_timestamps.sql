-- RFC 3161 time-stamp tokens of checkpoints (docs/audit-chain.md, "Time-stamped checkpoints"): the DER
-- token a TSA returned over SHA-256 of the signed statement, the TSA it came from and the time the token
-- states. All null while the checkpoint has no token yet (no TSA configured, or none answered).
ALTER TABLE checkpoints ADD COLUMN timestamp_token    BYTEA;
ALTER TABLE checkpoints ADD COLUMN timestamp_url      TEXT;
ALTER TABLE checkpoints ADD COLUMN timestamp_gen_time TIMESTAMPTZ;
