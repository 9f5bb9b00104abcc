#!/usr/bin/env bash
# Settings and autosave under the real binary and Xvfb (README "Reliability"):
# 1. a settings file cut short, and one with a list of mixed types: the window opens, the
#    damaged file is kept as preferences.bad-*.json and the settings that read are kept;
# 2. two windows: window A plays computer against computer from a restored game, window B
#    starts while A runs, with start options (a new game, computer against computer); A quits
#    first (SIGTERM), B after: B restored nothing of A's, and the
#    next start restores exactly A's game.
# 3. a refused save through the real Save dialog (an Othello game saved as precious.psq, the
#    overwrite confirmed) leaves precious.psq byte for byte.
# Usage: reliability.sh BINARY [XVFB-BASE]; CASES=" " skips the settings cases.
set -euo pipefail
bin=$(realpath "$1")
source "$(dirname "$0")/xvfb.sh"
apps=() xvfb=
tmphome=$(mktemp -d)
cleanup() { set +e; for p in "${apps[@]}"; do kill -9 "$p" 2>/dev/null; done; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; rm -rf "$tmphome"; true; }
trap cleanup EXIT
export LANG=C.UTF-8 HOME=$tmphome PLANIVERSE_TRACE=1
unset XDG_CONFIG_HOME
start_xvfb "${2:-70}"
conf=$tmphome/.config/fyne/net.planiverse.app
mkdir -p "$conf"
fail() { echo "reliability: $*"; exit 1; }

# wait_for LOG PATTERN PID SECONDS: waits for a line of LOG matching PATTERN while PID runs.
wait_for() {
  for _ in $(seq $(($4 * 10))); do
    grep -q "$2" "$1" && return 0
    kill -0 "$3" 2>/dev/null || { cat "$1"; fail "the app exited before \"$2\""; }
    sleep 0.1
  done
  cat "$1"
  fail "no \"$2\" within $4 s"
}

# 1. Damaged and wrong-shaped settings.
full='{"engine":"","engines":"[{\"Name\":\"edax\",\"Command\":\"edax -q\"}]","game":"gomoku","level":3,"opponent":"person","sound":false,"window.height":700,"window.width":900}'
for case in ${CASES:-cut shape}; do
  rm -f "$conf"/preferences*
  if [ $case = cut ]; then printf '%s' "${full:0:150}" >"$conf/preferences.json"; else printf '{"x":[true,"a"],"game":"gomoku"}' >"$conf/preferences.json"; fi
  cp "$conf/preferences.json" "$tmphome/damaged"
  log=$tmphome/prefs-$case.log
  "$bin" >"$log" 2>&1 &
  apps=($!)
  wait_for "$log" '^planiverse: new game' "${apps[0]}" 30
  sleep 1
  kill -0 "${apps[0]}" 2>/dev/null || { cat "$log"; fail "$case: the window did not stay open"; }
  grep -qi '^planiverse: new game gomoku' "$log" || { cat "$log"; fail "$case: the kept setting game=gomoku was not used"; }
  kill -TERM "${apps[0]}"; wait "${apps[0]}" 2>/dev/null || true; apps=()
  bad=$(ls "$conf"/preferences.bad-*.json 2>/dev/null | head -1)
  [ -n "$bad" ] || fail "$case: the damaged file was not kept"
  cmp -s "$bad" "$tmphome/damaged" || fail "$case: the kept file differs from the damaged one"
  grep -q '"game":"gomoku"' "$conf/preferences.json" || fail "$case: the setting game was lost: $(cat "$conf/preferences.json")"
  echo "reliability: settings $case: the window opened, $(basename "$bad") kept, the settings that read kept"
done

# 2. Two windows, one autosave each.
rm -f "$conf"/preferences* "$conf"/autosave*
printf '{"game":"othello","opponent":"watch","level":1,"level2":1}\n' >"$conf/preferences.json"
printf 'f5 d6 c3\n' >"$tmphome/start.txt"
"$bin" convert "$tmphome/start.txt" "$conf/autosave.sgf" >/dev/null
logA=$tmphome/a.log logB=$tmphome/b.log logC=$tmphome/c.log
"$bin" >"$logA" 2>&1 &
apps=($!)
wait_for "$logA" '^planiverse: move 6 ' "${apps[0]}" 30
grep -q '^planiverse: restored 3 moves' "$logA" || { cat "$logA"; fail "window A did not restore the seeded game"; }
"$bin" --game othello --level 1 --you none --clock none >"$logB" 2>&1 &
apps+=($!)
wait_for "$logB" '^planiverse: new game' "${apps[1]}" 30
sleep 1
kill -TERM "${apps[0]}"; wait "${apps[0]}" 2>/dev/null || true
lastA=$(grep '^planiverse: move ' "$logA" | tail -1 | awk '{print $3}')
sleep 1
kill -TERM "${apps[1]}"; wait "${apps[1]}" 2>/dev/null || true
apps=()
if grep -q '^planiverse: restored' "$logB"; then cat "$logB"; fail "window B restored window A's game"; fi
"$bin" >"$logC" 2>&1 &
apps=($!)
wait_for "$logC" '^planiverse: restored ' "${apps[0]}" 30
restored=$(grep '^planiverse: restored ' "$logC" | head -1 | awk '{print $3}')
kill -TERM "${apps[0]}"; wait "${apps[0]}" 2>/dev/null || true; apps=()
[ "$restored" = "$lastA" ] || fail "window A had played $lastA moves; the next start restored $restored"
echo "reliability: two windows: A's $lastA moves survived B; $(ls "$conf" | grep -c '^autosave') autosave files"

# 3. A refused save keeps the file it was to replace.
rm -f "$conf"/preferences* "$conf"/autosave*
printf 'Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\n' >"$tmphome/precious.psq"
cp "$tmphome/precious.psq" "$tmphome/precious.orig"
logS=$tmphome/s.log
(cd "$tmphome" && exec "$bin" --game othello --you both --clock none) >"$logS" 2>&1 &
apps=($!)
wait_for "$logS" '^planiverse: new game' "${apps[0]}" 30
sleep 1
wid=$(xdotool search --name '^Planiverse$' | head -1)
eval "$(xdotool getwindowgeometry --shell "$wid")" # X Y WIDTH HEIGHT
xdotool mousemove $((X + 300)) $((Y + 300)) click 1
sleep 0.3
xdotool key ctrl+s
sleep 2
xdotool key ctrl+a
xdotool type --delay 20 precious.psq
xdotool key Return
sleep 1.5
# The overwrite question, centered in the window: Yes.
xdotool mousemove $((X + WIDTH / 2 + 34)) $((Y + HEIGHT / 2 + 42)) click 1
wait_for "$logS" '^planiverse: error: the game was not saved' "${apps[0]}" 15
kill -TERM "${apps[0]}"; wait "${apps[0]}" 2>/dev/null || true; apps=()
cmp -s "$tmphome/precious.psq" "$tmphome/precious.orig" || fail "refused save: precious.psq changed: $(od -c "$tmphome/precious.psq" | head -3)"
echo "reliability: refused save: precious.psq is as it was ($(grep -m1 '^planiverse: error' "$logS" | cut -c1-90))"
