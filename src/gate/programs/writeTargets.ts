import { wordText } from './executorPayloads';
import { readFind } from './find';
import { GIT_GLOBAL_GRAMMAR, GIT_WRITING_SUBCOMMANDS } from './rows/readers';
import { hasOption, mayBecomeOption, optionValues, readArgs, textOf, type Grammar, valued } from './grammar';
import { redirectWrite } from './redirectTargets';
import { readSedInvocation } from './sed';
import { readTarOptions } from './tarOptions';
import { analyseArgv, type SegmentAnalysis } from './segmentAnalysis';
import { configurationWritesAtWorst } from './configVerbs';
import { invokedName, leavesWordsUnplaced, programForms, rowFor, type FormReading } from './table';
import { programName } from './wrappers';
import { pathText, targetOf, type WriteTarget } from './writeTarget';
import { literalWord, type Segment, type Word } from '../reading/resolution';
import type { ProgramRow } from './row';

/**
 * What paths a simple command writes (D§4.2, D§7): its output redirects and the file operands
 * of programs whose job is to write, create, move, link or change files. Deleting is not
 * counted here (removing a file plants nothing that a later command would run); the preflight
 * adds what a segment deletes for the protected places (preflight.ts `deletedPaths`).
 *
 * This module only says *what* is written, as the command names it; `protectedWrite.ts`
 * decides whether that matters. It reads argv the way each program does (which options take
 * a value, where the destination is), because a write target mistaken for an option value
 * is a missed floor, and an option value mistaken for a target is a false alarm.
 *
 * Here: per program, which operands and option values it writes ({@link WRITERS}), and
 * {@link writeTargets}, which adds a segment's redirects (`redirectTargets.ts`) and reads the
 * program through its wrappers. Options are read with `optionReader.ts`; a target is the record
 * of `writeTarget.ts`.
 */

/** Reads the write targets of one program from its arguments (after the program word). */
type WriterReader = (args: readonly Word[], context: WriterContext) => WriteTarget[];

interface WriterContext {
  /** The program name as matched (lower case). */
  program: string;
  /** `NAME=value` given to the command (segment assignments and `env NAME=value`). */
  assignments: ReadonlyArray<{ name: string; value: Word }>;
}

const COPY_SPEC: Grammar = {
  short: 'StZ',
  long: valued('suffix', 'target-directory', 'backup', 'sparse', 'reflink', 'preserve', 'no-preserve', 'context', 'update', 'debug'),
  abbreviations: true,
};

/**
 * `cp`, `mv`, `ln`, `install`, `rsync`: sources and a destination. Where the destination is
 * a directory the write lands at `dest/basename(source)`; where it does not exist yet it is
 * `dest` itself. The gate cannot know which, so both are listed.
 */
function copyLike(
  via: string,
  sources: readonly Word[],
  dest: Word | null,
  mode: { intoDirectory: boolean; noTargetDirectory: boolean; recursive: boolean; contentsOnTrailingSlash?: boolean; parents?: boolean },
): WriteTarget[] {
  if (!dest) return [];
  const destPath = textOf(dest);
  if (destPath === null) return opaqueDestination(via, sources, dest, mode.recursive);
  const out: WriteTarget[] = [];
  const treeScope = mode.recursive ? 'new-tree' : 'file';
  if (mode.noTargetDirectory) return [{ path: destPath, via, scope: treeScope }];
  // A trailing slash says the destination is a folder that exists.
  if (!mode.intoDirectory && sources.length <= 1 && !destPath.endsWith('/')) out.push({ path: destPath, via, scope: treeScope });
  for (const source of sources) {
    const sourcePath = textOf(source);
    if (sourcePath === null) {
      const pattern = globBasename(source);
      out.push({ path: destPath, via, scope: 'child', ...(pattern !== null ? { childPattern: pattern } : {}), childTree: mode.recursive });
      continue;
    }
    const trimmed = sourcePath.replace(/\/+$/, '');
    const name = trimmed.slice(trimmed.lastIndexOf('/') + 1);
    const contentsOnly =
      name === '.' || name === '..' || trimmed === '' || (mode.contentsOnTrailingSlash === true && sourcePath.endsWith('/'));
    if (contentsOnly) {
      // `cp -r src/. dest`, `rsync -a src/ dest`: the source's entries land inside `dest`.
      out.push({ path: destPath, via, scope: mode.recursive ? 'tree' : 'file' });
      continue;
    }
    out.push({ path: joinPath(destPath, name), via, scope: mode.recursive ? 'tree' : 'file' });
    if (mode.parents && !sourcePath.startsWith('/')) {
      out.push({ path: joinPath(destPath, trimmed), via, scope: mode.recursive ? 'tree' : 'file' });
    }
  }
  // `rsync -a src/ dest` lists `dest` twice (maybe new, and receiving src's entries): keep the wider.
  return out.filter((t, i) => !(t.scope === 'new-tree' && out.some((o, j) => j !== i && o.path === t.path && o.scope === 'tree')));
}

/**
 * A destination only known at run time. A glob may name an existing folder (`cp pre-commit
 * .git/ho*`, `cp ~/.npmrc /tmp/npmrc.bak*`), which then receives each source under its own name:
 * anything inside an entry the pattern matches (a tree there), and each source's name below the
 * glob as written, so that a protected folder (`.git/hooks`) or a protected name (`.npmrc`) is
 * still seen. Anything else is the word's own target.
 */
function opaqueDestination(via: string, sources: readonly Word[], dest: Word, recursive: boolean): WriteTarget[] {
  const entry = targetOf(dest, via);
  if (dest.kind !== 'opaque' || !dest.expansions.every((e) => e === 'glob') || !/^[A-Za-z0-9._/+@%,=:*?[\]!^-]+$/.test(dest.raw)) return [entry];
  const out: WriteTarget[] = [entry.scope === 'child' ? { ...entry, childTree: true } : entry];
  for (const source of sources) {
    const name = textOf(source)?.replace(/\/+$/, '').split('/').pop();
    if (name === undefined || name === '' || name === '.' || name === '..') continue;
    out.push({ path: joinPath(dest.raw, name), via, scope: recursive ? 'tree' : 'file' });
  }
  return out;
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

/**
 * The last path component of a glob word, when it is nothing but plain characters and glob
 * characters (`src/*.json` → `*.json`); `null` when it holds quotes, escapes or expansions
 * that could make the name anything.
 */
function globBasename(word: Word): string | null {
  if (word.kind !== 'opaque' || word.expansions.some((e) => e !== 'glob')) return null;
  const name = word.raw.slice(word.raw.lastIndexOf('/') + 1);
  return /^[A-Za-z0-9._*?[\]!^@%+,=:-]+$/.test(name) && name.length > 0 ? name : null;
}

/** `cp`/`mv`: a moved directory carries its whole tree, so `mv` is always recursive. */
function cpTargets(args: readonly Word[], { program }: WriterContext): WriteTarget[] {
  const parsed = readArgs(args, COPY_SPEC);
  const recursive = program === 'mv' || hasOption(parsed, '-r', '-R', '-a', '--recursive', '--archive');
  const targetDir = optionValues(parsed, '-t', '--target-directory')[0] ?? null;
  if (!targetDir && parsed.operands.length < 2) return [];
  const sources = targetDir ? parsed.operands : parsed.operands.slice(0, -1);
  const dest = targetDir ?? parsed.operands[parsed.operands.length - 1] ?? null;
  return copyLike(program, sources, dest, {
    intoDirectory: targetDir !== null || sources.length > 1,
    noTargetDirectory: hasOption(parsed, '-T', '--no-target-directory'),
    recursive,
    parents: hasOption(parsed, '--parents'),
  });
}

function lnTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, COPY_SPEC);
  const targetDir = optionValues(parsed, '-t', '--target-directory')[0] ?? null;
  const noTargetDirectory = hasOption(parsed, '-T', '--no-target-directory');
  if (targetDir) return copyLike('ln', parsed.operands, targetDir, { intoDirectory: true, noTargetDirectory, recursive: false });
  if (parsed.operands.length === 1) {
    // `ln -s /path/to/x` makes `./x`.
    return copyLike('ln', parsed.operands, literalWord('.'), { intoDirectory: true, noTargetDirectory: false, recursive: false });
  }
  const sources = parsed.operands.slice(0, -1);
  const dest = parsed.operands[parsed.operands.length - 1] ?? null;
  return copyLike('ln', sources, dest, { intoDirectory: sources.length > 1, noTargetDirectory, recursive: false });
}

