#!/usr/bin/env bash
# The chaos benchmarks (scripts/bench runs this with its release binary; usable alone:
# scripts/bench.d/chaos.sh GLASSES [SEEDS]):
#   1. sweep throughput: SEEDS (default 1000) seeds x 10 simulated minutes of the reconnect
#      recipe under chaos (examples/chaos_reconnect.lua), jobs = cores; seeds per second,
#      wall time and the real-time factor per run (target: 1,000 seeds in <= 2 min on 2 cores);
#   2. shrinking: time to shrink the planted failure (a fold within 1 s of a power cycle)
#      and the faults it ends with (target: the two that matter).
set -euo pipefail
GLASSES=${1:?usage: chaos.sh GLASSES [SEEDS]}
SEEDS=${2:-1000}
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

"$GLASSES" sweep --seeds "1..$SEEDS" --for 10m --json sweep.json "$ROOT/examples/chaos_reconnect.lua" >sweep.txt || true
python3 - sweep.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"sweep: {s['ran']} seeds x 10 simulated min of chaos_reconnect in {s['wall_seconds']:.1f} s wall on {s['jobs']} jobs: "
      f"{s['seeds_per_second']:.1f} seeds/s, real-time factor per run (median) {s.get('real_time_factor', 0):,.0f}x, "
      f"{s['failed']} failed (target: 1,000 seeds in <= 120 s)")
PY

"$GLASSES" sweep --seeds 1..4 --for 300s --shrink --shrink-dir shrunk --json shrink.json \
  "$ROOT/Tests/GlassesScriptTests/Scripts/chaos/planted_fold_after_power_cycle.lua" >shrink.txt || true
python3 - shrink.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for f in s["failures"]:
    k = f.get("shrunk")
    if not k:
        print(f"shrink seed {f['seed']}: not shrunk"); continue
    faults = json.load(open(k["file"]))["faults"]
    kinds = " + ".join(x["kind"] for x in faults)
    print(f"shrink seed {f['seed']}: {k['original_faults']} faults -> {k['faults']} ({kinds}) in {k['seconds']:.1f} s, "
          f"{k['replays']} replays (target: power_cycle + fold)")
PY
