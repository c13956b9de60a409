import { gitProgramKey, type GitKeyUse } from '../programs/gitConfigKeys';
import { readTarOptions } from '../programs/tarOptions';
import { readSedInvocation } from '../programs/sed';
import type { Word } from '../reading/resolution';
import { readAwkCommand, type AwkFormKind } from '../programs/awk';

import { readFind } from '../programs/find';
import { literalWord } from '../reading/resolution';

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

/** Splits argv into options and operands, erring towards seeing more options, never fewer. */
function scan(args: readonly string[], grammar: Grammar): Token[] {
  const tokens: Token[] = [];
  const long = grammar.long ?? {};
  const shortValue = grammar.shortValue ?? '';
  const shortOptional = grammar.shortOptional ?? '';
  let operandsOnly = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (operandsOnly || word === '-' || !word.startsWith('-')) {
      tokens.push({ kind: 'operand', value: word });
      if (grammar.stopAtOperand) operandsOnly = true;
      continue;
    }
    if (word === '--') {
      operandsOnly = true;
      continue;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const given = eq === -1 ? word.slice(2) : word.slice(2, eq);
      const names = longNames(given, long);
      if (names.length === 0) {
        if (grammar.strict) tokens.push({ kind: 'unknown', word });
        else tokens.push({ kind: 'option', names: [given], long: true, word, value: eq === -1 ? null : word.slice(eq + 1) });
        continue;
      }
      let value: string | null = eq === -1 ? null : word.slice(eq + 1);
      // Only a sure reading skips the next word: one candidate, and it takes a value.
      if (value === null && names.length === 1 && long[names[0]!] === 'value' && i + 1 < args.length) value = args[++i]!;
      tokens.push({ kind: 'option', names, long: true, word, value });
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      const rest = word.slice(k + 1);
      if (shortValue.includes(letter)) {
        let value: string | null = rest;
        if (rest === '') value = i + 1 < args.length ? args[++i]! : null;
        tokens.push({ kind: 'option', names: [letter], long: false, word, value });
        break;
      }
      if (shortOptional.includes(letter)) {
        tokens.push({ kind: 'option', names: [letter], long: false, word, value: rest === '' ? null : rest });
        break;
      }
      if (grammar.strict && !(grammar.shortFlags ?? '').includes(letter)) {
        tokens.push({ kind: 'unknown', word });
        break;
      }
      tokens.push({ kind: 'option', names: [letter], long: false, word, value: null });
    }
  }
  return tokens;
}

/** The known long names `given` may stand for: itself if known, else every name it abbreviates. */
function longNames(given: string, long: Readonly<Record<string, Arity>>): string[] {
  if (Object.prototype.hasOwnProperty.call(long, given)) return [given];
  if (given === '') return [];
  return Object.keys(long).filter((name) => name.startsWith(given));
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

function firstUnknown(tokens: readonly Token[]): string | null {
  for (const token of tokens) if (token.kind === 'unknown') return token.word;
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
      return { option: args[reading.unreadable.index] ?? '', why: `the gate cannot read this find expression exactly (${reading.unreadable.why})` };
    }
    return null;
  },
};

// ---------------------------------------------------------------------------------------------
// git
// ---------------------------------------------------------------------------------------------

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
  'diff-files', 'shortlog', 'reflog', 'stash', 'cherry',
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
    grammar: { shortValue: 'efABCm', shortOptional: 'O', long: { 'open-files-in-pager': 'optional', or: 'flag' } },
    dangerous: [['O', 'git grep -O opens the matching files in a pager program'], ['open-files-in-pager', 'git grep -O opens the matching files in a pager program']],
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
  push: {
    grammar: { long: { 'receive-pack': 'value', exec: 'value' } },
    dangerous: [['receive-pack', 'git push --receive-pack names the program to run'], ['exec', 'git push --exec names the program to run']],
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
    grammar: { long: { 'edit-description': 'flag' } },
    dangerous: [['edit-description', 'git branch --edit-description runs an editor']],
  },
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
    let i = 0;
    for (; i < args.length && args[i]!.startsWith('-'); i++) {
      const word = args[i]!;
      // `-c KEY=VALUE` is refused like every other global; a key from the one list of
      // program-running keys (gitConfigKeys.ts) says so on the card.
      const setting = word === '-c' ? args[i + 1] : undefined;
      const key = setting === undefined ? null : setting.split('=', 1)[0]!;
      const row = key === null ? null : gitProgramKey(key);
      if (row !== null) return { option: `-c ${key}`, why: `git -c ${key}=… makes git run a program (${GIT_KEY_USE_WHY[row.use]})` };
      if (!GIT_HARMLESS_GLOBALS.has(word)) {
        return {
          option: word,
          why: 'git options before the subcommand change which configuration, repository or programs git uses (-c core.pager=…, --exec-path, -C, --git-dir, -p)',
        };
      }
    }
    const subcommand = args[i];
    if (subcommand === undefined) return null;
    const rest = args.slice(i + 1);
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
    if (subcommand === 'config') return gitConfigFinding(rest);
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
        if (hit) return { option: hit.word, why };
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

