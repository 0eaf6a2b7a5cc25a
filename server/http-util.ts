import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** Hop-by-hop headers (RFC 9110 §7.6.1) are for one connection only and never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
]);

/**
 * The headers without hop-by-hop ones, those the Connection header lists, and any in `alsoDrop`.
 * Names must already be lower-case (node:http and undici give them so).
 */
export function stripHopByHop(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
  alsoDrop?: ReadonlySet<string>,
): Record<string, string | string[]> {
  const connection = headers.connection;
  const listed =
    connection === undefined
      ? undefined
      : new Set(
          String(connection)
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
        );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name) || alsoDrop?.has(name)) continue;
    out[name] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}

/** Lower-cased single-valued view of the headers: repeats joined with ', ' (cookies with '; '). */
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(name === 'cookie' ? '; ' : ', ') : value;
  }
  return out;
}

export interface BodyPrefix {
  /** Everything read so far (may exceed `limit` by the last chunk). */
  chunks: Buffer[];
  bytes: number;
  /** True when the whole body was read. */
  ended: boolean;
}

/**
 * Reads a request body until it ends or `limit` bytes have arrived, then pauses the stream so the rest
 * can be piped onward. Used both to inspect the start of a proxied body and to cap API bodies.
 */
export function readBodyPrefix(req: IncomingMessage, limit: number): Promise<BodyPrefix> {
  return new Promise((resolve, reject) => {
    const prefix: BodyPrefix = { chunks: [], bytes: 0, ended: false };
    // A request with neither header has no body (RFC 9112 §6.3): no need to wait a tick for its end.
    const te = req.headers['transfer-encoding'];
    const cl = req.headers['content-length'];
    if (te === undefined && (cl === undefined || cl === '0')) {
      prefix.ended = true;
      resolve(prefix);
      return;
    }
    if (req.readableEnded) {
      prefix.ended = true;
      resolve(prefix);
      return;
    }
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      prefix.chunks.push(chunk);
      prefix.bytes += chunk.length;
      if (prefix.bytes > limit) {
        req.pause();
        cleanup();
        resolve(prefix);
      }
    };
    const onEnd = () => {
      cleanup();
      prefix.ended = true;
      resolve(prefix);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

export function clientIp(req: IncomingMessage): string {
  const raw = req.socket.remoteAddress ?? '';
  return raw.startsWith('::ffff:') ? raw.slice(7) : raw;
}

/** Listens on loopback (by default) and resolves with the bound port: port 0 picks a free one. */ export async function listen(
  server: Server,
  port: number,
  host = '127.0.0.1',
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

const CLIENT_ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'The request is not valid HTTP/1.1' },
  408: { code: 'request_timeout', message: 'The request was not received in time' },
  431: { code: 'headers_too_large', message: 'The request line and headers exceed 16 KB' },
};

/**
 * Requests node:http cannot parse (an unknown method, headers over 16 KB, a malformed line) never reach
 * a handler; node answers them with a bare status. This answers them in the error envelope instead.
 */
export function answerClientErrorsWithJson(server: Server, extraHeaders: Record<string, string> = {}): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const error = CLIENT_ERRORS[status]!;
    const body = JSON.stringify({ success: false, error });
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
      ...extraHeaders,
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  });
}
