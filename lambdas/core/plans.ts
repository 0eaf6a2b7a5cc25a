/** The one table of plans: quotas and limits every service checks against. */
export type PlanName = 'free' | 'pro' | 'enterprise';
export const PLAN_NAMES = ['free', 'pro', 'enterprise'] as const;

export interface Plan {
  name: PlanName;
  rank: number;
  monthlyRequests: number;
  maxEdgeRules: number;
  maxCacheRules: number;
  maxAlertPolicies: number;
  maxApiKeys: number;
  aiAnomaly: boolean;
  secretShield: boolean;
  geoRouting: boolean;
}

export const PLANS: Readonly<Record<PlanName, Plan>> = {
  free: {
    name: 'free',
    rank: 0,
    monthlyRequests: 1_000_000,
    maxEdgeRules: 20,
    maxCacheRules: 20,
    maxAlertPolicies: 5,
    maxApiKeys: 5,
    aiAnomaly: false,
    secretShield: false,
    geoRouting: false,
  },
  pro: {
    name: 'pro',
    rank: 1,
    monthlyRequests: 50_000_000,
    maxEdgeRules: 200,
    maxCacheRules: 200,
    maxAlertPolicies: 50,
    maxApiKeys: 50,
    aiAnomaly: true,
    secretShield: true,
    geoRouting: true,
  },
  enterprise: {
    name: 'enterprise',
    rank: 2,
    monthlyRequests: 1_000_000_000,
    maxEdgeRules: 2000,
    maxCacheRules: 2000,
    maxAlertPolicies: 500,
    maxApiKeys: 500,
    aiAnomaly: true,
    secretShield: true,
    geoRouting: true,
  },
};

export function planAtLeast(plan: PlanName, required: PlanName): boolean {
  return PLANS[plan].rank >= PLANS[required].rank;
}
