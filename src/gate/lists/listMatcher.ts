/**
 * Applying list entries to a command (D§6). Two directions with opposite failure modes:
 *
 * - **allow** (allow entries, grants, the default list) must never cover more than the entry
 *   says: `allowMatcher.ts`.
 * - **deny / escalate** must never miss, and over-match rather than miss: `blockingMatcher.ts`.
 *
 * Both compare an entry's pattern with argv through `wordPatterns.ts` (prefix and glob words,
 * the argv text regexp entries see) and `exactPatterns.ts` (exact entries and grants). This file
 * is the one door callers use.
 */

export { appendedInputShapes, globShapes, matchAllow, matchAllowLists, matchAllowPlainly, type AllowMatch } from './allowMatcher';
export { matchBlocking } from './blockingMatcher';
export { argvText } from './wordPatterns';
