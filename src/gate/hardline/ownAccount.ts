/**
 * Arm `kill-all` for a signal to every process of the user's own account (D§5, docs/decisions.md
 * "Killing every process of one's own account"): `pkill -KILL -u "$USER"`, `pkill -u $(whoami)`,
 * `killall -u "$LOGNAME"`. For an account that is not root this is every process it may signal,
 * as `kill -9 -1` is: the desktop session, the terminal and the agent end (a logout). Only the
 * account the command runs as is read so: its name known at run time (`$USER`, `$LOGNAME`,
 * `$(whoami)`, `$(id -un)`, `$UID` for a uid option, the home folder's owner) or the home
 * folder's own name. Another named account (`pkill -u nobody`) stays a service's business, and a
 * pattern or another selecting option (`pkill -u "$USER" node`, `-t pts/3`) picks some processes.
 */
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { literalText, readByRow } from './commandName';

/** Options that pick the processes by their user, per program (as the reader names them). */
const USER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  pkill: ['-u', '--euid', '-U', '--uid'],
  killall: ['-u', '--user'],
  skill: ['-u', '--user'],
};

/** Options that narrow the selection further or ask first, per program (as the reader names them). */
const NARROWING: Readonly<Record<string, ReadonlySet<string>>> = {
  pkill: new Set([
    '-g', '--pgroup', '-G', '--group', '-P', '--parent', '-s', '--session', '-t', '--terminal', '-F', '--pidfile',
    '-n', '--newest', '-o', '--oldest', '-O', '--older', '-r', '--runstates', '--cgroup', '--ns', '--env', '-x', '--exact',
  ]),
  killall: new Set(['-o', '--older-than', '-y', '--younger-than', '-Z', '--context', '-i', '--interactive', '-n', '--ns', '-g', '--process-group']),
  // skill: another part of the expression (terminal, pid, command), asking first, or `-n` (no action).
  skill: new Set(['-t', '--tty', '-p', '--pid', '-c', '--command', '--ns', '--nslist', '-i', '--interactive', '-n', '--no-action']),
};

/** A signal given as an option word (`-9`, `-KILL`, `-SIGTERM`); one capital is an option (`-U`). */
const SIGNAL_WORD = /^-(?:SIG)?(?:[A-Z]{2,}[A-Z0-9+-]*|[0-9]+)$/;

/** Signals that end a process which does not catch them: KILL, TERM, HUP, INT, QUIT (and their numbers). */
const ENDING_SIGNAL = /^(?:KILL|TERM|HUP|INT|QUIT|9|15|1|2|3)$/i;

/** Options after which nothing is signalled. */
const NO_SIGNAL = new Set(['-l', '--list', '-V', '--version', '-h', '--help']);

/** Patterns every process name matches (pkill's regular expressions, killall's with `-r`). */
const MATCH_ALL = /^(?:\.\*?|\.\+|\^|\$|\^\.\*\$?|\.\*\$|)$/;

/**
 * A run-time spelling of the user's own account: `$USER`, `${LOGNAME}`, `$(whoami)`, `` `id -un` ``,
 * `$(id -u)`, `$UID`, `$EUID`, `$(logname)`, the owner of the home folder (`$(stat -c %U ~)`).
 */
const OWN_ACCOUNT = new RegExp(
  '^(?:\\$\\{?(?:USER|LOGNAME|USERNAME|UID|EUID)\\}?' +
    '|\\$\\(\\s*(?:whoami|logname|id\\s+-(?:un|nu|u|u\\s+-n|n\\s+-u)|stat\\s+(?:-c\\s*%U|-f\\s*%Su|--format=%U)\\s+(?:~|"?\\$(?:\\{HOME\\}|HOME)"?)/?)\\s*\\)' +
    '|`\\s*(?:whoami|logname|id\\s+-(?:un|nu|u))\\s*`)$',
);

/**
 * Accounts that run a system's services, not a person's sessions: Debian's base-passwd accounts,
 * the common daemons' and databases' own, `systemd-*`, names beginning with `_` (macOS's `_www`,
 * Debian's `_apt`) and the system ids 1–999. Root is none of them: every one of its processes is
 * the system's own.
 */
const SERVICE_ACCOUNTS = new Set([
  'daemon', 'bin', 'sys', 'sync', 'games', 'man', 'lp', 'mail', 'news', 'uucp', 'proxy', 'www-data', 'www', 'backup', 'list', 'irc', 'gnats', 'nobody', 'nfsnobody',
  'messagebus', 'syslog', 'sshd', 'ntp', 'chrony', 'postfix', 'dnsmasq', 'avahi', 'colord', 'polkitd', 'rtkit', 'tss', 'uuidd', 'tcpdump', 'usbmux', 'pulse', 'geoclue', 'saned', 'cups', 'lightdm', 'gdm',
  'postgres', 'mysql', 'mariadb', 'redis', 'nginx', 'apache', 'httpd', 'mongodb', 'memcache', 'memcached', 'rabbitmq', 'elasticsearch', 'kibana', 'grafana', 'prometheus', 'tomcat', 'named', 'bind', 'squid', 'ftp', 'docker', 'jenkins', 'gitlab-runner', 'node_exporter',
]);

