export {
  CHALLENGE_TTL_SEC,
  CLEARANCE_COOKIE,
  challengeResponse,
  challengeVerifyStage,
  hasClearance,
  safeReturnTo,
} from './challenge.ts';
export { CHALLENGE_VERIFY_PATH, challengePage, escapeHtml } from './page.ts';
export { SHA256_FALLBACK_JS, solverScript } from './page-script.ts';
export { isSolution, leadingZeroBits, solve, workDigest } from './proof-of-work.ts';
export {
  type ClientBinding,
  issueChallengeToken,
  issueClearance,
  verifyChallengeToken,
  verifyClearance,
} from './tokens.ts';
