/**
 * Executor payloads: code that a well-known program runs, hidden in its arguments
 * (`sh -c 'TEXT'`, `find -exec CMD ;`, `git rebase --exec TEXT`, `trap 'TEXT' EXIT`, …). A floor
 * or a deny entry that only looked at the program name would see `sh`, `find` or `git` and miss
 * what actually runs, so these payloads are read out and checked like commands of their own.
 *
 * This module only finds payloads; it does not judge them. Shell text is returned as text (the
 * caller reads it back through the resolver, with a depth bound); argv payloads are returned as
 * words.
 */
import { extCommandText, gitConfigCode } from './gitConfigKeys';
import { commandVariable, commandVariableText, setterAssignments } from './commandVariables';
import { tarCommandTexts } from './tarOptions';
import { approximateAnsiCQuote } from '../reading/ansiCQuote';
import { foldCompatibility } from '../reading/normalise';
import { readSedInvocation } from './sed';
import { literalWord, type Word } from '../reading/resolution';
import { readAwkCommand, stringLiteralsOf } from './awk';
import { bashSingleQuote } from '../execution/terminalShellInit';

import { readFind } from './find';
import { programName } from './wrappers';
import { mayCarryPayload, ownPayloadRoles, programForms, rowFor, type FormReading } from './table';
import type { SegmentRecord } from './segmentRecord';
import { readArgs } from './grammar';
import { GIT_GLOBAL_GRAMMAR } from './rows/readers';
import type { Form } from './row';

export type Payload =
  | {
      kind: 'shell-text';
      text: string;
      via: string;
      /**
       * Set when the text came from an opaque word (`sh -c "rm -rf $DIR"`): it is the word's
       * source with quotes removed and expansions left as written, not what will run.
       */
      approximate?: true;
    }
  | { kind: 'argv'; argv: Word[]; via: string };

/**
 * Every payload the command would execute: those carried by its wrappers (`env -S`, `watch`,
 * `flock -c`, `xargs CMD`; the outermost one of each kind, which contains the others) and those
 * in the innermost program's arguments. One level only: a payload's own payloads are found by
 * reading the payload. Never throws.
 *
 * Read from the command's record (segmentRecord.ts), which peeled it and read its forms once for
 * every stage; the record keeps the list (nobody changes it).
 */
export function executedPayloads(record: SegmentRecord): Payload[] {
  const own = commandPayloads(record);
  const set = variablePayloads(record);
  return set.length === 0 ? own : withoutRepeats([...set, ...own]);
}

/**
 * The values of the variables the command sets (in front of it, through `env NAME=VALUE`, or with
 * `export`/`declare`, behind its wrappers too: `command export EDITOR=…`) that a program runs as a
 * command (`GIT_PAGER='…' git log`): their shell text (commandVariables.ts).
 */
function variablePayloads(record: SegmentRecord): Payload[] {
  const assigned = [...record.segment.assignments, ...record.peeled.assignments, ...setterAssignments(record.peeled.argv)];
  if (assigned.length === 0) return NO_PAYLOADS;
  let payloads: Payload[] | null = null;
  for (const { name, value } of assigned) {
    if (commandVariable(name) === undefined) continue;
    const text = commandVariableText(name, wordText(value));
    if (text.trim() === '') continue;
    (payloads ??= []).push(value.kind === 'literal' ? { kind: 'shell-text', text, via: `${name}=` } : { kind: 'shell-text', text, via: `${name}=`, approximate: true });
  }
  for (const payload of environmentGitConfig(assigned)) (payloads ??= []).push(payload);
  return payloads ?? NO_PAYLOADS;
}

/**
 * git's configuration given in the environment, which every git the command starts obeys as it
 * obeys `git -c KEY=VALUE` (git-config(1), ENVIRONMENT): the pairs `GIT_CONFIG_KEY_<n>` and
 * `GIT_CONFIG_VALUE_<n>`, and `GIT_CONFIG_PARAMETERS` (`'KEY'='VALUE'` or `'KEY=VALUE'`, as git
 * writes it for its children). Read through the one list of program-running keys; a pair's count
 * (`GIT_CONFIG_COUNT`) is taken at its worst, covering every pair given.
 */
