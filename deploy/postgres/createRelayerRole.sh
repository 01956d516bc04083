#!/bin/sh
# The relayers' own database role and database, created once when the PostgreSQL volume is first
# initialised (compose.yaml mounts this file in /docker-entrypoint-initdb.d; the image runs it as the
# superuser). The relayers log in as this role, which owns its database and nothing else: no superuser,
# no CREATEDB, no CREATEROLE, so a relayer compromised through its API cannot reach other databases or
# the server's settings. Its migrations need only what an owner has (tables, indexes, advisory locks,
# LISTEN/NOTIFY).
#
# By hand, against an existing server (docs/OPERATING.md, "Backups"):
#   RELAYER_DB_PASSWORD_FILE=secrets/relayer_db_password PGHOST=db PGUSER=postgres sh createRelayerRole.sh
set -eu
password_file="${RELAYER_DB_PASSWORD_FILE:-/run/secrets/relayer_db_password}"
role="${RELAYER_DB_USER:-relayer}"
database="${RELAYER_DB_NAME:-relayer}"
password="$(cat "$password_file")"
if [ -z "$password" ]; then
  echo "createRelayerRole.sh: $password_file is empty" >&2
  exit 1
fi
# psql's :'name' and :"name" quote the values as a literal and an identifier: no value can escape them.
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-postgres}" \
  -v role="$role" -v database="$database" -v password="$password" <<'SQL'
CREATE ROLE :"role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'password';
CREATE DATABASE :"database" OWNER :"role";
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"database" TO :"role";
SQL
echo "createRelayerRole.sh: role $role owns database $database"
