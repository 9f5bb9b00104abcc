#!/usr/bin/env bash
# screenshots.sh BIN OUTDIR [SCALE THEME]: pictures of the real window under Xvfb, for the
# README and for looking at a change: for each game, a game in progress with the values on
# the board, the analyzed game on its last mistake with the evaluation graph, and Learn from
# your mistakes. The games are played by BIN's own engines (level 1 against level 4) and pasted
# into a window between two people (Ctrl+V), analyzed there (Ctrl+R) and walked through the
# Analysis menu. Not part of `make test`: the analysis's time-limited searches make the
# pictures differ from run to run. Needs Xvfb, xdotool, xclip and imagemagick.
set -euo pipefail
bin=$(realpath "$1") out=$2 scale=${3:-1} theme=${4:-dark}
mkdir -p "$out"
work=$(mktemp -d)
trap 'kill "${xvfb:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
source "$(dirname "$0")/xvfb.sh"
start_xvfb 220 1366x768x24
s() { python3 -c "print(round($1*$scale))"; }
# menu Y clicks the Analysis menu's item at height Y (in units at scale 1).
menu() { xdotool mousemove "$(s 101)" "$(s 14)" click 1; sleep 0.7; xdotool mousemove "$(s 140)" "$(s "$1")" click 1; sleep 0.5; }
for game in othello gomoku dvonn alak; do
  "$bin" match "$game" --a "$bin engine $game --level 1" --b "$bin engine $game --level 4" \
    --games 1 --time-ms 300 --records "$work/r-$game" >/dev/null
  moves=$(tr -s ' \n' ' ' < "$work/r-$game/$game-001.txt")
  home=$work/home-$game
  mkdir -p "$home/.config/fyne/net.planiverse.app"
  echo '{"panel.graph": true}' > "$home/.config/fyne/net.planiverse.app/preferences.json"
  HOME=$home FYNE_SCALE=$scale FYNE_THEME=$theme "$bin" --game "$game" --you both --clock none >"$work/$game.log" 2>&1 &
  pid=$!
  sleep 5
  xdotool mousemove "$(s 300)" "$(s 650)" click 1
  n=$(wc -w <<<"$moves"); part=$((n / 2)); wait=30
  if [ "$game" = dvonn ]; then part=$((n * 3 / 4)); wait=80; fi # past the placement: the movable stacks
  tr ' ' '\n' <<<"$moves" | head -n "$part" | tr '\n' ' ' | xclip -selection clipboard
  xdotool key ctrl+v; sleep 1.5
  menu 245; sleep 8 # Values on the board
  import -window root "$out/$game-values.png"
  menu 245
  xclip -selection clipboard <<<"$moves"
  xdotool key ctrl+v; sleep 1.5; xdotool key Return; sleep 1
  xdotool key ctrl+r; sleep "$wait" # Analyze game
  xdotool key Escape; sleep 0.5
  menu 162; sleep 1.5 # Previous mistake
  import -window root "$out/$game-blunder.png"
  menu 324; sleep 1.5 # Learn from your mistakes
  import -window root "$out/$game-learn.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
echo "screenshots: $out"
