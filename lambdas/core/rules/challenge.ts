import { jsonError } from '../pipeline/responses.ts';
import type { EdgeResponse, PipelineContext } from '../pipeline/types.ts';

/**
 * The answer to a challenged request: the runtime's JavaScript challenge when it provides one (undefined
 * = the client already holds clearance, let it pass), else a 403 the client can recognise.
 */
export function challengeOrFallback(ctx: PipelineContext): EdgeResponse | undefined {
  if (ctx.ports.challengeResponse) return ctx.ports.challengeResponse(ctx);
  return jsonError(403, 'challenge_required', 'This request must pass a browser challenge', ctx.requestId);
}