// ---------------------------------------------------------------------------------------------
// awk
// ---------------------------------------------------------------------------------------------

/** Why each kind of awk form stops an allow entry from covering the command. */
const AWK_WHY: Readonly<Record<AwkFormKind, string>> = {
  executor: 'the awk program runs a command (system(), a pipe to or from a command, gawk indirect calls)',
  writer: 'the awk program or an option writes a file (print > file, print >> file, -o/-p/-d)',
  loader: 'the option or directive loads program text or an extension the gate cannot see (-f, -E, -i, -l, @include, @load)',
  network: 'gawk opens /inet/ special files as network connections',
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
      const form = readAwkCommand(args, program).forms[0];
      if (form === undefined) return null;
      const shown = form.text !== null && form.kind !== 'unreadable' ? `${form.construct} ${JSON.stringify(form.text)}` : form.construct;
      return { option: shown, why: form.detail !== undefined && form.kind === 'unreadable' ? `${AWK_WHY.unreadable}: ${form.detail}` : AWK_WHY[form.kind] };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Search and listing tools
// ---------------------------------------------------------------------------------------------

const rgRow = optionRow(
  'rg',
  {
    shortValue: 'ABCEMTdefgjmrt',
    long: {
      pre: 'value', 'hostname-bin': 'value', 'search-zip': 'flag', 'pre-glob': 'value', pretty: 'flag',
      'no-search-zip': 'flag', 'no-pre': 'flag',
    },
  },
  ['pre', 'hostname-bin', 'search-zip', 'z'],
  'rg runs a preprocessor or decompression program on each file (--pre, -z), or a program to find the host name',
);

const fdRow = optionRow(
  'fd',
  {
    shortValue: 'dteEcjSoxX',
    long: { exec: 'value', 'exec-batch': 'value', exclude: 'value', extension: 'value' },
  },
  ['x', 'X', 'exec', 'exec-batch'],
  'fd runs a command for the files it finds',
);

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
    for (const word of args) {
      if (word === '-TT' || word.startsWith('-TT=') || (word.startsWith('--un') && 'unzip-command'.startsWith(word.slice(2).split('=')[0]!))) {
        return { option: word, why: 'zip -TT runs the named command to test the archive' };
      }
    }
    return null;
  },
};

const lessRow: CarveOutRow = {
  program: 'less',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'bhjkoOpPtTxyz#',
      long: { 'log-file': 'value', 'LOG-FILE': 'value', 'lesskey-file': 'value', 'lesskey-src': 'value', 'lesskey-content': 'value' },
    });
    for (const word of args) {
      if (word.startsWith('+')) return { option: word, why: 'less runs the commands given with + at start-up, and a less command can start a shell' };
    }
    const hit = findOption(tokens, ['o', 'O', 'log-file', 'LOG-FILE', 'k', 'lesskey-file', 'lesskey-src', 'lesskey-content']);
    return hit ? { option: hit.word, why: 'less writes a log file or loads key bindings that can run commands' } : null;
  },
};

const manRow = optionRow(
  'man',
  {
    shortValue: 'CeELmMprRsS',
    shortOptional: 'HXT',
    long: { pager: 'value', html: 'optional', gxditview: 'optional', 'config-file': 'value', prompt: 'value' },
  },
  ['P', 'pager', 'H', 'html', 'X', 'gxditview', 'C', 'config-file'],
  'man runs the named pager or browser program, or reads a configuration that names them',
);

// ---------------------------------------------------------------------------------------------
// Programs that run other programs
// ---------------------------------------------------------------------------------------------

const xargsRow = alwaysRow('xargs', 'xargs runs a command with arguments read from its input, which nobody has seen');
const parallelRow = alwaysRow('parallel', 'parallel runs commands built from its arguments and input');
const watchRow = alwaysRow('watch', 'watch hands its words to sh -c, which reads them again as shell code');

