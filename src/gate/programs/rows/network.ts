import { flagged, hasOption, optionValues, readArgs, textOf, valued, type ArgReading, type Grammar, type ReadOption } from '../grammar';
import { literalWord, type Word } from '../../reading/resolution';
import { servesFolder } from './fileServers';
import { writes } from './settingsStores';
import { serviceHosts } from '../secretServices';
import { printsSecret, uploadsToRemote, withoutRoles, type Command, type Form, type OperandRole, type OptionRole, type ProgramRow } from '../row';


/** FTP-like command text that uploads files of this machine (lftp, smbclient, sftp batches). */
export const UPLOAD_COMMANDS = /(?:^|[;&|\n]|\s)\s*(?:m?put|reput|mirror\s+(?:-[a-zA-Z]*R|--reverse))\b/;

/**
 * `rclone config create|update|password|delete|touch|…` rewrites rclone's configuration file, which
 * holds every remote's credentials: `~/.config/rclone/rclone.conf`, outside the workspace (D§7).
 */
const RCLONE_CONFIG_WRITE = (): Form[] => [
  { role: 'writer', program: 'rclone config', trigger: 'config', index: -1, value: literalWord('~/.config/rclone/rclone.conf'), target: 'file', note: 'rewrites rclone\'s configuration file (remotes and their credentials)' },
];

/** rclone copy/sync/move SRC DST to a `REMOTE:PATH`: the local source is uploaded. */
const RCLONE_UPLOADS = uploadsToRemote((t) => /^[A-Za-z0-9_. -]+:/.test(t) && !/^[A-Za-z]:[\\/]/.test(t), 'rclone uploads this local path to the remote');

/** croc and magic-wormhole: `send FILE…` (or `--text TEXT`) hands the files to whoever has the code. */
/** A name only known at run time that a DNS client asks carries what it holds to the name servers on the way (DNS exfiltration). */
const RUN_TIME_NAME_SENT: OperandRole = { role: 'network', operand: 0, when: (t) => t === null || t.includes('$('), sends: true, everyday: true, example: '$(id).x.example', note: 'a name only known at run time sends what it holds to the name servers' };

/** `wormhole receive [-o PATH] [CODE]`: what the peer sends is written at PATH (a file or a folder), the current folder by default. */
const WORMHOLE_RECEIVE: Command = {
  grammar: { short: 'o', abbreviations: false, long: { 'output-file': ['value', 'o'], ...valued('code-length'), ...flagged('accept-file', 'only-text', 'hide-progress', 'no-listen', 'tor', 'verify', 'help', 'zeromode', 'allocate') } },
  role: { role: 'network', note: 'wormhole receive downloads what the peer sends', everyday: true },
  options: [{ role: 'writer', options: ['-o', '--output-file'], target: 'tree', everyday: true, example: '/tmp/in', note: '-o writes what is received at that path' }],
};

const PEER_SEND_NOTE = 'sends each file or folder named to whoever enters the code, through a relay server';

/**
 * Network clients, remote shells, transfer tools, version control other than git and database
 * clients. Contacting the host or URL named on the command line is each client's own job (an
 * everyday network form); what an entry for the program must spell is everything else: a command
 * run here or on the host, a file written, a script or library loaded, a port opened to others.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A `when` that holds for a value only known at run time (fail closed) and for values passing `test`. */
const orNull =
  (test: (text: string) => boolean) =>
  (text: string | null): boolean =>
    text === null || test(text);

/** The same matching rule as the table's (a spelling, a key, or an ambiguous abbreviation). */
function optionMatches(option: ReadOption, role: OptionRole): boolean {
  for (const spelled of role.options) {
    if (spelled === option.name || spelled === option.key) return true;
    if (spelled.startsWith('--') && option.candidates.length > 1 && option.candidates.includes(spelled.slice(2))) return true;
  }
  return false;
}

/** The forms the roles find among options read by a row's own `read` (indexes shifted by `offset`). */
function optionForms(program: string, roles: readonly OptionRole[], options: readonly ReadOption[], offset: number): Form[] {
  const forms: Form[] = [];
  for (const option of options) {
    for (const role of roles) {
      if (!optionMatches(option, role)) continue;
      const text = option.value?.kind === 'literal' ? option.value.value : null;
      if (role.when !== undefined && !role.when(text)) continue;
      const payloadText = role.payloadText !== undefined && text !== null ? role.payloadText(text) : null;
      forms.push({
        role: role.role,
        program,
        trigger: option.name,
        index: option.index + offset,
        value: option.value,
        ...(role.payload !== undefined ? { payload: role.payload } : {}),
        ...(payloadText !== null ? { payloadText } : {}),
        ...(role.everyday === true ? { everyday: true } : {}),
        note: role.note,
      });
    }
  }
  return forms;
}

/**
 * A `read` for programs that take their global options after the subcommand too (cobra CLIs,
 * argparse CLIs with common options): the words from the first operand on are read again with
 * the global grammar, and the global roles applied to what is found there. The options before
 * the first operand are read by the row's own `options`.
 */
function laterGlobals(program: string, grammar: Grammar, roles: readonly OptionRole[]): NonNullable<Command['read']> {
  return (args, reading) => {
    const start = reading.operandIndexes[0];
    if (start === undefined) return [];
    const again = readArgs(args.slice(start), { ...grammar, stopAtOperand: false });
    return optionForms(program, roles, again.options, start);
  };
}

/** Loopback names: a forward bound there is only reachable from this machine. */
function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

/**
 * `[bind_address:]port…` (ssh -L/-D, sshuttle -l): true when a bind address is given and is not
 * loopback (`0.0.0.0:`, `*:`, an empty address, another interface's address). A first field that
 * is a port number or a socket path binds nothing open.
 */
function opensBind(value: string): boolean {
  const first = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.split(/[:/]/)[0] ?? '';
  if (value.startsWith('/')) return false;
  if (!value.includes(':') && !value.includes('/')) return false;
  if (/^\d+$/.test(first)) return false;
  return !isLoopback(first);
}

/** `scheme://`, `user@host:path`, `host:path` (not a local `./a:b`). */
const REMOTE_SPEC = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|[^/\s]*:)/;

const URL_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

// ---------------------------------------------------------------------------------------------
// The OpenSSH family: ssh_config settings given with -o
// ---------------------------------------------------------------------------------------------

/** `KEY=VALUE`, `KEY VALUE`, `KEY = VALUE`: ssh skips blanks and `=` between keyword and value. */
function sshSetting(value: string): { key: string; rest: string } {
  const match = /^\s*([A-Za-z0-9]+)[\s=]*/.exec(value);
  if (match === null) return { key: '', rest: value };
  return { key: match[1]!.toLowerCase(), rest: value.slice(match[0].length) };
}

/** Settings whose value is a command run here (or, RemoteCommand, on the host). */
const SSH_COMMAND_KEYS = ['proxycommand', 'localcommand', 'knownhostscommand', 'remotecommand'];

function sshRunsCommand(value: string): boolean {
  const { key, rest } = sshSetting(value);
  if (SSH_COMMAND_KEYS.includes(key)) return rest.trim().toLowerCase() !== 'none' && rest.trim() !== '';
  if (key === 'permitlocalcommand') return rest.trim().toLowerCase() !== 'no';
  // `Match exec "cmd"` runs cmd; a Match block on the command line is refused whatever it says.
  return key === 'match';
}

/** The command a setting runs; '' for PermitLocalCommand and a Match without exec (nothing of their own to run). */
function sshCommandText(value: string): string | null {
  const { key, rest } = sshSetting(value);
  if (SSH_COMMAND_KEYS.includes(key)) return rest;
  if (key === 'match') {
    const exec = /\bexec\s+(?:"([^"]*)"|(\S+))/i.exec(rest);
    return exec === null ? '' : exec[1] ?? exec[2] ?? '';
  }
  return '';
}

/** Settings that load another configuration or a library. */
const SSH_LOADING_KEYS = ['include', 'pkcs11provider', 'securitykeyprovider'];

/** Settings that open a port to others or forward this machine's side outwards. */
function sshOpensPort(value: string): boolean {
  const { key, rest } = sshSetting(value);
  const v = rest.trim().toLowerCase();
  if (key === 'gatewayports') return v === 'yes' || v === 'clientspecified';
  if (key === 'remoteforward') return v !== '';
  if (key === 'tunnel') return v !== 'no' && v !== '';
  if (key === 'localforward' || key === 'dynamicforward') return opensBind(rest.trim().split(/\s+/)[0] ?? '');
  return false;
}

/** The -o roles shared by ssh, scp, sftp, ssh-copy-id and check_by_ssh. */
function sshOptionRoles(program: string, option = '-o'): OptionRole[] {
  return [
    {
      role: 'executor',
      options: [option],
      when: orNull(sshRunsCommand),
      payload: 'shell-text',
      payloadText: sshCommandText,
      example: 'ProxyCommand=nc %h %p',
      note: `${program} ${option} ProxyCommand/LocalCommand/KnownHostsCommand/Match exec runs a command on this machine`,
    },
    {
      role: 'loader',
      options: [option],
      when: orNull((v) => SSH_LOADING_KEYS.includes(sshSetting(v).key)),
      example: 'PKCS11Provider=/tmp/lib.so',
      note: `${program} ${option} Include/PKCS11Provider/SecurityKeyProvider loads another configuration or a library`,
    },
    {
      role: 'listener',
      options: [option],
      when: orNull(sshOpensPort),
      example: 'GatewayPorts=yes',
      note: `${program} ${option} GatewayPorts/RemoteForward/Tunnel opens forwarded ports to other machines`,
    },
  ];
}

/** ssh's options (OpenSSH 9.2 getopt string), read before the host and again after it. */
const SSH_GRAMMAR: Grammar = { short: 'BbcDEeFIiJLlmOoPpQRSWw', flags: '46AaCfGgKkMNnqsTtVvXxYy', stopAtOperand: true };

const SSH_ROLES: readonly OptionRole[] = [
  ...sshOptionRoles('ssh'),
  { role: 'loader', options: ['-F'], example: 'other_config', note: '-F reads another ssh configuration, whose settings can run commands (Match exec, ProxyCommand)' },
  { role: 'loader', options: ['-I'], example: '/tmp/lib.so', note: '-I loads a PKCS#11 library into ssh' },
  { role: 'writer', options: ['-E'], example: 'ssh.log', note: '-E appends ssh\'s debug log to a file' },
  { role: 'listener', options: ['-g'], note: '-g lets other machines connect to the locally forwarded ports' },
  { role: 'listener', options: ['-L', '-D'], when: orNull(opensBind), example: '0.0.0.0:8080:localhost:80', note: '-L/-D with a bind address other than loopback opens a forwarded port to other machines' },
  { role: 'listener', options: ['-R'], example: '8080:localhost:80', note: '-R opens a port on the remote host that leads back to this machine\'s side' },
  { role: 'listener', options: ['-w'], example: '0:0', note: '-w forwards a tunnel device between this machine and the host (a VPN)' },
  { role: 'network', options: ['-J'], everyday: true, example: 'jump.example.com', note: '-J connects through a jump host' },
];

/**
 * ssh reads options again after the host (OpenSSH restarts getopt there), so `ssh host -o
 * ProxyCommand=…` counts; then the first operand after those options starts the remote command.
 */
const sshRead: NonNullable<Command['read']> = (args, reading) => {
  const host = reading.operandIndexes[0];
  if (host === undefined) return [];
  const forms: Form[] = [
    { role: 'network', program: 'ssh', trigger: wordText(args[host]), index: host, value: args[host] ?? null, everyday: true, note: 'ssh connects to the host it is given' },
  ];
  const again = readArgs(args.slice(host + 1), SSH_GRAMMAR);
  forms.push(...optionForms('ssh', SSH_ROLES, again.options, host + 1));
  // The remote command: ssh joins the words with spaces and the remote user's shell runs the text.
  const start = host + 1 + again.next;
  const words = args.slice(start);
  if (words.length > 0) {
    const text = words.every((w) => w.kind === 'literal') ? words.map(wordText).join(' ') : null;
    forms.push({
      role: 'executor',
      program: 'ssh',
      trigger: wordText(args[start]),
      index: start,
      value: args[start] ?? null,
      payload: 'shell-text',
      ...(text !== null ? { payloadText: text } : {}),
      note: 'ssh HOST CMD runs CMD through the remote user\'s shell',
    });
  }
  return forms;
};

function wordText(word: Word | undefined): string {
  if (word === undefined) return '';
  return word.kind === 'literal' ? word.value : word.raw;
}

/** scp/sftp: an operand that names a host (`host:path`, `scp://…`). */
const remoteOperand = orNull((t) => REMOTE_SPEC.test(t));
const localOperand = orNull((t) => !REMOTE_SPEC.test(t));

// ---------------------------------------------------------------------------------------------
// curl, wget and other downloaders
// ---------------------------------------------------------------------------------------------

/** curl 7.88's long options that take a value (`curl --help all`), and a few later ones. */
const CURL_VALUED = valued(
  'abstract-unix-socket', 'alt-svc', 'aws-sigv4', 'cacert', 'capath', 'cert-type', 'ciphers', 'connect-timeout', 'connect-to',
  'create-file-mode', 'crlfile', 'curves', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'delegation', 'dns-interface',
  'dns-ipv4-addr', 'dns-ipv6-addr', 'dns-servers', 'doh-url', 'egd-file', 'engine', 'etag-compare', 'etag-save', 'expect100-timeout',
  'form-string', 'ftp-account', 'ftp-alternative-to-user', 'ftp-method', 'ftp-ssl-ccc-mode', 'happy-eyeballs-timeout-ms', 'hostpubmd5',
  'hostpubsha256', 'hsts', 'interface', 'json', 'keepalive-time', 'key', 'key-type', 'krb', 'libcurl', 'limit-rate', 'local-port',
  'login-options', 'mail-auth', 'mail-from', 'mail-rcpt', 'max-filesize', 'max-redirs', 'netrc-file', 'noproxy', 'oauth2-bearer',
  'output-dir', 'parallel-max', 'pass', 'pinnedpubkey', 'preproxy', 'proto', 'proto-default', 'proto-redir', 'proxy-cacert',
  'proxy-capath', 'proxy-cert', 'proxy-cert-type', 'proxy-ciphers', 'proxy-crlfile', 'proxy-header', 'proxy-key', 'proxy-key-type',
  'proxy-pass', 'proxy-pinnedpubkey', 'proxy-service-name', 'proxy-tls13-ciphers', 'proxy-tlsauthtype', 'proxy-tlspassword',
  'proxy-tlsuser', 'proxy1.0', 'pubkey', 'random-file', 'rate', 'request-target', 'resolve', 'retry', 'retry-delay', 'retry-max-time',
  'sasl-authzid', 'service-name', 'socks4', 'socks4a', 'socks5', 'socks5-gssapi-service', 'socks5-hostname', 'stderr', 'tftp-blksize',
  'tls-max', 'tls13-ciphers', 'tlsauthtype', 'tlspassword', 'tlsuser', 'trace', 'trace-ascii', 'unix-socket', 'url', 'url-query',
  'variable', 'ssl-sessions', 'ech', 'ip-tos', 'vlan-priority', 'trace-config', 'knownhosts',
);

const CURL_FLAGS = flagged(
  'anyauth', 'append', 'basic', 'cert-status', 'compressed', 'compressed-ssh', 'create-dirs', 'crlf', 'digest', 'disable', 'disable-eprt',
  'disable-epsv', 'disallow-username-in-url', 'doh-cert-status', 'doh-insecure', 'fail', 'fail-early', 'fail-with-body', 'false-start',
  'form-escape', 'ftp-create-dirs', 'ftp-pasv', 'ftp-pret', 'ftp-skip-pasv-ip', 'ftp-ssl-ccc', 'ftp-ssl-control', 'get', 'globoff',
  'haproxy-protocol', 'head', 'help', 'http0.9', 'http1.0', 'http1.1', 'http2', 'http2-prior-knowledge', 'http3', 'http3-only',
  'ignore-content-length', 'include', 'insecure', 'ipv4', 'ipv6', 'junk-session-cookies', 'list-only', 'location', 'location-trusted',
  'mail-rcpt-allowfails', 'manual', 'metalink', 'negotiate', 'netrc', 'netrc-optional', 'next', 'no-alpn', 'no-buffer', 'no-clobber',
  'no-keepalive', 'no-npn', 'no-progress-meter', 'no-sessionid', 'ntlm', 'ntlm-wb', 'parallel', 'parallel-immediate', 'path-as-is',
  'post301', 'post302', 'post303', 'progress-bar', 'proxy-anyauth', 'proxy-basic', 'proxy-digest', 'proxy-insecure', 'proxy-negotiate',
  'proxy-ntlm', 'proxy-ssl-allow-beast', 'proxy-ssl-auto-client-cert', 'proxy-tlsv1', 'proxytunnel', 'raw', 'remote-header-name',
  'remote-name', 'remote-name-all', 'remote-time', 'remove-on-error', 'retry-all-errors', 'retry-connrefused', 'sasl-ir', 'show-error',
  'silent', 'socks5-basic', 'socks5-gssapi', 'socks5-gssapi-nec', 'ssl', 'ssl-allow-beast', 'ssl-auto-client-cert', 'ssl-no-revoke',
  'ssl-reqd', 'ssl-revoke-best-effort', 'sslv2', 'sslv3', 'styled-output', 'suppress-connect-headers', 'tcp-fastopen', 'tcp-nodelay',
  'tftp-no-options', 'tlsv1', 'tlsv1.0', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3', 'tr-encoding', 'trace-time', 'use-ascii', 'verbose', 'version',
  'xattr', 'out-null', 'skip-existing',
);

const CURL_GRAMMAR: Grammar = {
  short: 'AbcCdDeEFHKmoPQrTuUwxXyYzt',
  flags: 'aBfGgIijJkLlMNnOpqRsSvVZ0123456',
  long: {
    ...CURL_FLAGS,
    ...CURL_VALUED,
    'user-agent': ['value', 'A'], cookie: ['value', 'b'], 'cookie-jar': ['value', 'c'], 'continue-at': ['value', 'C'], data: ['value', 'd'],
    'dump-header': ['value', 'D'], referer: ['value', 'e'], cert: ['value', 'E'], form: ['value', 'F'], header: ['value', 'H'],
    config: ['value', 'K'], 'max-time': ['value', 'm'], output: ['value', 'o'], 'ftp-port': ['value', 'P'], quote: ['value', 'Q'],
    range: ['value', 'r'], 'upload-file': ['value', 'T'], user: ['value', 'u'], 'proxy-user': ['value', 'U'], 'write-out': ['value', 'w'],
    proxy: ['value', 'x'], request: ['value', 'X'], 'speed-time': ['value', 'y'], 'speed-limit': ['value', 'Y'], 'time-cond': ['value', 'z'],
    'telnet-option': ['value', 't'],
  },
};

/** `-d @file`, `--data-binary @file`: the data is read from a local file. */
const fromFile = orNull((v) => v.startsWith('@'));

