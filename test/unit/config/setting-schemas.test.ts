import { describe, expect, it } from 'vitest';
import {
  cacheConfigPatchSchema,
  cacheConfigSchema,
  cacheRulePatchSchema,
} from '../../../lambdas/core/config/cache-config.ts';
import { ddosConfigPatchSchema, ddosConfigSchema } from '../../../lambdas/core/config/ddos-config.ts';
import { wafConfigPatchSchema, wafConfigSchema } from '../../../lambdas/core/config/waf-config.ts';

describe('configuration schemas', () => {
  it.each([
    ['WAF', wafConfigPatchSchema, { sensitivityScore: 40 }],
    ['cache', cacheConfigPatchSchema, { defaultTtlSec: 10 }],
    ['cache rule', cacheRulePatchSchema, { ttlSec: 10 }],
    ['DDoS', ddosConfigPatchSchema, { burst: 5 }],
  ])('keeps a %s PATCH to exactly the fields that were sent', (_name, schema, body) => {
    // Act
    const parsed = schema.parse(body);

    // Assess: no default sneaks in, or a PATCH would reset what the client did not mention.
    expect(parsed).toEqual(body);
  });

  it('fills the documented defaults into a full document', () => {
    // Act
    const waf = wafConfigSchema.parse({});
    const cache = cacheConfigSchema.parse({});
    const ddos = ddosConfigSchema.parse({});

    // Assess
    expect(waf).toMatchObject({ sensitivityScore: 70, owaspSqlEnabled: true, aiAnomalyEnabled: false, blockedIps: [] });
    expect(cache).toMatchObject({
      defaultTtlSec: 300,
      maxTtlSec: 86_400,
      staleWhileRevalidateSec: 60,
      staleIfErrorSec: 3600,
    });
    expect(ddos).toMatchObject({ enabled: true, action: 'challenge' });
  });

  it('rejects unknown fields and out-of-range values in a PATCH', () => {
    // Act
    const unknown = wafConfigPatchSchema.safeParse({ sensitivity: 50 });
    const range = wafConfigPatchSchema.safeParse({ sensitivityScore: 101 });

    // Assess
    expect(unknown.success).toBe(false);
    expect(range.success).toBe(false);
  });
});
