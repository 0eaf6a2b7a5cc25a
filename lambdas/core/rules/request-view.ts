import { type EdgeRequest, safeDecode, splitQuery } from '../edge-request.ts';
import { type IpAddress, parseIp } from '../net/ip.ts';

/** Bytes of the request body that `body contains` searches (the runtimes may cut earlier). */
export const MAX_BODY_SCAN_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * The parts of a request that conditions look at, each derived at most once per request and only when
 * some condition asks for it: most rules only read the path or method.
 */
export class RequestView {
  private path: string | undefined;
  private method: string | undefined;
  private ipParsed = false;
  private ipValue: IpAddress | undefined;
  private queryMap: Map<string, string[]> | undefined;
  private body: string | undefined;

  constructor(readonly req: EdgeRequest) {}

  /** Percent-decoded, so `/%61dmin` cannot slip past a rule written for `/admin`. */
  get decodedPath(): string {
    this.path ??= decodePath(this.req.path);
    return this.path;
  }

  get upperMethod(): string {
    this.method ??= this.req.method.toUpperCase();
    return this.method;
  }

  get ip(): IpAddress | undefined {
    if (!this.ipParsed) {
      this.ipValue = parseIp(this.req.ip);
      this.ipParsed = true;
    }
    return this.ipValue;
  }

  header(name: string): string | undefined {
    return this.req.headers[name];
  }

  /** Decoded query parameter values by decoded name, in order of appearance. */
  queryValues(name: string): readonly string[] | undefined {
    if (!this.queryMap) {
      this.queryMap = new Map();
      for (const [rawName, rawValue] of splitQuery(this.req.query)) {
        const key = safeDecode(rawName);
        const list = this.queryMap.get(key);
        const value = safeDecode(rawValue);
        if (list) list.push(value);
        else this.queryMap.set(key, [value]);
      }
    }
    return this.queryMap.get(name);
  }

  get bodyText(): string {
    if (this.body === undefined) {
      const bytes = this.req.body;
      this.body = bytes && bytes.length > 0 ? utf8.decode(bytes.subarray(0, MAX_BODY_SCAN_BYTES)) : '';
    }
    return this.body;
  }
}

function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}
