/**
 * Environment variables whose value is a command (docs/decisions.md "Environment values that are
 * command text"): a program reads them and runs the value through a shell (`GIT_PAGER`, `EDITOR`,
 * `GIT_SSH_COMMAND`, less's `LESSOPEN` after its `|`), so `GIT_PAGER='sudo reboot #' git log` runs
 * `sudo reboot`. Whichever program the assignment stands before, the value is read as the shell text
 * it may become (at its worst: any program may start a pager or an editor), as an assignment in
 * front of the command, through `env NAME=VALUE`, and in `export NAME=VALUE` (and `declare -x` …).
 *
 * The one list of such names. `execution/environmentScrub.ts` replaces the pagers and removes the
 * hooks of the environment an approved command inherits; this table says how the floor reads what
 * a command line sets itself.
 */
import type { Word } from '../reading/resolution';

/** Names whose value a program runs as a command, each with what runs it. */
const COMMAND_VARIABLES: Readonly<Record<string, string>> = Object.freeze({
  GIT_PAGER: 'git, to page its output',
  GIT_EDITOR: 'git, to edit a message',
  GIT_SEQUENCE_EDITOR: 'git rebase -i, to edit the todo list',
  GIT_SSH_COMMAND: 'git, to reach a remote over ssh',
  GIT_SSH: 'git, to reach a remote over ssh',
  GIT_PROXY_COMMAND: 'git, to connect through a proxy',
  GIT_EXTERNAL_DIFF: 'git diff, to show a difference',
  GIT_ASKPASS: 'git, to ask for a password',
  SSH_ASKPASS: 'ssh, to ask for a passphrase',
  SUDO_ASKPASS: 'sudo -A, to ask for a password',
  EDITOR: 'programs that open an editor',
  VISUAL: 'programs that open an editor',
  FCEDIT: 'the shell, to edit history',
  PAGER: 'programs that page their output',
  MANPAGER: 'man, to page a manual',
  BROWSER: 'programs that open a web page',
  LESSOPEN: 'less, to preprocess each file it opens',
  LESSCLOSE: 'less, to clean up after a file',
  PROMPT_COMMAND: 'bash, before each prompt',
  RSYNC_RSH: 'rsync, to reach a remote',
  CVS_RSH: 'cvs, to reach a remote',
  SVN_EDITOR: 'svn, to edit a message',
  SVN_SSH: 'svn, to reach a remote over ssh',
  HGEDITOR: 'hg, to edit a message',
  // Build tools that start the value as a program with its words (docs/decisions.md
  // "Environment values that are command text": a wrapper, a runner, a compiler named).
  RUSTC_WRAPPER: 'cargo, to start the compiler through it',
  RUSTC_WORKSPACE_WRAPPER: 'cargo, to start the compiler through it',
  CARGO_BUILD_RUSTC_WRAPPER: 'cargo, to start the compiler through it',
  CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER: 'cargo, to start the compiler through it',
  CARGO_BUILD_RUSTC: 'cargo, as the compiler',
  CARGO_BUILD_RUSTDOC: 'cargo, as the documentation compiler',
  RUSTC: 'cargo, as the compiler',
  RUSTDOC: 'cargo, as the documentation compiler',
  CC: 'make, configure scripts and build tools, as the C compiler',
  CXX: 'make, configure scripts and build tools, as the C++ compiler',
  CCACHE_PREFIX: 'ccache, in front of the compiler',
  NPM_CONFIG_SCRIPT_SHELL: 'npm run, as the shell of the scripts',
  npm_config_script_shell: 'npm run, as the shell of the scripts',
});

/**
 * Names a build tool builds from a target or language (`CARGO_TARGET_<TRIPLE>_RUNNER`: cargo runs
 * the built tests and binaries through it, `CARGO_TARGET_<TRIPLE>_LINKER`,
 * `CMAKE_<LANG>_COMPILER_LAUNCHER`): the value is started as a program with its words.
 */
const COMMAND_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^CARGO_TARGET_[A-Z0-9_]+_(?:RUNNER|LINKER)$/, 'cargo, to run or link what it builds for that target'],
  [/^CMAKE_[A-Z]+_COMPILER_LAUNCHER$/, 'cmake, in front of the compiler'],
];

/** Pagers and editors of any program (`SYSTEMD_PAGER`, `KUBE_EDITOR`, `GH_PAGER`, `PSQL_PAGER`). */
const COMMAND_SUFFIX = /_(?:PAGER|EDITOR|ASKPASS)$/;

/** What runs a variable's value as a command, or undefined when the name is not one of those. */
export function commandVariable(name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(COMMAND_VARIABLES, name)) return COMMAND_VARIABLES[name];
  if (COMMAND_SUFFIX.test(name)) return 'the program it names, to page, edit or ask';
  return COMMAND_PATTERNS.find(([pattern]) => pattern.test(name))?.[1];
}

/** A value as the shell text it runs: less's input hooks start with `|` or `||` (a pipe), which is not part of the command. */
export function commandVariableText(name: string, value: string): string {
  return name === 'LESSOPEN' || name === 'LESSCLOSE' ? value.replace(/^\|{1,2}-?/, '') : value;
}

/** Builtins whose `NAME=VALUE` words set (and export) a variable for the rest of the line. */
const SETTERS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** A `NAME=VALUE` word split at its first `=`, or null (`+=` appends: the value is read alike). */
export function assignmentWord(word: Word): { name: string; value: Word } | null {
  const text = word.kind === 'literal' ? word.value : word.raw;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(text);
  if (match === null) return null;
  const rest = text.slice(match[0].length);
  return { name: match[1]!, value: word.kind === 'literal' ? { kind: 'literal', value: rest, raw: rest } : { kind: 'opaque', raw: rest, expansions: word.expansions } };
}

/**
 * The `NAME=VALUE` words of `export`/`declare`/… (argv words after the builtin), as assignments;
 * none for another program.
 */
export function setterAssignments(argv: readonly Word[]): Array<{ name: string; value: Word }> {
  const first = argv[0];
  if (first === undefined || first.kind !== 'literal' || !SETTERS.has(first.value)) return [];
  const out: Array<{ name: string; value: Word }> = [];
  for (let k = 1; k < argv.length; k++) {
    const assigned = assignmentWord(argv[k]!);
    if (assigned !== null) out.push(assigned);
  }
  return out;
}
