/**
 * A Windows program's words as written (D§5, docs/decisions.md "Windows words as written"). From
 * WSL, bash removes the backslashes of an unquoted word before a Windows program sees it: `cmd.exe
 * /c rmdir /s /q C:\Users` hands cmd `C:Users`, `reg.exe delete HKLM\SYSTEM\…` a key without its
 * path. The agent meant the path it wrote, and one quoting fix makes it real, so for the floors
 * only a command that runs a Windows program is read a second time with each such word as
 * written: quote characters dropped, an unquoted backslash kept with the character it escapes.
 * Refusing is the conservative side; every other layer reads the words bash hands on. A word
 * holding Windows' doubled quotes is read as written whole (`DOUBLED_QUOTES`).
 */
import type { Word } from '../reading/resolution';
import { commandName } from './commandName';
import { WINDOWS_PROGRAMS } from './windows';

/** Windows shells and interpreters, read by their rows, whose words are command lines. */
const WINDOWS_SHELLS: ReadonlySet<string> = new Set(['cmd', 'powershell', 'pwsh', 'start', 'schtasks', 'wsl', 'mshta', 'cscript', 'wscript']);

/**
 * A doubled double quote inside a word (`Execute("CreateObject(""WScript.Shell"").Run …")`): the
 * quoting of a Windows command line (cmd, the C runtime and VBScript read `""` as a quote). Bash
 * drops every one of them; the agent wrote the Windows text, which is the word as written.
 */
const DOUBLED_QUOTES = /[^"\s]""|""[^"\s]/;

/** Whether a word names a Windows program: an `.exe` name, or one of Windows' own programs judged in windows.ts. */
function windowsProgram(word: Word): boolean {
  if (word.kind !== 'literal') return false;
  if (/\.(?:exe|com|bat|cmd)$/i.test(word.value)) return true;
  const name = commandName(word)?.name;
  return name !== undefined && (WINDOWS_PROGRAMS.has(name) || WINDOWS_SHELLS.has(name));
}

/**
 * The text a literal word was written as: quote characters dropped, a backslash outside quotes
 * kept with the character after it (but for a quote, a blank or a backslash it escapes), inside
 * double quotes read as bash reads it. Null when the word has no backslash outside quotes (it
 * reads the same) or is not a literal.
 */
export function writtenText(word: Word): string | null {
  // Windows' doubled quotes: the word as written whole (an unquoted `(` makes it no literal to bash).
  if (DOUBLED_QUOTES.test(word.raw) && !word.raw.startsWith("'")) return word.raw;
  if (word.kind !== 'literal' || !word.raw.includes('\\')) return null;
  const raw = word.raw;
  let out = '';
  let quote: '' | "'" | '"' = '';
  let changed = false;
  for (let k = 0; k < raw.length; k++) {
    const c = raw[k]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      else out += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = '';
      else if (c === '\\' && k + 1 < raw.length && '"\\$`'.includes(raw[k + 1]!)) out += raw[++k]!;
      else out += c;
      continue;
    }
    if (c === "'" || c === '"') {
      // `$'…'` and `$"…"` are not read here.
      if (out.endsWith('$')) return null;
      quote = c;
      continue;
    }
    if (c === '\\' && k + 1 < raw.length) {
      const next = raw[k + 1]!;
      k++;
      if (next === "'" || next === '"' || next === ' ' || next === '\t' || next === '\n') {
        out += next === '\n' ? '' : next;
        continue;
      }
      // `\\` is a backslash bash keeps; written, it is two (a UNC start `\\.\`).
      out += `\\${next}`;
      changed = true;
      continue;
    }
    out += c;
  }
  return changed ? out : null;
}

/**
 * The argv read with its words as written, when a word of it names a Windows program and some
 * word after it was written with an unquoted backslash; null otherwise.
 */
export function windowsWordsAsWritten(argv: readonly Word[]): Word[] | null {
  const start = argv.findIndex(windowsProgram);
  if (start === -1) return null;
  let out: Word[] | null = null;
  for (let k = start + 1; k < argv.length; k++) {
    const text = writtenText(argv[k]!);
    if (text === null) continue;
    out ??= argv.slice();
    out[k] = { kind: 'literal', value: text, raw: argv[k]!.raw };
  }
  return out;
}
