#!/usr/bin/env bash
# Paid vs trial through a running gateway (bench/gateway/README.md).
#
#   bench/gateway/run.sh [threads=8] [rounds=16] [callsPerThreadPerRound=25] [warmupRounds=3]
#
# Starts the whole suite with ./quipu up -d from SUITE_ROOT (default: this repository; its service jars
# must be built, e.g. ./quipu build) in its own state directory and on its own ports (gateway
# PORT_BASE=28080, services 28081-28087, Kafka 29092/29093, PostgreSQL 25432), so it does not meet a
# suite already running on the default ports; runs the load generator in this JVM; stops the suite.
# A suite already answering on PORT_BASE is used as it is (and left running): it must have been started
# with QUIPU_GATEWAY_PAYWALL_TRUSTED_PROXIES=127.0.0.1. BENCH_JAVA_OPTS: options of the load generator's JVM,
# e.g. -Dbench.modes=paid (see GatewayPaidVsTrial).
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$BENCH/../.." && pwd)"
SUITE_ROOT="${SUITE_ROOT:-$REPO}"
PORT_BASE="${PORT_BASE:-28080}"

export QUIPU_HOME="${QUIPU_HOME:-/tmp/quipu-gwbench-home}"
export QUIPU_NO_BUILD="${QUIPU_NO_BUILD:-1}"            # never rebuild the suite from here
export QUIPU_CDS=false                                  # no class-data archive dumps during the run
export QUIPU_READY_TIMEOUT_SECONDS="${QUIPU_READY_TIMEOUT_SECONDS:-400}"
export QUIPU_GATEWAY_PAYWALL_TRUSTED_PROXIES=127.0.0.1  # X-Forwarded-For from the loopback is believed
i=0
for s in GATEWAY PAYMENT SANCTIONS REGISTRY RATES REPORT AUDIT REPUTATION; do
  export "QUIPU_${s}_PORT=$((PORT_BASE + i))"
  i=$((i + 1))
done
export QUIPU_KAFKA_PORT="${QUIPU_KAFKA_PORT:-29092}" QUIPU_KAFKA_CONTROLLER_PORT="${QUIPU_KAFKA_CONTROLLER_PORT:-29093}"
export QUIPU_POSTGRES_PORT="${QUIPU_POSTGRES_PORT:-25432}"
GATEWAY="http://127.0.0.1:$PORT_BASE"

up() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT_BASE") 2>/dev/null; }

echo "== building the load generator"
(cd "$BENCH" && "$REPO/mvnw" -o -q -B compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt)

started=false
if up; then
  echo "== using the suite already running at $GATEWAY"
else
  echo "== starting the suite from $SUITE_ROOT (state $QUIPU_HOME)"
  (cd "$SUITE_ROOT" && ./quipu up -d)
  started=true
  trap '(cd "$SUITE_ROOT" && ./quipu down)' EXIT
fi

echo "== uptime before: $(uptime)"
java -Xmx256m ${BENCH_JAVA_OPTS:-} -cp "$BENCH/target/classes:$(cat "$BENCH/target/cp.txt")" \
  dev.quipu.bench.gateway.GatewayPaidVsTrial "$GATEWAY" "${1:-8}" "${2:-16}" "${3:-25}" "${4:-3}"
echo "== uptime after: $(uptime)"
$started || echo "(the suite was already running and is left running)"
