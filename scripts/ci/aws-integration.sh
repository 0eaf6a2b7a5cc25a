#!/usr/bin/env bash
# Runs the `aws` vitest project against moto_server (PyPI `moto[server]`) on loopback, unless
# AWS_ENDPOINT_URL already points at an endpoint (e.g. LocalStack). Stops only the server it started.
#   pip install 'moto[server]' && bash scripts/ci/aws-integration.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
moto_pid=""
cleanup() { if [[ -n "$moto_pid" ]]; then kill "$moto_pid" 2>/dev/null || true; wait "$moto_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT
if [[ -z "${AWS_ENDPOINT_URL:-}" ]]; then
  port="${MOTO_PORT:-5055}"
  moto_server -H 127.0.0.1 -p "$port" >"${TMPDIR:-/tmp}/moto-server.log" 2>&1 &
  moto_pid=$!
  for _ in $(seq 1 50); do
    curl -sf "http://127.0.0.1:$port/moto-api/" >/dev/null && break
    sleep 0.2
  done
  export AWS_ENDPOINT_URL="http://127.0.0.1:$port"
fi
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}" AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}" AWS_REGION="${AWS_REGION:-us-east-1}"
echo "aws suite against $AWS_ENDPOINT_URL"
npx vitest run --project aws
