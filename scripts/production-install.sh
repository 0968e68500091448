#!/usr/bin/env bash
# The README's production recipe, tried from a fresh clone of this checkout's HEAD: install with
# the build tools, build, drop the build tools, then start `2048 serve` from what is left and
# ask it /api/ready. Prints the time each step took and the size of node_modules; exit 0 when
# the server answered ready. Usage: scripts/production-install.sh [WORKDIR]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
step() { echo "== $1 ($(date +%T))"; }

step "clone"
git clone -q "$src" "$work/twenty48"
cd "$work/twenty48"
step "npm ci (with the build tools)"
npm ci --no-audit --no-fund --loglevel=error
step "npm run build"
npm run build >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund --loglevel=error
echo "node_modules: $(du -sh node_modules | cut -f1)"
# (typescript stays: valibot names it as a peer dependency.)
for tool in vite assemblyscript vitest @playwright/test; do
  [ ! -e "node_modules/$tool" ] || { echo "$tool is still installed after the prune"; exit 1; }
done

step "2048 serve from the pruned install"
node packages/cli/bin/2048.js serve --port 0 --db "$work/prod.db" --log-level info >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
url=''
for _ in $(seq 1 100); do
  url=$(grep -o '"url":"http://[0-9.]*:[0-9]*"' "$work/serve.log" | head -1 | cut -d'"' -f4 || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { cat "$work/serve.log"; exit 1; }
curl -fsS "$url/api/ready"
echo
curl -fsS -o /dev/null -w 'GET / -> %{http_code}\n' "$url/"
kill -TERM "$pid"
wait "$pid"
echo "== the production install serves (exit $?)"
