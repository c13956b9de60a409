import { domainToASCII } from 'node:url';
import type { Segment, Word } from '../reading/resolution';
import { analyseArgv, type SegmentAnalysis } from '../programs/segmentAnalysis';
import { programName } from '../programs/wrappers';
import {
  CURL_SPEC,
  RSYNC_SPEC,
  WGET_SPEC,
  withXargsInput,
  hasOption,
  isRemoteTransferPath,
  literalWord,
  optionValues,
  parseArgs,
  plainGitSubcommand,
  readGitCommand,
  textOf,
  type OptionSpec,
  type ParsedArgs,
} from '../programs/writeTargets';

/**
 * The open-world floor (D§7): a host named in a position where a program will contact it.
 *
 * There is no list of "good" hosts, so there is nothing for a look-alike to imitate: naming
 * any host is enough. The work here is reading each network program's argv the way the
 * program does, so that `curl -o out.json https://x` names `x` and not `out.json`, and
 * `ssh -i key host` names `host` and not `key`.
 */

/** One host (or listening socket) a command names. */
export interface HostMention {
  /** The host as written (no user, port or path); `null` when the gate cannot read it. */
  host: string | null;
  /** The text it was read from (for an unreadable host: the opaque word as written). */
  source: string;
  /** What contacts it: `curl`, `git clone`, `redirect /dev/tcp`, `HTTPS_PROXY`, … */
  via: string;
  /** A socket that waits for others to connect (`nc -l`, `socat TCP-LISTEN:…`), not a host. */
  listener?: boolean;
}

// ── Reading hosts out of words ───────────────────────────────────────────────────────────

/** Schemes that name no other machine. */
const LOCAL_SCHEMES = new Set(['file', 'unix', 'npipe', 'fd', 'data', 'about', 'blob', 'javascript', 'mailto']);

/**
 * The host of a URL or of a bare `host[:port][/path]` (as curl reads its operands).
 * Returns `undefined` when the text names no other machine (`file:///x`, an empty host).
 */
export function hostOfUrl(text: string): string | undefined {
  let rest = text.trim();
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(rest);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (LOCAL_SCHEMES.has(name) || name.endsWith('+unix')) return undefined;
    rest = rest.slice(scheme[0].length);
  }
  const end = rest.search(/[/?#\\]/);
  let authority = end < 0 ? rest : rest.slice(0, end);
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  const host = stripPort(authority);
  return /[\p{L}\p{N}]/u.test(host) ? host : undefined;
}

function stripPort(authority: string): string {
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    return close < 0 ? authority.slice(1) : authority.slice(1, close);
  }
  const first = authority.indexOf(':');
  if (first < 0) return authority;
  // Two or more colons without brackets: a bare IPv6 address, kept whole.
  return authority.indexOf(':', first + 1) >= 0 ? authority : authority.slice(0, first);
}

/**
 * The host of an opaque URL word whose expansions all come after the host
 * (`"https://api.example/$PATH"`, find's `https://x.example/{}`): the host part is plain text
 * followed by `/`, `?` or `#`, so no expansion can change it.
 */
