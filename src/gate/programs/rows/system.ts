import { flagged, hasOption, optionValues, textOf, valued, type ArgReading, type Grammar } from '../grammar';
import type { Command, Form, OperandRole, OptionRole, ProgramRow, Role } from '../row';
import { literalWord, type Word } from '../../reading/resolution';

/**
 * Process and system tools, administration tools, system package managers, and the rest of the
 * GTFOBins catalogue (D§4.3). Most of these change the state of the machine: an entry written for
 * the listing form (`mount`, `ip addr`, `dpkg -l`, `crontab -l`) must not cover the forms that
 * change it. The hardline floor has its own arms for the catastrophic ones (`kill -9 -1`, `mkfs`,
 * `reboot`); the rows here carry the role and the note for the card.
 *
 * Shell escapes typed at an interactive prompt (`top`, `ncdu` `b`, `debugfs` `!`, `tdbtool` `!`,
 * `scanmem shell`, `ginsh` `!`, `tasksh` `!`, `jtag shell`, `bconsole @exec`) are not in the argv:
 * the rows mark the programs that read such commands from standard input with `stdinCode`, and
 * the argv forms that carry them (`debugfs -R '!…'`, `scanmem -c 'shell …'`).
 */

/** A form carried by the whole command (index -1 is the program word itself). */
function whole(program: string, role: Role, note: string, extra: Partial<Form> = {}): Form {
  return { role, program, trigger: program, index: -1, value: null, note, ...extra };
}

/** A form carried by one of the words after the program. */
function at(program: string, role: Role, args: readonly Word[], index: number, note: string, extra: Partial<Form> = {}): Form {
  const word = args[index];
  const trigger = word === undefined ? program : word.kind === 'literal' ? word.value : word.raw;
  return { role, program, trigger, index, value: word ?? null, note, ...extra };
}

/** A reader that finds one whole-command form unless one of the harmless options is given. */
function unless(program: string, role: Role, note: string, ...harmless: string[]): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (_args, reading) => (hasOption(reading, ...harmless) ? [] : [whole(program, role, note)]);
}

/** The account database the account tools edit (the files beside it change with it). */
const ACCOUNT_DATABASE = '/etc/passwd';

/**
 * An account tool edits the account database whatever else it does: a write outside the workspace
 * (D§7), so a person sees an account created, changed or removed, whatever the rating
 * (`useradd -o -u 0 -g 0 x` adds a second root). A writer form of `/etc/passwd` (its neighbours
 * `/etc/shadow` and `/etc/group` change with it) at no word, unless one of `harmless` only asks.
 */
function editsAccounts(program: string, ...harmless: string[]): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (_args, reading) =>
    hasOption(reading, ...harmless)
      ? []
      : [{ role: 'writer', program, trigger: program, index: -1, value: literalWord(ACCOUNT_DATABASE), target: 'file', changes: 'edits', everyday: true, note: `${program} edits the account database (/etc/passwd, /etc/shadow, /etc/group)` }];
}

/** True when the literal value is missing, opaque, or matches. */
function nullOr(re: RegExp): (v: string | null) => boolean {
  return (v) => v === null || re.test(v);
}

/**
 * Options with which fdisk, sfdisk and sgdisk only print (as the reader names them, short and long):
 * list, dump, print, info, verify, size, version, help.
 */
const FDISK_PRINTS = ['l', 'list', 'list-details', 'V', 'version', 'h', 'help', 's', 'getsz', 'd', 'dump', 'J', 'json', 'verify', 'list-free', 'F', 'show-size', 'show-geometry'];

/**
 * The same for gdisk and sgdisk, whose letters differ (`sgdisk -d N` deletes a partition): print,
 * info, verify, print-mbr, backup (saves the table to a file), list-types, version, help.
 */
const SGDISK_PRINTS = ['p', 'print', 'i', 'info', 'v', 'verify', 'O', 'print-mbr', 'b', 'backup', 'L', 'list-types', 'V', 'version', 'h', 'help'];

/** A URL with a scheme other than `file:`. */
const URL_RE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const isRemote = (v: string | null): boolean => v === null || (URL_RE.test(v) && !/^file:/i.test(v));

// ---------------------------------------------------------------------------------------------
// Processes

/**
 * `kill`: the words after at most one signal are process ids; `-1` is every process the caller
 * may signal and `0` its whole process group. An id only known at run time may be either.
 */
function killRead(args: readonly Word[]): Form[] {
  const note = 'a process id of -1 signals every process the user may signal (0: the whole process group)';
  let i = 0;
  let signal = false;
  for (; i < args.length; i++) {
    const t = textOf(args[i]);
    if (t === null) break;
    if (t === '--') {
      i++;
      break;
    }
    if (t === '-l' || t === '-L' || t === '--list' || t === '--table' || t === '--help' || t === '-V' || t === '--version') return [];
    if (t === '-s' || t === '-n' || t === '--signal' || t === '-q' || t === '--queue' || t === '--timeout') {
      if (t !== '-q' && t !== '--queue' && t !== '--timeout') signal = true;
      i++;
      continue;
    }
    if (t.startsWith('--')) continue;
    if (t.startsWith('-') && t.length > 1 && !signal) {
      signal = true;
      continue;
    }
    break;
  }
  const forms: Form[] = [];
  for (; i < args.length; i++) {
    const t = textOf(args[i]);
    if (t === null || t === '-1' || t === '0') forms.push(at('kill', 'destructive', args, i, note));
  }
  return forms;
}

/** A pattern that matches every process name. */
const MATCH_ALL = (v: string | null): boolean => v === null || /^(\.\*?|\^|\^?\.\*\$?|\.\+|\$|)$/.test(v);

const DSTAT_BUILTIN = [
  'aio', 'cpu', 'cpu24', 'cpu-adv', 'cpu-use', 'disk', 'disk24', 'disk24-old', 'epoch', 'fs', 'int', 'int24', 'io', 'ipc', 'load', 'lock', 'mem', 'mem-adv', 'net', 'page', 'page24', 'proc', 'raw', 'socket', 'swap', 'swap-old', 'sys', 'tcp', 'time', 'udp', 'unix', 'vm', 'vm-adv', 'zones',
  'all', 'full', 'integer', 'bw', 'black-on-white', 'color', 'nocolor', 'noheaders', 'noupdate', 'float', 'bits', 'list', 'profile', 'version', 'help', 'debug', 'pidfile',
];

const PGREP_GRAMMAR: Grammar = {
  short: 'dqgGOPstuUFr',
  flags: 'lavwcfinoxLAhVe',
  long: {
    ...valued('delimiter', 'signal', 'queue', 'pgroup', 'group', 'older', 'parent', 'session', 'terminal', 'euid', 'uid', 'pidfile', 'runstates', 'cgroup', 'ns', 'nslist', 'env'),
    ...flagged('list-name', 'list-full', 'inverse', 'lightweight', 'count', 'full', 'ignore-case', 'newest', 'oldest', 'exact', 'logpidfile', 'ignore-ancestors', 'echo', 'require-handler', 'help', 'version'),
  },
};

/**
 * procps reads a dash cluster's `e` as "every process" only while its SysV reading of the whole
 * line succeeds; when any word fails it (an unknown letter such as `-x`, a user that does not
 * exist in `-aux`, `-t` with no terminal), it reads every word again the BSD way, where `e` prints
 * each process's environment (`ps -auxe`, `ps -e -x`, `ps -eT` in a terminal-less shell: probed
 * with procps-ng 4.0.2). So a dash `e` is no environment form only when every word is one that
 * cannot fail: clusters of the letters below, optionally ending in one of `o O p q s C` whose
 * value is the next word and has a plain shape, and `--forest`, `--no-headers`, `--headers`,
 * `--sort`, `--format`. Everything else makes each dash cluster holding `e` a form.
 */
const PS_SURE_LETTERS = 'AadefFHjlLMNwZcmP';
const PS_SURE_VALUES: Readonly<Record<string, RegExp>> = {
  o: /^[A-Za-z0-9_%,:=+-]+$/,
  O: /^[A-Za-z0-9_%,:=+-]+$/,
  p: /^[0-9]+(,[0-9]+)*$/,
  q: /^[0-9]+(,[0-9]+)*$/,
  s: /^[0-9]+(,[0-9]+)*$/,
  C: /^[A-Za-z0-9._-]+(,[A-Za-z0-9._-]+)*$/,
};
const PS_SURE_CLUSTER = new RegExp(`^-[${PS_SURE_LETTERS}]*([${Object.keys(PS_SURE_VALUES).join('')}])?$`);
const PS_SORT = /^[+-]?%?[a-z_]+(,[+-]?%?[a-z_]+)*$/;

function psSurelySysv(args: readonly Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word.kind !== 'literal') return false;
    const text = word.value;
    if (text === '--forest' || text === '--no-headers' || text === '--headers') continue;
    const long = /^--(sort|format)(?:=(.*))?$/.exec(text);
    if (long !== null) {
      const value = long[2] ?? textOf(args[++i]);
      if (value === null || !(long[1] === 'sort' ? PS_SORT : PS_SURE_VALUES.o!).test(value)) return false;
      continue;
    }
    const cluster = PS_SURE_CLUSTER.exec(text);
    if (cluster === null) return false;
    const valued = cluster[1];
    if (valued === undefined) continue;
    const value = textOf(args[++i]);
    if (value === null || !PS_SURE_VALUES[valued]!.test(value)) return false;
  }
  return true;
}

/** The dash clusters holding `e` that procps may read as the BSD environment letter (see above). */
function psEnvironmentForms(args: readonly Word[]): Form[] {
  const clusters = args.flatMap((word, index) => (word.kind === 'literal' && /^-[^-]/.test(word.value) && word.value.includes('e') ? [index] : []));
  if (clusters.length === 0 || psSurelySysv(args)) return [];
  return clusters.map((index) => at('ps', 'credentials', args, index, 'with a word procps cannot read the SysV way on the line, it reads every word again the BSD way, where the letter e prints the environment of each process listed'));
}

/** lsof's writer form: a word that may be `-D` (a cluster holding D, or a word only known at run time). */
function lsofForms(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  args.forEach((word, index) => {
    const text = word.kind === 'literal' ? word.value : null;
    if (text === null ? !/^[A-Za-z0-9_./]/.test(word.raw) : /^-[^-]*D/.test(text)) {
      forms.push(at('lsof', 'writer', args, index, '-D b or -D u (on systems built with a device cache) builds or updates the device cache file, at the path given or in the home folder'));
    }
  });
  return forms;
}

const PROCESS_ROWS: readonly ProgramRow[] = [
  {
    names: ['ps'],
    category: 'system',
    what: 'lists processes',
    // Read-only (docs/decisions.md, "More everyday read-only forms"): it lists processes and their
    // command lines, which is its job and no secret of the user's that a terminal does not show
    // anyway. Its forms that print the
    // environment of each process (tokens among them) are `credentials` forms that are NOT
    // everyday, so the default entry never covers them (as jq's `$ENV`): the BSD letter `e`
    // (`ps auxe`, `ps eww`), macOS `-E`, and a dash cluster holding `e` (`-ef`: "every process")
    // whenever procps could read the line again the BSD way (see psEnvironmentForms).
    readOnly: true,
    grammar: {
      short: 'CGgpqstuUOok',
      flags: 'AeadNrTxFfHjlMPLmcyVwZE',
      long: { ...valued('Group', 'group', 'pid', 'ppid', 'quick-pid', 'sid', 'tty', 'user', 'User', 'format', 'sort', 'cols', 'columns', 'width', 'rows', 'lines'), ...flagged('deselect', 'forest', 'context', 'headers', 'no-headers', 'cumulative', 'version', 'info'), help: 'optional' },
      abbreviations: false,
    },
    options: [{ role: 'credentials', options: ['-E'], note: '-E (macOS) prints the environment of each process listed, secrets included' }],
    // Any word read as an operand that holds an `e` (a BSD cluster `auxe`, or a value of BSD `o`
    // the grammar reads as an operand): more than the letter alone, never less.
    operands: [{ role: 'credentials', operand: 'every', when: (v) => v !== null && v.includes('e'), example: 'eww', note: 'the BSD letter e prints the environment of each process listed, secrets included' }],
    read: (args) => psEnvironmentForms(args),
    plain: ['aux', '-ef', '-e', '-eo pid,args', '-p 1234 -o pid,cmd', '-ef --forest', 'axo pid,comm', '--forest', '-u root', '-eo pid,ppid,cmd --sort=-%mem'],
  },
  {
    // lsof 4.9x: it lists open files (and sockets, -i) and writes nothing but its output, runs no
    // program and loads nothing. The one option that writes is `-D b|u[PATH]` (build or update the
    // device cache file), on the systems built with HASDCACHE (not Linux); `+m` only prints the
    // mount supplement, `+m M`, `-m M`, `-k K` and `-A A` read other files. lsof reads its own
    // options (optional values as the next word, `+` options, clusters), so the reader below looks
    // at every word rather than trusting a grammar: any word that may be a `-D` is the writer form.
    // `-r`/`+r` repeat until interrupted: a command that runs long, as `top -b` does, not a danger.
    names: ['lsof'],
    category: 'system',
    what: 'lists open files and the processes that hold them',
    readOnly: true,
    grammar: { short: 'AcdDeKkmpu', shortAttached: 'FgiLoSTxzZsr', flags: 'abChlnNOPQRtUvVXEMw?', abbreviations: false },
    read: (args) => lsofForms(args),
    plain: ['-i TCP', '-i :3000', '-iTCP -sTCP:LISTEN -n -P', '-p 1234', '-u alice', '-c node', '+D src', '-t -i :8080', '-nP -i4', '-F pcn -p 1', '-r 2 -p 1', '+r 1 -c node', '/var/log/syslog'],
  },
  {
    // psmisc's fuser: the processes that use the files or file systems named; -k signals them.
    names: ['fuser'],
    category: 'system',
    what: 'lists the processes that use files or file systems, and with -k signals them',
    grammar: { short: 'n', flags: 'aikmMsuvwl46V', long: { ...valued('namespace', 'signal'), ...flagged('all', 'interactive', 'kill', 'mount', 'ismountpoint', 'silent', 'user', 'verbose', 'writeonly', 'list-signals', 'ipv4', 'ipv6', 'version') }, abbreviations: false },
    // Killing what holds a port or a file is its everyday job: an entry for fuser covers it (the floor reads `-k /`).
    options: [{ role: 'destructive', options: ['-k', '--kill'], everyday: true, note: '-k signals every process that uses the files named (with -m, every process using their file system)' }],
    plain: ['-v /var/log/syslog', '-m /mnt/usb', '-n tcp 8080', '-v 3000/tcp', '-l'],
  },
  {
    names: ['top'],
    category: 'system',
    what: 'shows processes and load interactively',
    // Its shell function comes from a `pipe` line in ~/.config/procps/toprc, not from argv: the
    // write of that file is the preflight's (a protected or unknown target), not this row's.
    // Interactively it also kills and renices, so it is not read-only.
    grammar: { short: 'dEenopuU', shortAttached: 'w', flags: 'bcHiOSs1hv', abbreviations: false },
    plain: ['-b -n 1', '-bn1 -o %MEM', '-p 1234', '-u root -d 2'],
  },
  {
    names: ['htop'],
    category: 'system',
    what: 'shows processes interactively and lets the user signal them',
    grammar: { short: 'dupsFH', flags: 'CMthVt', long: { ...valued('delay', 'user', 'pid', 'sort-key', 'filter', 'highlight-changes', 'max-iterations'), ...flagged('no-color', 'no-colour', 'tree', 'readonly', 'no-mouse', 'no-unicode', 'no-meters', 'help', 'version'), }, },
    plain: ['', '-u alice', '-p 1234,5678', '--tree', '--readonly'],
  },
  {
    names: ['kill'],
    category: 'system',
    what: 'sends a signal to processes',
    grammar: { short: 'snq', flags: 'lLap', long: { ...valued('signal', 'queue', 'timeout'), ...flagged('list', 'table', 'verbose', 'pid', 'require-handler', 'help', 'version') }, stopAtOperand: true, abbreviations: false },
    read: (args) => killRead(args),
    plain: ['1234', '-9 1234', '-TERM 4321 4322', '-s HUP 77', '-l', '-- -4321'],
  },
  {
    names: ['pkill'],
    category: 'system',
    what: 'signals the processes whose names match a pattern',
    grammar: PGREP_GRAMMAR,
    operands: [{ role: 'destructive', operand: 0, when: MATCH_ALL, example: '.', note: 'a pattern that matches every name signals every process the user may signal' }],
    plain: ['node', '-f "vite --port 5173"', '-u alice firefox', '-x sleep'],
  },
  {
    names: ['pgrep'],
    category: 'system',
    what: 'lists the ids of processes whose names match a pattern',
    readOnly: true,
    grammar: PGREP_GRAMMAR,
    plain: ['node', '-f "npm run dev"', '-a python', '-u root -l sshd', '-c nginx'],
  },
  {
    names: ['killall'],
    category: 'system',
    what: 'signals processes by name',
    grammar: { short: 'yosunZ', flags: 'eIgilqrvVwh', long: { ...valued('younger-than', 'older-than', 'signal', 'user', 'ns', 'context'), ...flagged('exact', 'ignore-case', 'process-group', 'interactive', 'list', 'quiet', 'regexp', 'verbose', 'version', 'wait', 'help') } },
    operands: [{ role: 'destructive', operand: 'every', when: MATCH_ALL, example: '.*', note: 'a regular expression that matches every name signals every process the user may signal' }],
    plain: ['node', '-9 chrome', '-u alice firefox', '-l'],
  },
  {
    // procps' skill and snice (skill(1)): `skill [signal] [options] expression`, the expression's
    // words picked by -t (terminal), -u (user), -p (pid), -c (command) or guessed from each word.
    // skill signals them (TERM unless a `-KILL`/`-9`/`-SIGKILL` word says otherwise; `-n` only
    // prints what it would do); snice only
    // changes their priority. The hardline floor reads `skill -u USER` and `skill -t TTY` as it
    // reads pkill's (ownAccount.ts, sessionProcesses.ts: docs/decisions.md "skill and slay").
    names: ['skill'],
    category: 'system',
    what: 'signals the processes of terminals, users, pids or commands',
    grammar: { short: 'ctup', flags: 'filLnvwhV', long: { ...valued('command', 'tty', 'user', 'pid', 'ns', 'nslist'), ...flagged('fast', 'interactive', 'list', 'table', 'no-action', 'verbose', 'warnings', 'help', 'version') } },
    operands: [{ role: 'destructive', operand: 'every', example: 'dev', note: 'every process of the terminal, user, pid or command the word names is signalled' }],
    plain: ['-l', '-L', '-n -u dev', '--help'],
  },
  {
    // snice: skill's twin that only changes the priority of the processes it selects.
    names: ['snice'],
    category: 'system',
    what: 'changes the priority of the processes of terminals, users, pids or commands',
    grammar: { short: 'ctup', flags: 'filLnvwhV', long: { ...valued('command', 'tty', 'user', 'pid', 'ns', 'nslist'), ...flagged('fast', 'interactive', 'list', 'table', 'no-action', 'verbose', 'warnings', 'help', 'version') } },
    plain: ['+4 -p 4242', '-n -u dev', '--help'],
  },
  {
    // slay (Debian's slay(1)): `slay [-signal] [-clean] USER…` sends KILL (unless another signal
    // is given) to every process of each account named: a logout of that account at least.
    names: ['slay'],
    category: 'system',
    what: "kills every process of the accounts it is given",
    grammar: { singleDash: true, abbreviations: false, long: flagged('clean', 'nice', 'mad', 'butthead', 'help', 'version') },
    operands: [{ role: 'destructive', operand: 'every', example: 'dev', note: 'every process of the account is killed' }],
    plain: ['-help'],
  },
  {
    names: ['pidstat'],
    category: 'system',
    what: 'reports statistics of processes',
    readOnly: true,
    grammar: { short: 'CGpTe', flags: 'dhHIlRrsUtuvwV', long: { ...valued('dec'), ...flagged('human') } },
    options: [{ role: 'executor', options: ['-e'], payload: 'shell-argv', example: '/bin/sh', note: '-e starts the given program with the words after it and watches it' }],
    plain: ['1 5', '-u -p 1234 1', '-d 2', '-r -C node 1 3'],
  },
  {
    names: ['dstat', 'pcp-dstat'],
    category: 'system',
    what: 'prints system resource statistics',
    grammar: { short: 'CDINST', flags: 'acdfgilmnprstvyh', long: { ...valued('output'), ...flagged(...DSTAT_BUILTIN) } },
    options: [{ role: 'writer', options: ['--output'], example: 'stats.csv', note: '--output writes the statistics to a CSV file' }],
    read: (_args, reading) =>
      reading.options
        .filter((o) => o.name.startsWith('--') && !o.known)
        .map((o) => ({ role: 'loader' as const, program: 'dstat', trigger: o.name, index: o.index, value: null, note: `${o.name} loads a Python plugin, looked for first in ~/.dstat` })),
    plain: ['', '-cdngy 5', '--tcp --udp', '-c 1 5', '--cpu --mem 2 10'],
  },
  {
    names: ['ncdu'],
    category: 'file',
    what: 'shows disk usage interactively',
    // Interactively `b` starts a shell in the folder and `d` deletes: there is no argv form for
    // either (`-r` turns deletion off, `-rr` the shell too), so the program is not read-only.
    grammar: { short: 'oOfX', flags: 'qrxeh0123vV', long: { ...valued('exclude', 'exclude-from', 'color', 'graph-style', 'sort', 'shared-column', 'threads', 'export-json', 'export-binary'), ...flagged('exclude-caches', 'exclude-kernfs', 'follow-symlinks', 'confirm-quit', 'disable-delete', 'enable-delete', 'disable-shell', 'enable-shell', 'si', 'apparent-size', 'one-file-system', 'help', 'version') } },
    options: [
      { role: 'writer', options: ['-o', '-O', '--export-json', '--export-binary'], when: (v) => v !== '-', example: 'usage.json', note: '-o exports the scanned tree to a file' },
    ],
    plain: ['', '-x /', '-q .', '-rr ~', '-o - /var'],
  },
];

// ---------------------------------------------------------------------------------------------
// Scheduling

/** `at`/`batch` read the commands to run from standard input, or from the `-f` file. */
function atRead(program: string): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (_args, reading) => {
    if (hasOption(reading, 'l', 'c', 'd', 'r', 'V', 'h', 'help', 'version')) return [];
    if (hasOption(reading, 'f')) return [];
    // `at` needs a time (an operand or -t); without one it only complains.
    if (program === 'at' && reading.operands.length === 0 && !hasOption(reading, 't')) return [];
    return [whole(program, 'executor', `${program} reads shell commands from standard input and runs them later, detached from this terminal`)];
  };
}

const AT_GRAMMAR: Grammar = { short: 'qftu', flags: 'VmMlvkcrdbh', long: flagged('help', 'version'), abbreviations: false };
const AT_FILE: OptionRole = { role: 'loader', options: ['-f'], example: 'job.sh', note: '-f reads the shell commands to run later from the named file' };

const SCHEDULING_ROWS: readonly ProgramRow[] = [
  {
    names: ['crontab'],
    category: 'system',
    what: 'installs, lists and removes per-user cron tables',
    grammar: { short: 'uTcn', flags: 'lerisxV', abbreviations: false },
    options: [
      { role: 'destructive', options: ['-e'], note: '-e opens the cron table in an editor and installs what is saved; its lines run on schedule' },
      { role: 'destructive', options: ['-r'], note: '-r deletes the whole cron table' },
    ],
    operands: [{ role: 'destructive', operand: 0, example: 'jobs.cron', note: 'a file (or - for standard input) replaces the cron table; its lines run on schedule' }],
    read: (_args, reading) =>
      reading.operands.length === 0 && !hasOption(reading, 'l', 'e', 'r', 'V', 'T', 'n', 'c', 'x')
        ? [whole('crontab', 'destructive', 'without a file the cron table is replaced by what standard input holds')]
        : [],
    plain: ['-l', '-l -u alice', '-V'],
  },
  {
    names: ['at'],
    category: 'system',
    what: 'runs commands once at a later time',
    stdinCode: true,
    // The job is read from standard input whatever the time operand says, unless -f names a file; sh runs it.
    stdinCodeForm: { always: { unless: ['-f'] }, shellText: true },
    grammar: AT_GRAMMAR,
    options: [AT_FILE, { role: 'destructive', options: ['-d', '-r'], note: '-d removes queued jobs' }],
    read: atRead('at'),
    plain: ['-l', '-c 3', '-V', '-l -q b'],
  },
  {
    names: ['batch'],
    category: 'system',
    what: 'runs commands once when the load allows',
    stdinCode: true,
    // The job is read from standard input whatever the time operand says, unless -f names a file; sh runs it.
    stdinCodeForm: { always: { unless: ['-f'] }, shellText: true },
    grammar: AT_GRAMMAR,
    options: [AT_FILE],
    read: atRead('batch'),
    plain: ['-V'],
  },
  {
    names: ['atq'],
    category: 'system',
    what: 'lists the queued at jobs',
    readOnly: true,
    grammar: { short: 'q', flags: 'Vv' },
    plain: ['', '-q a', '-V'],
  },
  {
    names: ['atrm'],
    category: 'system',
    what: 'removes queued at jobs',
    grammar: { flags: 'Vd' },
    operands: [{ role: 'destructive', operand: 'every', everyday: true, example: '3', note: 'removes the queued job with that number' }],
    plain: ['-V'],
  },
];

// ---------------------------------------------------------------------------------------------
// Mounts, disks and file systems

const DMSETUP_GRAMMAR: Grammar = {
  short: 'jmoOSuUGM',
  flags: 'vfrycCnh',
  long: { ...valued('exec', 'major', 'minor', 'sort', 'select', 'uuid', 'uid', 'gid', 'mode', 'readahead', 'separator', 'table', 'udevcookie', 'manglename', 'count', 'interval', 'units', 'nameprefixes', 'options', 'target', 'tree', 'histogram'), ...flagged('version', 'help', 'verbose', 'force', 'checks', 'readonly', 'noopencount', 'noflush', 'nolockfs', 'inactive', 'noudevrules', 'noudevsync', 'verifyudev', 'yes', 'retry', 'columns', 'noheadings', 'notable', 'concise', 'deferred', 'showkeys', 'addnodeoncreate', 'addnodeonresume', 'nosuffix') },
};
const DMSETUP_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--exec'], payload: 'shell-text', example: '/bin/sh -s', note: '--exec runs the given command once for each listed device' },
];
function dmsetupCommands(): Record<string, Command> {
  const out: Record<string, Command> = {};
  for (const name of ['ls', 'info', 'status', 'table', 'deps', 'targets', 'version', 'help', 'splitname', 'stats', 'wait', 'measure', 'udevflags']) {
    out[name] = { grammar: DMSETUP_GRAMMAR, options: DMSETUP_OPTIONS };
  }
  for (const name of ['create', 'remove', 'remove_all', 'load', 'reload', 'suspend', 'resume', 'clear', 'rename', 'message', 'mangle', 'wipe_table', 'setgeometry', 'mknodes', 'udevcomplete', 'udevcomplete_all', 'udevcreatecookie', 'udevreleasecookie', 'create_concise']) {
    out[name] = { grammar: DMSETUP_GRAMMAR, options: DMSETUP_OPTIONS, role: { role: 'destructive', note: `${name} creates, changes or removes device-mapper devices` } };
  }
  out.ls = { grammar: DMSETUP_GRAMMAR, options: DMSETUP_OPTIONS, plain: ['', '--tree', '--target linear'] };
  return out;
}

