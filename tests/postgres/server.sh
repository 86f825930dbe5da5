#!/bin/sh
# The PostgreSQL 15 server the PostgreSQL tests record into: started in a
# temporary data folder, listening on a Unix socket only, and stopped at the end
# (ctest's fixture postgres_server: tests/CMakeLists.txt).
#
#   server.sh start DIR [BINDIR]   initdb and start; DIR/uri holds the tests' URI
#   server.sh stop DIR [BINDIR]    stop and remove DIR
#
# BINDIR holds initdb and pg_ctl (default: Debian's PostgreSQL 15).
#
# PostgreSQL refuses to run as root: as root, the server runs as the user
# postgres (Debian's package creates it), or nobody, who then owns DIR.
# Roles ratekit_pw and ratekit_odd log in with a password (the secrecy tests:
# ratekit_odd's is set by each test), every other role without one. Role
# ratekit_fast may set session_replication_role, as a federation's recording
# role is set up (docs/history-database.md), and ratekit_plain may not: their
# runs check foreign keys at the commit, or row by row.
set -eu
action=$1
dir=$(realpath -m "$2")  # the server runs in its data folder: the socket folder is named absolutely
bin=${3:-/usr/lib/postgresql/15/bin}
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u "$owner" -- "$@"; else "$@"; fi
}
owner=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  owner=nobody
  id postgres >/dev/null 2>&1 && owner=postgres
fi

case "$action" in
start)
  [ -x "$bin/initdb" ] || { echo "no PostgreSQL server found (scripts/install-deps --test installs it)" >&2; exit 1; }
  if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
  mkdir -p "$dir"
  chmod 755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$owner" "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  printf 'local all ratekit_pw,ratekit_odd scram-sha-256\nlocal all all trust\n' | as_owner tee "$dir/data/pg_hba.conf" >/dev/null
  # A test server: no durability is tested against a crash of the server itself.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
    "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off -c full_page_writes=off -c max_connections=60" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  psql -h "$dir" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE ratekit_pw LOGIN SUPERUSER PASSWORD 'right-secret-4711'" -c "CREATE ROLE ratekit_odd LOGIN" \
    -c "CREATE ROLE ratekit_fast LOGIN" -c "GRANT SET ON PARAMETER session_replication_role TO ratekit_fast" \
    -c "CREATE ROLE ratekit_plain LOGIN" >/dev/null
  echo "postgresql://postgres@/postgres?host=$dir" >"$dir/uri"
  ;;
stop)
  [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  rm -rf "$dir"
  ;;
*)
  echo "usage: server.sh start|stop DIR" >&2
  exit 2
  ;;
esac
