import { gitProgramKey, type GitKeyUse } from '../gitConfigKeys';
import { readTarOptions } from '../tarOptions';
import { readSedInvocation, sedEmptiedFiles } from '../sed';
import { readAwkCommand, type AwkFormKind } from '../awk';
import { mayBecomeOption, readArgs, type Grammar as ProgramGrammar } from '../grammar';
import { printsSecret, type Category, type Form, type ProgramRow, type Role } from '../row';

import { FILE_DELETERS, readFind, searchedEntries } from '../find';
import { criticalFilesNamed } from '../../hardline/criticalNames';
import { literalWord, type Word } from '../../reading/resolution';
import { commandText } from '../commandText';

/**
 * The carve-out table (D§6): for programs that are innocent readers in their everyday form,
 * the options (or operands, or script contents) that turn them into executors or writers. A
 * prefix, glob, regexp or built-in default allow entry never covers a command for which
 * {@link findCarveOut} reports something; only an exact entry or a person's grant can.
 *
 * How the rows read argv, and why that way round:
 * - Every row looks at ALL words after the program unless the program itself stops reading
 *   options at its first operand (then the row does too): GNU tools permute, so `sort in -o out`
 *   writes `out`.
 * - A row only skips a word as an option's value when it is sure the program consumes it; an
 *   unknown option is taken to have no value, so the next word is still examined. Every
 *   uncertainty therefore errs towards reporting a carve-out, never towards missing one.
 * - Long options are compared by prefix too: GNU getopt_long, git and curl accept unambiguous
 *   abbreviations (`sort --out=x`), and an ambiguous one makes the program stop with an error,
 *   so treating any prefix of a dangerous name as that name loses nothing.
 * - Short clusters are read letter by letter (`sed -ni`, `sort -uo out`, `rg -iz`).
 * - A word that is only known at run time (`$X`, a glob) could be any option, so for a program
 *   in the table it is a carve-out by itself.
 */

export interface CarveOut {
  /** The row's program name. */
  program: string;
  /** The word (option, operand or script fragment) that triggered the row. */
  option: string;
  why: string;
}

/** What a row reports before the program name is attached. */
interface Finding {
  option: string;
  why: string;
  /** The role, when it is not the row's own (a git branch deletion among git's executor forms). */
  role?: Role;
  /** Shell text the option runs (`git grep -O'CMD'`), for the floors to read back. */
  payloadText?: string;
  /**
   * The reader could not read the words for sure (a find expression it cannot place, a sed script
   * it cannot compile): not a form an entry may spell, but a reading that is not exact, which every
   * stage sees (the program table's `unreadable`).
   */
  unreadable?: true;
}

interface CarveOutRow {
  program: string;
  /** `args` are the literal words after the program word. */
  check(args: readonly string[]): Finding | null;
}

// ---------------------------------------------------------------------------------------------
// Reading options, conservatively
// ---------------------------------------------------------------------------------------------

type Arity = 'flag' | 'value' | 'optional';

interface Grammar {
  /** Short letters that take a value: attached (`-oFILE`) or the next word (`-o FILE`). */
  shortValue?: string;
  /** Short letters whose value can only be attached (`sed -i.bak`). */
  shortOptional?: string;
  /** Short letters known to take no value (only consulted when `strict`). */
  shortFlags?: string;
  /** Known long options (no dashes) and their arity. */
  long?: Readonly<Record<string, Arity>>;
  /** The program stops reading options at its first operand (getopt with `+`, awk, env, sudo). */
  stopAtOperand?: boolean;
  /**
   * An unknown option makes the reading unsure. Rows whose later logic depends on WHICH word is
   * an operand (the sed script, the awk program, where env's command starts) need this: guessing
   * an unknown option's arity wrong would point them at the wrong word.
   */
  strict?: boolean;
}

type Token =
  | {
      kind: 'option';
      /** For a short option its letter; for a long one every known name it may stand for. */
      names: string[];
      long: boolean;
      /** The word the option came from. */
      word: string;
      value: string | null;
    }
  | { kind: 'operand'; value: string }
  | { kind: 'unknown'; word: string };

/**
 * The words as tokens, read by the one option reader (`grammar.ts`). An ambiguous abbreviation
 * stands for every option it may be; with `strict`, an option the grammar does not know is a token
 * of its own, so that a row can refuse to guess.
 */
function scan(args: readonly string[], grammar: Grammar): Token[] {
  const words = args.map(literalWord);
  const programGrammar: ProgramGrammar = {
    short: grammar.shortValue ?? '',
    shortAttached: grammar.shortOptional ?? '',
    ...(grammar.shortFlags !== undefined ? { flags: grammar.shortFlags } : {}),
    long: grammar.long ?? {},
    ...(grammar.stopAtOperand ? { stopAtOperand: true } : {}),
  };
  const reading = readArgs(words, programGrammar);
  const tokens: Array<{ at: number; token: Token }> = [];
  for (const option of reading.options) {
    const word = args[option.index]!;
    const long = option.name.startsWith('--');
    if (grammar.strict && !option.known && !(long && option.candidates.length > 1)) {
      tokens.push({ at: option.index, token: { kind: 'unknown', word } });
      continue;
    }
    const value = option.value === null ? null : option.value.kind === 'literal' ? option.value.value : option.value.raw;
    tokens.push({ at: option.index, token: { kind: 'option', names: long ? [...option.candidates] : [option.key], long, word, value } });
  }
  reading.operands.forEach((operand, k) => {
    tokens.push({ at: reading.operandIndexes[k]!, token: { kind: 'operand', value: operand.kind === 'literal' ? operand.value : operand.raw } });
  });
  // Options of one cluster share their word's index: a stable sort keeps their order.
  return tokens.sort((x, y) => x.at - y.at).map((t) => t.token);
}

/** The first option token standing for any of `names` (short letters or long names). */
function findOption(tokens: readonly Token[], names: readonly string[]): Extract<Token, { kind: 'option' }> | null {
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    // A one-letter name is a short option, a longer one a long option: each meets only its kind.
    for (const name of token.names) {
      if ((name.length === 1) === !token.long && names.includes(name)) return token;
    }
  }
  return null;
}

function operands(tokens: readonly Token[]): string[] {
  const words: string[] = [];
  for (const token of tokens) if (token.kind === 'operand') words.push(token.value);
  return words;
}

/** A row that fires when any of the named options is present. */
function optionRow(program: string, grammar: Grammar, dangerous: readonly string[], why: string): CarveOutRow {
  return {
    program,
    check(args) {
      const hit = findOption(scan(args, grammar), dangerous);
      return hit ? { option: hit.word, why } : null;
    },
  };
}

/** A row for programs whose whole job is to run another command. */
function alwaysRow(program: string, why: string): CarveOutRow {
  return { program, check: () => ({ option: program, why }) };
}

// ---------------------------------------------------------------------------------------------
// find
// ---------------------------------------------------------------------------------------------

/**
 * find's expression read by the one reader of its grammar (programs/find.ts): an executor or a
 * writer anywhere in it, or anything the reader cannot vouch for, is the carve-out. A value that
 * looks like a primary (`-name -exec`) is a value, and so not one.
 */
const findRow: CarveOutRow = {
  program: 'find',
  check(args) {
    const reading = readFind(args.map(literalWord));
    const executor = reading.executors[0];
    if (executor !== undefined) return { option: executor.primary, why: 'find runs a command for every file it finds' };
    const writer = reading.writers[0];
    if (writer !== undefined) return { option: writer.primary, why: 'find deletes files or writes its listing to a file' };
    if (reading.unreadable !== null) {
      return { option: args[reading.unreadable.index] ?? '', why: `the gate cannot read this find expression exactly (${reading.unreadable.why})`, unreadable: true };
    }
    return null;
  },
};

// ---------------------------------------------------------------------------------------------
// git
// ---------------------------------------------------------------------------------------------

/**
 * git's options before the subcommand (git 2.39 `git.c`): the one grammar every layer reads
 * them with — the carve-out below, the payload search (`git -c KEY=…`) and the write-target
 * reader (`git -C DIR`). `--exec-path` takes its value only attached.
 */