const MOUNT_ROWS: readonly ProgramRow[] = [
  {
    names: ['mount'],
    category: 'system',
    what: 'mounts file systems, and lists them without arguments',
    // Without operands it lists every mount: its devices and mount points at worst.
    printsAtWorst: 'mounts',
    // `mount DEV DIR`: a device's file system at DIR (a loop device is an image's, not a disk's).
    attaches: (operands) => {
      const [source, target] = operands;
      if (operands.length !== 2 || source === null || source === undefined || target === null || target === undefined) return [];
      if (!/^\/dev\/(?!loop|null$|zero$|shm$|pts$|mqueue$)./.test(source) && !/^(?:UUID|LABEL|PARTUUID|PARTLABEL)=/.test(source)) return [];
      return [{ instance: null, host: source, inside: target, device: true }];
    },
    grammar: {
      short: 'TmoOtNLU',
      flags: 'acfFilnrvwhVBMRs',
      long: { ...valued('fstab', 'options', 'test-opts', 'types', 'source', 'target', 'target-prefix', 'namespace', 'label', 'uuid', 'options-mode', 'options-source', 'onlyonce'), mkdir: 'optional', ...flagged('all', 'no-canonicalize', 'fake', 'fork', 'internal-only', 'show-labels', 'no-mtab', 'options-source-force', 'read-only', 'verbose', 'rw', 'read-write', 'help', 'version', 'bind', 'move', 'rbind', 'make-shared', 'make-slave', 'make-private', 'make-unbindable', 'make-rshared', 'make-rslave', 'make-rprivate', 'make-runbindable', 'map-users', 'map-groups') },
    },
    options: [
      { role: 'destructive', options: ['-a', '--all'], note: '-a mounts every file system listed in fstab' },
      { role: 'destructive', options: ['-B', '--bind', '-R', '--rbind', '-M', '--move'], note: '--bind mounts a folder or file over another path (a program can be replaced this way)' },
      { role: 'destructive', options: ['--source', '--target'], note: '--source/--target name what to mount and where' },
      { role: 'destructive', options: ['--make-shared', '--make-slave', '--make-private', '--make-unbindable', '--make-rshared', '--make-rslave', '--make-rprivate', '--make-runbindable'], note: 'changes how mounts propagate between namespaces' },
    ],
    operands: [{ role: 'destructive', operand: 'every', example: '/dev/sdb1', note: 'mounts a device or folder (or remounts it with -o)' }],
    // A mounted device is used through its file system, its blocks are not overwritten.
    deviceReads: { every: true },
    plain: ['', '-l', '-t ext4', '-l -t tmpfs', '--version'],
  },
  {
    names: ['umount'],
    category: 'system',
    what: 'unmounts file systems',
    grammar: { short: 'OtN', flags: 'aAcdfilnRrvqhV', long: { ...valued('test-opts', 'types', 'namespace'), ...flagged('all', 'all-targets', 'no-canonicalize', 'detach-loop', 'fake', 'force', 'internal-only', 'no-mtab', 'lazy', 'recursive', 'read-only', 'verbose', 'quiet', 'help', 'version') } },
    options: [{ role: 'destructive', options: ['-a', '--all'], note: '-a unmounts every mounted file system' }],
    operands: [{ role: 'destructive', operand: 'every', everyday: true, example: '/mnt/usb', note: 'unmounts that mount point or device' }],
    deviceReads: { every: true },
    plain: ['--version', '--help'],
  },
  {
    names: ['losetup'],
    category: 'system',
    what: 'sets up and lists loop devices',
    grammar: { short: 'dcjoObO', flags: 'aDfLPrvJlnhV', long: { ...valued('detach', 'set-capacity', 'associated', 'offset', 'sizelimit', 'sector-size', 'output', 'loop-ref'), 'direct-io': 'optional', ...flagged('all', 'detach-all', 'find', 'nooverlap', 'partscan', 'read-only', 'show', 'verbose', 'json', 'list', 'noheadings', 'output-all', 'raw', 'help', 'version') } },
    options: [
      { role: 'destructive', options: ['-d', '--detach', '-D', '--detach-all'], note: '-d detaches loop devices' },
      { role: 'destructive', options: ['-c', '--set-capacity'], note: '-c resizes a loop device' },
    ],
    operands: [{ role: 'destructive', operand: 1, example: 'disk.img', note: 'attaches the file to the loop device' }],
    read: (_args, reading) => (hasOption(reading, 'f', 'find') && reading.operands.length > 0 ? [whole('losetup', 'destructive', '-f with a file attaches it to the first free loop device')] : []),
    plain: ['-a', '-l', '/dev/loop0', '-j disk.img', '--list --json'],
  },
  {
    names: ['mkfs', 'mkfs.btrfs', 'mkfs.vfat', 'mkfs.fat', 'mkfs.msdos', 'mkfs.exfat', 'mkfs.f2fs', 'mkfs.minix', 'mkfs.bfs', 'mkfs.cramfs', 'mkswap'],
    category: 'system',
    what: 'creates a file system on a device, erasing what it held',
    role: { role: 'destructive', note: 'writes a new, empty file system over the device' },
    grammar: { short: 't', flags: 'vVh', long: { ...valued('type'), ...flagged('verbose', 'version', 'help') } },
  },
  // Formatters whose manual names a dry run (docs/decisions.md "A formatter's dry run and a
  // tuner's query"): with it they print what they would create and write nothing, so the device
  // words are read (`deviceReads.dryRun`, which the mkfs arm reads too: hardline/devices.ts).
  {
    // mke2fs(8) -n: "not actually create a file system, but display what it would do".
    names: ['mke2fs', 'mkfs.ext2', 'mkfs.ext3', 'mkfs.ext4'],
    category: 'system',
    what: 'creates an ext2, ext3 or ext4 file system on a device, erasing what it held',
    grammar: { short: 'bCdeEgGiIlLmMNoOrtTUz', flags: 'cDFjKnqSvV', long: {} },
    read: unless('mke2fs', 'destructive', 'writes a new, empty file system over the device', 'n'),
    deviceReads: { dryRun: ['n'] },
    plain: ['-n /dev/sdb1', '-n -t ext4 -L data /dev/sdb1'],
  },
  {
    // mkfs.xfs(8) -N: "the file system parameters are printed out without really creating the file system".
    names: ['mkfs.xfs'],
    category: 'system',
    what: 'creates an XFS file system on a device, erasing what it held',
    grammar: { short: 'bcdilLmnprs', flags: 'fKNqV', long: {} },
    read: unless('mkfs.xfs', 'destructive', 'writes a new, empty file system over the device', 'N'),
    deviceReads: { dryRun: ['N'] },
    plain: ['-N /dev/sdb1', '-N -L data -f /dev/sdb1'],
  },
  {
    // mkntfs(8) -n/--no-action: "not actually create a file system, but display what it would do".
    names: ['mkfs.ntfs', 'mkntfs'],
    category: 'system',
    what: 'creates an NTFS file system on a device, erasing what it held',
    grammar: { short: 'cHLpsSz', flags: 'CFfInQqTUvVlh', long: { ...valued('cluster-size', 'heads', 'label', 'partition-start', 'sector-size', 'sectors-per-track', 'mft-zone-multiplier'), ...flagged('enable-compression', 'force', 'fast', 'no-indexing', 'no-action', 'quick', 'quiet', 'zero-time', 'with-uuid', 'verbose', 'version', 'license', 'help') } },
    read: unless('mkntfs', 'destructive', 'writes a new, empty file system over the device', 'n', 'no-action'),
    deviceReads: { dryRun: ['n', 'no-action'] },
    plain: ['-n /dev/sdb1', '--no-action -Q -L data /dev/sdb1'],
  },
  {
    // mkfs.lustre(8) --dryrun: "Only print what would be done; does not affect the disk".
    names: ['mkfs.lustre'],
    category: 'system',
    what: 'formats a device as a Lustre target (MGS, MDT or OST), erasing what it held',
    grammar: { long: { ...valued('fsname', 'index', 'mgsnode', 'servicenode', 'failnode', 'backfstype', 'device-size', 'mkfsoptions', 'mountfsoptions', 'network', 'param', 'comment', 'stripe-count-hint', 'quota', 'replace', 'mgsnid'), ...flagged('ost', 'mdt', 'mgs', 'dryrun', 'reformat', 'verbose', 'quiet', 'noformat', 'print', 'help') } },
    read: unless('mkfs.lustre', 'destructive', 'writes a new Lustre target over the device', 'dryrun'),
    deviceReads: { dryRun: ['dryrun'] },
    plain: ['--dryrun --ost --fsname demo --index 0 --mgsnode 10.0.0.1@tcp /dev/sdc'],
  },
  {
    // mkfs.ocfs2(8) --dry-run: "Display the heuristically determined values without overwriting the existing file system".
    names: ['mkfs.ocfs2'],
    category: 'system',
    what: 'creates an OCFS2 cluster file system on a device, erasing what it held',
    grammar: { short: 'bCLNJTM', flags: 'FqvVh', long: { ...valued('fs-features', 'fs-feature-level', 'cluster-stack', 'cluster-name', 'global-heartbeat', 'block-size', 'cluster-size', 'label', 'node-slots', 'journal-options', 'type', 'mount'), ...flagged('dry-run', 'no-backup-super', 'force', 'quiet', 'verbose', 'version', 'help') } },
    read: unless('mkfs.ocfs2', 'destructive', 'writes a new, empty file system over the device', 'dry-run'),
    deviceReads: { dryRun: ['dry-run'] },
    plain: ['--dry-run -L data /dev/sdb1'],
  },
  {
    names: ['fdisk', 'sfdisk', 'cfdisk'],
    category: 'system',
    what: 'edits partition tables',
    grammar: { short: 'bcuLoSHtwW', flags: 'BlnsxhV', long: { ...valued('sector-size', 'compatibility', 'units', 'color', 'output', 'type', 'wipe', 'wipe-partitions', 'lock', 'sectors', 'heads', 'cylinders'), ...flagged('protect-boot', 'list', 'list-details', 'noauto-pt', 'getsz', 'bytes', 'help', 'version') } },
    read: unless('fdisk', 'destructive', 'reads editing commands from the terminal or standard input and can rewrite the partition table', ...FDISK_PRINTS),
    deviceReads: { withOptions: FDISK_PRINTS },
    // OpenBSD's and NetBSD's fdisk take a disk by its kernel name: alone it prints the table
    // (`fdisk sd0`); initialising, editing, updating or marking a partition active writes it.
    bareDevices: { readUnlessOptions: ['i', 'e', 'u', 'A', 'a', 'B', 'g', 'y', 'f', 'b', 'c', 'h', 's', 'w', 'wipe'] },
    plain: ['-l', '-l /dev/sda', '--list', '--version', '-d /dev/sda'],
  },
  {
    // gdisk is interactive: only `-l` (list the partition table and exit) is sure to write nothing;
    // sgdisk's `-l` loads a backup, so the two spell their options differently.
    names: ['gdisk'],
    category: 'system',
    what: 'edits GPT partition tables interactively',
    grammar: { flags: 'lhV', long: {} },
    read: unless('gdisk', 'destructive', 'reads editing commands from the terminal or standard input and can rewrite the partition table', 'l'),
    deviceReads: { withOptions: ['l'] },
    plain: ['-l /dev/sda', '-l /dev/nvme0n1'],
  },
  {
    names: ['sgdisk'],
    category: 'system',
    what: 'edits GPT partition tables',
    grammar: { short: 'bcdiAnrtuUlRGa', flags: 'pvOLVhDEgzZoNmXs', long: { ...valued('backup', 'change-name', 'delete', 'info', 'new', 'replicate', 'typecode', 'load-backup', 'attributes', 'disk-guid', 'partition-guid', 'set-alignment'), ...flagged('print', 'verify', 'print-mbr', 'list-types', 'version', 'help', 'zap', 'zap-all', 'clear', 'mbrtogpt', 'randomize-guids', 'sort', 'pretend') } },
    read: unless('sgdisk', 'destructive', 'reads editing commands from the terminal or standard input, or changes the partition table', ...SGDISK_PRINTS),
    deviceReads: { withOptions: SGDISK_PRINTS },
    plain: ['-p /dev/sda', '--print /dev/sda', '--version'],
  },
  {
    names: ['parted'],
    category: 'system',
    what: 'edits partition tables',
    grammar: { short: 'a', flags: 'hlmsfvj', long: { ...valued('align'), ...flagged('help', 'list', 'machine', 'script', 'fix', 'version', 'json', 'pretend-input-tty') } },
    read: (_args, reading) => {
      if (hasOption(reading, 'l', 'list', 'v', 'version', 'h', 'help')) return [];
      const words = reading.operands.slice(1).map((w) => textOf(w));
      const harmless = new Set(['print', 'p', 'unit', 'help', 'align-check', 'opt', 'optimal', 'min', 'minimal', 'free', 'all', 'devices', 'list', 'version', 's', 'B', 'b', 'kB', 'MB', 'MiB', 'GB', 'GiB', 'TB', 'TiB', '%', 'cyl', 'chs', 'compact']);
      if (words.length > 0 && words.every((w) => w !== null && (harmless.has(w) || /^[0-9]+$/.test(w)))) return [];
      return [whole('parted', 'destructive', words.length === 0 ? 'reads editing commands from the terminal or standard input' : 'runs partition-table commands (mklabel, mkpart, rm, resizepart …) on the device')];
    },
    // A device it only prints: `-l`, or operands that are all print words (any other makes the form above).
    deviceReads: { withOptions: ['l', 'list'], withOperands: ['print', 'p'] },
    plain: ['-l', '/dev/sda print', '-s /dev/sda unit MiB print', '--version'],
  },
  {
    names: ['dmsetup'],
    category: 'system',
    what: 'manages device-mapper devices',
    grammar: DMSETUP_GRAMMAR,
    options: DMSETUP_OPTIONS,
    subcommands: dmsetupCommands(),
    // It maps, names and removes device-mapper targets; none of its verbs writes a device's blocks.
    deviceReads: { every: true },
    plain: ['ls', 'info', 'status', 'table', 'version'],
  },
  {
    names: ['debugfs'],
    category: 'system',
    what: 'inspects and edits ext2/3/4 file systems',
    // Interactive commands (including `!cmd`, run by a shell) are read from standard input.
    stdinCode: true,
    grammar: { short: 'bsfRdz', flags: 'inDVwcp', abbreviations: false },
    options: [
      { role: 'executor', options: ['-R'], when: nullOr(/^\s*!/), payload: 'shell-text', payloadText: (v) => v.replace(/^\s*!/, ''), example: '!id', note: '-R with a request starting with ! runs the rest with a shell' },
      { role: 'writer', options: ['-R'], when: nullOr(/^\s*(dump|dump_inode|rdump)\b/), example: 'dump /etc/shadow out', note: '-R dump copies a file out of the image to a local path' },
      { role: 'loader', options: ['-f'], example: 'cmds.txt', note: '-f runs the debugfs commands in the file, shell escapes included' },
      { role: 'destructive', options: ['-w'], note: '-w opens the file system for writing' },
      { role: 'writer', options: ['-z'], example: 'undo.e2undo', note: '-z writes an undo file' },
    ],
    // Without -w debugfs opens the file system read-only (the -w form above is the writing one).
    deviceReads: { every: true, unlessOptions: ['w'] },
    plain: ['-R stats /dev/sdb1', "-R 'ls -l /' disk.img", '-c disk.img', '-R "stat /etc/passwd" disk.img'],
  },
  {
    names: ['unsquashfs'],
    category: 'archive',
    what: 'extracts a squashfs image',
    // Extracting into squashfs-root (or -d) is its job; it keeps set-id bits, which the preflight's
    // write readers see through the everyday writer form.
    grammar: { singleDash: true, abbreviations: false, long: { ...valued('d', 'dest', 'p', 'processors', 'e', 'ef', 'extract-file', 'excludes', 'exclude-file', 'o', 'offset', 'da', 'data-queue', 'fr', 'frag-queue', 'mem', 'help-option', 'ho'), ...flagged('f', 'force', 'l', 'ls', 'll', 'lls', 'lc', 'llc', 'li', 'lln', 'linfo', 's', 'stat', 'n', 'no-progress', 'no-xattrs', 'xattrs', 'UTC', 'i', 'info', 'v', 'version', 'h', 'help', 'q', 'quiet', 'cat', 'max', 'strict-errors', 'ignore-errors', 'mkfs-time', 'fstime', 'full-precision', 'no-exit-code', 'pf', 'user-xattrs', 'missing-symlinks', 'no-wildcards', 'regex', 'follow', 'dest-exists', 'max-depth', 'info-all', 'exit-on-error', 'percentage', 'punchholes', 'one-file-system') } },
    options: [{ role: 'writer', options: ['-d', '-dest'], everyday: true, example: 'out', note: '-d names the folder the image is extracted into' }],
    plain: ['-l image.sqsh', '-s image.sqsh', '-lls image.sqsh', '-version'],
  },
];

// ---------------------------------------------------------------------------------------------
// Network configuration

/**
 * iproute2 verbs that only show (`ip addr show`, `ip route get`, `ip link help`). Every other word
 * after the object changes state or is one the table does not know (`add`, `set`, `flush`,
 * `restore`, `property add`, `endpoint add` …), so it is the destructive form: the row is read-only
 * for the listing forms alone.
 */
const IP_SHOWS = ['show', 'list', 'lst', 'get', 'help'];
/** iproute2 matches a verb by any prefix (`s`, `sh`, `ls` is its own spelling of list). */
function ipChanges(v: string | null): boolean {
  if (v === null) return true;
  if (v === '') return false;
  return !(v === 'ls' || IP_SHOWS.some((verb) => verb.startsWith(v)));
}
const IP_VERB: OperandRole = { role: 'destructive', operand: 0, when: ipChanges, example: 'add', note: 'adds, changes or deletes network configuration (addresses, links, routes, rules)' };
const IP_GRAMMAR: Grammar = {
  singleDash: true,
  long: {
    ...valued('b', 'batch', 'l', 'loops', 'f', 'family', 'n', 'netns', 'rc', 'rcvbuf'),
    color: 'optional',
    c: 'optional',
    ...flagged('V', 'Version', 'h', 'human', 'human-readable', 'iec', 'force', 's', 'stats', 'statistics', 'd', 'details', 'r', 'resolve', 'j', 'json', 'p', 'pretty', 'br', 'brief', 'o', 'oneline', 'N', 'Numeric', 'a', 'all', 't', 'timestamp', 'ts', 'tshort', '4', '6', '0', 'B', 'M', 'help'),
  },
};
const IP_BATCH: OptionRole = { role: 'loader', options: ['-b', '-batch'], example: 'cmds.txt', note: '-batch runs the ip commands in the file, changes included' };
function ipObjects(names: readonly string[], extra: Record<string, Command> = {}): Record<string, Command> {
  const out: Record<string, Command> = {};
  for (const name of names) out[name] = { operands: [IP_VERB] };
  return { ...out, ...extra };
}
const IP_NETNS: Command = {
  operands: [IP_VERB],
  subcommands: {
    exec: { wrapper: { peel: false, skip: 1, note: 'netns exec runs the command inside the named network namespace' } },
    identify: {},
    pids: {},
    monitor: {},
    list: {},
    show: {},
  },
};
const IP_VRF: Command = {
  operands: [IP_VERB],
  subcommands: { exec: { wrapper: { peel: false, skip: 1, note: 'vrf exec runs the command bound to the named VRF' } }, show: {}, identify: {}, pids: {} },
};

const IPTABLES_GRAMMAR: Grammar = {
  short: 'ADIRNPECtjgpsdiomc',
  shortAttached: 'W',
  flags: 'LSFZXnvxh46fwV',
  long: {
    ...valued('append', 'delete', 'insert', 'replace', 'new-chain', 'new', 'policy', 'rename-chain', 'table', 'jump', 'goto', 'protocol', 'source', 'destination', 'in-interface', 'out-interface', 'match', 'set-counters', 'modprobe', 'dport', 'sport', 'dports', 'sports', 'comment', 'state', 'ctstate', 'to-destination', 'to-source', 'to-ports', 'to', 'log-prefix', 'log-level', 'limit', 'limit-burst', 'reject-with', 'icmp-type', 'tcp-flags', 'mac-source', 'uid-owner', 'gid-owner', 'set-mark', 'mark', 'src-range', 'dst-range', 'match-set', 'connlimit-above', 'hashlimit', 'hashlimit-name', 'hashlimit-mode'),
    wait: 'optional',
    'wait-interval': 'value',
    ...flagged('list', 'list-rules', 'flush', 'zero', 'delete-chain', 'check', 'numeric', 'verbose', 'exact', 'line-numbers', 'help', 'version', 'fragment', 'ipv4', 'ipv6', 'syn'),
  },
};

