import http, { type Server } from 'node:http';

const ECHO_BODY_LIMIT = 64 * 1024;

/**
 * The demo project's origin: answers every method and path with 200 and a JSON echo of the request.
 * It sends no Cache-Control, so the project's cache settings alone decide what the edge does.
 */
export function createDemoOrigin(): Server {
  let served = 0;
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= ECHO_BODY_LIMIT) chunks.push(c);
    });
    req.on('end', () => {
      served += 1;
      const url = new URL(req.url ?? '/', 'http://origin');
      const body = JSON.stringify({
        ok: true,
        servedBy: 'edge-gateway demo origin',
        originRequestNumber: served,
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        bodyBytes: size,
        time: new Date().toISOString(),
      });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
}
