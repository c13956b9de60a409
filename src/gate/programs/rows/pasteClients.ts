import { flagged, valued } from '../grammar';
import type { ProgramRow } from '../row';

/**
 * Pastebin clients (D§4.3; docs/decisions.md "Secrets asked for by name: stores, settings and
 * code"): each posts text to a public paste service and prints its address. What it posts is the
 * files it names (an input option's or its operands) and, when it names none, its standard input.
 * So the command itself is a `network` form (a sink for what is piped into it) and each file it
 * names is a `network` form that `sends`, read by the hardline floor's credential-exfiltration arm
 * (`pastebinit -i ~/.aws/credentials`, `cat key | wgetpaste`). Posting is their everyday job.
 */

const POSTS_INPUT = 'posts its standard input to a paste service when it names no file';

export const PASTE_CLIENT_ROWS: readonly ProgramRow[] = [
  {
    names: ['pastebinit'],
    category: 'network',
    what: 'posts text to a pastebin and prints its address',
    role: { role: 'network', everyday: true, note: `pastebinit ${POSTS_INPUT}` },
    grammar: { short: 'abfijmtuip', flags: 'hlEPrv', abbreviations: false, long: flagged('help', 'version') },
    options: [{ role: 'network', options: ['-i'], sends: true, everyday: true, example: 'notes.txt', note: '-i FILE posts that file' }],
    operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.txt', note: 'pastebinit posts each file named' }],
    plain: ['-l', '--version'],
  },
  {
    names: ['wgetpaste'],
    category: 'network',
    what: 'posts text to a paste service and prints its address',
    role: { role: 'network', everyday: true, note: `wgetpaste ${POSTS_INPUT}` },
    grammar: {
      short: 'ldnsehu',
      flags: 'rtvxXiICNSgGBq',
      long: {
        ...valued('language', 'description', 'nick', 'service', 'expiration', 'lang'),
        ...flagged('raw', 'tee', 'verbose', 'xcut', 'xpaste', 'info', 'info-all', 'completions', 'list-services', 'list-languages', 'list-expiration', 'debug', 'quiet', 'help', 'version', 'tinyurl'),
      },
    },
    operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.txt', note: 'wgetpaste posts each file named' }],
    plain: ['--list-services', '--help'],
  },
  {
    names: ['fpaste'],
    category: 'network',
    what: 'Fedora\'s paste client: posts text to a paste service and prints its address',
    role: { role: 'network', everyday: true, note: `fpaste ${POSTS_INPUT}` },
    grammar: {
      short: 'ltdnxb',
      flags: 'PihV',
      long: { ...valued('lang', 'title', 'desc', 'nick', 'expire', 'url', 'password'), ...flagged('private', 'sysinfo', 'printonly', 'confirm', 'raw-url', 'help', 'version', 'clipin', 'clipout', 'fullpath') },
    },
    options: [{ role: 'network', options: ['--sysinfo'], sends: true, everyday: true, example: '', note: '--sysinfo posts a report of the system' }],
    operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.txt', note: 'fpaste posts each file named' }],
    plain: ['--help', '--version'],
  },
  {
    // defunkt's gist client (Ruby).
    names: ['gist', 'gist-paste'],
    category: 'network',
    what: 'posts files to a GitHub gist and prints its address',
    role: { role: 'network', everyday: true, note: `gist ${POSTS_INPUT}` },
    grammar: {
      short: 'dfturR',
      flags: 'pscoePlahv',
      long: { ...valued('description', 'filename', 'type', 'update'), ...flagged('private', 'public', 'shorten', 'copy', 'open', 'embed', 'no-private', 'paste', 'list', 'anonymous', 'login', 'help', 'version', 'skip-empty', 'raw') },
    },
    options: [{ role: 'network', options: ['-P', '--paste'], sends: true, everyday: true, example: '', note: '-P posts the clipboard' }],
    operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.md', note: 'gist posts each file named' }],
    plain: ['--list', '--help'],
  },
  {
    names: ['haste', 'hastebin'],
    category: 'network',
    what: 'posts its standard input to a hastebin server and prints its address',
    role: { role: 'network', everyday: true, note: `haste ${POSTS_INPUT}` },
    grammar: { flags: 'rh', long: flagged('raw', 'help') },
    operands: [{ role: 'network', operand: 'every', sends: true, everyday: true, example: 'notes.txt', note: 'haste posts each file named' }],
    plain: ['--help'],
  },
];