const NETWORK_ROWS: readonly ProgramRow[] = [
  {
    names: ['ip'],
    category: 'network',
    what: 'shows and changes network addresses, links, routes and namespaces (iproute2)',
    // Read-only for its listing forms: every verb but show/list/get/help is a destructive form,
    // `-batch` a loader, `netns exec` and `vrf exec` run a command (peel: false).
    readOnly: true,
    grammar: IP_GRAMMAR,
    options: [IP_BATCH],
    subcommands: ipObjects(
      ['address', 'addr', 'a', 'ad', 'addrlabel', 'amt', 'fou', 'ila', 'ioam', 'l2tp', 'link', 'l', 'li', 'macsec', 'maddress', 'maddr', 'm', 'mptcp', 'mroute', 'mrule', 'neighbor', 'neighbour', 'neigh', 'n', 'netconf', 'nexthop', 'nh', 'ntable', 'ntbl', 'route', 'r', 'ro', 'rule', 'ru', 'sr', 'tap', 'tcpmetrics', 'tcp_metrics', 'token', 'tunnel', 'tun', 'tuntap', 'xfrm', 'x', 'stats', 'monitor', 'help'],
      { netns: IP_NETNS, vrf: IP_VRF },
    ),
    plain: ['-br a', 'addr show', 'route', '-j link show', 'a s', 'route get 1.1.1.1'],
  },
  {
    names: ['bridge'],
    category: 'network',
    what: 'shows and changes Linux bridge ports, forwarding and VLAN tables (iproute2)',
    grammar: IP_GRAMMAR,
    options: [{ ...IP_BATCH, note: '-batch runs the bridge commands in the file, changes included' }],
    subcommands: ipObjects(['link', 'l', 'fdb', 'f', 'mdb', 'm', 'vlan', 'v', 'vni', 'monitor', 'help']),
    plain: ['link', 'fdb show', '-d vlan show', 'link show dev br0'],
  },
  {
    names: ['ss'],
    category: 'network',
    what: 'lists sockets',
    readOnly: true,
    grammar: {
      short: 'fAFDN',
      flags: 'hVnrHOaltuwxpmeisSE0b46KMZzTQ',
      long: { ...valued('family', 'query', 'socket', 'diag', 'filter', 'net', 'cgroup'), ...flagged('help', 'version', 'numeric', 'resolve', 'no-header', 'oneline', 'all', 'listening', 'options', 'extended', 'memory', 'info', 'processes', 'threads', 'summary', 'events', 'bpf', 'context', 'contexts', 'kill', 'tcp', 'udp', 'dccp', 'raw', 'unix', 'sctp', 'vsock', 'xdp', 'mptcp', 'tipc', 'packet', 'inet-sockopt', 'ipv4', 'ipv6', 'tos', 'cgroup', 'bpf-maps', 'bpf-map-id') },
    },
    options: [
      { role: 'writer', options: ['-D', '--diag'], example: 'dump.bin', note: '-D dumps raw socket information to a file' },
      { role: 'destructive', options: ['-K', '--kill'], note: '-K forcibly closes the sockets it lists' },
    ],
    plain: ['-tlnp', '-s', '-ant state established', '-x', '-uap'],
  },
  {
    names: ['netstat'],
    category: 'network',
    what: 'lists sockets, routes and interface counters (net-tools)',
    readOnly: true,
    grammar: { short: 'A', shortAttached: 'I', flags: 'rigMsWvnNeplaocCFtuwxZh46', long: { ...valued('protocol'), ...flagged('route', 'interfaces', 'groups', 'masquerade', 'statistics', 'verbose', 'wide', 'numeric', 'numeric-hosts', 'numeric-ports', 'numeric-users', 'symbolic', 'extend', 'programs', 'listening', 'all', 'timers', 'continuous', 'fib', 'cache', 'tcp', 'udp', 'udplite', 'sctp', 'raw', 'unix', 'help', 'version') } },
    plain: ['-tlnp', '-rn', '-i', '-an', '-s'],
  },
  {
    names: ['ifconfig'],
    category: 'network',
    what: 'shows and configures network interfaces (net-tools)',
    // Read-only for `ifconfig`, `ifconfig -a`, `ifconfig eth0`: any word after the interface changes it.
    readOnly: true,
    grammar: { flags: 'asvV', long: flagged('help', 'version') },
    operands: [{ role: 'destructive', operand: 'all-but-first', example: 'down', note: 'words after the interface change it (addresses, up/down, mtu, promisc)' }],
    plain: ['', '-a', 'eth0', '-s'],
  },
  {
    names: ['arp'],
    category: 'network',
    what: 'shows and changes the kernel ARP cache (net-tools)',
    grammar: { short: 'HtiAp', flags: 'vnDaesdf', long: { ...valued('hw-type', 'device', 'protocol'), ...flagged('verbose', 'numeric', 'use-device', 'all', 'set', 'delete', 'file', 'help', 'version') } },
    options: [
      { role: 'destructive', options: ['-s', '--set'], note: '-s adds an entry to the ARP cache' },
      { role: 'destructive', options: ['-d', '--delete'], note: '-d deletes entries from the ARP cache' },
      { role: 'destructive', options: ['-f', '--file'], note: '-f loads ARP cache entries from a file (/etc/ethers by default)' },
    ],
    plain: ['', '-a', '-n', '-e', '-i eth0 -n'],
  },
  {
    names: ['iptables', 'ip6tables', 'iptables-legacy', 'iptables-nft', 'ip6tables-legacy', 'ip6tables-nft'],
    category: 'network',
    what: 'shows and changes the kernel firewall rules',
    grammar: IPTABLES_GRAMMAR,
    options: [
      { role: 'destructive', options: ['-A', '--append', '-I', '--insert', '-D', '--delete', '-R', '--replace'], example: 'INPUT', note: 'adds, replaces or deletes firewall rules' },
      { role: 'destructive', options: ['-F', '--flush', '-Z', '--zero', '-X', '--delete-chain'], note: '-F/-X/-Z flush rules, delete chains or zero counters' },
      { role: 'destructive', options: ['-N', '--new-chain', '-E', '--rename-chain', '-P', '--policy'], example: 'INPUT', note: 'creates or renames chains, or sets a chain\'s default policy' },
    ],
    plain: ['-L -n -v', '-S', '-t nat -L', '-L INPUT --line-numbers', '-nvL'],
  },
  {
    names: ['iptables-save', 'ip6tables-save', 'iptables-legacy-save', 'iptables-nft-save'],
    category: 'network',
    what: 'prints the firewall rules',
    readOnly: true,
    grammar: { short: 'ftM', flags: 'cVh', long: { ...valued('file', 'table', 'modprobe'), ...flagged('counters', 'version', 'help') } },
    options: [{ role: 'writer', options: ['-f', '--file'], example: 'rules.v4', note: '-f writes the rules to a file instead of standard output' }],
    plain: ['', '-t nat', '-c'],
  },
  {
    names: ['iptables-restore', 'ip6tables-restore', 'iptables-legacy-restore', 'iptables-nft-restore'],
    category: 'network',
    what: 'loads firewall rules from a file or standard input',
    grammar: { short: 'MTwW', flags: 'cvVtnh', long: { ...valued('modprobe', 'table', 'wait', 'wait-interval'), ...flagged('counters', 'verbose', 'version', 'test', 'noflush', 'help') } },
    read: unless('iptables-restore', 'destructive', 'replaces the firewall rules with those read from the file or standard input', 't', 'test', 'h', 'help', 'V', 'version'),
    plain: ['--test rules.v4', '-t rules.v4', '--version'],
  },
  {
    names: ['nft'],
    category: 'network',
    what: 'shows and changes the nftables firewall rules',
    grammar: { short: 'fIDd', flags: 'hvcjnsNSyaeitTuo', long: { ...valued('file', 'includepath', 'define', 'debug'), ...flagged('help', 'version', 'check', 'json', 'numeric', 'stateless', 'reversedns', 'service', 'numeric-priority', 'numeric-protocol', 'handle', 'echo', 'interactive', 'terse', 'numeric-time', 'guid', 'optimize') } },
    options: [
      { role: 'loader', options: ['-f', '--file'], example: 'rules.nft', note: '-f applies the rules in the file' },
      { role: 'destructive', options: ['-i', '--interactive'], note: '-i reads rule commands from standard input' },
    ],
    operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || /^(add|create|insert|replace|delete|destroy|flush|reset|rename|import)$/.test(v), example: 'flush', note: 'adds, replaces, flushes or deletes firewall tables, chains and rules' }],
    plain: ['list ruleset', 'list tables', '-a list chain inet filter input', '--version'],
  },
  {
    names: ['dhclient'],
    category: 'network',
    what: 'the ISC DHCP client',
    role: { role: 'destructive', note: 'asks a DHCP server for an address and reconfigures the interface (or releases it with -r)' },
    grammar: { singleDash: true, abbreviations: false, long: { ...valued('p', 's', 'cf', 'lf', 'pf', 'sf', 'e', 'g', 'n', 'timeout', 'I', 'duid', 'D'), ...flagged('4', '6', '1', 'd', 'q', 'w', 'v', 'r', 'x', 'nw', 'P', 'N', 'T', 'S', 'i', 'nc', 'release', 'version', 'help') } },
    options: [
      { role: 'executor', options: ['-sf'], payload: 'program', example: '/bin/sh', note: '-sf names the script run with root rights on every lease change' },
      { role: 'loader', options: ['-cf'], example: 'dhclient.conf', note: '-cf reads a configuration that can name the script to run' },
      { role: 'writer', options: ['-lf', '-pf'], example: 'leases', note: '-lf/-pf write the lease database or the pid file at the given path' },
    ],
  },
  {
    names: ['dnsmasq'],
    category: 'network',
    what: 'a DNS forwarder and DHCP/TFTP server',
    grammar: {
      short: 'C7H6ixupagSAFGOlrcTP',
      flags: 'dhvkKnoNRb',
      long: { ...valued('conf-dir', 'conf-script', 'dhcp-script', 'dhcp-luascript', 'addn-hosts', 'interface', 'except-interface', 'listen-address', 'port', 'user', 'group', 'pid-file', 'log-facility', 'server', 'address', 'dhcp-range', 'dhcp-host', 'dhcp-option', 'dhcp-leasefile', 'resolv-file', 'cache-size', 'local-ttl', 'tftp-root', 'dhcp-boot', 'hostsdir', 'servers-file', 'dhcp-hostsfile', 'dhcp-optsfile', 'dhcp-scriptuser', 'local', 'domain', 'bind-dynamic'), 'conf-file': 'optional', 'log-queries': 'optional', ...flagged('test', 'help', 'version', 'keep-in-foreground', 'no-daemon', 'no-hosts', 'no-resolv', 'bind-interfaces', 'enable-tftp', 'log-dhcp', 'no-poll', 'bogus-priv', 'domain-needed') },
    },
    options: [
      { role: 'executor', options: ['--conf-script'], payload: 'shell-text', example: 'id 1>&2', note: '--conf-script runs the given command with a shell and reads configuration from its output' },
      { role: 'executor', options: ['-6', '--dhcp-script'], payload: 'program', example: '/bin/sh', note: '--dhcp-script names a program run on every lease change' },
      { role: 'loader', options: ['--dhcp-luascript'], example: 'lease.lua', note: '--dhcp-luascript loads a Lua script run on every lease change' },
      { role: 'loader', options: ['-C', '--conf-file', '-7', '--conf-dir'], example: 'extra.conf', note: '-C reads a configuration file, which can itself run commands' },
    ],
    read: unless('dnsmasq', 'listener', 'starts DNS (and DHCP/TFTP when configured) service for the network', 'test', 'help', 'version', 'v', 'w'),
    plain: ['--test', '--version', '--help'],
  },
  {
    names: ['ntpdate'],
    category: 'network',
    what: 'sets the system clock from NTP servers',
    grammar: { short: 'akeoptU', flags: 'BbdqsuvV46' },
    options: [{ role: 'loader', options: ['-k'], example: 'ntp.keys', note: '-k reads keys from the named file' }],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'pool.ntp.org', note: 'asks this NTP server for the time' }],
    read: unless('ntpdate', 'destructive', 'sets the system clock (use -q to only query)', 'q', 'd'),
  },
  {
    names: ['fail2ban-client'],
    category: 'system',
    what: 'controls the fail2ban server',
    grammar: { short: 'csp', flags: 'dvqixfbhV', long: { ...valued('pname', 'loglevel', 'logtarget', 'syslogsocket', 'timeout', 'str2sec'), ...flagged('async', 'help', 'version', 'dp', 'dump-pretty') } },
    options: [
      { role: 'loader', options: ['-c'], example: '/tmp/f2b', note: '-c reads the configuration, whose actions are commands, from the named folder' },
      { role: 'destructive', options: ['-i'], note: '-i reads control commands from standard input' },
    ],
    subcommands: {
      set: {
        role: { role: 'destructive', note: 'set changes a running jail (bans, unbans, actions, log paths)' },
        operands: [{ role: 'executor', operand: 'every', when: nullOr(/^action(ban|unban|start|stop|check|flush|repair|reban)$/), example: 'actionban', note: 'sets the command an action runs, as root, on a ban or at jail start' }],
      },
      start: { role: { role: 'destructive', note: 'start starts the server or a jail, running its start actions' } },
      stop: { role: { role: 'destructive', note: 'stop stops the server or a jail' } },
      restart: { role: { role: 'destructive', note: 'restart restarts the server or a jail' } },
      reload: { role: { role: 'destructive', note: 'reload rereads the configuration, actions included' } },
      add: { role: { role: 'destructive', note: 'add creates a jail' } },
      unban: { role: { role: 'destructive', note: 'unban removes bans' } },
      banned: {},
      flushlogs: {},
      status: { plain: ['', 'sshd'] },
      get: { plain: ['sshd banned', 'sshd maxretry'] },
      ping: { plain: [''] },
      version: {},
      echo: {},
      help: {},
    },
    plain: ['status', 'ping', '--version'],
  },
];
// ---------------------------------------------------------------------------------------------
// Kernel, boot and system configuration

/** sysctl keys whose value names a program the kernel runs as root. */
const SYSCTL_EXEC = /(core_pattern|modprobe|hotplug|poweroff_cmd|request_key|usermodehelper)\s*=\s*./;

const PLYMOUTH_GRAMMAR: Grammar = {
  abbreviations: false,
  long: { ...valued('command', 'prompt', 'text', 'number-of-tries', 'keys', 'status', 'update', 'newroot', 'error', 'dont-pause-progress'), ...flagged('help', 'debug', 'boot-up', 'shutdown', 'reboot', 'updates', 'system-upgrade', 'firmware-upgrade', 'ping', 'has-active-vt', 'sysinit', 'quit', 'retain-splash', 'wait', 'show-splash', 'hide-splash', 'read-only', 'ignore-keystroke') },
};
const PLYMOUTH_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--command'], payload: 'shell-text', example: '/bin/sh', note: '--command runs the given command (as root, from the daemon) with what the user typed' },
];

const POWER: Command = {
  role: { role: 'destructive', note: 'halts, powers off or reboots the machine' },
  grammar: { flags: 'fpwndhikcHPr', long: flagged('help', 'halt', 'poweroff', 'reboot', 'force', 'wtmp-only', 'no-wtmp', 'no-wall', 'no-sync', 'message', 'show', 'kexec') },
};

const KERNEL_ROWS: readonly ProgramRow[] = [
  {
    names: ['sysctl'],
    category: 'system',
    what: 'shows and sets kernel parameters',
    // Read-only for its reading forms (session 12): every form that sets a parameter (-w, -p/-f,
    // --system, a key=value operand or one only known at run time) is a destructive form.
    readOnly: true,
    grammar: { short: 'r', shortAttached: 'pf', flags: 'aAXbeNnqwoxdhV', long: { ...valued('pattern'), load: 'optional', ...flagged('all', 'deprecated', 'dry-run', 'binary', 'ignore', 'names', 'values', 'system', 'quiet', 'write', 'help', 'version') } },
    options: [
      { role: 'destructive', options: ['-w', '--write'], note: '-w sets the kernel parameters named' },
      { role: 'destructive', options: ['-p', '-f', '--load', '--system'], note: '-p sets kernel parameters from a file (or from every system folder with --system)' },
    ],
    operands: [
      { role: 'destructive', operand: 'every', when: nullOr(/=/), example: 'net.ipv4.ip_forward=1', note: 'key=value sets a kernel parameter' },
      { role: 'executor', operand: 'every', when: nullOr(SYSCTL_EXEC), example: 'kernel.core_pattern=|/tmp/x', note: 'this parameter names a program the kernel runs as root (on a core dump, a module request …)' },
    ],
    plain: ['-a', 'net.ipv4.ip_forward', '-n vm.swappiness', '-a -r tcp', 'kernel.hostname'],
  },
  {
    names: ['ldconfig'],
    category: 'system',
    what: 'rebuilds the shared-library cache and links, or prints the cache',
    grammar: { short: 'cCfr', flags: 'ilnNpvXV', long: { ...valued('format'), ...flagged('ignore-aux-cache', 'print-cache', 'verbose', 'help', 'usage', 'version') } },
    options: [
      { role: 'loader', options: ['-f'], example: '/tmp/ld.conf', note: '-f reads the library folders from the named file, so every program may load libraries from them' },
      { role: 'writer', options: ['-C'], example: '/tmp/cache', note: '-C writes the cache to the named file' },
      { role: 'loader', options: ['-l'], note: '-l links the named library files into place' },
    ],
    operands: [{ role: 'loader', operand: 'every', example: '/tmp/libs', note: 'adds the named folders to the cache every program loads libraries from' }],
    read: unless('ldconfig', 'destructive', 'rebuilds the system-wide library cache and the library links', 'p', 'print-cache', 'V', 'version', 'help', 'usage', 'N'),
    plain: ['-p', '--print-cache', '-V', '-p -v'],
  },
  {
    names: ['ld.so', 'ld-linux.so.2', 'ld-linux-x86-64.so.2', 'ld-linux-aarch64.so.1', 'ld-linux-armhf.so.3', 'ld-musl-x86_64.so.1', 'ld-musl-aarch64.so.1'],
    category: 'wrapper',
    what: 'the dynamic loader, run directly to start a program',
    grammar: { long: { ...valued('library-path', 'inhibit-rpath', 'audit', 'preload', 'argv0', 'glibc-hwcaps-prepend', 'glibc-hwcaps-mask'), ...flagged('list', 'verify', 'inhibit-cache', 'list-tunables', 'list-diagnostics', 'help', 'version') }, abbreviations: false, stopAtOperand: true },
    options: [
      { role: 'loader', options: ['--preload', '--audit'], example: '/tmp/x.so', note: '--preload/--audit load the named libraries into the program' },
      { role: 'loader', options: ['--library-path'], example: '/tmp/libs', note: '--library-path makes the program load its libraries from these folders first' },
    ],
    wrapper: { peel: false, noCommand: ['--help', '--version', '--list-tunables', '--list-diagnostics'], note: 'runs the program given as its first operand, with the loader chosen here' },
    plain: ['--help', '--version', '--list-diagnostics'],
  },
  {
    names: ['modprobe'],
    category: 'system',
    what: 'loads and removes kernel modules',
    grammar: { short: 'CdSo', flags: 'abcDfinqrRsvVw', long: { ...valued('config', 'dirname', 'set-version', 'name', 'wait'), ...flagged('all', 'show-config', 'showconfig', 'dump-modversions', 'show-depends', 'first-time', 'force', 'force-vermagic', 'force-modversion', 'ignore-install', 'ignore-remove', 'dry-run', 'show', 'quiet', 'remove', 'remove-dependencies', 'remove-holders', 'resolve-alias', 'syslog', 'verbose', 'version', 'help', 'use-blacklist') } },
    options: [
      { role: 'loader', options: ['-C', '--config'], example: '/tmp/mod.conf', note: '-C reads module configuration, whose install lines run commands as root' },
      { role: 'destructive', options: ['-r', '--remove'], note: '-r unloads kernel modules' },
    ],
    read: (args, reading) => {
      if (hasOption(reading, 'r', 'remove', 'n', 'dry-run', 'show', 'D', 'show-depends', 'c', 'show-config', 'showconfig', 'R', 'resolve-alias', 'V', 'version', 'h', 'help', 'dump-modversions')) return [];
      const k = reading.operandIndexes[0];
      return k === undefined ? [] : [at('modprobe', 'loader', args, k, 'loads the kernel module (and what it depends on) into the running kernel')];
    },
    plain: ['-n -v nvidia', '--show-depends ext4', '-c', '--version', '-R snd'],
  },
  {
    names: ['insmod'],
    category: 'system',
    what: 'loads a kernel module file',
    grammar: { flags: 'fspvV', long: flagged('force', 'syslog', 'verbose', 'version', 'help') },
    operands: [{ role: 'loader', operand: 0, example: 'evil.ko', note: 'loads the module file into the running kernel' }],
    plain: ['--version', '--help'],
  },
  {
    names: ['rmmod'],
    category: 'system',
    what: 'unloads kernel modules',
    grammar: { flags: 'fsvVw', long: flagged('force', 'syslog', 'verbose', 'version', 'help', 'wait') },
    operands: [{ role: 'destructive', operand: 'every', everyday: true, example: 'snd_pcm', note: 'unloads that module from the running kernel' }],
    plain: ['--version', '--help'],
  },
  {
    names: ['dmesg'],
    category: 'system',
    what: 'prints the kernel message buffer',
    readOnly: true,
    // -H pipes into a pager only when the output is a terminal, which an agent's never is.
    grammar: { short: 'Fflns', shortAttached: 'L', flags: 'CcDEHJkPprSuwWxdeTthV', long: { ...valued('file', 'facility', 'level', 'console-level', 'buffer-size', 'time-format', 'since', 'until'), color: 'optional', ...flagged('clear', 'read-clear', 'console-off', 'console-on', 'human', 'json', 'kernel', 'nopager', 'force-prefix', 'raw', 'noescape', 'syslog', 'userspace', 'follow', 'follow-new', 'decode', 'show-delta', 'reltime', 'ctime', 'notime', 'help', 'version') } },
    options: [
      { role: 'destructive', options: ['-C', '--clear', '-c', '--read-clear'], note: '-C/-c clears the kernel message buffer' },
      { role: 'destructive', options: ['-D', '--console-off', '-E', '--console-on', '-n', '--console-level'], note: 'changes which kernel messages reach the console' },
    ],
    plain: ['', '-T', '-l err,warn', '-k', '--json', '--since "1 hour ago"'],
  },
  {
    names: ['dmidecode'],
    category: 'system',
    what: 'prints the firmware (SMBIOS/DMI) tables',
    readOnly: true,
    grammar: { short: 'dstH', flags: 'quhV', long: { ...valued('dev-mem', 'string', 'type', 'handle', 'dump-bin', 'from-dump', 'oem-string'), ...flagged('quiet', 'dump', 'no-sysfs', 'no-quirks', 'help', 'version') } },
    options: [{ role: 'writer', options: ['--dump-bin'], example: 'dmi.bin', note: '--dump-bin writes the tables, as read, to a file' }],
    plain: ['', '-t memory', '-s system-serial-number', '-q', '--type 17'],
  },
  {
    names: ['update-alternatives'],
    category: 'system',
    what: 'manages the symbolic links that choose between alternative programs (editor, java …)',
    grammar: {
      abbreviations: false,
      long: { ...valued('install', 'remove', 'remove-all', 'auto', 'display', 'query', 'list', 'config', 'set', 'slave', 'altdir', 'admindir', 'instdir', 'root', 'log'), ...flagged('get-selections', 'set-selections', 'all', 'force', 'skip-auto', 'quiet', 'verbose', 'debug', 'help', 'version') },
    },
    options: [
      { role: 'writer', options: ['--install'], example: '/usr/bin/editor', note: '--install creates the link at the path given, pointing at the new alternative' },
      { role: 'destructive', options: ['--install', '--remove', '--remove-all', '--set', '--config', '--all', '--auto', '--set-selections'], example: 'editor', note: 'changes which program a system-wide name runs' },
      // Each of them rewrites the links in the alternatives folder (`--altdir`, else /etc/alternatives).
      { role: 'writer', options: ['--remove', '--remove-all', '--set', '--config', '--all', '--auto'], target: 'tree', targetText: () => '/etc/alternatives', example: 'editor', note: 'rewrites the links in /etc/alternatives' },
    ],
    plain: ['--display editor', '--list java', '--query python', '--get-selections'],
  },
  { names: ['reboot'], category: 'system', what: 'reboots the machine', ...POWER },
  {
    names: ['shutdown'],
    category: 'system',
    what: 'powers off, halts or reboots the machine, now or later',
    ...POWER,
    // -c / --cancel (systemd, sysvinit) and Windows' /a cancel a pending shutdown and end nothing;
    // alone only: a later -r, -h or -P sets another action (systemd reads them in order). -k stays
    // (BSD and macOS kick every user off), as does --show (not read here).
    role: { ...POWER.role!, unlessOnly: ['-c', '--cancel', '/a', '/A'] },
    plain: ['-c', '--cancel', '/a'],
  },
  { names: ['halt'], category: 'system', what: 'halts the machine', ...POWER },
  { names: ['poweroff'], category: 'system', what: 'powers the machine off', ...POWER },
  {
    names: ['init', 'telinit'],
    category: 'system',
    what: 'the first process; given a runlevel, switches to it (0 halts, 6 reboots)',
    // Only a runlevel operand is read as the system's init: a project script that happens to be
    // called `init` (`./init setup`) carries no form.
    grammar: { flags: 'abstuzeqQ', long: flagged('help', 'version') },
    operands: [{ role: 'destructive', operand: 0, when: nullOr(/^([0-6]|[sSqQuUabc]|emergency|rescue|default)$/), example: '6', note: 'changes the runlevel: 0 halts the machine, 6 reboots it, others start and stop services' }],
    plain: ['--help', 'setup'],
  },
  {
    names: ['agetty', 'getty'],
    category: 'system',
    what: 'opens a terminal line and offers a login on it',
    grammar: {
      short: 'aIfHlort',
      shortAttached: 'L',
      flags: '8cEhimnNpRsUwJ',
      long: { ...valued('autologin', 'issue-file', 'host', 'init-string', 'login-program', 'login-options', 'chroot', 'timeout', 'erase-chars', 'kill-chars', 'chdir', 'delay', 'nice'), 'local-line': 'optional', ...flagged('8bits', 'noreset', 'remote', 'show-issue', 'flow-control', 'noissue', 'noclear', 'extract-baud', 'skip-login', 'nonewline', 'login-pause', 'hangup', 'keep-baud', 'detect-case', 'wait-cr', 'nohints', 'nohostname', 'long-hostname', 'reload', 'list-speeds', 'help', 'version') },
    },
    options: [
      { role: 'executor', options: ['-l', '--login-program'], payload: 'program', example: '/bin/sh', note: '-l runs the given program instead of login, as root, on the terminal' },
      { role: 'destructive', options: ['-a', '--autologin'], example: 'root', note: '-a logs the user in without asking for a password' },
      { role: 'destructive', options: ['-n', '--skip-login'], note: '-n skips the login prompt' },
    ],
    operands: [{ role: 'listener', operand: 'every', example: 'ttyS0', note: 'offers a login on that terminal line to whoever is attached to it' }],
    plain: ['--help', '--version', '--list-speeds', '--show-issue'],
  },
  {
    names: ['openvt'],
    category: 'wrapper',
    what: 'runs a command on a new virtual console',
    grammar: { short: 'cu', flags: 'fesulvwVh', long: { ...valued('console', 'user'), ...flagged('force', 'exec', 'switch', 'login', 'verbose', 'wait', 'help', 'version') }, stopAtOperand: true },
    wrapper: { peel: false, noCommand: ['--help', '-h', '-V', '--version'], note: 'runs the command on another virtual console, out of this terminal' },
    plain: ['--help', '-V'],
  },
  {
    names: ['plymouth'],
    category: 'system',
    what: 'talks to the boot splash daemon',
    grammar: PLYMOUTH_GRAMMAR,
    options: PLYMOUTH_OPTIONS,
    subcommands: Object.fromEntries(['ask-for-password', 'ask-question', 'watch-keystroke', 'display-message', 'hide-message', 'message', 'pause-progress', 'unpause-progress', 'report-error', 'change-mode', 'system-update', 'update', 'update-root-fs', 'show-splash', 'hide-splash', 'quit', 'deactivate', 'reactivate'].map((n) => [n, { grammar: PLYMOUTH_GRAMMAR, options: PLYMOUTH_OPTIONS }])),
    plain: ['--ping', '--has-active-vt', 'display-message --text=hello'],
  },
];
// ---------------------------------------------------------------------------------------------
// Accounts, logs and desktop helpers

const SHADOW_ROOT = { ...valued('root', 'prefix') };

/** xdotool commands that send input to whatever window has the focus (a terminal among them). */
const XDOTOOL_INPUT = new Set(['type', 'key', 'keydown', 'keyup']);
const XDOTOOL_COMMANDS = new Set([
  'getactivewindow', 'getwindowfocus', 'getwindowname', 'getwindowpid', 'getwindowgeometry', 'getwindowclassname', 'getdisplaygeometry', 'getmouselocation', 'search', 'selectwindow', 'help', 'version',
  'behave', 'behave_screen_edge', 'click', 'key', 'keydown', 'keyup', 'mousedown', 'mousemove', 'mousemove_relative', 'mouseup', 'set_window', 'type', 'windowactivate', 'windowfocus', 'windowkill', 'windowclose', 'windowquit',
  'windowmap', 'windowminimize', 'windowmove', 'windowraise', 'windowlower', 'windowreparent', 'windowsize', 'windowstate', 'windowunmap', 'set_num_desktops', 'get_num_desktops', 'set_desktop', 'get_desktop', 'set_desktop_for_window',
  'get_desktop_for_window', 'get_desktop_viewport', 'set_desktop_viewport', 'exec', 'sleep',
]);
/** xdotool chains commands on one line: every command word is read, not just the first. */
function xdotoolRead(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  let first = true;
  for (let i = 0; i < args.length; i++) {
    const t = textOf(args[i]);
    if (t === null) {
      if (first) forms.push(at('xdotool', 'loader', args, i, 'reads xdotool commands from a script file (or - for standard input)'));
      first = false;
      continue;
    }
    if (t.startsWith('-')) continue;
    if (first && !XDOTOOL_COMMANDS.has(t)) forms.push(at('xdotool', 'loader', args, i, 'reads xdotool commands from a script file (or - for standard input)'));
    first = false;
    if (t === 'exec') forms.push(at('xdotool', 'executor', args, i + 1 + skipXdotoolExec(args, i + 1), 'exec runs the command given after it', { payload: 'shell-argv' }));
    if (t === 'behave' || t === 'behave_screen_edge') forms.push(at('xdotool', 'executor', args, i, `${t} runs the xdotool commands after it whenever the event happens`));
    if (XDOTOOL_INPUT.has(t)) forms.push(at('xdotool', 'executor', args, i, `${t} sends keystrokes to the focused window, which may be a terminal that runs them`));
  }
  return forms;
}
function skipXdotoolExec(args: readonly Word[], from: number): number {
  let k = 0;
  for (let i = from; i < args.length; i++) {
    const t = textOf(args[i]);
    if (t === '--sync') k++;
    else if (t === '--args' || t === '--terminator') k += 2;
    else break;
  }
  return k;
}

const COWSAY: ProgramRow = {
  names: ['cowsay', 'cowthink'],
  category: 'misc',
  what: 'draws a cow saying (or thinking) a message',
  grammar: { short: 'efTW', flags: 'bdgpstwylnh', stopAtOperand: true },
  options: [{ role: 'loader', options: ['-f'], when: nullOr(/[/.]/), example: './x.cow', note: '-f with a path loads that cow file, which is Perl code' }],
  plain: ['hello', '-f tux hello', '-e oo moo', '-l', '-W 40 "long text"'],
};

