/**
 * The `aws` suite runs against any AWS-compatible endpoint: moto_server in CI, LocalStack where a user
 * has it. Without AWS_ENDPOINT_URL every suite is skipped, and this says why.
 */
export const ENDPOINT = process.env.AWS_ENDPOINT_URL ?? '';

if (!ENDPOINT) {
  console.warn(
    '[aws suite] skipped: set AWS_ENDPOINT_URL to an AWS-compatible endpoint, e.g. ' +
      '`moto_server -H 127.0.0.1 -p 5055` then AWS_ENDPOINT_URL=http://127.0.0.1:5055 npx vitest run --project aws',
  );
} else {
  // Local endpoints accept any credentials; never pick up real ones from the environment by accident.
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  process.env.AWS_REGION ??= 'us-east-1';
}

export const REGION = process.env.AWS_REGION ?? 'us-east-1';
export const clientConfig = () => ({
  region: REGION,
  endpoint: ENDPOINT,
  credentials: {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'test',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'test',
  },
});

/** Unique per run, so reruns against a long-lived endpoint never see old data. */
export const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
