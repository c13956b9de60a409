import { flagged, valued } from '../grammar';
import { literalWord, type Word } from '../../reading/resolution';
import type { Command, Form, ProgramRow } from '../row';

/**
 * File servers and tunnels that publish a folder (D§4.3, docs/decisions.md "Credentials leaving:
 * secret managers, mailers and servers"). Serving a folder to the network is sending it to whoever
 * asks: the served folder is the value of a `listener` form that `sends`, so the hardline floor's
 * credential-exfiltration arm reads it as it reads an upload (`ngrok http file:///home/dev/.ssh`,
 * `python3 -m http.server -d ~/.ssh`, `miniserve ~/.aws`). A server bound to loopback only
 * (`-a 127.0.0.1`) publishes nothing: no such form. The current folder is served when no folder is
 * named (`.`: `cd ~/.ssh && python3 -m http.server` is read in every folder the line may be in).
 */

/** Loopback addresses (with a port or not): a server bound there is only reachable from this machine. */
export const LOOPBACK_ADDRESS = /^(?:https?:\/\/)?(localhost|127\.[0-9.]+|::1|\[::1\])(?::\d+)?\/?$/;

/** The form that says the folder `value` is published to the network. */
export function servedFolderForm(program: string, value: Word, index: number): Form {
  return { role: 'listener', program, trigger: program, index, value, sends: true, note: `${program} serves this folder to whoever connects: its files leave the machine` };
}

/**
 * A reader for a file server `PROGRAM [OPTIONS] [FOLDER]`: the folder is the first operand (or the
 * value of one of `folderOptions`), `.` by default; nothing when one of `bindOptions` names a
 * loopback address (or, with `loopbackDefault`, when none names another address).
 */
export function servesFolder(program: string, spec: { folderOptions?: readonly string[]; bindOptions: readonly string[]; loopbackDefault?: boolean; operand?: boolean }): NonNullable<Command['read']> {
  return (_args, reading) => {
    // `--help` and `--version` print and serve nothing.
    if (reading.options.some((option) => /^(?:--help|--version|-h|-V|-help|-version)$/.test(option.name))) return [];
    const binds = reading.options.filter((option) => spec.bindOptions.includes(option.name) || spec.bindOptions.includes(option.key));
    const open = binds.length === 0 ? spec.loopbackDefault !== true : binds.some((option) => option.value === null || option.value.kind !== 'literal' || !LOOPBACK_ADDRESS.test(option.value.value));
    if (!open) return [];
    const folderOption = reading.options.find((option) => spec.folderOptions?.includes(option.name) === true || spec.folderOptions?.includes(option.key) === true);
    if (folderOption !== undefined && folderOption.value !== null) return [servedFolderForm(program, folderOption.value, folderOption.valueIndex ?? folderOption.index)];
    const operand = spec.operand === false ? undefined : reading.operands[0];
    if (operand !== undefined) return [servedFolderForm(program, operand, reading.operandIndexes[0]!)];
    return [servedFolderForm(program, literalWord('.'), -1)];
  };
}

