import { parseListEntries, type ListEntry } from './listEntry';

/**
 * The built-in default allow list (D§6): read-only everyday commands that should cost neither a
 * model call nor a prompt. On by default, switchable off, never rated.
 *
 * The bar for a line here: the entry must stay read-only for ANY words an agent can add after
 * it, given the rest of the gate — the matcher (every segment covered, no opaque words, no
 * assignment outside the harmless list, no write redirect, no wrapper, no executed payload) and
 * the carve-out table (`carveOuts.ts`). Printing to the terminal is not a write. Where a program
 * has ANY argument form that writes, runs something or changes state and the carve-out table does
 * not take that form away, the entry is narrowed (a glob without `*`, or a regexp) instead.
 *
 * Why each line is here, and what it leans on:
 * - `ls`, `cat`, `head`, `tail`, `wc`, `stat`, `du`, `df`, `cut`, `tr`, `diff`, `grep`, `echo`,
 *   `pwd`, `whoami`, `uname`, `which`, `basename`, `dirname`, `realpath`: read or print only; no
 *   option of theirs runs a program or writes a file (`tail -f` never ends, which is harmless;
 *   `diff` has no option that runs a helper — that is `sdiff`/`diff3`, which are not here).
 * - `rg`: carve-outs take away `--pre`, `--hostname-bin`, `-z/--search-zip`.
 * - `find`: carve-outs take away `-exec`, `-execdir`, `-ok`, `-okdir`, `-delete`, `-fprint*`, `-fls`.
 * - `fd`: carve-outs take away `-x/--exec`, `-X/--exec-batch`.
 * - `tree`: carve-outs take away `-o FILE` and `-R` (which writes HTML files).
 * - `file`: carve-outs take away `-C/--compile` (writes a magic file).
 * - `sort`: carve-outs take away `-o/--output` and `--compress-program`.
 * - `uniq`: carve-outs take away a second file operand (uniq writes its output there).
 * - `sed`: carve-outs (the reader in `programs/sed.ts`) take away `-i`, `-f`, unreadable scripts and `e`, `w`, `W`,
 *   `s///e` or `s///w`; what is left prints to standard output.
 * - `printf`: carve-outs take away `-v NAME` (the builtin assigns a shell variable).
 * - `date`: carve-outs take away `-s/--set` and any operand other than `+FORMAT` (`date
 *   MMDDhhmm` sets the clock too).
 * - `git status|log|diff|show|rev-parse|blame|ls-files`: read the repository. A prefix entry
 *   already excludes options before the subcommand (`git -c …`); carve-outs take away
 *   `--output`, `--ext-diff` and `--textconv` from log/diff/show.
 * - `git branch`: with arguments it creates, renames, deletes or re-targets branches, so only
 *   the listing forms are here (a regexp over the argv text).
 * - `git remote`: `git remote -v add …` adds a remote, so only `git remote`, `git remote -v`
 *   and `git remote --verbose` exactly.
 * - `git --version`, `node --version|-v`, `npm --version|-v`, `python --version|-V`,
 *   `python3 --version|-V`: exactly these words; any other argument could run code.
 *
 * Deliberately absent: `less`, `more`, `man` (interactive pagers: their key commands run shells,
 * and LESSOPEN preprocessors come from the environment), `env`/`printenv` (print secrets), `awk`
 * (a programming language; the carve-out row reads programs conservatively but a user should opt
 * in), `jq` (reads the environment via `env`/`$ENV`), `xargs`, `watch` (always executors),
 * `git branch`/`git tag`/`git stash`/`git config` in their general forms (they write), `ps` (shows
 * other processes' arguments and, with `e`, their environments).
 */
const DEFAULT_ALLOW_SOURCE: readonly unknown[] = [
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'pwd',
  'grep',
  'rg',
  'find',
  'fd',
  'tree',
  'stat',
  'file',
  'which',
  'echo',
  'printf',
  'date',
  'whoami',
  'uname',
  'sort',
  'uniq',
  'cut',
  'tr',
  'diff',
  'du',
  'df',
  'sed',
  'basename',
  'dirname',
  'realpath',
  'git status',
  'git log',
  'git diff',
  'git show',
  'git rev-parse',
  'git blame',
  'git ls-files',
  { match: 'regexp', pattern: '^git branch( (-a|-r|-v|-vv|--all|--remotes|--list|--verbose|--show-current|--no-color|--no-column))*$' },
  { match: 'glob', pattern: 'git remote' },
  { match: 'glob', pattern: 'git remote -v' },
  { match: 'glob', pattern: 'git remote --verbose' },
  { match: 'glob', pattern: 'git --version' },
  { match: 'glob', pattern: 'node --version' },
  { match: 'glob', pattern: 'node -v' },
  { match: 'glob', pattern: 'npm --version' },
  { match: 'glob', pattern: 'npm -v' },
  { match: 'glob', pattern: 'python --version' },
  { match: 'glob', pattern: 'python -V' },
  { match: 'glob', pattern: 'python3 --version' },
  { match: 'glob', pattern: 'python3 -V' },
];

const parsed = parseListEntries(DEFAULT_ALLOW_SOURCE, 'default-allow', 'built-in');

/**
 * Problems reading the built-in list itself (always empty; a test keeps it so). Exported so a
 * broken edit shows up in the test run rather than as silently missing entries.
 */
export const DEFAULT_ALLOW_LIST_ERRORS = parsed.errors;

/** The built-in default allow entries: list `default-allow`, never rated, source `built-in`. */
export const DEFAULT_ALLOW_LIST: readonly ListEntry[] = Object.freeze(parsed.entries);