export const GIT_GLOBAL_GRAMMAR: ProgramGrammar = {
  short: 'Cc',
  flags: 'pPhv',
  long: {
    ...Object.fromEntries(['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'list-cmds', 'attr-source'].map((name) => [name, 'value' as const])),
    'exec-path': 'optional',
    ...Object.fromEntries(
      ['paginate', 'no-pager', 'bare', 'no-replace-objects', 'literal-pathspecs', 'glob-pathspecs', 'noglob-pathspecs', 'icase-pathspecs', 'no-optional-locks', 'no-lazy-fetch', 'no-advice', 'version', 'help', 'html-path', 'man-path', 'info-path'].map((name) => [name, 'flag' as const]),
    ),
  },
  stopAtOperand: true,
  abbreviations: false,
};

/** `git clean`'s options (git 2.39 `builtin/clean.c`): `-e` takes a pattern; `-f` may be given twice. */
export const GIT_CLEAN_GRAMMAR: ProgramGrammar = {
  short: 'e',
  flags: 'dfinqxX',
  long: { exclude: ['value', 'e'], ...Object.fromEntries(['dry-run', 'force', 'interactive', 'quiet'].map((name) => [name, 'flag' as const])) },
  abbreviations: true,
};

/**
 * Git's own commands (`git help -a` of git 2.39, and those added since: `replay`, `refs`,
 * `backfill`): the row's reader (`gitRow`) places their words. Any other subcommand is an alias
 * from a configuration file or a `git-NAME` program of the PATH, which no row places: the floors
 * read it as a program without a row (docs/decisions.md "A subcommand the row does not list is
 * unplaced for the floors").
 */
const GIT_COMMANDS: readonly string[] = (
  'add am annotate apply archimport archive backfill bisect blame branch bugreport bundle cat-file check-attr check-ignore check-mailmap ' +
  'check-ref-format checkout checkout-index cherry cherry-pick citool clean clone column commit commit-graph commit-tree config ' +
  'count-objects credential credential-cache credential-store cvsexportcommit cvsimport cvsserver daemon describe diagnose diff ' +
  'diff-files diff-index diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref ' +
  'for-each-repo format-patch fsck fsck-objects gc get-tar-commit-id grep gui hash-object help hook http-backend http-fetch http-push ' +
  'imap-send index-pack init init-db instaweb interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge ' +
  'merge-base merge-file merge-index merge-one-file merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4 ' +
  'pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport range-diff read-tree rebase receive-pack ' +
  'reflog refs remote repack replace replay request-pull rerere reset restore rev-list rev-parse revert rm scalar send-email send-pack ' +
  'sh-i18n sh-setup shell shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule svn ' +
  'switch symbolic-ref tag unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-pack var ' +
  'verify-commit verify-pack verify-tag version whatchanged worktree write-tree'
).split(' ');

/**
 * The grammars of the git subcommands that write files their arguments name (git 2.39's option
 * tables): which options take a value, so that the write-target reader (`writeTargets.ts`) finds
 * the pathspecs, patches and folders among the operands. Unknown options read as flags.
 */
export const GIT_WRITING_SUBCOMMANDS: Readonly<Record<string, { readonly grammar: ProgramGrammar }>> = {
  checkout: {
    grammar: {
      short: 'bB',
      flags: 'qfmlpd',
      long: {
        ...Object.fromEntries(['orphan', 'conflict', 'pathspec-from-file'].map((name) => [name, 'value' as const])),
        track: 'optional',
        'recurse-submodules': 'optional',
      },
      abbreviations: true,
    },
  },
  restore: {
    grammar: {
      short: 's',
      flags: 'qpSWm23',
      long: { ...Object.fromEntries(['source', 'conflict', 'pathspec-from-file'].map((name) => [name, 'value' as const])), 'recurse-submodules': 'optional' },
      abbreviations: true,
    },
  },
  apply: {
    grammar: {
      shortAttached: 'pC',
      flags: 'RNvz3',
      long: Object.fromEntries(['exclude', 'include', 'directory', 'whitespace', 'build-fake-ancestor'].map((name) => [name, 'value' as const])),
      abbreviations: true,
    },
  },
  am: {
    grammar: {
      shortAttached: 'pC',
      flags: 'sSkmuncqi3',
      long: Object.fromEntries(['exclude', 'include', 'directory', 'whitespace', 'patch-format', 'resolvemsg', 'gpg-sign', 'quoted-cr', 'empty', 'show-current-patch'].map((name) => [name, name === 'gpg-sign' || name === 'show-current-patch' ? ('optional' as const) : ('value' as const)])),
      abbreviations: true,
    },
  },
  init: {
    grammar: {
      short: 'b',
      flags: 'q',
      long: { ...Object.fromEntries(['template', 'separate-git-dir', 'object-format', 'ref-format', 'initial-branch'].map((name) => [name, 'value' as const])), shared: 'optional', bare: 'flag', quiet: 'flag' },
      abbreviations: true,
    },
  },
  clone: {
    grammar: {
      short: 'obucj',
      flags: 'vqlsn',
      long: {
        ...Object.fromEntries(
          ['template', 'origin', 'branch', 'upload-pack', 'reference', 'reference-if-able', 'separate-git-dir', 'depth', 'shallow-since', 'shallow-exclude', 'config', 'filter', 'server-option', 'jobs', 'bundle-uri', 'ref-format', 'revision'].map((name) => [name, 'value' as const]),
        ),
        'recurse-submodules': 'optional',
        bare: 'flag',
        mirror: 'flag',
      },
      abbreviations: true,
    },
  },
};

/** Options before the subcommand that only change output or path matching. */
const GIT_HARMLESS_GLOBALS = new Set([
  '--no-pager',
  '-P',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--no-advice',
  '--version',
  '-v',
  '--help',
  '-h',
  '--html-path',
  '--man-path',
  '--info-path',
]);

/** How each kind of program-running key runs its program, for the card. */
const GIT_KEY_USE_WHY: Readonly<Record<GitKeyUse, string>> = {
  'shell-text': 'the value is run as shell text',
  words: 'the value is run as a command',
  alias: 'a value starting with ! is run as shell text, any other as git options and a subcommand',
  bang: 'a value starting with ! is run as shell text',
  'credential-helper': 'the helper is run as shell text',
  program: 'the value is the program git starts',
  loads: 'git loads hooks, configuration or templates from the path',
  'url-value': 'ext:: and NAME:: URLs start a program',
  'url-base': 'URLs are rewritten to an ext:: or NAME:: URL that starts a program',
};

/** Subcommands that take the diff and revision options (`--output`, `--ext-diff`, `--textconv`). */
const GIT_DIFF_LIKE = new Set([
  'log', 'show', 'diff', 'whatchanged', 'format-patch', 'range-diff', 'diff-tree', 'diff-index',
  'diff-files', 'shortlog', 'reflog', 'stash', 'cherry', 'rev-list',
]);

const GIT_DIFF_GRAMMAR: Grammar = {
  long: {
    output: 'value', 'ext-diff': 'flag', textconv: 'flag', 'output-directory': 'value',
    // Exact names that are prefixes of a dangerous one, or start like one, and are harmless.
    text: 'flag', 'no-ext-diff': 'flag', 'no-textconv': 'flag',
    'output-indicator-new': 'value', 'output-indicator-old': 'value', 'output-indicator-context': 'value',
  },
};

/** Per subcommand: the grammar and the dangerous options, each with why. */
const GIT_SUBCOMMANDS: Readonly<Record<string, { grammar: Grammar; dangerous: ReadonlyArray<[string, string]> }>> = {
  grep: {
    grammar: { shortValue: 'efABCm', shortOptional: 'O', long: { 'open-files-in-pager': 'optional', or: 'flag', text: 'flag', textconv: 'flag', 'no-textconv': 'flag' } },
    dangerous: [
      ['O', 'git grep -O opens the matching files in a pager program'],
      ['open-files-in-pager', 'git grep -O opens the matching files in a pager program'],
      ['textconv', 'git grep --textconv runs the textconv programs named in configuration'],
    ],
  },
  clone: {
    grammar: { shortValue: 'bcjou', long: { 'upload-pack': 'value', config: 'value', template: 'value', 'separate-git-dir': 'value' } },
    dangerous: [
      ['u', 'git clone -u names the program to run as upload-pack'],
      ['upload-pack', 'git clone --upload-pack names the program to run'],
      ['c', 'git clone -c writes configuration (hooksPath, fsmonitor) that runs programs'],
      ['config', 'git clone --config writes configuration (hooksPath, fsmonitor) that runs programs'],
      ['template', 'git clone --template copies hooks into the new repository'],
      ['separate-git-dir', 'git clone --separate-git-dir writes the repository elsewhere'],
    ],
  },
  fetch: { grammar: { long: { 'upload-pack': 'value' } }, dangerous: [['upload-pack', 'git fetch --upload-pack names the program to run']] },
  pull: { grammar: { long: { 'upload-pack': 'value' } }, dangerous: [['upload-pack', 'git pull --upload-pack names the program to run']] },
  'ls-remote': {
    grammar: { shortValue: 'u', long: { 'upload-pack': 'value' } },
    dangerous: [['u', 'git ls-remote -u names the program to run'], ['upload-pack', 'git ls-remote --upload-pack names the program to run']],
  },
  archive: {
    grammar: { shortValue: 'o', long: { exec: 'value', remote: 'value', output: 'value' } },
    dangerous: [
      ['exec', 'git archive --exec names the program to run'],
      ['remote', 'git archive --remote runs a program to reach the remote'],
      ['o', 'git archive -o writes a file'],
      ['output', 'git archive --output writes a file'],
    ],
  },
  rebase: {
    grammar: { shortValue: 'xsX', long: { exec: 'value', interactive: 'flag' } },
    dangerous: [
      ['x', 'git rebase -x runs a command after each commit'],
      ['exec', 'git rebase --exec runs a command after each commit'],
      ['i', 'git rebase -i runs the sequence editor'],
      ['interactive', 'git rebase --interactive runs the sequence editor'],
    ],
  },
  help: {
    grammar: { long: { web: 'flag', info: 'flag', man: 'flag' } },
    dangerous: [
      ['w', 'git help -w starts a web browser program'],
      ['web', 'git help --web starts a web browser program'],
      ['i', 'git help -i starts the info program'],
      ['info', 'git help --info starts the info program'],
    ],
  },
  branch: {
    grammar: {
      shortValue: 'ut',
      long: {
        'edit-description': 'flag', delete: 'flag', move: 'flag', copy: 'flag', force: 'flag', 'set-upstream-to': 'value', 'unset-upstream': 'flag',
        track: 'optional', contains: 'value', 'no-contains': 'value', merged: 'optional', 'no-merged': 'optional', 'points-at': 'value', sort: 'value', format: 'value', color: 'optional', column: 'optional',
      },
    },
    dangerous: [
      ['edit-description', 'git branch --edit-description runs an editor'],
      ['d', 'git branch -d deletes a branch'], ['D', 'git branch -D deletes a branch, merged or not'], ['delete', 'git branch --delete deletes a branch'],
      ['m', 'git branch -m renames a branch'], ['M', 'git branch -M renames a branch over another'], ['move', 'git branch --move renames a branch'],
      ['c', 'git branch -c copies a branch'], ['C', 'git branch -C copies a branch over another'], ['copy', 'git branch --copy copies a branch'],
      ['f', 'git branch -f moves a branch to another commit'], ['force', 'git branch --force moves a branch to another commit'],
      ['u', 'git branch -u changes what a branch tracks'], ['set-upstream-to', 'git branch --set-upstream-to changes what a branch tracks'], ['unset-upstream', 'git branch --unset-upstream changes what a branch tracks'],
    ],
  },
  tag: {
    grammar: { shortValue: 'mFu', long: { delete: 'flag', force: 'flag', message: 'value', file: 'value', 'local-user': 'value', sort: 'value', format: 'value', contains: 'value', 'points-at': 'value', list: 'flag' } },
    dangerous: [['d', 'git tag -d deletes a tag'], ['delete', 'git tag --delete deletes a tag'], ['f', 'git tag -f moves a tag over another'], ['force', 'git tag --force moves a tag over another']],
  },
  push: {
    grammar: { shortValue: 'o', long: { 'receive-pack': 'value', exec: 'value', force: 'flag', 'force-with-lease': 'optional', delete: 'flag', mirror: 'flag', prune: 'flag', 'push-option': 'value', repo: 'value' } },
    dangerous: [
      ['receive-pack', 'git push --receive-pack names the program to run'], ['exec', 'git push --exec names the program to run'],
      ['f', 'git push -f overwrites history on the remote'], ['force', 'git push --force overwrites history on the remote'], ['force-with-lease', 'git push --force-with-lease overwrites history on the remote'],
      ['d', 'git push -d deletes refs on the remote'], ['delete', 'git push --delete deletes refs on the remote'], ['mirror', 'git push --mirror makes the remote a copy, deleting what this repository lacks'], ['prune', 'git push --prune deletes remote branches this repository lacks'],
    ],
  },
  'send-email': {
    grammar: { long: { 'sendmail-cmd': 'value', 'cc-cmd': 'value', 'to-cmd': 'value', 'header-cmd': 'value', 'smtp-server': 'value', 'smtp-server-option': 'value', to: 'value', cc: 'value', from: 'value' } },
    dangerous: [
      ['sendmail-cmd', 'git send-email --sendmail-cmd runs its value as a shell command'], ['cc-cmd', 'git send-email --cc-cmd runs its value as a command'],
      ['to-cmd', 'git send-email --to-cmd runs its value as a command'], ['header-cmd', 'git send-email --header-cmd runs its value as a command'],
      ['smtp-server', 'git send-email --smtp-server names a server or a program to run'],
    ],
  },
  reset: { grammar: { long: { hard: 'flag', merge: 'flag', keep: 'flag' } }, dangerous: [['hard', 'git reset --hard throws away uncommitted changes'], ['merge', 'git reset --merge can throw away changes'], ['keep', 'git reset --keep moves the branch']] },
  clean: { grammar: { shortValue: 'e', long: { force: 'flag', exclude: 'value' } }, dangerous: [['f', 'git clean -f deletes untracked files'], ['force', 'git clean --force deletes untracked files']] },
  stash: { grammar: {}, dangerous: [] },
  'cat-file': {
    grammar: { long: { textconv: 'flag', filters: 'flag', path: 'value', batch: 'optional', 'batch-check': 'optional', 'batch-command': 'optional' } },
    dangerous: [
      ['textconv', 'git cat-file --textconv runs the textconv programs named in configuration'],
      ['filters', 'git cat-file --filters runs the clean and smudge filter programs named in configuration'],
    ],
  },
};

/** Subcommands that act whatever their arguments: `git daemon` serves the repository, `git stash drop` deletes. */
const GIT_ACTING_SUBCOMMANDS: Readonly<Record<string, string>> = {
  daemon: 'git daemon serves repositories to the network (and with --enable=receive-pack accepts pushes)',
  'http-backend': 'git http-backend serves repositories over HTTP',
  shell: 'git shell runs the commands a remote user sends',
  'filter-branch': 'git filter-branch rewrites history, running the filters it is given',
  'filter-repo': 'git filter-repo rewrites history',
  'update-ref': 'git update-ref moves or deletes any ref',
  'replace': 'git replace changes what objects git shows',
  'gc': 'git gc --prune can delete unreachable commits for good',
  'prune': 'git prune deletes unreachable objects for good',
};

/** `git stash drop|clear|pop`, `git reflog expire|delete`, `git worktree remove`, `git remote remove`: the second word deletes. */
const GIT_DELETING_VERBS: Readonly<Record<string, readonly string[]>> = {
  stash: ['drop', 'clear'],
  reflog: ['expire', 'delete'],
  worktree: ['remove', 'prune'],
  remote: ['remove', 'rm', 'set-url', 'add', 'rename', 'prune'],
  submodule: ['deinit'],
  notes: ['remove', 'prune'],
};

const GIT_CONFIG_READ_ACTIONS = ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'get-color', 'get-colorbool', 'list', 'l'];
const GIT_CONFIG_GRAMMAR: Grammar = {
  shortValue: 'f',
  long: {
    file: 'value', blob: 'value', type: 'value', default: 'value', comment: 'value', value: 'value',
    get: 'flag', 'get-all': 'flag', 'get-regexp': 'flag', 'get-urlmatch': 'flag', 'get-color': 'flag', 'get-colorbool': 'flag', list: 'flag',
    add: 'flag', 'replace-all': 'flag', unset: 'flag', 'unset-all': 'flag', 'rename-section': 'flag', 'remove-section': 'flag', edit: 'flag',
    global: 'flag', system: 'flag', local: 'flag', worktree: 'flag', 'show-origin': 'flag', 'show-scope': 'flag', 'name-only': 'flag', null: 'flag', includes: 'flag',
  },
};

/**
 * `git config` reads only when it says so: `--get…`, `--list`, or the `get`/`list` verbs, with no
 * write action. `git config name value` and every write action write configuration that later
 * git commands obey (core.pager, core.fsmonitor, core.hooksPath, alias.*: all run programs).
 */
function gitConfigFinding(args: readonly string[]): Finding | null {
  const why = 'git config writes configuration that makes later git commands run programs';
  const tokens = scan(args, GIT_CONFIG_GRAMMAR);
  const write = findOption(tokens, ['add', 'replace-all', 'unset', 'unset-all', 'rename-section', 'remove-section', 'edit', 'e']);
  if (write) return { option: write.word, why };
  const words = operands(tokens);
  const verb = words[0];
  if (verb === 'get' || verb === 'list') return null;
  if (verb !== undefined && ['set', 'unset', 'rename-section', 'remove-section', 'edit'].includes(verb)) return { option: verb, why };
  const readAction = tokens.some(
    (t) => t.kind === 'option' && t.names.length === 1 && GIT_CONFIG_READ_ACTIONS.includes(t.names[0]!),
  );
  if (readAction) return null;
  if (words.length === 1) return null; // `git config name` prints the value
  return { option: words.join(' ') || 'config', why };
}

const gitRow: CarveOutRow = {
  program: 'git',
  check(args) {
    const globals = readArgs(args.map(literalWord), GIT_GLOBAL_GRAMMAR);
    for (const option of globals.options) {
      const word = args[option.index]!;
      // `-c KEY=VALUE` is refused like every other global; a key from the one list of
      // program-running keys (gitConfigKeys.ts) says so on the card.
      const setting = option.name === '-c' && option.value?.kind === 'literal' ? option.value.value : undefined;
      const key = setting === undefined ? null : setting.split('=', 1)[0]!;
      const row = key === null ? null : gitProgramKey(key);
      if (row !== null) return { option: `-c ${key}`, why: `git -c ${key}=… makes git run a program (${GIT_KEY_USE_WHY[row.use]})` };
      if (!GIT_HARMLESS_GLOBALS.has(option.name) || !option.known) {
        return {
          option: word,
          why: 'git options before the subcommand change which configuration, repository or programs git uses (-c core.pager=…, --exec-path, -C, --git-dir, -p)',
        };
      }
    }
    const at = globals.operandIndexes[0];
    if (at === undefined) return null;
    const subcommand = args[at]!;
    const rest = args.slice(at + 1);
    // `git X --help` is `git help X` (git.c turns it so before looking X up, aliases and `git-X`
    // programs included, checked with git 2.39): it shows X's page and runs nothing of X.
    if (rest.length === 1 && rest[0] === '--help') return null;
    if (subcommand === 'daemon') {
      const pushes = rest.find((word) => /^--enable=receive-pack$|^--allow-override=receive-pack$/.test(word));
      if (pushes !== undefined) return { option: pushes, why: 'git daemon --enable=receive-pack lets anyone who can reach it push to the repositories it serves', role: 'destructive' };
    }
    const acting = GIT_ACTING_SUBCOMMANDS[subcommand];
    if (acting !== undefined && Object.prototype.hasOwnProperty.call(GIT_ACTING_SUBCOMMANDS, subcommand)) {
      return { option: subcommand, why: acting, role: subcommand === 'daemon' || subcommand === 'http-backend' || subcommand === 'shell' ? 'listener' : 'destructive' };
    }
    const verbs = Object.prototype.hasOwnProperty.call(GIT_DELETING_VERBS, subcommand) ? GIT_DELETING_VERBS[subcommand]! : [];
    const verb = rest.find((word) => !word.startsWith('-'));
    if (verb !== undefined && verbs.includes(verb)) return { option: verb, why: `git ${subcommand} ${verb} deletes or changes what the repository records`, role: 'destructive' };
    if (GIT_DIFF_LIKE.has(subcommand)) {
      const tokens = scan(rest, GIT_DIFF_GRAMMAR);
      const output = findOption(tokens, ['output']);
      if (output) return { option: output.word, why: `git ${subcommand} --output writes a file` };
      if (subcommand === 'format-patch') {
        const directory = findOption(tokens, ['o', 'output-directory']);
        if (directory) return { option: directory.word, why: 'git format-patch -o writes files' };
      }
      const external = findOption(tokens, ['ext-diff', 'textconv']);
      if (external) return { option: external.word, why: `git ${subcommand} ${external.word} runs the diff or textconv programs named in configuration` };
      return null;
    }
    if (subcommand === 'bundle' && rest.find((word) => !word.startsWith('-')) === 'create') return { option: 'create', why: 'git bundle create writes the bundle file it names', role: 'writer' };
    if (subcommand === 'config') return gitConfigFinding(rest);
    // `git difftool -x CMD`: the command given on the line replaces the configured tool, a carve-out
    // an entry for `git difftool` does not spell (the payload reader reads CMD).
    const extcmd = subcommand === 'difftool' ? rest.find((word) => /^--extcmd(?:=|$)/.test(word) || /^-[a-wyz]*x/.test(word)) : undefined;
    if (extcmd !== undefined) return { option: extcmd, why: `git difftool ${extcmd} runs the command it is given for each changed file` };
    if (subcommand === 'difftool' || subcommand === 'mergetool' || subcommand === 'instaweb') {
      return { option: subcommand, why: `git ${subcommand} runs external programs` };
    }
    if (subcommand === 'bisect' && rest.includes('run')) return { option: 'run', why: 'git bisect run runs a command' };
    if (subcommand === 'submodule' && rest.includes('foreach')) return { option: 'foreach', why: 'git submodule foreach runs a command' };
    const special = GIT_SUBCOMMANDS[subcommand];
    if (special) {
      const tokens = scan(rest, special.grammar);
      for (const [name, why] of special.dangerous) {
        const hit = findOption(tokens, [name]);
        if (hit) {
          // `git grep -O'CMD' PATTERN`: git runs CMD with the shell, the matching files after it.
          const runs = subcommand === 'grep' && (name === 'O' || name === 'open-files-in-pager') && hit.kind === 'option' && hit.value !== null ? { payloadText: hit.value } : {};
          return { option: hit.word, why, ...runs, ...(/runs|program|editor|pager|browser|command/.test(why) ? {} : { role: 'destructive' as const }) };
        }
      }
    }
    return null;
  },
};

// ---------------------------------------------------------------------------------------------
// sed
// ---------------------------------------------------------------------------------------------

/**
 * sed: the reader in programs/sed.ts follows GNU sed's own option loop and script compiler; any
 * executor or writer form it finds, or a script it cannot read for sure, keeps the entry off.
 */
const sedRow: CarveOutRow = {
  program: 'sed',
  check(args) {
    const reading = readSedInvocation(args);
    if (!reading.readable) return { option: reading.why, why: `the gate could not read this sed command for sure (${reading.why}), so it cannot know that it neither runs nor writes anything` };
    const form = reading.forms[0];
    if (!form) return null;
    return { option: form.text === null ? form.form : `${form.form} ${form.text}`, why: form.note };
  },
};

/**
 * sed's row with the files `sed -i` empties (programs/sed.ts `sedEmptiedFiles`: `sed -i d FILE`,
 * `sed -i -n '' FILE`) as {@link Form.empties} writer forms, which the hardline floor reads as
 * truncations (hardline/emptiedFiles.ts), as it reads the Ex commands that empty a file.
 */
function sedTableRow(row: ProgramRow): ProgramRow {
  const read = row.read!;
  return {
    ...row,
    read(args, reading): Form[] {
      const forms = [...read(args, reading)];
      if (!args.every((word) => word.kind === 'literal')) return forms;
      const emptied = new Set(sedEmptiedFiles(args.map((word) => (word as { value: string }).value)));
      args.forEach((word, index) => {
        if (word.kind === 'literal' && emptied.has(word.value)) forms.push({ role: 'writer', program: row.names[0]!, trigger: '-i', index, value: word, empties: true, note: 'the sed script deletes every line of the file it rewrites in place' });
      });
      return forms;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// awk
// ---------------------------------------------------------------------------------------------

/** Why each kind of awk form stops an allow entry from covering the command. */
const AWK_WHY: Readonly<Record<AwkFormKind, string>> = {
  executor: 'the awk program runs a command (system(), a pipe to or from a command, gawk indirect calls)',
  writer: 'the awk program or an option writes a file (print > file, print >> file, -o/-p/-d)',
  loader: 'the option or directive loads program text or an extension the gate cannot see (-f, -E, -i, -l, @include, @load)',
  network: 'gawk opens /inet/ special files as network connections',
  credentials: 'the awk program reads the environment (ENVIRON), which holds tokens and keys',
  unreadable: 'the gate could not read the awk command for sure, so it does not vouch for it',
};

/**
 * awk, gawk, mawk, nawk: the reader in `programs/awk.ts` owns the grammar; the row reports its
 * first form. `awk` and `nawk` are read as any awk they could be (the union of the dangers).
 */
function awkRow(program: string): CarveOutRow {
  return {
    program,
    check(args) {
      const forms = readAwkCommand(args, program).forms;
      // The first form that runs, writes, loads or connects; reading the environment only when it is all there is.
      const form = forms.find((f) => f.kind !== 'credentials') ?? forms[0];
      if (form === undefined) return null;
      const shown = form.text !== null && form.kind !== 'unreadable' ? `${form.construct} ${JSON.stringify(form.text)}` : form.construct;
      const why = form.detail !== undefined && form.kind === 'unreadable' ? `${AWK_WHY.unreadable}: ${form.detail}` : AWK_WHY[form.kind];
      // gawk's /inet/ files connect to a host: a network form (the credential-exfiltration arm's sinks).
      return form.kind === 'credentials' ? { option: shown, why, role: 'credentials' } : form.kind === 'network' ? { option: shown, why, role: 'network' } : { option: shown, why };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Search and listing tools
// ---------------------------------------------------------------------------------------------

/**
 * ripgrep's options, from its flag definitions (crates/core/flags/defs.rs, ripgrep 14): which take
 * a value. rg reads them with its own parser: no abbreviations, short clusters (`-iz`, `-ez` is
 * `-e z`), a value in the next word whatever it starts with, and `--` ends the options (every word
 * after it is the pattern or a path). The row is strict: a flag rg does not define is refused by
 * rg, and here it keeps every entry off rather than be guessed at.
 */
const RG_GRAMMAR: ProgramGrammar = {
  short: 'ABCEMTdefgjmrt',
  flags: '.0FHILNPSUVXabchilnopqsuvwxz',
  long: {
    ...Object.fromEntries(
      ['after-context', 'before-context', 'color', 'colors', 'context', 'context-separator', 'dfa-size-limit', 'encoding', 'engine', 'field-context-separator', 'field-match-separator', 'file', 'generate', 'glob', 'hostname-bin', 'hyperlink-format', 'iglob', 'ignore-file', 'max-columns', 'max-count', 'max-depth', 'max-filesize', 'maxdepth', 'path-separator', 'pre', 'pre-glob', 'regex-size-limit', 'regexp', 'replace', 'sort', 'sortr', 'threads', 'type', 'type-add', 'type-clear', 'type-not'].map((name) => [name, 'value' as const]),
    ),
    ...Object.fromEntries(
      ['auto-hybrid-regex', 'binary', 'block-buffered', 'byte-offset', 'case-sensitive', 'column', 'count', 'count-matches', 'crlf', 'debug', 'files', 'files-with-matches', 'files-without-match', 'fixed-strings', 'follow', 'glob-case-insensitive', 'heading', 'help', 'hidden', 'ignore', 'ignore-case', 'ignore-dot', 'ignore-exclude', 'ignore-file-case-insensitive', 'ignore-files', 'ignore-global', 'ignore-messages', 'ignore-parent', 'ignore-vcs', 'include-zero', 'invert-match', 'json', 'line-buffered', 'line-number', 'line-regexp', 'max-columns-preview', 'messages', 'mmap', 'multiline', 'multiline-dotall', 'no-auto-hybrid-regex', 'no-binary', 'no-block-buffered', 'no-byte-offset', 'no-column', 'no-config', 'no-context-separator', 'no-crlf', 'no-encoding', 'no-filename', 'no-fixed-strings', 'no-follow', 'no-glob-case-insensitive', 'no-heading', 'no-hidden', 'no-ignore', 'no-ignore-dot', 'no-ignore-exclude', 'no-ignore-file-case-insensitive', 'no-ignore-files', 'no-ignore-global', 'no-ignore-messages', 'no-ignore-parent', 'no-ignore-vcs', 'no-include-zero', 'no-invert-match', 'no-json', 'no-line-buffered', 'no-line-number', 'no-max-columns-preview', 'no-messages', 'no-mmap', 'no-multiline', 'no-multiline-dotall', 'no-one-file-system', 'no-pcre2', 'no-pcre2-unicode', 'no-pre', 'no-require-git', 'no-search-zip', 'no-sort-files', 'no-stats', 'no-text', 'no-trim', 'no-unicode', 'null', 'null-data', 'one-file-system', 'only-matching', 'passthrough', 'passthru', 'pcre2', 'pcre2-unicode', 'pcre2-version', 'pretty', 'quiet', 'require-git', 'search-zip', 'smart-case', 'sort-files', 'stats', 'stop-on-nonmatch', 'text', 'trace', 'trim', 'type-list', 'unicode', 'unrestricted', 'version', 'vimgrep', 'with-filename', 'word-regexp'].map((name) => [name, 'flag' as const]),
    ),
  },
  abbreviations: false,
};

/**
 * fd (10.x): `-x`/`--exec` and `-X`/`--exec-batch` take every word after them up to a `;` as a
 * command, run for each entry found (or once with all of them), the entry in place of `{}` (and of
 * `{/}`, `{//}`, `{.}`, `{/.}`), or after the words when none is given. A search that keeps every
 * entry below a folder (no pattern, or one that matches anything, and no filter) runs the command
 * on everything below each search path: its payload is the command with the search path in place
 * of the entry, read by the floors like find's `-exec` (`fd . / -X rm -rf` is `rm -rf /`).
 */
/** fd options that keep only some of the paths under its roots (printsPaths). */
const FD_NARROWING = ['-e', '--extension', '-g', '--glob', '-E', '--exclude', '-S', '--size', '--changed-within', '--changed-before', '--newer', '--older', '-p', '--full-path', '-F', '--fixed-strings', '--and', '--ignore-file'];

/**
 * find expression words that keep only some of the paths under its roots (printsPaths); `-type`, `-maxdepth`, `-xdev` keep whole kinds,
 * and the tests of ownership and access (`-user`, `-writable`) keep everything of the searcher's own tree. fd's `--owner` likewise.
 * A test after `-not` or `!` keeps what it rejects, at worst everything (`find / -maxdepth 1 -not -name proc`): the listing
 * reader skips it (hardline/dataFlow.ts `narrowedBy`).
 */
const FIND_NARROWING = ['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-lname', '-ilname', '-newer', '-newermt', '-anewer', '-cnewer', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-used', '-size', '-empty', '-group', '-gid', '-nouser', '-nogroup', '-perm', '-links', '-inum', '-samefile', '-prune', '-o', '-or', '-fstype', '-context', '-quit', '-false'];

const FD_GRAMMAR: ProgramGrammar = {
  short: 'dteEcjSo',
  flags: 'HIusiFgaLp01qlhV',
  long: {
    'max-depth': ['value', 'd'], 'min-depth': 'value', 'exact-depth': 'value', type: ['value', 't'], extension: ['value', 'e'], exclude: ['value', 'E'],
    color: ['value', 'c'], threads: ['value', 'j'], size: ['value', 'S'], 'changed-within': 'value', 'changed-before': 'value', newer: 'value', older: 'value',
    owner: ['value', 'o'], 'batch-size': 'value', 'ignore-file': 'value', 'base-directory': 'value', 'path-separator': 'value', 'search-path': 'value',
    'max-results': 'value', format: 'value', and: 'value', 'strip-cwd-prefix': 'optional', hyperlink: 'optional', 'max-buffer-time': 'value',
    hidden: ['flag', 'H'], 'no-hidden': 'flag', 'no-ignore': ['flag', 'I'], 'no-ignore-vcs': 'flag', 'no-ignore-parent': 'flag', 'no-require-git': 'flag',
    unrestricted: ['flag', 'u'], 'case-sensitive': ['flag', 's'], 'ignore-case': ['flag', 'i'], glob: ['flag', 'g'], regex: 'flag',
    'fixed-strings': ['flag', 'F'], 'absolute-path': ['flag', 'a'], 'list-details': ['flag', 'l'], follow: ['flag', 'L'], 'full-path': ['flag', 'p'],
    print0: ['flag', '0'], quiet: ['flag', 'q'], 'show-errors': 'flag', 'one-file-system': 'flag', prune: 'flag', help: ['flag', 'h'], version: ['flag', 'V'],
    'no-global-ignore-file': 'flag', 'ignore-vcs': 'flag', 'no-follow': 'flag', 'ignore': 'flag', 'relative-path': 'flag', 'mount': 'flag', 'no-ignore-hidden': 'flag',
  },
};

/** Options that keep only some entries (an entry they drop is not handed to the command). */
const FD_FILTERS = new Set(['t', 'e', 'E', 'S', 'changed-within', 'changed-before', 'newer', 'older', 'and', 'max-results', '1', 'ignore-file']);
/** Patterns that match every entry (as a regex, or as a glob with `-g`). */
const FD_MATCH_ALL = new Set(['', '.', '.*', '^', '$', '^.*', '^.*$', '*', '**']);
/** `-t f`, `-t d`: a whole kind of entry, as find's `-type f` (every file under a folder is still every file). */
const FD_WHOLE_KINDS = new Set(['f', 'file', 'd', 'dir', 'directory']);
/** fd's placeholders, longest first. */
const FD_PLACEHOLDER = /\{(\/\/|\/\.|\/|\.)?\}/g;

/** A short cluster that ends in `-x`/`-X` after flags (`-x`, `-Hx`, `-HIX`, `-xrm`), or null. */
function fdExecInCluster(text: string): { flags: string; attached: string } | null {
  if (!/^-[^-]/.test(text)) return null;
  for (let k = 1; k < text.length; k++) {
    const letter = text[k]!;
    if (letter === 'x' || letter === 'X') return { flags: text.slice(1, k), attached: text.slice(k + 1) };
    // A letter that takes a value: the rest of the word is its value.
    if ((FD_GRAMMAR.short ?? '').includes(letter)) return null;
  }
  return null;
}

function fdLiteral(word: Word | null | undefined): string | null {
  return word?.kind === 'literal' ? word.value : null;
}

/** A word of fd's command with the entry in place of its placeholders (an entry under the path is a glob: opaque). */
function fdFill(word: Word, entry: Word): Word {
  if (word.kind !== 'literal') return word;
  if (entry.kind === 'literal') return literalWord(word.value.replace(FD_PLACEHOLDER, () => entry.value));
  FD_PLACEHOLDER.lastIndex = 0;
  if (!FD_PLACEHOLDER.test(word.value)) return word;
  FD_PLACEHOLDER.lastIndex = 0;
  return { kind: 'opaque', raw: word.value.replace(FD_PLACEHOLDER, () => entry.raw), expansions: entry.expansions };
}

/**
 * fd `-g GLOB ROOT…` with no other filter: the critical files under each literal absolute root
 * whose names the glob matches, as words (docs/decisions.md "A name test is no narrowing for the
 * critical files it matches"); null when something else narrows (or the pattern is a regex).
 */
function fdGlobCriticalFiles(reading: ReturnType<typeof readArgs>, searched: readonly Word[], maxDepth: number | null): Word[] | null {
  const pattern = reading.operands[0];
  const otherFilter = reading.options.some((option) => (FD_FILTERS.has(option.key) && !(option.key === 't' && FD_WHOLE_KINDS.has(fdLiteral(option.value) ?? ''))) || option.key === 'full-path' || option.key === 'p');
  if (otherFilter || pattern === undefined || pattern.kind !== 'literal' || !reading.options.some((option) => option.key === 'glob' || option.key === 'g')) return null;
  const ignoreCase = reading.options.some((option) => option.key === 'ignore-case' || option.key === 'i');
  const roots = searched.map((word) => (word.kind === 'literal' ? word.value : null)).filter((text): text is string => text !== null);
  return roots.flatMap((root) => criticalFilesNamed(root, [{ pattern: pattern.value, ignoreCase }], maxDepth)).map((file) => literalWord(file));
}

function readFd(args: readonly Word[]): Form[] {
  const commands: Array<{ trigger: string; at: number; words: Word[] }> = [];
  const rest: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = word.kind === 'literal' ? word.value : null;
    const cluster = text === null ? null : fdExecInCluster(text);
    // fd's parser takes unambiguous abbreviations: `--exe`, `--exec-b` (no other option starts with `exe`).
    const exec = (text !== null && /^--exe[a-z-]*(=|$)/.test(text) && 'exec-batch'.startsWith(text.slice(2).split('=')[0]!)) || cluster !== null;
    if (!exec) {
      rest.push(word);
      continue;
    }
    const words: Word[] = [];
    if (cluster !== null) {
      // `-Hx rm`: the flags before the letter stay fd's; an attached rest is the command's first word.
      if (cluster.flags !== '') rest.push(literalWord(`-${cluster.flags}`));
      if (cluster.attached !== '') words.push(literalWord(cluster.attached));
    } else if (text!.includes('=')) words.push(literalWord(text!.slice(text!.indexOf('=') + 1)));
    let k = i + 1;
    for (; k < args.length; k++) {
      const next = args[k]!;
      if (next.kind === 'literal' && next.value === ';') break;
      words.push(next);
    }
    commands.push({ trigger: text!, at: i, words });
    i = k;
  }
  const forms: Form[] = [];
  const reading = readArgs(rest, FD_GRAMMAR);
  if (!reading.exact && commands.length > 0) throw new Error('fd: an option the gate does not know, or a word only known at run time, beside a command fd runs');
  const pattern = reading.operands[0];
  const filtered =
    reading.options.some((option) => FD_FILTERS.has(option.key) && !(option.key === 't' && FD_WHOLE_KINDS.has(fdLiteral(option.value) ?? ''))) ||
    (pattern !== undefined && (pattern.kind !== 'literal' || !FD_MATCH_ALL.has(pattern.value)));
  const base = reading.options.filter((option) => option.key === 'base-directory').map((option) => option.value!).filter((value) => value !== null);
  const paths = [...reading.operands.slice(1), ...reading.options.filter((option) => option.key === 'search-path' && option.value !== null).map((option) => option.value!)];
  const searched = paths.length > 0 ? paths : [literalWord('.')];
  for (const command of commands) {
    const form: Form = { role: 'executor', program: 'fd', trigger: command.trigger, index: command.at, value: command.words[0] ?? null, note: 'fd runs the command for the entries it finds' };
    if (command.words.length === 0) {
      forms.push(form);
      continue;
    }
    const depths = reading.options.filter((option) => option.key === 'max-depth' || option.key === 'exact-depth').map((option) => Number(fdLiteral(option.value) ?? 'NaN'));
    const maxDepth = depths.length > 0 && depths.every((depth) => Number.isInteger(depth) && depth >= 0) ? Math.min(...depths) : null;
    if (filtered) {
      // Which entries it gets is not known: the command is read as written (`fd -e log -x rm -rf /`).
      forms.push({ ...form, payload: 'shell-text', payloadText: commandText(command.words) });
    }
    // A glob on names alone is no narrowing for the critical files it matches (`fd -g 'libc.so*' /usr/lib -x rm`).
    const globbed = filtered ? fdGlobCriticalFiles(reading, searched, maxDepth) : null;
    if (filtered && globbed === null) continue;
    for (const path of searched) {
      const program = command.words[0]?.kind === 'literal' ? command.words[0].value : '';
      const deletes = FILE_DELETERS.has(program.slice(program.lastIndexOf('/') + 1));
      for (const entry of globbed ?? searchedEntries(path, maxDepth, deletes)) {
        const placed = command.words.some((word) => word.kind === 'literal' && FD_PLACEHOLDER.test(word.value));
        FD_PLACEHOLDER.lastIndex = 0;
        const filled = command.words.map((word) => fdFill(word, entry));
        const words = placed ? filled : [...filled, entry];
        const cd = base.map((folder) => `cd -- ${commandText([folder])} && `).join('');
        forms.push({ ...form, payload: 'shell-text', payloadText: `${cd}${commandText(words)}` });
      }
    }
  }
  return forms;
}

const treeRow: CarveOutRow = {
  program: 'tree',
  check(args) {
    // tree takes option values from the following words even inside a cluster (`-oL f 2`), so
    // every letter of every short cluster is looked at.
    for (const word of args) {
      if (word.startsWith('-') && !word.startsWith('--') && /[oR]/.test(word)) {
        return { option: word, why: 'tree writes its listing to a file (-o), or HTML files into every folder (-R)' };
      }
      if (word.startsWith('--o')) return { option: word, why: 'tree writes its listing to a file' };
    }
    return null;
  },
};

const sortRow = optionRow(
  'sort',
  {
    shortValue: 'kotTS',
    long: {
      output: 'value', 'compress-program': 'value', key: 'value', 'field-separator': 'value', 'temporary-directory': 'value',
      'buffer-size': 'value', 'files0-from': 'value', 'random-source': 'value', check: 'optional',
    },
  },
  ['o', 'output', 'compress-program'],
  'sort writes its output to a file (-o) or runs a compression program',
);

const uniqRow: CarveOutRow = {
  program: 'uniq',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'fsw',
      long: { 'skip-fields': 'value', 'skip-chars': 'value', 'check-chars': 'value', 'all-repeated': 'optional', group: 'optional' },
    });
    const files = operands(tokens);
    return files.length > 1 ? { option: files[1]!, why: 'uniq writes its output to the second file it is given' } : null;
  },
};

const fileRow = optionRow(
  'file',
  { shortValue: 'efFmP', long: { compile: 'flag', 'magic-file': 'value' } },
  ['C', 'compile'],
  'file -C compiles a magic file and writes it',
);

const dateRow: CarveOutRow = {
  program: 'date',
  check(args) {
    const tokens = scan(args, { shortValue: 'dfrs', shortOptional: 'I', long: { set: 'value', date: 'value', file: 'value', reference: 'value', debug: 'flag' } });
    const set = findOption(tokens, ['s', 'set']);
    if (set) return { option: set.word, why: 'date -s sets the system clock' };
    // Only `+FORMAT` prints; any other operand (`date 01010000`) sets the clock.
    const operand = operands(tokens).find((word) => !word.startsWith('+'));
    return operand !== undefined ? { option: operand, why: 'date MMDDhhmm sets the system clock' } : null;
  },
};

const printfRow: CarveOutRow = {
  program: 'printf',
  check(args) {
    // The bash builtin reads `-v NAME` before the format; it assigns a shell variable, which in
    // a long-lived terminal can be PATH or PROMPT_COMMAND.
    const first = args[0];
    if (first !== undefined && first.startsWith('-') && first !== '--' && first.includes('v')) {
      return { option: first, why: 'printf -v assigns a shell variable (PATH, PROMPT_COMMAND…) in the terminal' };
    }
    return null;
  },
};

// ---------------------------------------------------------------------------------------------
// Archivers, pagers, documentation
// ---------------------------------------------------------------------------------------------

/** tar options that run programs or write besides the archive; read by tarOptions.ts. */
const TAR_DANGEROUS: Readonly<Record<string, string>> = {
  'to-command': 'tar --to-command pipes every extracted file into a command',
  'checkpoint-action': 'tar --checkpoint-action can run a command',
  'use-compress-program': 'tar -I/--use-compress-program runs the named program',
  'info-script': 'tar -F/--info-script runs a script at each volume',
  'new-volume-script': 'tar --new-volume-script runs a script at each volume',
  'rsh-command': 'tar --rsh-command names the remote shell program',
  'rmt-command': 'tar --rmt-command names the remote tape program',
  'index-file': 'tar --index-file writes a file',
  'listed-incremental': 'tar -g/--listed-incremental writes a snapshot file',
  'remove-files': 'tar --remove-files deletes the files it archives',
};

const tarRow: CarveOutRow = {
  program: 'tar',
  check(args) {
    // One reader for old-style keys (`tar xvfI archive prog`), clusters and abbreviations.
    const options = readTarOptions(args);
    for (const option of options) {
      const why = TAR_DANGEROUS[option.name];
      if (why !== undefined) return { option: option.word, why };
    }
    // `-f host:archive` makes tar start a remote shell, unless --force-local says otherwise.
    const archive = options.find((option) => option.name === 'file' && option.value !== null);
    if (archive?.value && /^[^/]*:/.test(archive.value) && !options.some((option) => option.name === 'force-local')) {
      return { option: archive.value, why: 'tar reaches a host:path archive by running a remote shell program' };
    }
    return null;
  },
};

const zipRow: CarveOutRow = {
  program: 'zip',
  check(args) {
    for (const [k, word] of args.entries()) {
      if (word === '-TT' || word.startsWith('-TT=') || (word.startsWith('--un') && 'unzip-command'.startsWith(word.slice(2).split('=')[0]!))) {
        // The command is the option's value (`-TT CMD`, `-TT=CMD`, `--unzip-command CMD`), run by a shell.
        const command = word.includes('=') ? word.slice(word.indexOf('=') + 1) : args[k + 1];
        return { option: word, why: 'zip -TT runs the named command to test the archive', ...(command !== undefined ? { payloadText: command } : {}) };
      }
    }
    return null;
  },
};

// ---------------------------------------------------------------------------------------------
// Programs that run other programs
// ---------------------------------------------------------------------------------------------

const parallelRow = alwaysRow('parallel', 'parallel runs commands built from its arguments and input');

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/**
 * A row of this file as a row of the program table: its check reads the literal words after the
 * program (an allow entry never covers a word only known at run time, so only literal argv needs
 * reading here); what it reports is one form, with the row's role and its reason as the note.
 */
function tableRow(row: CarveOutRow, category: Category, what: string, role: Role, extra: Partial<ProgramRow> = {}): ProgramRow {
  return {
    names: [row.program],
    category,
    what,
    read(args): Form[] {
      // A word only known at run time that may become an option: what the program does is not known
      // (thrown, the reason becomes the reading's `unreadable`, table.ts). One that cannot (`src/*.ts`)
      // is still a word no entry can vouch for: a form an entry must spell.
      const option = args.find(mayBecomeOption);
      if (option !== undefined) throw new Error(`${option.raw} is only known at run time and could be any option of ${row.program}`);
      const opaque = args.findIndex((word) => word.kind !== 'literal');
      if (opaque !== -1) {
        return [{ role, program: row.program, trigger: args[opaque]!.raw, index: opaque, value: args[opaque]!, note: 'a word only known at run time: the gate cannot read what it becomes' }];
      }
      const literal = args.map((word) => (word as { value: string }).value);
      const finding = row.check(literal);
      if (finding === null) return [];
      if (finding.unreadable === true) throw new Error(finding.why);
      const at = literal.findIndex((word) => word === finding.option || finding.option.startsWith(`${word} `));
      // A finding no single word carries (a sed script the reader cannot place) is at no word: no entry spells it.
      const runs = finding.payloadText !== undefined && at >= 0 ? { payload: 'shell-text' as const, payloadText: finding.payloadText } : {};
      return [{ role: finding.role ?? role, program: row.program, trigger: finding.option, index: at >= 0 ? at : args.length, value: at >= 0 ? args[at] ?? null : null, ...runs, note: finding.why }];
    },
    ...extra,
  };
}

/** The rows whose forms are read by the program's own small language or by hand-written checks. */
export const READER_ROWS: readonly ProgramRow[] = [
  tableRow(findRow, 'file', 'searches a folder tree and can act on what it finds', 'executor', { readOnly: true, printsPaths: { narrowing: FIND_NARROWING, descends: ['-maxdepth'] }, plain: ['.', '. -name "*.ts"', 'src -type f -newer package.json', '. -maxdepth 2 -print0'] }),
  tableRow(gitRow, 'vcs', 'the Git version control system', 'executor', {
    grammar: GIT_GLOBAL_GRAMMAR,
    // `git -C DIR` runs as if started in DIR: pathspecs, `git init DIR` and `.git/config` are found from there.
    workingFolder: ['-C'],
    // …and nothing more: `git -C DIR status` is `cd DIR && git status` (docs/decisions.md). Every
    // other option before the subcommand stays carved out, and so does `-C` after one of them.
    workingFolderIsCd: true,
    // A repository's own configuration names programs git runs: read from wherever git runs.
    folderConfig: "the repository's .git/config, which can name programs git runs (core.pager, core.fsmonitor, core.sshCommand, diff and filter drivers)",
    // `git credential fill` asks the configured helpers and prints the username and password they give.
    subcommands: {
      ...Object.fromEntries(GIT_COMMANDS.map((name) => [name, {}])),
      ...GIT_WRITING_SUBCOMMANDS,
      credential: { subcommands: { fill: { role: printsSecret('prints the username and password the credential helpers give for the URL read from standard input') } } },
    },
    plain: ['status', 'log --oneline -5', 'diff HEAD~1', 'show HEAD'],
  }),
  sedTableRow(tableRow(sedRow, 'text', 'the stream editor', 'executor', { readOnly: true, stdinData: 'plain', plain: ["-n '1,5p' file.txt", "'s/a/b/g' file.txt", '-E "s/[0-9]+/N/" f'] })),
  sedTableRow(tableRow({ ...sedRow, program: 'gsed' }, 'text', 'GNU sed under another name', 'executor', { readOnly: true, stdinData: 'plain', plain: ["-n '1p' f"] })),
  ...(['awk', 'gawk', 'mawk', 'nawk'] as const).map((name) =>
    // Read-only: with the reader's forms taken away (system(), pipes, redirections, -f and other
    // loaders, /inet/, ENVIRON), an awk program only reads its input and prints.
    tableRow(awkRow(name), 'interpreter', 'the AWK pattern-scanning language', 'executor', { readOnly: true, stdinData: 'plain', plain: ["'{print $1}' f", "-F: '{print $2}' /etc/passwd"] }),
  ),
  {
    // ack (Perl): `--pager=CMD` pipes the output into a program; `.ackrc` files, the project's
    // included (ack reads the one in the folder it runs in), can set it and any other option.
    names: ['ack', 'ack-grep'],
    category: 'text',
    what: 'ack, a recursive search tool for source code',
    grammar: { short: 'ABCgGm', flags: 'acfhHiIklLnoQrRsvwx1', long: { ...Object.fromEntries(['pager', 'ackrc', 'output', 'type', 'type-add', 'type-set', 'type-del', 'ignore-dir', 'noignore-dir', 'ignore-file', 'max-count', 'context', 'after-context', 'before-context', 'match', 'files-from', 'color-match', 'color-filename', 'color-lineno', 'range-start', 'range-end', 'sort-files'].map((n) => [n, 'value' as const])), ...Object.fromEntries(['nopager', 'noenv', 'env', 'help', 'version', 'dump', 'color', 'nocolor', 'heading', 'noheading', 'break', 'nobreak', 'column', 'nocolumn', 'smart-case', 'ignore-case', 'word-regexp', 'literal', 'follow', 'nofollow', 'recurse', 'norecurse', 'count', 'files-with-matches', 'files-without-matches', 'filter', 'nofilter', 'group', 'nogroup', 'known-types', 'with-filename', 'no-filename', 'print0'].map((n) => [n, 'flag' as const])) } },
    strict: true,
    folderConfig: 'an .ackrc file, which can set --pager to a program ack pipes its output into',
    options: [
      { role: 'executor', options: ['--pager'], payload: 'shell-text', example: 'sh -c id', note: '--pager pipes the output into that program (run by a shell)' },
      { role: 'loader', options: ['--ackrc'], example: '/tmp/ackrc', note: '--ackrc reads options (a pager among them) from that file' },
    ],
    plain: ['foo', '-i foo src', '--type=python foo', '-l TODO'],
  },
  {
    // The Silver Searcher: `--pager CMD` pipes the output into a program.
    names: ['ag'],
    category: 'text',
    what: 'the Silver Searcher, a recursive search tool',
    grammar: { short: 'ABCgGmpn', flags: 'acDfFhHiklLnoQrsStuUvVwz0', long: { ...Object.fromEntries(['pager', 'path-to-ignore', 'after', 'before', 'context', 'max-count', 'depth', 'file-search-regex', 'ignore', 'ignore-dir', 'color-line-number', 'color-match', 'color-path', 'workers'].map((n) => [n, 'value' as const])), ...Object.fromEntries(['nopager', 'help', 'version', 'hidden', 'ignore-case', 'case-sensitive', 'smart-case', 'literal', 'count', 'files-with-matches', 'files-without-matches', 'filename', 'nofilename', 'color', 'nocolor', 'heading', 'noheading', 'group', 'nogroup', 'vimgrep', 'follow', 'search-zip', 'unrestricted', 'skip-vcs-ignores', 'word-regexp', 'null', 'print0', 'stats', 'only-matching', 'column', 'silent', 'list-file-types'].map((n) => [n, 'flag' as const])) } },
    strict: true,
    options: [{ role: 'executor', options: ['--pager'], payload: 'shell-text', example: 'sh -c id', note: '--pager pipes the output into that program (run by a shell)' }],
    plain: ['foo', '-i foo src', '-l TODO'],
  },
  {
    // ugrep: `--pager[=CMD]` pipes into a program, `--filter=CMDS` runs commands on the files it
    // searches, `-Q` is an interactive screen that starts an editor, `--save-config` writes a file.
    names: ['ugrep', 'ug'],
    category: 'text',
    what: 'ugrep, a recursive search tool',
    grammar: { short: 'ABCdDeEfgKmMNtX', flags: 'abcFGhHiIjklLnoOPqrRsSTuUvVwxyzZ0%+', long: { pager: 'optional', query: 'optional', config: 'optional', 'save-config': 'optional', filter: 'value', 'filter-magic-label': 'value', ...Object.fromEntries(['regexp', 'file', 'glob', 'iglob', 'include', 'exclude', 'include-dir', 'exclude-dir', 'include-from', 'exclude-from', 'file-type', 'format', 'format-open', 'format-close', 'max-count', 'max-files', 'after-context', 'before-context', 'context', 'encoding', 'label', 'tag', 'sort', 'view', 'replace', 'jobs', 'separator', 'group-separator', 'colors', 'hyperlink', 'width', 'depth', 'fuzzy', 'devices', 'directories'].map((n) => [n, 'value' as const])), ...Object.fromEntries(['help', 'version', 'ignore-case', 'smart-case', 'recursive', 'dereference-recursive', 'count', 'files-with-matches', 'files-without-matches', 'line-number', 'only-matching', 'hidden', 'no-hidden', 'decompress', 'color', 'no-color', 'heading', 'pretty', 'json', 'xml', 'csv', 'stats', 'bool', 'and', 'not', 'ignore-files', 'no-ignore-files', 'index'].map((n) => [n, 'flag' as const])) } },
    strict: true,
    folderConfig: 'a .ugrep configuration file (read with `---` or --config), which can set a pager or filter commands',
    options: [
      { role: 'executor', options: ['--pager'], payload: 'shell-text', example: 'sh -c id', note: '--pager pipes the output into that program' },
      { role: 'executor', options: ['--filter'], example: 'txt:sh -c id', note: '--filter runs the given commands on the files it searches' },
      { role: 'executor', options: ['-Q', '--query'], note: '-Q opens an interactive screen from which an editor or command can be started' },
      { role: 'loader', options: ['--config'], note: '--config reads options (a pager or filters among them) from a file' },
      { role: 'writer', options: ['--save-config'], note: '--save-config writes the options to a configuration file' },
    ],
    plain: ['foo', '-i foo src', '-rl TODO'],
  },
  {
    // delta, git's diff pager: `--pager CMD` runs another pager on its output.
    names: ['delta'],
    category: 'text',
    what: 'delta, a viewer for git and diff output',
    grammar: { long: { pager: 'value', config: 'value', features: 'value', syntax_theme: 'value', 'syntax-theme': 'value', width: 'value', 'tabs': 'value', ...Object.fromEntries(['side-by-side', 'line-numbers', 'navigate', 'dark', 'light', 'help', 'version', 'list-syntax-themes', 'show-config', 'no-gitconfig', 'color-only', 'diff-highlight', 'diff-so-fancy', 'paging'].map((n) => [n, 'flag' as const])) } },
    options: [
      { role: 'executor', options: ['--pager'], payload: 'shell-text', example: 'sh -c id', note: '--pager runs that program on the output' },
      { role: 'loader', options: ['--config'], example: '/tmp/gitconfig', note: '--config reads delta settings (a pager among them) from that git configuration file' },
    ],
    plain: ['a.txt b.txt', '--side-by-side a b', '--version'],
  },
  {
    // Read by the grammar alone (no reader of its own), so the glob shapes apply: `rg foo -- *`.
    names: ['rg'],
    category: 'text',
    what: 'ripgrep, a recursive search tool',
    readOnly: true,
    grammar: RG_GRAMMAR,
    strict: true,
    options: [
      { role: 'executor', options: ['--pre'], payload: 'program', note: 'rg --pre runs the named program on each file and searches its output' },
      { role: 'executor', options: ['--hostname-bin'], payload: 'program', note: 'rg --hostname-bin runs the named program to find the host name for hyperlinks' },
      { role: 'executor', options: ['-z', '--search-zip'], note: 'rg -z runs decompression programs (gzip, xz, zstd …) on compressed files' },
    ],
    plain: ['foo', '-n foo src', '--json foo', '-g "*.ts" foo', '-ez foo', '--no-search-zip foo', 'foo -- src'],
  },
  // Debian and Ubuntu install fd as `fdfind` (the name fd was taken); same program, same options.
  { names: ['fd', 'fdfind'], category: 'file', what: 'a fast file finder', readOnly: true, grammar: FD_GRAMMAR, read: readFd, printsPaths: { pattern: true, narrowing: FD_NARROWING, descends: ['-d', '--max-depth', '--exact-depth'] }, plain: ['', 'foo', '-e ts src', '-H -t f'] },
  tableRow(treeRow, 'file', 'lists a folder tree', 'writer', { readOnly: true, printsPaths: { needs: ['-f'], descends: ['-L', '--level'] }, plain: ['', '-L 2', '-a src'] }),
  tableRow(sortRow, 'text', 'sorts lines', 'writer', { readOnly: true, printsAtWorst: 'file-contents', stdinData: 'plain', plain: ['f', '-u f', '-k2 -n f', '-t, -k3 f'] }),
  tableRow(uniqRow, 'text', 'filters repeated lines', 'writer', { readOnly: true, printsAtWorst: 'file-contents', stdinData: 'plain', plain: ['f', '-c f', '-d'] }),
  tableRow(fileRow, 'file', 'guesses the type of files', 'writer', { readOnly: true, plain: ['f', '-b f', '--mime-type f'] }),
  tableRow(dateRow, 'system', 'prints or sets the date', 'destructive', { readOnly: true, plain: ['', '+%Y-%m-%d', '-u', '-d yesterday +%F', '--iso-8601=seconds'] }),
  tableRow(printfRow, 'text', 'formats and prints text', 'destructive', { readOnly: true, plain: ["'%s\\n' a", "'%d' 3"] }),
  tableRow(tarRow, 'archive', 'the tape archiver', 'executor', {
    // bsdtar (libarchive, macOS's tar) reads the same options for what is read here.
    names: ['tar', 'bsdtar', 'gtar'],
    // `-C DIR` changes the folder for what follows it: the members extracted, the files added.
    workingFolder: ['-C', '--directory'],
    plain: ['-tf a.tar', '-xzf a.tgz', '-czf out.tgz src', '--list -f a.tar'],
  }),
  // zip has no grammar here: its letters are read as flags, which places -m in a cluster (`-rm`).
  tableRow(zipRow, 'archive', 'packs files into a zip archive', 'executor', {
    options: [{ role: 'destructive', options: ['-m', '--move'], removesOperands: 'all-but-first', note: 'zip -m deletes the files once they are in the archive' }],
    plain: ['-r out.zip src', '-q out.zip f'],
  }),
  tableRow(parallelRow, 'wrapper', 'GNU parallel: runs commands built from its arguments and input', 'executor', { plain: [] }),
];
