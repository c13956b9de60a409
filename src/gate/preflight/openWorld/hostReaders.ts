import { literalWord, type Segment, type Word } from '../../reading/resolution';
import { hasOption, optionValues, readArgs, textOf, type Grammar, type ArgReading, valued } from '../../programs/grammar';
import { CURL_SPEC, RSYNC_SPEC, WGET_SPEC, isRemoteTransferPath, plainGitSubcommand, readGitCommand } from '../../programs/writeTargets';
import {
  PORT_LIKE,
  gitRemoteHost,
  goModuleHost,
  hostOfDestination,
  hostOfUrl,
  imageRegistryHost,
  libpqHosts,
  mongoHosts,
  packageSpecHost,
  scpLikeHost,
  splitHostPorts,
  stripPort,
  urlHostsIn,
} from './hostSyntax';
import { Mentions, type HostMention } from './mentions';

/**
 * The per-program host readers of the open-world floor (D§7): for each network program (curl,
 * wget, nc, socat, ssh and its family, rsync, ftp, ping, dig, database clients, git, package
 * managers, docker, go, …) which words of its argv are in a host position, read the way that
 * program reads them, so that `curl -o out.json https://x` names `x` and not `out.json`, and
 * `ssh -i key host` names `host` and not `key`. Also the places outside argv where a segment
 * names a host: proxy and registry variables, `/dev/tcp` redirects, inline interpreter code.
 *
 * What a host looks like inside a word is `hostSyntax.ts`'s business; this module only says
 * where to look.
 */

/**
 * A glob word with no variable and no URL in it (`.[dev]`, `./pkgs/*.tgz`): bash turns it into
 * names of local files, or leaves it as written, so it names no host.
 */
