# Sourced by the CI helpers: the placeholder settings the offline synth uses (no AWS account needed).
export CDK_DISABLE_CLI_TELEMETRY=true
EDGE_GATEWAY_TEST_CONTEXT=(
  -c proxyDomain=edge.example.com
  -c certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000
  -c homeRegion=eu-west-1
  -c replicaRegions=us-east-1,ap-southeast-2
)
