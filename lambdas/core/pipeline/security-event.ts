import { newId } from '../ids.ts';
import type { PipelineContext, SecurityEvent } from './types.ts';

/** Builds the WAF event for a block or challenge decided on this request and queues it on the context. */
export function recordSecurityEvent(
  ctx: PipelineContext,
  decision: Pick<SecurityEvent, 'action' | 'threatType' | 'reason' | 'ruleIds'> & { score?: number },
): SecurityEvent {
  const event: SecurityEvent = {
    id: newId('evt_', 16),
    projectId: ctx.config.projectId,
    requestId: ctx.requestId,
    timestamp: new Date(ctx.ports.now()).toISOString(),
    ip: ctx.req.ip,
    country: ctx.req.country ?? 'XX',
    path: ctx.req.path,
    method: ctx.req.method,
    userAgent: ctx.req.headers['user-agent'] ?? '',
    ...decision,
  };
  ctx.events.push(event);
  return event;
}