function hostOfUrlPrefix(raw: string): string | undefined {
  const match = /^["']?([A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9._~%:@\[\]-]+)[/?#]/.exec(raw);
  if (!match || /[[\]]/.test(match[1]!.replace(/\/\/\[[0-9A-Fa-f:.]+\]/, '//'))) return undefined;
  return hostOfUrl(match[1]!);
}

/** `[user@]host[:port]` as ssh, telnet and ping take it. */
function hostOfDestination(text: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return hostOfUrl(text);
  const at = text.lastIndexOf('@');
  const host = stripPort(at >= 0 ? text.slice(at + 1) : text);
  return host.length > 0 ? host : undefined;
}

/** Every `scheme://host` inside a longer text (`pkg @ https://x/y.whl`, `-c url.https://x/.insteadOf=…`). */
export function urlHostsIn(text: string): string[] {
  const hosts: string[] = [];
  let from = 0;
  for (;;) {
    const mark = text.indexOf('://', from);
    if (mark < 0) break;
    let start = mark;
    while (start > 0 && /[A-Za-z0-9+.-]/.test(text[start - 1]!)) start--;
    from = mark + 3;
    if (start === mark) continue;
    let end = from;
    // The authority ends at the first `/`: stopping there keeps the whole scan linear.
    while (end < text.length && !/[\s'"`<>|;&()/?#\\]/.test(text[end]!)) end++;
    const host = hostOfUrl(text.slice(start, end));
    if (host !== undefined) hosts.push(host);
  }
  return hosts;
}

/**
 * A git repository argument: `undefined` for a local path or a remote name (`origin`),
 * `null` for a remote the gate cannot read (`ext::…`), else the host.
 */
export function gitRemoteHost(text: string): string | null | undefined {
  const transport = /^([A-Za-z][A-Za-z0-9+.-]*)::(.*)$/s.exec(text);
  if (transport) {
    const helper = transport[1]!.toLowerCase();
    if (helper === 'ext' || helper === 'fd') return null;
    return gitRemoteHost(transport[2]!) ?? hostOfUrl(transport[2]!) ?? null;
  }
  if (text.includes('://')) return hostOfUrl(text);
  if (text.startsWith('/') || text.startsWith('.')) return undefined;
  // scp-like syntax: a colon before the first slash means `[user@]host:path` over ssh.
  const colon = text.indexOf(':');
  const slash = text.indexOf('/');
  if (colon > 0 && (slash < 0 || colon < slash)) return hostOfDestination(text.slice(0, colon));
  return undefined;
}

/** `user@host:path` as a package spec or a clone URL. */
function scpLikeHost(text: string): string | undefined {
  const match = /^[A-Za-z0-9._~-]+@([^/:@\s]+):/.exec(text);
  return match ? match[1] : undefined;
}

const PORT_LIKE = /^\d+([-,]\d+)*$/;

/**
 * A glob word with no variable and no URL in it (`.[dev]`, `./pkgs/*.tgz`): bash turns it into
 * names of local files, or leaves it as written, so it names no host.
 */
function isLocalGlob(word: Word | undefined): boolean {
  return word !== undefined && word.kind === 'opaque' && word.expansions.every((e) => e === 'glob') && !/[$`]|:\/\//.test(word.raw);
}

// ── Per-program readers ──────────────────────────────────────────────────────────────────

interface ReaderContext {
  /** The program name as matched (lower case). */
  program: string;
}

/** Reads a program's arguments. Each call returns a new list of its own, which the caller may add to. */
type HostReader = (args: readonly Word[], context: ReaderContext) => HostMention[];

/** Collects mentions, turning opaque words into unreadable hosts. */
class Mentions {
  readonly list: HostMention[] = [];
  constructor(private readonly via: string) {}

  /** A word in a host position, read with `read` (`undefined`: names no host). */
  word(word: Word | null | undefined, read: (text: string) => string | null | undefined, via = this.via): void {
    if (!word) return;
    if (word.kind === 'opaque') {
      const known = read === hostOfUrl ? hostOfUrlPrefix(word.raw) : undefined;
      this.list.push(known ? { host: known, source: word.raw, via } : { host: null, source: word.raw, via });
      return;
    }
    const host = read(word.value);
    if (host === null) this.list.push({ host: null, source: word.value, via });
    else if (host !== undefined) this.list.push({ host, source: word.value, via });
  }

  host(host: string, source: string, via = this.via): void {
    this.list.push({ host, source, via });
  }

  unreadable(source: string, via = this.via): void {
    this.list.push({ host: null, source, via });
  }

  listener(source: string, via = this.via): void {
    this.list.push({ host: null, source, via, listener: true });
  }
}

function curlHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, CURL_SPEC);
  const found = new Mentions('curl');
  const viaSocket = hasOption(parsed, '--unix-socket', '--abstract-unix-socket');
  for (const word of [...parsed.operands, ...optionValues(parsed, '--url')]) {
    // Over a unix socket the URL's host is only a Host header: nothing is contacted by name.
    if (!viaSocket) found.word(word, hostOfUrl);
  }
  for (const option of ['-x', '--proxy', '--preproxy', '--socks4', '--socks4a', '--socks5', '--socks5-hostname', '--doh-url']) {
    for (const word of optionValues(parsed, option)) found.word(word, hostOfUrl, `curl ${option}`);
  }
  for (const word of optionValues(parsed, '--connect-to')) {
    found.word(word, (text) => splitHostPorts(text)[2] || undefined, 'curl --connect-to');
  }
  for (const word of optionValues(parsed, '-K', '--config')) found.unreadable(word.raw, 'curl --config (URLs read from a file)');
  return found.list;
}

/** `a:b:c:d` with bracketed IPv6 parts kept whole. */
function splitHostPorts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let bracket = false;
  for (const c of text) {
    if (c === '[') bracket = true;
    if (c === ']') bracket = false;
    if (c === ':' && !bracket) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.map((p) => p.replace(/^\[|\]$/g, ''));
}

function wgetHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, WGET_SPEC);
  const found = new Mentions('wget');
  for (const word of parsed.operands) found.word(word, hostOfUrl);
  for (const word of optionValues(parsed, '-i', '--input-file')) found.unreadable(word.raw, 'wget -i (URLs read from a file)');
  for (const word of optionValues(parsed, '-e', '--execute')) {
    found.word(word, (text) => {
      const proxy = /^\s*(?:https?|ftp)_proxy\s*=\s*(\S+)/i.exec(text);
      return proxy ? hostOfUrl(proxy[1]!) : undefined;
    }, 'wget -e');
  }
  return found.list;
}

const ARIA2_SPEC: OptionSpec = {
  short: 'dolijsxktmUTMuO',
  long: ['dir', 'out', 'log', 'input-file', 'split', 'max-connection-per-server', 'min-split-size', 'timeout', 'max-tries', 'user-agent', 'torrent-file', 'metalink-file', 'max-concurrent-downloads', 'max-upload-limit', 'index-out'],
};

function aria2Hosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, ARIA2_SPEC);
  const found = new Mentions('aria2c');
  for (const word of parsed.operands) {
    const text = textOf(word);
    if (text !== null && (/^magnet:/i.test(text) || /\.(torrent|metalink|meta4)$/i.test(text))) {
      found.unreadable(text, 'aria2c (peers and trackers named elsewhere)');
    } else {
      found.word(word, hostOfUrl);
    }
  }
  for (const word of optionValues(parsed, '-i', '--input-file', '-T', '--torrent-file', '-M', '--metalink-file')) {
    found.unreadable(word.raw, 'aria2c (URLs read from a file)');
  }
  for (const option of parsed.options) {
    if (/^--(all|http|https|ftp)-proxy$/.test(option.name)) found.word(option.value, hostOfUrl, `aria2c ${option.name}`);
  }
  return found.list;
}

/** A spec that is the union of nc, netcat, ncat and OpenBSD nc options that take a value. */
const NC_SPEC: OptionSpec = {
  short: 'cegGHIiKMmOoPpqRsTVWwXxZd',
  long: ['exec', 'sh-exec', 'lua-exec', 'proxy', 'proxy-type', 'proxy-auth', 'proxy-dns', 'source', 'source-port', 'wait', 'idle-timeout', 'output', 'hex-dump', 'allow', 'allowfile', 'deny', 'denyfile', 'max-conns', 'delay', 'ssl-cert', 'ssl-key', 'ssl-trustfile', 'ssl-ciphers', 'ssl-servername', 'ssl-alpn'],
};

function ncHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, NC_SPEC);
  const found = new Mentions(program);
  const unixSocket = hasOption(parsed, '-U', '--unixsock');
  if (!unixSocket) {
    for (const word of parsed.operands) {
      const text = textOf(word);
      if (text !== null && PORT_LIKE.test(text)) continue;
      found.word(word, hostOfDestination);
    }
  }
  // OpenBSD nc and netcat: -x is a proxy; for ncat it names a hex-dump file.
  const proxyOptions = program === 'ncat' ? ['--proxy'] : ['-x', '--proxy'];
  for (const word of optionValues(parsed, ...proxyOptions)) found.word(word, hostOfDestination, `${program} proxy`);
  if (hasOption(parsed, '-l', '--listen') && !unixSocket && found.list.every((m) => m.listener)) {
    const port = parsed.operands.map(textOf).find((t) => t !== null && PORT_LIKE.test(t)) ?? textOf(optionValues(parsed, '-p')[0]);
    found.listener(port ? `port ${port}` : 'a port', `${program} -l`);
  }
  return found.list;
}

/** socat address types that connect to a host, and how many host fields they carry. */
const SOCAT_CONNECTING = new Set([
  'tcp', 'tcp4', 'tcp6', 'tcp-connect', 'tcp4-connect', 'tcp6-connect', 'udp', 'udp4', 'udp6', 'udp-connect',
  'udp4-connect', 'udp6-connect', 'udp-sendto', 'udp4-sendto', 'udp6-sendto', 'udp-datagram', 'udp4-datagram',
  'udp6-datagram', 'ssl', 'openssl', 'openssl-connect', 'dtls', 'openssl-dtls-client', 'sctp', 'sctp-connect',
  'sctp4-connect', 'sctp6-connect', 'ip-sendto', 'ip4-sendto', 'ip6-sendto', 'ip-datagram', 'ip4-datagram',
  'ip6-datagram', 'dccp-connect', 'dccp4-connect', 'dccp6-connect', 'udplite-connect', 'udplite4-connect',
  'udplite6-connect', 'udplite-sendto', 'vsock-connect',
]);
const SOCAT_PROXIED = new Set(['socks4', 'socks4a', 'socks5', 'socks', 'proxy', 'proxy-connect', 'socks5-connect']);
const SOCAT_LISTENING = new Set([
  'tcp-listen', 'tcp4-listen', 'tcp6-listen', 'udp-listen', 'udp4-listen', 'udp6-listen', 'udp-recvfrom',
  'udp4-recvfrom', 'udp6-recvfrom', 'udp-recv', 'udp4-recv', 'udp6-recv', 'ssl-listen', 'openssl-listen',
  'dtls-listen', 'openssl-dtls-server', 'sctp-listen', 'sctp4-listen', 'sctp6-listen', 'dccp-listen',
  'ip-recv', 'ip4-recv', 'ip6-recv', 'ip-recvfrom', 'ip4-recvfrom', 'ip6-recvfrom', 'udplite-listen', 'vsock-listen',
]);
const SOCAT_LOCAL = new Set([
  '-', 'stdio', 'stdin', 'stdout', 'stderr', 'file', 'open', 'gopen', 'create', 'exec', 'system', 'shell', 'pty',
  'pipe', 'fd', 'readline', 'unix', 'unix-connect', 'unix-listen', 'unix-sendto', 'unix-recvfrom', 'unix-recv',
  'unix-client', 'abstract', 'abstract-connect', 'abstract-listen', 'abstract-sendto', 'abstract-recvfrom',
  'abstract-recv', 'abstract-client', 'tun', 'interface', 'socketpair', 'named', 'posixmq-read', 'posixmq-send',
  'posixmq-receive', 'posixmq-bidirectional',
]);
const SOCAT_VALUED = new Set(['-b', '-t', '-T', '-L', '-W', '-lf', '-lp', '-r', '-R']);

function socatHosts(args: readonly Word[]): HostMention[] {
  const found = new Mentions('socat');
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = textOf(word);
    if (text !== null && text.length > 1 && text.startsWith('-')) {
      if (SOCAT_VALUED.has(text)) i++;
      continue;
    }
    if (text === null) {
      found.unreadable(word.raw);
      continue;
    }
    // `TYPE:param:param,option=value,…`; `!!` joins a read and a write address.
    for (const address of text.split('!!')) {
      const main = address.split(',')[0]!;
      const colon = main.indexOf(':');
      const type = (colon < 0 ? main : main.slice(0, colon)).toLowerCase();
      const params = colon < 0 ? [] : splitHostPorts(main.slice(colon + 1));
      if (SOCAT_CONNECTING.has(type)) {
        if (params[0]) found.host(params[0], text);
      } else if (SOCAT_PROXIED.has(type)) {
        for (const param of params.slice(0, 2)) if (param && !PORT_LIKE.test(param)) found.host(param, text);
      } else if (SOCAT_LISTENING.has(type)) {
        found.listener(main, 'socat');
      } else if (!SOCAT_LOCAL.has(type) && !(colon < 0 && main.startsWith('/'))) {
        found.unreadable(text, 'socat (an address the gate cannot read)');
      }
    }
  }
  return found.list;
}

function everyOperandHost(spec: OptionSpec, read: (text: string) => string | undefined) {
  return (args: readonly Word[], { program }: ReaderContext): HostMention[] => {
    const parsed = parseArgs(args, spec);
    const found = new Mentions(program);
    for (const word of parsed.operands) {
      const text = textOf(word);
      if (text !== null && PORT_LIKE.test(text)) continue;
      found.word(word, read);
    }
    return found.list;
  };
}

const SSH_SPEC: OptionSpec = { short: 'BbcDEeFIiJLlmOoPpQRSWw' };
const SCP_SPEC: OptionSpec = { short: 'cDFiJlloPSX' };
const SFTP_SPEC: OptionSpec = { short: 'BbcDFiJlloPRSsX' };

/** Hosts in ssh-family options: jump hosts, `-o ProxyJump=…`/`Hostname=…`, forwards, `-W`. */
function sshOptionHosts(parsed: ParsedArgs, found: Mentions, program: string): void {
  for (const word of optionValues(parsed, '-J')) {
    if (word.kind === 'opaque') {
      found.unreadable(word.raw, `${program} -J`);
      continue;
    }
    for (const part of word.value.split(',')) {
      const host = hostOfDestination(part);
      if (host) found.host(host, word.value, `${program} -J`);
    }
  }
  for (const word of optionValues(parsed, '-o')) {
    const text = textOf(word);
    if (text === null) {
      found.unreadable(word.raw, `${program} -o`);
      continue;
    }
    const option = /^\s*([A-Za-z]+)\s*(?:=|\s)\s*(.*)$/s.exec(text);
    if (!option) continue;
    const key = option[1]!.toLowerCase();
    const value = option[2]!.trim();
    if (key === 'proxyjump' && value.toLowerCase() !== 'none') {
      for (const part of value.split(',')) {
        const host = hostOfDestination(part);
        if (host) found.host(host, text, `${program} -o ProxyJump`);
      }
    } else if (key === 'hostname') {
      found.host(value, text, `${program} -o Hostname`);
    } else if (key === 'proxycommand' && value.toLowerCase() !== 'none') {
      found.unreadable(text, `${program} -o ProxyCommand (a command chooses the connection)`);
    }
  }
  for (const word of optionValues(parsed, '-W')) found.word(word, (text) => splitHostPorts(text)[0] || undefined, `${program} -W`);
  for (const word of optionValues(parsed, '-L', '-R')) {
    found.word(word, (text) => {
      const parts = splitHostPorts(text);
      if (parts.length < 3) return undefined;
      const host = parts[parts.length - 2]!;
      return host && !PORT_LIKE.test(host) && !host.startsWith('/') ? host : undefined;
    }, `${program} forward`);
  }
}

function sshHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, SSH_SPEC);
  const found = new Mentions('ssh');
  found.word(parsed.operands[0], hostOfDestination);
  sshOptionHosts(parsed, found, 'ssh');
  return found.list;
}

function scpHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, SCP_SPEC);
  const found = new Mentions(program);
  for (const word of parsed.operands) {
    found.word(word, (text) => {
      if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return hostOfUrl(text);
      if (text.startsWith('/') || text.startsWith('.')) return undefined;
      if (!isRemoteTransferPath(text) && !text.startsWith('[')) return undefined;
      const bracket = /^(?:[^@/]*@)?\[([^\]]*)\]:/.exec(text);
      if (bracket) return bracket[1];
      return hostOfDestination(text.slice(0, text.indexOf(':')));
    });
  }
  sshOptionHosts(parsed, found, program);
  return found.list;
}

function sftpHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, SFTP_SPEC);
  const found = new Mentions('sftp');
  found.word(parsed.operands[0], (text) => {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return hostOfUrl(text);
    const colon = text.indexOf(':');
    return hostOfDestination(colon > 0 ? text.slice(0, colon) : text);
  });
  sshOptionHosts(parsed, found, 'sftp');
  return found.list;
}

function rsyncHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, RSYNC_SPEC);
  const found = new Mentions('rsync');
  for (const word of parsed.operands) {
    found.word(word, (text) => {
      if (text.includes('://')) return hostOfUrl(text);
      if (!isRemoteTransferPath(text)) return undefined;
      return hostOfDestination(text.slice(0, text.indexOf(':')));
    });
  }
  return found.list;
}

const FTP_SPEC: OptionSpec = { short: 'oPqrsTux' };

function ftpHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, FTP_SPEC);
  const found = new Mentions(program);
  for (const word of parsed.operands) {
    const text = textOf(word);
    if (text !== null && PORT_LIKE.test(text)) continue;
    found.word(word, hostOfUrl);
  }
  for (const word of optionValues(parsed, '-u')) found.word(word, hostOfUrl, `${program} -u`);
  return found.list;
}

const PING_SPEC: OptionSpec = { short: 'cFiIlmMpQsStTwW' };
const TELNET_SPEC: OptionSpec = { short: 'belnXkS' };
const HOST_SPEC: OptionSpec = { short: 'cNRtWm' };

/** DNS record types and classes dig accepts as bare words. */
const DNS_WORDS = new Set([
  'a', 'aaaa', 'any', 'axfr', 'caa', 'cdnskey', 'cds', 'cert', 'cname', 'dname', 'dnskey', 'ds', 'hinfo', 'https',
  'ixfr', 'key', 'loc', 'mx', 'naptr', 'ns', 'nsec', 'nsec3', 'nsec3param', 'ptr', 'rp', 'rrsig', 'soa', 'spf',
  'srv', 'sshfp', 'svcb', 'tlsa', 'txt', 'uri', 'in', 'ch', 'hs', 'chaos', 'hesiod',
]);

function digHosts(args: readonly Word[]): HostMention[] {
  const found = new Mentions('dig');
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = textOf(word);
    if (text === null) {
      found.unreadable(word.raw);
      continue;
    }
    if (text.startsWith('+')) continue;
    if (text.startsWith('@')) {
      const host = stripPort(text.slice(1));
      if (host) found.host(host, text, 'dig @server');
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      const letter = text[1]!;
      if (!'bcfkpqtxy'.includes(letter)) continue;
      const value = text.length > 2 ? literalWord(text.slice(2)) : args[++i];
      if (letter === 'x' || letter === 'q') found.word(value, (t) => t || undefined);
      else if (letter === 'f' && value) found.unreadable(value.raw, 'dig -f (names read from a file)');
      continue;
    }
    if (DNS_WORDS.has(text.toLowerCase()) || /^type\d+$/i.test(text)) continue;
    found.host(text, text);
  }
  return found.list;
}

function nslookupHosts(args: readonly Word[]): HostMention[] {
  const found = new Mentions('nslookup');
  for (const word of args) {
    const text = textOf(word);
    if (text !== null && (text.startsWith('-') || text === '')) continue;
    found.word(word, (t) => t);
  }
  return found.list;
}

const PSQL_SPEC: OptionSpec = {
  short: 'cdfhLopPRTUvFSZEjnNtIs',
  long: ['command', 'dbname', 'file', 'host', 'log-file', 'output', 'port', 'pset', 'record-separator', 'table-attr', 'username', 'set', 'variable', 'field-separator', 'role', 'format', 'jobs', 'schema', 'table', 'compress', 'encoding', 'exclude-schema', 'exclude-table', 'superuser'],
};

/** Hosts in a libpq connection string: a `postgres://` URI or `host=… hostaddr=…` pairs. */
function libpqHosts(text: string): string[] {
  if (/^postgres(ql)?:\/\//i.test(text)) {
    const rest = text.replace(/^postgres(ql)?:\/\//i, '');
    const authority = rest.split(/[/?#]/)[0]!;
    const at = authority.lastIndexOf('@');
    const hosts = (at >= 0 ? authority.slice(at + 1) : authority).split(',').map(stripPort).filter((h) => h.length > 0);
    const query = /[?&]host(?:addr)?=([^&]+)/i.exec(rest);
    if (query) hosts.push(...decodeURIComponentSafe(query[1]!).split(',').filter((h) => !h.startsWith('/')));
    return hosts;
  }
  if (!text.includes('=')) return [];
  const hosts: string[] = [];
  for (const match of text.matchAll(/(?:^|\s)(?:host|hostaddr)\s*=\s*'?([^\s']+)/gi)) {
    for (const host of match[1]!.split(',')) if (host && !host.startsWith('/')) hosts.push(host);
  }
  return hosts;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function postgresHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, PSQL_SPEC);
  const found = new Mentions(program);
  for (const word of optionValues(parsed, '-h', '--host')) {
    found.word(word, (text) => (text.startsWith('/') ? undefined : text), `${program} -h`);
    const text = textOf(word);
    if (text !== null && text.includes(',')) for (const extra of text.split(',').slice(1)) if (extra) found.host(extra, text, `${program} -h`);
  }
  const databases = [...optionValues(parsed, '-d', '--dbname')];
  if (program !== 'pg_restore' && parsed.operands[0]) databases.push(parsed.operands[0]);
  for (const word of databases) {
    const text = textOf(word);
    if (text === null) {
      found.unreadable(word.raw);
      continue;
    }
    for (const host of libpqHosts(text)) found.host(host, text);
  }
  return found.list;
}

const MYSQL_SPEC: OptionSpec = {
  short: 'hPuSDeO',
  shortAttached: 'p',
  long: ['host', 'port', 'user', 'socket', 'database', 'execute', 'defaults-file', 'defaults-extra-file', 'protocol', 'ssl-ca', 'ssl-cert', 'ssl-key', 'init-command', 'bind-address'],
};

function mysqlHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, MYSQL_SPEC);
  const found = new Mentions(program);
  for (const word of optionValues(parsed, '-h', '--host')) found.word(word, (t) => t || undefined, `${program} -h`);
  return found.list;
}

const REDIS_SPEC: OptionSpec = {
  short: 'hpsaunridcx',
  long: ['user', 'pass', 'askpass', 'cacert', 'cacertdir', 'cert', 'key', 'sni', 'rdb', 'functions-rdb', 'pipe-timeout', 'pattern', 'count', 'quoted-pattern', 'memkeys-samples', 'eval', 'ldb-sync-mode', 'replica', 'cluster', 'hotkeys', 'bigkeys', 'memkeys', 'intrinsic-latency', 'lru-test', 'stat', 'latency-dist', 'tls-ciphers', 'tls-ciphersuites'],
  stopAtOperand: true,
};

function redisHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, REDIS_SPEC);
  const found = new Mentions('redis-cli');
  for (const word of optionValues(parsed, '-h')) found.word(word, (t) => t || undefined, 'redis-cli -h');
  for (const word of optionValues(parsed, '-u')) found.word(word, hostOfUrl, 'redis-cli -u');
  return found.list;
}

const MONGO_SPEC: OptionSpec = {
  short: 'upf',
  long: ['host', 'port', 'username', 'password', 'authenticationDatabase', 'authenticationMechanism', 'eval', 'file', 'tlsCAFile', 'tlsCertificateKeyFile', 'apiVersion', 'awsAccessKeyId', 'awsSecretAccessKey', 'awsSessionToken', 'keyVaultNamespace', 'kmsURL', 'gssapiServiceName', 'sspiHostnameCanonicalization', 'browser'],
};

/** `mongodb://h1,h2/db`, `host/db`, `host:port/db`, `rs0/h1:27017,h2` (as `--host`). */
function mongoHosts(text: string, asHostOption: boolean): string[] {
  if (/^mongodb(\+srv)?:\/\//i.test(text)) {
    const rest = text.replace(/^mongodb(\+srv)?:\/\//i, '');
    const authority = rest.split(/[/?#]/)[0]!;
    const at = authority.lastIndexOf('@');
    return (at >= 0 ? authority.slice(at + 1) : authority).split(',').map(stripPort).filter((h) => h.length > 0);
  }
  if (asHostOption) {
    const list = text.includes('/') ? text.slice(text.indexOf('/') + 1) : text;
    return list.split(',').map(stripPort).filter((h) => h.length > 0);
  }
  // A bare operand is a database name on the local server unless it carries a host part.
  if (!text.includes('/')) return [];
  const host = stripPort(text.slice(0, text.indexOf('/')));
  return host ? [host] : [];
}

function mongoClientHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, MONGO_SPEC);
  const found = new Mentions(program);
  for (const word of optionValues(parsed, '--host')) {
    if (word.kind === 'opaque') found.unreadable(word.raw, `${program} --host`);
    else for (const host of mongoHosts(word.value, true)) found.host(host, word.value, `${program} --host`);
  }
  for (const word of parsed.operands) {
    if (word.kind === 'opaque') found.unreadable(word.raw);
    else for (const host of mongoHosts(word.value, false)) found.host(host, word.value);
  }
  return found.list;
}

// ── git ──────────────────────────────────────────────────────────────────────────────────

const GIT_NETWORK_SPECS: Readonly<Record<string, OptionSpec>> = {
  clone: {
    short: 'obucj',
    long: ['origin', 'branch', 'upload-pack', 'reference', 'reference-if-able', 'separate-git-dir', 'depth', 'shallow-since', 'shallow-exclude', 'config', 'template', 'jobs', 'filter', 'server-option', 'bundle-uri', 'ref-format', 'revision'],
  },
  fetch: { short: 'oj', long: ['depth', 'deepen', 'shallow-since', 'shallow-exclude', 'refmap', 'server-option', 'upload-pack', 'jobs', 'negotiation-tip', 'filter', 'submodule-prefix'] },
  pull: { short: 'sXoj', long: ['depth', 'deepen', 'shallow-since', 'shallow-exclude', 'refmap', 'server-option', 'upload-pack', 'jobs', 'negotiation-tip', 'filter', 'strategy', 'strategy-option', 'cleanup'] },
  push: { short: 'o', long: ['repo', 'receive-pack', 'exec', 'push-option'] },
  'ls-remote': { short: 'o', long: ['upload-pack', 'server-option', 'sort'] },
  remote: { short: 'tm', long: ['mirror'] },
  submodule: { short: 'b', long: ['name', 'reference', 'depth', 'branch'] },
  archive: { short: 'o', long: ['remote', 'exec', 'output', 'format', 'prefix', 'add-file', 'add-virtual-file', 'mtime'] },
};

function gitHosts(args: readonly Word[]): HostMention[] {
  // `git status`, `git diff`, …: a plain subcommand that contacts no remote is settled without reading on.
  const plain = plainGitSubcommand(args);
  if (plain !== undefined && !Object.prototype.hasOwnProperty.call(GIT_NETWORK_SPECS, plain)) return [];
  const git = readGitCommand(args);
  const found = new Mentions('git');
  if (git.subcommandWord && git.subcommand === null) {
    found.unreadable(git.subcommandWord.raw, 'git (a subcommand the gate cannot read)');
    return found.list;
  }
  const subcommand = git.subcommand;
  if (subcommand === null || !Object.prototype.hasOwnProperty.call(GIT_NETWORK_SPECS, subcommand)) return [];
  const parsed = parseArgs(git.rest, GIT_NETWORK_SPECS[subcommand]!);
  let via = `git ${subcommand}`;
  let repositories: Array<Word | undefined> = [];
  switch (subcommand) {
    case 'clone':
    case 'fetch':
    case 'pull':
    case 'push':
    case 'ls-remote':
      repositories = [parsed.operands[0], ...optionValues(parsed, '--repo')];
      break;
    case 'remote': {
      const action = textOf(parsed.operands[0]);
      if (action !== 'add' && action !== 'set-url') return scanUrlWords(git, found, via);
      via = `git remote ${action}`;
      repositories = parsed.operands.slice(2);
      break;
    }
    case 'submodule': {
      const action = textOf(parsed.operands[0]);
      if (action !== 'add') return scanUrlWords(git, found, via);
      via = 'git submodule add';
      repositories = [parsed.operands[1]];
      break;
    }
    case 'archive':
      repositories = optionValues(parsed, '--remote');
      break;
  }
  for (const word of repositories) found.word(word, gitRemoteHost, via);
  return scanUrlWords(git, found, via);
}

/**
 * Any URL in the words of a network git command, wherever it sits: an unknown option's value
 * must not hide `https://host`, nor a `-c url.https://host/.insteadOf=…` rewrite.
 */
function scanUrlWords(git: ReturnType<typeof readGitCommand>, found: Mentions, via: string): HostMention[] {
  const seen = new Set(found.list.map((m) => m.source));
  for (const word of [...git.globalValues, ...git.rest]) {
    const text = textOf(word);
    if (text === null || seen.has(text)) continue;
    for (const host of urlHostsIn(text)) found.host(host, text, via);
    const scp = scpLikeHost(text);
    if (scp && !text.includes('://')) found.host(scp, text, via);
  }
  return found.list;
}

// ── Package managers ─────────────────────────────────────────────────────────────────────

const HOSTED_GIT_SHORTCUTS: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  gist: 'gist.github.com',
};

/**
 * The host an npm-style package spec fetches from, `undefined` for a registry name or a local
 * path (the configured registry is not a named host, like `git pull` without a URL).
 */
export function packageSpecHost(spec: string): string | undefined {
  const urls = urlHostsIn(spec);
  if (urls.length > 0) return urls[0];
  if (spec.includes('://')) return undefined;
  // `name@<spec>` aliases: look at what follows the first unscoped `@`.
  let body = spec;
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at > 0 && !spec.slice(0, at).includes('/')) body = spec.slice(at + 1);
  const shortcut = /^([a-z]+):/i.exec(body);
  if (shortcut) {
    const host = HOSTED_GIT_SHORTCUTS[shortcut[1]!.toLowerCase()];
    if (host) return host;
    if (LOCAL_SPEC_PROTOCOLS.has(shortcut[1]!.toLowerCase())) return undefined;
  }
  const scp = scpLikeHost(spec);
  if (scp) return scp;
  if (shortcut) return undefined;
  if (/^(\.|\/|~)/.test(body) || /\.(tgz|tar|tar\.gz)$/i.test(body)) return undefined;
  // `user/repo[#ref]` is GitHub shorthand; `@scope/name` is a registry package.
  if (!body.startsWith('@') && /^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+(#.*)?$/.test(body)) return 'github.com';
  return undefined;
}

/** Spec protocols that name no host: registry aliases and local sources. */
const LOCAL_SPEC_PROTOCOLS = new Set(['npm', 'file', 'link', 'workspace', 'patch', 'portal', 'exec', 'jsr']);

const INSTALL_VERBS = new Set([
  'install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'a',
  'install-test', 'it', 'update', 'up', 'upgrade', 'udpate',
]);
/** `npm exec`, `bun x`, `pnpm dlx`, `yarn dlx` fetch a package and run it (`pnpm exec`, `yarn exec` run local binaries). */
function runsPackage(program: string, verb: string): boolean {
  if (verb === 'dlx') return true;
  if (program === 'npm') return verb === 'exec' || verb === 'x';
  return program === 'bun' && verb === 'x';
}
const NPM_SPEC: OptionSpec = {
  short: 'wpC',
  long: ['registry', 'workspace', 'prefix', 'package', 'cache', 'tag', 'otp', 'loglevel', 'omit', 'include', 'userconfig', 'globalconfig', 'location', 'proxy', 'https-proxy', 'dir', 'filter', 'call'],
};

function packageManagerHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, NPM_SPEC);
  const found = new Mentions(program);
  for (const option of parsed.options) {
    if (/registry$/i.test(option.name) || option.name === '--proxy' || option.name === '--https-proxy') {
      found.word(option.value, hostOfUrl, `${program} ${option.name}`);
    }
  }
  const direct = program === 'npx' || program === 'bunx' || program === 'pnpx';
  const verb = direct ? null : textOf(parsed.operands[0])?.toLowerCase();
  let specs: Array<Word | undefined> = [];
  let via = program;
  if (direct) {
    specs = [parsed.operands[0], ...optionValues(parsed, '-p', '--package')];
  } else if (verb && INSTALL_VERBS.has(verb)) {
    specs = parsed.operands.slice(1);
    via = `${program} ${verb}`;
  } else if (verb && runsPackage(program, verb)) {
    specs = [parsed.operands[1], ...optionValues(parsed, '-p', '--package')];
    via = `${program} ${verb}`;
  } else if (program === 'yarn' && verb === 'global' && textOf(parsed.operands[1]) === 'add') {
    specs = parsed.operands.slice(2);
    via = 'yarn global add';
  }
  for (const word of specs) if (!isLocalGlob(word)) found.word(word, packageSpecHost, via);
  return found.list;
}

