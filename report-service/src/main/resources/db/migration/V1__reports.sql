-- Reports issued, so that a report can be shown again exactly as it was delivered.
CREATE TABLE reports (
    report_id    UUID         PRIMARY KEY,
    operation_id VARCHAR(64)  NOT NULL,
    agent_id     VARCHAR(128),
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    body         TEXT         NOT NULL
);