/** `ngrok http file:///PATH`: ngrok's own file server publishes PATH at the tunnel's public URL. */
export function ngrokFileUrl(program: string): NonNullable<Command['read']> {
  return (_args, reading) => {
    const forms: Form[] = [];
    reading.operands.forEach((word, k) => {
      const text = word.kind === 'literal' ? word.value : null;
      if (text === null || !/^file:\/\//i.test(text)) return;
      const path = text.replace(/^file:\/\/(?:localhost)?/i, '');
      forms.push(servedFolderForm(program, literalWord(path === '' ? '/' : path), reading.operandIndexes[k]!));
    });
    return forms;
  };
}

/** A sender that publishes the files and folders it is given (an onion service, a share link, a LAN page): each operand is sent. */
function sendsOperands(program: string, note: string): NonNullable<Command['read']> {
  return (_args, reading) =>
    reading.options.some((option) => /^(?:--help|--version|-h|-V)$/.test(option.name))
      ? []
      : reading.operands.map((word, k) => ({ role: 'network' as const, program, trigger: program, index: reading.operandIndexes[k]!, value: word, sends: true, everyday: true, note }));
}

export const FILE_SERVER_ROWS: readonly ProgramRow[] = [
  {
    names: ['onionshare-cli', 'onionshare'],
    category: 'network',
    what: 'OnionShare: shares files through a Tor onion service',
    grammar: { long: { ...valued('title', 'auto-stop-timer', 'auto-start-timer', 'data-dir', 'config', 'client-auth-priv-key', 'webhook-url'), ...flagged('receive', 'website', 'chat', 'local-only', 'connect-timeout', 'public', 'no-autostop-sharing', 'persistent', 'disable-text', 'disable-files', 'verbose', 'help', 'version', 'qr') }, abbreviations: false },
    read: (args, reading) => (reading.options.some((option) => option.name === '--receive' || option.name === '--chat' || option.name === '--local-only') ? [] : sendsOperands('onionshare', 'shares this file or folder with whoever has the onion address')(args, reading)),
    options: [{ role: 'writer', options: ['--data-dir'], target: 'tree', example: 'received', note: '--receive --data-dir writes what others upload into that folder' }],
    plain: ['--help', '--version'],
  },
  {
    names: ['ffsend'],
    category: 'network',
    what: 'ffsend, which uploads files to a Send service and prints a share link',
    grammar: { short: 'dpHo', flags: 'hVqfyvI', long: { ...valued('downloads', 'password', 'host', 'output', 'expiry-time', 'name', 'archive'), downloads: ['value', 'd'], password: ['value', 'p'], host: ['value', 'H'], output: ['value', 'o'], ...flagged('help', 'version', 'quiet', 'force', 'yes', 'verbose', 'incognito', 'copy', 'open', 'no-archive') }, abbreviations: false },
    subcommands: {
      upload: { read: sendsOperands('ffsend upload', 'uploads this file or folder and prints a link anyone can download it with') },
      up: { read: sendsOperands('ffsend upload', 'uploads this file or folder and prints a link anyone can download it with') },
      download: { options: [{ role: 'writer', options: ['-o', '--output'], target: 'tree', everyday: true, example: 'downloads', note: '--output writes the download at that path' }] },
    },
    plain: ['--version', 'history', 'info https://send.example/download/x'],
  },
  {
    names: ['qrcp'],
    category: 'network',
    what: 'qrcp, which serves files on the local network behind a QR code',
    grammar: { short: 'ipo', flags: 'hqzkb', long: { ...valued('interface', 'port', 'output', 'fqdn', 'path', 'tls-cert', 'tls-key', 'config'), interface: ['value', 'i'], port: ['value', 'p'], output: ['value', 'o'], ...flagged('help', 'quiet', 'zip', 'keep-alive', 'browser', 'secure', 'reversed') }, abbreviations: false },
    subcommands: {
      send: { read: sendsOperands('qrcp send', 'serves this file or folder to whoever scans the code') },
      receive: { options: [{ role: 'writer', options: ['-o', '--output'], target: 'tree', everyday: true, example: 'downloads', note: '--output writes what is received into that folder' }] },
    },
    // `qrcp FILE` is `qrcp send FILE`.
    read: (args, reading) => (reading.operands[0]?.kind === 'literal' && ['send', 'receive', 'config', 'version', 'help', 'completion'].includes(reading.operands[0].value) ? [] : sendsOperands('qrcp', 'serves this file or folder to whoever scans the code')(args, reading)),
    plain: ['version', '--help'],
  },
  {
    // vercel's `serve` (npm): `serve [FOLDER] [-l ENDPOINT]`, every address by default.
    names: ['serve'],
    category: 'network',
    what: 'a static file server (npm serve)',
    grammar: { short: 'lpc', flags: 'shSCnuvd', long: { ...valued('listen', 'config', 'ssl-cert', 'ssl-key', 'ssl-pass'), listen: ['value', 'l'], ...flagged('single', 'debug', 'cors', 'no-clipboard', 'no-compression', 'no-etag', 'symlinks', 'no-port-switching', 'help', 'version') }, abbreviations: false },
    read: servesFolder('serve', { bindOptions: ['-l', '--listen'] }),
    plain: ['--version', '--help'],
  },
  {
    names: ['miniserve'],
    category: 'network',
    what: 'miniserve, a small file server',
    grammar: { short: 'ipacqt', flags: 'hVuUzoPrRvWDHgFEN', long: { ...valued('interfaces', 'port', 'auth', 'auth-file', 'title', 'header', 'color-scheme', 'qrcode', 'index', 'route-prefix', 'tls-cert', 'tls-key', 'upload-files', 'mkdir', 'media-type', 'raw-media-type'), interfaces: ['value', 'i'], port: ['value', 'p'], auth: ['value', 'a'], ...flagged('verbose', 'help', 'version', 'hidden', 'random-route', 'no-symlinks', 'enable-tar', 'enable-tar-gz', 'enable-zip', 'dirs-first', 'show-wget-footer', 'overwrite-files', 'spa', 'qrcode') }, abbreviations: false },
    read: servesFolder('miniserve', { bindOptions: ['-i', '--interfaces'] }),
    options: [{ role: 'writer', options: ['-u', '--upload-files'], target: 'tree', example: 'uploads', note: '--upload-files lets whoever connects write files into that folder' }],
    plain: ['--version', '--help'],
  },
  {
    names: ['darkhttpd'],
    category: 'network',
    what: 'darkhttpd, a static web server',
    grammar: { singleDash: true, abbreviations: false, long: { ...valued('port', 'addr', 'maxconn', 'log', 'chroot', 'index', 'mimetypes', 'default-mimetype', 'uid', 'gid', 'pidfile', 'auth', 'header'), ...flagged('daemon', 'no-listing', 'no-keepalive', 'forward-https', 'ipv6', 'help', 'version') } },
    read: servesFolder('darkhttpd', { bindOptions: ['--addr', 'addr'] }),
    plain: ['--help'],
  },
  {
    names: ['updog'],
    category: 'network',
    what: 'updog, a file server with uploads (Python)',
    grammar: { short: 'dp', flags: 'h', long: { directory: ['value', 'd'], port: ['value', 'p'], ...valued('password'), ...flagged('ssl', 'help', 'version') }, abbreviations: false },
    read: servesFolder('updog', { folderOptions: ['-d', '--directory'], bindOptions: [], operand: false }),
    plain: ['--version', '--help'],
  },
  {
    names: ['dufs'],
    category: 'network',
    what: 'dufs, a file server with uploads and WebDAV',
    grammar: { short: 'bpac', flags: 'hVA', long: { bind: ['value', 'b'], port: ['value', 'p'], auth: ['value', 'a'], config: ['value', 'c'], ...valued('path-prefix', 'hidden', 'tls-cert', 'tls-key', 'log-format', 'log-file', 'assets', 'completions'), ...flagged('allow-all', 'allow-upload', 'allow-delete', 'allow-search', 'allow-symlink', 'allow-archive', 'enable-cors', 'render-index', 'render-try-index', 'render-spa', 'help', 'version') }, abbreviations: false },
    read: servesFolder('dufs', { bindOptions: ['-b', '--bind'] }),
    plain: ['--version', '--help'],
  },
  {
    // `caddy file-server --root DIR [--listen ADDR]`; other subcommands run a Caddyfile's sites.
    names: ['caddy'],
    category: 'network',
    what: 'the Caddy web server',
    grammar: { long: { ...valued('config', 'adapter', 'envfile', 'pidfile', 'address', 'resume'), ...flagged('watch', 'help', 'version') }, abbreviations: false },
    subcommands: {
      'file-server': {
        grammar: { short: 'rla', flags: 'bvh', long: { root: ['value', 'r'], listen: ['value', 'l'], domain: ['value', 'd'], ...valued('precompressed'), ...flagged('browse', 'templates', 'access-log', 'debug', 'reveal-symlinks', 'no-compress', 'help') }, abbreviations: false },
        read: servesFolder('caddy file-server', { folderOptions: ['-r', '--root'], bindOptions: ['-l', '--listen'], operand: false }),
      },
      run: { role: { role: 'listener', note: 'runs the sites of the Caddyfile (servers on network addresses)' }, options: [{ role: 'loader', options: ['--config'], example: 'Caddyfile', note: '--config reads the sites and handlers to run' }] },
      start: { role: { role: 'listener', note: 'starts the sites of the Caddyfile in the background' }, options: [{ role: 'loader', options: ['--config'], example: 'Caddyfile', note: '--config reads the sites and handlers to run' }] },
      'reverse-proxy': { role: { role: 'listener', note: 'opens a proxy on a network address' } },
    },
    plain: ['version', 'fmt Caddyfile', 'validate --config Caddyfile', 'stop'],
  },
];