const PIP_VERBS = new Set(['install', 'download', 'wheel', 'add', 'sync', 'lock', 'index', 'compile', 'inject', 'upgrade', 'runpip']);

const PIP_SOURCE_OPTIONS = /^(-i|-f|--index-url|--extra-index-url|--index|--default-index|--find-links|--with|--from|--source)$/;
const PIP_SOURCE_ATTACHED = /^--(index-url|extra-index-url|index|default-index|find-links|with|from|source)=/;

/** pip, pipx, uv and poetry: every URL in the arguments of an install, index options, `--trusted-host`. */
function pipHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const found = new Mentions(program);
  const words = [...args];
  if (/^python/.test(program) || program === 'py') {
    const m = words.findIndex((w) => textOf(w) === '-m');
    if (m < 0 || !/^pip\d*$/.test(textOf(words[m + 1]) ?? '')) return [];
    words.splice(0, m + 2);
  }
  const verbIndex = words.findIndex((w) => {
    const text = textOf(w);
    return text !== null && !text.startsWith('-') && text !== 'pip' && text !== 'tool';
  });
  const verb = textOf(words[verbIndex]);
  const installing = verb !== null && PIP_VERBS.has(verb);
  const via = verb ? `${program} ${verb}` : program;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const text = textOf(word);
    if (text === null) {
      if (installing && i > verbIndex && !isLocalGlob(word)) found.unreadable(word.raw, via);
      continue;
    }
    // Outside an install (`uv run x.py https://…`) a URL is only a source when an index or
    // package option carries it.
    const previous = textOf(words[i - 1]);
    const sourceOption = (previous !== null && PIP_SOURCE_OPTIONS.test(previous)) || PIP_SOURCE_ATTACHED.test(text);
    if (installing || sourceOption) for (const host of urlHostsIn(text)) found.host(host, text, via);
    if (text === '--trusted-host' && words[i + 1]) found.word(words[i + 1], (t) => stripPort(t) || undefined, `${program} --trusted-host`);
    if (text.startsWith('--trusted-host=')) {
      const host = stripPort(text.slice('--trusted-host='.length));
      if (host) found.host(host, text, `${program} --trusted-host`);
    }
    if (text === '--proxy' && words[i + 1]) found.word(words[i + 1], hostOfUrl, `${program} --proxy`);
    const spec = scpLikeHost(text.replace(/^git\+/, ''));
    if (installing && spec && !text.includes('://')) found.host(spec, text, via);
  }
  return found.list;
}

