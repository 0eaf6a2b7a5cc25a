import type { Signature } from '../types.ts';
import { ANOMALY_SIGNATURES } from './anomaly.ts';
import { INJECTION_SIGNATURES } from './injection.ts';
import { LFI_SIGNATURES } from './lfi.ts';
import { QUERY_INJECTION_SIGNATURES } from './query-injection.ts';
import { RCE_SIGNATURES } from './rce.ts';
import { SCANNER_SIGNATURES } from './scanner.ts';
import { SQLI_SIGNATURES } from './sqli.ts';
import { XSS_SIGNATURES } from './xss.ts';

/** Every signature the engine knows, in reporting order. */
export const ALL_SIGNATURES: readonly Signature[] = [
  ...SQLI_SIGNATURES,
  ...QUERY_INJECTION_SIGNATURES,
  ...XSS_SIGNATURES,
  ...RCE_SIGNATURES,
  ...INJECTION_SIGNATURES,
  ...LFI_SIGNATURES,
  ...SCANNER_SIGNATURES,
  ...ANOMALY_SIGNATURES,
];