const INSTALL_SPEC: Grammar = {
  short: 'gmoStZ',
  long: valued('group', 'mode', 'owner', 'suffix', 'target-directory', 'backup', 'context', 'strip-program'),
  abbreviations: true,
};

function installTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, INSTALL_SPEC);
  if (hasOption(parsed, '-d', '--directory')) return parsed.operands.map((word) => targetOf(word, 'install -d'));
  const targetDir = optionValues(parsed, '-t', '--target-directory')[0] ?? null;
  const noTargetDirectory = hasOption(parsed, '-T', '--no-target-directory');
  if (targetDir) return copyLike('install', parsed.operands, targetDir, { intoDirectory: true, noTargetDirectory, recursive: false });
  const sources = parsed.operands.slice(0, -1);
  const dest = parsed.operands[parsed.operands.length - 1] ?? null;
  if (sources.length === 0) return [];
  return copyLike('install', sources, dest, { intoDirectory: sources.length > 1, noTargetDirectory, recursive: false });
}

export const RSYNC_SPEC: Grammar = {
  short: 'efTBM',
  long: valued('rsh', 'rsync-path', 'exclude', 'include', 'exclude-from', 'include-from', 'files-from', 'filter', 'log-file', 'log-file-format', 'password-file', 'port', 'chmod', 'chown', 'usermap', 'groupmap', 'timeout', 'contimeout', 'partial-dir', 'temp-dir', 'compare-dest', 'copy-dest', 'link-dest', 'backup-dir', 'suffix', 'block-size', 'max-size', 'min-size', 'max-delete', 'bwlimit', 'out-format', 'remote-option', 'iconv', 'checksum-choice', 'compress-choice', 'compress-level', 'skip-compress', 'info', 'debug', 'address', 'sockopts', 'outbuf', 'stop-after', 'stop-at', 'modify-window', 'only-write-batch', 'write-batch', 'read-batch', 'protocol', 'checksum-seed', 'max-alloc', 'early-input', 'mkpath-mode'),
  abbreviations: true,
};

/** `host:path`, `host::module`, `rsync://…`: a path on another machine. */
export function isRemoteTransferPath(text: string): boolean {
  if (text.includes('://')) return true;
  const colon = text.indexOf(':');
  const slash = text.indexOf('/');
  return colon > 0 && (slash < 0 || colon < slash);
}

function rsyncTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, RSYNC_SPEC);
  const out: WriteTarget[] = [];
  for (const log of optionValues(parsed, '--log-file')) out.push(targetOf(log, 'rsync --log-file'));
  if (parsed.operands.length < 2) return out;
  const sources = parsed.operands.slice(0, -1);
  const dest = parsed.operands[parsed.operands.length - 1]!;
  const destText = textOf(dest);
  if (destText !== null && isRemoteTransferPath(destText)) return out;
  const recursive = hasOption(parsed, '-r', '-a', '--recursive', '--archive');
  return out.concat(
    copyLike('rsync', sources, dest, { intoDirectory: sources.length > 1, noTargetDirectory: false, recursive, contentsOnTrailingSlash: true }),
  );
}

function operandsOf(via: string, spec: Grammar) {
  return (args: readonly Word[]): WriteTarget[] =>
    readArgs(args, spec).operands.map((word) => targetOf(word, via));
}

const TEE_SPEC: Grammar = {};
const TOUCH_SPEC: Grammar = { short: 'drt', long: valued('date', 'reference', 'time'), abbreviations: true };
const TRUNCATE_SPEC: Grammar = { short: 'rs', long: valued('reference', 'size'), abbreviations: true };
const SPONGE_SPEC: Grammar = {};


/** `chmod MODE FILE…`, `chown OWNER FILE…`: the files' modes or owners change (`chmod +x` arms a hook). */
function modeChangeTargets(args: readonly Word[], { program }: WriterContext): WriteTarget[] {
  // A chmod mode may look like an option (`chmod -x file`), so any word after the known options
  // that is not one of them counts as an operand.
  const known = new Set(['-R', '-c', '-f', '-v', '-h', '-H', '-L', '-P']);
  const operands: Word[] = [];
  let reference = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = textOf(word);
    if (text !== null && (known.has(text) || /^--(recursive|changes|silent|quiet|verbose|no-dereference|dereference|preserve-root|no-preserve-root)$/.test(text))) continue;
    if (text !== null && /^--(reference|from)=/.test(text)) {
      reference ||= text.startsWith('--reference');
      continue;
    }
    if (text === '--reference' || text === '--from') {
      reference ||= text === '--reference';
      i++;
      continue;
    }
    if (text === '--') continue;
    operands.push(word);
  }
  const files = reference ? operands : operands.slice(1);
  return files.map((word) => targetOf(word, program));
}