// ── Containers and Go ────────────────────────────────────────────────────────────────────

const DOCKER_GLOBAL_SPEC: OptionSpec = {
  short: 'Hcl',
  long: ['host', 'context', 'log-level', 'config', 'tlscacert', 'tlscert', 'tlskey', 'url', 'connection', 'identity', 'root', 'runroot', 'storage-driver', 'cgroup-manager', 'events-backend', 'namespace', 'address', 'module', 'network-cmd-path', 'network-config-dir', 'registries-conf', 'tmpdir', 'volumepath', 'imagestore', 'conmon', 'hooks-dir', 'runtime', 'ssh', 'db-backend'],
  stopAtOperand: true,
};

const DOCKER_RUN_SPEC: OptionSpec = {
  short: 'acehlmpuvwi',
  long: [
    'add-host', 'annotation', 'attach', 'blkio-weight', 'blkio-weight-device', 'cap-add', 'cap-drop', 'cgroup-parent',
    'cgroupns', 'cidfile', 'cpu-count', 'cpu-percent', 'cpu-period', 'cpu-quota', 'cpu-rt-period', 'cpu-rt-runtime',
    'cpu-shares', 'cpus', 'cpuset-cpus', 'cpuset-mems', 'detach-keys', 'device', 'device-cgroup-rule',
    'device-read-bps', 'device-read-iops', 'device-write-bps', 'device-write-iops', 'dns', 'dns-option', 'dns-opt',
    'dns-search', 'domainname', 'entrypoint', 'env', 'env-file', 'expose', 'gpus', 'group-add', 'health-cmd',
    'health-interval', 'health-retries', 'health-start-period', 'health-start-interval', 'health-timeout', 'hostname',
    'ip', 'ip6', 'ipc', 'isolation', 'kernel-memory', 'label', 'label-file', 'link', 'link-local-ip', 'log-driver',
    'log-opt', 'mac-address', 'memory', 'memory-reservation', 'memory-swap', 'memory-swappiness', 'mount', 'name',
    'network', 'net', 'network-alias', 'net-alias', 'oom-score-adj', 'pid', 'pids-limit', 'platform', 'publish',
    'pull', 'restart', 'runtime', 'security-opt', 'shm-size', 'stop-signal', 'stop-timeout', 'storage-opt', 'sysctl',
    'tmpfs', 'ulimit', 'user', 'userns', 'uts', 'volume', 'volume-driver', 'volumes-from', 'workdir', 'arch', 'os',
    'variant', 'secret', 'pod', 'uidmap', 'gidmap', 'subuidname', 'subgidname', 'chrootdirs', 'cgroup-conf',
    'cgroups', 'conmon-pidfile', 'decryption-key', 'env-host', 'hostuser', 'image-volume', 'init-path', 'log-opt',
    'passwd-entry', 'personality', 'pidfile', 'preserve-fds', 'rdt-class', 'requires', 'rootfs', 'sdnotify',
    'seccomp-policy', 'systemd', 'timeout', 'tls-verify', 'umask', 'unsetenv', 'creds', 'authfile', 'cert-dir',
    'retry', 'retry-delay', 'label-file', 'health-on-failure', 'health-log-destination', 'health-max-log-count',
    'health-max-log-size', 'health-startup-cmd', 'health-startup-interval', 'health-startup-retries',
    'health-startup-success', 'health-startup-timeout', 'memory-swappiness', 'oom-kill-disable',
  ],
};
const DOCKER_PULL_SPEC: OptionSpec = { long: ['platform', 'arch', 'os', 'variant', 'creds', 'authfile', 'cert-dir', 'decryption-key', 'retry', 'retry-delay', 'policy'] };
const DOCKER_LOGIN_SPEC: OptionSpec = { short: 'up', long: ['username', 'password', 'authfile', 'cert-dir'] };

