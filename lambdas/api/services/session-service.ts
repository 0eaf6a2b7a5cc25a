import { z } from 'zod';
import { ValidationError } from '../../core/errors.ts';
import { bearerToken, type Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

export const sessionCreateSchema = z.object({ ttlSec: z.number().int().min(60).max(86_400).default(3600) }).strict();

export class SessionService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Exchanges a live API key (never another session) for an expiring Bearer token. */
  async create(principal: Principal, ttlSec: number) {
    const { record, token } = await this.ctx.repos.sessions.create(
      {
        projectId: principal.projectId,
        accountId: principal.accountId,
        keyId: principal.keyId,
        scope: principal.scope,
      },
      this.ctx.now(),
      ttlSec,
    );
    return {
      token,
      tokenType: 'Bearer',
      expiresAt: record.expiresAt,
      projectId: record.projectId,
      scope: record.scope,
    };
  }

  async revokeCurrent(headers: Record<string, string>) {
    const token = bearerToken(headers.authorization);
    if (!token) {
      throw new ValidationError('Send the session to revoke as Authorization: Bearer <token>', [
        { path: 'headers.authorization', message: 'required' },
      ]);
    }
    await this.ctx.repos.sessions.revoke(token, this.ctx.nowIso());
    return { revoked: true };
  }
}