function ddTargets(args: readonly Word[]): WriteTarget[] {
  const out: WriteTarget[] = [];
  for (const word of args) {
    // `dd "$X"`: a word that may become anything may be `of=/dev/sdb`.
    if (mayBecomeOption(word)) {
      out.push({ path: null, via: 'dd', source: word.raw });
      continue;
    }
    const text = pathText(word) ?? word.raw.replace(/^["']/, '');
    if (!text.startsWith('of=')) continue;
    out.push(pathText(word) !== null ? { path: text.slice(3), via: 'dd of=' } : { path: null, via: 'dd of=', source: word.raw });
  }
  return out;
}

const SED_SPEC: Grammar = {
  short: 'efl',
  shortAttached: 'i',
  long: valued('expression', 'file', 'line-length', 'in-place'),
  abbreviations: false,
};

function sedTargets(args: readonly Word[]): WriteTarget[] {
  // `--in-place` takes its suffix only attached; read it apart from the other long options.
  const filtered = args.filter((w) => !(w.kind === 'literal' && /^--in-place(=.*)?$/.test(w.value)));
  const inPlace = filtered.length !== args.length;
  const parsed = readArgs(filtered, SED_SPEC);
  const out: WriteTarget[] = [];
  if (inPlace || hasOption(parsed, '-i')) {
    const scripted = hasOption(parsed, '-e', '-f', '--expression', '--file');
    // GNU `sed -i SCRIPT FILE…`, BSD `sed -i '' SCRIPT FILE…`: after an empty first operand the
    // gate cannot tell which sed runs, so the script counts as a file too. (The `w` command
    // inside a script is not read here; the carve-outs keep such scripts off the allow list.)
    const files = scripted ? parsed.operands : parsed.operands.slice(1);
    for (const word of files) out.push(targetOf(word, 'sed -i'));
  }
  // The script's own w, W and s///w files (read by programs/sed.ts). sed takes the name as
  // written (no `~`); a script only known at run time names a file only known then.
  const exactWords = args.every((word) => word.kind === 'literal');
  for (const form of readSedInvocation(args.map(wordText)).forms) {
    if (form.kind !== 'writes' || form.form === '-i' || form.text === null) continue;
    out.push(exactWords ? { path: form.text, via: `sed ${form.form}` } : { path: null, via: `sed ${form.form}`, source: form.text });
  }
  return out;
}

/** `perl -i -pe CODE FILE…` edits files in place. */
function perlTargets(args: readonly Word[]): WriteTarget[] {
  let inPlace = false;
  let code = false;
  const operands: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = textOf(word);
    if (operands.length > 0 || text === null || !text.startsWith('-') || text === '-') {
      operands.push(word);
      continue;
    }
    if (text === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    for (let k = 1; k < text.length; k++) {
      const letter = text[k]!;
      if (letter === 'i') {
        inPlace = true;
        break;
      }
      if (letter === 'e' || letter === 'E') {
        code = true;
        if (k === text.length - 1) i++;
        break;
      }
      if ('MmIxdDFC'.includes(letter)) break;
      if ('0l'.includes(letter)) {
        while (k + 1 < text.length && /[0-9a-fA-Fx]/.test(text[k + 1]!)) k++;
      }
    }
  }
  if (!inPlace) return [];
  const files = code ? operands : operands.slice(1);
  return files.map((word) => targetOf(word, 'perl -i'));
}

export const CURL_SPEC: Grammar = {
  short: 'abcdeEFhHKmoQrtTuUwxXyYzCDP',
  long: valued('output', 'output-dir', 'dump-header', 'cookie-jar', 'trace', 'trace-ascii', 'stderr', 'libcurl', 'etag-save', 'etag-compare', 'header', 'data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'json', 'form', 'form-string', 'request', 'user', 'user-agent', 'referer', 'cookie', 'config', 'write-out', 'max-time', 'connect-timeout', 'range', 'continue-at', 'retry', 'retry-delay', 'retry-max-time', 'cert', 'key', 'cacert', 'capath', 'proxy', 'proxy-user', 'preproxy', 'resolve', 'connect-to', 'interface', 'dns-servers', 'url', 'upload-file', 'limit-rate', 'max-filesize', 'noproxy', 'quote', 'telnet-option', 'cert-type', 'key-type', 'ciphers', 'oauth2-bearer', 'variable', 'doh-url', 'hsts', 'alt-svc', 'time-cond', 'max-redirs', 'expect100-timeout', 'happy-eyeballs-timeout-ms', 'keepalive-time', 'local-port', 'mail-from', 'mail-rcpt', 'mail-auth', 'aws-sigv4', 'pass', 'pinnedpubkey', 'proto', 'proto-redir', 'proto-default', 'proxy-header', 'request-target', 'sasl-authzid', 'service-name', 'socks4', 'socks4a', 'socks5', 'socks5-hostname', 'socks5-gssapi-service', 'speed-limit', 'speed-time', 'tls-max', 'tlsuser', 'tlspassword', 'unix-socket', 'abstract-unix-socket', 'ftp-port', 'krb', 'ftp-account', 'ftp-alternative-to-user', 'crlfile', 'curves', 'engine', 'egd-file', 'random-file', 'login-options', 'netrc-file', 'parallel-max', 'ech', 'ip-tos', 'vlan-priority'),
  abbreviations: false,
};

/** The last path segment of a URL, as `curl -O` and `wget` name their output file. */
function urlFileName(url: string): string | null {
  const withoutQuery = url.replace(/[?#].*$/s, '');
  const afterScheme = withoutQuery.includes('://') ? withoutQuery.slice(withoutQuery.indexOf('://') + 3) : withoutQuery;
  const slash = afterScheme.indexOf('/');
  if (slash < 0) return null;
  const name = afterScheme.slice(afterScheme.lastIndexOf('/') + 1);
  return name.length > 0 ? name : null;
}

function curlTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, CURL_SPEC);
  const out: WriteTarget[] = [];
  const dirWord = optionValues(parsed, '--output-dir')[0];
  const dir = dirWord ? textOf(dirWord) : '.';
  const inDir = (name: string) => (dir === null ? null : name.startsWith('/') || !dirWord ? name : joinPath(dir, name));
  for (const word of optionValues(parsed, '-o', '--output')) {
    const name = textOf(word);
    if (name === '-') continue;
    out.push(name === null ? targetOf(word, 'curl -o') : { path: inDir(name), via: 'curl -o' });
  }
  for (const option of ['-D', '--dump-header', '-c', '--cookie-jar', '--trace', '--trace-ascii', '--stderr', '--libcurl', '--etag-save']) {
    for (const word of optionValues(parsed, option)) {
      const name = textOf(word);
      if (name !== '-' && name !== '%') out.push(targetOf(word, `curl ${option}`));
    }
  }
  const remoteName = hasOption(parsed, '-O', '--remote-name', '--remote-name-all');
  if (remoteName) {
    const serverNamed = hasOption(parsed, '-J', '--remote-header-name');
    const urls = [...parsed.operands, ...optionValues(parsed, '--url')];
    for (const url of urls) {
      const text = textOf(url);
      const name = text === null || serverNamed ? null : urlFileName(text);
      if (name === null) {
        out.push(dir === null ? { path: null, via: 'curl -O' } : { path: dir, via: 'curl -O', scope: 'child' });
      } else {
        out.push({ path: inDir(name), via: 'curl -O' });
      }
    }
  }
  return out;
}

export const WGET_SPEC: Grammar = {
  short: 'OoaPiUtTwlARDXIQeBY',
  long: valued('output-document', 'output-file', 'append-output', 'directory-prefix', 'input-file', 'user-agent', 'tries', 'timeout', 'wait', 'level', 'accept', 'reject', 'domains', 'exclude-domains', 'include-directories', 'exclude-directories', 'quota', 'execute', 'base', 'header', 'user', 'password', 'http-user', 'http-password', 'ftp-user', 'ftp-password', 'post-data', 'post-file', 'method', 'body-data', 'body-file', 'referer', 'load-cookies', 'save-cookies', 'ca-certificate', 'ca-directory', 'certificate', 'private-key', 'limit-rate', 'bind-address', 'dns-timeout', 'connect-timeout', 'read-timeout', 'waitretry', 'cut-dirs', 'default-page', 'adjust-extension', 'config', 'local-encoding', 'remote-encoding', 'restrict-file-names', 'secure-protocol', 'certificate-type', 'private-key-type', 'progress', 'e-robots', 'backups', 'accept-regex', 'reject-regex', 'regex-type', 'rejected-log', 'warc-file', 'report-speed', 'use-askpass', 'retry-on-http-error', 'crl-file', 'pinnedpubkey', 'random-file', 'egd-file', 'hsts-file', 'xattr', 'proxy-user', 'proxy-password'),
  abbreviations: false,
};

function wgetTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, WGET_SPEC);
  const out: WriteTarget[] = [];
  for (const option of ['-o', '--output-file', '-a', '--append-output', '--save-cookies', '--rejected-log']) {
    for (const word of optionValues(parsed, option)) out.push(targetOf(word, `wget ${option}`));
  }
  const documents = optionValues(parsed, '-O', '--output-document');
  if (documents.length > 0) {
    for (const word of documents) if (textOf(word) !== '-') out.push(targetOf(word, 'wget -O'));
    return out;
  }
  const prefixWord = optionValues(parsed, '-P', '--directory-prefix')[0];
  const dir = prefixWord ? textOf(prefixWord) : '.';
  if (dir === null) return out.concat({ path: null, via: 'wget -P' });
  if (hasOption(parsed, '-r', '--recursive', '-m', '--mirror', '-p', '--page-requisites')) {
    // Recursive downloads name files after the server's links.
    return out.concat({ path: dir, via: 'wget -r', scope: 'child', childTree: true });
  }
  const urls = [...parsed.operands];
  if (hasOption(parsed, '-i', '--input-file')) out.push({ path: dir, via: 'wget -i', scope: 'child' });
  for (const url of urls) {
    const text = textOf(url);
    const name = text === null || hasOption(parsed, '--content-disposition') ? null : (urlFileName(text) ?? 'index.html');
    out.push(name === null ? { path: dir, via: 'wget', scope: 'child' } : { path: joinPath(dir, name), via: 'wget' });
  }
  return out;
}


/**
 * The subcommand of `git SUBCOMMAND …` when no global option comes before it (nearly every git
 * command), lower-cased: what {@link readGitCommand} would give as `subcommand`, without reading
 * the rest. `undefined` when the first word is an option or opaque: then only the full reading can say.
 */
export function plainGitSubcommand(args: readonly Word[]): string | undefined {
  const first = args[0];
  if (first === undefined || first.kind !== 'literal') return undefined;
  // {@link parseArgs} takes a word for an option only when it starts with `-` and is longer than that.
  if (first.value.length >= 2 && first.value.startsWith('-')) return undefined;
  return first.value.toLowerCase();
}

/** `git [-C dir]… [--git-dir d] SUBCOMMAND …`: the subcommand, its arguments and where the repository is. */
export function readGitCommand(args: readonly Word[]): {
  subcommand: string | null;
  subcommandWord: Word | null;
  rest: Word[];
  /** Where `-C` options leave the working directory, relative to the starting one (`null`: opaque). */
  directory: string | null;
  gitDir: Word | null;
  globalValues: Word[];
} {
  const parsed = readArgs(args, GIT_GLOBAL_GRAMMAR);
  let directory: string | null = '.';
  const folderOptions = rowFor('git')?.workingFolder ?? ['-C'];
  for (const option of parsed.options) {
    if (!folderOptions.includes(option.name)) continue;
    const dir = textOf(option.value);
    if (dir === null || directory === null) directory = null;
    else if (dir !== '') directory = dir.startsWith('/') ? dir : joinPath(directory, dir);
  }
  const subcommandWord = parsed.operands[0] ?? null;
  return {
    subcommand: subcommandWord ? (textOf(subcommandWord)?.toLowerCase() ?? null) : null,
    subcommandWord,
    rest: parsed.operands.slice(1),
    directory,
    gitDir: optionValues(parsed, '--git-dir')[0] ?? null,
    globalValues: parsed.options.flatMap((o) => (o.value ? [o.value] : [])),
  };
}

const GIT_CONFIG_SPEC: Grammar = {
  short: 'f',
  long: valued('file', 'blob', 'type', 'default', 'comment', 'value', 'url'),
  abbreviations: false,
};
const GIT_CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '-l', '--list'];
const GIT_CONFIG_WRITES = ['--add', '--replace-all', '--unset', '--unset-all', '--rename-section', '--remove-section', '-e', '--edit'];

