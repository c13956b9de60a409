/**
 * The live preview of the card's "Always allow…" editor (D§11): which recent commands a prefix or
 * glob entry would cover. A deliberately simple matcher over plain strings, run in the browser
 * as the person types. It is a guide, not the judge: the extension reads whatever entry comes
 * back with the gate's real list parser and matcher before storing anything
 * (`src/protocol/allowEntryCheck.ts`), and refuses an entry that does not cover the command on
 * the card.
 *
 * Words: split at unquoted blanks; single quotes, double quotes and a backslash group and are
 * removed (no expansions). Prefix: the pattern's words start the command's words. Glob: the
 * whole command, where a word that is just `*` matches any run of words (none included) and a
 * `*` inside a word matches any run of characters within that word. Unlike the gate, a quoted
 * `*` is still a wildcard here, and shell operators are plain words.
 *
 * Browser-safe and DOM-free.
 */

export interface PreviewEntry {
  match: 'prefix' | 'glob';
  pattern: string;
}

/** Shell-like words of `text`: blanks split, quotes group and are removed. */
export function simpleWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      const end = close < 0 ? text.length : close;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text.charAt(i + 1);
      inWord = true;
      i++;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Whether `entry` covers `command` under the simple rules above. An empty pattern covers nothing. */
export function entryCovers(entry: PreviewEntry, command: string): boolean {
  const pattern = simpleWords(entry.pattern);
  if (pattern.length === 0) return false;
  const words = simpleWords(command);
  if (entry.match === 'prefix') {
    return pattern.length <= words.length && pattern.every((p, i) => p === words[i]);
  }
  return globWords(pattern, words);
}

/** Each command with whether the entry covers it, in the order given. */
export function previewEntry(entry: PreviewEntry, commands: readonly string[]): Array<{ command: string; covered: boolean }> {
  return commands.map((command) => ({ command, covered: entryCovers(entry, command) }));
}

/** Glob over words; `reachable[j]`: the pattern so far can end just before word `j`. O(pattern × words). */
function globWords(pattern: readonly string[], words: readonly string[]): boolean {
  let reachable = new Array<boolean>(words.length + 1).fill(false);
  reachable[0] = true;
  for (const item of pattern) {
    const next = new Array<boolean>(words.length + 1).fill(false);
    if (item === '*') {
      let any = false;
      for (let j = 0; j <= words.length; j++) {
        any ||= reachable[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < words.length; j++) if (reachable[j] && wildcardWord(item, words[j]!)) next[j + 1] = true;
    }
    reachable = next;
  }
  return reachable[words.length]!;
}

/** `*` inside a word matches any run of characters; everything else is literal. Greedy with one backtrack point: O(pattern × word) at worst. */
export function wildcardWord(pattern: string, word: string): boolean {
  let p = 0;
  let w = 0;
  let star = -1;
  let resume = 0;
  while (w < word.length) {
    if (p < pattern.length && pattern.charAt(p) !== '*' && pattern.charAt(p) === word.charAt(w)) {
      p++;
      w++;
    } else if (p < pattern.length && pattern.charAt(p) === '*') {
      star = p++;
      resume = w;
    } else if (star >= 0) {
      p = star + 1;
      w = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern.charAt(p) === '*') p++;
  return p === pattern.length;
}
