#!/usr/bin/env bash
# Proves the tests that run shells and loopback servers pass on a loaded 2-core machine:
# ROUNDS rounds (default 10) of two copies at once of test/shell/*.test.ts and
# test/sequence/*.exec.test.ts (each copy is the other's load; mesh-jobs' fixed ports are shared
# through test/helpers/port-lock.ts). Every copy of every round must pass. `.ci/run` runs it with
# POD_SEQUENCER_STRESS=ROUNDS; by hand (after `node scripts/build.mjs`): scripts/stress-tests.sh 3
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
files=(test/shell/*.test.ts test/sequence/*.exec.test.ts)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
bad=0
for round in $(seq 1 "$rounds"); do
  pids=()
  for copy in 1 2; do
    npx vitest run "${files[@]}" >"$logs/$copy.log" 2>&1 &
    pids+=($!)
  done
  for copy in 1 2; do
    if wait "${pids[$((copy - 1))]}"; then
      echo "round $round copy $copy: $(sed 's/\x1b\[[0-9;]*m//g' "$logs/$copy.log" | grep -E '^ *Tests ' | tr -s ' ')"
    else
      bad=$((bad + 1))
      echo "round $round copy $copy: FAILED"
      sed 's/\x1b\[[0-9;]*m//g' "$logs/$copy.log" | grep -E '^ FAIL |^ *Tests ' || tail -20 "$logs/$copy.log"
      cp "$logs/$copy.log" ".stress-failed-$round-$copy.log" # kept for reading (ignored by git)
    fi
  done
done
echo "stress: $rounds rounds of 2 copies, $bad failed"
[ "$bad" = 0 ]