const DOWNLOADERS: readonly ProgramRow[] = [
  {
    names: ['curl'],
    category: 'network',
    what: 'a client for URLs (HTTP, FTP, SCP and many more)',
    grammar: CURL_GRAMMAR,
    options: [
      { role: 'writer', options: ['-o', '--output'], when: orNull((v) => v !== '-' && v !== '/dev/null'), example: 'page.html', note: '-o writes the response to a file' },
      { role: 'writer', options: ['-O', '--remote-name', '--remote-name-all'], note: '-O writes the response to a file named after the URL' },
      { role: 'writer', options: ['--output-dir'], example: 'downloads', note: '--output-dir picks the folder the responses are written to' },
      { role: 'writer', options: ['-D', '--dump-header'], example: 'headers.txt', note: '-D writes the response headers to a file' },
      { role: 'writer', options: ['-c', '--cookie-jar'], example: 'cookies.txt', note: '-c writes the cookies to a file' },
      { role: 'writer', options: ['--trace', '--trace-ascii', '--stderr'], example: 'trace.log', note: '--trace/--stderr write a trace or the error output to a file' },
      { role: 'writer', options: ['--libcurl'], example: 'prog.c', note: '--libcurl writes C source code for the transfer to a file' },
      { role: 'writer', options: ['--etag-save', '--hsts', '--alt-svc', '--ssl-sessions'], example: 'cache.txt', note: '--etag-save/--hsts/--alt-svc keep a cache file that curl writes' },
      { role: 'writer', options: ['-w', '--write-out'], when: orNull((v) => v.includes('%output{')), example: '%output{resp.txt}%{http_code}', note: '-w %output{FILE} writes the report to a file' },
      { role: 'loader', options: ['-K', '--config'], example: 'curl.cfg', note: '-K reads more options from a file, which can name outputs and uploads of its own' },
      { role: 'loader', options: ['--engine'], when: orNull((v) => v !== 'list'), example: '/tmp/lib.so', note: '--engine loads an OpenSSL engine library into curl' },
      { role: 'network', options: ['-T', '--upload-file'], sends: true, example: 'report.pdf', note: '-T sends a local file to the host' },
      { role: 'network', options: ['-d', '--data', '--data-binary', '--data-ascii', '--json'], when: fromFile, example: '@secrets.json', note: '-d @FILE sends a local file\'s contents to the host' },
      { role: 'network', options: ['--data-urlencode'], when: orNull((v) => /^[^=]*@/.test(v)), example: '@notes.txt', note: '--data-urlencode @FILE sends a local file\'s contents to the host' },
      { role: 'network', options: ['-F', '--form'], when: orNull((v) => /=[@<]/.test(v)), example: 'file=@report.pdf', note: '-F name=@FILE sends a local file to the host' },
      { role: 'network', options: ['--url', '-x', '--proxy', '--preproxy'], everyday: true, example: 'https://example.com', note: 'curl contacts the URL or proxy it is given' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'https://example.com', note: 'curl contacts the URL it is given' }],
    plain: ['--version', '-V', '--help', '--manual'],
  },
  {
    names: ['wget'],
    category: 'network',
    what: 'a non-interactive downloader for HTTP and FTP',
    grammar: {
      short: 'eoaiBtOTwQPUlARDIX',
      shortAttached: 'n',
      flags: 'VhbdqvFcNS46xErkKmpHLzg',
      long: {
        ...flagged('version', 'help', 'background', 'debug', 'quiet', 'verbose', 'no-verbose', 'force-html', 'continue', 'timestamping', 'server-response',
          'spider', 'inet4-only', 'inet6-only', 'force-directories', 'no-directories', 'adjust-extension', 'recursive', 'convert-links', 'backup-converted',
          'mirror', 'page-requisites', 'span-hosts', 'relative', 'no-parent', 'no-clobber', 'no-check-certificate', 'ask-password', 'content-disposition',
          'trust-server-names', 'delete-after', 'no-cookies', 'keep-session-cookies', 'ignore-length', 'auth-no-challenge', 'no-host-directories',
          'protocol-directories', 'no-proxy', 'show-progress', 'no-config', 'https-only', 'xattr', 'unlink', 'no-cache', 'no-dns-cache'),
        ...valued('report-speed', 'config', 'rejected-log', 'retry-on-http-error', 'start-pos', 'progress', 'dns-timeout', 'connect-timeout',
          'read-timeout', 'waitretry', 'bind-address', 'limit-rate', 'restrict-file-names', 'prefer-family', 'user', 'password', 'use-askpass',
          'local-encoding', 'remote-encoding', 'cut-dirs', 'http-user', 'http-password', 'default-page', 'header', 'compression', 'proxy-user',
          'proxy-password', 'referer', 'load-cookies', 'save-cookies', 'post-data', 'post-file', 'method', 'body-data', 'body-file', 'secure-protocol',
          'certificate', 'certificate-type', 'private-key', 'private-key-type', 'ca-certificate', 'ca-directory', 'crl-file', 'pinnedpubkey', 'ciphers',
          'ftp-user', 'ftp-password', 'warc-file', 'warc-header', 'warc-max-size', 'warc-dedup', 'warc-tempdir', 'backups', 'accept-regex',
          'reject-regex', 'regex-type', 'exclude-domains', 'follow-tags', 'ignore-tags', 'hsts-file', 'retry-on-host-error', 'ftps-fallback-to-ftp'),
        execute: ['value', 'e'], 'output-file': ['value', 'o'], 'append-output': ['value', 'a'], 'input-file': ['value', 'i'], base: ['value', 'B'],
        tries: ['value', 't'], 'output-document': ['value', 'O'], timeout: ['value', 'T'], wait: ['value', 'w'], quota: ['value', 'Q'],
        'directory-prefix': ['value', 'P'], 'user-agent': ['value', 'U'], level: ['value', 'l'], accept: ['value', 'A'], reject: ['value', 'R'],
        domains: ['value', 'D'], 'include-directories': ['value', 'I'], 'exclude-directories': ['value', 'X'],
      },
    },
    options: [
      { role: 'executor', options: ['-e', '--execute'], example: 'use_askpass=/tmp/run', note: '-e runs a wgetrc command, which can name a program to run, files to write or a configuration to read' },
      { role: 'executor', options: ['--use-askpass'], payload: 'program', example: '/tmp/run', note: '--use-askpass runs a program to get the password' },
      { role: 'loader', options: ['--config'], example: 'wgetrc', note: '--config reads wgetrc commands from a file' },
      { role: 'writer', options: ['-O', '--output-document'], when: orNull((v) => v !== '-' && v !== '/dev/null'), example: 'page.html', note: '-O writes the download to the named file' },
      { role: 'writer', options: ['-o', '--output-file', '-a', '--append-output', '--rejected-log'], example: 'wget.log', note: '-o/-a write wget\'s log to a file' },
      { role: 'writer', options: ['-P', '--directory-prefix'], example: '/tmp/dl', note: '-P saves the downloads under another folder' },
      { role: 'writer', options: ['--save-cookies', '--warc-file', '--hsts-file'], example: 'cookies.txt', note: '--save-cookies/--warc-file write cookies or an archive of the transfer to a file' },
      { role: 'network', options: ['--post-file', '--body-file'], example: 'secrets.txt', note: '--post-file sends a local file to the host' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'https://example.com/file.tgz', note: 'wget downloads the URL it is given' }],
    plain: ['--version', '-V', '--help'],
  },
  {
    names: ['aria2c'],
    category: 'network',
    what: 'a download utility for HTTP, FTP, BitTorrent and Metalink',
    grammar: {
      short: 'doilxsktmTMPUujCp',
      flags: 'hvcqDRSVZ',
      long: {
        ...flagged('help', 'version', 'continue', 'quiet', 'daemon', 'show-files', 'check-integrity', 'force-sequential', 'remote-time', 'parameterized-uri', 'dry-run'),
        ...valued('on-download-start', 'on-download-pause', 'on-download-stop', 'on-download-complete', 'on-download-error', 'on-bt-download-complete',
          'conf-path', 'save-session', 'save-cookies', 'load-cookies', 'all-proxy', 'http-proxy', 'https-proxy', 'ftp-proxy', 'rpc-listen-port',
          'rpc-secret', 'rpc-user', 'rpc-passwd', 'listen-port', 'dht-listen-port', 'header', 'referer', 'http-user', 'http-passwd', 'ftp-user', 'ftp-passwd',
          'max-overall-download-limit', 'max-download-limit', 'seed-time', 'seed-ratio', 'checksum', 'gid', 'log-level', 'console-log-level', 'file-allocation',
          'min-split-size', 'dht-file-path', 'dht-file-path6', 'input-file', 'stop', 'summary-interval'),
        ...{ 'enable-rpc': 'optional', 'rpc-listen-all': 'optional', 'allow-overwrite': 'optional', 'enable-dht': 'optional', 'rpc-allow-origin-all': 'optional' },
        dir: ['value', 'd'], out: ['value', 'o'], log: ['value', 'l'], 'max-connection-per-server': ['value', 'x'], split: ['value', 's'],
        'max-concurrent-downloads': ['value', 'j'], timeout: ['value', 't'], 'max-tries': ['value', 'm'], 'torrent-file': ['value', 'T'],
        'metalink-file': ['value', 'M'], 'user-agent': ['value', 'U'], 'max-upload-limit': ['value', 'u'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['--on-download-start', '--on-download-pause', '--on-download-stop', '--on-download-complete', '--on-download-error', '--on-bt-download-complete'],
        payload: 'program',
        example: '/tmp/hook',
        note: '--on-download-* runs a program when a download starts, stops, completes or fails',
      },
      { role: 'loader', options: ['--conf-path'], example: 'aria2.conf', note: '--conf-path reads options (hooks included) from a file' },
      { role: 'writer', options: ['-o', '--out'], target: 'file', example: 'file.iso', note: '-o names the file the download is written to (inside the -d folder)' },
      { role: 'writer', options: ['-d', '--dir'], example: '/tmp/downloads', note: '-d chooses the folder the downloads are written to' },
      { role: 'writer', options: ['-l', '--log'], when: orNull((v) => v !== '-'), example: 'aria2.log', note: '-l writes a log file' },
      { role: 'writer', options: ['--save-session', '--save-cookies'], example: 'session.txt', note: '--save-session/--save-cookies write a file' },
      { role: 'listener', options: ['--enable-rpc', '--rpc-listen-all'], when: orNull((v) => v !== 'false'), example: 'true', note: '--enable-rpc starts a control server that accepts commands over the network' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'https://example.com/file.iso', note: 'aria2c downloads the URIs it is given' }],
    plain: ['--version', '-h', '-v'],
    // `-d DIR -o NAME` writes DIR/NAME (`-d /dev -o sdb` writes a disk).
    workingFolder: ['-d', '--dir'],
  },
  {
    // Copying a `file://` URL to the target (GTFOBins file-write) is the same everyday job as a download.
    names: ['lwp-download'],
    category: 'network',
    what: 'a Perl LWP downloader that saves one URL to a file',
    grammar: { flags: 'as' },
    operands: [
      { role: 'network', operand: 0, everyday: true, example: 'https://example.com/file', note: 'lwp-download fetches the URL it is given' },
      { role: 'writer', operand: 1, everyday: true, example: 'file.out', note: 'lwp-download writes the download to the named file' },
    ],
    plain: [''],
  },
  {
    names: ['lwp-request'],
    category: 'network',
    what: 'a Perl LWP client that sends one request and prints the answer',
    grammar: { short: 'mbticCpHo', flags: 'fPuUsSeEdvhx' },
    options: [{ role: 'network', options: ['-p'], everyday: true, example: 'http://proxy:3128', note: '-p sends the request through a proxy' }],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'https://example.com', note: 'lwp-request contacts the URL it is given' }],
    plain: ['-v', '-h'],
  },
  {
    // gettext's helper (often only in /usr/lib/gettext): `urlget URL FILE` prints the URL's contents, or FILE's when the URL fails.
    names: ['urlget'],
    category: 'network',
    what: 'gettext\'s helper that prints a URL, falling back to a local file',
    grammar: { flags: 'q', long: flagged('quiet', 'help', 'version') },
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'https://example.com/po/de.po', note: 'urlget fetches the URL it is given' }],
    plain: ['--version', '--help'],
  },
];

// ---------------------------------------------------------------------------------------------
// Remote shells, file transfer
// ---------------------------------------------------------------------------------------------

const RSYNC_DELETES = [
  '--delete', '--del', '--delete-before', '--delete-during', '--delete-delay', '--delete-after', '--delete-excluded', '--delete-missing-args',
];

const MOSH_GRAMMAR: Grammar = {
  short: 'p',
  flags: 'an46',
  long: {
    ...valued('client', 'server', 'ssh', 'predict', 'family', 'bind-server', 'experimental-remote-ip'),
    ...flagged('local', 'no-init', 'no-ssh-pty', 'help', 'version', 'predict-overwrite'),
    port: ['value', 'p'],
  },
};

const MOSH_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: ['--ssh'], payload: 'shell-text', example: 'ssh -p 2222', note: '--ssh runs this command instead of ssh' },
  { role: 'executor', options: ['--client'], payload: 'program', example: '/tmp/client', note: '--client runs the named program as the local mosh client' },
  { role: 'executor', options: ['--server'], payload: 'shell-text', example: 'sudo mosh-server', note: '--server is the command the host runs to start the mosh server' },
];

const REMOTES: readonly ProgramRow[] = [
  {
    names: ['ssh'],
    category: 'network',
    what: 'the OpenSSH remote login client',
    grammar: SSH_GRAMMAR,
    options: SSH_ROLES,
    read: sshRead,
    wrapper: { peel: false, elsewhere: true, skip: 1, noCommand: ['-V', '-G', '-Q'], note: 'ssh HOST CMD runs CMD on the remote host' },
    stdinCodeForm: { withoutCommand: { unless: ['-N', '-W', '-O', '-V', '-G', '-Q', '-s'] } },
    plain: ['-V', '', '-Q cipher'],
  },
  {
    names: ['scp'],
    category: 'network',
    what: 'the OpenSSH file copy client',
    grammar: { short: 'cDFiJlPoSX', flags: '346ABCOpqRrsTv', stopAtOperand: true },
    options: [
      ...sshOptionRoles('scp'),
      { role: 'loader', options: ['-F'], example: 'other_config', note: '-F reads another ssh configuration, whose settings can run commands' },
      { role: 'executor', options: ['-S'], payload: 'program', example: '/tmp/fake-ssh', note: '-S runs the named program instead of ssh' },
      { role: 'executor', options: ['-D'], payload: 'program', example: '/usr/lib/sftp-server', note: '-D runs a local sftp server program instead of connecting through ssh' },
    ],
    operands: [
      { role: 'network', operand: 'every', when: remoteOperand, everyday: true, example: 'host:file.txt', note: 'scp copies from or to the host named in HOST:PATH' },
      { role: 'writer', operand: 'last', when: localOperand, everyday: true, target: 'tree', example: 'copy.txt', note: 'scp writes the local target (the copy, or the folder it copies into)' },
    ],
    // To a host, each local source is sent (the hardline floor's exfiltration arm reads what is sent).
    read: uploadsToRemote((t) => REMOTE_SPEC.test(t), 'scp sends this local file to the host'),
    plain: [''],
  },
  {
    names: ['sftp'],
    category: 'network',
    what: 'the OpenSSH interactive file transfer client',
    stdinCode: true,
    grammar: { short: 'bBcDFiJloPRsS', flags: '46AaCfNpqrv', stopAtOperand: true },
    options: [
      ...sshOptionRoles('sftp'),
      { role: 'loader', options: ['-F'], example: 'other_config', note: '-F reads another ssh configuration, whose settings can run commands' },
      { role: 'executor', options: ['-S'], payload: 'program', example: '/tmp/fake-ssh', note: '-S runs the named program instead of ssh' },
      { role: 'executor', options: ['-D'], payload: 'program', example: '/usr/lib/sftp-server', note: '-D runs a local sftp server program instead of connecting through ssh' },
      { role: 'loader', options: ['-b'], example: 'batch.txt', note: '-b reads sftp commands from a file; its !command lines run here' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'user@host', note: 'sftp connects to the host it is given' }],
    plain: [''],
  },
  {
    names: ['rsync'],
    category: 'network',
    what: 'a fast file copying tool, local or through a remote shell or daemon',
    grammar: {
      short: 'eBfMT@',
      flags: 'vqcarRbuLlkKHpEAXogDtUNOJSnWxCFhzPi0468ysm',
      abbreviations: false,
      long: {
        ...valued('rsync-path', 'info', 'debug', 'stderr', 'backup-dir', 'suffix', 'chmod', 'usermap', 'groupmap', 'chown', 'timeout', 'contimeout',
          'compare-dest', 'copy-dest', 'link-dest', 'compress-choice', 'zc', 'compress-level', 'zl', 'skip-compress', 'checksum-choice', 'cc',
          'max-delete', 'max-size', 'min-size', 'max-alloc', 'partial-dir', 'exclude', 'exclude-from', 'include', 'include-from', 'files-from',
          'address', 'port', 'sockopts', 'out-format', 'log-file', 'log-file-format', 'log-format', 'password-file', 'bwlimit', 'stop-after', 'stop-at',
          'write-batch', 'only-write-batch', 'read-batch', 'protocol', 'iconv', 'checksum-seed', 'outbuf', 'early-input', 'config', 'dparam', 'copy-as'),
        ...flagged('daemon', 'no-detach', 'delete', 'del', 'delete-before', 'delete-during', 'delete-delay', 'delete-after', 'delete-excluded',
          'delete-missing-args', 'remove-source-files', 'force', 'archive', 'verbose', 'quiet', 'recursive', 'dry-run', 'progress', 'partial',
          'compress', 'checksum', 'update', 'links', 'times', 'perms', 'owner', 'group', 'devices', 'specials', 'human-readable', 'stats', 'help', 'version',
          'list-only', 'ignore-existing', 'existing', 'inplace', 'append', 'append-verify', 'mkpath', 'sparse', 'whole-file', 'one-file-system', 'relative',
          'itemize-changes', 'hard-links', 'acls', 'xattrs', 'numeric-ids', 'size-only', 'ignore-times', 'prune-empty-dirs', 'cvs-exclude', 'backup'),
        rsh: ['value', 'e'], 'block-size': ['value', 'B'], filter: ['value', 'f'], 'remote-option': ['value', 'M'], 'temp-dir': ['value', 'T'],
        'modify-window': ['value', '@'],
      },
    },
    options: [
      { role: 'executor', options: ['-e', '--rsh'], payload: 'shell-text', example: 'ssh -p 2222', note: '-e runs the named remote shell program (with its arguments) here' },
      { role: 'executor', options: ['--rsync-path'], payload: 'shell-text', example: 'sudo rsync', note: '--rsync-path is the command the remote side runs instead of rsync' },
      { role: 'writer', options: ['--write-batch', '--only-write-batch', '--log-file'], example: 'batch.bin', note: '--write-batch/--log-file write a batch or log file' },
      { role: 'listener', options: ['--daemon'], note: '--daemon runs rsync as a server that others connect to' },
      { role: 'loader', options: ['--config'], example: 'rsyncd.conf', note: '--config reads a daemon configuration, which can name commands to run' },
      { role: 'destructive', options: RSYNC_DELETES, note: '--delete removes target files the source lacks' },
      { role: 'destructive', options: ['--remove-source-files'], removesOperands: 'all-but-last', note: '--remove-source-files removes the sent sources' },
    ],
    operands: [
      { role: 'network', operand: 'every', when: orNull((t) => REMOTE_SPEC.test(t)), everyday: true, example: 'host:backup/', note: 'rsync copies from or to the host named in HOST:PATH or rsync://' },
      { role: 'writer', operand: 'last', when: localOperand, everyday: true, example: 'backup/', note: 'rsync writes into the local target' },
    ],
    plain: ['--version', '--help'],
  },
  {
    names: ['ssh-keygen'],
    category: 'network',
    what: 'the OpenSSH key generation and management tool',
    grammar: { short: 'CDEFIMNOPRVYZabfjmnrstwz', flags: 'ABHKLQUXceghiklopquvy', stopAtOperand: true },
    options: [
      { role: 'loader', options: ['-D'], example: '/tmp/lib.so', note: '-D loads a PKCS#11 library' },
      { role: 'loader', options: ['-w'], when: orNull((v) => v !== 'internal'), example: '/tmp/provider.so', note: '-w loads a security key provider library' },
      { role: 'writer', options: ['-R'], example: 'example.com', note: '-R removes a host\'s keys from known_hosts' },
    ],
    // Generating a key (or changing its passphrase or comment) writes the `-f` file and FILE.pub;
    // without -f, `~/.ssh/id_<type>`. The listing and printing modes only read it.
    read: (_args, reading) => {
      if (hasOption(reading, 'l', 'y', 'F', 'B', 'L', 'Q', 'D', 'e', 'i', 'k', 'r', 'Y', 's', 'I', 'n', 'V', 'z', 'A', 'R', 'H', 'M', 'G', 'T', 'O')) return [];
      const given = optionValues(reading, 'f');
      const type = textOf(optionValues(reading, 't')[0] ?? null) ?? 'ed25519';
      const file = given[0] ?? literalWord(`~/.ssh/id_${type}`);
      const text = textOf(file);
      const files = text === null ? [file] : [file, literalWord(`${text}.pub`)];
      return files.map((value): Form => ({ role: 'writer', program: 'ssh-keygen', trigger: '-f', index: -1, value, target: 'file', everyday: true, note: 'writes the key pair\'s files' }));
    },
    plain: ['-l -f key.pub', '-t ed25519 -C me@example.com -f id_test', '-y -f id_ed25519', '-F example.com'],
  },
  {
    names: ['ssh-keyscan'],
    category: 'network',
    what: 'collects the public host keys of SSH servers',
    grammar: { short: 'fpTt', flags: '46cDHv', stopAtOperand: true },
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'example.com', note: 'ssh-keyscan connects to the hosts it is given' }],
    plain: ['', '-t ed25519 -f hosts.txt'],
  },
  {
    names: ['ssh-agent'],
    category: 'network',
    what: 'the OpenSSH authentication agent',
    grammar: { short: 'aEOPt', flags: 'csDdk', stopAtOperand: true },
    options: [{ role: 'loader', options: ['-P'], example: '/tmp/*', note: '-P widens which PKCS#11 libraries the agent may be asked to load' }],
    wrapper: { peel: false, note: 'ssh-agent COMMAND runs the command with the agent\'s keys available to it' },
    plain: ['-s', '-c'],
  },
  {
    // ssh-add hands the agent the keys it names (or ~/.ssh/id_*): the agent keeps them, no file is written.
    names: ['ssh-add'],
    category: 'network',
    what: 'adds private keys to, or lists and removes them from, the OpenSSH agent',
    grammar: { short: 'EHhSst', flags: 'cCDdKkLlqTvXx', stopAtOperand: true },
    options: [
      { role: 'loader', options: ['-S'], example: '/tmp/provider.so', note: '-S loads a security key provider library' },
      { role: 'loader', options: ['-s'], example: '/tmp/pkcs11.so', note: '-s loads a PKCS#11 library into the agent' },
    ],
    plain: ['', '-l', '-L', '~/.ssh/id_ed25519', '-t 3600 ~/.ssh/id_rsa', '-D'],
  },
  {
    names: ['ssh-copy-id'],
    category: 'network',
    what: 'installs a public key in a remote host\'s authorized_keys',
    grammar: { short: 'ipFot', flags: 'fnsxh', stopAtOperand: true },
    options: [
      ...sshOptionRoles('ssh-copy-id'),
      { role: 'loader', options: ['-F'], example: 'other_config', note: '-F reads another ssh configuration, whose settings can run commands' },
      { role: 'writer', options: ['-t'], example: '/root/.ssh/authorized_keys', note: '-t writes the key to another path on the host' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'user@host', note: 'ssh-copy-id logs in to the host to install the key' }],
    plain: ['-h'],
  },
  {
    names: ['sshfs'],
    category: 'network',
    what: 'mounts a remote folder over SFTP (FUSE)',
    grammar: { short: 'opF', flags: 'C1dfshV' },
    options: [
      {
        role: 'executor',
        options: ['-o'],
        when: orNull((v) => /(^|,)\s*(ssh_command|sftp_server|proxycommand|localcommand|knownhostscommand|remotecommand)\s*=/i.test(v)),
        payload: 'shell-text',
        payloadText: (v) => /(?:^|,)\s*(?:ssh_command|proxycommand|localcommand|knownhostscommand)\s*=([^,]*)/i.exec(v)?.[1] ?? null,
        example: 'ssh_command=/tmp/run',
        note: '-o ssh_command/ProxyCommand runs a command on this machine instead of (or before) ssh',
      },
      { role: 'loader', options: ['-o'], when: orNull((v) => /(^|,)\s*(include|pkcs11provider|securitykeyprovider)\s*=/i.test(v)), example: 'PKCS11Provider=/tmp/lib.so', note: '-o PKCS11Provider/Include loads a library or another configuration' },
      { role: 'loader', options: ['-F'], example: 'other_config', note: '-F reads another ssh configuration, whose settings can run commands' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'user@host:dir', note: 'sshfs connects to the host in HOST:PATH' }],
    plain: ['-V', '-h'],
  },
  {
    names: ['sshuttle'],
    category: 'network',
    what: 'a VPN over ssh that forwards subnets through the remote host',
    grammar: {
      short: 'rlexXs',
      flags: 'vDHNVh',
      long: {
        ...valued('python', 'to-ns', 'ns-hosts', 'method', 'seed-hosts', 'pidfile', 'user', 'group', 'tmark', 'latency-buffer-size', 'remote-shell', 'sudoers-user', 'sudoers-filename'),
        ...flagged('dns', 'syslog', 'no-latency-control', 'disable-ipv6', 'firewall', 'hostwatch', 'sudoers', 'sudoers-no-modify', 'no-sudo-pythonpath'),
        remote: ['value', 'r'], listen: ['value', 'l'], 'ssh-cmd': ['value', 'e'], exclude: ['value', 'x'], 'exclude-from': ['value', 'X'], subnets: ['value', 's'],
        verbose: ['flag', 'v'], daemon: ['flag', 'D'], 'auto-hosts': ['flag', 'H'], 'auto-nets': ['flag', 'N'], version: ['flag', 'V'], help: ['flag', 'h'],
      },
    },
    options: [
      { role: 'executor', options: ['-e', '--ssh-cmd'], payload: 'shell-text', example: 'ssh -i key', note: '-e runs this command instead of ssh' },
      { role: 'listener', options: ['-l', '--listen'], when: orNull(opensBind), example: '0.0.0.0:0', note: '-l with an address other than loopback opens the proxy port to other machines' },
      { role: 'destructive', options: ['--sudoers'], note: '--sudoers writes a sudoers rule that lets sshuttle change the firewall without a password' },
      { role: 'network', options: ['-r', '--remote'], everyday: true, example: 'user@host', note: '-r names the host the traffic goes through' },
    ],
    plain: ['--version', '-h'],
  },
  {
    names: ['mosh'],
    category: 'network',
    what: 'the mobile shell, a roaming remote terminal',
    grammar: MOSH_GRAMMAR,
    options: MOSH_ROLES,
    // Getopt::Long permutes: options after the host are mosh's too, up to `--`.
    read: (args, reading) => {
      const host = reading.operandIndexes[0];
      if (host === undefined) return [];
      const again = readArgs(args.slice(host + 1), MOSH_GRAMMAR);
      return [
        { role: 'network', program: 'mosh', trigger: wordText(args[host]), index: host, value: args[host] ?? null, everyday: true, note: 'mosh connects to the host it is given' },
        ...optionForms('mosh', MOSH_ROLES, again.options, host + 1),
      ];
    },
    wrapper: { peel: false, elsewhere: true, skip: 1, noCommand: ['--help', '--version'], note: 'mosh HOST CMD runs CMD on the remote host' },
    plain: ['--version', '--help'],
  },
  {
    // Always a server: it opens a UDP port for the client and runs a login shell (or the command after --).
    names: ['mosh-server'],
    category: 'network',
    what: 'the server side of mosh',
    grammar: { short: 'ipcl', flags: 'sv' },
    role: { role: 'listener', note: 'mosh-server opens a UDP port that a client connects to' },
    subcommands: {
      new: { grammar: { short: 'ipcl', flags: 'sv' }, wrapper: { peel: false, afterDashDash: true, note: 'mosh-server new -- CMD runs CMD in the session it serves' } },
    },
  },
  {
    // Whatever -l sends to the host (GTFOBins upload) goes to the host rlogin is asked to contact.
    names: ['rlogin'],
    category: 'network',
    what: 'the BSD remote login client',
    grammar: { short: 'el', flags: '8EKLdx' },
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'host', note: 'rlogin connects to the host it is given' }],
    plain: [''],
  },
  {
    // Bare telnet reads its own commands from standard input (command mode has a shell escape).
    names: ['telnet'],
    category: 'network',
    what: 'the TELNET protocol client',
    stdinCode: true,
    grammar: { short: 'belnXk', flags: '468EFKLacdfrx' },
    options: [{ role: 'writer', options: ['-n'], example: 'trace.txt', note: '-n writes a trace of the session to a file' }],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'example.com', note: 'telnet connects to the host it is given' }],
    plain: [''],
  },
  {
    names: ['ftp', 'tnftp'],
    category: 'network',
    what: 'the interactive FTP client',
    stdinCode: true,
    grammar: { short: 'oPrsTuqx', flags: '46AadefgimnpRtVv' },
    options: [
      { role: 'writer', options: ['-o'], when: orNull((v) => v !== '-'), example: 'file.out', note: '-o writes the auto-fetched file to the named path' },
      { role: 'network', options: ['-u'], example: 'ftp://host/dir/', note: '-u uploads the files named as operands to the URL' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'ftp.example.com', note: 'ftp connects to the host or URL it is given' }],
    plain: [''],
  },
  {
    // get/put read from standard input move files to and from the named host: tftp's own job.
    names: ['tftp'],
    category: 'network',
    what: 'the Trivial FTP client',
    grammar: { short: 'mR', flags: '46vVlc' },
    options: [{ role: 'writer', options: ['-c'], note: '-c runs a get or put at once: get writes a local file, put sends one' }],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'tftp.example.com', note: 'tftp talks to the host it is given' }],
    plain: ['-V'],
  },
  {
    names: ['lftp'],
    category: 'network',
    what: 'a scriptable file transfer client (FTP, HTTP, SFTP…)',
    stdinCode: true,
    grammar: { short: 'cefpu', flags: 'dv', long: { ...valued('rcfile'), ...flagged('norc', 'help', 'version') } },
    options: [
      {
        role: 'executor',
        options: ['-c', '-e'],
        when: orNull((v) => /(^|[;&|]|\n)\s*!/.test(v)),
        payload: 'shell-text',
        payloadText: (v) => /(?:^|[;&|]|\n)\s*!([^\n]*)/.exec(v)?.[1] ?? null,
        example: '!id',
        note: '-c runs lftp commands; a !command among them runs in the shell here',
      },
      { role: 'executor', options: ['-c', '-e'], when: (v) => v !== null && !/(^|[;&|]|\n)\s*!/.test(v), example: 'open host; put file', note: '-c runs lftp commands: transfers both ways and deletes on the server' },
      { role: 'network', options: ['-c', '-e'], when: (v) => v === null || UPLOAD_COMMANDS.test(v), sends: true, example: 'put ~/f', note: 'put, mput and mirror -R among the commands upload files of this machine' },
      { role: 'loader', options: ['-f', '--rcfile'], example: 'script.lftp', note: '-f runs lftp commands from a file' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'sftp://host', note: 'lftp connects to the site it is given' }],
    plain: ['--version', '--help'],
  },
  {
    // Not verified against a manual page: the option letters follow ncftp 3's usage text.
    names: ['ncftp'],
    category: 'network',
    what: 'the NcFTP interactive FTP client',
    stdinCode: true,
    grammar: { short: 'upPjfo', flags: 'FLvV' },
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'ftp.example.com', note: 'ncftp connects to the host it is given' }],
    plain: [''],
  },
  {
    names: ['psftp'],
    category: 'network',
    what: 'PuTTY\'s interactive SFTP client',
    stdinCode: true,
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('l', 'P', 'pw', 'i', 'b', 'load', 'proxycmd', 'hostkey', 'sshlog', 'sshrawlog', 'pwfile', 'cert', 'logoverwrite'),
        ...flagged('v', 'V', 'C', '4', '6', '1', '2', 'A', 'a', 'bc', 'be', 'batch', 'noagent', 'agent', 'pgpfp', 'h', 'help', 'version'),
      },
    },
    options: [
      { role: 'loader', options: ['-b'], example: 'batch.txt', note: '-b reads psftp commands from a file; its !command lines run here' },
      { role: 'loader', options: ['-load'], example: 'session', note: '-load reads a saved PuTTY session, which can hold a local proxy command' },
      { role: 'executor', options: ['-proxycmd'], payload: 'shell-text', example: 'nc proxy 22', note: '-proxycmd runs a command here to reach the host' },
      { role: 'writer', options: ['-sshlog', '-sshrawlog'], example: 'ssh.log', note: '-sshlog writes a log of the session to a file' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'user@host', note: 'psftp connects to the host it is given' }],
    plain: ['-V', '-h'],
  },
];