/** The registry host of an image reference: its first component, when it has a dot, a colon or is `localhost`. */
export function imageRegistryHost(reference: string): string | undefined {
  const slash = reference.indexOf('/');
  if (slash <= 0) return undefined;
  const first = reference.slice(0, slash);
  if (!first.includes('.') && !first.includes(':') && first.toLowerCase() !== 'localhost') return undefined;
  return stripPort(first);
}

function dockerHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const globals = parseArgs(args, DOCKER_GLOBAL_SPEC);
  const found = new Mentions(program);
  for (const word of optionValues(globals, '-H', '--host', '--url')) {
    found.word(word, (text) => (text.includes('://') ? hostOfUrl(text) : text.startsWith('/') ? undefined : stripPort(text) || undefined), `${program} -H`);
  }
  let words = globals.operands;
  let verb = textOf(words[0])?.toLowerCase();
  if ((verb === 'image' || verb === 'container' || verb === 'buildx' || verb === 'builder') && words.length > 1) {
    words = words.slice(1);
    verb = textOf(words[0])?.toLowerCase();
  }
  const rest = words.slice(1);
  const via = `${program} ${verb ?? ''}`.trim();
  switch (verb) {
    case 'pull':
    case 'push': {
      const parsed = parseArgs(rest, DOCKER_PULL_SPEC);
      found.word(parsed.operands[0], imageRegistryHost, via);
      break;
    }
    case 'run':
    case 'create': {
      const parsed = parseArgs(rest, { ...DOCKER_RUN_SPEC, stopAtOperand: true });
      found.word(parsed.operands[0], imageRegistryHost, via);
      break;
    }
    case 'login': {
      const parsed = parseArgs(rest, DOCKER_LOGIN_SPEC);
      found.word(parsed.operands[0], (text) => hostOfUrl(text), via);
      break;
    }
    case 'build': {
      for (const word of rest) {
        const text = textOf(word);
        if (text === null) continue;
        for (const host of urlHostsIn(text)) found.host(host, text, via);
        const scp = scpLikeHost(text);
        if (scp && !text.includes('://')) found.host(scp, text, via);
      }
      break;
    }
    default:
      break;
  }
  if (words[0] && verb === undefined) found.unreadable(words[0].raw, `${program} (a subcommand the gate cannot read)`);
  return found.list;
}