const envRow: CarveOutRow = {
  program: 'env',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'uCS',
      shortFlags: '0iv',
      long: {
        'split-string': 'value', unset: 'value', chdir: 'value', 'ignore-environment': 'flag', null: 'flag', debug: 'flag',
        'block-signal': 'optional', 'default-signal': 'optional', 'ignore-signal': 'optional', 'list-signal-handling': 'flag',
        help: 'flag', version: 'flag',
      },
      stopAtOperand: true,
      strict: true,
    });
    const unknown = firstUnknown(tokens);
    if (unknown) return { option: unknown, why: 'an option the gate does not know could hide where the command starts' };
    const split = findOption(tokens, ['S', 'split-string']);
    return split ? { option: split.word, why: 'env -S splits a string into a new command line' } : null;
  },
};

const sudoRow: CarveOutRow = {
  program: 'sudo',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'aCcDgpRrTtUu',
      shortOptional: 'h',
      shortFlags: 'AbBEeHiKklNnPSsVv',
      long: {
        shell: 'flag', login: 'flag', edit: 'flag', 'preserve-env': 'optional', askpass: 'flag', chroot: 'value',
        user: 'value', group: 'value', chdir: 'value', prompt: 'value', 'non-interactive': 'flag', 'close-from': 'value',
        'login-class': 'value', role: 'value', type: 'value', 'command-timeout': 'value', 'other-user': 'value', host: 'value',
      },
      stopAtOperand: true,
      strict: true,
    });
    const unknown = firstUnknown(tokens);
    if (unknown) return { option: unknown, why: 'an option the gate does not know could hide where the command starts' };
    const hit = findOption(tokens, ['s', 'shell', 'i', 'login', 'e', 'edit', 'E', 'preserve-env', 'A', 'askpass', 'R', 'chroot']);
    return hit ? { option: hit.word, why: 'sudo starts a shell, runs an editor or askpass program, or keeps the caller\'s environment' } : null;
  },
};

const doasRow: CarveOutRow = {
  program: 'doas',
  check(args) {
    const tokens = scan(args, { shortValue: 'aCu', shortFlags: 'Lns', stopAtOperand: true, strict: true });
    const unknown = firstUnknown(tokens);
    if (unknown) return { option: unknown, why: 'an option the gate does not know could hide where the command starts' };
    const hit = findOption(tokens, ['s']);
    return hit ? { option: hit.word, why: 'doas -s starts a shell' } : null;
  },
};

const timeRow: CarveOutRow = {
  program: 'time',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'fo',
      shortFlags: 'apqvV',
      long: { output: 'value', format: 'value', append: 'flag', portability: 'flag', quiet: 'flag', verbose: 'flag', help: 'flag', version: 'flag' },
      stopAtOperand: true,
      strict: true,
    });
    const unknown = firstUnknown(tokens);
    if (unknown) return { option: unknown, why: 'an option the gate does not know could hide where the command starts' };
    const hit = findOption(tokens, ['o', 'output']);
    return hit ? { option: hit.word, why: 'time -o writes its report to a file' } : null;
  },
};

// ---------------------------------------------------------------------------------------------
// Toolchains
// ---------------------------------------------------------------------------------------------

/** Go flags (one or two dashes, `-name=value` or `-name value`; `-test.` forms reach the test binary). */
const GO_DANGEROUS_FLAGS: Readonly<Record<string, string>> = {
  exec: 'go -exec runs the built binary through the named program',
  toolexec: 'go -toolexec runs every compiler tool through the named program',
  vettool: 'go vet -vettool runs the named program as the analyser',
  o: 'go -o writes the built binary to a chosen path',
  coverprofile: 'the profile flags write files',
  cpuprofile: 'the profile flags write files',
  memprofile: 'the profile flags write files',
  blockprofile: 'the profile flags write files',
  mutexprofile: 'the profile flags write files',
  trace: 'go test -trace writes a file',
  outputdir: 'go test -outputdir chooses where profiles are written',
  pkgdir: 'go -pkgdir writes packages to a chosen folder',
  modfile: 'go -modfile reads and writes another module file',
};