// ---------------------------------------------------------------------------------------------
// Sockets: netcat, socat, openssl
// ---------------------------------------------------------------------------------------------

/** socat address types, matched on the start of an address operand (case does not matter). */
const SOCAT_EXEC = /^exec:/i;
const SOCAT_SYSTEM = /^system:/i;
const SOCAT_LISTEN =
  /^(?:(?:tcp|udp|sctp|dccp|udplite)[46]?-(?:listen|l|recv|recvfrom)|openssl-listen|ssl-l|openssl-dtls-server|vsock-(?:listen|l)|ip[46]?-recv(?:from)?|socket-(?:listen|recv|recvfrom))(?:[:,]|$)/i;
const SOCAT_CONNECT =
  /^(?:(?:tcp|udp|sctp|dccp|udplite)[46]?(?:-connect|-sendto|-datagram)?|openssl(?:-connect|-dtls-client)?|ssl|socks[45]a?|socks|proxy(?:-connect)?|ip[46]?-(?:sendto|datagram)|vsock(?:-connect)?|socket-(?:connect|sendto|datagram)):/i;
const SOCAT_WRITE = /^(?:(?:open|create|creat|gopen|file|pipe|named):|[./~])/i;

/**
 * The file a socat address truncates, or null: `create:FILE` (socat's creat() empties it) and an
 * `open:`/`gopen:`/`file:` address given the `trunc` option (`OPEN:/etc/fstab,trunc`). The row
 * gives it as an {@link Form.empties} writer form, read by the floor as a truncation.
 */
function socatTruncated(address: string): string | null {
  const match = /^(create|creat|open|gopen|file):([^,]+)((?:,.*)?)$/i.exec(address);
  if (match === null) return null;
  const options = match[3]!.split(',').map((option) => option.trim().toLowerCase());
  return /^creat/i.test(match[1]!) || options.includes('trunc') || options.includes('o-trunc') ? match[2]! : null;
}

/** The command of an `exec:`/`system:` address: up to the first `,` (address options follow). */
function socatCommand(address: string): string | null {
  const colon = address.indexOf(':');
  return colon === -1 ? null : address.slice(colon + 1).split(',')[0] ?? null;
}

const OPENSSL_VALUED = valued(
  'in', 'out', 'inform', 'outform', 'passin', 'passout', 'pass', 'key', 'keyform', 'cert', 'certform', 'CAfile', 'CApath', 'CAstore', 'CA', 'CAkey',
  'CAkeyform', 'CAserial', 'config', 'engine', 'provider', 'provider-path', 'propquery', 'days', 'subj', 'newkey', 'keyout', 'pkeyopt', 'sigopt',
  'set_serial', 'extensions', 'extfile', 'name', 'section', 'md', 'cipher', 'ciphers', 'ciphersuites', 'connect', 'accept', 'port', 'host',
  'servername', 'proxy', 'proxy_user', 'proxy_pass', 'sess_out', 'sess_in', 'rand', 'writerand', 'K', 'iv', 'S', 'kfile', 'iter', 'bufsize',
  'keylogfile', 'msgfile', 'alpn', 'starttls', 'CRL', 'CRLfile', 'chainCAfile', 'verifyCAfile', 'cert_chain', 'dcert', 'dkey', 'naccept',
  'serverinfo', 'dhparam', 'signkey', 'addext', 'copy_extensions', 'nameopt', 'certopt', 'reqopt', 'ext', 'checkend', 'checkhost', 'checkemail',
  'checkip', 'setalias', 'outdir', 'sign', 'verify', 'signature', 'prverify', 'mac', 'macopt', 'kdf', 'kdfopt', 'keylen',
  'digest', 'algorithm', 'pkeyopt', 'inkey', 'peerkey', 'sigfile', 'secret', 'trusted', 'untrusted', 'verify_hostname',
  'verify_email', 'verify_ip', 'auth_level', 'attime', 'num', 'curves', 'groups', 'sigalgs', 'client_sigalgs', 'named_curve', 'psk', 'psk_identity',
  'psk_hint', 'srpuser', 'srppass', 'xkey', 'xcert', 'xchain', 'max_send_frag', 'split_send_frag', 'max_pipelines', 'read_buf',
  'keymatexport', 'keymatexportlen', 'early_data', 'status_url', 'status_file', 'recipient', 'from', 'to',
  'inkey', 'rctform', 'contenttype', 'econtent_type', 'keyid', 'pwri_password', 'receipt_request_from', 'receipt_request_to', 'certfile', 'caname',
  'macalg', 'keypbe', 'certpbe', 'LMK', 'CSP', 'saltlen', 'pkeyopt', 'policy',
);

const OPENSSL_WRITES = (v: string): boolean => v !== '-' && v !== '/dev/stdout' && v !== '/dev/null';

const OPENSSL_BUILTIN_PROVIDERS = ['default', 'base', 'legacy', 'fips', 'null'];

const SOCKETS: readonly ProgramRow[] = [
  {
    // The traditional, OpenBSD and BusyBox netcats share a row: their value-taking letters are read together.
    names: ['nc', 'netcat', 'nc.traditional', 'nc.openbsd'],
    category: 'network',
    what: 'netcat, reads and writes data across TCP and UDP connections',
    grammar: { short: 'ceoGgiIMmOPpqsTVwXxK', flags: '46bCDdFhklNnrStUuvzZ' },
    options: [
      { role: 'executor', options: ['-e'], payload: 'program', example: '/bin/sh', note: '-e runs a program with its input and output on the connection' },
      { role: 'executor', options: ['-c'], payload: 'shell-text', example: 'sh -i', note: '-c runs shell commands with their input and output on the connection' },
      { role: 'listener', options: ['-l'], note: '-l listens for incoming connections' },
      { role: 'writer', options: ['-o'], example: 'dump.hex', note: '-o writes a hex dump of the traffic to a file' },
      { role: 'network', options: ['-x'], everyday: true, example: 'proxy:1080', note: '-x connects through a proxy' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'example.com', note: 'nc connects to the host it is given' }],
    plain: ['-h'],
  },
  {
    names: ['ncat'],
    category: 'network',
    what: 'Nmap\'s netcat',
    grammar: {
      short: 'ecgGimpsdowx',
      flags: '46UCnulkvhzt',
      long: {
        ...valued('lua-exec', 'proxy', 'proxy-type', 'proxy-auth', 'proxy-dns', 'allow', 'allowfile', 'deny', 'denyfile', 'ssl-cert', 'ssl-key',
          'ssl-trustfile', 'ssl-ciphers', 'ssl-servername', 'ssl-alpn', 'ssl-crl'),
        ...flagged('listen', 'broker', 'chat', 'keep-open', 'udp', 'sctp', 'crlf', 'nodns', 'telnet', 'ssl', 'ssl-verify', 'version', 'help', 'verbose',
          'zero', 'unixsock', 'vsock', 'no-shutdown', 'send-only', 'recv-only', 'append-output'),
        exec: ['value', 'e'], 'sh-exec': ['value', 'c'], source: ['value', 's'], 'source-port': ['value', 'p'], wait: ['value', 'w'],
        'idle-timeout': ['value', 'i'], delay: ['value', 'd'], output: ['value', 'o'], 'hex-dump': ['value', 'x'], 'max-conns': ['value', 'm'],
      },
    },
    options: [
      { role: 'executor', options: ['-e', '--exec'], payload: 'program', example: '/bin/sh', note: '-e runs a program with its input and output on the connection' },
      { role: 'executor', options: ['-c', '--sh-exec'], payload: 'shell-text', example: 'sh -i', note: '-c runs shell commands with their input and output on the connection' },
      { role: 'loader', options: ['--lua-exec'], example: 'script.lua', note: '--lua-exec runs a Lua script with its input and output on the connection' },
      { role: 'listener', options: ['-l', '--listen', '--broker', '--chat'], note: '-l listens for incoming connections' },
      { role: 'writer', options: ['-o', '--output', '-x', '--hex-dump'], example: 'session.log', note: '-o writes the traffic to a file' },
      { role: 'network', options: ['--proxy'], everyday: true, example: 'proxy:3128', note: '--proxy connects through a proxy' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'example.com', note: 'ncat connects to the host it is given' }],
    plain: ['--version', '-h'],
  },
  {
    names: ['socat'],
    category: 'network',
    what: 'relays data between two addresses (files, pipes, sockets, programs)',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: { ...valued('lf', 'r', 'R'), ...flagged('d', 'dd', 'ddd', 'dddd', 'D', 'v', 'x', 'u', 'U', 'g', '4', '6', 'h', 'hh', 'hhh', 'V', 's', 'ly', 'lm', 'lu', 'lh') },
    },
    options: [{ role: 'writer', options: ['-lf', '-r', '-R'], example: 'socat.log', note: '-lf/-r/-R write a log or a dump of the traffic to a file' }],
    operands: [
      // exec: is split into words by socat itself, not by a shell; read as shell text it is close enough.
      { role: 'executor', operand: 'every', when: orNull((t) => SOCAT_EXEC.test(t)), payload: 'shell-text', payloadText: socatCommand, example: 'exec:/bin/sh', note: 'an exec: address runs a program with its input and output on the other address' },
      { role: 'executor', operand: 'every', when: orNull((t) => SOCAT_SYSTEM.test(t)), payload: 'shell-text', payloadText: socatCommand, example: 'system:id', note: 'a system: address runs shell commands with their input and output on the other address' },
      { role: 'listener', operand: 'every', when: orNull((t) => SOCAT_LISTEN.test(t)), example: 'tcp-listen:8080', note: 'a *-listen: address waits for connections from other machines' },
      { role: 'writer', operand: 'every', when: orNull((t) => SOCAT_WRITE.test(t)), example: 'open:out.txt,creat', note: 'an open:/create:/file address writes to a file' },
      { role: 'network', operand: 'every', when: orNull((t) => SOCAT_CONNECT.test(t)), everyday: true, example: 'tcp:example.com:80', note: 'a tcp:/udp:/openssl: address connects to a host' },
    ],
    read(args, reading): Form[] {
      const forms: Form[] = [];
      for (const word of reading.operands) {
        if (word.kind !== 'literal') continue;
        const file = socatTruncated(word.value);
        if (file === null) continue;
        forms.push({ role: 'writer', program: 'socat', trigger: word.value, index: args.indexOf(word), value: literalWord(file), empties: true, note: 'the address truncates the file it opens' });
      }
      return forms;
    },
    plain: ['-V', '-h', '-u STDIN STDOUT'],
  },
  {
    names: ['socket'],
    category: 'network',
    what: 'a small tool that connects its input and output to a TCP socket',
    grammar: { short: 'pB', flags: 'bcfqrvwslC' },
    options: [
      { role: 'executor', options: ['-p'], payload: 'shell-text', example: '/bin/sh -i', note: '-p runs a shell command with its input and output on the socket' },
      { role: 'listener', options: ['-s'], note: '-s waits for incoming connections (a server)' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'example.com', note: 'socket connects to the host it is given' }],
    plain: [''],
  },
  {
    names: ['openssl'],
    category: 'network',
    what: 'the OpenSSL cryptography toolkit (keys, certificates, TLS clients and servers)',
    grammar: { singleDash: true, abbreviations: false, long: OPENSSL_VALUED },
    options: [
      {
        role: 'writer',
        options: ['-out', '--out', '-keyout', '--keyout', '-writerand', '--writerand', '-sess_out', '--sess_out', '-keylogfile', '--keylogfile', '-msgfile', '--msgfile', '-outdir', '--outdir'],
        when: orNull(OPENSSL_WRITES),
        example: 'out.pem',
        note: '-out/-keyout write the result (a key, a certificate, decrypted data) to a file',
      },
      { role: 'loader', options: ['-engine', '--engine'], example: './lib.so', note: '-engine loads an engine library into openssl' },
      { role: 'loader', options: ['-provider', '--provider', '-provider-path', '--provider-path'], when: orNull((v) => !OPENSSL_BUILTIN_PROVIDERS.includes(v)), example: './mod', note: '-provider loads a provider module (a library) into openssl' },
      { role: 'loader', options: ['-config', '--config'], example: 'openssl.cnf', note: '-config reads another configuration, which can load engines and providers' },
      { role: 'network', options: ['-connect', '--connect', '-proxy', '--proxy'], everyday: true, example: 'example.com:443', note: '-connect opens a TLS connection to the host' },
    ],
    operands: [
      { role: 'listener', operand: 0, when: orNull((t) => t === 's_server'), example: 's_server', note: 'openssl s_server runs a TLS server that accepts connections' },
      { role: 'network', operand: 'all-but-first', when: orNull((t) => /^[A-Za-z0-9.-]+:\d+$/.test(t)), everyday: true, example: 'example.com:443', note: 'openssl s_client connects to the HOST:PORT it is given' },
    ],
    plain: ['version', 'x509 -in cert.pem -noout -text', 'rand -hex 16', 'dgst -sha256 file.txt', 'req -in req.csr -noout -subject', 'version -a'],
  },
  {
    names: ['smbclient'],
    category: 'network',
    what: 'an FTP-like client for SMB/CIFS shares',
    stdinCode: true,
    grammar: {
      short: 'RMILmtpdslAUWniODcb',
      shortAttached: 'T',
      flags: 'gqBNkePVEC',
      abbreviations: false,
      long: {
        ...valued('option', 'use-kerberos'),
        ...flagged('grepable', 'quiet', 'browse', 'no-pass', 'encrypt', 'version', 'help', 'usage'),
        configfile: ['value', 's'], debuglevel: ['value', 'd'], 'log-basename': ['value', 'l'], user: ['value', 'U'], 'authentication-file': ['value', 'A'],
        workgroup: ['value', 'W'], netbiosname: ['value', 'n'], scope: ['value', 'i'], 'socket-options': ['value', 'O'], 'name-resolve': ['value', 'R'],
        message: ['value', 'M'], 'ip-address': ['value', 'I'], list: ['value', 'L'], 'max-protocol': ['value', 'm'], tar: ['value', 'T'],
        directory: ['value', 'D'], command: ['value', 'c'], 'send-buffer': ['value', 'b'], timeout: ['value', 't'], port: ['value', 'p'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['-c', '--command'],
        when: orNull((v) => /(^|;)\s*!/.test(v)),
        payload: 'shell-text',
        payloadText: (v) => /(?:^|;)\s*!([^;]*)/.exec(v)?.[1] ?? null,
        example: '!id',
        note: '-c runs smbclient commands; a !command among them runs in the shell here',
      },
      { role: 'network', options: ['-c', '--command'], when: (v) => v === null || UPLOAD_COMMANDS.test(v), sends: true, example: 'put ~/f', note: 'put and mput among the commands upload files of this machine to the share' },
      { role: 'writer', options: ['-c', '--command'], when: orNull((v) => /(^|;)\s*(m?get|tar|lcd)\b/.test(v)), example: 'get report.pdf', note: '-c get/tar writes files here' },
      { role: 'network', options: ['-c', '--command'], when: orNull((v) => /(^|;)\s*m?put\b/.test(v)), example: 'put secrets.txt', note: '-c put sends local files to the share' },
      { role: 'writer', options: ['-T', '--tar'], example: 'c', note: '-T makes or restores a tar backup of the share (a local tar file is written or sent)' },
      { role: 'loader', options: ['-s', '--configfile'], example: 'smb.conf', note: '-s reads another Samba configuration' },
      { role: 'writer', options: ['-l', '--log-basename'], example: '/tmp/smb', note: '-l writes log files under another name' },
      { role: 'network', options: ['-L', '--list', '-M', '--message'], everyday: true, example: 'fileserver', note: '-L/-M contact the named server' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: '//server/share', note: 'smbclient connects to the share it is given' }],
    plain: ['-V', '--version'],
  },
];

// ---------------------------------------------------------------------------------------------
// Version control other than git, and forge clients
// ---------------------------------------------------------------------------------------------

/** Mercurial settings that cannot run anything (display, defaults of commands). */
const HG_HARMLESS_KEY = /^(ui\.(username|verbose|quiet|color|paginate|interactive|debug|traceback|tweakdefaults|relative-paths|statuscopies)|color\.|diff\.(git|nodates|showfunc|unified|ignorews|ignorewsamount|ignoreblanklines|noprefix)|commands\.|phases\.|defaults\.)/i;

function hgKey(value: string): string {
  const eq = value.indexOf('=');
  return eq === -1 ? value : value.slice(0, eq);
}

/** The command an hg setting runs: `alias.x=!cmd` → cmd, `hooks.*=cmd`, `ui.editor=cmd`… */
function hgCommand(value: string): string | null {
  const eq = value.indexOf('=');
  if (eq === -1) return null;
  const key = value.slice(0, eq).toLowerCase();
  const body = value.slice(eq + 1);
  if (key.startsWith('alias.')) return body.startsWith('!') ? body.slice(1) : '';
  if (key.startsWith('hooks.')) return body.startsWith('python:') ? '' : body;
  // Any other setting: its value may name a program (ui.editor, ui.ssh, pager.pager, merge tools…).
  return body;
}

/** hg subcommands whose name alone says what they do (Mercurial accepts unambiguous prefixes). */
function hgCommandIs(...names: string[]) {
  return orNull((t) => names.some((name) => t === name || (t.length >= 3 && name.startsWith(t))));
}

const GH_DELETE = (what: string): Command => ({ role: { role: 'destructive', note: `deletes the ${what} on the forge` } });

/**
 * gh's commands that post a text to an issue or pull request (`pr create`, `issue comment`):
 * `-F/--body-file FILE` uploads that file (`-`: the input) as the text; the others are titles,
 * bodies, names and flags (gh 2.x manual).
 */
const GH_BODY: Command = {
  grammar: {
    short: 'FbtaBHlmprRTe',
    flags: 'dfsw',
    abbreviations: false,
    long: {
      'body-file': ['value', 'F'], body: ['value', 'b'], title: ['value', 't'], assignee: ['value', 'a'], base: ['value', 'B'], head: ['value', 'H'],
      label: ['value', 'l'], milestone: ['value', 'm'], project: ['value', 'p'], reviewer: ['value', 'r'], repo: ['value', 'R'], template: ['value', 'T'],
      ...valued('add-assignee', 'remove-assignee', 'add-label', 'remove-label', 'add-project', 'remove-project', 'add-reviewer', 'remove-reviewer', 'recover', 'match-head-commit', 'subject', 'author-email', 'type', 'json', 'jq', 'template'),
      ...flagged('draft', 'fill', 'fill-first', 'fill-verbose', 'no-maintainer-edit', 'dry-run', 'web', 'editor', 'edit-last', 'create-if-none', 'delete-last', 'yes', 'approve', 'request-changes', 'comment', 'merge', 'squash', 'rebase', 'auto', 'disable-auto', 'admin', 'delete-branch', 'remove-milestone', 'help'),
    },
  },
  options: [{ role: 'network', options: ['-F', '--body-file'], sends: true, everyday: true, example: 'notes.md', note: '--body-file uploads that file (`-`: the input) as the text posted' }],
};

const GH_EXTENSION: Command = {
  subcommands: {
    ...withoutRoles('browse create list remove search'),
    install: { role: { role: 'loader', note: 'gh extension install downloads a program that gh runs as a subcommand' } },
    upgrade: { role: { role: 'loader', note: 'gh extension upgrade replaces an extension\'s program with a downloaded one' } },
    exec: { role: { role: 'executor', note: 'gh extension exec runs an installed extension\'s program' } },
  },
  plain: ['list', 'search markdown'],
};

const GH_ALIAS_SET: Command = {
  grammar: { flags: 's', abbreviations: false, long: { shell: ['flag', 's'], ...flagged('clobber') } },
  options: [{ role: 'executor', options: ['-s', '--shell'], note: '--shell makes the alias a shell command run by sh' }],
  operands: [{ role: 'executor', operand: 1, when: orNull((t) => t.startsWith('!')), payload: 'shell-text', payloadText: (t) => t.slice(1), example: '!echo hi', note: 'an alias starting with ! runs as a shell command' }],
  plain: ['co "pr checkout"'],
};

/** `gh config set editor …`: the program gh (or glab) runs later as editor, browser or pager. */
const FORGE_CONFIG_SET: Command = {
  grammar: { short: 'hg', abbreviations: false, long: { host: ['value', 'h'], global: ['flag', 'g'] } },
  operands: [{ role: 'executor', operand: 0, when: orNull((t) => ['editor', 'browser', 'pager', 'visual'].includes(t)), example: 'editor', note: 'config set editor/browser/pager names a program the client runs later' }],
  plain: ['git_protocol ssh'],
};

/**
 * The command a jj setting names, as shell text: `ui.pager=less -FRX` (a TOML string, quoted or
 * not) or `ui.pager=["sh","-c","…"]` (an argv, each word quoted for the shell). Null for none.
 */
function jjCommand(value: string): string | null {
  const eq = value.indexOf('=');
  if (eq === -1) return null;
  const body = value.slice(eq + 1).trim();
  if (body.startsWith('[')) {
    const words = [...body.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!));
    return words.length === 0 ? null : words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  }
  return body.replace(/^"(.*)"$/s, '$1').replace(/^'(.*)'$/s, '$1');
}

/** jj's commands that read or rewrite the repository (its job); `git`, `op`, `bookmark` and `util` are read by the row's reader. */
const JJ_EVERYDAY: ReadonlySet<string> = new Set([
  'log', 'st', 'status', 'diff', 'show', 'op', 'operation', 'config', 'help', 'version', 'file', 'files', 'cat', 'evolog', 'obslog', 'interdiff', 'bookmark', 'branch', 'b', 'tag', 'root', 'workspace',
  'resolve', 'util', 'new', 'commit', 'ci', 'describe', 'desc', 'rebase', 'squash', 'split', 'edit', 'next', 'prev', 'duplicate', 'absorb', 'backout', 'revert', 'parallelize', 'simplify-parents', 'init', 'undo',
  'redo', 'sparse', 'sign', 'unsign', 'metaedit', 'chmod', 'untrack', 'arrange',
]);
const JJ_EXECUTORS: ReadonlySet<string> = new Set(['fix', 'run']);
/** Sapling's commands that read, or write the repository's own history and working copy (its job). */
const SL_EVERYDAY: ReadonlySet<string> = new Set([
  'status', 'st', 'smartlog', 'sl', 'ssl', 'log', 'diff', 'show', 'files', 'config', 'whereami', 'root', 'annotate', 'blame', 'cat', 'bookmarks', 'bookmark', 'book', 'help', 'version', 'summary', 'sum', 'id', 'identify',
  'paths', 'grep', 'journal', 'commit', 'ci', 'amend', 'add', 'addremove', 'goto', 'go', 'checkout', 'co', 'update', 'up', 'rebase', 'fold', 'split', 'absorb', 'uncommit', 'unamend', 'hide', 'unhide', 'metaedit',
  'next', 'prev', 'shelve', 'unshelve', 'undo', 'redo', 'graft', 'init', 'histedit', 'previous',
]);
const SL_NETWORK: ReadonlySet<string> = new Set(['pull', 'push', 'clone', 'cloud', 'pr', 'ghstack', 'incoming', 'outgoing']);
/** darcs's commands that read, or record into the repository (its job). */
const DARCS_EVERYDAY: ReadonlySet<string> = new Set(['whatsnew', 'log', 'changes', 'show', 'diff', 'annotate', 'help', 'record', 'amend', 'amend-record', 'add', 'move', 'mv', 'replace', 'tag', 'init', 'initialize', 'mark-conflicts']);
const DARCS_NETWORK: ReadonlySet<string> = new Set(['pull', 'push', 'clone', 'get', 'send', 'fetch']);