/**
 * `git config` writes a config file unless it only reads (D§7: `.git/config` runs code through
 * hooksPath, pager, fsmonitor…); `checkout`, `restore`, `apply`, `am`, `init` and `clone` write
 * the files of {@link gitTreeWrites}.
 */
function gitTargets(args: readonly Word[], context: WriterContext): WriteTarget[] {
  // Only these subcommands write here: any other plain subcommand is settled without reading on.
  const plain = plainGitSubcommand(args);
  if (plain !== undefined && plain !== 'config' && !Object.prototype.hasOwnProperty.call(GIT_WRITING_SUBCOMMANDS, plain)) return [];
  const git = readGitCommand(args);
  if (git.subcommandWord && git.subcommand === null) return [targetOf(git.subcommandWord, 'git (a subcommand the gate cannot read)')];
  if (git.subcommand !== null && Object.prototype.hasOwnProperty.call(GIT_WRITING_SUBCOMMANDS, git.subcommand)) {
    return gitTreeWrites(git.subcommand, git.rest, context).map((target) => withinFolder(target, git.directory));
  }
  if (git.subcommand !== 'config') return [];
  const parsed = readArgs(git.rest, GIT_CONFIG_SPEC);
  const first = textOf(parsed.operands[0]);
  const verbs = ['get', 'list', 'set', 'unset', 'rename-section', 'remove-section', 'edit'];
  let writes: boolean;
  if (first !== null && verbs.includes(first)) {
    writes = first !== 'get' && first !== 'list';
  } else if (hasOption(parsed, ...GIT_CONFIG_WRITES)) {
    writes = true;
  } else if (hasOption(parsed, ...GIT_CONFIG_READS) || hasOption(parsed, '--blob')) {
    writes = false;
  } else {
    // `git config key` reads, `git config key value` writes; an opaque word may be either.
    writes = parsed.operands.length >= 2 || parsed.operands.some((w) => w.kind === 'opaque');
  }
  if (!writes) return [];
  const assigned = (name: string): Word | undefined => context.assignments.find((a) => a.name === name)?.value;
  const within = (path: string): string | null =>
    git.directory === null ? null : path.startsWith('/') ? path : git.directory === '.' ? path : joinPath(git.directory, path);
  const file = optionValues(parsed, '-f', '--file')[0];
  if (file) {
    const path = textOf(file);
    return [path === null ? targetOf(file, 'git config --file') : { path: within(path), via: 'git config --file' }];
  }
  if (hasOption(parsed, '--global')) {
    const override = assigned('GIT_CONFIG_GLOBAL');
    return override ? [{ path: textOf(override), via: 'git config --global' }] : [{ path: '~/.gitconfig', via: 'git config --global' }];
  }
  if (hasOption(parsed, '--system')) {
    const override = assigned('GIT_CONFIG_SYSTEM');
    return [{ path: override ? textOf(override) : '/etc/gitconfig', via: 'git config --system' }];
  }
  const gitDirWord = git.gitDir ?? assigned('GIT_DIR') ?? null;
  const gitDir = gitDirWord ? textOf(gitDirWord) : '.git';
  const name = hasOption(parsed, '--worktree') ? 'config.worktree' : 'config';
  return [{ path: gitDir === null ? null : within(joinPath(gitDir, name)), via: 'git config' }];
}

/**
 * What `git checkout|restore|apply|am|init|clone` write, relative to the folder git runs in, read
 * with the subcommand's grammar from git's row:
 * - `checkout [TREE-ISH] [--] PATHSPEC…` and `restore [--source=X] PATHSPEC…` write the paths named
 *   (a branch switch, which rewrites whatever differs between two commits, is not counted: see
 *   docs/decisions.md). A pathspec that is the work tree or holds it (`.`) is judged by itself
 *   only (scope `new-tree` on a path that exists): the content comes from the repository, as it
 *   does for a branch switch. A pathspec with glob characters or magic (`*.json`, `:/`) may name
 *   any file: unknown. `restore --staged` alone writes the index only.
 * - `apply` and `am` write the files the patch names, which nobody has read: an unknown path,
 *   unless they only check or print (`--check`, `--stat`), write the index only (`--cached`), or
 *   stop (`am --abort`).
 * - `init --template=DIR` and `clone --template=DIR` (or `GIT_TEMPLATE_DIR`) copy DIR's hooks into
 *   the new repository's `.git/hooks`.
 */
