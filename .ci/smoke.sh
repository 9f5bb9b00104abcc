#!/usr/bin/env bash
# Checks that the real Planiverse binary without a display says so in one line, then
# starts it under Xvfb, waits until a window titled "Planiverse" appears, takes a
# screenshot and stops it. Usage: smoke.sh BINARY SHOT.png
set -euo pipefail
bin=$1 shot=$2
source "$(dirname "$0")/xvfb.sh"
app= xvfb=
# set +e: under -e a failed kill (the app already gone) would end the trap before Xvfb is stopped.
cleanup() { set +e; [ -n "$app" ] && kill "$app" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; true; }
trap cleanup EXIT
export LANG=C.UTF-8
# Without a display: one line on stderr and status 1, no GLFW trace.
set +e
out=$(env -u DISPLAY -u WAYLAND_DISPLAY HOME="$(mktemp -d)" "$bin" 2>&1); rc=$?
set -e
if [ "$rc" != 1 ] || [ "$(printf '%s\n' "$out" | wc -l)" != 1 ] || ! grep -q '^planiverse: no display' <<<"$out"; then
  echo "smoke: without a display the app said (status $rc):"; echo "$out"; exit 1
fi
echo "smoke: without a display: $out"
start_xvfb 90
tmphome=$(mktemp -d)
# One retry when GLFW finds no display although Xvfb answered (seen once under load).
for attempt in 1 2; do
  HOME=$tmphome "$bin" >/tmp/planiverse-smoke.log 2>&1 &
  app=$!
  for _ in $(seq 150); do
    if xdotool search --name '^Planiverse$' >/dev/null 2>&1; then
      sleep 2
      import -window root "$shot"
      echo "smoke: window 'Planiverse' appeared; screenshot $shot"
      # SIGTERM closes the window and ends the process within a few seconds.
      kill -TERM "$app"
      for _ in $(seq 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.2; done
      if kill -0 "$app" 2>/dev/null; then
        echo "smoke: the app still runs 10 s after SIGTERM"; cat /tmp/planiverse-smoke.log; exit 1
      fi
      app=
      echo "smoke: SIGTERM ended the app"
      exit 0
    fi
    kill -0 "$app" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$app" 2>/dev/null; then
    echo "smoke: no window titled Planiverse within 30 s"; cat /tmp/planiverse-smoke.log; exit 1
  fi
  if [ "$attempt" = 1 ] && grep -q PlatformUnavailable /tmp/planiverse-smoke.log; then
    echo "smoke: GLFW found no display on the first start; starting the app once more"
    app=
    sleep 1
    continue
  fi
  echo "smoke: the app exited early:"; cat /tmp/planiverse-smoke.log; exit 1
done