const VCS: readonly ProgramRow[] = [
  {
    names: ['hg', 'chg'],
    category: 'vcs',
    what: 'Mercurial, a distributed version control system',
    grammar: {
      short: 'RrmudIXbBlTeckPt',
      flags: 'yqvfnaAgpwCMSsiL',
      long: {
        ...valued('config', 'cwd', 'encoding', 'encodingmode', 'color', 'pager', 'remotecmd', 'style'),
        ...flagged('noninteractive', 'quiet', 'verbose', 'debug', 'debugger', 'traceback', 'time', 'profile', 'version', 'help', 'hidden', 'all', 'clean', 'no-backup', 'force', 'dry-run'),
        repository: ['value', 'R'], rev: ['value', 'r'], message: ['value', 'm'], user: ['value', 'u'], date: ['value', 'd'], include: ['value', 'I'],
        exclude: ['value', 'X'], branch: ['value', 'b'], bookmark: ['value', 'B'], logfile: ['value', 'l'], template: ['value', 'T'], ssh: ['value', 'e'],
        change: ['value', 'c'], keyword: ['value', 'k'], prune: ['value', 'P'], tool: ['value', 't'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['--config'],
        when: orNull((v) => !/^extensions\./i.test(hgKey(v)) && !HG_HARMLESS_KEY.test(hgKey(v))),
        payload: 'shell-text',
        payloadText: hgCommand,
        example: 'alias.x=!id',
        note: '--config sets a Mercurial setting; aliases, hooks, the editor, merge tools and the ssh command run programs',
      },
      { role: 'loader', options: ['--config'], when: orNull((v) => /^extensions\./i.test(hgKey(v))), example: 'extensions.x=/tmp/ext.py', note: '--config extensions.NAME=PATH loads a Python extension into hg' },
      { role: 'executor', options: ['-e', '--ssh'], payload: 'shell-text', example: 'ssh -i key', note: '-e runs this command instead of ssh' },
      { role: 'executor', options: ['--remotecmd'], payload: 'shell-text', example: 'sudo hg', note: '--remotecmd is the command the host runs instead of hg' },
    ],
    operands: [
      { role: 'listener', operand: 0, when: hgCommandIs('serve'), example: 'serve', note: 'hg serve runs a web server for the repository' },
      { role: 'destructive', operand: 0, when: hgCommandIs('purge', 'clean', 'strip', 'rollback', 'prune'), example: 'purge', note: 'hg purge/strip/rollback delete files or history' },
      { role: 'executor', operand: 0, when: hgCommandIs('debugshell'), example: 'debugshell', note: 'hg debugshell opens a Python shell' },
      { role: 'network', operand: 'all-but-first', when: orNull((t) => URL_LIKE.test(t)), everyday: true, example: 'https://hg.example.com/repo', note: 'hg clone/pull/push contact the repository URL' },
    ],
    // `hg update -C` and `hg revert --all` throw away uncommitted changes.
    read: (args, reading) => {
      const first = reading.operands[0];
      const name = first?.kind === 'literal' ? first.value : null;
      if (name === null) return [];
      const discards =
        (['update', 'up', 'checkout', 'co'].includes(name) && reading.options.some((o) => o.key === 'C' || o.key === 'clean')) ||
        (name === 'revert' && reading.options.some((o) => o.key === 'a' || o.key === 'all' || o.key === 'no-backup'));
      if (!discards) return [];
      const at = reading.operandIndexes[0]!;
      return [{ role: 'destructive', program: 'hg', trigger: name, index: at, value: first ?? null, note: 'hg update -C / revert --all throw away uncommitted changes' }];
    },
    plain: ['status', 'log -l 5', 'diff -r tip', 'commit -m "fix typo"', '--version', 'summary'],
  },
  {
    names: ['svn'],
    category: 'vcs',
    what: 'Subversion, a centralised version control client',
    grammar: {
      short: 'rmFclx',
      flags: 'qvNRu',
      abbreviations: false,
      long: {
        ...valued('encoding', 'username', 'password', 'config-dir', 'config-option', 'editor-cmd', 'diff-cmd', 'diff3-cmd', 'depth', 'set-depth', 'targets',
          'accept', 'native-eol', 'changelist', 'cl', 'show-item', 'search', 'search-and', 'with-revprop', 'strip'),
        ...flagged('quiet', 'verbose', 'non-interactive', 'force', 'remove-unversioned', 'remove-ignored', 'version', 'help', 'xml', 'summarize', 'dry-run', 'password-from-stdin'),
        revision: ['value', 'r'], message: ['value', 'm'], file: ['value', 'F'], change: ['value', 'c'], limit: ['value', 'l'], extensions: ['value', 'x'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['--config-option'],
        when: orNull((v) => /(-cmd|tunnels|ssh)\b/i.test(v)),
        payload: 'shell-text',
        payloadText: (v) => (v.includes('=') ? v.slice(v.indexOf('=') + 1) : null),
        example: 'config:helpers:diff-cmd=/tmp/run',
        note: '--config-option FILE:SECTION:OPTION sets diff-cmd/editor-cmd/tunnels, programs svn runs',
      },
      { role: 'loader', options: ['--config-dir'], example: '/tmp/svncfg', note: '--config-dir reads another configuration, which can name programs to run' },
      { role: 'executor', options: ['--editor-cmd'], payload: 'shell-text', example: 'vim', note: '--editor-cmd runs this command as the editor' },
      { role: 'executor', options: ['--diff-cmd', '--diff3-cmd'], payload: 'program', example: '/tmp/differ', note: '--diff-cmd runs this program to make the diff' },
      { role: 'destructive', options: ['--remove-unversioned', '--remove-ignored'], note: 'cleanup --remove-unversioned deletes files that are not under version control' },
    ],
    operands: [
      { role: 'destructive', operand: 0, when: orNull((t) => t === 'revert'), example: 'revert', note: 'svn revert throws away local changes' },
      { role: 'network', operand: 'every', when: orNull((t) => URL_LIKE.test(t)), everyday: true, example: 'https://svn.example.com/repo', note: 'svn contacts the repository URL it is given' },
    ],
    plain: ['status', 'log -l 5', 'diff -r 100', 'info', '--version', 'update'],
  },
  {
    names: ['fossil'],
    category: 'vcs',
    what: 'Fossil, a version control system with a built-in wiki and web UI',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('args', 'R', 'repository', 'user', 'U', 'comment', 'm', 'branch', 'tag', 'port', 'P', 'page', 'localauth', 'errorlog', 'chroot', 'baseurl', 'files', 'ssh-command', 'httpauth', 'proxy'),
        ...flagged('help', 'version', 'quiet', 'verbose', 'force', 'f', 'dry-run', 'n', 'all', 'nobrowser', 'sqltrace', 'localhost'),
      },
    },
    options: [
      { role: 'loader', options: ['--args', '-args'], example: 'args.txt', note: '--args reads more command-line arguments from a file' },
      { role: 'executor', options: ['--ssh-command', '-ssh-command'], payload: 'shell-text', example: 'ssh -i key', note: '--ssh-command runs this command instead of ssh' },
      { role: 'writer', options: ['--errorlog', '-errorlog'], example: 'err.log', note: '--errorlog writes the server\'s error log to a file' },
    ],
    operands: [
      { role: 'listener', operand: 0, when: orNull((t) => ['ui', 'server', 'serve'].includes(t)), example: 'server', note: 'fossil ui/server runs a web server for the repository' },
      { role: 'executor', operand: 0, when: orNull((t) => ['sql', 'sqlite3'].includes(t)), example: 'sql', note: 'fossil sql opens an SQLite shell, whose .shell runs commands' },
      { role: 'destructive', operand: 0, when: orNull((t) => ['clean', 'purge', 'scrub', 'revert'].includes(t)), example: 'clean', note: 'fossil clean/purge/scrub/revert delete files, history or local changes' },
      { role: 'network', operand: 'all-but-first', when: orNull((t) => URL_LIKE.test(t)), everyday: true, example: 'https://fossil.example.com/repo', note: 'fossil clone/sync contact the repository URL' },
    ],
    // `fossil settings KEY VALUE`: several settings name programs fossil runs later.
    read: (args, reading) => {
      const [sub, key] = reading.operands;
      if (sub?.kind !== 'literal' || !['settings', 'set'].includes(sub.value) || key === undefined) return [];
      const name = key.kind === 'literal' ? key.value : null;
      if (name !== null && !/^(editor|ssh-command|gdiff-command|gmerge-command|diff-command|pgp-command|web-browser|th1-setup|th1-hooks|tcl|tclsh)$/.test(name)) return [];
      const at = reading.operandIndexes[1]!;
      return [{ role: 'executor', program: 'fossil', trigger: name ?? key.raw, index: at, value: key, note: 'fossil settings editor/ssh-command/… names a program fossil runs later' }];
    },
    plain: ['status', 'timeline -n 5', 'diff', 'info', 'version', 'changes'],
  },
  {
    names: ['bzr', 'brz'],
    category: 'vcs',
    what: 'Bazaar (and its successor Breezy), a distributed version control system',
    grammar: {
      short: 'rmFOd',
      flags: 'qvhf',
      long: {
        ...valued('lsprof-file', 'directory', 'change', 'log-format', 'format'),
        ...flagged('no-plugins', 'builtin', 'profile', 'version', 'help', 'quiet', 'verbose', 'no-aliases', 'lsprof', 'force', 'dry-run'),
        revision: ['value', 'r'], message: ['value', 'm'], file: ['value', 'F'],
      },
    },
    options: [
      { role: 'writer', options: ['--lsprof-file'], example: 'profile.out', note: '--lsprof-file writes profiling data to a file' },
      { role: 'executor', options: ['-O'], when: orNull((v) => /^(editor|bzr\.ssh|ssh|change_editor|bzr\.transform\.orphan_policy)\b/i.test(v)), example: 'editor=/tmp/run', note: '-O editor=…/ssh=… overrides a setting that names a program to run' },
    ],
    operands: [
      { role: 'listener', operand: 0, when: orNull((t) => t === 'serve'), example: 'serve', note: 'bzr serve runs a server for the branch' },
      { role: 'destructive', operand: 0, when: orNull((t) => ['uncommit', 'clean-tree', 'revert', 'remove-tree'].includes(t)), example: 'uncommit', note: 'bzr uncommit/clean-tree/revert delete history, files or local changes' },
      { role: 'network', operand: 'all-but-first', when: orNull((t) => URL_LIKE.test(t) || /^lp:/.test(t)), everyday: true, example: 'https://bzr.example.com/trunk', note: 'bzr branch/pull/push contact the branch URL' },
    ],
    // `bzr whoami NAME` and `bzr config NAME=VALUE` save into the user's settings (Breezy's
    // ~/.config/breezy/breezy.conf; Bazaar's ~/.bazaar/bazaar.conf): settings a tool writes of itself.
    read: (_args, reading) => {
      const texts = reading.operands.map(textOf);
      const saves = (texts[0] === 'whoami' && texts.length > 1) || (texts[0] === 'config' && texts.slice(1).some((text) => text === null || text.includes('=')));
      return saves ? [writes('bzr', texts[0]!, '~/.config/breezy/breezy.conf', 'file', 'saves the setting in the user\'s Breezy configuration'), writes('bzr', texts[0]!, '~/.bazaar/bazaar.conf', 'file', 'saves the setting in the user\'s Bazaar configuration')] : [];
    },
    plain: ['status', 'log -l 5', 'diff', 'info', '--version'],
  },
  {
    names: ['cvs'],
    category: 'vcs',
    what: 'CVS, the Concurrent Versions System client',
    grammar: { short: 'desTzb', flags: 'afHlnQqrtvwxR', stopAtOperand: true, long: flagged('version', 'help') },
    options: [
      { role: 'executor', options: ['-e'], payload: 'program', example: 'vim', note: '-e runs this program as the editor for log messages' },
      { role: 'network', options: ['-d'], when: orNull((v) => v.includes(':')), everyday: true, example: ':ext:user@host:/cvsroot', note: '-d names the repository, which may be on a host' },
    ],
    plain: ['status', 'log file.c', 'diff -u', 'update', '--version'],
  },
  {
    names: ['gh'],
    category: 'vcs',
    what: 'GitHub\'s command line client',
    grammar: { abbreviations: false, long: flagged('help', 'version') },
    subcommands: {
      api: {
        role: { role: 'network', note: 'gh api sends any request (writes and deletes included) to the GitHub API' },
        grammar: { short: 'FfHXpqt', flags: 'ip', abbreviations: false, long: { ...valued('input', 'cache', 'hostname', 'preview', 'jq', 'template'), field: ['value', 'F'], 'raw-field': ['value', 'f'], header: ['value', 'H'], method: ['value', 'X'], ...flagged('include', 'paginate', 'silent', 'slurp', 'verbose', 'help') } },
        options: [
          { role: 'network', options: ['--input'], sends: true, everyday: true, example: 'body.json', note: '--input sends that file (`-`: the input) as the request body' },
          { role: 'network', options: ['-F', '--field'], when: (v) => v === null || /^[^=]*=@/.test(v), sends: true, everyday: true, example: 'content=@notes.md', note: '-F key=@FILE sends that file\'s content as the field' },
        ],
      },
      auth: {
        subcommands: {
          // Not listed: login, logout, refresh, switch, setup-git: they write gh's and git's settings in the home folder.
          token: { role: printsSecret('gh auth token prints the GitHub token gh is logged in with', serviceHosts('github')) },
          status: {
            grammar: { short: 'hqT', abbreviations: false, long: { hostname: ['value', 'h'], jq: ['value', 'q'], template: ['value', 'T'], json: 'value', ...flagged('active', 'show-token', 'help') }, flags: 'at' },
            options: [{ role: 'credentials', options: ['-t', '--show-token'], everyday: true, note: 'gh auth status -t prints the tokens of every account it shows' }],
            plain: ['', '-a', '-h github.com'],
          },
        },
        plain: ['status', 'login', 'setup-git'],
      },
      extension: GH_EXTENSION,
      extensions: GH_EXTENSION,
      ext: GH_EXTENSION,
      repo: {
        subcommands: {
          // `clone` and `fork` hand the words after `--` to git (`-u CMD`, `-c core.sshCommand=…`): unlisted.
          ...withoutRoles('autolink create edit gitignore license list set-default sync unarchive view'),
          delete: GH_DELETE('repository'),
          archive: { role: { role: 'destructive', note: 'gh repo archive makes the repository read-only' } },
          rename: { role: { role: 'destructive', note: 'gh repo rename renames the repository on GitHub' } },
          'deploy-key': { subcommands: { ...withoutRoles('add list'), delete: GH_DELETE('deploy key') } },
        },
        plain: ['view', 'list'],
      },
      release: {
        subcommands: {
          ...withoutRoles('edit list view verify verify-asset'),
          delete: GH_DELETE('release'),
          'delete-asset': GH_DELETE('release asset'),
          upload: {
            grammar: { short: 'R', abbreviations: false, long: { repo: ['value', 'R'], clobber: 'flag', help: 'flag' } },
            operands: [{ role: 'network', operand: 'all-but-first', sends: true, everyday: true, example: 'dist/app.tgz', note: 'gh release upload uploads each file named as an asset of the release' }],
          },
          create: {
            grammar: { short: 'FnRt', flags: 'dp', abbreviations: false, long: { ...valued('notes-file', 'notes', 'repo', 'title', 'target', 'discussion-category', 'notes-start-tag', 'fail-on-no-commits'), 'notes-file': ['value', 'F'], notes: ['value', 'n'], title: ['value', 't'], repo: ['value', 'R'], ...flagged('draft', 'prerelease', 'generate-notes', 'latest', 'verify-tag', 'notes-from-tag', 'help') } },
            operands: [{ role: 'network', operand: 'all-but-first', sends: true, everyday: true, example: 'dist/app.tgz', note: 'gh release create uploads each file named as an asset of the release' }],
            options: [{ role: 'network', options: ['-F', '--notes-file'], sends: true, everyday: true, example: 'NOTES.md', note: '--notes-file uploads that file as the release notes' }],
          },
          download: {
            grammar: { short: 'DOpAR', abbreviations: false, long: { dir: ['value', 'D'], output: ['value', 'O'], pattern: ['value', 'p'], archive: ['value', 'A'], repo: ['value', 'R'], ...flagged('skip-existing', 'clobber') } },
            options: [{ role: 'writer', options: ['-D', '--dir', '-O', '--output'], when: orNull((v) => v !== '-'), example: '/tmp/dl', note: '-D/-O write the downloaded assets to another folder or file' }],
            plain: ['v1.0', '-p "*.tar.gz"'],
          },
        },
        plain: ['list', 'view v1.0'],
      },
      // `alias import FILE` reads aliases, which may be shell commands: unlisted.
      alias: { subcommands: { ...withoutRoles('delete list'), set: GH_ALIAS_SET }, plain: ['list'] },
      config: { subcommands: { ...withoutRoles('clear-cache get list'), set: FORGE_CONFIG_SET }, plain: ['get editor', 'list'] },
      issue: {
        subcommands: {
          ...withoutRoles('close develop list lock pin reopen status transfer unlock unpin view'),
          ...Object.fromEntries(['create', 'comment', 'edit'].map((name) => [name, GH_BODY])),
          delete: GH_DELETE('issue'),
        },
        plain: ['list', 'view 12 --comments', 'create -t "Bug" -b "It breaks"'],
      },
      pr: {
        subcommands: {
          ...withoutRoles('checkout checks close diff list lock ready reopen revert status unlock update-branch view'),
          ...Object.fromEntries(['create', 'comment', 'edit', 'review'].map((name) => [name, GH_BODY])),
          merge: {
            ...GH_BODY,
            options: [
              ...GH_BODY.options!,
              { role: 'destructive', options: ['-d', '--delete-branch'], note: 'gh pr merge --delete-branch deletes the branch here and on GitHub' },
            ],
          },
        },
        plain: ['list', 'view 12', 'checks', 'diff 12', 'create --fill', 'checkout 12'],
      },
      // `gh run download` writes the artifacts into the current folder or `-D DIR`.
      run: {
        subcommands: {
          ...withoutRoles('cancel list rerun view watch'),
          download: {
            grammar: { short: 'DnpR', abbreviations: false, long: { dir: ['value', 'D'], name: ['value', 'n'], pattern: ['value', 'p'], repo: ['value', 'R'], help: 'flag' } },
            options: [{ role: 'writer', options: ['-D', '--dir'], target: 'tree', example: '/tmp/dl', note: 'gh run download -D writes the artifacts into that folder' }],
          },
          delete: GH_DELETE('workflow run'),
        },
        plain: ['list', 'view 123 --log-failed', 'watch'],
      },
      workflow: { subcommands: withoutRoles('disable enable list run view'), plain: ['list', 'view ci.yml'] },
      search: { subcommands: withoutRoles('code commits issues prs repos'), plain: ['repos gate --limit 5'] },
      org: { subcommands: withoutRoles('list') },
      ruleset: { subcommands: withoutRoles('check list view') },
      status: {},
      completion: {},
      gist: {
        subcommands: {
          ...withoutRoles('list rename view'),
          delete: GH_DELETE('gist'),
          create: {
            // With no file named it uploads its standard input: a sink for what is piped into it.
            role: { role: 'network', everyday: true, note: 'gh gist create uploads its standard input when it names no file' },
            grammar: { short: 'dfw', flags: 'pw', abbreviations: false, long: { desc: ['value', 'd'], filename: ['value', 'f'], public: ['flag', 'p'], web: ['flag', 'w'], help: 'flag' } },
            operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.md', note: 'gh gist create uploads each file named (`-`: its input) to a gist' }],
          },
          edit: {
            grammar: { short: 'adfr', abbreviations: false, long: { add: ['value', 'a'], desc: ['value', 'd'], filename: ['value', 'f'], remove: ['value', 'r'], help: 'flag' } },
            options: [{ role: 'network', options: ['-a', '--add'], sends: true, everyday: true, example: 'notes.md', note: 'gh gist edit --add uploads that file to the gist' }],
            operands: [{ role: 'network', operand: 1, sends: true, everyday: true, example: 'notes.md', note: 'gh gist edit GIST FILE uploads that file as the gist\'s content' }],
          },
        },
        plain: ['list'],
      },
      label: { subcommands: { ...withoutRoles('clone create edit list'), delete: GH_DELETE('label') }, plain: ['list'] },
      cache: { subcommands: { ...withoutRoles('list'), delete: GH_DELETE('Actions cache') }, plain: ['list'] },
      // `secret set`, `variable set` (`-f/--env-file FILE`, or the input) and `ssh-key add`/`gpg-key add FILE` upload a value or a file: unlisted.
      secret: { subcommands: { ...withoutRoles('list'), delete: GH_DELETE('secret') }, plain: ['list'] },
      variable: { subcommands: { ...withoutRoles('get list'), delete: GH_DELETE('variable') }, plain: ['list'] },
      'ssh-key': { subcommands: { ...withoutRoles('list'), delete: GH_DELETE('SSH key') }, plain: ['list'] },
      'gpg-key': { subcommands: { ...withoutRoles('list'), delete: GH_DELETE('GPG key') }, plain: ['list'] },
      codespace: { subcommands: { ssh: { wrapper: { peel: false, elsewhere: true, afterDashDash: true, note: 'gh codespace ssh -- CMD runs CMD in the codespace' } }, delete: GH_DELETE('codespace') }, plain: ['list'] },
      cs: { subcommands: { ssh: { wrapper: { peel: false, elsewhere: true, afterDashDash: true, note: 'gh cs ssh -- CMD runs CMD in the codespace' } }, delete: GH_DELETE('codespace') }, plain: ['list'] },
    },
    plain: ['--version', 'pr list', 'issue list', 'repo view', 'auth status', 'pr status'],
  },
  {
    // sourcehut's client. `hut builds submit [MANIFEST…]` sends build manifests (`.build.yml` by
    // default) to builds.sr.ht, which runs them there: it reads the files, it does not write them.
    names: ['hut'],
    category: 'vcs',
    what: 'sourcehut\'s command line client',
    grammar: { short: 'c', long: { config: ['value', 'c'], ...valued('instance'), ...flagged('help', 'version') }, abbreviations: false },
    subcommands: {
      builds: {
        grammar: { long: flagged('help') },
        subcommands: {
          submit: {
            grammar: { short: 'nt', flags: 'fe', long: { note: ['value', 'n'], tags: ['value', 't'], ...valued('visibility'), ...flagged('follow', 'edit', 'help') } },
            role: { role: 'network', everyday: true, note: 'hut builds submit sends the build manifests to builds.sr.ht, which runs them there' },
          },
          ...withoutRoles('list show'),
        },
        plain: ['list', 'show 123'],
      },
    },
    plain: ['--version', 'builds submit', 'builds submit .build.yml', 'builds list'],
  },
  {
    names: ['glab'],
    category: 'vcs',
    what: 'GitLab\'s command line client',
    grammar: { abbreviations: false, long: flagged('help', 'version') },
    subcommands: {
      api: { role: { role: 'network', note: 'glab api sends any request (writes and deletes included) to the GitLab API' } },
      // Listed: the subcommands that only read or change an issue, a merge request or a pipeline on
      // GitLab. Not listed: `repo clone` (words after `--` go to git), `mr create`/`update`/`note`/`merge`
      // and `issue create`/`update`/`note` (texts read from files or the input), `ci lint` (sends a file).
      repo: { subcommands: { ...withoutRoles('contributors list search view'), delete: GH_DELETE('project'), archive: { role: { role: 'destructive', note: 'glab repo archive archives the project' } } }, plain: ['view', 'list'] },
      release: { subcommands: { ...withoutRoles('list view'), delete: GH_DELETE('release') }, plain: ['list'] },
      issue: { subcommands: { ...withoutRoles('board close list reopen subscribe unsubscribe view'), delete: GH_DELETE('issue') }, plain: ['list', 'view 12'] },
      mr: { subcommands: { ...withoutRoles('approve approvers checkout close diff issues list rebase reopen revoke subscribe todo unsubscribe view'), delete: GH_DELETE('merge request') }, plain: ['list', 'view 12', 'diff 12'] },
      ci: { subcommands: withoutRoles('get list retry status trace view'), plain: ['status', 'list'] },
      variable: { subcommands: { delete: GH_DELETE('CI/CD variable') }, plain: ['list'] },
      label: { subcommands: { delete: GH_DELETE('label') }, plain: ['list'] },
      alias: { subcommands: { set: GH_ALIAS_SET }, plain: ['list'] },
      config: {
        subcommands: {
          set: FORGE_CONFIG_SET,
          get: { operands: [{ role: 'credentials', operand: 0, when: (v) => v === null || v === 'token', everyday: true, example: 'token', note: 'glab config get token prints the access token' }], plain: ['editor', 'host'] },
        },
        plain: ['get editor'],
      },
      auth: { subcommands: { status: { options: [{ role: 'credentials', options: ['-t', '--show-token'], everyday: true, note: 'glab auth status --show-token prints the access token' }], plain: ['', '--hostname gitlab.example.com'] } }, plain: ['status', 'login'] },
    },
    plain: ['--version', 'mr list', 'issue list', 'ci status', 'repo view'],
  },
  // Jujutsu: its commands read or rewrite the repository (its job, as git's commit and rebase are);
  // `git fetch|push|clone` reach the remote; a few drop changes or run programs.
  {
    names: ['jj'],
    category: 'vcs',
    what: 'Jujutsu (jj), a version control system over a Git repository',
    folderConfig: "the repository's .jj/repo/config.toml, which can name programs jj runs (ui.pager, diff and merge tools, fix tools, signing)",
    grammar: {
      short: 'Rrmdbo',
      flags: 'hV',
      abbreviations: false,
      long: {
        repository: ['value', 'R'], revision: ['value', 'r'], revisions: ['value', 'r'], message: ['value', 'm'], destination: ['value', 'd'], onto: ['value', 'o'], bookmark: ['value', 'b'],
        ...valued('at-operation', 'at-op', 'color', 'config', 'config-file', 'config-toml', 'limit', 'template', 'from', 'to', 'into', 'source', 'branch', 'insert-after', 'insert-before', 'after', 'before', 'remote', 'tool', 'author', 'name', 'change', 'allow-backwards', 'when', 'since'),
        ...flagged('help', 'version', 'ignore-working-copy', 'ignore-immutable', 'debug', 'quiet', 'no-pager', 'no-graph', 'reversed', 'summary', 'stat', 'git', 'color-words', 'name-only', 'types', 'patch', 'interactive', 'all', 'all-remotes', 'deleted', 'tracked', 'conflicts', 'list', 'user', 'repo', 'include-defaults', 'dry-run', 'allow-new', 'reset-author', 'edit', 'no-edit', 'colocate', 'sparse'),
      },
    },
    options: [
      { role: 'loader', options: ['-R', '--repository'], example: '/tmp/other', note: '-R works on another repository, whose configuration can name programs jj runs' },
      { role: 'loader', options: ['--config-file'], example: '/tmp/jj.toml', note: '--config-file reads another configuration, which can name programs jj runs' },
      { role: 'executor', options: ['--config', '--config-toml'], payload: 'shell-text', payloadText: jjCommand, when: orNull((v) => !/^(ui\.(color|paginate|graph\.style|log-word-wrap|default-command|relative-timestamps)|user\.(name|email)|revsets\.|template-aliases\.|colors\.|snapshot\.max-new-file-size)/.test(v.replace(/^\s+/, ''))), example: 'ui.pager=sh -c id', note: '--config sets a setting; the pager, editors, diff, merge and fix tools and aliases name programs jj runs' },
    ],
    operands: [
      { role: 'destructive', operand: 0, when: orNull((t) => !JJ_EVERYDAY.has(t) && !JJ_EXECUTORS.has(t) && t !== 'git'), example: 'abandon', note: 'a jj command that drops changes or the working copy\'s edits (abandon, restore, op restore, bookmark delete …), or one this row does not know' },
      { role: 'executor', operand: 0, when: orNull((t) => JJ_EXECUTORS.has(t)), example: 'fix', note: 'jj fix/run/util exec run programs (the fix tools of the configuration, or the command given)' },
    ],
    read: (_args, reading) => {
      const [verb, sub] = reading.operands.map(textOf);
      const at = reading.operandIndexes[1] ?? reading.operandIndexes[0] ?? -1;
      if (verb === 'git' && (sub === null || !['init', 'import', 'export', 'root', 'remote', 'colocation'].includes(sub ?? ''))) return [{ role: 'network', program: 'jj', trigger: sub ?? 'git', index: at, value: null, everyday: true, note: 'jj git fetch/push/clone reach the Git remote' }];
      if ((verb === 'op' || verb === 'operation') && sub !== undefined && (sub === null || !['log', 'show', 'diff'].includes(sub))) return [{ role: 'destructive', program: 'jj', trigger: sub ?? 'op', index: at, value: null, note: 'jj op restore/undo/abandon/revert return the repository to another operation' }];
      if ((verb === 'bookmark' || verb === 'branch' || verb === 'tag') && (sub === null || sub === 'delete' || sub === 'forget')) return [{ role: 'destructive', program: 'jj', trigger: sub ?? verb, index: at, value: null, note: 'jj bookmark delete/forget removes bookmarks (pushed as deletions by the next git push)' }];
      if (verb === 'config' && (sub === null || ['set', 'edit', 'unset'].includes(sub ?? ''))) {
        // --user writes the user's configuration; --repo the repository's (in the workspace).
        const user = reading.options.some((o) => o.name === '--user');
        const file = user ? '~/.config/jj/config.toml' : '.jj/repo/config.toml';
        const key = textOf(reading.operands[2]);
        const forms: Form[] = [{ ...writes('jj', sub ?? 'config', file, 'file', `jj config ${sub ?? ''} rewrites ${file}`), index: at, ...(user ? {} : { everyday: true }) }];
        if (sub !== 'unset' && (key === null || sub === 'edit' || !/^(ui\.(color|paginate|graph\.style|log-word-wrap|relative-timestamps)|user\.(name|email)|revsets\.|template-aliases\.|colors\.)/.test(key))) {
          forms.push({ role: 'executor', program: 'jj', trigger: sub ?? 'config', index: at, value: null, note: 'jj config set/edit writes a setting, which can name a program jj runs (pager, editor, diff and merge tools)' });
        }
        return forms;
      }
      if (verb === 'util' && (sub === null || sub === 'exec' || sub === 'gc')) return [{ role: sub === 'gc' ? 'destructive' : 'executor', program: 'jj', trigger: sub ?? 'util', index: at, value: null, note: sub === 'gc' ? 'jj util gc deletes unreachable history for good' : 'jj util exec runs the program given' }];
      return [];
    },
    plain: ['log', "log -r 'trunk()..@'", 'st', 'status', 'diff', 'show', "describe -m 'Fix parser'", 'new', 'commit -m "fix"', 'op log', 'config list --user', 'bookmark list', '--version'],
  },
  // Sapling: Mercurial's commands and options, with stacks of commits (smartlog).
  {
    names: ['sl'],
    category: 'vcs',
    what: 'Sapling (sl), a version control system derived from Mercurial',
    grammar: {
      short: 'RrmudIXbBlTeckPt',
      flags: 'yqvfnaAgpwCMSsiL',
      long: {
        ...valued('config', 'configfile', 'cwd', 'encoding', 'encodingmode', 'color', 'pager', 'remotecmd', 'style', 'limit', 'dest', 'to', 'source', 'base'),
        ...flagged('noninteractive', 'quiet', 'verbose', 'debug', 'debugger', 'traceback', 'time', 'profile', 'version', 'help', 'hidden', 'all', 'clean', 'no-backup', 'force', 'dry-run', 'stat', 'git', 'edit', 'local', 'user', 'system', 'interactive'),
        repository: ['value', 'R'], rev: ['value', 'r'], message: ['value', 'm'], user: ['value', 'u'], date: ['value', 'd'], include: ['value', 'I'],
        exclude: ['value', 'X'], branch: ['value', 'b'], bookmark: ['value', 'B'], logfile: ['value', 'l'], template: ['value', 'T'], ssh: ['value', 'e'],
        change: ['value', 'c'], keyword: ['value', 'k'], prune: ['value', 'P'], tool: ['value', 't'],
      },
    },
    options: [
      { role: 'executor', options: ['--config'], when: orNull((v) => !/^extensions\./i.test(hgKey(v)) && !HG_HARMLESS_KEY.test(hgKey(v))), payload: 'shell-text', payloadText: hgCommand, example: 'alias.x=!id', note: '--config sets a setting; aliases, hooks, the editor, merge tools and the ssh command run programs' },
      { role: 'loader', options: ['--config'], when: orNull((v) => /^extensions\./i.test(hgKey(v))), example: 'extensions.x=/tmp/ext.py', note: '--config extensions.NAME=PATH loads a Python extension' },
      { role: 'loader', options: ['--configfile', '-R', '--repository', '--cwd'], example: '/tmp/other', note: 'these read another configuration or repository, which can name programs sl runs' },
      { role: 'executor', options: ['-e', '--ssh'], payload: 'shell-text', example: 'ssh -i key', note: '-e runs this command instead of ssh' },
      { role: 'executor', options: ['--remotecmd'], payload: 'shell-text', example: 'sudo sl', note: '--remotecmd is the command the host runs instead of sl' },
    ],
    operands: [
      { role: 'destructive', operand: 0, when: orNull((t) => !SL_EVERYDAY.has(t) && !SL_NETWORK.has(t) && t !== 'web'), example: 'purge', note: 'an sl command that deletes files, history or local changes (purge, clean, revert, strip, rm …), or one this row does not know (an alias may be a shell command)' },
      { role: 'listener', operand: 0, when: orNull((t) => t === 'web'), example: 'web', note: 'sl web runs a web server (Interactive Smartlog) for the repository' },
      { role: 'network', operand: 0, when: orNull((t) => SL_NETWORK.has(t)), everyday: true, example: 'pull', note: 'sl pull/push/clone/cloud contact the remote repository' },
    ],
    read: (args, reading) => {
      const verb = textOf(reading.operands[0]);
      const discards = ['goto', 'go', 'checkout', 'co', 'update', 'up'].includes(verb ?? '') && reading.options.some((o) => o.key === 'C' || o.key === 'clean');
      if (discards) return [{ role: 'destructive', program: 'sl', trigger: verb!, index: reading.operandIndexes[0]!, value: null, note: 'sl goto -C throws away uncommitted changes' }];
      // `sl config --user|--local|--system KEY VALUE` (or --edit) writes that configuration file.
      // The row's grammar reads --user as commit's --user USER: here the words are read as they stand.
      if (verb !== 'config') return [];
      const words = args.slice(reading.operandIndexes[0]! + 1).map(textOf);
      const scope = words.find((w) => w === '--user' || w === '--local' || w === '--system') ?? undefined;
      const edit = words.includes('--edit') || words.includes('-e');
      const rest = words.filter((w) => w === null || !w.startsWith('-'));
      if ((scope === undefined && !edit) || (!edit && rest.length < 2)) return [];
      const file = scope === '--system' ? '/etc/sapling/system.conf' : scope === '--local' ? '.sl/config' : '~/.config/sapling/sapling.conf';
      const forms: Form[] = [{ ...writes('sl', 'config', file, 'file', `sl config ${scope ?? '--edit'} rewrites ${file}`), index: reading.operandIndexes[0]!, ...(scope === '--local' ? { everyday: true } : {}) }];
      const key = rest[0] ?? null;
      if (edit || key === null || !HG_HARMLESS_KEY.test(key)) forms.push({ role: 'executor', program: 'sl', trigger: 'config', index: reading.operandIndexes[0]!, value: null, note: 'sl config sets a setting, which can name programs sl runs (aliases, hooks, the editor, merge tools)' });
      return forms;
    },
    plain: ['status', 'smartlog', 'ssl', 'log -l 3', 'diff', 'files', 'config', 'commit -m "fix"', 'whereami', '--version'],
  },
  // darcs: patches recorded in _darcs; hooks and the external programs are commands of the options.
  {
    names: ['darcs'],
    category: 'vcs',
    what: 'Darcs, a patch-based distributed version control system',
    folderConfig: "the repository's _darcs/prefs/defaults, which can set hooks (--posthook, --prehook) and the test command",
    grammar: {
      short: 'mApt',
      flags: 'ahqvsl',
      long: {
        ...valued('repodir', 'posthook', 'prehook', 'sendmail-command', 'external-merge', 'diff-command', 'remote-darcs', 'ssh-cm', 'last', 'index', 'max-count', 'from-match', 'to-match', 'from-patch', 'to-patch', 'from-tag', 'to-tag',
          'matches', 'patches', 'tags', 'match', 'patch', 'tag', 'output', 'output-auto-name', 'to', 'cc', 'subject', 'in-reply-to', 'author', 'name', 'logfile', 'context', 'umask', 'diff-opts', 'set-default', 'lazy', 'complete'),
        message: ['value', 'm'], author: ['value', 'A'], patch: ['value', 'p'], tag: ['value', 't'],
        ...flagged('all', 'help', 'version', 'exact-version', 'quiet', 'verbose', 'summary', 'no-summary', 'run-posthook', 'run-prehook', 'no-posthook', 'no-prehook', 'prompt-posthook', 'prompt-prehook', 'test', 'no-test', 'look-for-adds',
          'look-for-moves', 'look-for-replaces', 'dont-look-for-adds', 'interactive', 'no-interactive', 'xml-output', 'unified', 'dry-run', 'edit-long-comment', 'skip-long-comment', 'leave-test-directory', 'set-scripts-executable', 'dont-set-scripts-executable', 'reverse', 'boring', 'no-cache'),
      },
    },
    options: [
      { role: 'executor', options: ['--posthook', '--prehook'], payload: 'shell-text', example: 'sh -c id', note: '--posthook/--prehook run the command given before or after the darcs command' },
      { role: 'executor', options: ['--sendmail-command', '--external-merge', '--diff-command', '--remote-darcs', '--ssh-cm'], payload: 'shell-text', example: '/tmp/x', note: 'these name a program darcs runs (to send mail, merge, diff, or on the remote host)' },
      { role: 'executor', options: ['--test'], note: '--test runs the test command set in the repository\'s preferences' },
      { role: 'loader', options: ['--repodir'], example: '/tmp/other', note: '--repodir works on another repository, whose preferences can set hooks and the test command' },
      { role: 'writer', options: ['--output', '--logfile'], target: 'file', example: '/tmp/out.dpatch', note: '--output writes the patch bundle to the named file' },
    ],
    operands: [
      { role: 'destructive', operand: 0, when: orNull((t) => !DARCS_EVERYDAY.has(t) && !DARCS_NETWORK.has(t) && t !== 'test' && t !== 'setpref'), example: 'obliterate', note: 'a darcs command that deletes patches or local changes (obliterate, unrecord, revert, rollback …), or one this row does not know' },
      { role: 'executor', operand: 0, when: orNull((t) => t === 'test' || t === 'setpref'), example: 'setpref', note: 'darcs test runs the test command of the repository\'s preferences; setpref sets it (or another program darcs runs)' },
      { role: 'network', operand: 0, when: orNull((t) => DARCS_NETWORK.has(t)), everyday: true, example: 'pull', note: 'darcs pull/push/clone/send contact the remote repository (send mails the patches)' },
    ],
    plain: ['whatsnew -s', 'log --last=5', 'changes --last=5', 'show files', 'show repo', 'diff', 'record -a -m "fix parser"', 'add src/Main.hs', '--version'],
  },
];

