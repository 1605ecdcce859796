-- The registry store (docs/registry.md "The store"). V1's registry_records was never written to: dropped.
DROP TABLE registry_records;

-- One row per bulk load of one dataset file: where it came from, its bytes' SHA-256, the data's own
-- cut-off, how far it got. A load with the same dataset and SHA-256 is not done twice (idempotent); a
-- load left in state 'loading' resumes at position (the records already committed).
CREATE TABLE registry_loads (
    id            BIGSERIAL PRIMARY KEY,
    country       CHAR(2)      NOT NULL,
    dataset       VARCHAR(64)  NOT NULL,
    source_url    TEXT         NOT NULL,
    -- bundled (a sample shipped with the service), file (an operator's file), url (downloaded)
    origin        VARCHAR(16)  NOT NULL CHECK (origin IN ('bundled', 'file', 'url')),
    sha256        CHAR(64)     NOT NULL,
    cut_off       DATE,
    cut_off_basis VARCHAR(200),
    state         VARCHAR(16)  NOT NULL CHECK (state IN ('loading', 'complete', 'superseded', 'failed')),
    position      BIGINT       NOT NULL DEFAULT 0,
    rows_loaded   BIGINT       NOT NULL DEFAULT 0,
    rows_skipped  BIGINT       NOT NULL DEFAULT 0,
    started_at    TIMESTAMPTZ  NOT NULL,
    finished_at   TIMESTAMPTZ,
    error         TEXT,
    UNIQUE (dataset, sha256)
);

-- The records of every load, as the source published them (its own field names and wording), keyed by
-- the tax identifier the record is about. Read through the loads that are complete.
CREATE TABLE registry_rows (
    load_id  BIGINT      NOT NULL,
    country  CHAR(2)     NOT NULL,
    key      VARCHAR(20) NOT NULL,
    fields   TEXT        NOT NULL
);
-- one index only: every index slows COPY; deleting a superseded edition by load_id scans, once per edition
CREATE INDEX registry_rows_by_key ON registry_rows (country, key);

-- The last answer of each live source per identifier (found or not): the floor when the source is down.
CREATE TABLE registry_live (
    country    CHAR(2)     NOT NULL,
    key        VARCHAR(20) NOT NULL,
    source     VARCHAR(64) NOT NULL,
    fetched_at TIMESTAMPTZ NOT NULL,
    found      BOOLEAN     NOT NULL,
    fields     TEXT,
    PRIMARY KEY (country, key, source)
);