function environmentGitConfig(assigned: ReadonlyArray<{ name: string; value: Word }>): Payload[] {
  const keys = new Map<string, Word>();
  const values = new Map<string, Word>();
  const out: Payload[] = [];
  for (const { name, value } of assigned) {
    const pair = /^GIT_CONFIG_(KEY|VALUE)_(\d+)$/.exec(name);
    if (pair !== null) (pair[1] === 'KEY' ? keys : values).set(pair[2]!, value);
    if (name !== 'GIT_CONFIG_PARAMETERS') continue;
    const settings = configParameters(wordText(value));
    // Text git would not read as settings is taken as the setting of a program-running key.
    if (settings === null) out.push({ kind: 'shell-text', text: wordText(value), via: `${name}=`, approximate: true });
    else for (const setting of settings) {
      const payload = gitConfigPayload(value.kind === 'literal' ? literalWord(setting) : { kind: 'opaque', raw: setting, expansions: value.expansions }, `${name}=`);
      if (payload !== null) out.push(payload);
    }
  }
  for (const [n, key] of keys) {
    const value = values.get(n);
    if (value === undefined) continue;
    const text = `${wordText(key)}=${wordText(value)}`;
    const setting: Word = key.kind === 'literal' && value.kind === 'literal' ? literalWord(text) : { kind: 'opaque', raw: text, expansions: [...(key.kind === 'literal' ? [] : key.expansions), ...(value.kind === 'literal' ? [] : value.expansions)] };
    const payload = gitConfigPayload(setting, `GIT_CONFIG_KEY_${n}=`);
    if (payload !== null) out.push(payload);
  }
  return out;
}

/** `'core.pager'='less' 'a.b=c'` → `core.pager=less`, `a.b=c`; null when not in git's form. */
function configParameters(text: string): string[] | null {
  const settings: string[] = [];
  const quoted = /'((?:[^']|'\\'')*)'/y;
  const unquote = (s: string) => s.split(`'\\''`).join(`'`);
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (at >= text.length) return settings;
    quoted.lastIndex = at;
    const key = quoted.exec(text);
    if (key === null) return null;
    at = quoted.lastIndex;
    if (text[at] === '=') {
      quoted.lastIndex = at + 1;
      const value = quoted.exec(text);
      if (value === null) return null;
      at = quoted.lastIndex;
      settings.push(`${unquote(key[1]!)}=${unquote(value[1]!)}`);
    } else settings.push(unquote(key[1]!));
  }
}

/** The payloads of the command's words: its wrappers' and its program's. */
function commandPayloads(record: SegmentRecord): Payload[] {
  const { argv, peeled } = record;
  if (!record.wrapped) {
    // No wrapper layer to read (the common case): only the program's own arguments can carry code.
    return programPayloads(argv, () => record.forms);
  }
  const payloads: Payload[] = [];
  // A wrapper's shell text or xargs command holds every wrapper inside it, so only the
  // outermost of each is reported: reading it finds the rest (and `watch watch watch …` does
  // not multiply the text to read).
  let textReported = false;
  let xargsReported = false;
  for (const layer of peeled.layers) {
    if (layer.shellText !== null && layer.shellText.length > 0) {
      if (!textReported) {
        const via = layer.program === 'env' ? 'env -S' : layer.program === 'flock' ? 'flock -c' : layer.program;
        payloads.push(shellTextPayload(layer.shellText, via));
      }
      textReported = true;
    } else if (layer.program === 'env') {
      // `env -S 'a b'` split exactly still runs a string: report it like any other.
      for (const option of layer.options) {
        if (option.name === 'S' && option.value !== null) payloads.push(textFrom(option.value, 'env -S'));
      }
    }
    if (layer.program === 'xargs' && layer.inner.length > 0 && !xargsReported) {
      payloads.push({ kind: 'argv', argv: layer.inner, via: 'xargs' });
      xargsReported = true;
    }
  }
  // A wrapper with a reader of its own above (`npx -c TEXT`, `npm exec --call`).
  let current: readonly Word[] = argv;
  for (const layer of peeled.layers) {
    const name = foldedName(programName(current[0]));
    if (name !== null && Object.prototype.hasOwnProperty.call(EXTRACTORS, name)) payloads.push(...EXTRACTORS[name]!(current.slice(1), name));
    current = layer.inner;
  }
  // Forms of the wrappers' own words (`tmux new-session 'TEXT'`, `systemd-run -p ExecStartPre=…`).
  const innerStart = argv.length - peeled.argv.length;
  const layerPrograms = new Set(peeled.layers.map((layer) => layer.program));
  const layerRows = peeled.layers.map((layer) => rowFor(layer.program.split(' ')[0]!));
  if (layerRows.some((row) => row !== null && ownPayloadRoles(row))) {
    payloads.push(
      ...formPayloads(argv, record.forms.forms.filter((form) => form.wrapped === undefined && (form.index < innerStart || layerPrograms.has(form.program)))),
    );
  }
  const inside = record.inside;
  payloads.push(...programPayloads(inside.argv, () => inside.forms));
  return withoutRepeats(payloads);
}

