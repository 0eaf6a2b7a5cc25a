import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface EmbeddedDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * DynamoDB's API served by dynalite on a loopback port from a worker thread, persisted in LevelDB under
 * the data dir (or in memory when `dataDir` is undefined, for tests that need no persistence).
 */
export async function startEmbeddedDynamo(dataDir: string | undefined): Promise<EmbeddedDynamo> {
  const worker = new Worker(new URL('./embedded-dynamo-worker.mjs', import.meta.url), {
    workerData: { path: dataDir ? join(dataDir, 'dynamodb') : undefined },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded DynamoDB exited during start-up (${code})`)));
    worker.once('message', (message: { port?: number; error?: string }) => {
      if (message.port) resolve(message.port);
      else reject(new Error(`embedded DynamoDB failed to start: ${message.error}`));
    });
  });
  worker.removeAllListeners('exit');
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      // Close the server first so LevelDB is flushed and unlocked, then end the thread.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        worker.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('close');
      });
      await worker.terminate();
    },
  };
}
