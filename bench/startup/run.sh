#!/usr/bin/env bash
# Startup benchmark: how long `./quipu up -d` takes until every service's /health answers 200,
# after the build. Run 1 starts from an empty state directory (PostgreSQL initdb, Kafka format);
# the next runs are restarts with the data of the first (and the class-data archives the first run
# wrote). Each run is stopped with `./quipu down`. QUIPU_CDS=false measures without archives.
#
#   bench/startup/run.sh [RUNS]      (default 3; needs the default ports free)
#
# Prints one Markdown table row per run, for docs/benchmarks.md ("Startup").
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUNS="${1:-3}"
export QUIPU_HOME="${QUIPU_BENCH_HOME:-$(mktemp -d /tmp/quipu-startup-bench.XXXXXX)}"
cleanup() { "$ROOT/quipu" down >/dev/null 2>&1 || true; }
mkdir -p "$QUIPU_HOME"
trap cleanup EXIT

"$ROOT/quipu" build
echo "# $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(java -version 2>&1 | head -1)"
echo "# state directory $QUIPU_HOME"
echo
echo "| run | state | ./quipu up -d (s) | devstack ready (s) | ./quipu down (s) | load avg (1 min) before |"
echo "|---|---|---|---|---|---|"
for ((i = 1; i <= RUNS; i++)); do
  state=restart
  [[ -d $QUIPU_HOME/data ]] || state=empty
  load="$(cut -d' ' -f1 /proc/loadavg)"
  t0=$(date +%s.%N)
  "$ROOT/quipu" up -d > "$QUIPU_HOME/bench-up-$i.txt"
  t1=$(date +%s.%N)
  ready="$(sed -n 's/^seconds=//p' "$QUIPU_HOME/run/ready")"
  # the first start of a jar build writes class-data archives in the background: let it finish,
  # so that the next runs measure what a restart of the same jars costs
  for ((w = 0; w < 360; w++)); do
    grep -q "writing class-data archives" "$QUIPU_HOME/logs/devstack.out" || break
    grep -q "class-data archives written" "$QUIPU_HOME/logs/devstack.out" && break
    sleep 0.5
  done
  "$ROOT/quipu" status > /dev/null || { echo "run $i: not all services healthy after up" >&2; "$ROOT/quipu" status >&2; exit 1; }
  t2=$(date +%s.%N)
  "$ROOT/quipu" down > /dev/null
  t3=$(date +%s.%N)
  awk -v i="$i" -v s="$state" -v a="$t0" -v b="$t1" -v r="$ready" -v c="$t2" -v d="$t3" -v l="$load" \
    'BEGIN { printf "| %d | %s | %.1f | %s | %.1f | %s |\n", i, s, b - a, r, d - c, l }'
done