export function isServiceAccount(name: string): boolean {
  return SERVICE_ACCOUNTS.has(name) || name.startsWith('_') || name.startsWith('systemd-') || /^[1-9]\d{0,2}$/.test(name);
}

/** The word names the account the command runs as. */
export function namesOwnAccount(word: Word, home: string): boolean {
  const literal = literalText(word);
  if (literal !== null) {
    // The home folder's own name is the account's (`/home/dev` → `dev`); root's home is no user's.
    const own = /^\/(?:home|Users)\/([^/]+)\/?$/.exec(home)?.[1];
    return own !== undefined && literal === own;
  }
  const raw = word.raw.replace(/^"(.*)"$/s, '$1').trim();
  return OWN_ACCOUNT.test(raw);
}

/**
 * `slay [-SIGNAL] [-clean] USER…` (docs/decisions.md "skill and slay: every process of an
 * account"): every operand is an account, and the signal is KILL unless another is spelt: what
 * `pkill -KILL -u USER` signals, any account alike.
 */
function checkSlay(args: readonly Word[], signalWords: ReadonlyArray<string | null>): HardlineFinding | null {
  const reading = readByRow('slay', args.filter((_, k) => signalWords[k] === null));
  if (reading === null || reading.operands.length === 0) return null;
  if (reading.options.some((option) => option.name === '-help' || option.name === '-version')) return null;
  const signal = signalWords.find((text) => text !== null) ?? 'KILL';
  if (!ENDING_SIGNAL.test(signal.replace(/^SIG/i, ''))) return null;
  return hardlineFinding('kill-all', `slay ${reading.operands[0]!.raw} kills every process of the account (a logout)`);
}

/** `pkill`/`killall`/`skill` selecting every process of the user's own account (or `slay`'s accounts), or null. */
export function checkOwnAccountKill(name: string, args: readonly Word[], home: string): HardlineFinding | null {
  // A signal spelt as an option word (`-KILL`, `-9`, `-SIGTERM`) is read apart: the row's reader
  // would split it into letters.
  const signalWords = args.map((word) => literalText(word)).map((text) => (text !== null && SIGNAL_WORD.test(text) ? text.replace(/^-(?:SIG)?/i, '') : null));
  if (name === 'slay') return checkSlay(args, signalWords);
  const userOptions = USER_OPTIONS[name];
  if (userOptions === undefined) return null;
  const reading = readByRow(name, args.filter((_, k) => signalWords[k] === null));
  if (reading === null) return null;
  let own: Word | null = null;
  let account: Word | null = null;
  let signal: string | null = signalWords.find((text) => text !== null) ?? null;
  for (const option of reading.options) {
    if (NO_SIGNAL.has(option.name) || NARROWING[name]!.has(option.name)) return null;
    if ((option.name === '-s' || option.name === '--signal') && option.value !== null) signal = literalText(option.value) ?? '?';
    if (!userOptions.includes(option.name) || option.value === null) continue;
    if (namesOwnAccount(option.value, home)) own = option.value;
    else if (literalText(option.value) !== null) account = option.value;
  }
  // Any account, when the signal is spelt out as one that ends processes (docs/decisions.md
  // "Killing every process of an account by an explicit signal"): `pkill -KILL -u dev`. The gate
  // cannot tell a person's account from a service's; plain `pkill -u nobody` (the default TERM,
  // unspelt) stays a service's business.
  if (own === null && account !== null && signal !== null && ENDING_SIGNAL.test(signal.replace(/^SIG/i, ''))) own = account;
  // The default signal (TERM) to every process of an account no list places as a service's
  // (docs/decisions.md "A power program's states and a machine's stop"): a person's account at
  // worst, its sessions ended (`sudo killall -u jake`). A service's account (`pkill -u nobody`,
  // `killall -u www-data`) stays that service's business.
  if (own === null && account !== null && signal === null && !isServiceAccount(literalText(account)!)) own = account;
  if (own === null) return null;
  const regexp = name === 'pkill' || reading.options.some((option) => option.name === '-r' || option.name === '--regexp');
  const patterns = reading.operands.map(literalText);
  if (patterns.length > 0 && !patterns.every((pattern) => pattern !== null && regexp && MATCH_ALL.test(pattern))) return null;
  return hardlineFinding('kill-all', `${name} -u ${own.raw} signals every process of the user's own account (a logout)`);
}