function gitTreeWrites(subcommand: string, rest: readonly Word[], context: WriterContext): WriteTarget[] {
  const parsed = readArgs(rest, GIT_WRITING_SUBCOMMANDS[subcommand]!.grammar);
  const via = `git ${subcommand}`;
  const fromFile = optionValues(parsed, '--pathspec-from-file')[0];
  if (fromFile) return [{ path: null, via: `${via} --pathspec-from-file`, source: fromFile.raw }];
  const pathspec = (word: Word): WriteTarget => {
    const text = textOf(word);
    if (text === null || /[*?[]/.test(text) || text.startsWith(':')) return { path: null, via, source: word.raw };
    return { path: text, via, scope: 'new-tree' };
  };
  switch (subcommand) {
    case 'checkout': {
      if (hasOption(parsed, '-b', '-B', '--orphan')) return [];
      const operands = parsed.operands;
      if (parsed.endOfOptions >= 0) return operands.filter((_, k) => parsed.operandIndexes[k]! > parsed.endOfOptions).map(pathspec);
      if (operands.length === 0) return [];
      // Without `--` the first operand is a commit unless it cannot be a ref name (`.`, `.vscode`, `a/`): then git reads every operand as a path.
      const first = textOf(operands[0]);
      return (first !== null && cannotBeRef(first) ? operands : operands.slice(1)).map(pathspec);
    }
    case 'restore':
      if (hasOption(parsed, '-S', '--staged') && !hasOption(parsed, '-W', '--worktree')) return [];
      return parsed.operands.map(pathspec);
    case 'apply':
    case 'am': {
      if (subcommand === 'apply' && hasOption(parsed, '--cached')) return [];
      if (subcommand === 'apply' && hasOption(parsed, '--check', '--stat', '--numstat', '--summary') && !hasOption(parsed, '--apply')) return [];
      if (subcommand === 'am' && hasOption(parsed, '--abort', '--quit', '--show-current-patch')) return [];
      const patches = parsed.operands.map((w) => w.raw).join(' ');
      return [{ path: null, via, source: `the files ${patches || 'the patch on standard input'} names` }];
    }
    default: {
      // init, clone
      const named = subcommand === 'init' ? parsed.operands[0] : parsed.operands[1];
      // The folder named for the new repository is written, files and all (`git clone URL ~/.zsh/x`):
      // a protected place or one outside the workspace is a protected write (D§7).
      const made: WriteTarget[] = named === undefined ? [] : [{ path: named.kind === 'literal' ? named.value : null, via, scope: 'new-tree', ...(named.kind === 'literal' ? {} : { source: named.raw }) }];
      const template = optionValues(parsed, '--template')[0] ?? context.assignments.find((a) => a.name === 'GIT_TEMPLATE_DIR')?.value;
      if (template === undefined) return made;
      const viaTemplate = `${via} --template`;
      let dir: string | null = named ? textOf(named) : subcommand === 'init' ? '.' : cloneFolderName(textOf(parsed.operands[0]));
      const bare = hasOption(parsed, '--bare', '--mirror');
      if (bare && !named && dir !== null && subcommand === 'clone') dir = `${dir}.git`;
      const separate = optionValues(parsed, '--separate-git-dir')[0];
      if (separate || (bare && (dir === null || !/\.git\/?$/.test(dir)))) {
        return [{ path: null, via: viaTemplate, source: `the hooks of the new repository (${(separate ?? named ?? parsed.operands[0])?.raw ?? '.'})` }];
      }
      if (dir === null) return [{ path: null, via: viaTemplate, source: `the hooks of the new repository (${named?.raw ?? parsed.operands[0]?.raw ?? '?'})` }];
      return [{ path: bare ? joinPath(dir.replace(/\/+$/, ''), 'hooks') : joinPath(dir, '.git/hooks'), via: viaTemplate }];
    }
  }
}

/** A word git cannot take for a ref name (git check-ref-format), so `git checkout WORD` names a path. */
function cannotBeRef(text: string): boolean {
  return text === '' || text.startsWith('.') || text.startsWith('/') || text.endsWith('/') || text.endsWith('.lock') || text.includes('/.') || text.includes('..') || /[\s~^:?*[\\]/.test(text);
}

/** The folder `git clone URL` makes: the URL's last component without `.git` (`https://x/y.git` → `y`). */
function cloneFolderName(url: string | null): string | null {
  if (url === null) return null;
  const trimmed = url.replace(/\/+$/, '').replace(/\.git$/, '').replace(/\/+$/, '');
  const name = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':')) + 1);
  return name.length > 0 ? name : null;
}

const CRONTAB_SPEC: Grammar = { short: 'usc', abbreviations: false };

function crontabTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, CRONTAB_SPEC);
  const onlyLists =
    hasOption(parsed, '-l', '-T', '-V') &&
    parsed.operands.length === 0 &&
    parsed.options.every((o) => ['-l', '-u', '-T', '-V', '-c', '-s'].includes(o.name));
  if (onlyLists) return [];
  return [{ path: CRONTAB_PATH, via: 'crontab' }];
}

/** Where `crontab` keeps the tables it installs (Debian/Ubuntu; cronie and macOS use `/var/spool/cron` and `/usr/lib/cron/tabs`). */
export const CRONTAB_PATH = '/var/spool/cron/crontabs';

const SYSTEMCTL_WRITES = new Set([
  'enable', 'reenable', 'link', 'edit', 'set-property', 'preset', 'preset-all', 'add-wants', 'add-requires',
  'set-environment', 'import-environment', 'revert', 'mask', 'unmask', 'set-default',
]);
const SYSTEMCTL_SPEC: Grammar = {
  short: 'tpPHMnoD',
  long: valued('type', 'property', 'host', 'machine', 'lines', 'output', 'root', 'image', 'state', 'signal', 'kill-whom', 'job-mode', 'what', 'boot-loader-menu', 'boot-loader-entry', 'reboot-argument', 'timestamp', 'drop-in', 'when', 'preset-mode', 'message', 'kill-value', 'check-inhibitors', 'image-policy', 'legend', 'wait'),
  abbreviations: false,
};

/** `systemctl enable|edit|link…` makes a unit run at boot or login: a write to the unit folders. */
function systemctlTargets(args: readonly Word[]): WriteTarget[] {
  const parsed = readArgs(args, SYSTEMCTL_SPEC);
  const verb = textOf(parsed.operands[0])?.toLowerCase();
  if (parsed.operands[0] && verb === undefined) return [{ path: null, via: 'systemctl' }];
  if (!verb || !SYSTEMCTL_WRITES.has(verb)) return [];
  const via = `systemctl ${verb}`;
  if (hasOption(parsed, '--user')) return [{ path: '~/.config/systemd/user', via, scope: 'child' }];
  if (hasOption(parsed, '--runtime')) return [{ path: '/run/systemd/system', via, scope: 'child' }];
  return [{ path: '/etc/systemd/system', via, scope: 'child' }];
}