const GO_SPEC: OptionSpec = {
  singleDash: true,
  long: ['o', 'C', 'p', 'tags', 'mod', 'modfile', 'ldflags', 'gcflags', 'asmflags', 'gccgoflags', 'overlay', 'pgo', 'exec', 'toolexec', 'pkgdir', 'buildmode', 'compiler', 'installsuffix', 'covermode', 'coverpkg', 'coverprofile', 'json'],
};

/** The host of a Go module path (`golang.org/x/tools/...@latest` → `golang.org`). */
export function goModuleHost(path: string): string | undefined {
  const at = path.indexOf('@');
  const module = at >= 0 ? path.slice(0, at) : path;
  if (module.startsWith('.') || module.startsWith('/') || module.endsWith('.go') || module.length === 0) return undefined;
  const first = module.split('/')[0]!;
  return first.includes('.') ? stripPort(first) : undefined;
}

function goHosts(args: readonly Word[]): HostMention[] {
  const parsed = parseArgs(args, GO_SPEC);
  const verb = textOf(parsed.operands[0]);
  const found = new Mentions('go');
  if (verb === 'get' || verb === 'install') {
    for (const word of parsed.operands.slice(1)) found.word(word, goModuleHost, `go ${verb}`);
  } else if (verb === 'run') {
    // `go run pkg@version` fetches and runs a module; `go run main.go` runs local files.
    for (const word of parsed.operands.slice(1)) {
      const text = textOf(word);
      if (text !== null && text.includes('@')) found.word(word, goModuleHost, 'go run');
    }
  } else if (verb === 'mod' && textOf(parsed.operands[1]) === 'download') {
    for (const word of parsed.operands.slice(2)) found.word(word, goModuleHost, 'go mod download');
  }
  return found.list;
}

/** Readers by program name (lower case). */
const READERS: Readonly<Record<string, HostReader>> = {
  curl: curlHosts,
  wget: wgetHosts,
  wget2: wgetHosts,
  http: firstHttpieUrl,
  https: firstHttpieUrl,
  xh: firstHttpieUrl,
  xhs: firstHttpieUrl,
  aria2c: aria2Hosts,
  nc: ncHosts,
  ncat: ncHosts,
  netcat: ncHosts,
  socat: socatHosts,
  telnet: everyOperandHost(TELNET_SPEC, hostOfDestination),
  ssh: sshHosts,
  scp: scpHosts,
  sftp: sftpHosts,
  rsync: rsyncHosts,
  ftp: ftpHosts,
  tftp: ftpHosts,
  lftp: ftpHosts,
  ping: everyOperandHost(PING_SPEC, hostOfDestination),
  ping6: everyOperandHost(PING_SPEC, hostOfDestination),
  dig: digHosts,
  nslookup: nslookupHosts,
  host: everyOperandHost(HOST_SPEC, (t) => t || undefined),
  psql: postgresHosts,
  pg_dump: postgresHosts,
  pg_dumpall: postgresHosts,
  pg_restore: postgresHosts,
  mysql: mysqlHosts,
  mariadb: mysqlHosts,
  mysqldump: mysqlHosts,
  mysqladmin: mysqlHosts,
  'redis-cli': redisHosts,
  mongo: mongoClientHosts,
  mongosh: mongoClientHosts,
  git: gitHosts,
  npm: packageManagerHosts,
  pnpm: packageManagerHosts,
  yarn: packageManagerHosts,
  bun: packageManagerHosts,
  npx: packageManagerHosts,
  bunx: packageManagerHosts,
  pnpx: packageManagerHosts,
  pip: pipHosts,
  pip3: pipHosts,
  pipx: pipHosts,
  uv: pipHosts,
  poetry: pipHosts,
  docker: dockerHosts,
  podman: dockerHosts,
  nerdctl: dockerHosts,
  go: goHosts,
  openssl: opensslHosts,
  lynx: everyOperandHost({}, hostOfUrl),
  w3m: everyOperandHost({}, hostOfUrl),
  elinks: everyOperandHost({}, hostOfUrl),
  svn: urlWordHosts,
  hg: urlWordHosts,
  helm: urlWordHosts,
  cargo: urlWordHosts,
  gem: urlWordHosts,
  conda: urlWordHosts,
  brew: urlWordHosts,
  composer: urlWordHosts,
};

const HTTPIE_SPEC: OptionSpec = {
  short: 'aAopsb',
  long: ['auth', 'auth-type', 'output', 'session', 'session-read-only', 'verify', 'cert', 'cert-key', 'cert-key-pass', 'proxy', 'pretty', 'style', 'print', 'format-options', 'timeout', 'max-redirects', 'default-scheme', 'response-charset', 'response-mime', 'max-headers', 'ssl', 'ciphers', 'boundary', 'bearer', 'unix-socket', 'history-print', 'resolve', 'interface', 'local-port'],
};

const HTTP_METHODS = /^(get|head|post|put|patch|delete|options|trace|connect|[A-Z]+)$/i;

/** httpie and xh: `[METHOD] URL [ITEM…]`; `:3000/x` is shorthand for localhost. */
function firstHttpieUrl(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = parseArgs(args, HTTPIE_SPEC);
  const found = new Mentions(program);
  const operands = [...parsed.operands];
  if (operands[0] && HTTP_METHODS.test(textOf(operands[0]) ?? '')) operands.shift();
  found.word(operands[0], (text) => (text.startsWith(':') ? 'localhost' : hostOfUrl(text)));
  for (const word of optionValues(parsed, '--proxy')) {
    found.word(word, (text) => hostOfUrl(text.replace(/^[a-z]+:(?=[a-z]+:\/\/)/i, '')), `${program} --proxy`);
  }
  return found.list;
}

