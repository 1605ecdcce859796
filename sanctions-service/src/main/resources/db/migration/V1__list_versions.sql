-- One row per sanctions list version that was loaded: where it came from and what it held.
CREATE TABLE list_versions (
    id           BIGSERIAL PRIMARY KEY,
    list_id      VARCHAR(32)  NOT NULL,
    version      VARCHAR(128) NOT NULL,
    source_url   TEXT         NOT NULL,
    sha256       CHAR(64)     NOT NULL,
    published_at TIMESTAMPTZ,
    fetched_at   TIMESTAMPTZ  NOT NULL,
    entity_count INT          NOT NULL,
    loaded_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    UNIQUE (list_id, sha256)
);
