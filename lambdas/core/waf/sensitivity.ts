/**
 * How `sensitivityScore` (0–100) maps to the CRS-like knobs: which signatures are active (paranoia
 * level) and how many anomaly points challenge or block. One critical signature scores 5.
 * The table is repeated in docs/WAF.md; change both together.
 */
export interface SensitivitySettings {
  paranoiaLevel: 1 | 2 | 3 | 4;
  blockThreshold: number;
  challengeThreshold: number;
}

export function sensitivitySettings(score: number): SensitivitySettings {
  const s = Math.max(0, Math.min(100, Math.round(score)));
  if (s < 20) return { paranoiaLevel: 1, blockThreshold: 10, challengeThreshold: 10 };
  if (s < 40) return { paranoiaLevel: 1, blockThreshold: 5, challengeThreshold: 5 };
  if (s < 60) return { paranoiaLevel: 2, blockThreshold: 5, challengeThreshold: 5 };
  if (s < 80) return { paranoiaLevel: 2, blockThreshold: 5, challengeThreshold: 4 };
  if (s < 95) return { paranoiaLevel: 3, blockThreshold: 5, challengeThreshold: 3 };
  return { paranoiaLevel: 4, blockThreshold: 4, challengeThreshold: 2 };
}
