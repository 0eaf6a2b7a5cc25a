// Runs dynalite (the embedded DynamoDB) on its own thread: its request handling and LevelDB work would
// otherwise share the proxy's event loop and show up as latency spikes on proxied requests.
// Plain JavaScript so the worker needs no TypeScript loader.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const { path } = workerData;
if (path) mkdirSync(path, { recursive: true });
const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.on('error', (err) => parentPort.postMessage({ error: String(err) }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'close') server.close(() => parentPort.postMessage({ closed: true }));
});
