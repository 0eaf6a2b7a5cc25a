import { createDemoOrigin } from '../../../server/demo-origin.ts';
import { listen } from '../../../server/http-util.ts';

// A separate process so the origin does not share an event loop (or a core) with the proxy it is measured through.
const server = createDemoOrigin();
const port = await listen(server, 0);
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