function isLocalGlob(word: Word | undefined): boolean {
  return word !== undefined && word.kind === 'opaque' && word.expansions.every((e) => e === 'glob') && !/[$`]|:\/\//.test(word.raw);
}

interface ReaderContext {
  /** The program name as matched (lower case). */
  program: string;
}

/** Reads a program's arguments. Each call returns a new list of its own, which the caller may add to. */
type HostReader = (args: readonly Word[], context: ReaderContext) => HostMention[];

function curlHosts(args: readonly Word[]): HostMention[] {
  const parsed = readArgs(args, CURL_SPEC);
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

function wgetHosts(args: readonly Word[]): HostMention[] {
  const parsed = readArgs(args, WGET_SPEC);
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

const ARIA2_SPEC: Grammar = {
  short: 'dolijsxktmUTMuO',
  long: valued('dir', 'out', 'log', 'input-file', 'split', 'max-connection-per-server', 'min-split-size', 'timeout', 'max-tries', 'user-agent', 'torrent-file', 'metalink-file', 'max-concurrent-downloads', 'max-upload-limit', 'index-out'),
  abbreviations: false,
};

function aria2Hosts(args: readonly Word[]): HostMention[] {
  const parsed = readArgs(args, ARIA2_SPEC);
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
const NC_SPEC: Grammar = {
  short: 'cegGHIiKMmOoPpqRsTVWwXxZd',
  long: valued('exec', 'sh-exec', 'lua-exec', 'proxy', 'proxy-type', 'proxy-auth', 'proxy-dns', 'source', 'source-port', 'wait', 'idle-timeout', 'output', 'hex-dump', 'allow', 'allowfile', 'deny', 'denyfile', 'max-conns', 'delay', 'ssl-cert', 'ssl-key', 'ssl-trustfile', 'ssl-ciphers', 'ssl-servername', 'ssl-alpn'),
  abbreviations: false,
};

function ncHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, NC_SPEC);
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

function everyOperandHost(spec: Grammar, read: (text: string) => string | undefined) {
  return (args: readonly Word[], { program }: ReaderContext): HostMention[] => {
    const parsed = readArgs(args, spec);
    const found = new Mentions(program);
    for (const word of parsed.operands) {
      const text = textOf(word);
      if (text !== null && PORT_LIKE.test(text)) continue;
      found.word(word, read);
    }
    return found.list;
  };
}

const SSH_SPEC: Grammar = { short: 'BbcDEeFIiJLlmOoPpQRSWw', abbreviations: false };
const SCP_SPEC: Grammar = { short: 'cDFiJlloPSX', abbreviations: false };
const SFTP_SPEC: Grammar = { short: 'BbcDFiJlloPRSsX', abbreviations: false };

/** Hosts in ssh-family options: jump hosts, `-o ProxyJump=…`/`Hostname=…`, forwards, `-W`. */
function sshOptionHosts(parsed: ArgReading, found: Mentions, program: string): void {
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
  const parsed = readArgs(args, SSH_SPEC);
  const found = new Mentions('ssh');
  found.word(parsed.operands[0], hostOfDestination);
  sshOptionHosts(parsed, found, 'ssh');
  return found.list;
}

function scpHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, SCP_SPEC);
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
  const parsed = readArgs(args, SFTP_SPEC);
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
  const parsed = readArgs(args, RSYNC_SPEC);
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

const FTP_SPEC: Grammar = { short: 'oPqrsTux', abbreviations: false };

function ftpHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, FTP_SPEC);
  const found = new Mentions(program);
  for (const word of parsed.operands) {
    const text = textOf(word);
    if (text !== null && PORT_LIKE.test(text)) continue;
    found.word(word, hostOfUrl);
  }
  for (const word of optionValues(parsed, '-u')) found.word(word, hostOfUrl, `${program} -u`);
  return found.list;
}

const PING_SPEC: Grammar = { short: 'cFiIlmMpQsStTwW', abbreviations: false };
const TELNET_SPEC: Grammar = { short: 'belnXkS', abbreviations: false };
const HOST_SPEC: Grammar = { short: 'cNRtWm', abbreviations: false };

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

const PSQL_SPEC: Grammar = {
  short: 'cdfhLopPRTUvFSZEjnNtIs',
  long: valued('command', 'dbname', 'file', 'host', 'log-file', 'output', 'port', 'pset', 'record-separator', 'table-attr', 'username', 'set', 'variable', 'field-separator', 'role', 'format', 'jobs', 'schema', 'table', 'compress', 'encoding', 'exclude-schema', 'exclude-table', 'superuser'),
  abbreviations: false,
};


function postgresHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, PSQL_SPEC);
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

const MYSQL_SPEC: Grammar = {
  short: 'hPuSDeO',
  shortAttached: 'p',
  long: valued('host', 'port', 'user', 'socket', 'database', 'execute', 'defaults-file', 'defaults-extra-file', 'protocol', 'ssl-ca', 'ssl-cert', 'ssl-key', 'init-command', 'bind-address'),
  abbreviations: false,
};

function mysqlHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, MYSQL_SPEC);
  const found = new Mentions(program);
  for (const word of optionValues(parsed, '-h', '--host')) found.word(word, (t) => t || undefined, `${program} -h`);
  return found.list;
}

const REDIS_SPEC: Grammar = {
  short: 'hpsaunridcx',
  long: valued('user', 'pass', 'askpass', 'cacert', 'cacertdir', 'cert', 'key', 'sni', 'rdb', 'functions-rdb', 'pipe-timeout', 'pattern', 'count', 'quoted-pattern', 'memkeys-samples', 'eval', 'ldb-sync-mode', 'replica', 'cluster', 'hotkeys', 'bigkeys', 'memkeys', 'intrinsic-latency', 'lru-test', 'stat', 'latency-dist', 'tls-ciphers', 'tls-ciphersuites'),
  stopAtOperand: true,
  abbreviations: false,
};

function redisHosts(args: readonly Word[]): HostMention[] {
  const parsed = readArgs(args, REDIS_SPEC);
  const found = new Mentions('redis-cli');
  for (const word of optionValues(parsed, '-h')) found.word(word, (t) => t || undefined, 'redis-cli -h');
  for (const word of optionValues(parsed, '-u')) found.word(word, hostOfUrl, 'redis-cli -u');
  return found.list;
}

const MONGO_SPEC: Grammar = {
  short: 'upf',
  long: valued('host', 'port', 'username', 'password', 'authenticationDatabase', 'authenticationMechanism', 'eval', 'file', 'tlsCAFile', 'tlsCertificateKeyFile', 'apiVersion', 'awsAccessKeyId', 'awsSecretAccessKey', 'awsSessionToken', 'keyVaultNamespace', 'kmsURL', 'gssapiServiceName', 'sspiHostnameCanonicalization', 'browser'),
  abbreviations: false,
};


function mongoClientHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, MONGO_SPEC);
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

const GIT_NETWORK_SPECS: Readonly<Record<string, Grammar>> = {
  clone: {
    short: 'obucj',
    long: valued('origin', 'branch', 'upload-pack', 'reference', 'reference-if-able', 'separate-git-dir', 'depth', 'shallow-since', 'shallow-exclude', 'config', 'template', 'jobs', 'filter', 'server-option', 'bundle-uri', 'ref-format', 'revision'),
  },
  fetch: { short: 'oj', long: valued('depth', 'deepen', 'shallow-since', 'shallow-exclude', 'refmap', 'server-option', 'upload-pack', 'jobs', 'negotiation-tip', 'filter', 'submodule-prefix') },
  pull: { short: 'sXoj', long: valued('depth', 'deepen', 'shallow-since', 'shallow-exclude', 'refmap', 'server-option', 'upload-pack', 'jobs', 'negotiation-tip', 'filter', 'strategy', 'strategy-option', 'cleanup') },
  push: { short: 'o', long: valued('repo', 'receive-pack', 'exec', 'push-option') },
  'ls-remote': { short: 'o', long: valued('upload-pack', 'server-option', 'sort') },
  remote: { short: 'tm', long: valued('mirror') },
  submodule: { short: 'b', long: valued('name', 'reference', 'depth', 'branch') },
  archive: { short: 'o', long: valued('remote', 'exec', 'output', 'format', 'prefix', 'add-file', 'add-virtual-file', 'mtime') },
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
  const parsed = readArgs(git.rest, GIT_NETWORK_SPECS[subcommand]!);
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
const NPM_SPEC: Grammar = {
  short: 'wpC',
  long: valued('registry', 'workspace', 'prefix', 'package', 'cache', 'tag', 'otp', 'loglevel', 'omit', 'include', 'userconfig', 'globalconfig', 'location', 'proxy', 'https-proxy', 'dir', 'filter', 'call'),
  abbreviations: false,
};

function packageManagerHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, NPM_SPEC);
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

const DOCKER_GLOBAL_SPEC: Grammar = {
  short: 'Hcl',
  long: valued('host', 'context', 'log-level', 'config', 'tlscacert', 'tlscert', 'tlskey', 'url', 'connection', 'identity', 'root', 'runroot', 'storage-driver', 'cgroup-manager', 'events-backend', 'namespace', 'address', 'module', 'network-cmd-path', 'network-config-dir', 'registries-conf', 'tmpdir', 'volumepath', 'imagestore', 'conmon', 'hooks-dir', 'runtime', 'ssh', 'db-backend'),
  stopAtOperand: true,
  abbreviations: false,
};

const DOCKER_RUN_SPEC: Grammar = {
  short: 'acehlmpuvwi',
  long: valued('add-host', 'annotation', 'attach', 'blkio-weight', 'blkio-weight-device', 'cap-add', 'cap-drop', 'cgroup-parent', 'cgroupns', 'cidfile', 'cpu-count', 'cpu-percent', 'cpu-period', 'cpu-quota', 'cpu-rt-period', 'cpu-rt-runtime', 'cpu-shares', 'cpus', 'cpuset-cpus', 'cpuset-mems', 'detach-keys', 'device', 'device-cgroup-rule', 'device-read-bps', 'device-read-iops', 'device-write-bps', 'device-write-iops', 'dns', 'dns-option', 'dns-opt', 'dns-search', 'domainname', 'entrypoint', 'env', 'env-file', 'expose', 'gpus', 'group-add', 'health-cmd', 'health-interval', 'health-retries', 'health-start-period', 'health-start-interval', 'health-timeout', 'hostname', 'ip', 'ip6', 'ipc', 'isolation', 'kernel-memory', 'label', 'label-file', 'link', 'link-local-ip', 'log-driver', 'log-opt', 'mac-address', 'memory', 'memory-reservation', 'memory-swap', 'memory-swappiness', 'mount', 'name', 'network', 'net', 'network-alias', 'net-alias', 'oom-score-adj', 'pid', 'pids-limit', 'platform', 'publish', 'pull', 'restart', 'runtime', 'security-opt', 'shm-size', 'stop-signal', 'stop-timeout', 'storage-opt', 'sysctl', 'tmpfs', 'ulimit', 'user', 'userns', 'uts', 'volume', 'volume-driver', 'volumes-from', 'workdir', 'arch', 'os', 'variant', 'secret', 'pod', 'uidmap', 'gidmap', 'subuidname', 'subgidname', 'chrootdirs', 'cgroup-conf', 'cgroups', 'conmon-pidfile', 'decryption-key', 'env-host', 'hostuser', 'image-volume', 'init-path', 'log-opt', 'passwd-entry', 'personality', 'pidfile', 'preserve-fds', 'rdt-class', 'requires', 'rootfs', 'sdnotify', 'seccomp-policy', 'systemd', 'timeout', 'tls-verify', 'umask', 'unsetenv', 'creds', 'authfile', 'cert-dir', 'retry', 'retry-delay', 'label-file', 'health-on-failure', 'health-log-destination', 'health-max-log-count', 'health-max-log-size', 'health-startup-cmd', 'health-startup-interval', 'health-startup-retries', 'health-startup-success', 'health-startup-timeout', 'memory-swappiness', 'oom-kill-disable'),
  abbreviations: false,
};
const DOCKER_PULL_SPEC: Grammar = { long: valued('platform', 'arch', 'os', 'variant', 'creds', 'authfile', 'cert-dir', 'decryption-key', 'retry', 'retry-delay', 'policy'), abbreviations: false };
const DOCKER_LOGIN_SPEC: Grammar = { short: 'up', long: valued('username', 'password', 'authfile', 'cert-dir'), abbreviations: false };

function dockerHosts(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const globals = readArgs(args, DOCKER_GLOBAL_SPEC);
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
      const parsed = readArgs(rest, DOCKER_PULL_SPEC);
      found.word(parsed.operands[0], imageRegistryHost, via);
      break;
    }
    case 'run':
    case 'create': {
      const parsed = readArgs(rest, { ...DOCKER_RUN_SPEC, stopAtOperand: true });
      found.word(parsed.operands[0], imageRegistryHost, via);
      break;
    }
    case 'login': {
      const parsed = readArgs(rest, DOCKER_LOGIN_SPEC);
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

const GO_SPEC: Grammar = {
  singleDash: true,
  long: valued('o', 'C', 'p', 'tags', 'mod', 'modfile', 'ldflags', 'gcflags', 'asmflags', 'gccgoflags', 'overlay', 'pgo', 'exec', 'toolexec', 'pkgdir', 'buildmode', 'compiler', 'installsuffix', 'covermode', 'coverpkg', 'coverprofile', 'json'),
  abbreviations: false,
};

function goHosts(args: readonly Word[]): HostMention[] {
  const parsed = readArgs(args, GO_SPEC);
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

const HTTPIE_SPEC: Grammar = {
  short: 'aAopsb',
  long: valued('auth', 'auth-type', 'output', 'session', 'session-read-only', 'verify', 'cert', 'cert-key', 'cert-key-pass', 'proxy', 'pretty', 'style', 'print', 'format-options', 'timeout', 'max-redirects', 'default-scheme', 'response-charset', 'response-mime', 'max-headers', 'ssl', 'ciphers', 'boundary', 'bearer', 'unix-socket', 'history-print', 'resolve', 'interface', 'local-port'),
  abbreviations: false,
};

const HTTP_METHODS = /^(get|head|post|put|patch|delete|options|trace|connect|[A-Z]+)$/i;

/** httpie and xh: `[METHOD] URL [ITEM…]`; `:3000/x` is shorthand for localhost. */
function firstHttpieUrl(args: readonly Word[], { program }: ReaderContext): HostMention[] {
  const parsed = readArgs(args, HTTPIE_SPEC);
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
export function hasReader(program: string): boolean {
  return readerOf(program) !== undefined;
}

/** Reader lookup that also knows versioned names (`python3.12`, `pip3.11`); the reader is called with the name as given. */
export function readerOf(program: string): HostReader | undefined {
  const reader = READER_MAP.get(program);
  if (reader !== undefined) return reader;
  // Both versioned families start with `p`; most words are no program of either.
  if (!program.startsWith('p')) return undefined;
  if (/^pip\d+(\.\d+)?$/.test(program)) return pipHosts;
  if (/^python\d*(\.\d+)?$/.test(program) || program === 'py') return pipHosts;
  return undefined;
}


/** The option that carries inline code, per interpreter. */
const INLINE_CODE_OPTIONS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/^(node|nodejs|bun|deno)$/, ['-e', '--eval', '-p', '--print']],
  [/^python\d*(\.\d+)*$|^pypy\d*$/, ['-c']],
  [/^(ruby|perl)$/, ['-e', '-E']],
  [/^php$/, ['-r']],
];

export function isInlineCodeInterpreter(program: string): boolean {
  // Every pattern below starts with one of these letters; most programs are spared the patterns.
  const first = program[0];
  if (first !== 'n' && first !== 'b' && first !== 'd' && first !== 'p' && first !== 'r') return false;
  return INLINE_CODE_OPTIONS.some(([pattern]) => pattern.test(program));
}

/** `node -e "fetch('https://x')"`, `python3 -c "…urlopen('https://x')"`: URLs in inline code. */
export function inlineCodeHosts(args: readonly Word[], program: string): HostMention[] {
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
  // `openssl s_client* -connect …`: a command only known at run time may be one that connects.
  if (verb === null && args[0] !== undefined) {
    found.unreadable(args[0].raw, 'openssl (a command only known at run time)');
    return found.list;
  }
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
    // A word only known at run time may be the URL it fetches (`cargo install --git "$X"`).
    if (text === null) found.unreadable(word.raw);
    else for (const host of urlHostsIn(text)) found.host(host, text);
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

export function assignmentHosts(assignments: ReadonlyArray<{ name: string; value: Word }>): HostMention[] {
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
/**
 * A redirect target only known at run time whose written start (quotes left out, up to the first
 * expansion) is a start of `/dev/tcp/` or `/dev/udp/`: it may name a network connection.
 */
function mayBeNetworkPath(raw: string): boolean {
  const start = /^[^$`*?[{]*/.exec(raw.replace(/["']/g, ''))![0];
  return ['/dev/tcp/', '/dev/udp/'].some((path) => path.startsWith(start) || start.startsWith(path));
}

export function redirectHosts(segment: Segment): HostMention[] {
  const found = new Mentions('redirect');
  for (const redirect of segment.redirects) {
    const target = redirect.target;
    if (target.kind === 'opaque') {
      // `< "$X"`, `> /dev/$P`: a place only known at run time may be /dev/tcp/HOST/PORT.
      if (/\/dev\/(tcp|udp)\//.test(target.raw) || mayBeNetworkPath(target.raw)) found.unreadable(target.raw, 'redirect /dev/tcp');
      continue;
    }
    const match = /^\/dev\/(tcp|udp)\/([^/]*)\/?/.exec(target.value);
    if (match) found.host(match[2]!, target.value, `redirect /dev/${match[1]}`);
  }
  return found.list;
}