/** The payloads, each text or argv once (the first way it was found names it). */
function withoutRepeats(payloads: Payload[]): Payload[] {
  if (payloads.length < 2) return payloads;
  const seen = new Set<string>();
  return payloads.filter((payload) => {
    const key = payload.kind === 'shell-text' ? `t\0${payload.text}` : `a\0${payload.argv.map((word) => word.raw).join('\0')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The payloads in one program's own arguments (no wrapper in front): those its reader below
 * finds, or else the executor forms of its row in the program table whose value is shell text
 * or a command's argv (`forms`: the argv's, from its record, read only when needed).
 */
function programPayloads(argv: readonly Word[], forms: () => FormReading): Payload[] {
  const name = foldedName(programName(argv[0]));
  if (name === null) return NO_PAYLOADS;
  if (Object.prototype.hasOwnProperty.call(EXTRACTORS, name)) return EXTRACTORS[name]!(argv.slice(1), name);
  const row = rowFor(name);
  if (row === null || !mayCarryPayload(row)) return NO_PAYLOADS;
  return formPayloads(argv, forms().forms);
}

/**
 * The payloads of executor forms whose value is shell text or a command's argv. `where`: those run
 * here (every stage reads them), or those run on another machine (`ssh HOST CMD`), which only the
 * hardline floor reads (see {@link remoteCommandPayloads}).
 */
function formPayloads(argv: readonly Word[], forms: readonly Form[], where: 'here' | 'elsewhere' = 'here'): Payload[] {
  let payloads: Payload[] | null = null;
  for (const form of forms) {
    if (form.value === null || (form.payload !== 'shell-text' && form.payload !== 'shell-argv')) continue;
    if ((form.wrapped === 'elsewhere') !== (where === 'elsewhere')) continue;
    const via = form.trigger === form.program || form.trigger === '' ? form.program : `${form.program} ${form.trigger}`;
    let payload: Payload;
    if (form.payload === 'shell-argv') payload = { kind: 'argv', argv: argv.slice(form.index), via };
    else if (form.payloadText !== undefined) payload = form.value.kind === 'literal' ? { kind: 'shell-text', text: form.payloadText, via } : { kind: 'shell-text', text: form.payloadText, via, approximate: true };
    else payload = textFrom(form.value, via);
    (payloads ??= []).push(payload);
  }
  return payloads ?? NO_PAYLOADS;
}

/**
 * The commands a program runs on another machine (`ssh HOST CMD`, `mosh HOST -- CMD`, `gh codespace
 * ssh -- CMD`), for the hardline floor alone (D§5; docs/decisions.md "A command run on another
 * machine is judged as this one's"). The gate cannot tell which machine a host name reaches (an
 * alias, `localhost`, this machine's own name, a production server the user depends on), so the
 * floor takes the worst: the command as this machine's. Entries still must spell them, and the
 * preflight does not read their paths as this machine's (a remote `~/.bashrc` is not ours).
 */
export function remoteCommandPayloads(argv: readonly Word[], forms: readonly Form[]): Payload[] {
  // The remote side joins the words with spaces and hands them to its shell (`ssh h 'rm -rf /'`).
  return formPayloads(argv, forms, 'elsewhere').map((payload) => (payload.kind === 'argv' ? shellTextPayload(payload.argv, payload.via) : payload));
}

/**
 * How many levels of payloads inside payloads (`sh -c "find / -exec sh -c '…' \;"`) every layer reads
 * back through the resolver: the hardline floor, the preflight arms and the deny and escalate lists
 * (D§4.3: at least 6). Past it, the hardline floor reads the rest as text, the preflight counts it as
 * unreadable and the lists as a possible match.
 */
export const MAX_PAYLOAD_DEPTH = 6;

/** No payloads, shared by every command that has none (callers only read the list). */
const NO_PAYLOADS: Payload[] = Object.freeze([]) as unknown as Payload[];

/** A program name NFKC-folded and lower-cased (ASCII, which NFKC leaves alone, skips the fold). */
function foldedName(name: string | null): string | null {
  if (name === null) return null;
  return foldCompatibility(name).toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Word text helpers
// ---------------------------------------------------------------------------------------------

/** The text of a word: its value when literal, its approximate text when opaque. */
export function wordText(word: Word): string {
  return word.kind === 'literal' ? word.value : approximateWordText(word.raw);
}

function shellTextPayload(words: readonly Word[], via: string): Payload {
  const text = words.map(wordText).join(' ');
  return words.some((w) => w.kind !== 'literal') ? { kind: 'shell-text', text, via, approximate: true } : { kind: 'shell-text', text, via };
}

/**
 * A word's source text with quoting removed and escapes decoded, but expansions (`$VAR`,
 * `${…}`, `$(…)`, globs) left exactly as written. Linear in the length of `raw`.
 */
export function approximateWordText(raw: string): string {
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === "'") {
      const end = raw.indexOf("'", i + 1);
      if (end === -1) return out + raw.slice(i + 1);
      out += raw.slice(i + 1, end);
      i = end + 1;
    } else if (c === '$' && raw[i + 1] === "'") {
      const decoded = approximateAnsiCQuote(raw, i + 2);
      out += decoded.text;
      i = decoded.end;
    } else if (c === '"') {
      i++;
      while (i < raw.length && raw[i] !== '"') {
        if (raw[i] === '\\' && i + 1 < raw.length && '$`"\\\n'.includes(raw[i + 1]!)) {
          if (raw[i + 1] !== '\n') out += raw[i + 1];
          i += 2;
        } else {
          out += raw[i];
          i++;
        }
      }
      i++;
    } else if (c === '\\') {
      if (i + 1 < raw.length && raw[i + 1] !== '\n') out += raw[i + 1];
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Extractors, one per program
// ---------------------------------------------------------------------------------------------

type Extractor = (args: readonly Word[], name: string) => Payload[];

function literal(word: Word | undefined): string | null {
  return word !== undefined && word.kind === 'literal' ? word.value : null;
}

/** Text single-quoted for the shell. */
function shellQuoteText(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function textFrom(word: Word, via: string): Payload {
  return shellTextPayload([word], via);
}

/**
 * `find … -exec CMD ARGS ;` or `… {} +` (and `-execdir`, `-ok`, `-okdir`), every occurrence, as
 * the one reader of find's grammar reads them: `-name -exec` is a name, words of a command are
 * not primaries. An expression the reader cannot read exactly still gives the commands it found.
 */
function findExec(args: readonly Word[]): Payload[] {
  const payloads: Payload[] = [];
  for (const executor of readFind(args).executors) {
    if (executor.argv.length > 0) payloads.push({ kind: 'argv', argv: executor.argv, via: `find ${executor.primary}` });
  }
  return payloads;
}


/**
 * A `-c KEY=VALUE` setting's program, read through the one list of program-running keys
 * (gitConfigKeys.ts). A program path is an argv of one word: git adds arguments of its own.
 */
function gitConfigPayload(setting: Word, via: string): Payload | null {
  const text = wordText(setting);
  const eq = text.indexOf('=');
  if (eq <= 0) return null;
  const code = gitConfigCode(text.slice(0, eq), text.slice(eq + 1));
  if (code === null) return null;
  const approximate = setting.kind !== 'literal';
  if (code.kind === 'program' && !approximate) return { kind: 'argv', argv: [{ kind: 'literal', value: code.path, raw: code.path }], via };
  const run = code.kind === 'program' ? code.path : code.text;
  return approximate ? { kind: 'shell-text', text: run, via, approximate: true } : { kind: 'shell-text', text: run, via };
}

/** Value of `--name=VALUE` or `--name VALUE` at `args[i]`, with how many words it used. */
function longValue(args: readonly Word[], i: number, name: string): { value: Word; used: number } | null {
  const text = literal(args[i]);
  if (text === null) return null;
  if (text === name) {
    const value = args[i + 1];
    return value === undefined ? null : { value, used: 2 };
  }
  if (text.startsWith(name + '=')) {
    const rest = text.slice(name.length + 1);
    return { value: { kind: 'literal', value: rest, raw: rest }, used: 1 };
  }
  return null;
}

const GIT_FILTER_OPTIONS = [
  '--tree-filter',
  '--index-filter',
  '--msg-filter',
  '--env-filter',
  '--commit-filter',
  '--parent-filter',
  '--tag-name-filter',
];

function gitCommand(args: readonly Word[]): Payload[] {
  const payloads: Payload[] = [];
  const globals = readArgs(args, GIT_GLOBAL_GRAMMAR);
  for (const option of globals.options) {
    if (option.name !== '-c' || option.value === null) continue;
    const payload = gitConfigPayload(option.value, 'git -c');
    if (payload !== null) payloads.push(payload);
  }
  const at = globals.operandIndexes[0] ?? args.length;
  const subcommand = literal(args[at]);
  const rest = args.slice(at + 1);
  // `ext::` URLs make git run a local command; --upload-pack/--receive-pack name one.
  for (let k = 0; k < rest.length; k++) {
    const word = rest[k]!;
    const text = wordText(word);
    if (text.startsWith('ext::')) {
      payloads.push({ kind: 'shell-text', text: extCommandText(text.slice(5)), via: 'git ext::' });
    }
    for (const option of ['--upload-pack', '--receive-pack']) {
      const found = longValue(rest, k, option);
      if (found !== null) payloads.push(textFrom(found.value, `git ${option}`));
    }
  }
  if (subcommand === 'rebase') payloads.push(...gitRebaseExec(rest));
  // `git grep -O'CMD'`: the git row's form carries the text git runs with the shell.
  if (subcommand === 'grep') {
    const argv = [{ kind: 'literal' as const, value: 'git', raw: 'git' }, ...args];
    payloads.push(...formPayloads(argv, programForms(argv).forms.filter((form) => form.payloadText !== undefined)));
  }
  if (subcommand === 'filter-branch') {
    for (let k = 0; k < rest.length; k++) {
      for (const option of GIT_FILTER_OPTIONS) {
        const found = longValue(rest, k, option);
        if (found !== null) payloads.push(textFrom(found.value, `git filter-branch ${option}`));
      }
    }
  }
  // `git filter-repo --commit-callback BODY` (and the other callbacks): BODY is the body of a
  // Python function filter-repo compiles and runs, read as `python3 -c BODY` (docs/languages.md).
  if (subcommand === 'filter-repo') {
    for (let k = 0; k < rest.length; k++) {
      const name = literal(rest[k])?.split('=')[0] ?? '';
      if (!/^--[a-z-]+-callback$/.test(name)) continue;
      const found = longValue(rest, k, name);
      if (found !== null) payloads.push({ kind: 'shell-text', text: `python3 -c ${shellQuoteText(wordText(found.value))}`, via: `git filter-repo ${name}`, ...(found.value.kind !== 'literal' ? { approximate: true } : {}) });
    }
  }
  if (subcommand === 'difftool') {
    for (let k = 0; k < rest.length; k++) {
      const found = longValue(rest, k, '--extcmd') ?? (literal(rest[k]) === '-x' && rest[k + 1] !== undefined ? { value: rest[k + 1]!, used: 2 } : null);
      if (found !== null) payloads.push(textFrom(found.value, 'git difftool --extcmd'));
    }
  }
  if (subcommand === 'submodule') {
    const foreach = rest.findIndex((w) => literal(w) === 'foreach');
    if (foreach !== -1) {
      let k = foreach + 1;
      while (k < rest.length && ['--recursive', '-q', '--quiet'].includes(literal(rest[k]) ?? '')) k++;
      if (literal(rest[k]) === '--') k++;
      const command = rest.slice(k);
      if (command.length === 1) payloads.push(textFrom(command[0]!, 'git submodule foreach'));
      else if (command.length > 1) payloads.push({ kind: 'argv', argv: command, via: 'git submodule foreach' });
    }
  }
  if (subcommand === 'bisect' && literal(rest[0]) === 'run' && rest.length > 1) {
    payloads.push({ kind: 'argv', argv: rest.slice(1), via: 'git bisect run' });
  }
  return payloads;
}

/** `git rebase --exec TEXT`, `--exec=TEXT`, `-x TEXT`, `-xTEXT`, or `x` inside a short cluster. */
function gitRebaseExec(args: readonly Word[]): Payload[] {
  const payloads: Payload[] = [];
  for (let k = 0; k < args.length; k++) {
    const text = literal(args[k]);
    if (text === null) continue;
    if (text === '--') break;
    const long = longValue(args, k, '--exec');
    if (long !== null) {
      payloads.push(textFrom(long.value, 'git rebase --exec'));
      k += long.used - 1;
      continue;
    }
    if (!text.startsWith('-') || text.startsWith('--')) continue;
    for (let c = 1; c < text.length; c++) {
      const letter = text[c]!;
      // Short options of rebase that take a value: the rest of the cluster (or the next word) is it.
      if ('sXC'.includes(letter)) {
        if (c === text.length - 1) k++;
        break;
      }
      if (letter === 'x') {
        const attached = text.slice(c + 1);
        if (attached !== '') payloads.push(textFrom({ kind: 'literal', value: attached, raw: attached }, 'git rebase --exec'));
        else if (args[k + 1] !== undefined) payloads.push(textFrom(args[++k]!, 'git rebase --exec'));
        break;
      }
    }
  }
  return payloads;
}

/** ssh options whose value is a command run on this machine. */
const SSH_LOCAL_COMMAND_KEYS = ['proxycommand', 'localcommand', 'knownhostscommand'];

/**
 * The short options that take a value, per program (OpenSSH 9.2's getopt strings); every other
 * letter is read as a flag, so a cluster goes on (`ssh -vo ProxyCommand=…`, `-4oProxyCommand=…`).
 * `program` options name a program run here with arguments of the program's own: `scp -S`,
 * `sftp -S` (the ssh to use) and `sftp -D` (a local sftp server).
 */
const SSH_FAMILY_OPTIONS: Readonly<Record<string, { withValue: string; program: string }>> = {
  ssh: { withValue: 'bceilmopBDEFIJLOPQRSwW', program: '' },
  scp: { withValue: 'cDFiJlPoSX', program: 'S' },
  sftp: { withValue: 'bBcDFiJloPRsS', program: 'SD' },
};

/**
 * `-o KEY=VALUE` settings that run a command here, and the program options above. Every word is
 * read, not only those before the host: ssh reads options after the host too, and reading a
 * remote command's words as well only reports more.
 */
function sshOptions(args: readonly Word[], name: string): Payload[] {
  const grammar = SSH_FAMILY_OPTIONS[name] ?? SSH_FAMILY_OPTIONS.ssh!;
  const payloads: Payload[] = [];
  for (let k = 0; k < args.length; k++) {
    const text = literal(args[k]);
    if (text === null || !text.startsWith('-') || text.startsWith('--')) continue;
    for (let c = 1; c < text.length; c++) {
      const letter = text[c]!;
      if (!grammar.withValue.includes(letter)) continue;
      const attached = text.slice(c + 1);
      const value: Word | undefined = attached !== '' ? { kind: 'literal', value: attached, raw: attached } : args[++k];
      if (value === undefined) break;
      if (letter === 'o') {
        const payload = sshSettingPayload(value, name);
        if (payload !== null) payloads.push(payload);
      } else if (grammar.program.includes(letter)) {
        payloads.push(textFrom(value, `${name} -${letter}`));
      }
      break;
    }
  }
  return payloads;
}

/**
 * `KEY=VALUE`, `KEY VALUE`, `KEY = VALUE`: ssh skips every blank and `=` between the keyword and a
 * command (`ProxyCommand==cmd` runs `cmd`); `none` turns the command off.
 */
function sshSettingPayload(setting: Word, name: string): Payload | null {
  const value = wordText(setting);
  const match = /^\s*([A-Za-z]+)[\s=]+/.exec(value);
  if (match === null) return null;
  const key = match[1]!.toLowerCase();
  const code = value.slice(match[0].length);
  if (!SSH_LOCAL_COMMAND_KEYS.includes(key) || code.toLowerCase() === 'none' || code === '') return null;
  const via = `${name} -o ${match[1]}`;
  return setting.kind === 'literal' ? { kind: 'shell-text', text: code, via } : { kind: 'shell-text', text: code, via, approximate: true };
}

/** `rsync -e TEXT` / `--rsh=TEXT`: the remote shell program (and its arguments) runs here. */
function rsyncShell(args: readonly Word[]): Payload[] {
  const payloads: Payload[] = [];
  for (let k = 0; k < args.length; k++) {
    const text = literal(args[k]);
    if (text === null) continue;
    if (text === '--') break;
    const long = longValue(args, k, '--rsh');
    if (long !== null) {
      payloads.push(textFrom(long.value, 'rsync --rsh'));
      k += long.used - 1;
      continue;
    }
    if (!text.startsWith('-') || text.startsWith('--')) continue;
    for (let c = 1; c < text.length; c++) {
      const letter = text[c]!;
      if ('BfTM'.includes(letter)) {
        if (c === text.length - 1) k++;
        break;
      }
      if (letter === 'e') {
        const attached = text.slice(c + 1);
        if (attached !== '') payloads.push(textFrom({ kind: 'literal', value: attached, raw: attached }, 'rsync -e'));
        else if (args[k + 1] !== undefined) payloads.push(textFrom(args[++k]!, 'rsync -e'));
        break;
      }
    }
  }
  return payloads;
}

/** tar's commands, read by the one tar option reader (tarOptions.ts). */
function tarCommands(args: readonly Word[]): Payload[] {
  // A word only known at run time makes every text read from the line approximate.
  const approximate = args.some((word) => word.kind !== 'literal');
  return tarCommandTexts(args.map(wordText)).map(({ text, via }) =>
    approximate ? { kind: 'shell-text', text, via, approximate: true } : { kind: 'shell-text', text, via },
  );
}

/** `npx -c TEXT`, `npm exec --call TEXT`. */
function npmCall(args: readonly Word[], name: string): Payload[] {
  let start = 0;
  if (name === 'npm' || name === 'pnpm') {
    const sub = args.findIndex((w) => !(literal(w) ?? '-').startsWith('-'));
    if (sub === -1 || !['exec', 'x', 'dlx'].includes(literal(args[sub]) ?? '')) return [];
    start = sub + 1;
  }
  const payloads: Payload[] = [];
  for (let k = start; k < args.length; k++) {
    if (literal(args[k]) === '--') break;
    const found = longValue(args, k, '--call') ?? (literal(args[k]) === '-c' && args[k + 1] !== undefined ? { value: args[k + 1]!, used: 2 } : null);
    if (found !== null) {
      payloads.push(textFrom(found.value, `${name} --call`));
      k += found.used - 1;
    }
  }
  return payloads;
}

/**
 * sed's `e COMMAND` and `s///e` (programs/sed.ts reads them): the text of `e COMMAND` is exactly
 * what sed runs; an `s///e` replacement is what runs when the regexp takes the whole line. Opaque
 * words are read by their approximate text, and everything is then approximate.
 */
function sedCommands(args: readonly Word[], name: string): Payload[] {
  const exactWords = args.every((word) => word.kind === 'literal');
  const reading = readSedInvocation(args.map(wordText));
  const payloads: Payload[] = [];
  for (const form of reading.forms) {
    if (form.kind !== 'executes' || form.text === null) continue;
    const payload: Payload = { kind: 'shell-text', text: form.text, via: `${name} ${form.form}` };
    payloads.push(exactWords && form.exact ? payload : { ...payload, approximate: true });
  }
  return payloads;
}

/**
 * awk programs: every command the program hands to `sh -c` (`system()`, `print | CMD`,
 * `CMD | getline`, gawk's `|&`), as the awk reader reports it — exact when the command is string
 * literals every awk decodes alike, approximate (its literal pieces) otherwise.
 */
function awkCommands(args: readonly Word[], name: string): Payload[] {
  const opaque = args.some((word) => word.kind !== 'literal');
  const payloads: Payload[] = [];
  const reading = readAwkCommand(args.map(wordText), name);
  for (const form of reading.forms) {
    if (form.kind === 'unreadable' && form.construct === 'program') {
      // A program the reader could not place may still run in one awk: every string it holds is read.
      for (const program of reading.programs) {
        for (const text of stringLiteralsOf(program)) payloads.push({ kind: 'shell-text', text, via: `${name} (a program the gate could not read)`, approximate: true });
      }
      continue;
    }
    if (form.kind !== 'executor') continue;
    const via = `awk ${form.construct}`;
    if (form.text !== null) payloads.push(opaque ? { kind: 'shell-text', text: form.text, via, approximate: true } : { kind: 'shell-text', text: form.text, via });
    else if (form.approximateText) payloads.push({ kind: 'shell-text', text: form.approximateText, via, approximate: true });
    // `print "rm -rf ~" | "sh"`: what is printed flows into the command, read as that pipeline
    // (a command only known at run time is read at its worst, a shell).
    if (form.printed !== undefined) {
      const command = form.text ?? (form.approximateText || 'sh');
      payloads.push({ kind: 'shell-text', text: `printf '%s\n' ${bashSingleQuote(form.printed)} | ${command}`, via, approximate: true });
    }
  }
  return payloads;
}

/** GNU parallel options that take the next word as their value (the ones a command line uses). */
const PARALLEL_VALUED = new Set(['-j', '--jobs', '-S', '--sshlogin', '-a', '--arg-file', '-d', '--delimiter', '-I', '--colsep', '-C', '-N', '-n', '--max-args', '-L', '--max-lines', '-E', '--joblog', '--results', '--res', '--tmpdir', '--workdir', '--wd', '--timeout', '--retries', '--delay', '--memfree', '--load', '-l', '--env', '--tag-string', '--sshloginfile', '--slf', '--basefile', '--bf', '--return', '--transfer-file', '--tf', '--shebang-wrap']);

/**
 * `parallel CMD ::: ARGS…`: parallel runs CMD through the shell once per argument, the argument
 * in place of `{}` (or after the command). Each run is read as shell text. Without `:::`, the
 * arguments are the lines of its input: `piped`, when the floor knows what flows in (dataFlow.ts).
 */
export function parallelRuns(args: readonly Word[], piped: readonly Word[] = []): Payload[] {
  let i = 0;
  while (i < args.length) {
    const text = literal(args[i]);
    if (text === null || !text.startsWith('-') || text.startsWith(':::')) break;
    i += PARALLEL_VALUED.has(text) ? 2 : 1;
  }
  const separator = args.findIndex((word, k) => k >= i && /^:::+\+?$/.test(literal(word) ?? ''));
  const command = args.slice(i, separator === -1 ? args.length : separator);
  if (command.length === 0) return [];
  const inputs = separator === -1 ? piped : args.slice(separator + 1).filter((word) => !/^:::+\+?$/.test(literal(word) ?? ''));
  const approximate = args.some((word) => word.kind !== 'literal');
  const base = command.map(wordText).join(' ');
  const runs = inputs.length === 0 ? [base] : inputs.slice(0, 16).map((input) => (base.includes('{}') ? base.split('{}').join(wordText(input)) : `${base} ${wordText(input)}`));
  return runs.map((text) => (approximate ? { kind: 'shell-text', text, via: 'parallel', approximate: true } : { kind: 'shell-text', text, via: 'parallel' }));
}

const EXTRACTORS: Readonly<Record<string, Extractor>> = {
  parallel: (args) => parallelRuns(args),
  find: findExec,
  git: gitCommand,
  ssh: sshOptions,
  scp: sshOptions,
  sftp: sshOptions,
  rsync: rsyncShell,
  tar: tarCommands,
  npx: npmCall,
  npm: npmCall,
  pnpm: npmCall,
  sed: sedCommands,
  gsed: sedCommands,
  awk: awkCommands,
  gawk: awkCommands,
  mawk: awkCommands,
  nawk: awkCommands,
};

/** Programs whose arguments this module reads for payloads (wrappers aside). */
export const PAYLOAD_PROGRAMS: readonly string[] = Object.keys(EXTRACTORS);
