/**
 * Shell escapes of languages the gate has no reader for (D§5; docs/decisions.md "Code the gate
 * cannot read handed to a shell"): the one place each language hands text to a shell, said as that
 * shell text, so that the floor's arms judge it. Each is a language row's `declarations` (rows.ts):
 *
 * - TeX: `\write18{TEXT}` (with or without `\immediate`), `\input|"TEXT"`, `\openin…=|"TEXT"`;
 * - roff (groff, troff, nroff in unsafe mode `-U`): the requests `.sy TEXT` and `.pso TEXT`;
 * - RPM macros (`rpm --eval`, `rpmbuild`, `rpmspec`): `%(TEXT)`, and `os.execute("TEXT")` /
 *   `io.popen("TEXT")` inside `%{lua: …}`;
 * - SQL*Plus: `HOST TEXT`, `HO TEXT`, `!TEXT` and `$TEXT` lines;
 * - consoles that run what they do not know as a shell command (msfconsole): every statement.
 *
 * At worst on purpose: the escape is read whether or not the program's option that allows it is
 * given (TeX's `--shell-escape`, groff's `-U`): the text is the program's own.
 */

/** The text of each `{…}` group opened at `open` in `code`, braces balanced (TeX groups, RPM `%{…}`). */
function balanced(code: string, start: number, open: string, close: string): string | null {
  let depth = 0;
  for (let k = start; k < code.length; k++) {
    const char = code[k];
    if (char === '\\' && open === '{' && k + 1 < code.length && (code[k + 1] === '{' || code[k + 1] === '}')) {
      k++;
      continue;
    }
    if (char === open) depth++;
    else if (char === close && --depth === 0) return code.slice(start + 1, k);
  }
  return null;
}

/** TeX's shell escapes: `\write18{…}`, `\input|"…"` and `\openin N=|"…"` (a pipe input). */
export function texShellEscapes(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/\\write\s*18\s*(?=\{)/g)) {
    const text = balanced(code, match.index + match[0].length, '{', '}');
    if (text !== null) out.push(text.replace(/\\([%&#${}_~^ ])/g, '$1'));
  }
  for (const match of code.matchAll(/\\(?:input|openin\s*\\?\w*\s*=?)\s*\|\s*"([^"]*)"/g)) out.push(match[1]!);
  return out;
}

/** roff's shell requests: `.sy TEXT` runs TEXT, `.pso TEXT` runs it and reads its output. */
export function roffShellRequests(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/^[.'][ \t]*(?:sy|pso)[ \t]+(.+)$/gm)) out.push(match[1]!.replace(/\\-/g, '-').replace(/\\\\/g, '\\'));
  return out;
}

/** RPM macros' shell and Lua: `%(TEXT)`, and `os.execute`/`io.popen` in `%{lua: …}`. */
export function rpmMacroShells(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/%(?=\()/g)) {
    const text = balanced(code, match.index + 1, '(', ')');
    if (text !== null) out.push(text);
  }
  for (const match of code.matchAll(/%\{lua:/g)) {
    const body = balanced(code, match.index + 1, '{', '}') ?? code.slice(match.index);
    for (const call of body.matchAll(/\b(?:os\.execute|io\.popen)\s*\(?\s*(?:"([^"]*)"|'([^']*)'|\[\[([\s\S]*?)\]\])/g)) out.push(call[1] ?? call[2] ?? call[3] ?? '');
  }
  return out;
}

/** SQL*Plus's host commands: a line `HOST TEXT` (or `HO`), `!TEXT` or `$TEXT`. */
export function sqlplusHostCommands(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/^[ \t]*(?:ho(?:st)?[ \t]+|[!$][ \t]*)(.+)$/gim)) out.push(match[1]!);
  return out;
}

/** A console that runs any command it does not know as a shell command: each statement (`;` or a line). */
export function consoleStatements(code: string): string[] {
  return code
    .split(/[;\n]/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}
