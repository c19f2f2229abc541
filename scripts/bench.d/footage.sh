#!/usr/bin/env bash
# The footage benchmarks (scripts/bench runs this with its release binary; usable alone:
# scripts/bench.d/footage.sh GLASSES). The clip is made here: 20 s of ffmpeg's testsrc2
# (busy, moving) at 360x640, 30 fps, H.264, with a QR code (qrencode) in view from 5 s to 15 s.
#   1. decode: a low@30 stream whose every frame's luma a Lua callback reads, over two
#      simulated minutes (six passes of the clip; each frame is decoded on the first pass
#      and its thumbnail kept for the next): real-time factor (target >= 300x), and the
#      cost against the same script on the synthetic scene; then the first pass alone
#      (20 s: every frame decoded), which is what a clip seen once costs;
#   2. code-capture (its own stream: low, 15 fps; a scan every 0.25 s) on the clip over two
#      simulated minutes (a picture already scanned is not scanned again on a later pass):
#      real-time factor (target >= 100x), and against the recipe on the synthetic scene;
#      then the first pass alone.
set -euo pipefail
GLASSES=${1:?usage: footage.sh GLASSES}
HERE="$(cd "$(dirname "$0")" && pwd)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

qrencode -o code.png -s 6 -m 2 "glasses footage benchmark"
ffmpeg -v error -nostdin -f lavfi -i "testsrc2=s=360x640:r=30:d=20" -i code.png \
  -filter_complex "[0][1]overlay=90:200:enable='between(t,5,15)'" -c:v libx264 -pix_fmt yuv420p walk.mp4

seconds=120
median() { # hyperfine JSON -> median seconds of command N
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'])" "$1" "$2"
}
report() { # report WHAT FOOTAGE_WALL SYNTHETIC_WALL TARGET
  python3 -c "import sys; f, s = float(sys.argv[2]), float(sys.argv[3]); \
print(f'{sys.argv[1]}: {$seconds / f:,.0f}x real time (target {sys.argv[4]}); {f / s:.2f}x the wall time on the synthetic scene ({$seconds / s:,.0f}x)')" "$@"
}

hyperfine -N --warmup 1 --runs 5 --export-json decode.json \
  "$GLASSES run --sandbox trusted --for $seconds $HERE/footage_stream.lua $WORK/walk.mp4" \
  "$GLASSES run --sandbox trusted --for $seconds $HERE/footage_stream.lua" >/dev/null
report "MP4 feed decode (low@30, every frame's luma read, 360x640 H.264, 2 min: the clip 6 times)" "$(median decode.json 0)" "$(median decode.json 1)" ">= 300x"
hyperfine -N --warmup 1 --runs 5 --export-json first.json \
  "$GLASSES run --sandbox trusted --for 20 $HERE/footage_stream.lua $WORK/walk.mp4" >/dev/null
python3 -c "import json; m = json.load(open('first.json'))['results'][0]['median']; \
print(f'MP4 feed decode, first pass only (20 s, every frame decoded): {20 / m:,.0f}x real time')"

mkdir -p out
hyperfine -N --warmup 1 --runs 5 --export-json codes.json \
  "$GLASSES run --sandbox trusted --out $WORK/out --for $seconds $HERE/footage_codes.lua $WORK/walk.mp4" \
  "$GLASSES run --sandbox trusted --out $WORK/out --for $seconds $HERE/footage_codes.lua" >/dev/null
report "code-capture on the MP4 feed (low, 15 fps stream, a scan each 0.25 s, 2 min: the clip 6 times)" "$(median codes.json 0)" "$(median codes.json 1)" ">= 100x"
hyperfine -N --warmup 1 --runs 5 --export-json codes-first.json \
  "$GLASSES run --sandbox trusted --out $WORK/out --for 20 $HERE/footage_codes.lua $WORK/walk.mp4" >/dev/null
python3 -c "import json; m = json.load(open('codes-first.json'))['results'][0]['median']; \
print(f'code-capture on the MP4 feed, first pass only (20 s, every scanned picture decoded and scanned): {20 / m:,.0f}x real time')"
mkdir -p found
found=$("$GLASSES" run --sandbox trusted --out "$WORK/found" --for 20 "$HERE/footage_codes.lua" "$WORK/walk.mp4" 2>&1 \
  | sed -n 's/.*\[code-capture\] \(.* in view: .*\)/\1/p' | head -1)
echo "code-capture on the MP4 feed, first 20 s: ${found:-nothing found} (expected: QR-Code in view: glasses footage benchmark, at 5 s)"
