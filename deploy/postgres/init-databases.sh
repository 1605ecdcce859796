#!/usr/bin/env bash
# Run once by the postgres image on an empty volume: one database per service, each owned by that
# service's own user (password from QUIPU_DB_PASSWORD_<SERVICE>, made by ./quipu secrets), and closed
# to every other user. Each service creates its own tables with Flyway on start.
set -euo pipefail
for service in payment sanctions registry rates report audit reputation; do
  var="QUIPU_DB_PASSWORD_${service^^}"
  password="${!var:?$var is not set}"
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
       -v user="quipu_$service" -v password="$password" <<'SQL'
CREATE ROLE :"user" LOGIN PASSWORD :'password';
CREATE DATABASE :"user" OWNER :"user";
REVOKE ALL ON DATABASE :"user" FROM PUBLIC;
SQL
done
