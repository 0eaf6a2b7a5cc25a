import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  rawHeaders: string[];
  body: Buffer;
}

export interface TestOrigin {
  url: string;
  port: number;
  /** Requests that reached the origin, in arrival order (body fully read). */
  requests: RecordedRequest[];
  readonly hits: number;
  close(): Promise<void>;
}

export type OriginHandler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

const echoJson: OriginHandler = (req, res) => {
  const body = JSON.stringify({ method: req.method, url: req.url, bodyBytes: req.body.length });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
};

/** A loopback origin the test controls: records every request (with its whole body) and counts hits. */
export async function startOrigin(handler: OriginHandler = echoJson): Promise<TestOrigin> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get hits() {
      return requests.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
