/**
 * The two glob matchers the gate had before `src/gate/reading/globMatch.ts` became the one home
 * (copied verbatim from `src/gate/preflight/protectedWrite.ts` and `src/gate/hardline/paths.ts`
 * at 173273a). A migration aid, not a specification (D§15): `test/unit/reading/globMatch.test.ts`
 * holds the one matcher, under each caller's options, to these on every short pattern and name,
 * to show the merge changed no caller's answers. Retire them once the table there is trusted on
 * its own.
 */

/** Was `globMatches` in preflight/protectedWrite.ts: case-insensitive, no backslash escapes. */
export function writeFloorGlobMatches(pattern: string, name: string): boolean {
  const p = pattern.toLowerCase();
  const s = name.toLowerCase();
  let pi = 0;
  let si = 0;
  let starP = -1;
  let starS = 0;
  while (si < s.length) {
    if (pi < p.length) {
      const c = p[pi]!;
      if (c === '*') {
        starP = pi++;
        starS = si;
        continue;
      }
      if (c === '?') {
        pi++;
        si++;
        continue;
      }
      if (c === '[') {
        const close = p.indexOf(']', pi + 2);
        if (close > 0) {
          if (classMatches(p.slice(pi + 1, close), s[si]!)) {
            pi = close + 1;
            si++;
            continue;
          }
        } else if (s[si] === '[') {
          pi++;
          si++;
          continue;
        }
      } else if (c === s[si]) {
        pi++;
        si++;
        continue;
      }
    }
    if (starP < 0) return false;
    pi = starP + 1;
    si = ++starS;
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}

function classMatches(body: string, char: string): boolean {
  const negated = body.startsWith('!') || body.startsWith('^');
  const set = negated ? body.slice(1) : body;
  let hit = false;
  for (let i = 0; i < set.length; i++) {
    if (set[i + 1] === '-' && i + 2 < set.length) {
      if (char >= set[i]! && char <= set[i + 2]!) hit = true;
      i += 2;
    } else if (set[i] === char) {
      hit = true;
    }
  }
  return hit !== negated;
}

/** Was `globMatches` in hardline/paths.ts: bash pattern matching with backslash escapes. */
export function hardlineGlobMatches(pattern: string, name: string): boolean {
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = 0;
  while (s < name.length) {
    if (p < pattern.length) {
      const pc = pattern[p]!;
      if (pc === '*') {
        starP = p++;
        starS = s;
        continue;
      }
      if (pc === '?') {
        p++;
        s++;
        continue;
      }
      if (pc === '[') {
        const cls = matchBracket(pattern, p, name[s]!);
        if (cls !== null) {
          if (cls.matched) {
            p = cls.next;
            s++;
            continue;
          }
        } else if (name[s] === '[') {
          p++;
          s++;
          continue;
        }
      } else if (pc === '\\' && p + 1 < pattern.length) {
        if (pattern[p + 1] === name[s]) {
          p += 2;
          s++;
          continue;
        }
      } else if (pc === name[s]) {
        p++;
        s++;
        continue;
      }
    }
    if (starP === -1) return false;
    p = starP + 1;
    s = ++starS;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

function matchBracket(pattern: string, start: number, ch: string): { matched: boolean; next: number } | null {
  let i = start + 1;
  const negate = pattern[i] === '!' || pattern[i] === '^';
  if (negate) i++;
  let matched = false;
  let first = true;
  while (i < pattern.length && (first || pattern[i] !== ']')) {
    first = false;
    const lo = pattern[i]!;
    if (pattern[i + 1] === '-' && i + 2 < pattern.length && pattern[i + 2] !== ']') {
      const hi = pattern[i + 2]!;
      if (ch >= lo && ch <= hi) matched = true;
      i += 3;
    } else {
      if (ch === lo) matched = true;
      i++;
    }
  }
  if (i >= pattern.length) return null;
  return { matched: matched !== negate, next: i + 1 };
}