// ---------------------------------------------------------------------------------------------
// Database clients: contacting the server named with -h/--host (or a URI) is the client's job
// ---------------------------------------------------------------------------------------------

/** mysql client commands that run a shell command: `\! cmd`, `system cmd`. */
const MYSQL_SHELL = /(?:^|[;\n])\s*(?:\\!|system\s)/i;

function mysqlShellText(text: string): string | null {
  return /(?:^|[;\n])\s*(?:\\!|system\s)\s*([^\n]*)/i.exec(text)?.[1] ?? null;
}

/** psql meta-commands that run a shell command here: `\! cmd`, `\o |cmd`, `\g |cmd`, `\w |cmd`, `\copy … program`, `COPY … PROGRAM`. */
const PSQL_SHELL = /\\!|\\(?:o|out|g|w|write|gx)\s*\|\s*|\bprogram\s+'/i;
const PSQL_INCLUDE = /\\(?:i|ir|include|include_relative)\s/;
const PSQL_WRITE = /\\(?:o|out|g|w|write|gx)\s+[^|\s]/;

function psqlShellText(text: string): string | null {
  const bang = /\\!\s*([^\n]*)/.exec(text);
  if (bang !== null) return bang[1]!;
  const pipe = /\\(?:o|out|g|w|write|gx)\s*\|\s*([^\n]*)/.exec(text);
  if (pipe !== null) return pipe[1]!;
  return /\bprogram\s+'((?:[^']|'')*)'/i.exec(text)?.[1]?.replace(/''/g, "'") ?? null;
}

/** A libpq connection string or URI that names a host. */
const PG_CONNINFO = /:\/\/|(^|\s)host(addr)?\s*=/;

