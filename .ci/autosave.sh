#!/usr/bin/env bash
# Autosave survives a crash: starts the real binary under Xvfb with a game in progress in its
# autosave (computer against computer, so that moves come by themselves), kills it with
# SIGKILL after a few more moves, starts it again and checks that it restores every move it had
# played before it was killed. Usage: autosave.sh BINARY
set -euo pipefail
bin=$(realpath "$1")
source "$(dirname "$0")/xvfb.sh"
app= xvfb=
tmphome=$(mktemp -d)
# set +e: under -e a failed kill (the app already gone) would end the trap before Xvfb is stopped.
cleanup() { set +e; [ -n "$app" ] && kill -9 "$app" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; rm -rf "$tmphome"; true; }
trap cleanup EXIT
export LANG=C.UTF-8 HOME=$tmphome PLANIVERSE_TRACE=1
start_xvfb 60
conf=$tmphome/.config/fyne/net.planiverse.app
mkdir -p "$conf"
printf '{"game":"othello","opponent":"watch","level":1,"level2":1}\n' >"$conf/preferences.json"
printf 'f5 d6 c3\n' >"$tmphome/start.txt"
"$bin" convert "$tmphome/start.txt" "$conf/autosave.sgf"

log1=$tmphome/run1.log log2=$tmphome/run2.log
"$bin" >"$log1" 2>&1 &
app=$!
for _ in $(seq 300); do
  grep -q '^planiverse: move 9 ' "$log1" && break
  kill -0 "$app" 2>/dev/null || { echo "autosave: the app exited early:"; cat "$log1"; exit 1; }
  sleep 0.1
done
grep -q '^planiverse: restored 3 moves' "$log1" || { echo "autosave: the seeded game was not restored:"; cat "$log1"; exit 1; }
kill -9 "$app"
wait "$app" 2>/dev/null || true
app=
played=$(grep -c '^planiverse: move ' "$log1" || true)
[ "$played" -ge 9 ] || { echo "autosave: only $played moves before the kill"; cat "$log1"; exit 1; }
last=$(grep '^planiverse: move ' "$log1" | tail -1 | awk '{print $3}')
if ls -A "$conf" | grep -q '\.tmp$'; then echo "autosave: a temporary file was left behind"; exit 1; fi

"$bin" >"$log2" 2>&1 &
app=$!
for _ in $(seq 100); do
  grep -q '^planiverse: restored ' "$log2" && break
  kill -0 "$app" 2>/dev/null || { echo "autosave: the second run exited early:"; cat "$log2"; exit 1; }
  sleep 0.1
done
restored=$(grep '^planiverse: restored ' "$log2" | head -1 | awk '{print $3}')
[ -n "$restored" ] || { echo "autosave: nothing restored after the kill:"; cat "$log2"; exit 1; }
if [ "$restored" -lt "$last" ]; then
  echo "autosave: killed after move $last, but only $restored moves came back"; exit 1
fi
echo "autosave: killed after move $last; the restart restored $restored moves"
