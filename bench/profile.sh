#!/usr/bin/env bash
# bash bench/profile.sh <url path> [seconds] [connections] [extra autocannon args…]
# CPU profile of the production server under load (start-up left out): starts
# build/server-app/index.js with bench/cpu-profile-preload.mjs on DATABASE_URL (default: the bench's demo database), loads <path> with autocannon,
# stops the server and prints bench/profile-summary.mjs's table. PORT defaults to 3433.
set -euo pipefail
cd "$(dirname "$0")/.."
path=${1:?usage: bench/profile.sh /path [seconds] [connections]}
seconds=${2:-10}
connections=${3:-10}
shift $(( $# < 3 ? $# : 3 ))
port=${PORT:-3433}
dir=$(mktemp -d /tmp/jinsha-prof.XXXXXX)
NODE_ENV=production JINSHA_ALLOW_DEV_SECRET=1 LOG_LEVEL=warn HOST=127.0.0.1 PORT=$port \
  DATABASE_URL=${DATABASE_URL:-$PWD/data/bench-demo} \
  CPU_PROFILE_FILE="$dir/server.cpuprofile" node --import ./bench/cpu-profile-preload.mjs "${BUILD_DIR:-build}/server-app/index.js" &
pid=$!
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.25; done
npx autocannon -c "$connections" -d 3 -H 'accept-encoding: gzip, deflate, br, zstd' "$@" "http://127.0.0.1:$port$path" >/dev/null 2>&1
kill -USR2 "$pid"
npx autocannon -c "$connections" -d "$seconds" -H 'accept-encoding: gzip, deflate, br, zstd' "$@" "http://127.0.0.1:$port$path" 2>&1 | grep -E 'Req/Sec|requests in'
kill -USR2 "$pid"
sleep 1
kill -TERM "$pid"
wait "$pid" || true
node bench/profile-summary.mjs "$dir/server.cpuprofile" 30
echo "profile: $dir/server.cpuprofile"
