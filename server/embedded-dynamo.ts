import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import dynalite from 'dynalite';

export interface EmbeddedDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * DynamoDB's API served in-process by dynalite on a loopback port, persisted in LevelDB under the data
 * dir (or in memory when `dataDir` is undefined, for tests that need no persistence).
 */
export async function startEmbeddedDynamo(dataDir: string | undefined): Promise<EmbeddedDynamo> {
  const path = dataDir ? join(dataDir, 'dynamodb') : undefined;
  if (path) mkdirSync(path, { recursive: true });
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