/** sqlite3 shell dot-commands and SQL functions, in a -cmd value or an SQL operand. */
// The shells take a dot command by any prefix that picks it (`.sh`, `.sys` are `.shell`, `.system`): read at their worst.
const SQLITE_EXEC = /^\s*\.(?:sh(?:e(?:ll?)?)?|sy(?:s(?:t(?:em?)?)?)?|excel)\b|^\s*\.(?:output|once|read|import)\s+(?:--?[a-z]+\s+)*['"]?\||^\s*\.once\s+-[xe]\b|\bedit\s*\(/im;
const SQLITE_WRITE = /^\s*\.(?:output|once|save|backup|clone|archive|ar)\s+['"]?[^|\s'"]|\bvacuum\s+into\b|\battach\b|\bwritefile\s*\(/im;
const SQLITE_LOAD = /^\s*\.(?:load|read)\s+['"]?[^|]|\bload_extension\s*\(/im;

function sqliteShellText(text: string): string | null {
  const shell = /^\s*\.(?:sh(?:e(?:ll?)?)?|sy(?:s(?:t(?:em?)?)?)?)\s+([^\n]*)/im.exec(text);
  if (shell !== null) return shell[1]!;
  return /^\s*\.(?:output|once|read|import)\s+(?:--?[a-z]+\s+)*['"]?\|([^\n'"]*)/im.exec(text)?.[1] ?? null;
}

function sqliteRoles(where: 'option' | 'operand'): Array<Omit<OptionRole, 'options'> & Omit<OperandRole, 'operand'>> {
  const what = where === 'option' ? '-cmd' : 'an SQL operand';
  return [
    { role: 'executor', when: orNull((t) => SQLITE_EXEC.test(t)), payload: 'shell-text', payloadText: sqliteShellText, example: '.shell id', note: `${what} with .shell/.system (or .output |cmd) runs a shell command` },
    { role: 'writer', when: orNull((t) => SQLITE_WRITE.test(t)), example: '.output out.txt', note: `${what} with .output/.save/.backup/VACUUM INTO/writefile() writes a file` },
    { role: 'loader', when: orNull((t) => SQLITE_LOAD.test(t)), example: '.load ./ext.so', note: `${what} with .load/load_extension() loads a library, .read runs commands from a file` },
  ];
}

/** DuckDB SQL that loads an extension (downloaded with INSTALL) or writes a file (COPY … TO, EXPORT DATABASE). */
const DUCKDB_LOAD = /\b(?:install|load)\s+['"]?[a-z_]|\bforce\s+install\b/i;
const DUCKDB_WRITE = /\bcopy\b[^;]*\bto\s+'|\bexport\s+database\b|\battach\b/i;

function duckdbRoles(where: 'option' | 'operand'): Array<Omit<OptionRole, 'options'> & Omit<OperandRole, 'operand'>> {
  const what = where === 'option' ? '-c/-cmd' : 'an SQL operand';
  return [
    ...sqliteRoles(where),
    { role: 'loader', when: orNull((t) => DUCKDB_LOAD.test(t)), example: 'INSTALL httpfs', note: `${what} with INSTALL/LOAD downloads or loads an extension (a library)` },
    { role: 'writer', when: orNull((t) => DUCKDB_WRITE.test(t)), example: "COPY t TO 'out.csv'", note: `${what} with COPY … TO, EXPORT DATABASE or ATTACH writes files` },
  ];
}

/** redis commands sent as operands. */
const REDIS_DESTRUCTIVE = ['flushall', 'flushdb', 'shutdown', 'config', 'debug', 'swapdb', 'del', 'unlink', 'slaveof', 'replicaof', 'failover', 'migrate', 'acl', 'cluster', 'client', 'bgrewriteaof'];
/** Commands that run code the server holds (by hash, or a loaded function), or manage it: the code is not on the line. */
const REDIS_CODE = ['evalsha', 'evalsha_ro', 'fcall', 'fcall_ro', 'script'];
/** Commands whose next word is the Lua code they run (`EVAL script numkeys key… arg…`). */
const REDIS_INLINE_CODE = ['eval', 'eval_ro'];

/** `redis-cli EVAL 'code' 0`: the Lua code is the word after the command, run on the server. */
function redisInlineCode(_args: readonly Word[], reading: ArgReading): Form[] {
  const [verb, code] = reading.operands;
  if (verb === undefined) return [];
  const name = verb.kind === 'literal' ? verb.value.toLowerCase() : null;
  if (name !== null && !REDIS_INLINE_CODE.includes(name)) return [];
  if (name === null) throw new Error('the command sent to the server is only known at run time');
  return [{ role: 'executor', program: 'redis-cli', trigger: verb.raw, index: reading.operandIndexes[1] ?? reading.operandIndexes[0]!, value: code ?? null, payload: 'code', note: `${verb.raw} runs the Lua code given after it on the server` }];
}
const REDIS_LOAD = ['module', 'function'];

/** A MySQL statement that has the client send one of its own files to the server. */
const MYSQL_LOCAL_INFILE = /\bLOAD\s+(?:DATA|XML)\s+(?:LOW_PRIORITY\s+|CONCURRENT\s+)?LOCAL\s+INFILE\b/i;

/**
 * nmap's `--script-args` for scripts that upload a file of this machine (`http-put.file=PATH`,
 * `ftp-put`-style `…file=PATH`, `…filename=`, `…path=` with `put`/`upload` in the script's name):
 * each such value is a file it sends to the scanned host.
 */
function nmapSentFiles(_args: readonly Word[], reading: ArgReading): Form[] {
  const forms: Form[] = [];
  for (const option of reading.options) {
    if ((option.key !== 'script-args' && option.name !== '--script-args' && option.name !== '-script-args') || option.value === null) continue;
    for (const match of option.value.raw.replace(/^["']|["']$/g, '').matchAll(/(?:^|[,{\s])[\w.-]*?(?:file|filename|upload|localfile)\s*=\s*["']?([^,}"'\s]+)/gi)) {
      forms.push({ role: 'network', program: 'nmap', trigger: option.name, index: option.valueIndex ?? option.index, value: literalWord(match[1]!), sends: true, everyday: true, note: '--script-args …file=PATH has an upload script send that file to the host' });
    }
  }
  return forms;
}

const DATABASES: readonly ProgramRow[] = [
  {
    names: ['mysql', 'mariadb'],
    category: 'database',
    what: 'the MySQL / MariaDB command line client',
    stdinCode: true,
    grammar: {
      short: 'DehPSu',
      shortAttached: 'p#',
      flags: 'ABCEfHiLnNoqrstUvVwXbcGjKkMTz',
      long: {
        ...valued('default-auth', 'plugin-dir', 'init-command', 'tee', 'defaults-file', 'defaults-extra-file', 'defaults-group-suffix', 'login-path',
          'character-sets-dir', 'default-character-set', 'delimiter', 'prompt', 'connect-timeout', 'max-allowed-packet', 'net-buffer-length',
          'select-limit', 'max-join-size', 'protocol', 'ssl-ca', 'ssl-capath', 'ssl-cert', 'ssl-cipher', 'ssl-key', 'ssl-crl', 'ssl-crlpath', 'ssl-mode',
          'tls-version', 'bind-address', 'load-data-local-dir', 'server-public-key-path', 'histignore', 'dns-srv-name', 'plugin-authentication-kerberos-client-mode'),
        ...flagged('batch', 'silent', 'verbose', 'version', 'help', 'force', 'html', 'xml', 'table', 'vertical', 'raw', 'quick', 'skip-column-names',
          'no-defaults', 'print-defaults', 'safe-updates', 'i-am-a-dummy', 'unbuffered', 'compress', 'no-auto-rehash', 'auto-rehash', 'no-beep',
          'skip-pager', 'no-tee', 'binary-mode', 'comments', 'show-warnings', 'ssl', 'skip-ssl', 'column-names', 'sigint-ignore', 'one-database'),
        pager: 'optional', 'local-infile': 'optional',
        execute: ['value', 'e'], database: ['value', 'D'], host: ['value', 'h'], port: ['value', 'P'], socket: ['value', 'S'], user: ['value', 'u'],
        password: ['optional', 'p'], debug: ['optional', '#'],
      },
    },
    options: [
      { role: 'executor', options: ['-e', '--execute', '--init-command'], when: orNull((v) => MYSQL_SHELL.test(v)), payload: 'shell-text', payloadText: mysqlShellText, example: '\\! id', note: '-e with \\! or system runs a shell command here' },
      { role: 'executor', options: ['--pager'], payload: 'shell-text', example: 'less -S', note: '--pager runs a command to page the output' },
      { role: 'writer', options: ['--tee'], example: 'session.log', note: '--tee copies the whole session to a file' },
      { role: 'loader', options: ['--default-auth', '--plugin-dir'], example: '/tmp/plugins', note: '--default-auth/--plugin-dir load a client plugin library' },
      { role: 'loader', options: ['--defaults-file', '--defaults-extra-file'], example: 'my.cnf', note: '--defaults-file reads options (a pager, an init command) from another file' },
      { role: 'network', options: ['-h', '--host'], everyday: true, example: 'db.example.com', note: '-h connects to the named server' },
      // `LOAD DATA LOCAL INFILE 'PATH'` has the client read PATH and send it to the server: the
      // statement's words are what it sends (the exfiltration arm reads the paths in the text).
      { role: 'network', options: ['-e', '--execute', '--init-command'], when: orNull((v) => MYSQL_LOCAL_INFILE.test(v)), sends: true, everyday: true, example: "LOAD DATA LOCAL INFILE 'rows.csv' INTO TABLE t", note: '-e LOAD DATA LOCAL INFILE sends a file of this machine to the server' },
    ],
    plain: ['--version', '-u root -p mydb', '-e "SHOW DATABASES"', '-N -B -e "SELECT 1" mydb'],
  },
  {
    names: ['psql'],
    category: 'database',
    what: 'the PostgreSQL interactive terminal',
    stdinCode: true,
    grammar: {
      short: 'cdfvLoFPRThpU',
      flags: 'lVX1aebEnqsSAHtxzOwW0',
      long: {
        ...flagged('list', 'version', 'no-psqlrc', 'single-transaction', 'echo-all', 'echo-errors', 'echo-queries', 'echo-hidden', 'no-readline', 'quiet',
          'single-step', 'single-line', 'no-align', 'csv', 'html', 'tuples-only', 'expanded', 'field-separator-zero', 'record-separator-zero', 'no-password', 'password'),
        help: 'optional',
        command: ['value', 'c'], dbname: ['value', 'd'], file: ['value', 'f'], set: ['value', 'v'], variable: ['value', 'v'], 'log-file': ['value', 'L'],
        output: ['value', 'o'], 'field-separator': ['value', 'F'], pset: ['value', 'P'], 'record-separator': ['value', 'R'], 'table-attr': ['value', 'T'],
        host: ['value', 'h'], port: ['value', 'p'], username: ['value', 'U'],
      },
    },
    options: [
      { role: 'executor', options: ['-c', '--command'], when: orNull((v) => PSQL_SHELL.test(v)), payload: 'shell-text', payloadText: psqlShellText, example: '\\! id', note: '-c with \\!, \\o |cmd or COPY … PROGRAM runs a shell command' },
      { role: 'loader', options: ['-c', '--command'], when: orNull((v) => PSQL_INCLUDE.test(v)), example: '\\i setup.sql', note: '-c \\i runs the commands of a file' },
      { role: 'writer', options: ['-c', '--command'], when: orNull((v) => PSQL_WRITE.test(v)), example: '\\o out.txt', note: '-c \\o FILE / \\w FILE writes to a file' },
      { role: 'loader', options: ['-f', '--file'], when: orNull((v) => v !== '-'), example: 'script.sql', note: '-f runs the commands of a file, whose \\! lines run shell commands' },
      { role: 'writer', options: ['-o', '--output'], when: orNull((v) => !v.startsWith('|')), example: 'out.txt', note: '-o writes the query results to a file' },
      { role: 'executor', options: ['-o', '--output'], when: orNull((v) => v.startsWith('|')), payload: 'shell-text', payloadText: (v) => v.slice(1), example: '|tee x', note: '-o |CMD pipes the query results to a shell command' },
      { role: 'writer', options: ['-L', '--log-file'], example: 'session.log', note: '-L writes a log of the session to a file' },
      { role: 'executor', options: ['-v', '--set', '--variable'], when: orNull((v) => v.includes('%`')), example: 'PROMPT1=%`id`', note: '-v PROMPT1=%`cmd` runs a shell command to draw the prompt' },
      { role: 'network', options: ['-h', '--host'], everyday: true, example: 'db.example.com', note: '-h connects to the named server' },
      { role: 'network', options: ['-d', '--dbname'], when: orNull((v) => PG_CONNINFO.test(v)), everyday: true, example: 'postgresql://db.example.com/app', note: '-d with a URI or host= connects to that server' },
    ],
    operands: [{ role: 'network', operand: 0, when: orNull((t) => PG_CONNINFO.test(t)), everyday: true, example: 'postgresql://db.example.com/app', note: 'a connection URI connects to that server' }],
    plain: ['--version', '-l', '-c "SELECT 1"', '-X -A -t -c "select now()"', '-U app mydb'],
  },
  {
    names: ['pg_dump'],
    category: 'database',
    what: 'dumps a PostgreSQL database as SQL or an archive',
    // Not read-only: it contacts hosts it is given (a database server, a name server).
    readOnly: false,
    grammar: {
      short: 'fFjnNtTZdhpUESe',
      flags: 'abBcCOsxvVwWo',
      long: {
        ...valued('role', 'snapshot', 'exclude-table-data', 'lock-wait-timeout', 'extra-float-digits', 'rows-per-insert', 'section', 'filter', 'exclude-extension',
          'include-foreign-data', 'table-and-children', 'exclude-table-and-children', 'exclude-table-data-and-children', 'sync-method'),
        ...flagged('data-only', 'schema-only', 'clean', 'create', 'no-owner', 'no-privileges', 'verbose', 'version', 'help', 'if-exists', 'inserts',
          'column-inserts', 'no-comments', 'no-password', 'password'),
        file: ['value', 'f'], format: ['value', 'F'], jobs: ['value', 'j'], schema: ['value', 'n'], 'exclude-schema': ['value', 'N'], table: ['value', 't'],
        'exclude-table': ['value', 'T'], compress: ['value', 'Z'], dbname: ['value', 'd'], host: ['value', 'h'], port: ['value', 'p'],
        username: ['value', 'U'], encoding: ['value', 'E'], superuser: ['value', 'S'], extension: ['value', 'e'],
      },
    },
    options: [
      { role: 'writer', options: ['-f', '--file'], when: orNull((v) => v !== '-'), example: 'dump.sql', note: '-f writes the dump to a file (or a folder with -Fd)' },
      { role: 'network', options: ['-h', '--host'], everyday: true, example: 'db.example.com', note: '-h connects to the named server' },
      { role: 'network', options: ['-d', '--dbname'], when: orNull((v) => PG_CONNINFO.test(v)), everyday: true, example: 'postgresql://db.example.com/app', note: '-d with a URI or host= connects to that server' },
    ],
    operands: [{ role: 'network', operand: 0, when: orNull((t) => PG_CONNINFO.test(t)), everyday: true, example: 'postgresql://db.example.com/app', note: 'a connection URI connects to that server' }],
    plain: ['--version', 'mydb', '-Fc mydb', '-s -U app mydb'],
  },
  {
    names: ['redis-cli'],
    category: 'database',
    what: 'the Redis command line client',
    grammar: {
      short: 'hpsaunrid',
      flags: 'xXce23',
      stopAtOperand: true,
      abbreviations: false,
      long: {
        ...valued('user', 'pass', 'rdb', 'functions-rdb', 'eval', 'pattern', 'count', 'quoted-pattern', 'intrinsic-latency', 'ldb-sync-mode', 'pipe-timeout',
          'cacert', 'cacertdir', 'cert', 'key', 'tls-ciphers', 'tls-ciphersuites', 'sni', 'memkeys-samples'),
        ...flagged('askpass', 'tls', 'insecure', 'pipe', 'bigkeys', 'memkeys', 'hotkeys', 'scan', 'ldb', 'verbose', 'no-auth-warning', 'no-raw', 'raw', 'csv',
          'json', 'quoted-json', 'show-pushes', 'stat', 'latency', 'latency-history', 'latency-dist', 'lru-test', 'replica', 'help', 'version'),
      },
    },
    options: [
      { role: 'network', options: ['-h', '-u'], everyday: true, example: 'redis.example.com', note: '-h/-u connect to the named server' },
      { role: 'writer', options: ['--rdb', '--functions-rdb'], example: 'dump.rdb', note: '--rdb saves a copy of the server\'s data to a local file' },
      { role: 'loader', options: ['--eval'], example: 'script.lua', note: '--eval runs a Lua script file on the server' },
    ],
    read: redisInlineCode,
    operands: [
      { role: 'destructive', operand: 0, when: orNull((t) => REDIS_DESTRUCTIVE.includes(t.toLowerCase())), example: 'FLUSHALL', note: 'FLUSHALL/SHUTDOWN/CONFIG/DEL… delete data or change the server (CONFIG SET can make it write any file)' },
      { role: 'executor', operand: 0, when: orNull((t) => REDIS_CODE.includes(t.toLowerCase())), payload: 'code', example: 'EVALSHA', note: 'EVALSHA and FCALL run Lua code the server holds, which nobody has read' },
      { role: 'loader', operand: 0, when: orNull((t) => REDIS_LOAD.includes(t.toLowerCase())), example: 'MODULE', note: 'MODULE LOAD / FUNCTION LOAD load code into the server' },
    ],
    plain: ['ping', 'get mykey', 'info', '--version', '-n 1 keys "user:*"'],
  },
  {
    names: ['mongosh', 'mongo'],
    category: 'database',
    what: 'the MongoDB shell (a JavaScript REPL)',
    stdinCode: true,
    grammar: {
      short: 'upf',
      flags: 'h',
      abbreviations: false,
      long: {
        ...valued('eval', 'host', 'port', 'authenticationDatabase', 'authenticationMechanism', 'apiVersion', 'tlsCAFile', 'tlsCertificateKeyFile',
          'tlsCertificateKeyFilePassword', 'tlsCRLFile', 'gssapiServiceName', 'sspiHostnameCanonicalization', 'awsAccessKeyId', 'awsSecretAccessKey',
          'awsSessionToken', 'csfleLibraryPath', 'cryptSharedLibPath', 'keyVaultNamespace', 'kmsURL'),
        ...flagged('shell', 'nodb', 'norc', 'quiet', 'verbose', 'help', 'version', 'tls', 'apiStrict', 'apiDeprecationErrors', 'build-info', 'retryWrites'),
        username: ['value', 'u'], password: ['value', 'p'], file: ['value', 'f'],
      },
    },
    options: [
      { role: 'executor', options: ['--eval'], payload: 'code', example: 'db.dropDatabase()', note: '--eval runs the JavaScript given on the command line' },
      { role: 'loader', options: ['-f', '--file'], everyday: true, example: 'script.js', note: '-f runs a JavaScript file' },
      { role: 'loader', options: ['--csfleLibraryPath', '--cryptSharedLibPath'], example: '/tmp/lib.so', note: '--cryptSharedLibPath loads a shared library' },
      { role: 'network', options: ['--host'], everyday: true, example: 'db.example.com', note: '--host connects to the named server' },
    ],
    operands: [
      { role: 'network', operand: 'every', when: orNull((t) => /^mongodb(\+srv)?:\/\//.test(t) || /^[A-Za-z0-9.-]+:\d+(\/|$)/.test(t)), everyday: true, example: 'mongodb://db.example.com/app', note: 'mongosh connects to the server in the connection string' },
      { role: 'loader', operand: 'every', when: orNull((t) => /\.(m?js|cjs)$/.test(t)), everyday: true, example: 'script.js', note: 'mongosh runs the JavaScript files it is given' },
    ],
    plain: ['--version', '--help', '--nodb --quiet'],
  },
  {
    names: ['sqlite3', 'sqlite'],
    category: 'database',
    what: 'the SQLite command line shell',
    stdinCode: true,
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('cmd', 'init', 'separator', 'newline', 'nullvalue', 'vfs', 'mmap', 'lookaside', 'pagecache', 'heap', 'maxsize', 'nonce', 'escape'),
        ...flagged('append', 'ascii', 'bail', 'batch', 'box', 'column', 'csv', 'deserialize', 'echo', 'header', 'noheader', 'help', 'html', 'interactive',
          'json', 'line', 'list', 'markdown', 'memtrace', 'nofollow', 'quote', 'readonly', 'safe', 'stats', 'table', 'tabs', 'version', 'zip', 'A'),
      },
    },
    options: [
      ...sqliteRoles('option').map((r) => ({ ...r, options: ['-cmd', '--cmd'] })),
      { role: 'loader', options: ['-init', '--init'], example: 'setup.sql', note: '-init runs the commands of a file first (its .shell lines run commands)' },
    ],
    operands: sqliteRoles('operand').map((r) => ({ ...r, operand: 'all-but-first' as const })),
    // `-A…` (`-Ax`, `-Acf`): the rest of the line is an .archive command, which extracts or writes files.
    read: (args) => {
      const forms: Form[] = [];
      args.forEach((word, k) => {
        if (word.kind === 'literal' && /^--?A/.test(word.value)) {
          forms.push({ role: 'writer', program: 'sqlite3', trigger: word.value, index: k, value: word, note: '-A runs an .archive command, which extracts files or writes the archive' });
        }
      });
      return forms;
    },
    plain: ['app.db .tables', 'app.db "SELECT count(*) FROM users"', '-readonly app.db .schema', '-version', ':memory: "select 1"'],
  },
  {
    // DuckDB's shell is SQLite's: the same dot-commands (.shell, .system, .output |cmd, .read, .import).
    names: ['duckdb'],
    category: 'database',
    what: 'the DuckDB command line shell',
    stdinCode: true,
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('c', 's', 'cmd', 'init', 'separator', 'newline', 'nullvalue'),
        ...flagged('append', 'ascii', 'bail', 'batch', 'box', 'column', 'csv', 'echo', 'header', 'noheader', 'help', 'html', 'interactive', 'json',
          'line', 'list', 'markdown', 'quote', 'readonly', 'safe', 'table', 'version', 'unredacted', 'no-stdin', 'unsigned', 'storage-version'),
      },
    },
    options: [
      ...duckdbRoles('option').map((r) => ({ ...r, options: ['-c', '-s', '-cmd', '--cmd'] })),
      { role: 'loader', options: ['-init', '--init'], example: 'setup.sql', note: '-init runs the commands of a file first (its .shell lines run commands)' },
      { role: 'loader', options: ['-unsigned'], note: '-unsigned lets SQL load extensions nobody signed' },
    ],
    operands: duckdbRoles('operand').map((r) => ({ ...r, operand: 'all-but-first' as const })),
    plain: ['app.duckdb .tables', 'app.duckdb "SELECT count(*) FROM t"', '-readonly app.duckdb .schema', '-version', '-c "select 42"'],
  },
];

// ---------------------------------------------------------------------------------------------
// HTTP clients, lookups and probes
// ---------------------------------------------------------------------------------------------

/** An HTTPie/xh request item that reads a local file: `field@path`, `field=@path`, `field:=@path`, `@path`. */
const HTTPIE_FILE_ITEM = /^[A-Za-z0-9_.\-[\]]*(?:=@|:=@|@)[^@]/;
/** The URL of an HTTPie/xh line: a scheme, `:port/path` shorthand, localhost or a dotted host. */
const HTTPIE_URL = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|:\d*(?:\/|$)|localhost(?:[:/]|$)|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d+)?(?:\/|$))/;

function httpieRow(names: string[], what: string, abbreviations: boolean): ProgramRow {
  return {
    names,
    category: 'network',
    what,
    grammar: {
      short: 'oaApPs',
      flags: 'jfhbvSdcqFIxm',
      abbreviations,
      long: {
        ...valued('session', 'session-read-only', 'boundary', 'raw', 'pretty', 'proxy', 'max-redirects', 'max-headers', 'timeout', 'ssl', 'ciphers', 'cert',
          'cert-key', 'cert-key-pass', 'verify', 'format-options', 'response-charset', 'response-mime', 'default-scheme', 'bearer', 'http-version', 'resolve', 'interface'),
        ...flagged('json', 'form', 'multipart', 'headers', 'body', 'verbose', 'all', 'stream', 'download', 'continue', 'quiet', 'follow', 'check-status',
          'path-as-is', 'chunked', 'offline', 'unsorted', 'sorted', 'ignore-stdin', 'compress', 'traceback', 'debug', 'version', 'help', 'curl', 'https', 'native-tls'),
        output: ['value', 'o'], auth: ['value', 'a'], 'auth-type': ['value', 'A'], print: ['value', 'p'], 'history-print': ['value', 'P'], style: ['value', 's'],
      },
    },
    options: [
      { role: 'writer', options: ['-o', '--output'], example: 'body.json', note: '-o writes the response body to a file' },
      { role: 'writer', options: ['--session'], when: orNull((v) => v.includes('/')), example: './session.json', note: '--session PATH keeps the cookies and headers in that file' },
    ],
    operands: [
      { role: 'network', operand: 'all-but-first', when: orNull((t) => HTTPIE_FILE_ITEM.test(t) && !HTTPIE_URL.test(t)), example: 'file@report.pdf', note: 'a FIELD@PATH item sends a local file to the host' },
      { role: 'network', operand: 'every', when: orNull((t) => HTTPIE_URL.test(t)), everyday: true, example: 'https://example.com/api', note: 'the client contacts the URL it is given' },
    ],
    plain: ['--version', '--help'],
  };
}

const PROBES: readonly ProgramRow[] = [
  httpieRow(['http', 'https'], 'HTTPie, a command line HTTP client', true),
  httpieRow(['xh', 'xhs'], 'xh, an HTTPie-compatible HTTP client', false),
  {
    // Sending the query to the server named with -h (GTFOBins upload/download) is whois's own job.
    names: ['whois'],
    category: 'network',
    what: 'looks up domain and address registrations',
    grammar: { short: 'hpisgTtvq', flags: 'HIlLmMcxbBGdKrRa', long: { ...flagged('verbose', 'help', 'version', 'no-recursion'), host: ['value', 'h'], port: ['value', 'p'] } },
    options: [{ role: 'network', options: ['-h', '--host'], everyday: true, example: 'whois.example.net', note: '-h asks the named whois server' }],
    plain: ['example.com', '8.8.8.8', '--version'],
  },
  {
    // Sending USER@HOST to that host (GTFOBins upload/download) is finger's own job.
    names: ['finger'],
    category: 'network',
    what: 'shows information about users, here or on another host',
    grammar: { flags: 'lmsp' },
    operands: [{ role: 'network', operand: 'every', when: orNull((t) => t.includes('@')), everyday: true, example: 'alice@example.com', note: 'USER@HOST asks the finger server on that host' }],
    plain: ['', 'alice', '-l alice'],
  },
  {
    // getopt_long_only: `-oN` and `--oN`, `-script` and `--script` are the same options.
    names: ['nmap'],
    category: 'network',
    what: 'a network scanner',
    grammar: {
      singleDash: true,
      long: {
        ...valued('p', 'oN', 'oX', 'oS', 'oG', 'oA', 'oM', 'oH', 'iL', 'iR', 'e', 'S', 'D', 'g', 'b', 'M', 'm', 'script', 'script-args', 'script-args-file',
          'datadir', 'servicedb', 'versiondb', 'resume', 'stylesheet', 'exclude', 'excludefile', 'top-ports', 'max-retries', 'host-timeout', 'min-rate',
          'max-rate', 'scan-delay', 'max-scan-delay', 'data-length', 'data', 'data-string', 'ttl', 'source-port', 'spoof-mac', 'proxies', 'dns-servers',
          'min-parallelism', 'max-parallelism', 'min-hostgroup', 'max-hostgroup', 'min-rtt-timeout', 'max-rtt-timeout', 'initial-rtt-timeout',
          'version-intensity', 'mtu', 'ip-options', 'script-timeout', 'sI', 'T', 'port-ratio', 'exclude-ports'),
        ...flagged('interactive', 'append-output', 'script-trace', 'script-updatedb', 'privileged', 'unprivileged', 'version', 'help', 'h', 'V', 'open',
          'reason', 'packet-trace', 'iflist', 'traceroute', 'n', 'R', 'A', 'F', 'r', 'v', 'vv', 'd', 'sn', 'sS', 'sT', 'sU', 'sV', 'sC', 'Pn', 'O', '6'),
      },
    },
    read: nmapSentFiles,
    options: [
      { role: 'loader', options: ['-script', '--script'], when: orNull((v) => v !== 'default'), example: './probe.nse', note: '--script runs NSE scripts (Lua), the named ones or the files given' },
      { role: 'loader', options: ['-datadir', '--datadir'], example: '/tmp/nmapdata', note: '--datadir loads nmap\'s scripts and data from another folder' },
      { role: 'writer', options: ['-oN', '-oX', '-oS', '-oG', '-oA', '-oM', '-oH', '--oN', '--oX', '--oG', '--oA'], when: orNull((v) => v !== '-'), example: 'scan.txt', note: '-oN/-oX/-oG/-oA write the scan results to files' },
      { role: 'executor', options: ['-interactive', '--interactive'], note: '--interactive (old versions) opens a prompt whose ! runs shell commands' },
      { role: 'network', options: ['-proxies', '--proxies'], everyday: true, example: 'socks4://proxy:1080', note: '--proxies relays the probes through proxies' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'scanme.example.com', note: 'nmap probes the targets it is given' }],
    plain: ['--version', '-h', '-iL hosts.txt -sn'],
  },
  {
    names: ['dig'],
    category: 'network',
    what: 'a DNS lookup tool',
    grammar: { short: 'bcfkpqtxy', flags: '46dhimnruv' },
    // `-f FILE` asks every line of FILE as a name: the file's lines go to the name servers.
    options: [{ role: 'network', options: ['-f'], sends: true, everyday: true, example: 'names.txt', note: '-f asks each line of the file as a name, sending the lines to the name servers' }],
    operands: [
      { role: 'network', operand: 'every', when: orNull((t) => t.startsWith('@')), everyday: true, example: '@8.8.8.8', note: '@SERVER sends the query to that name server' },
      // A name asked carries what is written in it to the name servers on the way (DNS exfiltration).
      { role: 'network', operand: 'every', when: (t) => t === null || t.includes('$('), sends: true, everyday: true, example: '$(id).x.example', note: 'a name only known at run time sends what it holds to the name servers' },
    ],
    plain: ['example.com', 'example.com MX +short', '-x 8.8.8.8', '+trace example.org'],
  },
  {
    names: ['host'],
    category: 'network',
    what: 'a simple DNS lookup tool',
    grammar: { short: 'cNRtWm', flags: 'aACdilrsTUvVw46' },
    operands: [{ role: 'network', operand: 1, everyday: true, example: '8.8.8.8', note: 'the second operand is the name server to ask' }, RUN_TIME_NAME_SENT],
    plain: ['example.com', '-t MX example.com', '-a example.org'],
  },
  {
    names: ['nslookup'],
    category: 'network',
    what: 'queries DNS name servers (interactive or one-shot)',
    grammar: { singleDash: true, abbreviations: false },
    operands: [{ role: 'network', operand: 1, everyday: true, example: '8.8.8.8', note: 'the second operand is the name server to ask' }, RUN_TIME_NAME_SENT],
    plain: ['example.com', '-type=mx example.com'],
  },
  {
    names: ['ping', 'ping6'],
    category: 'network',
    what: 'sends ICMP echo requests to a host',
    grammar: { short: 'ciIlmMpQsStTwWFe', flags: '46aAbBdDfhLnOqrRUvV' },
    // `-p PATTERN` fills each packet with those bytes: a pattern only known at run time sends what it holds.
    options: [{ role: 'network', options: ['-p'], when: (v) => v === null || v.includes('$('), sends: true, everyday: true, example: '$(id)', note: '-p fills the packets with bytes only known at run time, sending them to the host' }],
    operands: [{ role: 'network', operand: 'last', everyday: true, example: 'example.com', note: 'ping sends packets to the host it is given' }],
    plain: ['-V'],
  },
  {
    names: ['fping'],
    category: 'network',
    what: 'pings many hosts at once',
    grammar: { short: 'bBcCHiIOpQrStTf', flags: 'aAdDeglmnNoqRsuvxh46' },
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'example.com', note: 'fping sends packets to the hosts it is given' }],
    plain: ['-v', '-h'],
  },
  {
    // Without a host, hping3 (built with Tcl) reads Tcl commands from standard input.
    names: ['hping3', 'hping'],
    category: 'network',
    what: 'a packet generator and analyser for TCP/IP',
    stdinCode: true,
    grammar: {
      short: 'cidIatNHgmospwOMLeECK89',
      flags: 'hvnqVDzZ012rWfxyGbQkFSRPAUXYjJBuT',
      abbreviations: false,
      long: {
        ...flagged('flood', 'help', 'version', 'rand-source', 'rand-dest', 'icmp', 'udp', 'syn', 'fast', 'faster', 'dump', 'print', 'safe', 'end', 'traceroute'),
        count: ['value', 'c'], interval: ['value', 'i'], interface: ['value', 'I'], spoof: ['value', 'a'], ttl: ['value', 't'], data: ['value', 'd'],
        file: ['value', 'E'], sign: ['value', 'e'], listen: ['value', '9'], scan: ['value', '8'], destport: ['value', 'p'], baseport: ['value', 's'],
      },
    },
    options: [
      { role: 'network', options: ['-E', '--file'], example: 'secrets.txt', note: '-E sends a local file\'s bytes inside the packets' },
      { role: 'listener', options: ['-9', '--listen'], example: 'signature', note: '--listen waits for packets carrying a signature and prints what follows' },
      { role: 'destructive', options: ['--flood'], note: '--flood sends packets as fast as it can (a flood)' },
    ],
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'example.com', note: 'hping3 sends packets to the host it is given' }],
    plain: ['--version', '-h'],
  },
  {
    names: ['mtr'],
    category: 'network',
    what: 'a traceroute and ping combined',
    grammar: {
      short: 'FaBcfGiImMPLQsUyZo',
      flags: '46hvruTSwxtlCpjgnbez',
      long: { ...flagged('report', 'report-wide', 'json', 'xml', 'csv', 'raw', 'split', 'curses', 'gtk', 'no-dns', 'show-ips', 'aslookup', 'help', 'version', 'udp', 'tcp'), 'report-cycles': ['value', 'c'], interval: ['value', 'i'], 'max-ttl': ['value', 'm'], order: ['value', 'o'], ipinfo: ['value', 'y'], filename: ['value', 'F'] },
    },
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'example.com', note: 'mtr probes the route to the host it is given' }],
    plain: ['--version', '-h'],
  },
  {
    names: ['traceroute', 'traceroute6', 'tcptraceroute'],
    category: 'network',
    what: 'prints the route packets take to a host',
    grammar: { short: 'fgimNptlwqszMOP', flags: '46IdFTUnreAVD', long: { ...valued('sport', 'fwmark', 'mtu'), ...flagged('back', 'help', 'version') } },
    operands: [{ role: 'network', operand: 0, everyday: true, example: 'example.com', note: 'traceroute probes the route to the host it is given' }],
    plain: ['--version', '--help'],
  },
  {
    // iftop's `!` key (some versions) reads a shell command from the terminal and runs it.
    names: ['iftop'],
    category: 'network',
    what: 'shows bandwidth use per connection on an interface',
    stdinCode: true,
    grammar: { short: 'ifFGcmLos', flags: 'hnNpbBPltT' },
    plain: ['-h', '-t -s 10 -i eth0'],
  },
  {
    names: ['irssi'],
    category: 'network',
    what: 'a terminal IRC client',
    grammar: {
      short: 'cwpnh',
      abbreviations: true,
      long: { ...valued('config', 'home'), ...flagged('version', 'help', 'noconnect', 'dummy'), connect: ['value', 'c'], password: ['value', 'w'], port: ['value', 'p'], nick: ['value', 'n'], hostname: ['value', 'h'] },
    },
    options: [
      { role: 'network', options: ['-c', '--connect'], everyday: true, example: 'irc.example.net', note: '-c connects to the named IRC server' },
      { role: 'loader', options: ['--config', '--home'], example: '/tmp/irssi', note: '--config/--home read another configuration, whose autorun scripts run' },
    ],
    plain: ['--version', '--help'],
  },
];