const ACCOUNT_ROWS: readonly ProgramRow[] = [
  {
    names: ['passwd'],
    category: 'system',
    what: 'changes passwords and password ageing',
    grammar: { short: 'inrRwxP', flags: 'adehklqSu', long: { ...valued('inactive', 'mindays', 'repository', 'warndays', 'maxdays'), ...SHADOW_ROOT, ...flagged('all', 'delete', 'expire', 'help', 'keep-tokens', 'lock', 'quiet', 'status', 'unlock', 'stdin') } },
    read: unless('passwd', 'destructive', 'sets, deletes, locks or ages a password (read from the terminal or standard input)', 'S', 'status', 'h', 'help'),
    plain: ['-S', '-S alice', '--help', '-S -a'],
  },
  {
    names: ['chpasswd', 'chgpasswd'],
    category: 'system',
    what: 'sets passwords in bulk from user:password lines on standard input',
    role: { role: 'destructive', note: 'sets the passwords given on standard input' },
    read: editsAccounts('chpasswd', 'h', 'help'),
    grammar: { short: 'cRsP', flags: 'ehm', long: { ...valued('crypt-method', 'sha-rounds'), ...SHADOW_ROOT, ...flagged('encrypted', 'help', 'md5') } },
  },
  {
    names: ['useradd', 'adduser', 'groupadd', 'addgroup'],
    category: 'system',
    what: 'creates user accounts (or groups)',
    role: { role: 'destructive', note: 'creates an account, or with -D changes the defaults for new ones' },
    read: editsAccounts('useradd', 'h', 'help'),
    grammar: { short: 'bcdefgGkKpRPsuZ', flags: 'DFhlmMNorU', long: { ...valued('base-dir', 'comment', 'home-dir', 'expiredate', 'inactive', 'gid', 'groups', 'skel', 'key', 'password', 'shell', 'uid', 'selinux-user', 'selinux-range'), ...SHADOW_ROOT, ...flagged('badname', 'btrfs-subvolume-home', 'defaults', 'add-subids-for-system', 'help', 'no-log-init', 'create-home', 'no-create-home', 'no-user-group', 'non-unique', 'system', 'user-group') } },
  },
  {
    names: ['usermod', 'groupmod', 'chsh', 'chfn', 'gpasswd'],
    category: 'system',
    what: 'changes user accounts (or groups)',
    role: { role: 'destructive', note: 'changes an account: groups, shell, home, uid, lock state' },
    // Each change is an edit of the account database: a write outside the workspace (D§7), so a
    // login shell or a home changed this way reaches a person (`chsh -s /usr/bin/zsh`).
    options: [
      {
        role: 'writer',
        options: ['-s', '--shell', '-d', '--home', '-l', '--login', '-u', '--uid', '-g', '--gid', '-G', '--groups', '-c', '--comment', '-p', '--password', '-e', '--expiredate'],
        target: 'file',
        targetText: () => ACCOUNT_DATABASE,
        changes: 'edits',
        everyday: true,
        example: '/bin/zsh',
        note: 'edits the account\'s entry in the account database (/etc/passwd, /etc/shadow, /etc/group)',
      },
    ],
    grammar: { short: 'cdefgGlpPRsuvVwWZ', flags: 'abhLmorU', long: { ...valued('comment', 'home', 'expiredate', 'inactive', 'gid', 'groups', 'login', 'password', 'shell', 'uid', 'add-subuids', 'del-subuids', 'add-subgids', 'del-subgids', 'selinux-user', 'selinux-range'), ...SHADOW_ROOT, ...flagged('append', 'badname', 'help', 'lock', 'move-home', 'non-unique', 'remove', 'unlock') } },
  },
  {
    // An account removed is catastrophic with or without its home (docs/decisions.md "An account
    // removed is catastrophic, with or without its home"): `removesAccount`.
    names: ['userdel'],
    category: 'system',
    what: 'deletes user accounts',
    role: { role: 'destructive', note: 'deletes an account (with -r its home folder and mail too)' },
    read: editsAccounts('userdel', 'h', 'help'),
    grammar: { short: 'RP', flags: 'fhrZ', long: { ...SHADOW_ROOT, ...flagged('force', 'help', 'remove', 'selinux-user') } },
    removesHome: { options: ['r', 'remove'] },
    removesAccount: {},
  },
  {
    names: ['groupdel'],
    category: 'system',
    what: 'deletes groups',
    role: { role: 'destructive', note: 'deletes a group (its members keep their accounts)' },
    read: editsAccounts('groupdel', 'h', 'help'),
    grammar: { short: 'RP', flags: 'fh', long: { ...SHADOW_ROOT, ...flagged('force', 'help') } },
  },
  {
    // Debian's front end to userdel, with options of its own. `deluser USER GROUP` takes the user
    // out of a group, and `--group` deletes a group: neither removes an account.
    names: ['deluser'],
    category: 'system',
    what: 'deletes user accounts (or groups, or a user from a group)',
    role: { role: 'destructive', note: 'deletes an account (with --remove-home its home folder too)' },
    read: editsAccounts('deluser', 'help', 'version'),
    grammar: { long: { ...valued('conf', 'backup-to'), ...flagged('remove-home', 'remove-all-files', 'backup', 'system', 'group', 'only-if-empty', 'force', 'quiet', 'debug', 'help', 'version') } },
    removesHome: { options: ['remove-home', 'remove-all-files'] },
    removesAccount: { unless: ['group'], operandsAtMost: 1 },
  },
  {
    names: ['delgroup'],
    category: 'system',
    what: 'deletes groups, or a user from a group',
    role: { role: 'destructive', note: 'deletes a group, or takes a user out of one' },
    read: editsAccounts('delgroup', 'help', 'version'),
    grammar: { long: { ...valued('conf'), ...flagged('system', 'only-if-empty', 'quiet', 'debug', 'help', 'version') } },
  },
  {
    // FreeBSD's account tool: `pw userdel NAME -r` removes the home folder too.
    names: ['pw'],
    category: 'system',
    what: 'manages user accounts and groups (FreeBSD)',
    grammar: { short: 'V', flags: 'h', stopAtOperand: true },
    role: { role: 'destructive', note: 'adds, changes or deletes accounts and groups' },
    subcommands: {
      userdel: { grammar: { short: 'nuCV', flags: 'rYqh' }, removesHome: { options: ['r'] }, removesAccount: {} },
    },
  },
  {
    // FreeBSD's interactive account removal: it asks whether to remove the home folder too, and
    // `-y` answers yes to every question (OpenBSD's asks and has no -y). AIX's `rmuser [-p] NAME`
    // removes the account (and with -p its password information) and leaves the home folder.
    names: ['rmuser'],
    category: 'system',
    what: 'removes user accounts (the BSDs: with their home folders and files; AIX)',
    role: { role: 'destructive', note: 'removes an account, and (asked, or with -y) its home folder' },
    grammar: { short: 'fR', flags: 'yvhp' },
    removesHome: { options: ['y'] },
    removesAccount: {},
  },
  {
    // libuser's userdel and NetBSD's `user del`: `-r` removes the home folder too.
    names: ['luserdel'],
    category: 'system',
    what: 'deletes user accounts (libuser)',
    role: { role: 'destructive', note: 'deletes an account (with -r its home folder too)' },
    grammar: { flags: 'rGh', long: flagged('removehome', 'dontremovegroup', 'help') },
    removesHome: { options: ['r', 'removehome'] },
    removesAccount: {},
  },
  {
    // systemd-homed's accounts: `remove` deletes the account and its home area together; the
    // other verbs list, inspect, create, change, activate or lock.
    names: ['homectl'],
    category: 'system',
    what: 'manages systemd-homed user accounts and their home areas',
    grammar: { short: 'HMjP', flags: 'hE', long: { ...valued('host', 'machine', 'identity', 'json', 'export-format'), ...flagged('help', 'version', 'no-pager', 'no-legend', 'no-ask-password', 'offline') } },
    subcommands: {
      list: {},
      inspect: {},
      remove: { removesAccount: {}, role: { role: 'destructive', note: 'removes the account and its home area' } },
      ...Object.fromEntries(['create', 'update', 'passwd', 'resize', 'lock', 'unlock', 'activate', 'deactivate', 'authenticate', 'with', 'lock-all', 'deactivate-all', 'rebalance', 'firstboot', 'adopt', 'register', 'unregister'].map((verb) => [verb, { role: { role: 'destructive' as const, note: 'creates, changes, activates or locks an account or its home area' } }])),
    },
  },
  {
    // Synology DSM's account tool: `--del NAME…` deletes local users; the group and share tools
    // (`synogroup --del`, `synoshare --del`) remove other things.
    names: ['synouser'],
    category: 'system',
    what: 'manages the local users of a Synology DSM',
    options: [{ role: 'destructive', options: ['--add', '--del', '--modify', '--setpw', '--rename'], note: 'adds, changes or deletes local users' }],
    grammar: { long: { ...flagged('add', 'del', 'modify', 'get', 'enum', 'setpw', 'rename', 'help') } },
    removesAccount: { withOptions: ['del'] },
  },
  {
    // macOS's account tool: `-deleteUser NAME` deletes the home folder too unless `-keepHome`.
    names: ['sysadminctl'],
    category: 'system',
    what: 'manages user accounts and system settings (macOS)',
    role: { role: 'destructive', note: 'adds, changes or deletes accounts and system settings' },
    grammar: { singleDash: true, long: { ...valued('deleteUser', 'addUser', 'fullName', 'password', 'home', 'adminUser', 'adminPassword', 'resetPasswordFor', 'newPassword', 'oldPassword', 'UID', 'GID', 'shell', 'picture', 'hint'), ...flagged('keepHome', 'secure', 'admin', 'roleAccount', 'guestAccount', 'screenLock', 'filesystem', 'afpGuestAccess', 'smbGuestAccess', 'automaticTime', 'secureTokenStatus', 'secureTokenOn', 'secureTokenOff', 'interactive') } },
    removesHome: { options: ['-deleteUser', 'deleteUser'], unless: ['-keepHome', 'keepHome'] },
    removesAccount: { withOptions: ['-deleteUser', 'deleteUser'] },
  },
  {
    names: ['vipw', 'vigr'],
    category: 'system',
    what: 'edits the password or group database in an editor',
    role: { role: 'destructive', note: 'opens the account database in $EDITOR (from which commands can be run) and installs what is saved' },
    grammar: { short: 'R', flags: 'ghpqs', long: { ...SHADOW_ROOT, ...flagged('group', 'help', 'passwd', 'quiet', 'shadow') } },
  },
  {
    names: ['wall'],
    category: 'system',
    what: 'writes a message to every logged-in terminal',
    // Broadcasting is its job; the file it is given is only read.
    grammar: { short: 'gt', flags: 'nhV', long: { ...valued('group', 'timeout'), ...flagged('nobanner', 'help', 'version') } },
    plain: ['"back in 5 minutes"', '-n message.txt', '-g staff "meeting"'],
  },
  {
    names: ['last', 'lastb'],
    category: 'system',
    what: 'lists recent logins and reboots',
    readOnly: true,
    grammar: { short: 'fnstp', flags: 'adFiRwxhV', long: { ...valued('file', 'limit', 'since', 'until', 'present', 'time-format'), ...flagged('hostlast', 'dns', 'fulltimes', 'ip', 'nohostname', 'fullnames', 'system', 'help', 'version') } },
    plain: ['', '-n 10', 'reboot', '-x -F', '-f /var/log/wtmp.1'],
  },
  {
    names: ['getent'],
    category: 'system',
    what: 'prints entries of the account, host and service databases',
    printsAtWorst: 'accounts',
    // Not read-only: it contacts hosts it is given (a database server, a name server).
    readOnly: false,
    grammar: { short: 's', flags: 'AiV', long: { ...valued('service'), ...flagged('no-addrconfig', 'no-idn', 'help', 'usage', 'version') } },
    subcommands: Object.fromEntries(['hosts', 'ahosts', 'ahostsv4', 'ahostsv6'].map((db) => [db, { operands: [{ role: 'network', operand: 'every', everyday: true, example: 'example.com', note: 'resolves the name, which may ask a DNS server' }], plain: [''] }])),
    plain: ['passwd alice', 'group docker', 'services 22', 'passwd'],
  },
  {
    names: ['needrestart'],
    category: 'system',
    what: 'finds services that use outdated libraries and restarts them',
    grammar: { short: 'crfumt', flags: 'vqnbpoklwhs', abbreviations: false },
    options: [
      { role: 'loader', options: ['-c'], example: '/tmp/x.conf', note: '-c reads a configuration file, which is Perl code' },
      { role: 'destructive', options: ['-r'], when: (v) => v !== 'l', example: 'a', note: '-r a restarts the outdated services without asking' },
    ],
    plain: ['-b', '-r l', '-k -p', '-l -r l'],
  },
  {
    names: ['logrotate'],
    category: 'system',
    what: 'rotates, compresses and removes log files as its configuration says',
    // Its configuration files are its job (their postrotate scripts run as written); the mail
    // command and the state and log files it is pointed at are not.
    grammar: { short: 'msl', flags: 'dfvV', long: { ...valued('mail', 'state', 'log'), ...flagged('debug', 'force', 'verbose', 'usage', 'help', 'version', 'skip-state-lock', 'wait-for-state-lock') }, abbreviations: false },
    options: [
      { role: 'executor', options: ['-m', '--mail'], payload: 'program', example: '/tmp/x.sh', note: '-m names the program run to mail rotated logs' },
      { role: 'writer', options: ['-s', '--state', '-l', '--log'], example: '/tmp/state', note: '-s/-l write the state or log file at the given path' },
    ],
    operands: [{ role: 'loader', operand: 'every', everyday: true, example: '/etc/logrotate.conf', note: 'runs the configuration, whose scripts run with the rights of the caller' }],
    plain: ['--version', '--usage'],
  },
  {
    names: ['logsave'],
    category: 'wrapper',
    what: 'runs a command and saves its output to a log file',
    grammar: { flags: 'asv', stopAtOperand: true },
    read: (args, reading) => {
      const k = reading.operandIndexes[0];
      return k === undefined ? [] : [at('logsave', 'writer', args, k, 'writes (or with -a appends) the command\'s output to this file', { everyday: true })];
    },
    wrapper: { peel: false, skip: 1, note: 'runs the command after the log file' },
  },
  {
    names: ['rsyslogd'],
    category: 'system',
    what: 'the rsyslog system log daemon',
    grammar: { short: 'fiMNouS', flags: 'dDnvwxCAe46', abbreviations: false },
    options: [
      { role: 'loader', options: ['-f'], example: '/tmp/rsyslog.conf', note: '-f reads a configuration whose actions can run programs' },
      { role: 'loader', options: ['-M'], example: '/tmp/modules', note: '-M loads plugin modules from the named folder' },
      { role: 'writer', options: ['-i', '-o'], example: '/tmp/pid', note: '-i/-o write the pid file or the expanded configuration at the given path' },
    ],
    plain: ['-v', '-N 1'],
  },
  {
    names: ['zic'],
    category: 'system',
    what: 'compiles time zone sources into the zoneinfo folder',
    grammar: { short: 'bdlLprtyR', flags: 'sv', long: flagged('help', 'version') },
    options: [
      { role: 'executor', options: ['-y'], payload: 'program', example: '/tmp/x.sh', note: '-y names a program run to check year types' },
      { role: 'writer', options: ['-d'], everyday: true, example: './zoneinfo', note: '-d names the folder the compiled zones are written to' },
      { role: 'destructive', options: ['-l'], example: 'Europe/Paris', note: '-l changes the system\'s local time zone' },
      { role: 'writer', options: ['-t'], example: '/etc/localtime', note: '-t writes the local time link at the given path' },
    ],
    plain: ['--version', '--help'],
  },
  {
    names: ['xdg-user-dir'],
    category: 'misc',
    what: 'prints the path of a user folder (DOWNLOAD, MUSIC …)',
    readOnly: true,
    operands: [{ role: 'executor', operand: 0, when: nullOr(/[^A-Za-z0-9_]/), payload: 'shell-text', example: '}; id #', note: 'the name is expanded by a shell (eval) in some versions, so punctuation in it runs as code' }],
    plain: ['DOWNLOAD', 'DESKTOP', 'MUSIC', ''],
  },
  {
    names: ['xdotool'],
    category: 'misc',
    what: 'drives the X display: windows, mouse and keyboard',
    read: (args) => xdotoolRead(args),
    plain: ['getactivewindow', 'search --name Firefox', 'mousemove 100 200', 'getmouselocation', 'search --class code windowactivate'],
  },
  {
    names: ['xmodmap'],
    category: 'misc',
    what: 'shows and changes the X keyboard and pointer mapping',
    // Changing the key map is its job; the expressions it reads only remap keys.
    grammar: { singleDash: true, abbreviations: false, long: { ...valued('display', 'e', 'grammar'), ...flagged('help', 'n', 'pk', 'pke', 'pm', 'pp', 'quiet', 'verbose', 'version') } },
    plain: ['-pke', '-pm', '-pp'],
  },
  {
    names: ['scrot'],
    category: 'misc',
    what: 'takes screenshots',
    grammar: { short: 'adeqtnlFDCMS', shortAttached: 's', flags: 'bcfikmopuvhzZ', long: { ...valued('autoselect', 'delay', 'exec', 'quality', 'thumb', 'note', 'line', 'file', 'display', 'class', 'monitor', 'format', 'script'), select: 'optional', ...flagged('border', 'count', 'freeze', 'ignorekeyboard', 'multidisp', 'overwrite', 'pointer', 'focused', 'silent', 'version', 'help') } },
    options: [
      { role: 'executor', options: ['-e', '--exec'], payload: 'shell-text', example: 'id', note: '-e runs the given command with a shell after the shot is taken' },
      { role: 'writer', options: ['-F', '--file'], everyday: true, example: 'shot.png', note: 'writes the screenshot to this file' },
    ],
    operands: [{ role: 'writer', operand: 0, everyday: true, example: 'shot.png', note: 'writes the screenshot to this file' }],
    plain: ['', '-d 3', '-u -q 80', '--delay 5 --silent'],
  },
  {
    names: ['espeak', 'espeak-ng'],
    category: 'misc',
    what: 'speaks text aloud',
    grammar: { short: 'abfgklpsvw', flags: 'xXqmzhdV', long: { ...valued('path', 'phonout', 'voices', 'compile-debug', 'load'), compile: 'optional', punct: 'optional', split: 'optional', ipa: 'optional', ...flagged('stdin', 'stdout', 'pho', 'help', 'version', 'sep', 'tie', 'compile-intonations', 'compile-phonemes', 'compile-mbrola') } },
    options: [
      { role: 'writer', options: ['-w', '--phonout'], example: 'out.wav', note: '-w writes the speech to a WAV file (--phonout: the phonemes)' },
      { role: 'writer', options: ['--compile'], note: '--compile writes compiled voice data files' },
    ],
    plain: ['"hello world"', '-v en-us -s 150 hello', '-q -x hello', '-f notes.txt'],
  },
  COWSAY,
  {
    names: ['neofetch'],
    category: 'misc',
    what: 'prints system information next to a logo',
    grammar: {
      abbreviations: false,
      long: { ...valued('config', 'ascii', 'source', 'ascii_distro', 'ascii_colors', 'colors', 'backend', 'image_size', 'image_source', 'crop_mode', 'crop_offset', 'xoffset', 'yoffset', 'bar_colors', 'gap', 'title_fqdn', 'package_managers', 'os_arch', 'cpu_brand', 'cpu_speed', 'cpu_cores', 'cpu_temp', 'distro_shorthand', 'kernel_shorthand', 'uptime_shorthand', 'refresh_rate', 'gpu_brand', 'gpu_type', 'de_version', 'gtk_shorthand', 'gtk2', 'gtk3', 'shell_path', 'shell_version', 'disk_show', 'disk_subtitle', 'disk_percent', 'song_format', 'song_shorthand', 'music_player', 'memory_percent', 'memory_unit', 'ip_host', 'ip_timeout', 'public_ip', 'underline', 'underline_char', 'bold', 'color_blocks', 'block_range', 'block_width', 'block_height', 'col_offset', 'bar_char', 'bar_border', 'bar_length', 'cpu_display', 'memory_display', 'battery_display', 'disk_display', 'separator', 'kitty', 'w3m', 'sixel', 'caca', 'iterm2', 'pixterm', 'tycat', 'jp2a', 'pot', 'termpix', 'catimg', 'chafa'), ...flagged('off', 'stdout', 'print_config', 'clean', 'help', 'version', 'logo', 'loop') },
    },
    options: [{ role: 'loader', options: ['--config'], when: (v) => v !== 'none', example: '/tmp/x.conf', note: '--config sources the file, which is bash code' }],
    plain: ['', '--off', '--stdout', '--ascii_distro arch', '--config none'],
  },
  {
    names: ['fastfetch'],
    category: 'misc',
    what: 'prints system information next to a logo',
    grammar: {
      short: 'lcs',
      flags: 'hv',
      abbreviations: false,
      long: { ...valued('config', 'load-config', 'structure', 'logo', 'logo-type', 'file', 'file-raw', 'data', 'data-raw', 'raw', 'sixel', 'kitty', 'chafa', 'iterm', 'format', 'color', 'command-text', 'command-shell', 'command-key', 'command-param', 'set', 'set-keyless'), 'gen-config': 'optional', 'gen-config-force': 'optional', ...flagged('help', 'version', 'list-modules', 'list-presets', 'list-logos', 'list-config-paths', 'list-data-paths', 'print-logos', 'print-structure', 'pipe', 'json', 'show-errors', 'stat') },
    },
    options: [
      { role: 'loader', options: ['-c', '--config', '--load-config'], when: (v) => v !== 'none', example: '/tmp/x.jsonc', note: '-c loads a configuration whose command modules run shell commands' },
      { role: 'executor', options: ['--command-text'], payload: 'shell-text', example: 'id', note: '--command-text is run by a shell for the command module' },
      { role: 'executor', options: ['--command-shell'], payload: 'program', example: '/bin/sh', note: '--command-shell names the program the command module runs' },
      { role: 'writer', options: ['--gen-config', '--gen-config-force'], example: 'out.jsonc', note: '--gen-config writes a configuration file' },
    ],
    // Its long options are read without regard to case (`--CONFIG` is `--config`).
    read: (args, reading) =>
      reading.options
        .filter((o) => !o.known && o.name.startsWith('--') && /^(config|load-config|command-text|command-shell|gen-config|gen-config-force)$/.test(o.name.slice(2).toLowerCase()))
        .map((o) => at('fastfetch', /^command/.test(o.name.slice(2).toLowerCase()) ? 'executor' : /^gen/.test(o.name.slice(2).toLowerCase()) ? 'writer' : 'loader', args, o.index, `${o.name} is read as ${o.name.toLowerCase()}, which runs or loads what it names`)),
    plain: ['', '--logo none', '-s os:kernel', '--list-modules', '-c none'],
  },
];
// ---------------------------------------------------------------------------------------------
// Media, documents, printing and forensic tools

/** Filters that load a shared library named in the filter graph. */
const FFMPEG_PLUGIN = nullOr(/\b(ladspa|lv2|frei0r|frei0r_src)\b/);

const FFMPEG_GRAMMAR: Grammar = {
  singleDash: true,
  abbreviations: false,
  long: {
    ...valued(
      'i', 'f', 'c', 'codec', 'c:v', 'c:a', 'c:s', 'codec:v', 'codec:a', 'vcodec', 'acodec', 'scodec', 'b', 'b:v', 'b:a', 'r', 's', 'aspect', 'vf', 'af', 'filter', 'filter:v', 'filter:a', 'filter_complex', 'lavfi', 'filter_script', 'filter_complex_script',
      'ss', 'sseof', 't', 'to', 'fs', 'itsoffset', 'map', 'map_metadata', 'map_chapters', 'metadata', 'preset', 'crf', 'q', 'qscale', 'q:v', 'q:a', 'qscale:v', 'ar', 'ac', 'aq', 'pix_fmt', 'frames', 'frames:v', 'vframes', 'aframes', 'loglevel', 'v', 'threads', 'movflags', 'tune', 'profile', 'profile:v', 'level', 'g', 'bf', 'maxrate', 'bufsize', 'minrate',
      'hls_time', 'hls_list_size', 'hls_segment_filename', 'segment_time', 'segment_format', 'strict', 'vsync', 'fps_mode', 'async', 'analyzeduration', 'probesize', 'stream_loop', 'framerate', 'video_size', 'pixel_format', 'sample_rate', 'channels', 'timeout', 'rw_timeout', 'user_agent', 'headers', 'protocol_whitelist', 'listen', 'hwaccel', 'hwaccel_device', 'vtag', 'tag', 'tag:v', 'disposition', 'attach', 'dump_attachment', 'dump_attachment:t', 'passlogfile', 'pass', 'x264-params', 'x265-params', 'sws_flags', 'max_muxing_queue_size', 'progress', 'stats_period', 'init_hw_device', 'filter_hw_device', 'bsf', 'bsf:v', 'bsf:a', 'ab', 'vb', 'id3v2_version', 'fflags', 'avoid_negative_ts', 'start_number', 'loop', 'update', 'safe', 'report_file', 'cpuflags', 'dn', 'max_delay',
    ),
    ...flagged('y', 'n', 'h', 'help', 'version', 'buildconf', 'formats', 'muxers', 'demuxers', 'devices', 'codecs', 'decoders', 'encoders', 'bsfs', 'protocols', 'filters', 'pix_fmts', 'layouts', 'sample_fmts', 'colors', 'sources', 'sinks', 'hwaccels', 'hide_banner', 'nostdin', 'nostats', 'stats', 'an', 'vn', 'sn', 'shortest', 'copyts', 'start_at_zero', 're', 'benchmark', 'benchmark_all', 'report', 'xerror', 'ignore_unknown', 'copy_unknown', 'debug_ts', 'L'),
  },
};

