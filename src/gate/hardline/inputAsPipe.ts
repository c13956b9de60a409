/**
 * What `xargs` reads, however it is handed (D§5; docs/decisions.md "What xargs reads, however it
 * is handed"): a file that is a process substitution (`xargs -a <(CMD) …`, `--arg-file=<(CMD)`),
 * standard input redirected from one (`xargs … < <(CMD)`) or a here-string (`xargs … <<< WORDS`)
 * are what a pipe from CMD (or from `printf '%s\n' WORDS`) would give it. The line is handed back
 * with each such xargs written as that pipe, for the data-flow reading of pipes (dataFlow.ts) to
 * judge; null when it has none. Substitutions with nested parentheses, and xargs options longer
 * than 512 characters, are not read.
 */

/** `xargs OPTIONS -a <(CMD) REST`, `--arg-file=<(CMD)`, `--arg-file <(CMD)` within one command. */
const ARG_FILE = /((?:^|[;&|\n(]\s*)(?:sudo\s+)?)(xargs\b[^;&|\n<]{0,512}?)\s+(?:-a\s*|--arg-file(?:=|\s+))<\(([^()]*)\)([^;&|\n]*)/g;

/** `xargs OPTIONS < <(CMD)` and `xargs OPTIONS <<< WORDS` within one command. */
const REDIRECTED = /((?:^|[;&|\n(]\s*)(?:sudo\s+)?)(xargs\b[^;&|\n<]{0,512}?)\s*(?:<\s*<\(([^()]*)\)|<<<\s*('[^']*'|"(?:[^"\\]|\\.)*"|[^\s;&|]+))([^;&|\n]*)/g;

export function xargsInputAsPipe(text: string): string | null {
  if (!text.includes('xargs') || !text.includes('<')) return null;
  const out = text
    .replace(ARG_FILE, (_whole, start: string, xargs: string, source: string, rest: string) => `${start}${source} | ${xargs}${rest}`)
    .replace(REDIRECTED, (_whole, start: string, xargs: string, source: string | undefined, words: string | undefined, rest: string) =>
      `${start}${source ?? `printf '%s\\n' ${words!}`} | ${xargs}${rest}`,
    );
  return out === text ? null : out;
}