// ---------------------------------------------------------------------------------------------
// VPNs, serial lines, mail, downloads, backups, plugins
// ---------------------------------------------------------------------------------------------

const OPENVPN_SCRIPTS = [
  '--up', '--down', '--route-up', '--route-pre-down', '--ipchange', '--client-connect', '--client-disconnect', '--learn-address',
  '--auth-user-pass-verify', '--tls-verify', '--tls-crypt-v2-verify',
];

const RCLONE_GRAMMAR: Grammar = {
  flags: 'vPqniLlMucIh',
  abbreviations: false,
  long: {
    ...valued('config', 'password-command', 'sftp-ssh', 'rc-addr', 'log-file', 'log-level', 'metadata-mapper', 'transfers', 'checkers', 'bwlimit', 'include',
      'exclude', 'filter', 'filter-from', 'include-from', 'exclude-from', 'files-from', 'max-age', 'min-age', 'max-size', 'min-size', 'retries',
      'low-level-retries', 'timeout', 'contimeout', 'user-agent', 'backup-dir', 'suffix', 'cache-dir', 'stats', 'stats-log-level', 'max-transfer',
      'cutoff-mode', 'order-by', 'multi-thread-streams', 'buffer-size', 'tpslimit', 'rc-user', 'rc-pass', 'rc-htpasswd', 'rc-files', 'header',
      'header-upload', 'header-download', 'bind', 'max-depth', 'compare-dest', 'copy-dest', 'dump', 'sftp-key-file', 'sftp-host', 'sftp-user'),
    ...flagged('rc', 'rc-no-auth', 'rc-web-gui', 'rc-serve', 'dry-run', 'interactive', 'progress', 'quiet', 'verbose', 'checksum', 'update', 'links',
      'copy-links', 'metadata', 'ignore-existing', 'help', 'version', 'no-check-certificate', 'fast-list', 'use-server-modtime'),
  },
};

const RCLONE_GLOBALS: readonly OptionRole[] = [
  { role: 'loader', options: ['--config'], example: 'rclone.conf', note: '--config reads another rclone configuration (remotes can name commands to run)' },
  { role: 'executor', options: ['--password-command'], payload: 'shell-text', example: 'pass show rclone', note: '--password-command runs a command to get the configuration password' },
  { role: 'executor', options: ['--sftp-ssh'], payload: 'shell-text', example: 'ssh -i key host', note: '--sftp-ssh runs this command instead of the built-in SSH client' },
  { role: 'executor', options: ['--metadata-mapper'], payload: 'program', example: '/tmp/mapper', note: '--metadata-mapper runs a program on each file\'s metadata' },
  { role: 'listener', options: ['--rc'], note: '--rc starts the remote control server' },
  { role: 'listener', options: ['--rc-addr'], when: orNull(opensBind), example: '0.0.0.0:5572', note: '--rc-addr opens the remote control server on an address others can reach' },
  { role: 'writer', options: ['--log-file'], example: 'rclone.log', note: '--log-file writes a log file' },
];

const RESTIC_GRAMMAR: Grammar = {
  short: 'rpo',
  flags: 'qv',
  abbreviations: false,
  long: {
    ...valued('repository-file', 'password-command', 'key-hint', 'cache-dir', 'cacert', 'tls-client-cert', 'limit-upload', 'limit-download', 'pack-size',
      'compression', 'retry-lock', 'stuck-request-timeout', 'tag', 'host', 'path', 'exclude', 'iexclude', 'exclude-file', 'files-from', 'target', 'keep-last',
      'keep-daily', 'keep-weekly', 'keep-monthly', 'keep-yearly', 'keep-within', 'keep-tag'),
    ...flagged('json', 'no-cache', 'no-lock', 'cleanup-cache', 'insecure-tls', 'no-extra-verify', 'quiet', 'help', 'version', 'dry-run'),
    repo: ['value', 'r'], 'password-file': ['value', 'p'], option: ['value', 'o'],
  },
};

const RESTIC_GLOBALS: readonly OptionRole[] = [
  { role: 'executor', options: ['--password-command'], payload: 'shell-text', example: 'pass show restic', note: '--password-command runs a command to get the repository password' },
  {
    role: 'executor',
    options: ['-o', '--option'],
    when: orNull((v) => /^(sftp\.command|sftp\.args|rclone\.program|rclone\.args)=/.test(v)),
    payload: 'shell-text',
    payloadText: (v) => v.slice(v.indexOf('=') + 1),
    example: 'sftp.command=ssh -i key host',
    note: '-o sftp.command=/rclone.program= runs this command to reach the repository',
  },
  { role: 'network', options: ['-r', '--repo'], when: orNull((v) => /^(sftp|rest|s3|swift|b2|azure|gs|rclone):/.test(v)), everyday: true, example: 'sftp:host:/backups', note: '-r names a repository on another host' },
];

const BORG_REMOTE = /^ssh:\/\/|^[^/:\s]*@[^/:\s]+:/;

