import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A second server on the same data dir would fail deep inside LevelDB with a refused connection. */
export class DataDirInUseError extends Error {
  readonly code = 'EDATADIRINUSE';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `another Edge Gateway (pid ${pid}) is already using ${dataDir}; stop it (Ctrl+C) or set EDGE_DATA_DIR to another directory`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the data dir for this process with a `gateway.lock` file holding its pid. A lock left by a
 * process that no longer runs (a crash, a kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = join(dataDir, 'gateway.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // Already gone (the data dir was removed): nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && isRunning(holder)) {
        throw new DataDirInUseError(dataDir, holder);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`could not claim ${file}`);
}
