import http, { type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names exactly as sent, in order (pairs of name, value): shows duplicates and hop-by-hop headers. */
  rawHeaders: string[];
  body: Buffer;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies and assert on their shape.
  json<T = any>(): T;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Overall cap so a hung server fails the test instead of stalling it. */
  timeoutMs?: number;
}

/**
 * One HTTP/1.1 request over node:http, because fetch (undici) refuses to set Host and hop-by-hop
 * headers, which proxy tests need to control.
 */
export function rawRequest(url: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body,
            text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error(`request to ${url} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Polls `probe` until it returns true or `capMs` passes; resolves with whether it ever did. */
export async function eventually(probe: () => Promise<boolean>, capMs = 1000, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + capMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
