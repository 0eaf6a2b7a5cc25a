import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ConformanceTarget, type Runtime, SCENARIOS } from './suite.ts';

/**
 * Declares the shared scenarios for one runtime. A scenario still waiting for its pipeline stage is
 * skipped with the reason; one this runtime is known to decide differently is expected to fail, so the
 * day it passes the runner says so and the divergence note can go.
 */
export function registerConformanceSuite(
  runtime: Runtime,
  start: () => Promise<{ target: ConformanceTarget; close(): Promise<void> }>,
): void {
  describe(`gateway conformance: ${runtime}`, () => {
    let running: { target: ConformanceTarget; close(): Promise<void> } | undefined;
    beforeAll(async () => {
      running = await start();
    });
    afterAll(async () => {
      await running?.close();
    });
    for (const scenario of SCENARIOS) {
      const run = () => scenario.run(running!.target);
      const divergence = scenario.knownDivergence?.[runtime];
      if (scenario.pending) it.skip(`${scenario.name} (pending: ${scenario.pending})`, run);
      else if (divergence) it.fails(`${scenario.name} (known divergence: ${divergence})`, run);
      else it(scenario.name, run);
    }
  });
}
