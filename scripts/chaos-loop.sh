#!/bin/sh
# The 1x chaos test (test/browser/chaos.test.ts) N times in a row (default 20), one line per run:
# when, how long, the load, vitest's result and the drain's figures. Each run's output is kept in
# $CHAOS_LOOP_LOGS (default a fresh temporary folder). Needs `npm run build` first. Issue 35.
set -u
cd "$(dirname "$0")/.."
n=${1:-20}
logs=${CHAOS_LOOP_LOGS:-$(mktemp -d)}
for i in $(seq 1 "$n"); do
  start=$(date +%s)
  out=$(CHAOS_TIMEOUT_MS=900000 npx vitest run test/browser/chaos.test.ts 2>&1)
  end=$(date +%s)
  res=$(echo "$out" | grep -E "^Tests:" | tail -1)
  drain=$(echo "$out" | grep -o '"outboxDrainedSeconds":[0-9.]*,"drainSeconds":[0-9.]*' | tail -1)
  echo "run $i $(date -u +%T) $((end - start))s load $(cut -d' ' -f1 /proc/loadavg) $res $drain"
  echo "$out" > "$logs/chaos-run-$i.log"
done
echo "logs: $logs"
