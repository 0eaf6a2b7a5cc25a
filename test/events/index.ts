import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** A fresh deep copy of a fixture: handlers mutate CloudFront events in place. */
export function loadEvent<T>(name: string): T {
  return JSON.parse(readFileSync(join(here, `${name}.json`), 'utf8')) as T;
}
