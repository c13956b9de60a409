import { flagged, valued } from '../grammar';
import type { ProgramRow } from '../row';

/**
 * Command-line mail senders (D§4.3, docs/decisions.md "Credentials leaving: secret managers,
 * mailers and servers"). A mailer sends the message to the recipients and the server it is given
 * (`network` forms, its everyday job), and an attachment or message-body option that names a file
 * reads that file and sends it: a `network` form that `sends` the file, so the hardline floor's
 * credential-exfiltration arm reads it (`swaks --attach @~/.ssh/id_rsa`, `sendemail -a KEY`).
 */

export const MAILER_ROWS: readonly ProgramRow[] = [
  {
    // Getopt::Long: every option takes one or two dashes, and the short aliases are whole words (`-au`).
    names: ['swaks'],
    category: 'network',
    what: 'Swiss Army Knife for SMTP: sends a test message to a mail server',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('to', 't', 'from', 'f', 'server', 's', 'port', 'p', 'attach', 'attach-type', 'attach-name', 'attach-body', 'body', 'data', 'd', 'header', 'h', 'add-header', 'ah',
          'auth', 'a', 'auth-user', 'au', 'auth-password', 'ap', 'auth-extra', 'ae', 'helo', 'ehlo', 'local-interface', 'li', 'local-port', 'lp', 'protocol', 'timeout', 'to-file', 'pipe', 'socket',
          'config', 'tls-cert', 'tls-key', 'tls-ca-path', 'tls-protocol', 'tls-cipher', 'quit-after', 'q', 'output', 'output-file', 'output-file-stdout', 'output-file-stderr', 'copy-routing', 'cr'),
        ...flagged('tls', 'tls-optional', 'tls-on-connect', 'tlsc', 'suppress-data', 'n', 'hide-all', 'silent', 'help', 'version', 'no-data-fixup', 'pipeline', 'prdr', 'force-getpwuid'),
      },
    },
    options: [
      { role: 'network', options: ['to', 't', 'server', 's'], everyday: true, example: 'bob@example.com', note: '--to/--server name who receives the message and the server it goes through' },
      { role: 'network', options: ['attach', 'attach-body'], sends: true, everyday: true, example: '@report.pdf', note: '--attach @FILE (older versions: FILE) reads the file and sends it attached to the message' },
      { role: 'network', options: ['body', 'data', 'd'], sends: true, everyday: true, example: '@message.txt', note: '--body/--data @FILE (or -, or older versions\' FILE) sends the file as the message; other text is sent as it is' },
      { role: 'executor', options: ['pipe'], payload: 'shell-text', example: 'sendmail -bs', note: '--pipe runs that command and talks SMTP to it' },
      { role: 'loader', options: ['config'], example: 'swaks.conf', note: '--config reads more options from a file' },
      { role: 'writer', options: ['output', 'output-file', 'output-file-stdout', 'output-file-stderr'], target: 'file', everyday: true, example: 'session.log', note: '--output-file writes the transcript to a file' },
    ],
    plain: ['--version', '--help'],
  },
  {
    // sendEmail: each of -t, -cc, -bcc and -a takes one or more words, up to the next option.
    names: ['sendemail'],
    category: 'network',
    what: 'sendEmail, a command-line SMTP mail sender',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: { ...valued('f', 't', 'u', 'm', 's', 'a', 'cc', 'bcc', 'xu', 'xp', 'o', 'l', 'b', 'timeout'), ...flagged('help', 'v', 'q') },
    },
    options: [
      { role: 'network', options: ['t', 's', 'cc', 'bcc'], everyday: true, example: 'bob@example.com', note: '-t/-s name who receives the message and the server it goes through' },
      { role: 'network', options: ['a'], sends: true, everyday: true, example: 'report.pdf', note: '-a reads the files and sends them attached to the message' },
      { role: 'network', options: ['o'], when: (v) => v === null || /^message-file=/.test(v), sends: true, everyday: true, example: 'message-file=body.txt', note: '-o message-file=FILE sends the file as the message' },
      { role: 'writer', options: ['l'], target: 'file', everyday: true, example: 'send.log', note: '-l writes a log file' },
    ],
    // The words after `-a` (more attachments) and after `-t` (more recipients) are read as operands.
    operands: [{ role: 'network', operand: 'every', when: (t) => t === null || !t.includes('@'), sends: true, everyday: true, example: 'notes.txt', note: 'more files after -a are attached too' }],
    plain: ['-help'],
  },
  {
    // Chat senders post to a chat the same way a mailer mails: the text and files they are given.
    names: ['telegram-send'],
    category: 'network',
    what: 'sends messages and files to a Telegram chat through a bot',
    role: { role: 'network', everyday: true, note: 'telegram-send sends its words (and with --stdin its standard input) to a Telegram chat' },
    grammar: {
      short: 'cfl',
      flags: 'gh',
      abbreviations: false,
      long: {
        ...valued('config', 'file', 'image', 'video', 'audio', 'animation', 'sticker', 'location', 'caption', 'format', 'timeout', 'delete'),
        ...flagged('stdin', 'pre', 'disable-web-page-preview', 'silent', 'showids', 'configure', 'configure-channel', 'configure-group', 'clean', 'global-config', 'help', 'version'),
        config: ['value', 'c'],
        file: ['value', 'f'],
        'global-config': ['flag', 'g'],
        location: ['value', 'l'],
      },
    },
    options: [
      { role: 'network', options: ['--file', '--image', '--video', '--audio', '--animation', '--sticker'], sends: true, everyday: true, example: 'report.pdf', note: '--file and the other media options read the files and send them to the chat' },
      { role: 'destructive', options: ['--configure', '--configure-channel', '--configure-group', '--clean'], example: '', note: '--configure replaces the bot token and chat the configuration holds (--clean removes them)' },
      { role: 'loader', options: ['--config'], example: 'telegram.conf', note: '--config reads the bot token and chat from a file' },
    ],
    plain: ['--version', '--help'],
  },
  {
    names: ['msmtp'],
    category: 'network',
    what: 'msmtp, an SMTP client that sends the message read from standard input',
    grammar: {
      short: 'aCfNXeU',
      flags: 'dtPSv',
      abbreviations: false,
      long: {
        ...valued('account', 'file', 'host', 'port', 'from', 'user', 'auth', 'passwordeval', 'logfile', 'tls-trust-file', 'tls-cert-file', 'tls-key-file', 'domain', 'timeout', 'protocol', 'proxy-host', 'proxy-port', 'aliases'),
        ...flagged('help', 'version', 'pretend', 'debug', 'serverinfo', 'rmqs', 'read-recipients', 'read-envelope-from', 'tls', 'tls-starttls'),
      },
    },
    options: [
      { role: 'network', options: ['--host'], everyday: true, example: 'smtp.example.org', note: '--host names the mail server the message goes through' },
      { role: 'executor', options: ['--passwordeval'], payload: 'shell-text', example: 'pass show mail', note: '--passwordeval runs that shell command to get the password' },
      { role: 'loader', options: ['-C', '--file'], example: 'msmtprc', note: '-C reads another configuration file (its passwordeval runs a command)' },
      { role: 'writer', options: ['-X', '--logfile'], target: 'file', everyday: true, example: 'msmtp.log', note: '--logfile writes a log file' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'bob@example.com', note: 'msmtp sends the message on its input to the recipients it is given' }],
    plain: ['--version', '--help', '--serverinfo --host=smtp.example.org'],
  },
];