/** exiftool options that take the next word as their value (compared in lower case). */
const EXIFTOOL_VALUED = new Set([
  '@', 'api', 'c', 'coordformat', 'charset', 'config', 'csvdelim', 'd', 'dateformat', 'ext', 'extension', 'ext+', 'extension+', 'fileorder', 'geotag', 'geosync', 'geotime', 'globaltimeshift', 'i', 'ignore', 'lang', 'listitem', 'o', 'out', 'p', 'printformat', 'p-', 'printformat-', 'password', 'sep', 'separator', 'srcfile', 'tagsfromfile', 'use', 'userparam', 'w', 'w!', 'w+', 'textout', 'textout!', 'textout+', 'x', 'exclude', 'wm', 'writemode', 'stay_open', 'echo', 'echo1', 'echo2', 'echo3', 'echo4', 'efile', 'efile!', 'efile2', 'efile2!', 'efile3', 'efile4', 'efile8', 'fileorder0', 'fileorder1', 'fileorder2', 'fileorder3', 'tagout', 'tagout!', 'tagout+', 'list_dir',
]);
/** exiftool's options are words after one dash, a tag assignment is `-TAG=VALUE` or `-TAG<SOURCE`. */
function exiftoolRead(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  const perl = (text: string | null): boolean => text === null || /\$\{[^}]*;/.test(text);
  for (let i = 0; i < args.length; i++) {
    const t = textOf(args[i]);
    if (t === null) continue;
    if (!t.startsWith('-') || t === '-') continue;
    if (/^-[A-Za-z0-9_:#*][A-Za-z0-9_:#*-]*?[+^-]?(=|<)/.test(t)) {
      const name = t.slice(1).replace(/[+^-]?[=<].*$/, '').toLowerCase();
      const moves = /^(.*:)?(filename|directory|testname|hardlink|symlink)$/.test(name);
      forms.push(at('exiftool', 'writer', args, i, moves ? `-${name}= renames, moves or links the files it is given` : 'a -TAG=VALUE or -TAG<SOURCE assignment rewrites the metadata of the files in place'));
      if (perl(t.slice(t.search(/[=<]/) + 1)) && /\$\{/.test(t)) forms.push(at('exiftool', 'executor', args, i, 'a ${TAG;EXPR} in the value runs the Perl expression', { payload: 'code' }));
      continue;
    }
    const opt = t.slice(1);
    const lower = opt.toLowerCase();
    const value = args[i + 1];
    const valueText = textOf(value);
    if (/^if[0-9]?$/.test(lower)) forms.push(at('exiftool', 'executor', args, i, '-if evaluates the Perl expression given for each file', { payload: 'code', value: value ?? null }));
    else if (/^(o|out)$/.test(lower) || /^(w|textout|tagout)[!+]?$/i.test(opt) || /^efile[0-9]*!?$/.test(lower)) forms.push(at('exiftool', 'writer', args, i, `${t} writes output files at the path, or with the extension, given`, { value: value ?? null }));
    else if (lower === 'config' || lower === '@') forms.push(at('exiftool', 'loader', args, i, lower === '@' ? '-@ reads more arguments from a file' : '-config loads a configuration file, which is Perl code', { value: value ?? null }));
    else if ((lower === 'p' || lower === 'printformat' || lower === 'p-' || lower === 'printformat-') && perl(valueText) && (valueText === null || valueText.includes('${'))) forms.push(at('exiftool', 'executor', args, i, '-p with ${TAG;EXPR} runs the Perl expression for each file', { payload: 'code', value: value ?? null }));
    else if (lower === 'api' && (valueText === null || /^filter/i.test(valueText))) forms.push(at('exiftool', 'executor', args, i, '-api Filter= runs Perl code on every value printed', { payload: 'code', value: value ?? null }));
    else if (lower === 'tagsfromfile') forms.push(at('exiftool', 'writer', args, i, '-tagsFromFile copies tags into the files given, rewriting them', { value: value ?? null }));
    else if (lower === 'geotag' || lower === 'delete_original' || lower === 'delete_original!' || lower === 'overwrite_original' || lower === 'overwrite_original_in_place' || lower === 'restore_original') forms.push(at('exiftool', 'writer', args, i, `${t} rewrites or removes the files it is given`));
    if (EXIFTOOL_VALUED.has(lower) || EXIFTOOL_VALUED.has(opt)) i++;
  }
  return forms;
}

const GETTEXT_OUTPUT: OptionRole = { role: 'writer', options: ['-o', '--output-file'], when: (v) => v !== '-', example: 'out.po', note: '-o writes the result to a file instead of standard output' };
const GETTEXT_LONG = {
  ...valued('directory', 'output-file', 'width', 'style', 'to-code', 'files-from', 'less-than', 'more-than', 'lang', 'only-file', 'ignore-file', 'input', 'expression', 'file', 'compendium', 'backup', 'suffix', 'previous-msgids'),
  color: 'optional' as const,
  ...flagged('properties-input', 'stringtable-input', 'no-escape', 'escape', 'force-po', 'indent', 'no-location', 'add-location', 'strict', 'properties-output', 'stringtable-output', 'no-wrap', 'sort-output', 'sort-by-file', 'help', 'version', 'unique', 'use-first', 'repeated', 'translated', 'untranslated', 'no-fuzzy', 'only-fuzzy', 'no-obsolete', 'only-obsolete', 'set-fuzzy', 'clear-fuzzy', 'set-obsolete', 'clear-previous', 'clear-obsolete', 'empty', 'fuzzy', 'obsolete', 'previous', 'update', 'quiet', 'silent', 'newline', 'keep-header', 'multi-domain', 'for-msgfmt', 'no-fuzzy-matching', 'verbose'),
};
function gettext(names: string[], what: string, short: string, flags: string, extra: Partial<ProgramRow> = {}): ProgramRow {
  return {
    names,
    category: 'text',
    what,
    grammar: { short, flags, long: GETTEXT_LONG },
    options: [GETTEXT_OUTPUT],
    plain: ['messages.po', '-P app.properties', '--sort-output fr.po', '--version'],
    ...extra,
  };
}

const MEDIA_ROWS: readonly ProgramRow[] = [
  {
    names: ['ffmpeg'],
    category: 'misc',
    what: 'converts and records audio and video',
    // Its output files (the operands) are its job; a URL as input or output is a host contacted.
    grammar: FFMPEG_GRAMMAR,
    options: [
      { role: 'network', options: ['-i'], when: isRemote, example: 'http://example.com/a.mp4', note: '-i with a URL reads the input from that host' },
      { role: 'listener', options: ['-i'], when: nullOr(/[?&]listen\b/), example: 'tcp://0.0.0.0:9000?listen', note: '-i with ?listen waits for a peer to connect and send the input' },
      { role: 'listener', options: ['-listen'], when: (v) => v !== '0', example: '1', note: '-listen 1 makes ffmpeg a server others connect to' },
      { role: 'loader', options: ['-af', '-vf', '-filter', '-filter:a', '-filter:v', '-filter_complex', '-lavfi', '-i'], when: FFMPEG_PLUGIN, example: 'ladspa=file=/tmp/x.so', note: 'a ladspa, lv2 or frei0r filter loads the shared library it names' },
      { role: 'loader', options: ['-filter_script', '-filter_complex_script'], example: 'graph.txt', note: 'reads a filter graph, which can load libraries, from a file' },
      { role: 'writer', options: ['-report', '-passlogfile', '-dump_attachment', '-dump_attachment:t', '-hls_segment_filename', '-progress'], when: (v) => v === null || !URL_RE.test(v), example: 'log.txt', note: 'writes an extra file (report, pass log, attachments, segments, progress)' },
    ],
    operands: [
      // The output file is a write target (D§7): its everyday job inside the workspace, a protected
      // write when it is a start-up file or lies outside it (`-y ~/.bash_profile`).
      { role: 'writer', operand: 'every', when: (v) => v === null || (v !== '-' && !URL_RE.test(v)), everyday: true, target: 'file', example: 'out.mp4', note: 'writes the output to this file' },
      { role: 'network', operand: 'every', when: (v) => v !== null && URL_RE.test(v) && !/^file:/i.test(v), example: 'rtmp://example.com/live/key', note: 'sends the output to this host' },
    ],
    plain: ['-version', '-i input.mp4', '-hide_banner -i in.mkv', '-formats', '-codecs', '-filters'],
  },
  {
    names: ['ffprobe'],
    category: 'misc',
    what: 'prints what is in audio and video files',
    readOnly: true,
    grammar: FFMPEG_GRAMMAR,
    options: [
      { role: 'network', options: ['-i'], when: isRemote, example: 'http://example.com/a.mp4', note: '-i with a URL reads the input from that host' },
      { role: 'loader', options: ['-af', '-vf', '-lavfi', '-i'], when: FFMPEG_PLUGIN, example: 'ladspa=file=/tmp/x.so', note: 'a ladspa, lv2 or frei0r filter loads the shared library it names' },
    ],
    operands: [{ role: 'network', operand: 'every', when: isRemote, example: 'https://example.com/a.mp4', note: 'reads the input from this host' }],
    plain: ['input.mp4', '-v error -show_format in.mkv', '-hide_banner clip.mov', '-version'],
  },
  {
    names: ['exiftool'],
    category: 'file',
    what: 'reads and writes metadata of images, audio, video and documents',
    read: (args) => exiftoolRead(args),
    plain: ['photo.jpg', '-a -G1 photo.jpg', '-json file.pdf', '-ver'],
  },
  {
    names: ['qpdf'],
    category: 'file',
    what: 'transforms, checks and inspects PDF files',
    grammar: {
      abbreviations: false,
      long: {
        ...Object.fromEntries(['password', 'password-file', 'password-mode', 'pages', 'collate', 'split-pages', 'rotate', 'add-attachment', 'copy-attachments-from', 'remove-attachment', 'show-attachment', 'key', 'mimetype', 'description', 'filename', 'creationdate', 'moddate', 'json', 'json-key', 'json-object', 'json-output', 'json-input', 'update-from-json', 'object-streams', 'compress-streams', 'decode-level', 'stream-data', 'compression-level', 'min-version', 'force-version', 'flatten-annotations', 'show-object', 'overlay', 'underlay', 'to', 'from', 'repeat', 'encryption-file-password', 'keep-files-open', 'keep-files-open-threshold', 'oi-min-width', 'oi-min-height', 'oi-min-area', 'ii-min-bytes', 'job-json-file', 'remove-restrictions', 'linearize-pass1', 'help'].map((n) => [n, 'optional' as const])),
        ...flagged('empty', 'replace-input', 'check', 'show-npages', 'show-pages', 'show-encryption', 'show-xref', 'show-linearization', 'list-attachments', 'is-encrypted', 'requires-password', 'check-linearization', 'linearize', 'qdf', 'decrypt', 'encrypt', 'version', 'copyright', 'warning-exit-0', 'no-warn', 'verbose', 'progress', 'deterministic-id', 'static-id', 'static-aes-iv', 'optimize-images', 'externalize-inline-images', 'generate-appearances', 'coalesce-contents', 'newline-before-endstream', 'preserve-unreferenced', 'remove-unreferenced-resources', 'suppress-recovery', 'ignore-xref-streams', 'with-images', 'filtered-stream-data', 'raw-stream-data', 'normalize-content', 'recompress-flate', 'remove-page-labels', 'report-memory-usage', 'no-original-object-ids', 'completion-bash', 'completion-zsh', 'allow-weak-crypto', 'show-crypto', 'replace-input'),
      },
    },
    options: [
      { role: 'writer', options: ['--replace-input'], note: '--replace-input overwrites the input file with the result' },
      { role: 'writer', options: ['--split-pages', '--json-output'], note: 'writes one file per group of pages, or JSON output files' },
    ],
    operands: [{ role: 'writer', operand: 1, everyday: true, example: 'out.pdf', note: 'writes the resulting PDF to this file' }],
    plain: ['--check in.pdf', '--show-npages in.pdf', '--json in.pdf', '--version', '--list-attachments a.pdf'],
  },
  {
    names: ['genisoimage', 'mkisofs', 'xorrisofs'],
    category: 'archive',
    what: 'builds an ISO 9660 image from files',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: { ...valued('o', 'V', 'A', 'P', 'p', 'publisher', 'preparer', 'volset', 'sysid', 'abstract', 'biblio', 'copyright', 'b', 'c', 'eltorito-boot', 'eltorito-catalog', 'boot-load-size', 'sort', 'path-list', 'exclude-list', 'm', 'x', 'exclude', 'hide', 'hide-list', 'hide-joliet', 'hide-joliet-list', 'input-charset', 'output-charset', 'G', 'C', 'M', 'log-file', 'jigdo-jigdo', 'jigdo-template', 'md5-list', 'root', 'old-root', 'volset-size', 'volset-seqno', 'appid', 'file-mode', 'dir-mode', 'new-dir-mode', 'uid', 'gid', 'graft-points-list', 'eltorito-alt-boot', 'isohybrid-mbr', 'e', 'iso-level'), ...flagged('J', 'R', 'r', 'l', 'f', 'D', 'L', 'U', 'T', 'v', 'q', 'quiet', 'print-size', 'graft-points', 'no-emul-boot', 'boot-info-table', 'joliet-long', 'udf', 'allow-lowercase', 'version', 'help', 'cache-inodes', 'no-cache-inodes', 'pad', 'no-pad', 'hfs') },
    },
    options: [
      { role: 'writer', options: ['-o'], everyday: true, example: 'out.iso', note: 'writes the image to this file' },
      { role: 'writer', options: ['-log-file', '-jigdo-jigdo', '-jigdo-template'], example: 'log.txt', note: 'writes a log or jigdo file at the given path' },
    ],
    plain: ['-print-size -J -r src', '-version', '-help'],
  },
  gettext(['msgattrib'], 'filters the messages of a gettext catalog by attribute', 'Dow', 'PeEinpsFh'),
  gettext(['msgcat'], 'concatenates gettext catalogs', 'fDo<>tw', 'uPeEinpsFhV'),
  gettext(['msgconv'], 'converts a gettext catalog to another encoding', 'tDow', 'PeEinpsFhV'),
  gettext(['msguniq'], 'merges duplicate messages in a gettext catalog', 'tDow', 'duPeEinpsFhV'),
  gettext(['msgmerge'], 'merges a gettext catalog with a new template', 'DCow', 'UNmqvPeEinpsFhV', {
    options: [GETTEXT_OUTPUT, { role: 'writer', options: ['-U', '--update'], note: '-U rewrites the catalog file in place' }],
    plain: ['fr.po messages.pot', '--no-fuzzy-matching fr.po app.pot', '--version'],
  }),
  {
    names: ['msgfilter'],
    category: 'text',
    what: 'pipes each translation of a gettext catalog through a filter program',
    grammar: { short: 'iDoefw', flags: 'nPEpsFhV', long: GETTEXT_LONG, stopAtOperand: true },
    options: [GETTEXT_OUTPUT],
    wrapper: { peel: false, noCommand: ['--help', '--version', '-h', '-V'], note: 'runs the filter program, with its arguments, once for every message' },
    plain: ['--version', '--help'],
  },
  {
    names: ['grc', 'grcat'],
    category: 'wrapper',
    what: 'runs a command and colours its output',
    // It runs the command here, as the same user, only colouring what it prints: it peels, and
    // the wrapped command (a shell included) is judged by its own row.
    grammar: { short: 'c', flags: 'esh', long: { ...valued('config', 'colour', 'color'), ...flagged('stderr', 'stdout', 'pty', 'help', 'version') }, stopAtOperand: true },
    wrapper: { peel: true, note: 'runs the command and colours its output' },
    plain: ['ls -l', 'df -h'],
  },
  {
    names: ['aoss'],
    category: 'wrapper',
    what: 'runs a program with OSS sound routed to ALSA',
    // It only preloads the system's libaoss into the command: the wrapped command is judged by its own row.
    grammar: { stopAtOperand: true },
    wrapper: { peel: true, note: 'runs the command with the OSS-to-ALSA library preloaded' },
    plain: ['ls -l'],
  },
  {
    names: ['clamscan', 'clamdscan'],
    category: 'file',
    what: 'scans files for malware',
    readOnly: true,
    grammar: {
      short: 'dlf',
      flags: 'hVvarioz',
      abbreviations: false,
      long: { ...valued('database', 'log', 'file-list', 'move', 'copy', 'exclude', 'exclude-dir', 'include', 'include-dir', 'max-filesize', 'max-scansize', 'max-files', 'max-recursion', 'max-dir-recursion', 'tempdir', 'bytecode-timeout', 'statistics', 'config-file', 'fdpass-timeout', 'follow-dir-symlinks', 'follow-file-symlinks'), remove: 'optional', recursive: 'optional', ...Object.fromEntries(['infected', 'suppress-ok-results', 'no-summary', 'bell', 'official-db-only', 'leave-temps', 'gen-json', 'allmatch', 'detect-pua', 'heuristic-alerts', 'scan-archive', 'scan-pdf', 'alert-broken', 'alert-macros', 'alert-encrypted', 'bytecode', 'cross-fs', 'stdout'].map((n) => [n, 'optional' as const])), ...flagged('help', 'version', 'verbose', 'quiet', 'debug', 'multiscan', 'fdpass', 'stream', 'ping', 'wait', 'reload') },
    },
    options: [
      { role: 'destructive', options: ['--remove'], when: (v) => v === null || !/^(no|false)$/i.test(v), note: '--remove deletes the files it finds infected' },
      { role: 'writer', options: ['--move', '--copy'], example: '/tmp/quarantine', note: '--move/--copy put infected files in the named folder' },
      { role: 'writer', options: ['-l', '--log'], example: 'scan.log', note: '-l writes a report file' },
    ],
    plain: ['-r ~/Downloads', '--infected --recursive .', 'file.zip', '-i -r /tmp'],
  },
  {
    names: ['hashcat'],
    category: 'misc',
    what: 'recovers passwords from hashes',
    // Writing found passwords to its own potfile is its job; files it is pointed at are not.
    grammar: {
      short: 'maoprjkwdDslct1234',
      flags: 'bIVhOSiMz',
      long: { ...valued('hash-type', 'attack-mode', 'outfile', 'outfile-format', 'potfile-path', 'session', 'restore-file-path', 'debug-file', 'debug-mode', 'rules-file', 'separator', 'workload-profile', 'backend-devices', 'opencl-device-types', 'skip', 'limit', 'custom-charset1', 'custom-charset2', 'custom-charset3', 'custom-charset4', 'markov-hcstat2', 'markov-threshold', 'segment-size', 'increment-min', 'increment-max', 'induction-dir', 'outfile-check-dir', 'outfile-check-timer', 'status-timer', 'runtime', 'encoding-from', 'encoding-to', 'hook-threads', 'brain-host', 'brain-port', 'brain-password', 'brain-session', 'brain-server-timer', 'rule-left', 'rule-right', 'generate-rules', 'bitmap-min', 'bitmap-max', 'cpu-affinity', 'kernel-accel', 'kernel-loops', 'kernel-threads', 'spin-damp', 'hwmon-temp-abort', 'scrypt-tmto', 'stdin-timeout-abort', 'backend-vector-width', 'remove-timer'), ...flagged('wordlist-autohex-disable', 'identify', 'keyspace', 'benchmark', 'benchmark-all', 'backend-info', 'version', 'help', 'quiet', 'optimized-kernel-enable', 'slow-candidates', 'potfile-disable', 'show', 'left', 'username', 'remove', 'restore', 'restore-disable', 'status', 'status-json', 'machine-readable', 'force', 'increment', 'self-test-disable', 'outfile-autohex-disable', 'example-hashes', 'hash-info', 'brain-server', 'brain-client', 'logfile-disable', 'stdout', 'loopback', 'markov-disable', 'markov-classic', 'markov-inverse', 'keep-guessing', 'hex-charset', 'hex-salt', 'hex-wordlist', 'deprecated-check-disable', 'progress-only', 'speed-only') },
    },
    options: [
      { role: 'writer', options: ['-o', '--outfile', '--potfile-path', '--debug-file', '--restore-file-path', '--induction-dir', '--outfile-check-dir'], example: 'cracked.txt', note: '-o writes the cracked hashes (or a pot, debug or restore file) at the given path' },
      { role: 'writer', options: ['--remove'], note: '--remove deletes cracked hashes from the hash file' },
      { role: 'listener', options: ['--brain-server'], note: '--brain-server listens for brain clients on the network' },
      { role: 'network', options: ['--brain-host'], example: '203.0.113.5', note: '--brain-host sends candidates to a remote brain server' },
    ],
    plain: ['-b', '--version', '-I', '--example-hashes -m 0', '-m 0 --show hashes.txt'],
  },
  {
    names: ['volatility', 'vol.py', 'volatility3', 'vol'],
    category: 'debugger',
    what: 'analyses memory images',
    grammar: {
      short: 'fl',
      flags: 'hvq',
      long: { ...valued('filename', 'location', 'profile', 'plugins', 'plugin-dirs', 'symbol-dirs', 'output-file', 'output', 'dump-dir', 'output-dir', 'cache-directory', 'config', 'kdbg', 'dtb', 'renderer', 'single-location', 'stackers', 'single-swap-locations', 'log'), ...flagged('help', 'info', 'verbose', 'quiet', 'write', 'clear-cache', 'offline', 'parallelism') },
    },
    options: [
      { role: 'loader', options: ['--plugins', '--plugin-dirs'], example: '/tmp/plugins', note: '--plugins loads Python plugins from the named folders' },
      { role: 'writer', options: ['--output-file', '--dump-dir', '--output-dir', '--log'], example: 'out', note: 'writes results or dumped memory to the given path' },
      { role: 'destructive', options: ['--write'], note: '--write lets plugins change the memory image' },
    ],
    operands: [{ role: 'executor', operand: 'every', when: nullOr(/(^|[._])volshell$/), example: 'volshell', note: 'volshell starts an interactive Python shell, which reads code from standard input' }],
    plain: ['-f mem.raw imageinfo', '-f mem.raw --profile=Win7SP1x64 pslist', '--info', '-f mem.raw windows.pslist'],
  },
  {
    names: ['tdbtool'],
    category: 'database',
    what: 'inspects and edits Samba TDB databases',
    // Commands (including `!cmd`, run by a shell) are read from standard input.
    stdinCode: true,
    grammar: { flags: 'le', long: {} },
    operands: [
      { role: 'executor', operand: 1, when: nullOr(/^!/), example: '!', note: 'the ! command runs the rest of the line with a shell' },
      { role: 'destructive', operand: 1, when: nullOr(/^(erase|delete|store|storehex|create|insert|move|transaction_start|transaction_commit|repack|speed)$/), example: 'erase', note: 'changes or erases records of the database' },
    ],
    plain: ['secrets.tdb dump', 'secrets.tdb keys', 'secrets.tdb info', 'secrets.tdb show KEY'],
  },
  {
    names: ['scanmem'],
    category: 'debugger',
    what: 'finds and changes values in the memory of a running process',
    // Commands (including `shell CMD`) are read from standard input.
    stdinCode: true,
    grammar: { short: 'pc', flags: 'hvdbe', long: { ...valued('pid', 'command'), ...flagged('help', 'version', 'debug', 'backend', 'errexit') } },
    options: [
      { role: 'executor', options: ['-c', '--command'], when: nullOr(/(^|;)\s*shell\b/), payload: 'shell-text', payloadText: (v) => /(?:^|;)\s*shell\s+([^;]*)/.exec(v)?.[1] ?? null, example: 'shell id', note: '-c with the shell command runs it with a shell' },
      { role: 'destructive', options: ['-p', '--pid'], example: '1234', note: '-p attaches to a process whose memory it can rewrite' },
    ],
    plain: ['--version', '--help'],
  },
  {
    names: ['efax'],
    category: 'network',
    what: 'sends and receives faxes through a modem',
    grammar: { short: 'acdefghijklopqrtvxTuzb', flags: 'swV' },
    options: [
      { role: 'network', options: ['-t'], example: '5551234', note: '-t dials the number and sends the fax' },
      { role: 'listener', options: ['-w'], note: '-w waits for incoming calls' },
      { role: 'writer', options: ['-r'], example: 'fax', note: '-r writes received pages to files named after the prefix' },
      { role: 'executor', options: ['-g', '-e'], payload: 'shell-text', example: 'id', note: '-g (data call) and -e (voice call) run the given command with a shell when such a call comes in' },
    ],
    read: (_args, reading) => (hasOption(reading, 't', 'w') ? [] : [whole('efax', 'listener', 'without -t it answers the line at once to receive a fax')]),
  },
  {
    names: ['ascii-xfr'],
    category: 'network',
    what: 'sends or receives a file as text over a serial line',
    grammar: { short: 'lc', flags: 'srednv' },
    options: [{ role: 'writer', options: ['-r'], note: '-r writes what it receives to the named file' }],
    plain: ['-s notes.txt', '-sv notes.txt'],
  },
  {
    names: ['cancel'],
    category: 'misc',
    what: 'cancels print jobs (CUPS)',
    grammar: { short: 'hUu', flags: 'aEx' },
    options: [
      { role: 'network', options: ['-h'], example: 'print.example.com', note: '-h talks to the named print server' },
      { role: 'destructive', options: ['-a', '-x'], note: '-a cancels every job (with -x purging their files)' },
    ],
    plain: ['123', 'office-42', '-u alice office'],
  },
  {
    names: ['lp'],
    category: 'misc',
    what: 'prints files (CUPS)',
    // Sending the named files to the printer is its job.
    grammar: { short: 'dhHinoPqtU', flags: 'Emsc' },
    options: [{ role: 'network', options: ['-h'], example: 'print.example.com', note: '-h sends the job to the named print server' }],
    plain: ['report.pdf', '-d office -n 2 report.pdf', '-o landscape file.txt'],
  },
  {
    names: ['cupsfilter'],
    category: 'misc',
    what: 'converts a file with the CUPS filters',
    grammar: { short: 'cdeijmnopJU', flags: 'DtuX', long: flagged('list-filters', 'help') },
    options: [
      { role: 'loader', options: ['-c'], example: '/tmp/cups-files.conf', note: '-c reads a configuration that says where filter programs are run from' },
      { role: 'destructive', options: ['-D'], note: '-D deletes the input file when done' },
    ],
    plain: ['-m application/pdf file.txt', '--list-filters file.txt', '-p printer.ppd -m application/pdf a.txt'],
  },
  {
    names: ['run-mailcap'],
    category: 'misc',
    what: 'opens a file with the program the mailcap database names for its type',
    // Viewing a file with the viewer mailcap names is its job; editing or composing opens an editor.
    grammar: { long: { ...valued('action'), ...flagged('debug', 'nopager', 'norun', 'help') } },
    options: [{ role: 'executor', options: ['--action'], when: nullOr(/^(edit|compose|composetyped)$/), example: 'edit', note: '--action=edit opens the file in the editor mailcap names, from which commands can be run' }],
    plain: ['--action=view notes.txt', '--norun file.pdf', 'file.txt'],
  },
];
// ---------------------------------------------------------------------------------------------
// System package managers. Installing, removing and upgrading run the packages' maintainer
// scripts as root: destructive forms, never covered by an entry written for `apt list`.

/** APT configuration keys whose value is a command (or a folder of programs) APT runs. */
const APT_EXEC = nullOr(/(pre|post)-invoke|install-pkgs|dir::bin|::tools::|pager|changelogs::|::methods|sandbox::user|::options::=.*--(pre|post)-invoke|status-logger/i);
const APT_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['-o', '--option'], when: APT_EXEC, payload: 'shell-text', payloadText: (v) => (v.includes('=') ? v.slice(v.indexOf('=') + 1) : null), example: 'APT::Update::Pre-Invoke::=/bin/sh', note: '-o sets a hook (Pre-Invoke, Post-Invoke …) whose command APT runs as root' },
  { role: 'loader', options: ['-c', '--config-file'], example: '/tmp/apt.conf', note: '-c reads a configuration file, which can set hooks that run commands' },
];
const APT_GRAMMAR: Grammar = {
  short: 'octaPS',
  flags: 'qydfmubsVhvx',
  abbreviations: false,
  long: {
    ...valued('option', 'config-file', 'target-release', 'default-release', 'host-architecture', 'build-profiles', 'solver', 'format'),
    ...flagged('assume-yes', 'yes', 'assume-no', 'download-only', 'fix-broken', 'fix-missing', 'ignore-missing', 'no-download', 'quiet', 'simulate', 'just-print', 'dry-run', 'recon', 'no-act', 'show-upgraded', 'verbose-versions', 'compile', 'build', 'ignore-hold', 'no-upgrade', 'only-upgrade', 'allow-downgrades', 'allow-remove-essential', 'allow-change-held-packages', 'force-yes', 'print-uris', 'purge', 'reinstall', 'list-cleanup', 'trivial-only', 'no-remove', 'auto-remove', 'autoremove', 'only-source', 'diff-only', 'dsc-only', 'tar-only', 'arch-only', 'indep-only', 'allow-unauthenticated', 'allow-insecure-repositories', 'no-install-recommends', 'install-recommends', 'no-install-suggests', 'install-suggests', 'with-new-pkgs', 'fix-policy', 'help', 'version', 'installed', 'upgradable', 'all-versions', 'full', 'names-only', 'mark-auto', 'manual-installed', 'no-allow-insecure-repositories', 'color', 'no-color'),
  },
};
/** A subcommand of an APT front end: its options are the front end's, hooks included. */
function aptCommand(extra: Partial<Command> = {}): Command {
  return { grammar: APT_GRAMMAR, options: APT_OPTIONS, ...extra };
}
function aptChanges(verb: string): Command {
  return aptCommand({ role: { role: 'destructive', note: `${verb} changes the installed packages, running their maintainer scripts as root` } });
}
/** `apt list --installed` prints every installed package (`name/suite,now version arch [installed]`); `--upgradable` some. */
function aptListing(commands: Record<string, Command>): Record<string, Command> {
  return { ...commands, list: { ...commands.list!, listsPackages: { with: [['--installed']], narrowing: ['--upgradable', '--manual-installed'] } } };
}
function aptCommands(changing: readonly string[], plain: Readonly<Record<string, readonly string[]>>): Record<string, Command> {
  const out: Record<string, Command> = {};
  for (const verb of changing) out[verb] = aptChanges(verb);
  // `install pkg-` removes pkg too; only the removing verbs are read for essential packages.
  for (const verb of ['remove', 'purge', 'autoremove', 'autopurge']) if (out[verb] !== undefined) out[verb] = { ...out[verb], removesPackages: { forcedBy: ['--allow-remove-essential'] } };
  for (const [verb, lines] of Object.entries(plain)) out[verb] = aptCommand(lines.length > 0 ? { plain: lines } : {});
  out.changelog = aptCommand({ role: { role: 'executor', note: 'changelog shows the text in a pager, from which a shell can be started' } });
  out['edit-sources'] = aptCommand({ role: { role: 'executor', note: 'edit-sources opens the package sources in an editor, from which commands can be run, and saves them' } });
  out.download = aptCommand({ operands: [{ role: 'writer', operand: 'every', everyday: true, example: 'curl', note: 'downloads the package file into the current folder' }] });
  out.source = aptCommand({
    options: [...APT_OPTIONS, { role: 'executor', options: ['-b', '--compile', '--build'], note: '--compile builds the source package, running its build scripts' }],
    operands: [{ role: 'writer', operand: 'every', everyday: true, example: 'hello', note: 'downloads and unpacks the source package into the current folder' }],
  });
  for (const verb of ['clean', 'autoclean', 'distclean']) out[verb] = aptCommand({ role: { role: 'destructive', note: `${verb} deletes downloaded package files from the cache` } });
  return out;
}
const APT_CHANGING = ['install', 'remove', 'purge', 'upgrade', 'dist-upgrade', 'full-upgrade', 'autoremove', 'autopurge', 'reinstall', 'build-dep', 'satisfy', 'dselect-upgrade', 'markauto', 'unmarkauto'];

