-- V1 keyed observations by source name in 64 characters. Keep the short source id there, add the
-- publisher's full name, the validity end (TRM over weekends), whether the value is official, and
-- key by value too so that a publisher's revision of a past date is kept as a new row, not lost.
ALTER TABLE rate_observations ADD COLUMN source_name TEXT;
ALTER TABLE rate_observations ADD COLUMN valid_until DATE;
ALTER TABLE rate_observations ADD COLUMN official BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE rate_observations DROP CONSTRAINT rate_observations_country_rate_as_of_source_key;
ALTER TABLE rate_observations ADD CONSTRAINT rate_observations_unique_value UNIQUE (country, rate, as_of, source, value);
CREATE INDEX rate_observations_latest ON rate_observations (country, rate, as_of DESC);
