#!/usr/bin/env bash
# Synthesises every stack offline (placeholder settings, no credentials) and runs cfn-lint (PyPI) over
# each template. Fails on cfn-lint errors; warnings are printed but do not fail the build.
#   pip install cfn-lint && bash scripts/ci/cfn-lint.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/synth-test-context.sh
out="${CDK_OUT:-cdk.out}"
rm -rf "$out"
npx cdk synth --quiet --output "$out" "${EDGE_GATEWAY_TEST_CONTEXT[@]}" >/dev/null
templates=("$out"/*.template.json)
echo "cfn-lint $(cfn-lint --version | awk '{print $2}') over ${#templates[@]} templates"
# W3005 (redundant DependsOn) is how the CDK orders a function after its role's policy; it is noise here.
set +e
cfn-lint --ignore-checks W3005 -- "${templates[@]}"
status=$?
set -e
# cfn-lint's exit code is a bit mask: 2 = error, 4 = warning, 8 = informational.
if (( status & 2 )) || (( status & 1 )); then
  echo "cfn-lint found errors" >&2
  exit 1
fi
echo "cfn-lint: no errors in ${#templates[@]} templates"