const DPKG_GRAMMAR: Grammar = {
  shortAttached: 'D',
  flags: 'irPlLsSpcIxXbAeCVEGBOaRhwfz',
  abbreviations: false,
  long: {
    ...valued('admindir', 'instdir', 'root', 'log', 'status-fd', 'status-logger', 'path-include', 'path-exclude', 'pre-invoke', 'post-invoke', 'abort-after', 'ignore-depends', 'debug', 'verify-format', 'field', 'showformat', 'compare-versions', 'fsys-tarfile', 'ctrl-tarfile', 'info', 'contents', 'control', 'print-avail'),
    ...flagged('install', 'unpack', 'remove', 'purge', 'configure', 'triggers-only', 'set-selections', 'clear-selections', 'get-selections', 'update-avail', 'merge-avail', 'clear-avail', 'forget-old-unavail', 'add-architecture', 'remove-architecture', 'record-avail', 'list', 'listfiles', 'status', 'search', 'audit', 'yet-to-unpack', 'predep-package', 'print-architecture', 'print-foreign-architectures', 'assert-help', 'validate-pkgname', 'validate-trigname', 'validate-archname', 'validate-version', 'extract', 'vextract', 'build', 'verify', 'pending', 'recursive', 'no-act', 'dry-run', 'simulate', 'skip-same-version', 'refuse-downgrade', 'auto-deconfigure', 'no-triggers', 'triggers', 'selected-only', 'force-help', 'help', 'version', 'license', 'copyright', 'force-all', 'force-remove-essential', 'force-remove-protected', 'force-depends', 'force-confold', 'force-confnew', 'force-confdef', 'force-overwrite', 'force-remove-reinstreq', 'force-architecture', 'force-downgrade', 'no-pager', 'robot'),
  },
};

const DNF_GRAMMAR: Grammar = {
  short: 'cdexR',
  flags: 'qvyCbh46',
  long: {
    ...valued('config', 'setopt', 'installroot', 'releasever', 'exclude', 'excludepkgs', 'disablerepo', 'enablerepo', 'repo', 'repoid', 'repofrompath', 'disableplugin', 'enableplugin', 'downloaddir', 'destdir', 'debuglevel', 'errorlevel', 'rpmverbosity', 'color', 'forcearch', 'comment', 'advisory', 'advisories', 'bz', 'cve', 'sec-severity', 'secseverity', 'queryformat', 'qf', 'whatprovides', 'whatrequires', 'arch', 'from-repo', 'use-host-config'),
    ...flagged('assumeyes', 'assumeno', 'quiet', 'verbose', 'cacheonly', 'nogpgcheck', 'best', 'nobest', 'allowerasing', 'downloadonly', 'refresh', 'skip-broken', 'showduplicates', 'security', 'bugfix', 'enhancement', 'newpackage', 'help', 'version', 'nodocs', 'noplugins', 'obsoletes', 'skip-unavailable', 'noautoremove', 'installed', 'available', 'upgrades', 'updates', 'all', 'recent', 'extras', 'autoremove', 'list', 'requires', 'provides', 'info', 'show-output'),
  },
};
const DNF_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '--config'], example: '/tmp/dnf.conf', note: '-c reads a configuration, which can load plugins from any folder' },
  { role: 'loader', options: ['--setopt'], when: nullOr(/plugin|reposdir|varsdir/i), example: 'pluginpath=/tmp', note: '--setopt of a plugin or repository path loads code or repositories from there' },
  { role: 'network', options: ['--repofrompath'], example: 'x,http://example.com/repo', note: '--repofrompath adds a repository at the given URL' },
];
function dnfCommand(extra: Partial<Command> = {}): Command {
  return { grammar: DNF_GRAMMAR, options: DNF_OPTIONS, ...extra };
}
/** `dnf system-upgrade reboot`, `dnf offline-upgrade reboot`, dnf5's `offline reboot`: the machine restarts into the upgrade. */
const OFFLINE_REBOOT: OperandRole = { role: 'destructive', operand: 0, when: (text) => text === 'reboot', endsSession: true, example: 'reboot', note: 'reboot restarts the machine to install the prepared upgrade' };
function dnfCommands(): Record<string, Command> {
  const out: Record<string, Command> = {};
  const url: OperandRole = { role: 'network', operand: 'every', when: isRemote, example: 'http://example.com/x.rpm', note: 'downloads the package from this URL' };
  for (const verb of ['install', 'in', 'localinstall', 'reinstall', 'remove', 'rm', 'erase', 'update', 'upgrade', 'up', 'upgrade-minimal', 'update-minimal', 'downgrade', 'distro-sync', 'distrosync', 'dsync', 'autoremove', 'swap', 'groupinstall', 'groupremove', 'groupupdate', 'groupupgrade', 'builddep', 'mark', 'config-manager', 'copr', 'versionlock', 'system-upgrade', 'offline-upgrade']) {
    out[verb] = dnfCommand({ role: { role: 'destructive', note: `${verb} changes the installed packages or repositories, running maintainer scripts as root` }, operands: [url, ...(verb.endsWith('-upgrade') ? [OFFLINE_REBOOT] : [])] });
  }
  for (const verb of ['group', 'groups', 'module', 'history', 'repository-packages', 'offline', 'environment']) {
    out[verb] = dnfCommand({ operands: [...(verb === 'offline' ? [OFFLINE_REBOOT] : []), { role: 'destructive', operand: 0, when: nullOr(/^(install|remove|upgrade|update|mark|enable|disable|reset|switch-to|undo|redo|rollback|reinstall|move-to|erase|reboot|clean|remove-or-reinstall|remove-or-distro-sync)$/), example: 'install', note: 'changes the installed packages (install, remove, undo, enable …)' }] });
  }
  // No option forces a protected package's removal here (that is `rpm -e --nodeps`): read only for every package handed to it.
  for (const verb of ['remove', 'rm', 'erase', 'autoremove', 'groupremove']) out[verb] = { ...out[verb]!, removesPackages: { forcedBy: [] } };
  out.clean = dnfCommand({ role: { role: 'destructive', note: 'clean deletes cached metadata and packages' } });
  out.shell = dnfCommand({ role: { role: 'destructive', note: 'shell reads package commands (install, remove …) from standard input or a file' } });
  out.download = dnfCommand({ operands: [{ role: 'writer', operand: 'every', everyday: true, example: 'bash', note: 'downloads the package file into the current folder' }] });
  for (const verb of ['list', 'info', 'search', 'provides', 'whatprovides', 'repolist', 'repoinfo', 'check-update', 'check-upgrade', 'check', 'deplist', 'repoquery', 'rq', 'updateinfo', 'advisory', 'alias', 'help', 'makecache', 'repo']) out[verb] = dnfCommand();
  out.list = dnfCommand({ plain: ['installed', '--upgrades'] });
  return out;
}

const ZYPPER_GRAMMAR: Grammar = {
  short: 'cRpDCtr',
  flags: 'hVvqtsnxilfyudOaF',
  long: {
    ...valued('config', 'root', 'reposd-dir', 'cache-dir', 'raw-cache-dir', 'solv-cache-dir', 'pkg-cache-dir', 'plus-repo', 'plus-content', 'installroot', 'userdata', 'releasever', 'table-style', 'type', 'repo', 'from', 'download', 'name', 'capability', 'match-substrings', 'sort-by-name'),
    ...flagged('non-interactive', 'no-gpg-checks', 'gpg-auto-import-keys', 'terse', 'quiet', 'verbose', 'xmlout', 'ignore-unknown', 'no-refresh', 'no-cd', 'no-remote', 'disable-repositories', 'disable-system-resolvables', 'help', 'version', 'auto-agree-with-licenses', 'force', 'dry-run', 'no-confirm', 'oldpackage', 'details', 'installed-only', 'not-installed-only', 'download-only', 'allow-vendor-change', 'no-recommends', 'recommends', 'clean-deps'),
  },
};
const ZYPPER_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '--config'], example: '/tmp/zypp.conf', note: '-c reads a configuration file' },
  { role: 'network', options: ['-p', '--plus-repo', '--plus-content'], example: 'http://example.com/repo', note: '--plus-repo uses an extra repository at the given URL' },
  { role: 'destructive', options: ['--gpg-auto-import-keys'], note: '--gpg-auto-import-keys trusts new repository signing keys without asking' },
];
function zypperCommands(): Record<string, Command> {
  const out: Record<string, Command> = {};
  const cmd = (extra: Partial<Command> = {}): Command => ({ grammar: ZYPPER_GRAMMAR, options: ZYPPER_OPTIONS, ...extra });
  for (const verb of ['install', 'in', 'remove', 'rm', 'update', 'up', 'dist-upgrade', 'dup', 'patch', 'addrepo', 'ar', 'removerepo', 'rr', 'modifyrepo', 'mr', 'renamerepo', 'nr', 'addservice', 'as', 'removeservice', 'rs', 'modifyservice', 'ms', 'clean', 'cc', 'addlock', 'al', 'removelock', 'rl', 'cleanlocks', 'cl', 'source-install', 'si', 'install-new-recommends', 'inr', 'verify', 've', 'purge-kernels', 'shell', 'sh', 'migration', 'addkey']) {
    out[verb] = cmd({ role: { role: 'destructive', note: `${verb} changes the installed packages, repositories or locks` } });
  }
  for (const verb of ['remove', 'rm']) out[verb] = { ...out[verb]!, removesPackages: { forcedBy: ['--force-resolution'] } };
  for (const verb of ['search', 'se', 'info', 'if', 'list-updates', 'lu', 'list-patches', 'lp', 'repos', 'lr', 'services', 'ls', 'packages', 'pa', 'patterns', 'pt', 'products', 'pd', 'patches', 'pch', 'what-provides', 'wp', 'locks', 'll', 'versioncmp', 'vcmp', 'targetos', 'tos', 'licenses', 'help', 'refresh', 'ref', 'refresh-services', 'refs', 'ps', 'needs-rebooting', 'system-architecture', 'lifecycle', 'search-packages', 'patch-check', 'pchk', 'download', 'source-download', 'subcommand']) out[verb] = cmd();
  out.search = cmd({ plain: ['vim', '-i nginx'] });
  return out;
}

const APK_GRAMMAR: Grammar = {
  short: 'pX',
  flags: 'Uqvih',
  long: { ...valued('root', 'repository', 'arch', 'cache-dir', 'keys-dir', 'repositories-file', 'progress-fd', 'wait', 'timeout', 'virtual', 't'), ...flagged('update-cache', 'quiet', 'verbose', 'interactive', 'allow-untrusted', 'no-cache', 'no-network', 'no-progress', 'progress', 'force', 'force-broken-world', 'force-overwrite', 'force-old-apk', 'force-refresh', 'force-non-repository', 'force-missing-repositories', 'purge', 'no-scripts', 'no-commit-hooks', 'simulate', 'clean-protected', 'upgrade', 'available', 'latest', 'self-upgrade', 'help', 'version', 'installed', 'all', 'description', 'exact', 'origin', 'who-owns', 'contents', 'depends', 'provides', 'rdepends', 'size', 'webpage', 'install-if', 'rinstall-if', 'triggers', 'replaces', 'license') },
};
const APK_OPTIONS: readonly OptionRole[] = [
  { role: 'network', options: ['-X', '--repository'], example: 'http://example.com/alpine', note: '-X uses an extra repository at the given URL' },
  { role: 'destructive', options: ['--allow-untrusted'], note: '--allow-untrusted installs packages whose signatures are not trusted' },
];
function apkCommands(): Record<string, Command> {
  const out: Record<string, Command> = {};
  const cmd = (extra: Partial<Command> = {}): Command => ({ grammar: APK_GRAMMAR, options: APK_OPTIONS, ...extra });
  for (const verb of ['add', 'del', 'fix', 'upgrade', 'cache', 'audit-fix', 'mkpkg']) out[verb] = cmd({ role: { role: 'destructive', note: `${verb} changes the installed packages, running their scripts as root` } });
  for (const verb of ['update', 'info', 'search', 'list', 'policy', 'version', 'dot', 'stats', 'manifest', 'verify', 'audit', 'query', 'help']) out[verb] = cmd();
  // `--force-broken-world` (and the older `--force`) removes a package the rest of the world needs.
  out.del = { ...out.del!, removesPackages: { forcedBy: ['--force-broken-world', '--force'] } };
  out.fetch = cmd({ operands: [{ role: 'writer', operand: 'every', everyday: true, example: 'curl', note: 'downloads the package file' }] });
  out.index = cmd({ options: [...APK_OPTIONS, { role: 'writer', options: ['--output'], example: 'APKINDEX.tar.gz', note: '--output writes the index file' }] });
  // `apk info` with no package prints every installed one; `apk list --installed` too.
  out.info = cmd({ plain: ['-L busybox', 'musl'], listsPackages: { with: [], narrowing: ['-L', '--contents', '-w', '--webpage', '-s', '--size', '-W', '--who-owns', '-R', '--depends', '-P', '--provides', '-r', '--rdepends'] } });
  out.list = { ...out.list!, listsPackages: { with: [['-I', '--installed']] } };
  return out;
}

/** pacman's operation is an option letter: -S installs unless it only searches or shows. */
function pacmanRead(_args: readonly Word[], reading: ArgReading): Form[] {
  const has = (...names: string[]): boolean => hasOption(reading, ...names);
  const note = 'changes the installed packages, running their install scripts as root';
  if (has('h', 'help', 'V', 'version')) return [];
  if (has('Q', 'query', 'T', 'deptest')) return [];
  if (has('R', 'remove', 'U', 'upgrade')) return [whole('pacman', 'destructive', note)];
  if (has('D', 'database')) return has('k', 'check') ? [] : [whole('pacman', 'destructive', 'marks packages as explicitly installed or as dependencies')];
  if (has('F', 'files')) return has('y', 'refresh') ? [whole('pacman', 'destructive', '-Fy downloads fresh file databases')] : [];
  if (has('S', 'sync')) {
    const shows = has('s', 'search', 'i', 'info', 'l', 'list', 'g', 'groups', 'p', 'print');
    if (shows && !has('u', 'sysupgrade', 'c', 'clean')) return [];
    return [whole('pacman', 'destructive', has('c', 'clean') ? '-Sc deletes packages from the cache' : note)];
  }
  return [];
}

/** Subcommands of Homebrew that change the installed software, the taps or the services. */
const BREW_CHANGING = ['install', 'reinstall', 'uninstall', 'remove', 'rm', 'upgrade', 'tap', 'untap', 'link', 'ln', 'unlink', 'cleanup', 'autoremove', 'pin', 'unpin', 'services', 'migrate', 'postinstall', 'update-reset', 'developer', 'analytics', 'leaves-prune', 'bundle'];
const BREW_PLAIN = ['list', 'ls', 'info', 'abv', 'search', 'outdated', 'deps', 'uses', 'leaves', 'config', 'doctor', 'dr', 'desc', 'home', 'log', 'missing', 'options', 'commands', 'help', 'shellenv', 'tap-info', 'formulae', 'casks', 'update', 'fetch', '--prefix', '--cellar', '--cache', '--repository', '--env'];
function brewCommands(): Record<string, Command> {
  const out: Record<string, Command> = {};
  for (const verb of BREW_CHANGING) out[verb] = { role: { role: 'destructive', note: `${verb} changes the installed formulae, casks, taps or services` } };
  for (const verb of BREW_PLAIN) out[verb] = {};
  out.sh = { role: { role: 'executor', note: 'sh starts a shell (or with -c runs the given text) in the Homebrew build environment' } };
  out.ruby = { role: { role: 'executor', note: 'ruby runs Ruby code (-e) or a script with the Homebrew library loaded' } };
  out.irb = { role: { role: 'executor', note: 'irb starts an interactive Ruby shell with the Homebrew library loaded' } };
  out.debugger = { role: { role: 'executor', note: 'debugger runs a brew command under the Ruby debugger' } };
  out.exec = { role: { role: 'executor', note: 'runs the command given after it' } };
  out.edit = { role: { role: 'executor', note: 'edit opens a formula in the editor, from which commands can be run' } };
  out.create = { role: { role: 'writer', note: 'create writes a new formula file' } };
  out.style = { options: [{ role: 'writer', options: ['--fix'], note: '--fix rewrites the files it checks' }] };
  out.list = { plain: ['--versions', '--cask'] };
  return out;
}

/** nix: `--option NAME VALUE` names settings; a few of them name programs or plugins. */
const NIX_SETTING = nullOr(/hook|plugin-files|allow-unsafe-native-code|builders|sandbox|trusted|extra-sandbox-paths|diff-hook/);
const NIX_GRAMMAR: Grammar = {
  // `-c` is `--command` (shell, develop): its value starts the command run.
  short: 'fIoc',
  flags: 'hkjnLv',
  abbreviations: false,
  long: {
    ...valued('file', 'expr', 'option', 'arg', 'argstr', 'include', 'extra-experimental-features', 'experimental-features', 'override-input', 'inputs-from', 'reference-lock-file', 'output-lock-file', 'update-input', 'eval-store', 'store', 'log-format', 'command', 'out-link', 'profile', 'max-jobs', 'cores', 'system', 'priority', 'to', 'from', 'apply', 'template', 'unset', 'keep', 'derivation', 'builders', 'substituters', 'extra-substituters', 'trusted-public-keys', 'debugger', 'print-build-logs', 'json-format'),
    ...flagged('help', 'version', 'impure', 'pure-eval', 'accept-flake-config', 'refresh', 'offline', 'no-write-lock-file', 'recreate-lock-file', 'commit-lock-file', 'no-update-lock-file', 'no-registries', 'quiet', 'verbose', 'debug', 'print-build-logs', 'keep-going', 'keep-failed', 'fallback', 'no-link', 'rebuild', 'dry-run', 'json', 'raw', 'read-only', 'recursive', 'stdin', 'print-out-paths', 'show-trace', 'ignore-environment', 'no-sandbox', 'derivation', 'all', 'file-only', 'no-check-sigs'),
  },
};
const NIX_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--option'], when: NIX_SETTING, example: 'post-build-hook', note: '--option of a hook, builder or plugin setting makes nix run that program or load that library' },
  { role: 'executor', options: ['--expr'], payload: 'code', example: 'import ./x.nix', note: '--expr evaluates the Nix expression given, which can import and build anything' },
  { role: 'destructive', options: ['--accept-flake-config'], note: '--accept-flake-config applies the settings a flake asks for (substituters, hooks) without asking' },
];
function nixCommand(extra: Partial<Command> = {}): Command {
  return { grammar: NIX_GRAMMAR, options: NIX_OPTIONS, ...extra };
}
function nixCommands(): Record<string, Command> {
  const command: OptionRole = { role: 'executor', options: ['-c', '--command'], payload: 'shell-argv', example: 'id', note: '--command runs the given command (and the words after it) in the environment' };
  const nix = nixCommand;
  return {
    run: nix({ role: { role: 'executor', note: 'run builds or fetches the package and runs its program' } }),
    shell: nix({ role: { role: 'loader', note: 'shell fetches or builds the packages and starts a shell with them on PATH' }, options: [...NIX_OPTIONS, command] }),
    develop: nix({ role: { role: 'loader', note: 'develop enters the flake\'s development shell, running its shell hook' }, options: [...NIX_OPTIONS, command] }),
    repl: nix({ role: { role: 'executor', note: 'repl reads Nix expressions from standard input and evaluates them' } }),
    eval: nix({ plain: ['nixpkgs#hello.version', '--raw .#packages.x86_64-linux.default.name'] }),
    build: nix({ options: [...NIX_OPTIONS, { role: 'writer', options: ['-o', '--out-link'], everyday: true, example: 'result', note: 'writes the result link at the given path' }] }),
    profile: nix({ operands: [{ role: 'destructive', operand: 0, when: nullOr(/^(install|add|remove|upgrade|rollback|wipe-history)$/), example: 'install', note: 'changes the packages installed in the profile' }] }),
    store: nix({ operands: [{ role: 'destructive', operand: 0, when: nullOr(/^(gc|delete|optimise|repair|add|add-file|add-path|sign|copy-sigs)$/), example: 'gc', note: 'deletes or changes paths in the Nix store' }] }),
    flake: nix({ operands: [{ role: 'writer', operand: 0, when: nullOr(/^(init|new|update|lock|clone|archive)$/), example: 'update', note: 'writes flake files or the lock file' }], plain: ['show', 'metadata', 'check'] }),
    registry: nix({ operands: [{ role: 'destructive', operand: 0, when: nullOr(/^(add|remove|pin)$/), example: 'add', note: 'changes the flake registry' }] }),
    copy: nix({ role: { role: 'network', note: 'copy sends store paths to, or fetches them from, another store (--to/--from)' } }),
    'upgrade-nix': nix({ role: { role: 'destructive', note: 'upgrade-nix replaces the installed Nix' } }),
    daemon: nix({ role: { role: 'listener', note: 'daemon serves the store to other users and machines' } }),
    bundle: nix({ role: { role: 'writer', note: 'bundle writes a self-contained bundle of the program' } }),
    fmt: nix({ role: { role: 'writer', note: 'fmt runs the flake\'s formatter over the files' } }),
    edit: nix({ role: { role: 'executor', note: 'edit opens a package\'s source in the editor' } }),
    'print-dev-env': nix({ role: { role: 'loader', note: 'print-dev-env evaluates the flake\'s development environment' } }),
    search: nix({ plain: ['nixpkgs hello'] }),
    'path-info': nix(),
    'why-depends': nix(),
    hash: nix(),
    log: nix(),
    help: nix(),
    derivation: nix(),
    config: nix(),
    doctor: nix(),
    'show-config': nix(),
  };
}