const goRow: CarveOutRow = {
  program: 'go',
  check(args) {
    let i = 0;
    // `go -C dir SUBCOMMAND`: the only flag go accepts before the subcommand.
    while (i < args.length && args[i]!.startsWith('-')) i += args[i] === '-C' ? 2 : 1;
    const subcommand = args[i];
    if (subcommand === 'generate') return { option: 'generate', why: 'go generate runs the commands written in //go:generate lines' };
    if (subcommand === 'tool') return { option: 'tool', why: 'go tool runs tool programs, including ones the module declares' };
    const rest = args.slice(i + 1);
    if (subcommand === 'env') {
      const write = rest.find((w) => /^--?[wu](=|$)/.test(w));
      if (write) return { option: write, why: 'go env -w writes settings (GOFLAGS, GOTOOLCHAIN) that later go commands obey' };
    }
    for (const word of args) {
      if (!word.startsWith('-')) continue;
      const name = word.replace(/^--?/, '').split('=')[0]!.replace(/^test\./, '');
      const why = GO_DANGEROUS_FLAGS[name];
      if (why !== undefined && Object.prototype.hasOwnProperty.call(GO_DANGEROUS_FLAGS, name)) return { option: word, why };
    }
    return null;
  },
};

const NPM_DANGEROUS_OPTIONS = [
  'script-shell', 'node-options', 'userconfig', 'globalconfig', 'call', 'c', 'prefix', 'C', 'editor', 'shell',
  'browser', 'viewer', 'init-module', 'git', 'node-gyp',
];

const npmRow: CarveOutRow = {
  program: 'npm',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'cCw',
      long: {
        'script-shell': 'value', 'node-options': 'value', userconfig: 'value', globalconfig: 'value', call: 'value',
        prefix: 'value', editor: 'value', shell: 'value', browser: 'value', viewer: 'value', 'init-module': 'value',
        git: 'value', 'node-gyp': 'value', scope: 'value', save: 'flag', silent: 'flag', global: 'flag',
        workspace: 'value', workspaces: 'flag', registry: 'value', loglevel: 'value',
      },
    });
    const option = findOption(tokens, NPM_DANGEROUS_OPTIONS);
    if (option) return { option: option.word, why: 'the option makes npm run a different shell, program, configuration or package folder' };
    // Any operand naming one of these, not only the first: an option whose value the gate
    // did not skip must not hide the subcommand.
    const runner = operands(tokens).find((w) => ['exec', 'x', 'explore', 'edit'].includes(w));
    return runner ? { option: runner, why: `npm ${runner} runs a package binary, a shell or an editor` } : null;
  },
};

// ---------------------------------------------------------------------------------------------
// Network clients (open-world already floors them; these options also run or write)
// ---------------------------------------------------------------------------------------------

const CURL_WRITERS = [
  'o', 'O', 'D', 'c', 'K', 'output', 'remote-name', 'remote-name-all', 'output-dir', 'dump-header', 'cookie-jar', 'trace',
  'trace-ascii', 'libcurl', 'stderr', 'etag-save', 'hsts', 'alt-svc', 'config', 'engine',
];

const curlRow: CarveOutRow = {
  program: 'curl',
  check(args) {
    const tokens = scan(args, {
      shortValue: 'AbcCdDeEFHKmoPQrTuUwxXyYzt',
      long: {
        output: 'value', 'remote-name': 'flag', 'remote-name-all': 'flag', 'output-dir': 'value', 'dump-header': 'value',
        'cookie-jar': 'value', trace: 'value', 'trace-ascii': 'value', libcurl: 'value', stderr: 'value', 'etag-save': 'value',
        hsts: 'value', 'alt-svc': 'value', config: 'value', engine: 'value', 'write-out': 'value', cookie: 'value',
      },
    });
    for (const token of tokens) {
      if (token.kind !== 'option') continue;
      const names = token.names;
      if (names.some((n) => n === 'o' || n === 'output') && (token.value === '-' || token.value === '/dev/null')) continue;
      if (names.some((n) => (n.length === 1) === !token.long && CURL_WRITERS.includes(n))) {
        return { option: token.word, why: 'curl writes the response, headers, cookies or a trace to a file, or reads options from a file' };
      }
      if (names.some((n) => n === 'w' || n === 'write-out') && token.value !== null && token.value.includes('%output{')) {
        return { option: token.value, why: 'curl -w %output{…} writes to a file' };
      }
    }
    return null;
  },
};

const rsyncRow = optionRow(
  'rsync',
  { shortValue: 'eBfMT', long: { rsh: 'value', 'rsync-path': 'value', 'write-batch': 'value', 'only-write-batch': 'value', 'log-file': 'value' } },
  ['e', 'rsh', 'rsync-path', 'write-batch', 'only-write-batch', 'log-file'],
  'rsync runs the named remote shell or remote rsync program, or writes a batch or log file',
);

