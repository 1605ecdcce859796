-- Run once by the postgres image on an empty volume: one database per service (database per
-- service, as in the devstack). Each service creates its own tables with Flyway on start.
CREATE DATABASE quipu_payment;
CREATE DATABASE quipu_sanctions;
CREATE DATABASE quipu_registry;
CREATE DATABASE quipu_rates;
CREATE DATABASE quipu_report;
CREATE DATABASE quipu_audit;
CREATE DATABASE quipu_reputation;