const PACKAGE_ROWS: readonly ProgramRow[] = [
  {
    names: ['apt'],
    category: 'package',
    what: 'the Debian/Ubuntu package manager (interactive front end)',
    grammar: APT_GRAMMAR,
    options: APT_OPTIONS,
    subcommands: aptListing(aptCommands(APT_CHANGING, { list: ['--installed', '--upgradable'], search: ['ripgrep'], show: ['curl'], policy: ['nginx'], showsrc: [], depends: [], rdepends: [], update: [], help: [], moo: [] })),
    plain: ['list --installed', 'search ripgrep', 'show curl', 'policy nginx', '--version'],
  },
  {
    names: ['apt-get'],
    category: 'package',
    what: 'the Debian/Ubuntu package manager',
    grammar: APT_GRAMMAR,
    options: APT_OPTIONS,
    subcommands: aptCommands(APT_CHANGING, { update: ['', '-q'], check: [], help: [], moo: [], indextargets: [] }),
    plain: ['update', '--version', 'check', '-q update'],
  },
  {
    names: ['apt-cache'],
    category: 'package',
    what: 'queries the APT package cache',
    readOnly: true,
    grammar: APT_GRAMMAR,
    options: APT_OPTIONS,
    plain: ['policy nginx', 'search ripgrep', 'show curl', 'depends bash', 'madison git'],
  },
  {
    names: ['aptitude'],
    category: 'package',
    what: 'a Debian package manager with a text interface',
    grammar: { ...APT_GRAMMAR, short: 'otFwOSs' },
    options: APT_OPTIONS,
    subcommands: {
      ...aptCommands(['install', 'remove', 'purge', 'hold', 'unhold', 'markauto', 'unmarkauto', 'forbid-version', 'safe-upgrade', 'full-upgrade', 'dist-upgrade', 'upgrade', 'reinstall', 'build-dep', 'build-depends', 'keep', 'keep-all', 'forget-new'], { search: ['vim'], show: ['curl'], versions: [], why: [], 'why-not': [], update: [], help: [], download: [] }),
    },
    read: (_args, reading) => (reading.operands.length === 0 && !hasOption(reading, 'h', 'help', 'version', 'V') ? [whole('aptitude', 'destructive', 'without a command it opens the interactive interface, which installs and removes packages')] : []),
    plain: ['show curl', '--version', 'why libc6'],
  },
  {
    names: ['dpkg'],
    category: 'package',
    what: 'the low-level Debian package tool',
    // `dpkg -l` pipes into a pager only when the output is a terminal, which an agent's never is.
    grammar: DPKG_GRAMMAR,
    options: [
      { role: 'destructive', options: ['-i', '--install', '--unpack', '-r', '--remove', '-P', '--purge', '--configure', '--triggers-only', '-A', '--record-avail'], note: 'installs, unpacks, configures or removes packages, running their maintainer scripts as root' },
      { role: 'loader', options: ['-i', '--install', '--unpack'], note: 'runs the package file\'s maintainer scripts as root' },
      { role: 'destructive', options: ['--set-selections', '--clear-selections', '--update-avail', '--merge-avail', '--clear-avail', '--forget-old-unavail', '--add-architecture', '--remove-architecture'], note: 'changes the package database (selections, available list, architectures)' },
      { role: 'executor', options: ['--pre-invoke', '--post-invoke', '--status-logger'], payload: 'shell-text', example: '/bin/sh', note: '--pre-invoke runs the given command with a shell around each dpkg action' },
      { role: 'writer', options: ['-x', '--extract', '-X', '--vextract', '-e', '--control', '-b', '--build'], note: 'extracts or builds a package into files at the paths named' },
      { role: 'writer', options: ['--log'], example: '/tmp/dpkg.log', note: '--log appends to the log file at the given path' },
    ],
    removesPackages: { options: ['-r', '--remove', '-P', '--purge'], forcedBy: ['--force-all', '--force-remove-essential', '--force-remove-protected', '--force-depends'] },
    listsPackages: { with: [['--get-selections', '-l', '--list', '-W', '--show']] },
    printsPaths: { installed: [['-L', '--listfiles']] },
    plain: ['-l', '-L bash', '-s coreutils', '-S /bin/ls', '--get-selections', '--print-architecture'],
  },
  {
    names: ['dpkg-query'],
    category: 'package',
    what: 'queries the Debian package database',
    readOnly: true,
    grammar: DPKG_GRAMMAR,
    listsPackages: { with: [['-l', '--list', '-W', '--show']] },
    printsPaths: { installed: [['-L', '--listfiles']] },
    plain: ['-l', '-L bash', '-W -f \'${Package}\\n\'', '-s coreutils', '-S /bin/ls'],
  },
  {
    names: ['dpkg-deb'],
    category: 'package',
    what: 'builds and inspects Debian package files',
    grammar: { ...DPKG_GRAMMAR, short: 'ZzS', flags: 'bcIfeRxXvWh' },
    options: [{ role: 'writer', options: ['-x', '--extract', '-X', '--vextract', '-e', '--control', '-R', '--raw-extract', '-b', '--build'], note: 'extracts or builds a package into files at the paths named' }],
    plain: ['-c pkg.deb', '-I pkg.deb', '-f pkg.deb Version', '--version'],
  },
  {
    names: ['yum'],
    category: 'package',
    what: 'the RPM package manager front end (older Fedora/RHEL)',
    grammar: DNF_GRAMMAR,
    options: DNF_OPTIONS,
    subcommands: dnfCommands(),
    plain: ['list installed', 'info bash', 'search nginx', 'repolist', '--version'],
  },
  {
    names: ['dnf', 'dnf5', 'microdnf', 'tdnf'],
    category: 'package',
    what: 'the RPM package manager front end (Fedora/RHEL)',
    grammar: DNF_GRAMMAR,
    options: DNF_OPTIONS,
    subcommands: dnfCommands(),
    plain: ['list installed', 'info bash', 'search nginx', 'repolist', 'check-update', 'provides /usr/bin/vim'],
  },
  {
    names: ['zypper'],
    category: 'package',
    what: 'the openSUSE/SLES package manager',
    grammar: ZYPPER_GRAMMAR,
    options: ZYPPER_OPTIONS,
    subcommands: zypperCommands(),
    operands: [{ role: 'executor', operand: 0, payload: 'program', example: 'x', note: 'an unknown command runs the zypper-NAME program found in the zypper command folder or on PATH' }],
    plain: ['search vim', 'info nginx', 'lr', 'se -i python3', '--version'],
  },
  {
    names: ['apk'],
    category: 'package',
    what: 'the Alpine Linux package manager',
    grammar: APK_GRAMMAR,
    options: APK_OPTIONS,
    subcommands: apkCommands(),
    plain: ['info', 'search curl', 'list --installed', 'policy busybox', 'update', '--version'],
  },
  {
    names: ['pacman'],
    category: 'package',
    what: 'the Arch Linux package manager',
    grammar: {
      short: 'br',
      flags: 'SRUQDFTVhsilgpcyuwdnkoqeEmtv',
      long: { ...valued('dbpath', 'root', 'cachedir', 'config', 'gpgdir', 'hookdir', 'logfile', 'arch', 'assume-installed', 'ignore', 'ignoregroup', 'overwrite', 'print-format', 'sysroot', 'color'), ...flagged('sync', 'remove', 'upgrade', 'query', 'database', 'files', 'deptest', 'version', 'help', 'search', 'info', 'list', 'groups', 'print', 'clean', 'refresh', 'sysupgrade', 'downloadonly', 'nodeps', 'needed', 'noconfirm', 'confirm', 'asdeps', 'asexplicit', 'check', 'owns', 'explicit', 'deps', 'unrequired', 'upgrades', 'native', 'foreign', 'quiet', 'verbose', 'debug', 'noprogressbar', 'noscriptlet', 'disable-download-timeout', 'cascade', 'nosave', 'recursive', 'changelog', 'file', 'machinereadable') },
    },
    options: [
      { role: 'loader', options: ['--hookdir'], example: '/tmp/hooks', note: '--hookdir loads transaction hooks, which run commands as root, from the folder' },
      { role: 'loader', options: ['--config'], example: '/tmp/pacman.conf', note: '--config reads a configuration that names hook folders and repositories' },
    ],
    read: pacmanRead,
    // One -d skips version checks only; -dd skips every dependency check.
    removesPackages: { options: ['-R', '--remove'], forcedBy: ['-d', '--nodeps'], forcedTimes: 2 },
    // `-Q` alone lists every installed package; its filters (`-d`, `-t`, `-e`, `-m` …) and other queries pick some.
    listsPackages: { with: [['-Q', '--query']], narrowing: ['-l', '--list', '-d', '--deps', '-t', '--unrequired', '-e', '--explicit', '-m', '--foreign', '-n', '--native', '-u', '--upgrades', '-o', '--owns', '-i', '--info', '-k', '--check', '-g', '--groups', '-p', '--file', '-s', '--search', '-c', '--changelog'] },
    printsPaths: { installed: [['-Q', '--query'], ['-l', '--list']] },
    plain: ['-Q', '-Ss ripgrep', '-Qi bash', '-Si curl', '-Ql pacman', '-Qdtq'],
  },
  {
    names: ['brew'],
    category: 'package',
    what: 'the Homebrew package manager',
    subcommands: brewCommands(),
    operands: [{ role: 'executor', operand: 0, payload: 'program', example: 'x', note: 'an unknown command runs the brew-NAME program found on PATH or in a tap' }],
    plain: ['list', 'info wget', 'search ripgrep', 'outdated', '--version', 'deps --tree git'],
  },
  {
    names: ['opkg'],
    category: 'package',
    what: 'the OpenWrt/embedded package manager',
    grammar: { short: 'fodt', flags: 'VAh', long: { ...valued('conf', 'offline-root', 'dest', 'tmp-dir', 'cache', 'add-arch', 'add-dest', 'host-cache-dir', 'lists-dir', 'verbosity'), ...flagged('force-depends', 'force-maintainer', 'force-reinstall', 'force-overwrite', 'force-downgrade', 'force-space', 'force-postinstall', 'force-remove', 'force-checksum', 'noaction', 'download-only', 'nodeps', 'autoremove', 'force-removal-of-dependent-packages', 'no-install-recommends', 'prefer-arch-to-version', 'help', 'version') } },
    options: [{ role: 'loader', options: ['-f', '--conf'], example: '/tmp/opkg.conf', note: '-f reads a configuration naming the repositories and install roots' }],
    subcommands: Object.fromEntries([
      ...['install', 'remove', 'upgrade', 'flag', 'configure', 'clean'].map((v) => [v, { role: { role: 'destructive' as const, note: `${v} changes the installed packages, running their scripts as root` } }]),
      ...['update', 'list', 'list-installed', 'list-upgradable', 'info', 'status', 'search', 'files', 'find', 'download', 'depends', 'whatdepends', 'whatprovides', 'compare-versions', 'print-architecture'].map((v) => [v, {}]),
    ]),
    plain: ['list-installed', 'info busybox', 'list', 'status', 'find "*lua*"'],
  },
  {
    names: ['pkg'],
    category: 'package',
    what: 'the FreeBSD package manager',
    grammar: { short: 'cjroCR', flags: 'dlNvh46', long: { ...valued('chroot', 'jail', 'rootdir', 'option', 'config', 'repo-conf-dir'), ...flagged('debug', 'list', 'version', 'help') } },
    options: [
      { role: 'loader', options: ['-C', '--config', '-R', '--repo-conf-dir'], example: '/tmp/pkg.conf', note: '-C reads a configuration that can load plugins and add repositories' },
      { role: 'loader', options: ['-o', '--option'], when: nullOr(/PLUGIN|REPOS_DIR|PKG_ENV/i), example: 'PLUGINS_DIR=/tmp', note: '-o of a plugin or repository setting loads code or repositories from there' },
    ],
    subcommands: Object.fromEntries([
      ...['install', 'reinstall', 'uninstall', 'add', 'delete', 'remove', 'upgrade', 'autoremove', 'clean', 'lock', 'unlock', 'set', 'register', 'backup', 'bootstrap', 'convert', 'annotate', 'shell', 'shlib', 'repo', 'create'].map((v) => [v, { role: { role: 'destructive' as const, note: `${v} changes the installed packages or the package database` } }]),
      ...['info', 'search', 'query', 'rquery', 'audit', 'version', 'which', 'stats', 'check', 'update', 'fetch', 'help', 'alias', 'config', 'updating'].map((v) => [v, {}]),
    ]),
    plain: ['info', 'search nginx', 'version -v', 'which /usr/local/bin/bash', 'audit -F'],
  },
  {
    names: ['nix'],
    category: 'package',
    what: 'the Nix package manager',
    grammar: NIX_GRAMMAR,
    options: NIX_OPTIONS,
    subcommands: nixCommands(),
    plain: ['search nixpkgs hello', '--version', 'flake show', 'path-info nixpkgs#hello', 'eval nixpkgs#hello.version'],
  },
  {
    names: ['nix-shell'],
    category: 'package',
    what: 'starts a shell in the environment a Nix expression describes',
    role: { role: 'loader', note: 'evaluates shell.nix, default.nix or the named file and runs its shell hook' },
    grammar: { short: 'pIAE', flags: 'hjkQv', abbreviations: false, long: { ...valued('run', 'command', 'packages', 'attr', 'arg', 'argstr', 'include', 'option', 'expr', 'keep', 'exclude', 'shell'), ...flagged('pure', 'impure', 'help', 'version', 'show-trace', 'quiet', 'verbose', 'keep-going', 'fallback') } },
    options: [
      { role: 'executor', options: ['--run', '--command'], payload: 'shell-text', example: 'id', note: '--run runs the given text with a shell in the environment' },
      { role: 'executor', options: ['--option'], when: NIX_SETTING, example: 'post-build-hook', note: '--option of a hook, builder or plugin setting makes nix run that program or load that library' },
    ],
  },
];
// ---------------------------------------------------------------------------------------------
// RPM

