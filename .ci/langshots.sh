#!/usr/bin/env bash
# langshots.sh BIN OUTDIR: pictures of the real window under Xvfb (1366x768) in each language
# Planiverse speaks, for looking at a translation: the New game dialog, an analyzed Othello game
# analyzed again in the window (Ctrl+R) and on view at a mistake with the coach's words, and Help → How to play. The game is one of BIN's
# own engines (level 1 against level 4), analyzed with `planiverse analyze --sgf` and opened
# from the file. Not part of `make test`. Needs Xvfb, xdotool and imagemagick.
set -euo pipefail
bin=$(realpath "$1") out=$2
mkdir -p "$out"
work=$(mktemp -d)
trap 'kill "${xvfb:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
source "$(dirname "$0")/xvfb.sh"
start_xvfb 200 1366x768x24
"$bin" match othello --a "$bin engine othello --level 1" --b "$bin engine othello --level 4" \
  --games 1 --time-ms 200 --records "$work/r" >/dev/null
"$bin" analyze othello --record "$work/r/othello-001.txt" --depth 6 --sgf "$work/game.sgf" --json >"$work/a.json"
# back: how many moves before the end the last mistake is.
back=$(python3 -c "
import json
L=[json.loads(l) for l in open('$work/a.json') if l.startswith('{')]
m=[x['ply'] for x in L if x['class'] in ('mistake','blunder')] or [len(L)]
print(len(L)-m[-1])")
# menux prints the x of the middle of the third title of the menu bar in the picture $1.
menux() {
  convert "$1" -crop 700x16+0+6 +repage -colorspace gray -scale '700x1!' -threshold 12% txt:- |
    python3 -c "
import sys, re
cols=[1 if re.search(r'\((\d+)', l) and int(re.search(r'\((\d+)', l).group(1))>0 else 0 for l in sys.stdin if not l.startswith('#')]
runs=[]; start=None; gap=0
for x,c in enumerate(cols+[0]*20):
    if c:
        if start is None: start=x
        last=x; gap=0
    elif start is not None:
        gap+=1
        if gap>12: runs.append((start,last)); start=None
print((runs[2][0]+runs[2][1])//2 if len(runs)>2 else 140)"
}
for loc in ja_JP zh_CN ko_KR ru_RU de_DE fr_FR cs_CZ en_US; do
  home=$work/home-$loc
  mkdir -p "$home/.config/fyne/net.planiverse.app"
  echo '{"panel.graph": true}' >"$home/.config/fyne/net.planiverse.app/preferences.json"
  HOME=$home LANG=$loc.UTF-8 LANGUAGE= LC_ALL= "$bin" >"$work/$loc-1.log" 2>&1 &
  pid=$!
  sleep 5
  import -window root "$out/$loc-newgame.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  HOME=$home LANG=$loc.UTF-8 LANGUAGE= LC_ALL= "$bin" "$work/game.sgf" >"$work/$loc-2.log" 2>&1 &
  pid=$!
  sleep 5
  xdotool key Escape; sleep 0.5
  xdotool key ctrl+r; sleep 25 # a new analysis, in the window's language
  xdotool key Escape; sleep 0.5; xdotool key End; sleep 0.5
  for _ in $(seq "$back"); do xdotool key Left; sleep 0.2; done
  sleep 1
  import -window root "$out/$loc-coach.png"
  x=$(menux "$out/$loc-coach.png")
  xdotool mousemove "$x" 14 click 1; sleep 0.7
  xdotool mousemove "$((x + 20))" 44 click 1; sleep 1.5
  import -window root "$out/$loc-rules.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
echo "language screenshots: $out"
