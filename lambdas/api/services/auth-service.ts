import { NotFoundError, UnauthorizedError } from '../../core/errors.ts';
import { hashApiKey, isKeyLive, type KeyScope } from '../../data/api-key-repository.ts';
import type { Project } from '../../data/project-repository.ts';
import type { Repositories } from '../../data/repositories.ts';

export interface Principal {
  accountId: string;
  /** The project the credential was issued for. */
  projectId: string;
  keyId: string;
  scope: KeyScope;
  via: 'api-key' | 'session';
}

export const ANONYMOUS: Principal = { accountId: '', projectId: '', keyId: '', scope: 'project', via: 'api-key' };

/** The token of an `Authorization: Bearer <token>` header, or undefined when the header has another shape. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}

/**
 * Resolves the caller. When both `Authorization: Bearer` and `x-api-key` are sent, the Bearer session
 * wins and the key is ignored: a session is the narrower, expiring credential a dashboard holds, and
 * silently falling back to the key would hide a revoked or expired session.
 */
export class AuthService {
  constructor(
    private readonly repos: Repositories,
    private readonly now: () => Date,
  ) {}

  async authenticate(headers: Record<string, string | undefined>, allowSession = true): Promise<Principal> {
    const authorization = headers.authorization;
    if (allowSession && authorization) {
      const token = bearerToken(authorization);
      if (!token) throw new UnauthorizedError('Authorization header must be "Bearer <session token>"');
      return this.fromSession(token);
    }
    const apiKey = headers['x-api-key'];
    if (apiKey) return this.fromApiKey(apiKey);
    if (authorization)
      throw new UnauthorizedError('This endpoint needs an x-api-key header; a Bearer session is not accepted here');
    throw new UnauthorizedError();
  }

  async fromApiKey(secret: string): Promise<Principal> {
    const key = secret.length <= 200 ? await this.repos.apiKeys.findByHash(hashApiKey(secret)) : undefined;
    if (!key || !isKeyLive(key, this.now().toISOString())) throw new UnauthorizedError('API key is invalid or revoked');
    return { accountId: key.accountId, projectId: key.projectId, keyId: key.keyId, scope: key.scope, via: 'api-key' };
  }

  private async fromSession(token: string): Promise<Principal> {
    const session = await this.repos.sessions.findByToken(token);
    const nowIso = this.now().toISOString();
    if (!session || session.revokedAt || session.expiresAt <= nowIso) {
      throw new UnauthorizedError('Session token is invalid, expired or revoked');
    }
    // A session lives no longer than the key it was exchanged for.
    const key = await this.repos.apiKeys.get(session.projectId, session.keyId);
    if (!key || !isKeyLive(key, nowIso)) throw new UnauthorizedError('The API key behind this session was revoked');
    return {
      accountId: session.accountId,
      projectId: session.projectId,
      keyId: session.keyId,
      scope: session.scope,
      via: 'session',
    };
  }

  /** Unknown and foreign projects answer the same 404, so a caller cannot probe for other tenants' ids. */
  async authorizeProject(principal: Principal, projectId: string): Promise<Project> {
    const visible = principal.scope === 'account' || principal.projectId === projectId;
    const project = visible ? await this.repos.projects.get(projectId) : undefined;
    if (!project || project.accountId !== principal.accountId) throw new NotFoundError('Project');
    return project;
  }
}