/** A macro expression that runs a shell command `%(…)` or Lua `%{lua:…}` when expanded. */
const RPM_CODE = nullOr(/%\(|%\{lua:|%\{expand:|%\[/);
const RPM_OPTIONS: readonly OptionRole[] = [
  // Read as RPM macro code (languages/shellEscapes.ts): `%(…)` is shell text, `%{lua:…}` Lua's os.execute.
  { role: 'executor', options: ['-E', '--eval'], when: RPM_CODE, payload: 'code', example: '%(id)', note: '--eval expands the macro; %(…) in it runs a shell command and %{lua:…} Lua code' },
  { role: 'executor', options: ['-D', '--define'], when: RPM_CODE, payload: 'code', example: 'x %(id)', note: '--define sets a macro whose %(…) or %{lua:…} body runs when it is expanded' },
  { role: 'executor', options: ['--pipe'], payload: 'shell-text', example: 'id', note: '--pipe sends the output through the given shell command' },
  { role: 'loader', options: ['--macros', '--rcfile', '--load'], example: '/tmp/macros', note: '--macros/--rcfile read macro files, whose macros can run commands' },
];
/** rpm query options that print something else than the package names (`-qal`: files; `-qai`: details). */
const RPM_QUERY_DETAILS = ['-l', '--list', '-c', '--configfiles', '-d', '--docfiles', '-i', '--info', '-R', '--requires', '--provides', '--changelog', '-s', '--state', '--scripts', '--dump', '--filesbypkg', '-f', '--file', '-g', '--group', '-p', '--package', '--whatrequires', '--whatprovides', '--qf', '--queryformat'];

const RPM_GRAMMAR: Grammar = {
  short: 'DEr',
  flags: 'qVaflcdisRpPUFeiKvhtgwBbCO',
  abbreviations: false,
  long: {
    ...valued('define', 'undefine', 'eval', 'pipe', 'macros', 'rcfile', 'load', 'dbpath', 'root', 'queryformat', 'qf', 'predefine', 'target', 'excludepath', 'prefix', 'relocate', 'fileid', 'hdrid', 'pkgid', 'tid', 'triggeredby', 'whatconflicts', 'whatenhances', 'whatobsoletes', 'whatprovides', 'whatrecommends', 'whatrequires', 'whatsuggests', 'whatsupplements', 'querytags', 'dump', 'pipe'),
    ...flagged('query', 'verify', 'install', 'upgrade', 'freshen', 'erase', 'reinstall', 'import', 'initdb', 'rebuilddb', 'verifydb', 'exportdb', 'importdb', 'setperms', 'setugids', 'setcaps', 'restore', 'addsign', 'delsign', 'resign', 'checksig', 'all', 'file', 'group', 'package', 'info', 'list', 'state', 'docfiles', 'configfiles', 'provides', 'requires', 'scripts', 'triggers', 'changelog', 'changes', 'conflicts', 'obsoletes', 'nodeps', 'nodigest', 'nosignature', 'noscripts', 'notriggers', 'force', 'replacepkgs', 'replacefiles', 'oldpackage', 'test', 'justdb', 'excludedocs', 'hash', 'percent', 'verbose', 'quiet', 'help', 'version', 'usage', 'showrc', 'allfiles', 'nofiledigest', 'nomanifest', 'last', 'noplugins', 'nocontexts'),
  },
};
/** rpm's mode is an option: -i installs, except after -q (where it asks for the package info). */
function rpmRead(program: string, query = false): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (_args, reading) => {
    const has = (...names: string[]): boolean => hasOption(reading, ...names);
    if (query || has('q', 'query', 'V', 'verify', 'K', 'checksig', 'help', 'version', 'usage', 'showrc', 'verifydb', 'exportdb')) {
      return has('setperms', 'setugids', 'setcaps', 'restore') ? [whole(program, 'destructive', 'resets file permissions, owners or capabilities from the package database')] : [];
    }
    if (has('i', 'install', 'U', 'upgrade', 'F', 'freshen', 'reinstall')) return [whole(program, 'destructive', 'installs or upgrades packages, running their scriptlets as root')];
    if (has('e', 'erase')) return [whole(program, 'destructive', 'removes packages, running their scriptlets as root')];
    if (has('import', 'initdb', 'rebuilddb', 'importdb', 'setperms', 'setugids', 'setcaps', 'restore', 'addsign', 'delsign', 'resign')) return [whole(program, 'destructive', 'changes the package database, trusted keys or installed file modes')];
    return [];
  };
}

const RPM_ROWS: readonly ProgramRow[] = [
  { names: ['rpm'], category: 'package', what: 'the RPM package tool', grammar: RPM_GRAMMAR, options: RPM_OPTIONS, read: rpmRead('rpm'), removesPackages: { options: ['-e', '--erase'], forcedBy: ['--nodeps'] }, listsPackages: { with: [['-q', '--query'], ['-a', '--all']], narrowing: RPM_QUERY_DETAILS }, printsPaths: { installed: [['-q', '--query'], ['-l', '--list']] }, plain: ['-qa', '-qi bash', '-ql coreutils', '-qf /usr/bin/ls', '-V openssl', '--version'] },
  { names: ['rpmquery', 'rpmverify'], category: 'package', what: 'queries or verifies installed RPM packages', readOnly: true, grammar: RPM_GRAMMAR, options: RPM_OPTIONS, read: rpmRead('rpmquery', true), printsPaths: { installed: [['-l', '--list']] }, plain: ['-a', '-i bash', 'openssl', '--version'] },
  { names: ['rpmdb'], category: 'package', what: 'maintains the RPM database', grammar: RPM_GRAMMAR, options: RPM_OPTIONS, read: rpmRead('rpmdb'), plain: ['--verifydb', '--exportdb', '--version'] },
];

// ---------------------------------------------------------------------------------------------
// Assorted programs of the GTFOBins catalogue

const CODEX_GLOBAL: readonly OptionRole[] = [
  { role: 'destructive', options: ['--dangerously-bypass-approvals-and-sandbox', '--yolo'], note: 'lets the agent run any command without sandbox or approval' },
  { role: 'destructive', options: ['-s', '--sandbox'], when: nullOr(/danger|full/), example: 'danger-full-access', note: '--sandbox danger-full-access lets the agent\'s commands touch the whole machine' },
  { role: 'destructive', options: ['-a', '--ask-for-approval'], when: nullOr(/never/), example: 'never', note: '--ask-for-approval never runs the agent\'s commands without asking' },
  { role: 'destructive', options: ['-c', '--config'], when: nullOr(/sandbox|approval|shell_environment|mcp_servers|notify|model_provider/), example: 'sandbox_mode="danger-full-access"', note: '-c overrides a setting (sandbox, approvals, hooks) the agent runs with' },
];
const CODEX_GRAMMAR: Grammar = {
  short: 'mcpsaCi',
  flags: 'hV',
  abbreviations: false,
  long: { ...valued('model', 'config', 'profile', 'sandbox', 'ask-for-approval', 'cd', 'image', 'output-last-message', 'output-schema', 'color', 'add-dir', 'enable', 'disable', 'local-provider'), ...flagged('help', 'version', 'full-auto', 'dangerously-bypass-approvals-and-sandbox', 'yolo', 'oss', 'search', 'json', 'skip-git-repo-check', 'last', 'all') },
};
const CODEX_SUBS = ['exec', 'e', 'login', 'logout', 'mcp', 'mcp-server', 'app-server', 'completion', 'sandbox', 'debug', 'apply', 'a', 'resume', 'cloud', 'proto', 'generate-ts', 'features', 'help'];
const CODEX_SANDBOX: Command = { grammar: { ...CODEX_GRAMMAR, stopAtOperand: true }, wrapper: { peel: false, note: 'runs the command inside the Codex sandbox' } };
const AGENT_NOTE = 'starts an AI coding agent that runs commands and edits files on its own';

/**
 * Where `claude mcp add|add-json|remove|add-from-claude-desktop` writes: `--scope project` the
 * project's `.mcp.json`, otherwise (local, user) `~/.claude.json`; a scope only known at run time
 * is read as the home file, the one every project's sessions read.
 */
function claudeMcpTarget(reading: ArgReading): string {
  const scope = optionValues(reading, 's', 'scope').map(textOf);
  return scope.length > 0 && scope.every((value) => value === 'project') ? '.mcp.json' : '~/.claude.json';
}

const CLAUDE_MCP_WRITE: Command = {
  grammar: { short: 'set', flags: 'h', long: { ...valued('scope', 'transport', 'env', 'header', 'client-id', 'client-secret', 'callback-port'), ...flagged('help') }, stopAtOperand: true },
  read: (_args, reading) => [{ role: 'writer', program: 'claude mcp', trigger: 'mcp', index: -1, value: literalWord(claudeMcpTarget(reading)), target: 'file', note: 'writes the MCP servers Claude Code starts (.mcp.json or ~/.claude.json)' }],
  role: { role: 'destructive', note: 'changes the MCP servers Claude Code starts, each a program it runs' },
};

/**
 * Gemini CLI's `mcp add|remove` writes `.gemini/settings.json` of the project (the default scope)
 * or, with `--scope user`, `~/.gemini/settings.json`.
 */
const GEMINI_MCP_WRITE: Command = {
  grammar: { short: 'set', flags: 'h', long: { ...valued('scope', 'transport', 'env', 'header', 'timeout', 'include-tools', 'exclude-tools', 'description'), ...flagged('trust', 'help') }, stopAtOperand: true },
  read: (_args, reading) => {
    const scope = optionValues(reading, 's', 'scope').map(textOf);
    const path = scope.length > 0 && scope.every((value) => value === 'project') ? '.gemini/settings.json' : scope.length === 0 ? '.gemini/settings.json' : '~/.gemini/settings.json';
    const paths = scope.some((value) => value === null) ? ['.gemini/settings.json', '~/.gemini/settings.json'] : [path];
    return paths.map((target): Form => ({ role: 'writer', program: 'gemini mcp', trigger: 'mcp', index: -1, value: literalWord(target), target: 'file', note: 'writes the MCP servers Gemini CLI starts into its settings' }));
  },
  role: { role: 'destructive', note: 'changes the MCP servers Gemini CLI starts, each a program it runs' },
};

const OPENCODE_SUBS = ['run', 'serve', 'web', 'tui', 'attach', 'auth', 'agent', 'models', 'stats', 'export', 'import', 'github', 'pr', 'mcp', 'upgrade', 'uninstall', 'db', 'session', 'acp', 'debug', 'completion', 'generate', 'help'];

const MISC_ROWS: readonly ProgramRow[] = [
  {
    names: ['ab'],
    category: 'network',
    what: 'the Apache HTTP benchmarking tool',
    grammar: { short: 'AbBcCeEfgHmnpPstTuvXxyzZ', flags: 'dhikSVwlqr' },
    options: [
      { role: 'network', options: ['-p', '-u'], sends: true, example: '/etc/passwd', note: '-p/-u send the contents of the named file to the server as the request body' },
      { role: 'writer', options: ['-e', '-g'], example: 'out.csv', note: '-e/-g write the results to a CSV or gnuplot file' },
      { role: 'network', options: ['-X'], example: 'proxy.example.com:3128', note: '-X sends the requests through the named proxy' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'http://example.com/', note: 'sends requests to this URL' }],
    plain: ['-V', '-h'],
  },
  {
    names: ['acr'],
    category: 'build',
    what: 'the autoconf replacement of radare2 (generates configure scripts)',
    grammar: { short: 'r', flags: 'dDehmnpsvxV' },
    options: [{ role: 'executor', options: ['-r'], payload: 'program', example: './x', note: '-r runs the named recipe file' }],
    plain: ['-h', '-v'],
  },
  {
    names: ['alpine', 'pine'],
    category: 'network',
    what: 'a terminal mail client',
    // Reading and sending mail (with the servers its configuration names) is its job.
    grammar: { short: 'acdfFnpPxI', flags: 'hiko2zr' },
    options: [{ role: 'loader', options: ['-p', '-P', '-x'], example: '/tmp/pinerc', note: '-p/-P read a configuration that can name programs (display filters, sendmail) to run' }],
    plain: ['', '-i', '-f INBOX', 'alice@example.com'],
  },
  {
    names: ['apport-cli'],
    category: 'misc',
    what: 'reports crashes and bugs to Launchpad from the terminal',
    grammar: { short: 'cupPs', flags: 'hfv', long: { ...valued('crash-file', 'update-bug', 'package', 'pid', 'symptom', 'save', 'tag', 'window'), ...flagged('help', 'file-bug', 'hanging', 'version', 'window') } },
    options: [
      { role: 'network', options: ['-f', '--file-bug', '-u', '--update-bug', '-c', '--crash-file'], note: 'sends a report with system details to the bug tracker (showing it in a pager first)' },
      { role: 'writer', options: ['--save'], example: 'report.crash', note: '--save writes the report to a file' },
    ],
    plain: ['--version', '--help'],
  },
  {
    names: ['asterisk'],
    category: 'network',
    what: 'the Asterisk telephony server and its console',
    grammar: { short: 'CxUGLMes', flags: 'cdfFghiImnpqrRtTvVWXB' },
    options: [
      { role: 'executor', options: ['-x'], when: nullOr(/^\s*!/), payload: 'shell-text', payloadText: (v) => v.replace(/^\s*!/, ''), example: '!id', note: '-x with a console command starting with ! runs the rest with a shell' },
      { role: 'destructive', options: ['-x'], when: nullOr(/\b(stop|restart|reload|unload|load|originate|hangup|database (put|del|deltree))\b/), example: 'core stop now', note: '-x runs a console command that stops, reloads or changes the running server' },
      { role: 'loader', options: ['-C'], example: '/tmp/asterisk.conf', note: '-C reads a configuration whose dialplan can run programs' },
    ],
    read: (_args, reading) => {
      if (hasOption(reading, 'x', 'V', 'h')) return [];
      if (hasOption(reading, 'r', 'R')) return [whole('asterisk', 'executor', 'attaches to the running server\'s console, which reads commands (! runs a shell) from standard input')];
      return [whole('asterisk', 'listener', 'starts the telephony server')];
    },
    plain: ['-V', '-rx "core show version"', '-rx "sip show peers"'],
  },
  { names: ['atobm', 'bmtoa'], category: 'text', what: 'converts between ASCII art and X bitmaps', readOnly: true, grammar: { singleDash: true, abbreviations: false, long: valued('chars', 'name', 'xhot', 'yhot') }, plain: ['picture.txt', '-name icon picture.txt'] },
  { names: ['basez'], category: 'text', what: 'encodes and decodes base16, base32 and base64', readOnly: true, grammar: { short: 'w', flags: 'dipxXc', long: flagged('decode', 'base16', 'base32', 'base32hex', 'base64', 'base64url', 'base64mime', 'pem', 'hex', 'help', 'version', 'ignore-garbage', 'lower', 'upper', 'capitalization') }, plain: ['file.bin', '--decode file.txt', '--base32 notes.txt'] },
  {
    names: ['bashbug'],
    category: 'misc',
    what: 'composes a bash bug report and mails it',
    role: { role: 'executor', note: 'opens the report in $EDITOR (from which commands can be run) and mails it' },
    grammar: { flags: 'v', long: flagged('help', 'version') },
  },
  {
    names: ['bbot'],
    category: 'network',
    what: 'an OSINT and reconnaissance scanner',
    // Scanning the targets it is given, and writing its results, is its job.
    grammar: { short: 'tmfpocnwy', flags: 'hvdslaE', long: { ...valued('targets', 'whitelist', 'blacklist', 'modules', 'exclude-modules', 'flags', 'require-flags', 'exclude-flags', 'preset', 'config', 'output-dir', 'output-modules', 'name', 'custom-yara-rules', 'custom-headers', 'proxy', 'event-types', 'dry-run'), ...flagged('help', 'version', 'verbose', 'debug', 'silent', 'strict-scope', 'allow-deadly', 'list-modules', 'list-flags', 'list-presets', 'current-preset', 'current-preset-full', 'yes', 'force', 'no-deps', 'force-deps', 'retry-deps', 'ignore-failed-deps', 'install-all-deps', 'json', 'brief', 'fast-mode') } },
    options: [
      { role: 'network', options: ['-t', '--targets'], everyday: true, example: 'example.com', note: 'scans these targets' },
      { role: 'writer', options: ['-o', '--output-dir'], everyday: true, example: 'scans', note: 'writes the scan results under this folder' },
      { role: 'destructive', options: ['--install-all-deps', '--force-deps'], note: 'installs the tools every module needs, with root rights where asked' },
      { role: 'destructive', options: ['--allow-deadly'], note: '--allow-deadly enables intrusive modules' },
      { role: 'loader', options: ['-p', '--preset', '-c', '--config'], when: nullOr(/[/.]/), example: './preset.yml', note: '-p loads a preset or configuration file from a path' },
    ],
    plain: ['--help', '-l', '--version', '-lf'],
  },
  {
    names: ['bconsole'],
    category: 'system',
    what: 'the console of the Bacula backup director',
    // Console commands, `@exec` (runs a program) among them, are read from standard input.
    stdinCode: true,
    grammar: { short: 'cDd', flags: 'lnstu' },
    plain: ['-t', '-t -c bconsole.conf'],
  },
  {
    names: ['bee'],
    category: 'interpreter',
    what: 'the command-line tool of Backdrop CMS',
    grammar: { long: { ...valued('root', 'site', 'base-url', 'url'), ...flagged('yes', 'y', 'debug', 'd', 'help', 'h') } },
    subcommands: {
      eval: { operands: [{ role: 'executor', operand: 0, payload: 'code', example: 'echo 1;', note: 'eval runs the PHP code given on the command line' }] },
      ev: { operands: [{ role: 'executor', operand: 0, payload: 'code', example: 'echo 1;', note: 'eval runs the PHP code given on the command line' }] },
      'php-script': { operands: [{ role: 'executor', operand: 0, everyday: true, example: 'script.php', note: 'runs the PHP script with the site loaded' }] },
      scr: { operands: [{ role: 'executor', operand: 0, everyday: true, example: 'script.php', note: 'runs the PHP script with the site loaded' }] },
      'sql-cli': { role: { role: 'executor', note: 'opens a database shell on the site\'s database' } },
      sqlc: { role: { role: 'executor', note: 'opens a database shell on the site\'s database' } },
      'db-drop': { role: { role: 'destructive', note: 'deletes every table of the site\'s database' } },
      'db-import': { role: { role: 'destructive', note: 'replaces the site\'s database with a dump' } },
      uninstall: { role: { role: 'destructive', note: 'uninstalls modules, dropping their data' } },
      status: { plain: [''] },
      version: {},
      help: {},
    },
    plain: ['status', 'help', 'version'],
  },
  {
    names: ['codex'],
    category: 'misc',
    what: 'the OpenAI Codex coding agent',
    grammar: CODEX_GRAMMAR,
    options: CODEX_GLOBAL,
    read: (_args, reading) => {
      const first = textOf(reading.operands[0]);
      if (reading.operands.length > 0 && first !== null && CODEX_SUBS.includes(first)) return [];
      if (hasOption(reading, 'h', 'help', 'V', 'version')) return [];
      return [whole('codex', 'executor', AGENT_NOTE)];
    },
    subcommands: {
      exec: { grammar: CODEX_GRAMMAR, options: CODEX_GLOBAL, role: { role: 'executor', note: `exec ${AGENT_NOTE}` } },
      e: { grammar: CODEX_GRAMMAR, options: CODEX_GLOBAL, role: { role: 'executor', note: `exec ${AGENT_NOTE}` } },
      resume: { grammar: CODEX_GRAMMAR, options: CODEX_GLOBAL, role: { role: 'executor', note: `resume ${AGENT_NOTE}` } },
      cloud: { grammar: CODEX_GRAMMAR, role: { role: 'network', note: 'cloud sends tasks to agents running in the cloud' } },
      apply: { grammar: CODEX_GRAMMAR, role: { role: 'writer', note: 'apply writes the latest cloud task\'s diff into the working tree' } },
      a: { grammar: CODEX_GRAMMAR, role: { role: 'writer', note: 'apply writes the latest cloud task\'s diff into the working tree' } },
      'mcp-server': { grammar: CODEX_GRAMMAR, role: { role: 'listener', note: 'mcp-server serves the agent to other programs' } },
      'app-server': { grammar: CODEX_GRAMMAR, role: { role: 'listener', note: 'app-server serves the agent to other programs' } },
      proto: { grammar: CODEX_GRAMMAR, role: { role: 'executor', note: `proto ${AGENT_NOTE}, driven through standard input` } },
      mcp: {
        grammar: CODEX_GRAMMAR,
        operands: [
          { role: 'destructive', operand: 0, when: nullOr(/^(add|remove|login|logout)$/), example: 'add', note: 'adds or removes MCP servers the agent will start' },
          { role: 'writer', operand: 0, when: nullOr(/^(add|remove|login|logout)$/), target: 'file', targetText: () => '~/.codex/config.toml', example: 'add', note: 'writes the MCP server list into ~/.codex/config.toml' },
        ],
      },
      sandbox: { grammar: CODEX_GRAMMAR, subcommands: { linux: CODEX_SANDBOX, landlock: CODEX_SANDBOX, macos: CODEX_SANDBOX, seatbelt: CODEX_SANDBOX, windows: CODEX_SANDBOX } },
      debug: { grammar: CODEX_GRAMMAR, subcommands: { linux: CODEX_SANDBOX, landlock: CODEX_SANDBOX, macos: CODEX_SANDBOX, seatbelt: CODEX_SANDBOX } },
      login: { grammar: CODEX_GRAMMAR, plain: ['status'] },
      logout: { grammar: CODEX_GRAMMAR },
      completion: { grammar: CODEX_GRAMMAR, plain: ['bash', 'zsh'] },
      features: { grammar: CODEX_GRAMMAR },
      'generate-ts': { grammar: CODEX_GRAMMAR, role: { role: 'writer', note: 'generate-ts writes TypeScript bindings' } },
      help: { grammar: CODEX_GRAMMAR },
    },
    plain: ['--version', 'completion bash', '--help', 'login status'],
  },
  {
    // Claude Code's CLI: a prompt (or none) starts the agent; `mcp` and `config` rewrite the
    // files that say which servers and settings every later session uses (D§7 agent configuration).
    names: ['claude'],
    category: 'misc',
    what: 'the Claude Code coding agent',
    grammar: { short: 'pr', flags: 'hvcd', long: { ...valued('model', 'output-format', 'input-format', 'permission-mode', 'allowedTools', 'allowed-tools', 'disallowedTools', 'disallowed-tools', 'add-dir', 'settings', 'mcp-config', 'append-system-prompt', 'system-prompt', 'resume', 'session-id', 'agents', 'max-turns', 'fallback-model'), ...flagged('help', 'version', 'print', 'continue', 'debug', 'verbose', 'dangerously-skip-permissions', 'strict-mcp-config', 'ide') }, stopAtOperand: true },
    read: (_args, reading) => {
      const first = textOf(reading.operands[0]);
      if (reading.operands.length > 0 && first !== null && ['mcp', 'config', 'doctor', 'update', 'migrate-installer', 'setup-token', 'install', 'plugin'].includes(first)) return [];
      if (hasOption(reading, 'h', 'help', 'v', 'version')) return [];
      return [whole('claude', 'executor', AGENT_NOTE)];
    },
    subcommands: {
      mcp: {
        subcommands: {
          add: CLAUDE_MCP_WRITE,
          'add-json': CLAUDE_MCP_WRITE,
          'add-from-claude-desktop': CLAUDE_MCP_WRITE,
          remove: CLAUDE_MCP_WRITE,
          list: { plain: [''] },
          get: { plain: ['server'] },
          serve: { role: { role: 'listener', note: 'mcp serve offers Claude Code\'s tools to other programs' } },
        },
      },
      config: {
        operands: [
          { role: 'destructive', operand: 0, when: nullOr(/^(set|add|remove)$/), example: 'set', note: 'config set changes settings every later session obeys' },
          { role: 'writer', operand: 0, when: nullOr(/^(set|add|remove)$/), target: 'file', targetText: () => '~/.claude.json', example: 'set', note: 'writes Claude Code\'s settings file' },
        ],
        plain: ['list', 'get theme'],
      },
      doctor: { role: { role: 'executor', note: 'doctor checks and may update the installation' } },
      update: { role: { role: 'writer', note: 'update downloads and installs a new version' } },
      install: { role: { role: 'writer', note: 'install downloads and installs a version' } },
      'migrate-installer': { role: { role: 'writer', note: 'migrate-installer moves the installation' } },
      'setup-token': { role: { role: 'credentials', note: 'setup-token prints a long-lived token' } },
      plugin: { role: { role: 'loader', note: 'plugin installs or changes plugins, which run code in every session' } },
    },
    plain: ['--version', 'mcp list', 'config list'],
  },
  {
    // Gemini CLI: a prompt (or none) starts the agent; `mcp add|remove` rewrites its settings
    // (the servers it starts); `extensions` installs code it loads.
    names: ['gemini'],
    category: 'misc',
    what: 'the Gemini CLI coding agent',
    grammar: { short: 'mpse', flags: 'hvdiy', long: { ...valued('model', 'prompt', 'prompt-interactive', 'approval-mode', 'include-directories', 'extensions', 'allowed-mcp-server-names', 'output-format', 'telemetry-target', 'proxy'), ...flagged('help', 'version', 'debug', 'sandbox', 'all-files', 'yolo', 'checkpointing', 'experimental-acp', 'screen-reader', 'list-extensions') }, stopAtOperand: true },
    read: (_args, reading) => {
      const first = textOf(reading.operands[0]);
      if (reading.operands.length > 0 && first !== null && ['mcp', 'extensions'].includes(first)) return [];
      if (hasOption(reading, 'h', 'help', 'v', 'version')) return [];
      return [whole('gemini', 'executor', AGENT_NOTE)];
    },
    subcommands: {
      mcp: {
        subcommands: { add: GEMINI_MCP_WRITE, remove: GEMINI_MCP_WRITE, list: { plain: [''] } },
      },
      extensions: {
        operands: [{ role: 'loader', operand: 0, when: nullOr(/^(?!list$).*/), example: 'install', note: 'extensions installs or changes extensions, which run code in every session' }],
        plain: ['list'],
      },
    },
    plain: ['--version', 'mcp list', 'extensions list'],
  },
  {
    names: ['opencode'],
    category: 'misc',
    what: 'the opencode AI coding agent',
    grammar: { short: 'msp', flags: 'hvc', abbreviations: false, long: { ...valued('model', 'session', 'prompt', 'agent', 'port', 'hostname', 'log-level', 'file', 'format', 'title', 'attach', 'command'), ...flagged('help', 'version', 'continue', 'print-logs', 'share', 'mdns') } },
    read: (_args, reading) => {
      const first = textOf(reading.operands[0]);
      if (reading.operands.length > 0 && first !== null && OPENCODE_SUBS.includes(first)) return [];
      if (hasOption(reading, 'h', 'help', 'v', 'version')) return [];
      return [whole('opencode', 'executor', `${AGENT_NOTE} (its prompt runs shell commands after !)`)];
    },
    subcommands: {
      run: { role: { role: 'executor', note: `run ${AGENT_NOTE}` } },
      tui: { role: { role: 'executor', note: `tui ${AGENT_NOTE}` } },
      attach: { role: { role: 'executor', note: 'attach drives a running agent server' } },
      serve: { role: { role: 'listener', note: 'serve starts an agent server others can connect to' } },
      web: { role: { role: 'listener', note: 'web starts an agent server with a web interface' } },
      acp: { role: { role: 'listener', note: 'acp serves the agent to editors over standard input' } },
      db: { role: { role: 'executor', note: 'db runs SQL on opencode\'s database (or opens a database shell)' } },
      upgrade: { role: { role: 'destructive', note: 'upgrade replaces the installed opencode' } },
      uninstall: { role: { role: 'destructive', note: 'uninstall removes opencode and its data' } },
      github: { role: { role: 'destructive', note: 'github installs or runs the GitHub agent integration' } },
      pr: { role: { role: 'executor', note: 'pr checks out a pull request and starts the agent on it' } },
      import: { role: { role: 'writer', note: 'import writes a session from a file or URL' } },
      agent: { operands: [{ role: 'writer', operand: 0, when: nullOr(/^create$/), example: 'create', note: 'agent create writes a new agent definition' }] },
      mcp: { operands: [{ role: 'destructive', operand: 0, when: nullOr(/^(add|remove|auth|logout)$/), example: 'add', note: 'adds or removes MCP servers the agent will start' }] },
      auth: { operands: [{ role: 'destructive', operand: 0, when: nullOr(/^(login|logout)$/), example: 'login', note: 'stores or removes provider credentials' }], plain: ['list'] },
      models: { plain: [''] },
      stats: {},
      export: {},
      session: {},
      debug: {},
      completion: {},
      generate: {},
      help: {},
    },
    plain: ['--version', 'models', 'stats', 'auth list'],
  },
  {
    names: ['dosbox', 'dosbox-x', 'dosbox-staging'],
    category: 'misc',
    what: 'an emulator of a DOS PC',
    // Running the DOS program it is given is its job; -c commands (which can mount and write the
    // host's folders) and the configuration's autoexec section are not.
    grammar: { singleDash: true, abbreviations: false, long: { ...valued('c', 'conf', 'lang', 'machine', 'editconf', 'opencaptures', 'socket', 'set', 'time-limit', 'working-dir'), ...flagged('fullscreen', 'exit', 'version', 'printconf', 'eraseconf', 'resetconf', 'erasemapper', 'resetmapper', 'noconsole', 'startmapper', 'noautoexec', 'userconf', 'securemode', 'help', 'h') } },
    options: [
      { role: 'executor', options: ['-c'], payload: 'code', example: 'mount c /', note: '-c runs the DOS command given, which can mount and change host folders' },
      { role: 'loader', options: ['-conf'], example: '/tmp/x.conf', note: '-conf reads a configuration whose autoexec section runs commands' },
      { role: 'executor', options: ['-editconf', '-opencaptures'], payload: 'program', example: '/bin/sh', note: '-editconf runs the named program on the configuration file' },
      { role: 'destructive', options: ['-eraseconf', '-resetconf', '-erasemapper', '-resetmapper'], note: 'deletes the user configuration or key mapping' },
    ],
    plain: ['-version', 'game.exe', '-fullscreen game.exe', '-printconf'],
  },
  {
    names: ['easyrsa'],
    category: 'misc',
    what: 'manages a small certificate authority (Easy-RSA)',
    // Writing keys and certificates under its pki folder is its job.
    grammar: { abbreviations: false, long: { ...valued('vars', 'pki-dir', 'pki', 'batch', 'req-cn', 'days', 'digest', 'keysize', 'use-algo', 'curve', 'subca-len', 'dn-mode', 'req-c', 'req-st', 'req-city', 'req-org', 'req-email', 'req-ou', 'ns-cert', 'ns-comment', 'subject-alt-name', 'san', 'copy-ext', 'fix-offset', 'passin', 'passout', 'nopass', 'silent', 'sbatch'), ...flagged('help', 'version') } },
    options: [{ role: 'loader', options: ['--vars'], example: '/tmp/vars', note: '--vars sources the file, which is shell code' }],
    subcommands: {
      'init-pki': { role: { role: 'destructive', note: 'init-pki deletes an existing pki folder, keys included' } },
      revoke: { role: { role: 'destructive', note: 'revoke revokes a certificate' } },
      'revoke-issued': { role: { role: 'destructive', note: 'revoke revokes a certificate' } },
      help: {},
      'show-cert': {},
      'show-req': {},
      'show-ca': {},
      'show-crl': {},
      'show-expire': {},
      'show-revoke': {},
      'show-renew': {},
    },
    plain: ['help', 'show-cert client1', 'show-req server', '--version'],
  },
  {
    names: ['eb'],
    category: 'cloud',
    what: 'the AWS Elastic Beanstalk CLI',
    grammar: { short: 'rp', flags: 'hv', long: { ...valued('region', 'profile', 'endpoint-url'), ...flagged('help', 'verbose', 'debug', 'quiet', 'no-verify-ssl', 'version') } },
    subcommands: {
      ...Object.fromEntries(['deploy', 'create', 'terminate', 'scale', 'setenv', 'restore', 'swap', 'upgrade', 'abort', 'clone', 'restart', 'rebuild', 'migrate', 'appversion', 'tags', 'use', 'platform', 'codesource', 'labs'].map((v) => [v, { role: { role: 'destructive' as const, note: `${v} changes the application or environment in the cloud` } }])),
      ssh: { role: { role: 'executor', note: 'ssh opens a shell (or runs --command) on an instance of the environment' } },
      local: { operands: [{ role: 'executor', operand: 0, when: nullOr(/^(run|setenv)$/), example: 'run', note: 'local run runs the application\'s containers here' }] },
      config: { role: { role: 'executor', note: 'config opens the environment\'s settings in an editor and applies what is saved' } },
      init: { role: { role: 'writer', note: 'init writes the project\'s Elastic Beanstalk configuration' } },
      printenv: {},
      status: {},
      list: {},
      health: {},
      events: {},
      logs: {},
      open: {},
      console: {},
    },
    plain: ['status', 'list', 'health', 'events', '--version'],
  },
  { names: ['ginsh'], category: 'interpreter', what: 'the interactive shell of the GiNaC algebra library', stdinCode: true, grammar: {}, plain: ['calc.gs'] },
  {
    names: ['gtester'],
    category: 'build',
    what: 'runs GLib test programs',
    // Running the test programs it is given is its job, as for a test runner.
    grammar: { short: 'osp', flags: 'hkqvm', long: { ...valued('seed'), ...flagged('keep-going', 'verbose', 'quiet', 'version', 'help', 'g-fatal-warnings') } },
    options: [{ role: 'writer', options: ['-o'], example: 'log.xml', note: '-o writes the test log to the named file' }],
    operands: [{ role: 'executor', operand: 'every', everyday: true, payload: 'program', example: './test-foo', note: 'runs this test program' }],
    plain: ['--version', '-h'],
  },
  {
    names: ['jtag'],
    category: 'debugger',
    what: 'UrJTAG, a JTAG boundary-scan tool',
    // Commands, `shell CMD` among them, are read from standard input or from the named scripts.
    stdinCode: true,
    grammar: { flags: 'hvnqi', long: flagged('help', 'version', 'norc', 'quiet', 'interactive') },
    operands: [{ role: 'loader', operand: 'every', everyday: true, example: 'cmds.jtag', note: 'runs the jtag commands in the file, shell escapes included' }],
    plain: ['-v', '-h'],
  },
  { names: ['ksshell'], category: 'misc', what: 'an interactive kickstart file editor (pykickstart)', grammar: { short: 'iov', long: valued('input', 'output', 'version') }, options: [{ role: 'writer', options: ['-o', '--output'], example: 'ks.cfg', note: '-o writes the kickstart file at the given path' }], plain: ['--help'] },
  {
    names: ['ksu'],
    category: 'wrapper',
    what: 'the Kerberos su: runs a shell or command as another user',
    grammar: { short: 'ncrlea', flags: 'kpPfFzZqD' },
    options: [
      { role: 'executor', options: ['-e'], payload: 'shell-argv', example: '/bin/sh', note: '-e runs the given command, with the words after it, as the target user' },
      { role: 'executor', options: ['-a'], payload: 'shell-argv', example: '-c', note: '-a passes the words after it to the target user\'s shell (-a -c CMD runs CMD)' },
    ],
    read: (_args, reading) => (hasOption(reading, 'e', 'a') ? [] : [whole('ksu', 'executor', 'starts a shell as the target user (root by default)')]),
  },
  {
    names: ['msfconsole'],
    category: 'misc',
    what: 'the Metasploit framework console',
    // Console commands (and any shell command it does not know) are read from standard input.
    stdinCode: true,
    grammar: { short: 'xroepmyc', flags: 'hqvnLa', long: { ...valued('execute-command', 'resource', 'output', 'environment', 'plugin', 'module-path', 'yaml', 'config', 'logger', 'log-level', 'defer-module-loads'), ...flagged('help', 'quiet', 'version', 'no-database', 'real-readline', 'ask', 'no-readline') } },
    options: [
      { role: 'executor', options: ['-x', '--execute-command'], payload: 'code', example: 'exec id', note: '-x runs console commands, which include shell commands and Ruby' },
      { role: 'loader', options: ['-r', '--resource', '-m', '--module-path', '-p', '--plugin'], example: 'x.rc', note: '-r runs a resource script (which can hold Ruby); -m/-p load modules or plugins' },
      { role: 'writer', options: ['-o', '--output'], example: 'out.log', note: '-o writes the console output to a file' },
    ],
    plain: ['--version', '-h'],
  },
  {
    names: ['procmail'],
    category: 'misc',
    what: 'delivers and filters mail by recipes',
    // Delivering with ~/.procmailrc is its job; a recipe file it is pointed at runs its commands.
    grammar: { short: 'fad', flags: 'vptoYzm' },
    options: [{ role: 'loader', options: ['-m'], note: '-m runs the recipe file given next as a mail filter; recipes pipe mail to commands' }],
    operands: [{ role: 'loader', operand: 'every', when: nullOr(/^[^=]*$/), example: '/tmp/rc', note: 'runs this recipe file, whose recipes can pipe mail to commands' }],
    plain: ['-v'],
  },
  {
    names: ['redis-server', 'valkey-server'],
    category: 'database',
    what: 'the Redis key-value server',
    // GTFOBins lists `redis` for the file writes a client makes the server do (CONFIG SET dir and
    // dbfilename, then SAVE); the client is redis-cli's row. Here: the server's own argv.
    grammar: {
      abbreviations: false,
      long: { ...valued('port', 'bind', 'dir', 'dbfilename', 'loadmodule', 'include', 'logfile', 'pidfile', 'unixsocket', 'requirepass', 'protected-mode', 'save', 'appendonly', 'appendfilename', 'daemonize', 'replicaof', 'slaveof', 'masterauth', 'aclfile', 'maxmemory', 'loglevel', 'databases', 'enable-debug-command', 'enable-module-command', 'enable-protected-configs', 'tls-port', 'cluster-enabled', 'cluster-config-file'), ...flagged('help', 'version', 'sentinel', 'test-memory', 'check-system') },
      flags: 'hv',
    },
    options: [
      { role: 'loader', options: ['--loadmodule'], example: '/tmp/x.so', note: '--loadmodule loads a shared library into the server' },
      { role: 'writer', options: ['--dir', '--dbfilename', '--logfile', '--pidfile', '--appendfilename', '--aclfile', '--cluster-config-file'], example: '/tmp', note: 'sets where the server writes its dump, log, pid or append-only files' },
      { role: 'listener', options: ['--bind'], when: nullOr(/(^|\s)(0\.0\.0\.0|\*|::|-::\*)(\s|$)/), example: '0.0.0.0', note: '--bind 0.0.0.0 accepts clients from the whole network' },
      { role: 'listener', options: ['--protected-mode'], when: (v) => v === null || v === 'no', example: 'no', note: '--protected-mode no accepts clients from other machines without a password' },
      { role: 'network', options: ['--replicaof', '--slaveof'], example: '203.0.113.7', note: '--replicaof copies (and serves) the data of another server' },
      { role: 'destructive', options: ['--enable-debug-command', '--enable-module-command', '--enable-protected-configs'], when: (v) => v === null || v === 'yes' || v === 'local', example: 'yes', note: 'lets clients load modules, run debug commands or change protected settings' },
    ],
    operands: [{ role: 'loader', operand: 0, when: nullOr(/\.conf$|\//), example: '/tmp/redis.conf', note: 'reads this configuration file, which can load modules and choose where files are written' }],
    read: unless('redis-server', 'listener', 'starts a server that clients connect to (localhost and the configured interfaces)', 'help', 'h', 'version', 'v', 'test-memory', 'check-system'),
    plain: ['--version', '--help', '-v'],
  },
  { names: ['redcarpet'], category: 'text', what: 'renders Markdown to HTML', readOnly: true, grammar: { long: flagged('parse', 'render', 'smarty', 'version', 'help', 'parse-tables', 'parse-fenced-code-blocks', 'parse-autolink', 'parse-no-intra-emphasis', 'parse-strikethrough', 'render-hard-wrap', 'render-with-toc-data', 'render-safe-links-only', 'render-no-images', 'render-no-links', 'render-escape-html', 'render-filter-html') }, plain: ['README.md', '--parse-tables README.md', '--smarty notes.md'] },
  {
    names: ['runscript'],
    category: 'interpreter',
    what: 'runs minicom dialling scripts',
    // Running the script it is given is its job, as for an interpreter; its `!` lines run shell commands.
    grammar: {},
    operands: [
      { role: 'loader', operand: 0, everyday: true, example: 'dial.scr', note: 'runs this script; its ! lines run shell commands' },
      { role: 'writer', operand: 1, everyday: true, example: 'dial.log', note: 'writes the log to this file' },
    ],
    plain: [''],
  },
  { names: ['tasksh'], category: 'misc', what: 'the interactive shell of Taskwarrior', stdinCode: true, grammar: {}, plain: [] },
  { names: ['xpad'], category: 'misc', what: 'a sticky-note application', grammar: { short: 'f', flags: 'hvnNqst', long: { ...valued('file'), ...flagged('help', 'version', 'new', 'quit', 'show', 'hide', 'toggle', 'nonew', 'hide-old') } }, plain: ['--new', '-f notes.txt'] },
];

/** Everyday queries of files' permissions and attributes, of processes, power and disk space. */
const QUERY_ROWS: readonly ProgramRow[] = [
  {
    names: ['namei'],
    category: 'file',
    what: 'follows a path name and lists each of its parts (their modes and owners with -l)',
    readOnly: true,
    grammar: { flags: 'xmolnvhV', abbreviations: false, long: flagged('mountpoints', 'modes', 'owners', 'long', 'nosymlinks', 'vertical', 'help', 'version') },
    plain: ['-l /usr/local/bin/node', '-m /var/www/html/index.html', '/usr/bin/python3'],
  },
  {
    // getfacl prints access control lists; setfacl (not this row) changes them.
    names: ['getfacl'],
    category: 'file',
    what: 'prints the access control lists of files',
    readOnly: true,
    grammar: {
      flags: 'acdeEsRLPtnpvh',
      abbreviations: false,
      long: flagged('access', 'omit-header', 'all-effective', 'no-effective', 'skip-base', 'recursive', 'logical', 'physical', 'tabular', 'numeric', 'absolute-names', 'one-file-system', 'default', 'version', 'help'),
    },
    plain: ['/var/www/html', '-R /srv/shared', '-p --omit-header notes.txt'],
  },
  {
    // lsattr prints ext2-style file attributes; chattr (its own row) changes them.
    names: ['lsattr'],
    category: 'file',
    what: 'prints the file attributes of a Linux file system (immutable, append-only …)',
    readOnly: true,
    grammar: { flags: 'RVadlpv', abbreviations: false },
    plain: ['/etc/resolv.conf', '-d /srv', '-R -a build'],
  },
  {
    // With -a it prints command lines, as `ps -ef` does; no form prints the environment.
    names: ['pstree'],
    category: 'system',
    what: 'prints the running processes as a tree',
    readOnly: true,
    grammar: {
      short: 'HNC',
      flags: 'aAcgGhlnpsStTuUVZ',
      long: { ...valued('highlight-pid', 'ns-sort', 'color'), ...flagged('arguments', 'ascii', 'compact-not', 'show-pgids', 'vt100', 'highlight-all', 'long', 'numeric-sort', 'show-pids', 'show-parents', 'ns-changes', 'thread-names', 'hide-threads', 'uid-changes', 'unicode', 'version', 'security-context') },
    },
    plain: ['', '-p 51335', '-p dev', '-a -s 1234', '-T'],
  },
  {
    names: ['upower'],
    category: 'system',
    what: 'lists the power sources (batteries, adapters) and their state, through UPower',
    readOnly: true,
    grammar: { short: 'i', flags: 'edwmvh', abbreviations: false, long: { ...valued('show-info'), ...flagged('enumerate', 'dump', 'wakeups', 'monitor', 'monitor-detail', 'version', 'help') } },
    plain: ['-e', '-i /org/freedesktop/UPower/devices/battery_BAT0', '-d', '--version'],
  },
  {
    // Go's flag package: one or two dashes; -output names the columns shown, not a file.
    names: ['duf'],
    category: 'file',
    what: 'prints the disk usage and free space of mounted file systems',
    readOnly: true,
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('avail-threshold', 'hide', 'hide-fs', 'hide-mp', 'only', 'only-fs', 'only-mp', 'output', 'sort', 'style', 'theme', 'usage-threshold', 'width'),
        ...flagged('all', 'inodes', 'json', 'warnings', 'version', 'help', 'h'),
      },
    },
    plain: ['', '--only-fs ext4', '-only local', '-json', '/home'],
  },
  {
    // ldd(1): "ldd may directly execute the program" — glibc's ldd runs the binary with
    // LD_TRACE_LOADED_OBJECTS set, and a binary with another interpreter runs what it likes. Which
    // program it is is not known from its name: each operand is run at its worst.
    names: ['ldd'],
    category: 'system',
    what: 'prints the shared libraries a program needs (by running its loader, or the program itself)',
    grammar: { flags: 'druvV', abbreviations: false, long: flagged('data-relocs', 'function-relocs', 'unused', 'verbose', 'help', 'version') },
    operands: [{ role: 'executor', operand: 'every', payload: 'program', example: './untrusted-binary', note: 'ldd runs the program (through its loader, or directly when it names another) to list what it loads' }],
    plain: ['--version', '--help'],
  },
];

/** Every row of this file, in table order. */
export const SYSTEM_ROWS: readonly ProgramRow[] = [...PROCESS_ROWS, ...SCHEDULING_ROWS, ...MOUNT_ROWS, ...NETWORK_ROWS, ...KERNEL_ROWS, ...ACCOUNT_ROWS, ...MEDIA_ROWS, ...PACKAGE_ROWS, ...RPM_ROWS, ...MISC_ROWS, ...QUERY_ROWS];
