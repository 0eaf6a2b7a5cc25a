import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { AppError } from '../../lambdas/core/errors.ts';

export class OriginTimeoutError extends AppError {
  constructor(timeoutMs: number) {
    super(504, 'origin_timeout', `The origin did not answer within ${timeoutMs} ms`);
  }
}

export class OriginUnreachableError extends AppError {
  constructor(reason: string) {
    super(502, 'origin_unreachable', `The origin could not be reached (${reason})`);
  }
}

export interface OriginRequest {
  url: URL;
  method: string;
  headers: Record<string, string | string[]>;
  /** Already-read start of the body, then (when not ended) the stream holding the rest. */
  bodyChunks: Buffer[];
  rest?: Readable;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000 }),
};

/**
 * Sends one request to the origin and resolves with its response head; the body streams from the
 * returned message. Times out only while waiting for the head: a slow but live body keeps flowing.
 */
export function requestOrigin(req: OriginRequest, timeoutMs: number): Promise<IncomingMessage> {
  const isHttps = req.url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const outgoing = (isHttps ? https : http).request(req.url, {
      method: req.method,
      headers: req.headers,
      agent: isHttps ? agents.https : agents.http,
    });
    const timer = setTimeout(() => {
      outgoing.destroy(new OriginTimeoutError(timeoutMs));
    }, timeoutMs);
    outgoing.once('response', (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    outgoing.once('error', (err) => {
      clearTimeout(timer);
      reject(
        err instanceof AppError ? err : new OriginUnreachableError((err as NodeJS.ErrnoException).code ?? err.message),
      );
    });
    for (const chunk of req.bodyChunks) outgoing.write(chunk);
    if (req.rest) req.rest.pipe(outgoing);
    else outgoing.end();
  });
}

export async function readAll(stream: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) throw new Error('response body exceeds the buffering limit');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
