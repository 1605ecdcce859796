-- Registry records as fetched from the official sources, kept with their provenance.
CREATE TABLE registry_records (
    id          BIGSERIAL PRIMARY KEY,
    country     CHAR(2)      NOT NULL,
    identifier  VARCHAR(64)  NOT NULL,
    source      VARCHAR(64)  NOT NULL,
    source_url  TEXT         NOT NULL,
    payload     TEXT         NOT NULL,
    fetched_at  TIMESTAMPTZ  NOT NULL,
    UNIQUE (country, identifier, source)
);
