import './quiet-warnings.ts';
import { startServer } from './app.ts';
import { printWelcome } from './welcome.ts';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    console.error(`${name} must be a port number (0-65535), got "${raw}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const server = await startServer({
    dataDir: process.env.EDGE_DATA_DIR ?? '.edge-gateway',
    dynamoEndpoint: process.env.EDGE_DYNAMODB_ENDPOINT || undefined,
    tableName: process.env.EDGE_TABLE_NAME || undefined,
    host: process.env.EDGE_HOST || '127.0.0.1',
    apiPort: intFromEnv('EDGE_API_PORT', 4000),
    proxyPort: intFromEnv('EDGE_PROXY_PORT', 8080),
    demoOriginPort: intFromEnv('EDGE_DEMO_ORIGIN_PORT', 0),
    proxyDomain: process.env.EDGE_PROXY_DOMAIN || 'localhost',
  });
  printWelcome(server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: draining in-flight requests and saving state...`);
    server.close().then(
      () => {
        console.log('Stopped cleanly.');
        process.exit(0);
      },
      (err) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    console.error(`Port already in use (${err.message}). Set EDGE_API_PORT / EDGE_PROXY_PORT to free ports.`);
  } else {
    console.error('Edge Gateway failed to start:', err.message);
  }
  process.exit(1);
});