/** Whether {@link readerOf} finds a reader. */
function hasReader(program: string): boolean {
  return readerOf(program) !== undefined;
}

/** Reader lookup that also knows versioned names (`python3.12`, `pip3.11`); the reader is called with the name as given. */
function readerOf(program: string): HostReader | undefined {
  const reader = READER_MAP.get(program);
  if (reader !== undefined) return reader;
  // Both versioned families start with `p`; most words are no program of either.
  if (!program.startsWith('p')) return undefined;
  if (/^pip\d+(\.\d+)?$/.test(program)) return pipHosts;
  if (/^python\d*(\.\d+)?$/.test(program) || program === 'py') return pipHosts;
  return undefined;
}

/**
 * Programs that run another program through a proxy or with a password (`sshpass -p pw ssh host`,
 * `proxychains curl …`, `torsocks wget …`): the wrapped program is what contacts a host.
 */
const NETWORK_WRAPPERS: Readonly<Record<string, OptionSpec>> = {
  sshpass: { short: 'pfdPe', stopAtOperand: true },
  proxychains: { short: 'f', stopAtOperand: true },
  proxychains4: { short: 'f', stopAtOperand: true },
  torsocks: { short: 'uaP', long: ['user', 'pass', 'address', 'port'], stopAtOperand: true },
  tsocks: { stopAtOperand: true },
};

function peelNetworkWrappers(argv: readonly Word[], program: string): readonly Word[] {
  // Most programs are no network wrapper: `argv` itself, as the loop below would return it.
  if (!Object.prototype.hasOwnProperty.call(NETWORK_WRAPPERS, program)) return argv;
  let current = argv;
  for (let depth = 0; depth < 4; depth++) {
    const name = programName(current[0])?.toLowerCase();
    if (name === undefined || !Object.prototype.hasOwnProperty.call(NETWORK_WRAPPERS, name)) break;
    current = parseArgs(current.slice(1), NETWORK_WRAPPERS[name]!).operands;
  }
  return current;
}

/** The option that carries inline code, per interpreter. */
const INLINE_CODE_OPTIONS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/^(node|nodejs|bun|deno)$/, ['-e', '--eval', '-p', '--print']],
  [/^python\d*(\.\d+)*$|^pypy\d*$/, ['-c']],
  [/^(ruby|perl)$/, ['-e', '-E']],
  [/^php$/, ['-r']],
];

function isInlineCodeInterpreter(program: string): boolean {
  // Every pattern below starts with one of these letters; most programs are spared the patterns.
  const first = program[0];
  if (first !== 'n' && first !== 'b' && first !== 'd' && first !== 'p' && first !== 'r') return false;
  return INLINE_CODE_OPTIONS.some(([pattern]) => pattern.test(program));
}

/** `node -e "fetch('https://x')"`, `python3 -c "…urlopen('https://x')"`: URLs in inline code. */
function inlineCodeHosts(args: readonly Word[], program: string): HostMention[] {
  const options = INLINE_CODE_OPTIONS.find(([pattern]) => pattern.test(program))?.[1] ?? [];
  const found = new Mentions(`${program} inline code`);
  for (let i = 0; i < args.length; i++) {
    const text = textOf(args[i]);
    if (text === null) continue;
    const option = options.find((o) => text === o || (o.length === 2 && text.startsWith(o) && !text.startsWith('--')));
    if (!option) continue;
    const code = text === option ? args[i + 1] : literalWord(text.slice(option.length));
    if (!code) continue;
    const source = code.kind === 'literal' ? code.value : code.raw;
    for (const host of urlHostsIn(source)) found.host(host, source);
  }
  return found.list;
}

/** `openssl s_client -connect host:port` and friends. */
function opensslHosts(args: readonly Word[]): HostMention[] {
  const found = new Mentions('openssl');
  const verb = textOf(args[0]);
  if (verb !== 's_client' && verb !== 's_time' && verb !== 'ocsp') return [];
  for (let i = 1; i < args.length; i++) {
    const text = textOf(args[i]);
    if (text === '-connect' || text === '-proxy' || text === '-host') {
      found.word(args[i + 1], (value) => splitHostPorts(value)[0] || undefined, `openssl ${verb} ${text}`);
    } else if (text === '-url') {
      found.word(args[i + 1], hostOfUrl, `openssl ${verb} -url`);
    }
  }
  return found.list;
}

/** Programs whose network sources are written as URLs among their words (`svn checkout URL`, `helm repo add x URL`). */
function urlWordHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const found = new Mentions(program);
  for (const word of args) {
    const text = textOf(word);
    if (text !== null) for (const host of urlHostsIn(text)) found.host(host, text);
  }
  return found.list;
}

/** {@link READERS} as a map: a lookup in it is about twice as fast as one among an object's many keys. */
const READER_MAP: ReadonlyMap<string, HostReader> = new Map(Object.entries(READERS));

/** Program names (lower case) whose arguments the open-world floor reads. */
export const NETWORK_PROGRAMS: readonly string[] = Object.keys(READERS);

// ── Assignments and redirects ────────────────────────────────────────────────────────────

/** Environment variables that point a program at a host (a proxy, a registry, a package index, a server). */
const HOST_VARIABLES = /^(https?_proxy|all_proxy|ftp_proxy|rsync_proxy|npm_config_(registry|proxy|https_proxy)|yarn_registry|yarn_npm_registry_server|pip_index_url|pip_extra_index_url|pip_find_links|pip_trusted_host|uv_index_url|uv_extra_index_url|uv_default_index|uv_index|goproxy|gosumdb|pghost|pghostaddr|mysql_host|docker_host|container_host|redis_url|database_url|mongodb_uri)$/i;

function assignmentHosts(assignments: ReadonlyArray<{ name: string; value: Word }>): HostMention[] {
  const found = new Mentions('environment');
  for (const { name, value } of assignments) {
    if (!HOST_VARIABLES.test(name)) continue;
    found.word(value, (text) => {
      const inText = urlHostsIn(text);
      if (inText.length > 0) {
        for (const host of inText.slice(1)) found.host(host, text, name);
        return inText[0];
      }
      if (/^(direct|off|none)$/i.test(text) || text.startsWith('/') || text === '') return undefined;
      return text.split(/[,|\s]/).map((part) => stripPort(part.replace(/^[^@]*@/, ''))).find((h) => h.length > 0);
    }, name);
  }
  return found.list;
}