/** ssh_config keywords that run a program or load code locally. */
const SSH_RUNNING_KEYWORDS = /^(proxycommand|localcommand|permitlocalcommand|knownhostscommand|match|include|pkcs11provider|securitykeyprovider)$/i;

/**
 * Short options that take a value (OpenSSH 9.2's getopt strings) and the dangerous ones: `-F`
 * another configuration (Match exec), `-S` the program to run instead of ssh, sftp's `-D` a local
 * server program and `-b` a batch file whose `!command` lines run here.
 */
const SSH_FAMILY: Readonly<Record<'ssh' | 'scp' | 'sftp', { shortValue: string; dangerous: string[] }>> = {
  ssh: { shortValue: 'BbcDEeFIiJLlmOoPpQRSWw', dangerous: ['F', 'I', 'E'] },
  scp: { shortValue: 'cDFiJloPSX', dangerous: ['F', 'S'] },
  sftp: { shortValue: 'bBcDFiJloPRsS', dangerous: ['F', 'S', 'D', 'b'] },
};

function sshLikeRow(program: 'ssh' | 'scp' | 'sftp'): CarveOutRow {
  const { shortValue, dangerous } = SSH_FAMILY[program];
  return {
    program,
    check(args) {
      const tokens = scan(args, { shortValue });
      const hit = findOption(tokens, dangerous);
      if (hit) return { option: hit.word, why: `${program} ${hit.word} runs or loads a program, reads another configuration, or writes a log` };
      for (const token of tokens) {
        if (token.kind !== 'option' || token.long || token.names[0] !== 'o' || token.value === null) continue;
        const keyword = token.value.trim().split(/[\s=]/)[0] ?? '';
        if (SSH_RUNNING_KEYWORDS.test(keyword)) return { option: token.value, why: `${program} -o ${keyword} runs or loads a program locally` };
      }
      return null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

const ROWS: readonly CarveOutRow[] = [
  findRow,
  gitRow,
  sedRow,
  { ...sedRow, program: 'gsed' },
  awkRow('awk'),
  awkRow('gawk'),
  awkRow('mawk'),
  awkRow('nawk'),
  rgRow,
  fdRow,
  treeRow,
  sortRow,
  uniqRow,
  fileRow,
  dateRow,
  printfRow,
  tarRow,
  zipRow,
  lessRow,
  manRow,
  xargsRow,
  parallelRow,
  watchRow,
  envRow,
  sudoRow,
  doasRow,
  timeRow,
  goRow,
  npmRow,
  curlRow,
  rsyncRow,
  sshLikeRow('ssh'),
  sshLikeRow('scp'),
  sshLikeRow('sftp'),
];

const ROW_BY_PROGRAM: ReadonlyMap<string, CarveOutRow> = new Map(ROWS.map((row) => [row.program, row]));

/** Every program with a row in the table, one row each. */
export const CARVE_OUT_PROGRAMS: readonly string[] = Object.freeze(ROWS.map((row) => row.program));

/**
 * The option that turns an innocent program into an executor or a writer, or null.
 *
 * Input: the argv after unwrapping (argv[0] may be a path: the row is chosen by the lower-cased
 * basename). An opaque program word, or an opaque word after the program of a table row, is a
 * carve-out by itself: it could be any option. Never throws.
 */
export function findCarveOut(argv: readonly Word[]): CarveOut | null {
  const first = argv[0];
  if (first === undefined) return null;
  if (first.kind !== 'literal') {
    return { program: first.raw, option: first.raw, why: 'the program is only known at run time' };
  }
  const slash = first.value.lastIndexOf('/');
  const program = first.value.slice(slash + 1).toLowerCase();
  const row = ROW_BY_PROGRAM.get(program);
  if (!row) return null;
  const args: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.kind !== 'literal') {
      return { program: row.program, option: word.raw, why: 'a word only known at run time could be any option of this program' };
    }
    args.push(word.value);
  }
  try {
    const finding = row.check(args);
    return finding ? { program: row.program, ...finding } : null;
  } catch (error) {
    // A row that cannot read its arguments has not shown them to be innocent.
    return { program: row.program, option: '', why: `the gate could not read the arguments: ${error instanceof Error ? error.message : String(error)}` };
  }
}
