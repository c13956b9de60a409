/**
 * git configuration keys that make git start a program: the ONE list every layer reads (D§4.3).
 * The carve-out of `git -c KEY=…` names the key's use (carveOuts.ts), and the payload reader
 * hands the program text to the hardline floor and the lists (executorPayloads.ts).
 *
 * Proven against the real git: test/unit/programs/gitDifferential.test.ts runs `git -c KEY=VALUE …` for
 * every candidate in test/fixtures/programs/git-config-keys.json in a sandbox, and fails when a
 * key that really ran a program is missing here, or when git handed a value to `/bin/sh -c` and
 * {@link gitConfigCode} would not report it as shell text. Keys the sandbox cannot show running
 * (helpers that are shell scripts, upload-pack started through the shell) are here from git's
 * manual, with the reason in the fixture.
 *
 * Matching is on the lower-cased key (section and variable names are case-insensitive in git;
 * subsections are not, but folding them only matches more). `.+` is a subsection, which may
 * itself hold dots (`credential.https://host.helper`).
 */

/** How git uses a key's value. */
export type GitKeyUse =
  /** The value is shell text: git runs `sh -c VALUE` (or execs it when it has no shell characters). */
  | 'shell-text'
  /** git splits the value into words itself and execs them, no shell (`gpg.ssh.defaultKeyCommand`). */
  | 'words'
  /** `!TEXT` is shell text; any other value runs git with the value's words, options included. */
  | 'alias'
  /** `!TEXT` is shell text; other values are keywords (`submodule.*.update=rebase`). */
  | 'bang'
  /** `!TEXT` and an absolute path are shell text; a bare NAME runs `git credential-NAME`. */
  | 'credential-helper'
  /** The value is the path of a program git execs with arguments of its own. */
  | 'program'
  /** The value names files git loads that can run programs (hooks, other config, templates). */
  | 'loads'
  /** A URL value: `ext::CMD` runs CMD, `NAME::…` runs the helper `git remote-NAME`. */
  | 'url-value'
  /** `url.BASE.insteadOf`: URLs are rewritten to BASE, which is an `ext::`/`NAME::` URL like above. */
  | 'url-base';

export interface GitProgramKey {
  pattern: RegExp;
  use: GitKeyUse;
}

export const GIT_PROGRAM_KEYS: readonly GitProgramKey[] = [
  { pattern: /^core\.(pager|editor|sshcommand|fsmonitor|alternaterefscommand)$/, use: 'shell-text' },
  { pattern: /^pager\..+$/, use: 'shell-text' },
  { pattern: /^sequence\.editor$/, use: 'shell-text' },
  { pattern: /^diff\.external$/, use: 'shell-text' },
  { pattern: /^diff\..+\.(command|textconv)$/, use: 'shell-text' },
  { pattern: /^filter\..+\.(clean|smudge|process)$/, use: 'shell-text' },
  { pattern: /^merge\..+\.driver$/, use: 'shell-text' },
  { pattern: /^(difftool|mergetool|man|browser)\..+\.cmd$/, use: 'shell-text' },
  { pattern: /^trailer\..+\.(cmd|command)$/, use: 'shell-text' },
  { pattern: /^imap\.tunnel$/, use: 'shell-text' },
  { pattern: /^interactive\.difffilter$/, use: 'shell-text' },
  { pattern: /^uploadpack\.packobjectshook$/, use: 'shell-text' },
  { pattern: /^remote\..+\.(uploadpack|receivepack)$/, use: 'shell-text' },
  // Hooks defined in configuration (newer git than 2.39): the command is shell text.
  { pattern: /^hook\..+\.command$/, use: 'shell-text' },
  { pattern: /^gpg\.ssh\.defaultkeycommand$/, use: 'words' },
  { pattern: /^alias\..+$/, use: 'alias' },
  { pattern: /^submodule\..+\.update$/, use: 'bang' },
  { pattern: /^credential(\..+)?\.helper$/, use: 'credential-helper' },
  { pattern: /^core\.(gitproxy|askpass)$/, use: 'program' },
  { pattern: /^gpg(\..+)?\.program$/, use: 'program' },
  { pattern: /^(difftool|mergetool|man|browser)\..+\.path$/, use: 'program' },
  { pattern: /^web\.browser$/, use: 'program' },
  { pattern: /^remote\..+\.vcs$/, use: 'program' },
  { pattern: /^(include\.path|includeif\..+\.path|core\.hookspath|init\.templatedir)$/, use: 'loads' },
  { pattern: /^remote\..+\.(url|pushurl)$/, use: 'url-value' },
  { pattern: /^url\..+\.(insteadof|pushinsteadof)$/, use: 'url-base' },
];