const NPM_SPEC: Grammar = {
  short: 'wC',
  long: valued('workspace', 'prefix', 'location', 'registry', 'userconfig', 'globalconfig', 'cache', 'tag', 'otp', 'loglevel', 'omit', 'include', 'userconfig', 'dir'),
  abbreviations: false,
};

/**
 * `npm pkg set` edits package.json; `npm config set` (and `npm set`) edits an npmrc; `pnpm setup` writes pnpm's
 * folder into the shell's start-up file; `code --install-extension` adds code VS Code runs.
 */
function packageManagerTargets(args: readonly Word[], { program }: WriterContext): WriteTarget[] {
  const parsed = readArgs(args, NPM_SPEC);
  // `npm set KEY VALUE` is npm's own spelling of `npm config set`; a `set` verb is read so for pnpm too.
  const alias = textOf(parsed.operands[0]) === 'set' && program !== 'yarn';
  const verb = alias ? 'config' : textOf(parsed.operands[0]);
  const action = alias ? 'set' : textOf(parsed.operands[1]);
  const prefixWord = optionValues(parsed, '--prefix', '-C', '--dir')[0];
  const prefix = prefixWord ? textOf(prefixWord) : '.';
  if ((verb === 'pkg' && (action === 'set' || action === 'delete' || action === 'fix')) || verb === 'set-script') {
    if (hasOption(parsed, '-w', '--workspace', '--workspaces', '-ws')) return [{ path: null, via: `${program} pkg ${action}` }];
    return [{ path: prefix === null ? null : joinPath(prefix, 'package.json'), via: `${program} ${verb === 'pkg' ? `pkg ${action}` : verb}` }];
  }
  if (program === 'pnpm' && verb === 'setup') return [{ path: '~/.bashrc', via: 'pnpm setup' }, { path: '~/.zshrc', via: 'pnpm setup' }];
  if ((verb === 'config' || verb === 'c') && (action === 'set' || action === 'delete' || action === 'edit' || action === 'fix')) {
    const via = `${program} config ${action}`;
    if (program === 'yarn') return [{ path: '.yarnrc.yml', via }, { path: '~/.yarnrc.yml', via }, { path: '~/.yarnrc', via }];
    const locationWord = optionValues(parsed, '--location')[0];
    const location = locationWord ? textOf(locationWord) : 'user';
    const userconfig = optionValues(parsed, '--userconfig')[0];
    if (hasOption(parsed, '-g', '--global') || location === 'global' || location === null) return [{ path: null, via }];
    if (location === 'project') return [{ path: prefix === null ? null : joinPath(prefix, '.npmrc'), via }];
    if (userconfig) return [{ path: textOf(userconfig), via }];
    return program === 'pnpm' ? [{ path: '~/.config/pnpm/rc', via }, { path: '~/.npmrc', via }] : [{ path: '~/.npmrc', via }];
  }
  return [];
}

const CODE_SPEC: Grammar = { long: valued('extensions-dir', 'user-data-dir', 'install-extension', 'uninstall-extension', 'profile', 'locale', 'add-mcp'), abbreviations: false };

function editorExtensionTargets(args: readonly Word[], { program }: WriterContext): WriteTarget[] {
  const parsed = readArgs(args, CODE_SPEC);
  if (hasOption(parsed, '--add-mcp')) {
    // The user profile's MCP configuration, whose servers the editor (and its agents) start.
    const dataWord = optionValues(parsed, '--user-data-dir')[0];
    const profiles: Record<string, string> = { code: '~/.config/Code', 'code-insiders': '~/.config/Code - Insiders', codium: '~/.config/VSCodium', 'code-server': '~/.local/share/code-server', cursor: '~/.config/Cursor' };
    const data = dataWord ? textOf(dataWord) : (profiles[program] ?? null);
    return [{ path: data === null ? null : `${data}/User/mcp.json`, via: `${program} --add-mcp` }];
  }
  if (!hasOption(parsed, '--install-extension', '--uninstall-extension')) return [];
  const dirWord = optionValues(parsed, '--extensions-dir')[0];
  const defaults: Record<string, string> = {
    code: '~/.vscode/extensions',
    'code-insiders': '~/.vscode-insiders/extensions',
    codium: '~/.vscode-oss/extensions',
    'code-server': '~/.local/share/code-server/extensions',
    cursor: '~/.cursor/extensions',
  };
  const dir = dirWord ? textOf(dirWord) : (defaults[program] ?? null);
  return [{ path: dir, via: `${program} --install-extension`, scope: 'child', childTree: true }];
}

/** Stands for the words xargs appends: opaque, so every reader treats it as unknown. */
export const XARGS_WORD: Word = { kind: 'opaque', raw: 'arguments xargs adds', expansions: ['variable'] };

/**
 * The arguments of a command run by xargs, as the gate can know them: xargs appends words read
 * from its input (one opaque word stands for them), or with `-I STR`/`-i`/`--replace` puts them
 * wherever STR appears (those words become opaque). `inner` is the command after the wrappers;
 * its words are the same objects as in `argv`, which is how the xargs options are found.
 */
export function withXargsInput(argv: readonly Word[], inner: readonly Word[]): Word[] {
  const args = inner.slice(1);
  const start = argv.findIndex((w) => programName(w)?.toLowerCase() === 'xargs');
  const end = inner.length > 0 ? argv.indexOf(inner[0]!) : argv.length;
  let replace: string | null = null;
  for (let i = start + 1; start >= 0 && i < end; i++) {
    const text = textOf(argv[i]);
    if (text === null) continue;
    if (text === '-I' || text === '-J') replace = textOf(argv[i + 1]) ?? '{}';
    else if (/^-[IJ]./.test(text)) replace = text.slice(2);
    else if (text === '-i' || text === '--replace') replace = '{}';
    else if (text.startsWith('-i')) replace = text.slice(2);
    else if (text.startsWith('--replace=')) replace = text.slice('--replace='.length) || '{}';
  }
  if (replace === null) return [...args, XARGS_WORD];
  const marker = replace;
  return args.map((word) =>
    word.kind === 'literal' && word.value.includes(marker) ? { ...XARGS_WORD, raw: word.value } : word,
  );
}

/**
 * `find -fprint FILE`, `-fprint0 FILE`, `-fls FILE`, `-fprintf FILE FMT`: the files find writes its
 * listing to, as the one reader of find's grammar reports them (`-name -fprint` is a name, not a
 * write). `-delete` removes files, which this module does not count.
 */
function findTargets(args: readonly Word[]): WriteTarget[] {
  const out: WriteTarget[] = [];
  for (const writer of readFind(args).writers) if (writer.file !== null) out.push(targetOf(writer.file, `find ${writer.primary}`));
  return out;
}

/** Stands for a word only known at run time among tar's words (no option value is ever this). */
const TAR_OPAQUE = '\u0000opaque';

/**
 * `tar -x` extracts a tree of unknown names (the archive's) into the folder its working-folder
 * options (the row's `-C`/`--directory`, composed in order) leave it in, the current one by
 * default; with `-P` members may be absolute paths: anywhere. Members named on the command line
 * are not used to narrow the tree. Creating or listing an archive writes no file here (`-f` of a
 * new archive is an ordinary file).
 */