const SERVICES: readonly ProgramRow[] = [
  {
    names: ['openvpn'],
    category: 'network',
    what: 'the OpenVPN daemon and client',
    grammar: {
      abbreviations: false,
      long: {
        ...valued(...OPENVPN_SCRIPTS.map((o) => o.slice(2)), 'config', 'plugin', 'script-security', 'log', 'log-append', 'status', 'writepid', 'replay-persist',
          'ifconfig-pool-persist', 'management', 'remote', 'dev', 'dev-type', 'proto', 'port', 'lport', 'rport', 'ca', 'cert', 'key', 'tls-auth', 'tls-crypt',
          'cd', 'chroot', 'user', 'group', 'mode', 'server', 'verb', 'cipher', 'auth', 'data-ciphers', 'secret', 'ping', 'ping-restart', 'keepalive', 'route',
          'ifconfig', 'setenv', 'push', 'dhcp-option', 'pull-filter', 'topology', 'iroute', 'client-config-dir', 'crl-verify', 'dh', 'auth-user-pass', 'askpass'),
        ...flagged('tls-server', 'tls-client', 'client', 'nobind', 'persist-key', 'persist-tun', 'help', 'version', 'show-ciphers', 'show-digests', 'genkey', 'daemon'),
      },
    },
    options: [
      { role: 'executor', options: OPENVPN_SCRIPTS, payload: 'shell-text', example: '/etc/openvpn/up.sh', note: '--up/--down/--client-connect… run a command when the tunnel changes' },
      { role: 'loader', options: ['--plugin'], example: '/tmp/plugin.so', note: '--plugin loads a plugin library into openvpn' },
      { role: 'loader', options: ['--config'], everyday: true, example: 'client.ovpn', note: '--config reads the connection\'s configuration (which can name scripts to run)' },
      { role: 'writer', options: ['--log', '--log-append', '--status', '--writepid', '--replay-persist', '--ifconfig-pool-persist'], example: 'openvpn.log', note: '--log/--status/--writepid write files' },
      { role: 'listener', options: ['--management'], when: orNull((v) => !v.startsWith('/') && !isLoopback(v)), example: '0.0.0.0', note: '--management opens a control port that can steer the daemon' },
      { role: 'listener', options: ['--server', '--tls-server'], example: '10.8.0.0', note: '--server accepts VPN clients' },
      { role: 'listener', options: ['--mode'], when: orNull((v) => v === 'server'), example: 'server', note: '--mode server accepts VPN clients' },
      { role: 'network', options: ['--remote'], everyday: true, example: 'vpn.example.com', note: '--remote connects to the named VPN server' },
    ],
    operands: [{ role: 'loader', operand: 0, everyday: true, example: 'client.ovpn', note: 'openvpn reads the configuration file it is given (which can name scripts to run)' }],
    plain: ['--version', '--help', '--show-ciphers'],
  },
  {
    // Running an interface by name reads /etc/wireguard/NAME.conf, the administrator's own file.
    names: ['wg-quick'],
    category: 'network',
    what: 'brings WireGuard interfaces up and down from a configuration file',
    operands: [{ role: 'loader', operand: 1, when: orNull((t) => t.includes('/') || t.endsWith('.conf')), example: './tunnel.conf', note: 'a configuration path is read, and its PreUp/PostUp lines run as shell commands' }],
    plain: ['up wg0', 'down wg0', 'strip wg0'],
  },
  {
    names: ['wg'],
    category: 'network',
    what: 'configures WireGuard interfaces',
    subcommands: {
      set: { role: { role: 'destructive', note: 'wg set changes an interface\'s key, port or peers' } },
      setconf: { role: { role: 'destructive', note: 'wg setconf replaces an interface\'s configuration' } },
      addconf: { role: { role: 'destructive', note: 'wg addconf adds peers to an interface' } },
      syncconf: { role: { role: 'destructive', note: 'wg syncconf replaces an interface\'s configuration' } },
    },
    plain: ['show', 'show wg0 peers', 'genkey', 'pubkey'],
  },
  {
    // The TUI's own shell escape (Ctrl-A, configured commands) cannot be read from the line.
    names: ['minicom'],
    category: 'network',
    what: 'a serial line terminal',
    grammar: {
      short: 'bDatcSCRpF',
      flags: 'somMzlLwHT78hv',
      long: { ...flagged('setup', 'noinit', 'metakey', 'metakey8', 'statline', 'wrap', 'help', 'version'), baudrate: ['value', 'b'], device: ['value', 'D'], script: ['value', 'S'], capturefile: ['value', 'C'], term: ['value', 't'], color: ['value', 'c'], attrib: ['value', 'a'] },
    },
    options: [
      { role: 'loader', options: ['-S', '--script'], example: 'script.txt', note: '-S runs a runscript file, whose ! lines run shell commands' },
      { role: 'writer', options: ['-C', '--capturefile'], example: 'capture.txt', note: '-C writes everything received to a file' },
    ],
    plain: ['-v', '-h'],
  },
  {
    // Reading mode takes commands from standard input, and `!` among them runs a shell command.
    names: ['mail', 'mailx', 'bsd-mailx', 's-nail'],
    category: 'network',
    what: 'the mail reader and sender (mailx family)',
    stdinCode: true,
    grammar: {
      short: 'sScbraAfEuqXYTOM',
      flags: 'dinNvVtHFBe',
      long: { ...flagged('version', 'help'), exec: ['value', 'E'], attach: ['value', 'A'], subject: ['value', 's'], append: ['value', 'a'], 'return-address': ['value', 'r'], file: ['optional', 'f'] },
    },
    options: [
      {
        role: 'executor',
        options: ['-E', '--exec', '-X', '-Y'],
        payload: 'shell-text',
        payloadText: (v) => /(?:^|;)\s*(?:!|\||pipe\s|shell\s)([^;]*)/.exec(v)?.[1] ?? '',
        example: '!id',
        note: '-E runs a mail command first; !, | and pipe run shell commands',
      },
      { role: 'executor', options: ['-S'], when: orNull((v) => /^(sendmail|mta|editor|visual|pager|shell)=/i.test(v)), payload: 'program', example: 'sendmail=/tmp/run', note: '-S sendmail=/editor=/shell= names a program mail runs' },
      { role: 'network', options: ['-a', '-A', '--attach', '--append'], sends: true, example: 'secrets.txt', note: '-a/-A attach a local file to the message (in some versions -a adds a header)' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'bob@example.com', note: 'mail sends the message to the recipients it is given' }],
    plain: ['--version', '-H'],
  },
  {
    names: ['mutt', 'neomutt'],
    category: 'network',
    what: 'a terminal mail client',
    grammar: { short: 'aAbcdeFfHimQs', flags: 'DEhnpRvxyzZN' },
    options: [
      { role: 'executor', options: ['-e'], payload: 'shell-text', payloadText: (v) => /`([^`]*)`/.exec(v)?.[1] ?? '', example: 'set editor=vim', note: '-e runs a muttrc command (settings name programs; `…` runs a shell command)' },
      { role: 'loader', options: ['-F'], example: 'muttrc', note: '-F reads another muttrc, whose settings and backquotes run commands' },
      { role: 'network', options: ['-a'], sends: true, example: 'secrets.txt', note: '-a attaches local files to the message' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'bob@example.com', note: 'mutt sends the message to the recipients it is given' }],
    plain: ['-v', '-h'],
  },
  {
    names: ['yt-dlp', 'youtube-dl'],
    category: 'network',
    what: 'downloads videos and audio from many sites',
    grammar: {
      short: 'oPafSrRNupIt',
      flags: 'xkUiwcvqsgejJF46',
      long: {
        ...valued('exec', 'exec-before-download', 'config-locations', 'config-location', 'plugin-dirs', 'use-postprocessor', 'downloader', 'external-downloader',
          'downloader-args', 'external-downloader-args', 'ffmpeg-location', 'netrc-cmd', 'netrc-location', 'cookies', 'cookies-from-browser', 'download-archive',
          'load-info-json', 'print-to-file', 'cache-dir', 'proxy', 'update-to', 'merge-output-format', 'remux-video', 'recode-video', 'audio-format',
          'audio-quality', 'postprocessor-args', 'ppa', 'parse-metadata', 'referer', 'user-agent', 'add-headers', 'print', 'match-filters', 'sub-langs'),
        ...flagged('update', 'version', 'help', 'list-extractors', 'extract-audio', 'keep-video', 'ignore-errors', 'no-overwrites', 'continue', 'verbose',
          'quiet', 'simulate', 'get-url', 'dump-json', 'dump-single-json', 'list-formats', 'write-subs', 'write-thumbnail', 'embed-subs', 'no-playlist'),
        output: ['value', 'o'], paths: ['value', 'P'], 'batch-file': ['value', 'a'], format: ['value', 'f'], 'format-sort': ['value', 'S'], 'limit-rate': ['value', 'r'],
        retries: ['value', 'R'], 'concurrent-fragments': ['value', 'N'], username: ['value', 'u'], password: ['value', 'p'], 'playlist-items': ['value', 'I'], 'preset-alias': ['value', 't'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['--exec', '--exec-before-download', '--netrc-cmd'],
        payload: 'shell-text',
        payloadText: (v) => v.replace(/^(?:pre_process|after_filter|video|before_dl|post_process|after_move|after_video|playlist):/, ''),
        example: 'echo {}',
        note: '--exec runs a shell command for each downloaded file',
      },
      { role: 'executor', options: ['--downloader', '--external-downloader', '--ffmpeg-location'], payload: 'program', example: '/tmp/dl', note: '--downloader/--ffmpeg-location name a program yt-dlp runs' },
      { role: 'loader', options: ['--config-locations', '--config-location', '--plugin-dirs', '--use-postprocessor'], example: 'yt.conf', note: '--config-locations/--plugin-dirs read options or Python plugins from elsewhere' },
      { role: 'writer', options: ['-o', '--output', '-P', '--paths'], when: orNull((v) => v !== '-'), example: '/tmp/%(title)s.%(ext)s', note: '-o/-P choose where the downloads are written' },
      { role: 'writer', options: ['--download-archive', '--print-to-file', '--cookies', '--cache-dir'], example: 'archive.txt', note: '--download-archive/--cookies/--print-to-file write a file' },
      { role: 'destructive', options: ['-U', '--update', '--update-to'], note: '-U replaces the installed yt-dlp with a downloaded release' },
      { role: 'network', options: ['--proxy'], everyday: true, example: 'socks5://proxy:1080', note: '--proxy downloads through a proxy' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'https://video.example.com/watch', note: 'yt-dlp downloads from the URLs it is given' }],
    plain: ['--version', '--help', '--list-extractors'],
  },
  {
    names: ['croc'],
    category: 'network',
    what: 'sends files between two computers through a relay, given a code',
    grammar: { abbreviations: false, long: { ...valued('relay', 'relay6', 'pass', 'socks5', 'connect', 'curve', 'ip', 'throttleUpload', 'out', 'code', 'transfers', 'hash'), ...flagged('internal-dns', 'remember', 'debug', 'yes', 'stdout', 'no-compress', 'ask', 'local', 'ignore-stdin', 'overwrite', 'testing', 'multicast', 'quiet', 'disable-clipboard', 'extended-clipboard', 'classic', 'help', 'version') } },
    subcommands: {
      send: {
        grammar: { short: 'c', abbreviations: false, long: { code: ['value', 'c'], ...valued('text', 'hash', 'port', 'transfers', 'exclude', 'throttleUpload'), ...flagged('zip', 'no-local', 'no-multi', 'git', 'qrcode', 'help') } },
        operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.md', note: `croc send ${PEER_SEND_NOTE}` }],
        options: [{ role: 'network', options: ['--text'], everyday: true, example: 'hello', note: 'croc send --text sends that text' }],
      },
      relay: { role: { role: 'listener', note: 'croc relay runs a relay server' } },
    },
    options: [{ role: 'writer', options: ['--out'], target: 'tree', everyday: true, example: '/tmp/in', note: '--out writes what is received into that folder' }],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'code-words', note: 'croc CODE receives the files sent with that code' }],
    plain: ['--version'],
  },
  {
    names: ['wormhole', 'magic-wormhole'],
    category: 'network',
    what: 'magic-wormhole: sends files between two computers, given a code',
    grammar: { abbreviations: false, long: { ...valued('appid', 'relay-url', 'transit-helper', 'dump-timing'), ...flagged('help', 'version') } },
    subcommands: {
      send: {
        grammar: { abbreviations: false, long: { ...valued('text', 'code', 'code-length', 'ignore-unsendable-files'), ...flagged('hide-progress', 'no-listen', 'tor', 'verify', 'help', 'zeromode') } },
        operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.md', note: `wormhole send ${PEER_SEND_NOTE}` }],
        options: [{ role: 'network', options: ['--text'], everyday: true, example: 'hello', note: 'wormhole send --text sends that text' }],
      },
      tx: {
        grammar: { abbreviations: false, long: { ...valued('text', 'code', 'code-length'), ...flagged('hide-progress', 'no-listen', 'tor', 'verify', 'help') } },
        operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.md', note: `wormhole tx ${PEER_SEND_NOTE}` }],
      },
      receive: WORMHOLE_RECEIVE,
      rx: WORMHOLE_RECEIVE,
    },
    plain: ['--version', '--help'],
  },
  {
    // ~/.rtorrent.rc is read at every start and can run commands; that file is not on the command line.
    names: ['rtorrent'],
    category: 'network',
    what: 'a terminal BitTorrent client',
    grammar: { short: 'dsoipb', flags: 'nhDIK' },
    options: [{ role: 'executor', options: ['-o'], when: orNull((v) => /^\s*(execute|system|schedule|method|event|on_|import|try_import)/i.test(v)), example: 'execute=/tmp/run', note: '-o execute=/schedule=/import= runs a command or reads commands from a file' }],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'file.torrent', note: 'rtorrent downloads (and shares) the torrents it is given' }],
    plain: ['-h'],
  },
  {
    names: ['certbot', 'letsencrypt'],
    category: 'network',
    what: 'the Let\'s Encrypt / ACME certificate client',
    grammar: {
      short: 'cwdmai',
      flags: 'nqvh',
      long: {
        ...valued('pre-hook', 'post-hook', 'deploy-hook', 'renew-hook', 'manual-auth-hook', 'manual-cleanup-hook', 'config-dir', 'work-dir', 'logs-dir', 'server',
          'cert-name', 'key-path', 'cert-path', 'chain-path', 'fullchain-path', 'http-01-port', 'https-port', 'http-01-address', 'preferred-challenges', 'key-type',
          'rsa-key-size', 'elliptic-curve', 'eab-kid', 'eab-hmac-key', 'user-agent', 'max-log-backups', 'preferred-chain', 'issuance-timeout', 'csr', 'reason'),
        ...flagged('standalone', 'webroot', 'manual', 'nginx', 'apache', 'dry-run', 'agree-tos', 'force-renewal', 'staging', 'test-cert', 'expand', 'redirect', 'version', 'help'),
        config: ['value', 'c'], 'webroot-path': ['value', 'w'], domains: ['value', 'd'], email: ['value', 'm'], authenticator: ['value', 'a'], installer: ['value', 'i'],
        'non-interactive': ['flag', 'n'], quiet: ['flag', 'q'], verbose: ['flag', 'v'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['--pre-hook', '--post-hook', '--deploy-hook', '--renew-hook', '--manual-auth-hook', '--manual-cleanup-hook'],
        payload: 'shell-text',
        example: 'systemctl reload nginx',
        note: '--pre-hook/--deploy-hook… run a shell command around the renewal',
      },
      { role: 'listener', options: ['--standalone'], note: '--standalone answers the challenge with its own web server on port 80 or 443' },
      { role: 'listener', options: ['-a', '--authenticator'], when: orNull((v) => v === 'standalone'), example: 'standalone', note: '-a standalone answers the challenge with its own web server' },
      { role: 'loader', options: ['-c', '--config'], example: 'cli.ini', note: '-c reads options (hooks included) from a file' },
      { role: 'network', options: ['--server'], everyday: true, example: 'https://acme.example.com/directory', note: '--server uses another ACME server' },
    ],
    operands: [{ role: 'destructive', operand: 0, when: orNull((t) => ['delete', 'revoke', 'unregister'].includes(t)), example: 'delete', note: 'certbot delete/revoke/unregister removes certificates or the account' }],
    plain: ['certificates', '--version', 'renew --dry-run'],
  },
  {
    // An attack tool: probing the target URL is its everyday job; what runs here or writes is not.
    names: ['sqlmap'],
    category: 'network',
    what: 'an automatic SQL injection tester',
    grammar: {
      short: 'urlmgcstvDTCUXApH',
      flags: 'h',
      long: {
        ...valued('data', 'cookie', 'eval', 'tamper', 'preprocess', 'postprocess', 'os-cmd', 'file-write', 'file-dest', 'file-read', 'output-dir', 'sql-query',
          'level', 'risk', 'technique', 'dbms', 'os', 'threads', 'proxy', 'method', 'answers', 'crawl', 'param-exclude', 'prefix', 'suffix', 'dump-file'),
        ...flagged('batch', 'os-shell', 'os-pwn', 'os-smbrelay', 'os-bof', 'sql-shell', 'purge', 'dump', 'dump-all', 'banner', 'dbs', 'tables', 'columns', 'forms',
          'flush-session', 'fresh-queries', 'wizard', 'shell', 'update', 'version', 'hh', 'random-agent'),
        url: ['value', 'u'], requestFile: ['value', 'r'], logFile: ['value', 'l'], bulkFile: ['value', 'm'], googleDork: ['value', 'g'], configFile: ['value', 'c'],
        sessionFile: ['value', 's'], trafficFile: ['value', 't'], 'user-agent': ['value', 'A'], headers: ['value', 'H'],
      },
    },
    options: [
      { role: 'network', options: ['-u', '--url', '-g', '--googleDork', '--proxy'], everyday: true, example: 'https://target.example.com/?id=1', note: '-u tests the URL it is given' },
      { role: 'executor', options: ['--eval'], payload: 'code', example: 'import os; os.system("id")', note: '--eval runs Python code before each request' },
      { role: 'loader', options: ['--tamper', '--preprocess', '--postprocess', '-c', '--configFile'], example: './tamper.py', note: '--tamper/--preprocess load Python scripts into sqlmap' },
      { role: 'executor', options: ['--os-cmd'], payload: 'shell-text', example: 'id', note: '--os-cmd runs a command on the target\'s server' },
      { role: 'executor', options: ['--os-shell', '--os-pwn', '--os-smbrelay', '--os-bof', '--sql-shell'], note: '--os-shell opens a shell (or an attack) on the target\'s server' },
      { role: 'writer', options: ['--file-write', '--file-dest'], example: '/var/www/x.php', note: '--file-write puts a file on the target\'s server' },
      { role: 'writer', options: ['--output-dir', '-s', '--sessionFile', '-t', '--trafficFile', '--dump-file'], example: '/tmp/out', note: '--output-dir/-s/-t write results, session or traffic files' },
      { role: 'destructive', options: ['--purge'], note: '--purge deletes sqlmap\'s whole data folder' },
    ],
    plain: ['--version', '-h'],
  },
  {
    names: ['rclone'],
    category: 'network',
    what: 'syncs files with cloud storage',
    grammar: RCLONE_GRAMMAR,
    options: RCLONE_GLOBALS,
    read: laterGlobals('rclone', RCLONE_GRAMMAR, RCLONE_GLOBALS),
    subcommands: {
      // `rclone serve PROTOCOL PATH`: a local PATH (not `remote:`) is published; the servers bind loopback unless --addr says otherwise.
      serve: {
        role: { role: 'listener', note: 'rclone serve runs a server (http, webdav, ftp, sftp…) for a remote' },
        read: (args, reading) => {
          const path = reading.operands[1];
          if (path === undefined || (path.kind === 'literal' && /^[A-Za-z0-9_-]{2,}:/.test(path.value))) return [];
          return servesFolder('rclone serve', { bindOptions: ['--addr'], loopbackDefault: true })(args, { ...reading, operands: [path], operandIndexes: [reading.operandIndexes[1]!] });
        },
      },
      rcd: { role: { role: 'listener', note: 'rclone rcd runs the remote control server' } },
      delete: { role: { role: 'destructive', note: 'rclone delete removes files' }, removesOperands: 'every' },
      deletefile: { role: { role: 'destructive', note: 'rclone deletefile removes a file' } },
      purge: { role: { role: 'destructive', note: 'rclone purge removes a path and everything in it' }, removesOperands: 'every' },
      rmdir: { role: { role: 'destructive', note: 'rclone rmdir removes a folder' } },
      rmdirs: { role: { role: 'destructive', note: 'rclone rmdirs removes empty folders' } },
      cleanup: { role: { role: 'destructive', note: 'rclone cleanup empties the trash and old versions' } },
      dedupe: { role: { role: 'destructive', note: 'rclone dedupe deletes or renames duplicate files' } },
      sync: { role: { role: 'destructive', note: 'rclone sync deletes destination files the source lacks' }, read: RCLONE_UPLOADS, removesOperands: 'last' },
      copy: { read: RCLONE_UPLOADS },
      copyto: { read: RCLONE_UPLOADS },
      rcat: { operands: [{ role: 'network', operand: 0, sends: true, everyday: true, example: 'remote:bucket/f', note: 'rclone rcat uploads its input to the remote path' }] },
      bisync: { role: { role: 'destructive', note: 'rclone bisync deletes files on either side to match the other' }, removesOperands: 'every' },
      move: { role: { role: 'destructive', note: 'rclone move removes the source files once copied' }, read: RCLONE_UPLOADS, removesOperands: 'all-but-last' },
      moveto: { role: { role: 'destructive', note: 'rclone moveto removes the source once copied' }, read: RCLONE_UPLOADS, removesOperands: 'all-but-last' },
      selfupdate: { role: { role: 'destructive', note: 'rclone selfupdate replaces the rclone program with a downloaded one' } },
      config: {
        subcommands: {
          delete: { role: { role: 'destructive', note: 'rclone config delete removes a remote' }, read: RCLONE_CONFIG_WRITE },
          ...Object.fromEntries(['create', 'update', 'password', 'touch', 'edit', 'reconnect', 'disconnect'].map((verb) => [verb, { read: RCLONE_CONFIG_WRITE }])),
        },
        plain: ['show', 'file'],
      },
    },
    operands: [{ role: 'network', operand: 'all-but-first', when: orNull((t) => /^[A-Za-z0-9_. -]+:/.test(t)), everyday: true, example: 'remote:bucket', note: 'rclone contacts the remote named in REMOTE:PATH' }],
    plain: ['--version', 'listremotes', 'version'],
  },
  {
    names: ['restic'],
    category: 'network',
    what: 'a backup program with encrypted repositories',
    grammar: RESTIC_GRAMMAR,
    options: RESTIC_GLOBALS,
    read: laterGlobals('restic', RESTIC_GRAMMAR, RESTIC_GLOBALS),
    subcommands: {
      forget: { role: { role: 'destructive', note: 'restic forget removes snapshots' } },
      prune: { role: { role: 'destructive', note: 'restic prune deletes data no snapshot uses' } },
      rewrite: { role: { role: 'destructive', note: 'restic rewrite changes (or with --forget drops) existing snapshots' } },
      'self-update': { role: { role: 'destructive', note: 'restic self-update replaces the restic program with a downloaded one' } },
      key: { subcommands: { remove: { role: { role: 'destructive', note: 'restic key remove deletes a key of the repository' } } }, plain: ['list'] },
    },
    plain: ['--version', 'snapshots', 'check', 'stats', 'version'],
  },
  {
    names: ['borg', 'borgbackup'],
    category: 'network',
    what: 'BorgBackup, a deduplicating backup program',
    grammar: {
      short: 'ep',
      flags: 'vnsx',
      long: {
        ...valued('rsh', 'remote-path', 'umask', 'lock-wait', 'debug-topic', 'upload-ratelimit', 'upload-buffer', 'debug-profile', 'remote-ratelimit', 'compression',
          'exclude', 'exclude-from', 'pattern', 'patterns-from', 'keep-daily', 'keep-weekly', 'keep-monthly', 'keep-within', 'glob-archives', 'comment', 'encryption'),
        ...flagged('critical', 'error', 'warning', 'info', 'verbose', 'debug', 'progress', 'log-json', 'show-version', 'show-rc', 'iec', 'stats', 'list',
          'dry-run', 'json', 'version', 'help'),
      },
    },
    options: [
      { role: 'executor', options: ['--rsh'], payload: 'shell-text', example: 'ssh -i key', note: '--rsh runs this command instead of ssh' },
      { role: 'executor', options: ['--remote-path'], payload: 'shell-text', example: 'sudo borg', note: '--remote-path is the command the host runs instead of borg' },
      { role: 'writer', options: ['--debug-profile'], example: 'profile.out', note: '--debug-profile writes profiling data to a file' },
    ],
    operands: [
      { role: 'destructive', operand: 0, when: orNull((t) => ['delete', 'prune', 'compact', 'recreate', 'rdelete', 'rcompact', 'break-lock'].includes(t)), example: 'prune', note: 'borg delete/prune/compact/recreate remove archives or data' },
      { role: 'network', operand: 'all-but-first', when: orNull((t) => BORG_REMOTE.test(t)), everyday: true, example: 'ssh://backup.example.com/repo', note: 'borg contacts the repository on another host' },
    ],
    plain: ['list /backups/repo', 'info /backups/repo::arch', '--version', 'check /backups/repo'],
  },
];

// ---------------------------------------------------------------------------------------------
// Monitoring plugins (Nagios / Monitoring Plugins), found in /usr/lib/nagios/plugins
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Development servers: serving on this machine's loopback address is their job; any other
// address (or one only known at run time, or the program's own default when that is every
// address) opens the machine to others, the `listener` role (D§7 open world).
// ---------------------------------------------------------------------------------------------

/** `HOST`, `HOST:PORT`, `[::]:PORT`, `tcp://HOST:PORT`: true unless the host is loopback (null: unknown, so true). */
function opensAddress(value: string | null): boolean {
  if (value === null) return true;
  const bare = value.replace(/^[a-z]+:\/\//, '');
  if (/^\d+$/.test(bare) || bare.startsWith('unix:') || bare.startsWith('/')) return false;
  const host = bare.startsWith('[') ? bare.slice(0, bare.indexOf(']') + 1) : bare.split(':')[0]!;
  return !isLoopback(host);
}

/** A server row: its options, of which `hosts` name the address it listens on. */
function serverRow(names: string[], what: string, grammar: Grammar, hosts: string[], note: string, extra: Partial<ProgramRow> = {}): ProgramRow {
  return {
    names,
    category: 'network',
    what,
    grammar,
    ...extra,
    options: [{ role: 'listener', options: hosts, when: opensAddress, example: '0.0.0.0', note }, ...(extra.options ?? [])],
  };
}

/** Servers that listen on every address unless told otherwise: a listener unless a loopback host is given. */
function everyAddressUnless(program: string, hosts: string[], note: string): NonNullable<Command['read']> {
  return (_args, reading) =>
    reading.options.some((o) => hosts.includes(o.name) || hosts.includes(o.key)) ? [] : [{ role: 'listener', program, trigger: program, index: -1, value: null, note }];
}

const SERVERS: readonly ProgramRow[] = [
  serverRow(['flask'], 'the Flask web framework\'s command line', { short: 'hpe', long: { ...valued('app', 'env-file', 'cert', 'key', 'extra-files', 'exclude-patterns'), host: ['value', 'h'], port: ['value', 'p'], ...flagged('debug', 'no-debug', 'reload', 'no-reload', 'debugger', 'no-debugger', 'with-threads', 'without-threads', 'help', 'version') } }, ['-h', '--host'], '--host serves the app (and with --debug its code-running debugger) on a network address', {
    options: [{ role: 'loader', options: ['--app'], example: 'evil:app', note: '--app names the module flask imports' }],
    plain: ['run', 'run --port 5001', 'routes', '--version'],
  }),
  serverRow(['uvicorn'], 'an ASGI web server for Python apps', { long: { ...valued('host', 'port', 'uds', 'fd', 'workers', 'loop', 'http', 'ws', 'lifespan', 'env-file', 'log-config', 'log-level', 'root-path', 'app-dir', 'factory', 'reload-dir', 'reload-include', 'reload-exclude', 'ssl-keyfile', 'ssl-certfile', 'forwarded-allow-ips', 'limit-concurrency', 'timeout-keep-alive', 'h11-max-incomplete-event-size', 'header'), ...flagged('reload', 'access-log', 'no-access-log', 'proxy-headers', 'no-proxy-headers', 'use-colors', 'no-use-colors', 'server-header', 'no-server-header', 'date-header', 'no-date-header', 'help', 'version') } }, ['--host'], '--host serves the app on a network address, not only this machine', { plain: ['app:app', 'app:app --reload --port 8001'] }),
  serverRow(['gunicorn', 'hypercorn'], 'a WSGI/ASGI web server for Python apps', { short: 'bcwk', long: { bind: ['value', 'b'], config: ['value', 'c'], workers: ['value', 'w'], 'worker-class': ['value', 'k'], ...valued('timeout', 'chdir', 'log-level', 'access-logfile', 'error-logfile', 'pid', 'user', 'group'), ...flagged('reload', 'daemon', 'help', 'version', 'preload') } }, ['-b', '--bind'], '--bind serves the app on a network address, not only this machine', {
    options: [{ role: 'loader', options: ['-c', '--config'], example: 'conf.py', note: '--config runs a Python configuration file' }],
    plain: ['app:app', 'app:app -w 4'],
  }),
  serverRow(['hugo'], 'the Hugo static site generator', { short: 'sdpbe', long: { ...valued('bind', 'port', 'baseURL', 'source', 'destination', 'environment', 'config', 'theme', 'themesDir', 'cacheDir', 'logLevel', 'liveReloadPort', 'contentDir'), ...flagged('buildDrafts', 'buildFuture', 'minify', 'gc', 'cleanDestinationDir', 'disableFastRender', 'navigateToChanged', 'help', 'verbose', 'quiet', 'watch') } }, ['--bind'], 'hugo server --bind serves the site on a network address', { plain: ['', 'server', 'server -D', 'version'] }),
  serverRow(['rails'], 'the Ruby on Rails command line', { short: 'bpePeC', long: { binding: ['value', 'b'], port: ['value', 'p'], environment: ['value', 'e'], ...valued('pid', 'using', 'config'), ...flagged('help', 'version', 'daemon', 'dev-caching', 'early-hints') } }, ['-b', '--binding'], 'rails server -b serves the app on a network address', {
    // `rails runner CODE` (`r`) runs Ruby with the application loaded, as `ruby -e` does; `rails
    // console` reads Ruby typed at it (D§4.3 executor).
    subcommands: Object.fromEntries(['runner', 'r'].map((verb) => [verb, { operands: [{ role: 'executor' as const, operand: 'every' as const, payload: 'code' as const, example: 'FileUtils.rm_rf("tmp")', note: 'rails runner runs the Ruby code (or script file) it is given with the application loaded' }] }])),
    plain: ['server', 's -p 3001', 'routes', 'test', '--version'] }),
  serverRow(['jekyll'], 'the Jekyll static site generator', { short: 'HPsdb', long: { host: ['value', 'H'], port: ['value', 'P'], source: ['value', 's'], destination: ['value', 'd'], baseurl: ['value', 'b'], ...valued('config', 'livereload-port'), ...flagged('livereload', 'drafts', 'future', 'incremental', 'watch', 'help', 'version', 'verbose') } }, ['-H', '--host'], 'jekyll serve --host serves the site on a network address', {
    options: [{ role: 'writer', options: ['-d', '--destination'], target: 'tree', changes: 'deletes', everyday: true, example: '_site', note: 'jekyll empties its destination folder before writing the site into it' }],
    plain: ['build', 'serve', 'serve --livereload'],
  }),
  serverRow(['mkdocs'], 'the MkDocs documentation site generator', { short: 'afd', long: { 'dev-addr': ['value', 'a'], 'config-file': ['value', 'f'], 'site-dir': ['value', 'd'], ...flagged('strict', 'clean', 'dirty', 'livereload', 'no-livereload', 'watch-theme', 'help', 'version', 'verbose', 'quiet') } }, ['-a', '--dev-addr'], 'mkdocs serve --dev-addr serves the site on a network address', {
    options: [{ role: 'writer', options: ['-d', '--site-dir'], target: 'tree', changes: 'deletes', everyday: true, example: 'site', note: 'mkdocs build empties its site folder before writing (unless --dirty)' }],
    plain: ['build', 'serve', 'serve -a 127.0.0.1:8001'],
  }),
  serverRow(['http-server'], 'a static HTTP file server (npm)', { short: 'apdgbceSCKUPt', flags: 'hrvs', long: { ...valued('port', 'address', 'proxy', 'username', 'password', 'cors', 'cert', 'key', 'ext'), ...flagged('help', 'version', 'silent', 'gzip', 'brotli', 'ssl', 'no-dotfiles', 'log-ip') } }, ['-a'], 'http-server -a serves the folder on a network address', {
    read: (args, reading) => [...everyAddressUnless('http-server', ['-a'], 'http-server serves the folder on every address of the machine unless -a names loopback')(args, reading), ...servesFolder('http-server', { bindOptions: ['-a'] })(args, reading)],
    plain: ['-a 127.0.0.1', '-a localhost -p 8081'],
  }),
  serverRow(['live-server'], 'a static HTTP server that reloads pages (npm)', { long: { ...valued('port', 'host', 'open', 'watch', 'ignore', 'entry-file', 'mount', 'proxy', 'middleware', 'htpasswd', 'wait'), ...flagged('no-browser', 'quiet', 'help', 'version', 'cors', 'https', 'spa', 'no-css-inject') } }, ['--host'], 'live-server --host serves the folder on a network address', {
    read: (args, reading) => [...everyAddressUnless('live-server', ['--host'], 'live-server serves the folder on every address of the machine unless --host names loopback')(args, reading), ...servesFolder('live-server', { bindOptions: ['--host'] })(args, reading)],
    plain: ['--host=127.0.0.1'],
  }),
  serverRow(['code-server'], 'VS Code in the browser', { long: { ...valued('bind-addr', 'auth', 'config', 'user-data-dir', 'extensions-dir', 'cert', 'cert-key', 'socket', 'host', 'port'), ...flagged('help', 'version', 'disable-telemetry', 'open') } }, ['--bind-addr', '--host'], 'code-server --bind-addr serves an editor with a terminal, which runs any command, on a network address', {
    options: [{ role: 'listener', options: ['--auth'], when: (v) => v === 'none', example: 'none', note: '--auth none lets whoever connects use the editor and its terminal without a password' }],
    plain: ['--version'],
  }),
];

const PLUGINS: readonly ProgramRow[] = [
  {
    names: ['check_by_ssh'],
    category: 'network',
    what: 'a monitoring plugin that runs a check on a remote host over ssh',
    grammar: {
      short: 'HpCoFiltwcnsO',
      shortAttached: 'SE',
      flags: 'fqvhV1246',
      long: {
        ...flagged('fork', 'quiet', 'verbose', 'help', 'version', 'proto1', 'proto2', 'use-ipv4', 'use-ipv6'),
        hostname: ['value', 'H'], port: ['value', 'p'], command: ['value', 'C'], 'ssh-option': ['value', 'o'], configfile: ['value', 'F'], identity: ['value', 'i'],
        logname: ['value', 'l'], timeout: ['value', 't'], warning: ['value', 'w'], critical: ['value', 'c'], name: ['value', 'n'], services: ['value', 's'],
        output: ['value', 'O'], 'skip-stdout': ['optional', 'S'], 'skip-stderr': ['optional', 'E'],
      },
    },
    options: [
      ...sshOptionRoles('check_by_ssh').map((r) => ({ ...r, options: ['-o', '--ssh-option'] })),
      { role: 'executor', options: ['-C', '--command'], payload: 'shell-text', example: 'uptime', note: '-C runs this command on the remote host' },
      { role: 'loader', options: ['-F', '--configfile'], example: 'ssh_config', note: '-F reads another ssh configuration, whose settings can run commands' },
      { role: 'writer', options: ['-O', '--output'], example: '/tmp/results', note: '-O writes passive check results to a file' },
      { role: 'network', options: ['-H', '--hostname'], everyday: true, example: 'host.example.com', note: '-H names the host to check' },
    ],
    plain: ['-V', '-h'],
  },
  {
    names: ['check_cups'],
    category: 'network',
    what: 'a monitoring plugin that checks a CUPS print server',
    grammar: { short: 'HPQwcat', flags: 'hVvd' },
    options: [{ role: 'network', options: ['-H'], everyday: true, example: 'printserver', note: '-H names the print server to check' }],
    plain: ['-h'],
  },
  {
    names: ['check_log'],
    category: 'network',
    what: 'a monitoring plugin that searches a log file for a pattern',
    grammar: { short: 'FOqm', flags: 'hVe', long: { ...flagged('help', 'version'), filename: ['value', 'F'], oldlog: ['value', 'O'], query: ['value', 'q'], max_attempts: ['value', 'm'] } },
    options: [{ role: 'writer', options: ['-O', '--oldlog'], example: '/tmp/old.log', note: '-O copies the log to this file to compare against next time' }],
    plain: ['-h', '-V'],
  },
  {
    names: ['check_memory'],
    category: 'network',
    what: 'a monitoring plugin that reports free memory',
    readOnly: true,
    grammar: { short: 'wcut', flags: 'hVvf', long: { ...flagged('help', 'version', 'verbose'), ...valued('extra-opts', 'warning', 'critical', 'unit', 'timeout') } },
    plain: ['-w 10% -c 5%', '-h'],
  },
  {
    // Not verified against its manual: `-S` sets up sudo rules for the tools it runs.
    names: ['check_raid'],
    category: 'network',
    what: 'a monitoring plugin that checks software and hardware RAID',
    grammar: { short: 'pwct', flags: 'hVvlSd', long: { ...flagged('help', 'version', 'verbose', 'list-plugins', 'sudo', 'debug'), ...valued('plugin', 'extra-opts', 'warning', 'critical', 'timeout') } },
    options: [{ role: 'destructive', options: ['-S', '--sudo'], note: '-S writes sudoers rules for the tools the plugin runs' }],
    plain: ['-l', '-h'],
  },
  {
    names: ['check_ssl_cert'],
    category: 'network',
    what: 'a monitoring plugin that checks a server\'s TLS certificate',
    grammar: {
      short: 'HpPwcteNnfrsiuLo',
      flags: 'hVvdA',
      abbreviations: false,
      long: {
        ...valued('grep-bin', 'openssl', 'curl-bin', 'file-bin', 'date', 'nmap-bin', 'dig-bin', 'host-bin', 'nslookup-bin', 'python-bin', 'inetproto', 'temp',
          'debug-file', 'proxy', 'sni', 'match', 'issuer', 'email', 'rootcert', 'rootcert-file', 'rootcert-dir', 'clientcert', 'clientkey', 'clientpass',
          'file', 'protocol', 'timeout', 'warning', 'critical', 'port'),
        ...flagged('help', 'version', 'verbose', 'debug', 'debug-cert', 'ignore-exp', 'ignore-ocsp', 'ignore-sct', 'no-proxy'),
        host: ['value', 'H'],
      },
    },
    options: [
      {
        role: 'executor',
        options: ['--grep-bin', '--openssl', '--curl-bin', '--file-bin', '--date', '--nmap-bin', '--dig-bin', '--host-bin', '--nslookup-bin', '--python-bin'],
        payload: 'program',
        example: '/tmp/run',
        note: '--grep-bin/--openssl/--curl-bin… name programs the plugin runs',
      },
      { role: 'writer', options: ['--debug-file', '--debug-cert', '--temp'], example: '/tmp/debug.txt', note: '--debug-file/--debug-cert write debugging output or the certificates to files' },
      { role: 'network', options: ['-H', '--host', '--proxy'], everyday: true, example: 'www.example.com', note: '-H names the server whose certificate is checked' },
    ],
    plain: ['--version', '-h'],
  },
  {
    // Not verified against its manual: it reads the status file it is given.
    names: ['check_statusfile'],
    category: 'network',
    what: 'a monitoring plugin that reports the state written in a status file',
    readOnly: true,
    plain: ['/var/lib/status.txt', ''],
  },
];

export const NETWORK_ROWS: readonly ProgramRow[] = [...DOWNLOADERS, ...REMOTES, ...SOCKETS, ...VCS, ...DATABASES, ...PROBES, ...SERVICES, ...SERVERS, ...PLUGINS];