/** bash opens `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT` redirects as network connections. */
function redirectHosts(segment: Segment): HostMention[] {
  const found = new Mentions('redirect');
  for (const redirect of segment.redirects) {
    const target = redirect.target;
    if (target.kind === 'opaque') {
      if (/\/dev\/(tcp|udp)\//.test(target.raw)) found.unreadable(target.raw, 'redirect /dev/tcp');
      continue;
    }
    const match = /^\/dev\/(tcp|udp)\/([^/]*)\/?/.exec(target.value);
    if (match) found.host(match[2]!, target.value, `redirect /dev/${match[1]}`);
  }
  return found.list;
}

// ── Public entry points ──────────────────────────────────────────────────────────────────

/**
 * Every host a resolved segment names in a position where it will be contacted, read through
 * wrappers (`sudo`, `env`, `timeout`, …). An opaque word in a host position (`curl $URL`) is an
 * unreadable host. When a wrapper's options could not be read exactly, a network program is
 * taken to contact a host the gate cannot read. Never throws.
 */
export function hostMentions(segment: Segment, analysis?: SegmentAnalysis): HostMention[] {
  try {
    // Most segments have no redirect and no assignment: nothing to copy or read for them.
    let out: HostMention[] = segment.redirects.length > 0 ? redirectHosts(segment) : [];
    const { peeled: unwrapped, program } = analysis ?? analyseArgv(segment.argv);
    const declares = program === 'export' || program === 'declare' || program === 'typeset';
    // Most segments assign nothing: no list of assignments to make for them.
    if (declares || segment.assignments.length > 0 || unwrapped.assignments.length > 0) {
      const assignments: Array<{ name: string; value: Word }> = [];
      for (const a of segment.assignments) assignments.push({ name: a.name, value: a.value });
      for (const a of unwrapped.assignments) assignments.push(a);
      if (declares) {
        for (const word of unwrapped.argv.slice(1)) {
          const text = textOf(word);
          const eq = text?.indexOf('=') ?? -1;
          if (text !== null && eq > 0) assignments.push({ name: text.slice(0, eq), value: literalWord(text.slice(eq + 1)) });
        }
      }
      if (assignments.length > 0) out.push(...assignmentHosts(assignments));
    }
    if (program === null) return out;
    const argv = peelNetworkWrappers(unwrapped.argv, program);
    // Without a network wrapper the program inside is the one already named.
    const inner = argv === unwrapped.argv ? program : (programName(argv[0])?.toLowerCase() ?? null);
    if (inner === null) {
      if (argv[0]) out.push({ host: null, source: argv[0].raw, via: `${program} (a program the gate cannot read)` });
      return out;
    }
    if (isInlineCodeInterpreter(inner)) out.push(...inlineCodeHosts(argv.slice(1), inner));
    const reader = readerOf(inner);
    if (!reader) return out;
    if (unwrapped.wrappers.includes('xargs')) {
      // xargs appends words read from its input: one more word the gate cannot know, so
      // `xargs curl` contacts an unknown host and `xargs git add` contacts none.
      const withInput = withXargsInput(segment.argv, argv);
      for (const mention of reader(withInput, { program: inner })) {
        out.push(mention.host === null ? { ...mention, via: `${mention.via} through xargs` } : mention);
      }
    } else {
      const mentions = reader(argv.slice(1), { program: inner });
      // Every reader returns a list of its own: with nothing found before it, that list is the answer.
      if (out.length === 0) out = mentions;
      else for (const mention of mentions) out.push(mention);
    }
    if (!unwrapped.exact) {
      // A wrapper whose options could not be read exactly may have hidden words of the command.
      out.push({ host: null, source: segment.raw, via: `${program} through ${unwrapped.wrappers.join(', ')}` });
    }
    return out;
  } catch {
    return [{ host: null, source: segment.raw, via: 'a command the gate could not read' }];
  }
}

/**
 * The text fallback for unresolved commands: when a network program's name appears as a word,
 * every `scheme://host` and `/dev/tcp/host` in the text, or else an unreadable host for that
 * program. Linear in the text; used only where the unresolved floor already holds, to name
 * the hosts on the card.
 */
export function hostMentionsInText(text: string): HostMention[] {
  const out: HostMention[] = [];
  const programs: string[] = [];
  let fetcher: string | null = null;
  // Every host read below comes from a `scheme://` or a `/dev/tcp/`; most texts hold neither.
  const urls = text.includes('://');
  // The words of {@link roughWords}, read in place: only each word's basename is cut out.
  const length = text.length;
  for (let start = 0; start < length; ) {
    if (isRoughSeparator(text.charCodeAt(start))) {
      start++;
      continue;
    }
    let end = start + 1;
    let base = start;
    for (; end < length; end++) {
      const code = text.charCodeAt(end);
      if (isRoughSeparator(code)) break;
      if (code === SLASH) base = end + 1;
    }
    if (text.charCodeAt(start) === SLASH) base = Math.max(base, start + 1);
    const name = text.slice(base, end).toLowerCase();
    start = end;
    if (hasReader(name) && !programs.includes(name)) programs.push(name);
    if (fetcher === null && FETCHERS.has(name)) fetcher = name;
    // Without a URL the programs' names are not listed: knowing that there is one, and the first fetcher, is enough.
    if (!urls && fetcher !== null && programs.length > 0) break;
  }
  if (text.includes('/dev/')) {
    for (const match of text.matchAll(/\/dev\/(tcp|udp)\/([^/\s'"`;|&<>()]+)/g)) {
      out.push({ host: match[2]!, source: match[0], via: `redirect /dev/${match[1]}` });
    }
  }
  if (programs.length === 0) return out;
  if (urls) {
    const via = programs.join(', ');
    for (const host of urlHostsIn(text)) out.push({ host, source: host, via });
  }
  // Only a program whose every use contacts a host (not git, npm or docker) is taken to
  // contact one the gate cannot read when no host is written.
  if (out.length === 0 && fetcher !== null) out.push({ host: null, source: `the arguments of ${fetcher}`, via: fetcher });
  return out;
}

/** Programs that contact a host whenever they do anything. */
const FETCHERS = new Set([
  'curl', 'wget', 'wget2', 'http', 'https', 'xh', 'xhs', 'aria2c', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh',
  'scp', 'sftp', 'ftp', 'tftp', 'lftp', 'ping', 'ping6', 'dig', 'nslookup',
]);

const SLASH = 0x2f;

/** The characters {@link roughWords} splits at: `\s` (as a JavaScript pattern reads it) and ``;&|()<>`'"{}$``. */
function isRoughSeparator(code: number): boolean {
  if (code < 0x80) return ROUGH_SEPARATORS[code] === 1;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

const ROUGH_SEPARATORS = (() => {
  const table = new Uint8Array(0x80);
  for (const c of ' \t\n\v\f\r;&|()<>`\'"{}$') table[c.charCodeAt(0)] = 1;
  return table;
})();

/** Words of a text split on blanks, shell operators and quotes: a rough, linear reading. */
export function roughWords(text: string): string[] {
  return text.split(/[\s;&|()<>`'"{}$]+/).filter((w) => w.length > 0);
}

// ── The reason ───────────────────────────────────────────────────────────────────────────

/** Letters of scripts that look alike, for the mixed-script note. */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Japanese', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
];

/** The scripts mixed within one label of the host (`pаypal`: Latin and Cyrillic), or `[]`. */
export function mixedScripts(host: string): string[] {
  // ASCII letters are all Latin: nothing to mix, and most hosts stop here.
  if (/^[\x00-\x7f]*$/.test(host)) return [];
  const mixed = new Set<string>();
  for (const label of host.split('.')) {
    const seen = new Set<string>();
    for (const char of label) {
      if (!/\p{L}/u.test(char)) continue;
      const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
      seen.add(script);
    }
    if (seen.size > 1) for (const s of seen) mixed.add(s);
  }
  return [...mixed];
}

/** The ASCII (punycode) form of a host when it differs from what is written, else `null`. */
export function asciiForm(host: string): string | null {
  if (/^[\x21-\x7e]*$/.test(host)) return null;
  const ascii = domainToASCII(host);
  if (ascii === '' || ascii === host.toLowerCase()) return null;
  return ascii;
}

/** How many hosts a reason lists before it counts the rest (the `hosts` list keeps them all). */
const MAX_LISTED = 12;

/**
 * The hosts list and the one-sentence reason of an open-world finding, or `null` when the
 * mentions name nothing. Hosts keep their first-seen order, deduplicated without regard to
 * ASCII case; a host with non-ASCII letters is followed by its punycode form.
 */
export function describeHostMentions(mentions: readonly HostMention[]): { hosts: string[]; reason: string } | null {
  if (mentions.length === 0) return null;
  const hosts: string[] = [];
  const seenHosts = new Set<string>();
  // A Map keeps this linear: a 64 KiB command may name thousands of hosts.
  const items = new Map<string, { text: string; vias: string[]; note?: string }>();
  const addItem = (key: string, text: string, via: string, note?: string) => {
    const existing = items.get(key);
    if (existing) {
      if (!existing.vias.includes(via)) existing.vias.push(via);
    } else {
      items.set(key, { text, vias: [via], ...(note ? { note } : {}) });
    }
  };
  for (const mention of mentions) {
    if (mention.listener) {
      addItem(`listen:${mention.source}`, `a listening socket on ${mention.source}`, mention.via);
      continue;
    }
    if (mention.host === null) {
      addItem(`unreadable:${mention.source}`, clip(mention.source), mention.via, 'a host the gate cannot read');
      continue;
    }
    const key = mention.host.toLowerCase();
    const ascii = asciiForm(mention.host);
    if (!seenHosts.has(key)) {
      seenHosts.add(key);
      hosts.push(mention.host);
      if (ascii && !seenHosts.has(ascii)) {
        seenHosts.add(ascii);
        hosts.push(ascii);
      }
    }
    const notes: string[] = [];
    if (ascii) notes.push(`ASCII form ${ascii}`);
    const scripts = mixedScripts(mention.host);
    if (scripts.length > 0) notes.push(`mixes ${scripts.join(' and ')} letters`);
    addItem(`host:${key}`, notes.length > 0 ? `${mention.host} [${notes.join('; ')}]` : mention.host, mention.via);
  }
  const all = [...items.values()];
  const listed = all
    .slice(0, MAX_LISTED)
    .map((item) => `${item.text} (${[...item.vias, ...(item.note ? [item.note] : [])].join(', ')})`)
    .join('; ');
  const more = all.length > MAX_LISTED ? `; and ${all.length - MAX_LISTED} more` : '';
  return { hosts, reason: `This command names a host: ${listed}${more}.` };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
