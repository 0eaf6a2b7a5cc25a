export { evaluateAccessLists } from './access-lists.ts';
export { compileWaf } from './compile.ts';
export { MAX_INSPECTED_BODY_BYTES } from './inputs.ts';
export { inspectRequest, MATCH_VALUE_MAX } from './inspect.ts';
export { sensitivitySettings } from './sensitivity.ts';
export { ALL_SIGNATURES } from './signatures/index.ts';
export type {
  AccessListResult,
  CompiledWaf,
  Signature,
  ThreatType,
  WafAction,
  WafDecision,
  WafFamily,
  WafMatch,
} from './types.ts';