function tarTargets(args: readonly Word[], { program }: WriterContext): WriteTarget[] {
  const options = readTarOptions(args.map((word) => textOf(word) ?? TAR_OPAQUE));
  const extracts = options.some((o) => o.name === 'x' || o.name === 'get' || (o.name.length >= 3 && 'extract'.startsWith(o.name)));
  if (!extracts || options.some((o) => o.name === 'to-stdout')) return [];
  const via = `${program} -x`;
  if (options.some((o) => o.name === 'P' || (o.name.length >= 3 && 'absolute-names'.startsWith(o.name)))) {
    return [{ path: null, via: `${via} -P`, source: 'the absolute paths in the archive' }];
  }
  const folderOptions = rowFor(program)?.workingFolder ?? [];
  let folder: string | null = '.';
  for (const option of options) {
    if (!folderOptions.includes(`--${option.name}`)) continue;
    const dir = option.value;
    if (dir === null || dir === TAR_OPAQUE || folder === null) folder = null;
    else if (dir !== '') folder = dir.startsWith('/') || dir.startsWith('~') || folder === '.' ? dir : joinPath(folder, dir);
  }
  return [folder === null ? { path: null, via: `${via} -C`, source: 'a folder only known at run time' } : { path: folder, via, scope: 'tree' }];
}

/**
 * gawk's `inplace` extension (`-i inplace`, `--include=inplace`, `-i inplace.awk`) rewrites every
 * file it reads: the operands after the program text (every operand when `-f` gives the program),
 * except `var=value` assignments. Without it awk writes nothing of its own accord here.
 */
function awkTargets(args: readonly Word[], { program }: WriterContext): WriteTarget[] {
  let inplace = false;
  let programGiven = false;
  let k = 0;
  for (; k < args.length; k++) {
    const text = textOf(args[k]);
    if (text === null || text === '--' || !text.startsWith('-') || text === '-') break;
    const long = /^--([a-z-]+)(=(.*))?$/.exec(text);
    const name = long ? long[1]! : text.slice(1, 2);
    const valued = long ? AWK_VALUED_LONG.has(name) && long[2] === undefined : AWK_VALUED_SHORT.has(name) && text.length === 2;
    const value = long ? (long[3] ?? (valued ? textOf(args[k + 1]) : null)) : text.length > 2 ? text.slice(2) : valued ? textOf(args[k + 1]) : null;
    if (valued) k++;
    if ((name === 'i' || name === 'include') && (value === null || /^inplace(\.awk)?$/.test(value))) inplace = true;
    if (['f', 'E', 'e', 'file', 'exec', 'source'].includes(name)) programGiven = true;
  }
  if (textOf(args[k]) === '--') k++;
  if (!inplace) return [];
  const files = args.slice(k + (programGiven ? 0 : 1));
  return files.filter((word) => word.kind !== 'literal' || !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value)).map((word) => targetOf(word, `${program} -i inplace`));
}

/** awk's options that take a value (POSIX, gawk's and mawk's), short and long. */
const AWK_VALUED_SHORT = new Set(['f', 'v', 'F', 'i', 'l', 'e', 'E', 'W']);
const AWK_VALUED_LONG = new Set(['file', 'assign', 'field-separator', 'include', 'load', 'source', 'exec']);

/** The writers this module knows, by program name (lower case). */
const WRITERS: Readonly<Record<string, WriterReader>> = {
  tee: operandsOf('tee', TEE_SPEC),
  gawk: awkTargets,
  awk: awkTargets,
  sponge: operandsOf('sponge', SPONGE_SPEC),
  touch: operandsOf('touch', TOUCH_SPEC),
  truncate: operandsOf('truncate', TRUNCATE_SPEC),
  cp: cpTargets,
  mv: cpTargets,
  ln: lnTargets,
  install: installTargets,
  rsync: rsyncTargets,
  chmod: modeChangeTargets,
  chown: modeChangeTargets,
  chgrp: modeChangeTargets,
  dd: ddTargets,
  find: findTargets,
  sed: sedTargets,
  gsed: sedTargets,
  perl: perlTargets,
  curl: curlTargets,
  wget: wgetTargets,
  git: gitTargets,
  tar: tarTargets,
  bsdtar: tarTargets,
  gtar: tarTargets,
  crontab: crontabTargets,
  systemctl: systemctlTargets,
  npm: packageManagerTargets,
  pnpm: packageManagerTargets,
  yarn: packageManagerTargets,
  code: editorExtensionTargets,
  'code-insiders': editorExtensionTargets,
  codium: editorExtensionTargets,
  'code-server': editorExtensionTargets,
  cursor: editorExtensionTargets,
};

/** Program names (lower case) whose arguments name what they write (besides the rows' `target` forms). */
export const WRITER_PROGRAMS: readonly string[] = Object.keys(WRITERS);

/**
 * The writer forms whose row in the program table says where they write (`OptionRole.target` in `row.ts`),
 * for a program without a reader in {@link WRITERS}: `pytest --junitxml=F`, `tsc --outDir D`,
 * `eslint -o F`. The options are the row's; this only turns its forms into targets. Forms of a
 * command the program runs (`docker run IMAGE jest …`, elsewhere) are left out: the wrappers that
 * run a command here are peeled before this is asked. A relative path resolves from where the
 * row's working-folder options (`Command.workingFolder`) before it leave the program.
 */
export function rowTargets(argv: readonly Word[], depth = 0, forms?: FormReading): WriteTarget[] {
  const first = argv[0];
  if (first === undefined || first.kind !== 'literal') return [];
  const row = rowFor(first.value);
  if (row === null) return [];
  const out: WriteTarget[] = [];
  const reading = forms ?? programForms(argv);
  const wrappedAt = Math.min(...reading.forms.filter((form) => form.wrapped !== undefined).map((form) => form.index));
  const folders = workingFolders(row, argv);
  for (const form of reading.forms) {
    if (form.role !== 'writer' || form.target === undefined || form.index >= wrappedAt || form.value === null) continue;
    if (form.targetPath === null) continue;
    const via = form.trigger === form.program || form.program.endsWith(` ${form.trigger}`) ? form.program : `${form.program} ${form.trigger}`;
    const scope = form.target === 'tree' ? { scope: 'tree' as const } : {};
    const target = form.targetPath !== undefined ? { path: form.targetPath, via, ...scope } : targetOf(form.value, via, scope);
    out.push(withinFolder(target, folderBefore(folders, form.index)));
  }
  // `python3 -m pytest …`: the words after the module are the module's own arguments. The table
  // reads most modules' words with the module's row already (their forms are among `reading`'s,
  // at those words); the rest (a package manager's, `python -m pip install --target DIR`) here.
  if (row.runsModule !== undefined && depth < 4) {
    const options = readArgs(argv.slice(1), row.grammar ?? {}).options;
    const option = options.find((o) => row.runsModule!.options.includes(o.name));
    const module = textOf(option?.value);
    if (option !== undefined && module !== null && rowFor(module) !== null && invokedName(module) === module) {
      const after = (option.valueIndex ?? option.index) + 2;
      const carried = reading.forms.some((form) => form.index >= after);
      if (!carried) out.push(...rowTargets([literalWord(module), ...argv.slice(after)], depth + 1));
    }
  }
  return out;
}

