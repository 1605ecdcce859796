-- Every rate observation ever fetched, with the publisher's date and our fetch time kept apart.
CREATE TABLE rate_observations (
    id          BIGSERIAL PRIMARY KEY,
    country     CHAR(2)       NOT NULL,
    rate        VARCHAR(32)   NOT NULL,
    value       NUMERIC(24,8) NOT NULL,
    as_of       DATE          NOT NULL,
    source      VARCHAR(64)   NOT NULL,
    source_url  TEXT          NOT NULL,
    source_mode VARCHAR(16)   NOT NULL,
    fetched_at  TIMESTAMPTZ   NOT NULL,
    UNIQUE (country, rate, as_of, source)
);
