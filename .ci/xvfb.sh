# Sourced by the scripts that run the window: start_xvfb BASE [SCREEN] starts Xvfb on a
# free display :BASE..:BASE+19 (one without a lock file) with a screen of SCREEN
# (WxHxDEPTH, 1280x800x24 unless given), exports DISPLAY and sets xvfb to its pid, then
# waits up to 30 s for the server to answer; it fails loudly if it never does (a slow
# start under load once let the app run without a display).
start_xvfb() {
  local base=$1 screen=${2:-1280x800x24} n
  for _ in $(seq 20); do
    n=$((base + RANDOM % 20))
    [ -e "/tmp/.X$n-lock" ] || break
  done
  Xvfb ":$n" -screen 0 "$screen" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  export DISPLAY=:$n
  for _ in $(seq 300); do
    xdotool getmouselocation >/dev/null 2>&1 && return 0
    kill -0 "$xvfb" 2>/dev/null || { echo "Xvfb on :$n exited"; return 1; }
    sleep 0.1
  done
  echo "Xvfb on :$n did not answer within 30 s"
  return 1
}