/** A row's working-folder options in an argv: where each leaves the program (composed, relative to the start; null: opaque), by word index. */
function workingFolders(row: ProgramRow, argv: readonly Word[]): Array<{ index: number; folder: string | null }> {
  if (row.workingFolder === undefined) return [];
  const out: Array<{ index: number; folder: string | null }> = [];
  let folder: string | null = '.';
  // A row with subcommands reads its own options up to the subcommand (`git apply -C3` is no folder).
  const own = row.grammar ?? {};
  // A working-folder option takes its folder whatever else the grammar says (tar's row has none:
  // `tar cz -C ~ .ssh` reads `~` as -C's value).
  const shortLetters = row.workingFolder.filter((name) => /^-[A-Za-z]$/.test(name)).map((name) => name[1]!).filter((letter) => !(own.short ?? '').includes(letter) && !(own.shortAttached ?? '').includes(letter));
  const longNames = row.workingFolder.filter((name) => name.startsWith('--') && own.long?.[name.slice(2)] === undefined).map((name) => name.slice(2));
  const withFolders: Grammar = { ...own, short: (own.short ?? '') + shortLetters.join(''), long: { ...(own.long ?? {}), ...valued(...longNames) } };
  const grammar = row.subcommands !== undefined ? { ...withFolders, stopAtOperand: true } : withFolders;
  for (const option of readArgs(argv.slice(1), grammar).options) {
    if (!row.workingFolder.includes(option.name)) continue;
    const dir = textOf(option.value) ?? homeReference(option.value);
    if (dir === null || folder === null) folder = null;
    else if (dir !== '') folder = dir.startsWith('/') || dir.startsWith('~') ? dir : folder === '.' ? dir : joinPath(folder, dir);
    out.push({ index: option.index + 1, folder });
  }
  return out;
}

/**
 * A word that is the home folder or a path below it spelled with the variable (`"$HOME"`,
 * `${HOME}/src`), as `~` or `~/src`: the shell expands it to the home, as it does `~`. Null for
 * anything else.
 */
function homeReference(word: Word | null): string | null {
  if (word === null || word.kind === 'literal') return null;
  const match = /^("?)\$(?:HOME|\{HOME\})((?:\/[^"$`\\*?[]*)?)\1$/.exec(word.raw);
  return match === null ? null : `~${match[2]!}`;
}

/**
 * Where a program runs once its row's working-folder options have moved it (`git -C a -C b` runs
 * in `a/b`): relative to where it was started, `.` when it was not moved, null when a folder is
 * only known at run time.
 */
export function workingFolderOf(row: ProgramRow, argv: readonly Word[]): string | null {
  return folderBefore(workingFolders(row, argv), argv.length);
}

/** The working folder in force at a word: that of the last working-folder option before it. */
function folderBefore(folders: ReadonlyArray<{ index: number; folder: string | null }>, index: number): string | null {
  let folder: string | null = '.';
  for (const entry of folders) if (entry.index < index) folder = entry.folder;
  return folder;
}

/** A target whose relative path is written from `folder` (`.`: as it is; null: a folder the gate cannot read). */
function withinFolder(target: WriteTarget, folder: string | null): WriteTarget {
  if (target.path === null || folder === '.' || target.path.startsWith('/') || target.path === '~' || target.path.startsWith('~/')) return target;
  if (folder === null) return { ...target, path: null, source: target.path };
  return { ...target, path: target.path === '.' ? folder : joinPath(folder, target.path) };
}

/** Wrappers that run the command with another account's rights, root's by default. */
const PRIVILEGE_WRAPPERS: ReadonlySet<string> = new Set(['sudo', 'doas', 'run0', 'pkexec', 'su', 'sudo-rs', 'please']);

/** The first of these wrappers that raises the command's rights (`sudo`, `doas` …), or undefined. */
export function privilegeWrapper(wrappers: readonly string[]): string | undefined {
  return wrappers.find((wrapper) => PRIVILEGE_WRAPPERS.has(wrapper));
}

/**
 * Every path a segment writes: output redirects (other than the harmless ones, D§4.2) and the
 * targets of the writer programs above, looked up through wrappers (`sudo tee /etc/x` counts).
 * When a wrapper's options could not be read exactly, or the wrapped program word is opaque,
 * a writer may be writing somewhere unknown: that is reported as an opaque target.
 * Never throws.
 */
export function writeTargets(segment: Segment, analysis?: SegmentAnalysis): WriteTarget[] {
  try {
    const out: WriteTarget[] = [];
    for (const redirect of segment.redirects) {
      const target = redirectWrite(redirect);
      if (target) out.push(target);
    }
    const { peeled: unwrapped, program } = analysis ?? analyseArgv(segment.argv);
    const programWord = unwrapped.argv[0];
    if (programWord && program === null) {
      out.push({ path: null, via: 'a program the gate cannot read', source: programWord.raw });
      out.push(...configurationWritesAtWorst(unwrapped.argv, privilegeWrapper(unwrapped.wrappers) !== undefined));
      return out;
    }
    if (program === null) return out;
    const reader = Object.prototype.hasOwnProperty.call(WRITERS, program) ? WRITERS[program] : undefined;
    if (!reader) {
      // No reader of its own: what the row's writer forms say (most programs: nothing).
      if (unwrapped.wrappers.includes('xargs')) {
        const withInput = [unwrapped.argv[0]!, ...withXargsInput(segment.argv, unwrapped.argv)];
        out.push(...rowTargets(withInput).map((t) => ({ ...t, via: `${t.via} through xargs` })));
        // A configuration verb writes at its worst through xargs as it does alone (wrappers never widen).
        if (rowFor(program) === null || leavesWordsUnplaced(programForms(unwrapped.argv))) out.push(...configurationWritesAtWorst(unwrapped.argv, privilegeWrapper(unwrapped.wrappers) !== undefined));
      } else {
        const forms = analysis?.inside?.forms ?? programForms(unwrapped.argv);
        out.push(...rowTargets(unwrapped.argv, 0, forms));
        // No row, or words the row cannot place: a configuration verb among them writes at its worst.
        if (leavesWordsUnplaced(forms) || rowFor(program) === null) out.push(...configurationWritesAtWorst(unwrapped.argv, privilegeWrapper(unwrapped.wrappers) !== undefined));
      }
      return out;
    }
    // Readers only look assignments up by name: either list serves as it is when the other is empty (most segments).
    const assignments: WriterContext['assignments'] =
      unwrapped.assignments.length === 0
        ? segment.assignments
        : segment.assignments.length === 0
          ? unwrapped.assignments
          : [...segment.assignments.map((a) => ({ name: a.name, value: a.value })), ...unwrapped.assignments];
    const args = unwrapped.argv.slice(1);
    const context = { program, assignments };
    if (unwrapped.wrappers.includes('xargs')) {
      // Read the command with the words xargs adds standing in as unknown ones, so that
      // `xargs sed -i s/a/b/` writes unknown files and `xargs git add` writes none.
      const withInput = withXargsInput(segment.argv, unwrapped.argv);
      out.push(...reader(withInput, context).map((t) => ({ ...t, via: `${t.via} through xargs` })));
    } else {
      out.push(...reader(args, context));
      // A subcommand the row does not list (`git secrets --install`, a plugin or an external
      // command): its configuration verbs write at their worst, as a program without a row's do.
      const forms = analysis?.inside?.forms ?? programForms(unwrapped.argv);
      if (forms.unlisted !== null) out.push(...configurationWritesAtWorst(unwrapped.argv, privilegeWrapper(unwrapped.wrappers) !== undefined));
    }
    if (!unwrapped.exact) {
      // A wrapper whose options could not be read exactly may have hidden words of the command.
      out.push({ path: null, via: `${program} through ${unwrapped.wrappers.join(', ')}`, source: segment.raw });
    }
    return out;
  } catch {
    // A reader bug must not hide a write: say a path was written that the gate cannot read.
    return [{ path: null, via: 'a command the gate could not read' }];
  }
}
