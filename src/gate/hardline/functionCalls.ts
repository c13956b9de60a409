/**
 * Functions defined and called on the same line, for the hardline floor (D§5; docs/decisions.md
 * "A function called on the line runs its body with the call's words"): `f() { rm -rf "$1"; }; f ~`
 * runs `rm -rf ~`. Each call of a function the line defined earlier is read as the function's body
 * with its positional parameters (`$1`…`$9`, `${N}`, `$@`, `$*`, quoted or not) replaced by the
 * call's words as they are written there, so the caller's quoting and expansions (`~`, `$HOME`)
 * stay what they are. Only bodies without nested braces (but `${…}`) are read; a call through a
 * variable is not seen.
 */

/** At most this many definitions and calls are read (each definition scans the rest of the line once), and bodies this long. */
const MAX_DEFINITIONS = 16;
const MAX_CALLS = 16;
const MAX_BODY = 4096;

/** `NAME() { BODY }`, `function NAME { BODY }`, `function NAME() { BODY }` at the start of a command. */
const DEFINITION = /(?:^|[;&|\n(]\s*)(?:function\s+([A-Za-z_][\w.:-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w.:-]*)\s*\(\s*\))\s*\{((?:[^{}$]|\$\{[^{}]*\}|\$(?!\{))*)\}/g;

/** The words of a call up to the end of its command, quotes kept (`'a b'`, `"$HOME"`, `~`). */
const CALL_WORD = /'[^']*'|"(?:[^"\\]|\\.)*"|(?:[^\s;&|()<>'"\\]|\\.)+/g;

/**
 * The text every call of a function defined earlier on the line runs, one call a line, or null
 * when the line calls none.
 */
export function functionCallsText(text: string): string | null {
  if (!text.includes('{')) return null;
  const runs: string[] = [];
  let definitions = 0;
  for (const definition of text.matchAll(DEFINITION)) {
    if (++definitions > MAX_DEFINITIONS) break;
    const name = (definition[1] ?? definition[2])!;
    const body = definition[3]!;
    if (body.length > MAX_BODY) continue;
    const after = text.slice(definition.index + definition[0].length);
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const call = new RegExp(`(?:^|[;&|\\n(]\\s*|\\b(?:then|do|else)\\s+)${escaped}(?=[\\s;&|)]|$)([^;&|\\n)]*)`, 'g');
    for (const found of after.matchAll(call)) {
      if (runs.length >= MAX_CALLS) break;
      const words = [...found[1]!.matchAll(CALL_WORD)].map((match) => match[0]);
      runs.push(withArguments(body, words));
    }
  }
  return runs.length === 0 ? null : runs.join('\n');
}

/** The body with its positional parameters replaced by the call's words. */
function withArguments(body: string, words: readonly string[]): string {
  return body.replace(/"\$(?:\{([0-9])\}|([0-9@*]))"|\$(?:\{([0-9])\}|([0-9@*]))/g, (_whole, a?: string, b?: string, c?: string, d?: string) => {
    const which = (a ?? b ?? c ?? d)!;
    if (which === '@' || which === '*') return words.join(' ');
    if (which === '0') return 'sh';
    return words[Number(which) - 1] ?? "''";
  });
}