/** The row for `key` (any case), or null when git never starts a program for it. */
export function gitProgramKey(key: string): GitProgramKey | null {
  const folded = key.toLowerCase();
  return GIT_PROGRAM_KEYS.find((row) => row.pattern.test(folded)) ?? null;
}

/**
 * What git would run for `key=value`, as far as it can be read:
 * - `shell-text`: text git runs (or splits into words and execs: read as shell text, it shows
 *   the same program and arguments to the floor and the lists);
 * - `program`: a program path git execs with arguments of its own;
 * - `null`: the key runs nothing, or runs something that the value does not spell (a loaded
 *   file, a `git remote-NAME` helper, git's own subcommand for a plain alias). The carve-out
 *   still refuses every `-c`; this only feeds the readers of executed text.
 */
export type GitConfigCode = { kind: 'shell-text'; text: string } | { kind: 'program'; path: string } | null;

export function gitConfigCode(key: string, value: string): GitConfigCode {
  const row = gitProgramKey(key);
  if (row === null) return null;
  switch (row.use) {
    case 'shell-text':
    case 'words':
      return { kind: 'shell-text', text: value };
    case 'alias':
      // `alias.lg=-c core.pager=CMD log` runs git with those options: read as the git command it
      // is (git splits the value with quotes much like the shell does), so its payloads are found.
      if (value.startsWith('!')) return { kind: 'shell-text', text: value.slice(1) };
      return value.trim() === '' ? null : { kind: 'shell-text', text: `git ${value}` };
    case 'bang':
      return value.startsWith('!') ? { kind: 'shell-text', text: value.slice(1) } : null;
    case 'credential-helper':
      if (value.startsWith('!')) return { kind: 'shell-text', text: value.slice(1) };
      if (value.startsWith('/')) return { kind: 'shell-text', text: value };
      return value === '' ? null : { kind: 'shell-text', text: `git credential-${value}` };
    case 'program':
      return value === '' ? null : { kind: 'program', path: value };
    case 'url-value':
      return extUrlCode(value);
    case 'url-base': {
      // `url.BASE.insteadOf`: BASE is the subsection, between the first dot and the last one.
      const base = key.slice(key.indexOf('.') + 1, key.lastIndexOf('.'));
      return extUrlCode(base);
    }
    case 'loads':
      return null;
  }
}

/** `ext::CMD ARGS`: git's remote-ext splits at spaces and unescapes `% ` itself, then execs. */
function extUrlCode(url: string): GitConfigCode {
  if (!url.toLowerCase().startsWith('ext::')) return null;
  return { kind: 'shell-text', text: extCommandText(url.slice(5)) };
}

/**
 * The command of an `ext::` URL (after `ext::`) as shell text: git splits it into words at
 * unescaped spaces, `% ` being a space inside a word and `%%` a percent sign (`%s`, `%S`, `%G`
 * are git's own placeholders, left as written), then execs the words: `sh -c rm% -rf% ~` is the
 * argv `sh`, `-c`, `rm -rf ~`. Each word is single-quoted, as git hands it over unexpanded.
 */
export function extCommandText(command: string): string {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === '%' && (command[i + 1] === ' ' || command[i + 1] === '%')) {
      word += command[++i];
    } else if (c === ' ') {
      if (word !== '') words.push(word);
      word = '';
    } else {
      word += c;
    }
  }
  if (word !== '') words.push(word);
  return words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
}
