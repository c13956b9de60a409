import type { Word } from '../../reading/resolution';
import { flagged, hasOption, readArgs, textOf, valued, type ArgReading, type Grammar } from '../grammar';
import type { Command, Form, OperandRole, OptionRole, ProgramRow, WrapperReading } from '../row';
import { commandText } from '../commandText';

/**
 * Launchers: programs that start another program named in their argv (D§4.3 wrappers). A
 * launcher that runs the command here, as the same user, in the same folder and environment,
 * changing only timing, priority, tracing or terminal handling, peels (`peel: true`): an entry for
 * the wrapped command may cover it. One that changes who runs it, where, with which network or
 * privileges, or runs it detached or on events, does not peel: an entry must name both.
 *
 * Most of them stop reading options at the first operand (getopt with a leading `+`, or a loop of
 * their own), and all are strict: an option the row does not know could take a value and move
 * the place where the wrapped command starts.
 *
 * GTFOBins lists a `shell` function for most of these: it is the wrapped command (`strace -o
 * /dev/null /bin/sh`), which the table reads as a command of its own (its row, its forms), and
 * which an entry for the launcher never covers. Where the launcher starts a shell when no command
 * is given (`nsenter`, `unshare`, `fakeroot`, `firejail`, `setarch ARCH`, `systemd-nspawn`), the row
 * says `stdinCode`.
 */

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Environment names an entry may see set in front of a command (D§4.3); any other one may load code. */
const HARMLESS_ENV = new Set(['CI', 'NODE_ENV', 'TZ', 'FORCE_COLOR', 'NO_COLOR', 'LANG', 'LC_ALL', 'DEBUG']);

/** `NAME=value` (or `NAME`, which unsets it) given to a launcher for the command's environment. */
function envMayLoad(value: string | null): boolean {
  if (value === null) return true;
  const eq = value.indexOf('=');
  if (eq < 0) return false;
  return !HARMLESS_ENV.has(value.slice(0, eq));
}

/** A form found by a row's own reader (indexes into the words after the command word). */
function form(program: string, role: Form['role'], args: readonly Word[], index: number, note: string, payload?: Form['payload']): Form {
  const word = args[index];
  return {
    role,
    program,
    trigger: word === undefined ? '' : word.kind === 'literal' ? word.value : word.raw,
    index,
    value: word ?? null,
    ...(payload !== undefined ? { payload } : {}),
    note,
  };
}

/** Index (into the words) of the first operand, or -1. */
function firstOperand(reading: ArgReading): number {
  return reading.operandIndexes[0] ?? -1;
}

// ---------------------------------------------------------------------------------------------
// Tracers
// ---------------------------------------------------------------------------------------------

const STRACE_GRAMMAR: Grammar = {
  short: 'abeEIoOpPsSuUX',
  flags: 'AcCdDfFhikqrtTvVwxyYzZn',
  long: {
    ...valued(
      'abbrev', 'attach', 'columns', 'const-print-style', 'decode-pids', 'detach-on', 'env', 'fault', 'inject', 'interruptible',
      'kvm', 'output', 'raw', 'read', 'signals', 'status', 'string-limit', 'summary-columns', 'summary-sort-by',
      'summary-syscall-overhead', 'trace-path', 'trace', 'user', 'verbose', 'write', 'argv0', 'trace-fds', 'syscall-limit',
      'stack-trace-frame-limit',
    ),
    ...flagged(
      'debug', 'failed-only', 'follow-forks', 'help', 'instruction-pointer', 'no-abbrev', 'output-append-mode', 'output-separately',
      'pidns-translation', 'seccomp-bpf', 'stack-traces', 'successful-only', 'summary', 'summary-only', 'summary-wall-clock',
      'syscall-number', 'version', 'always-show-pid', 'kill-on-exit',
    ),
    'absolute-timestamps': 'optional',
    timestamps: 'optional',
    daemonize: 'optional',
    'decode-fds': 'optional',
    quiet: 'optional',
    silence: 'optional',
    silent: 'optional',
    'relative-timestamps': 'optional',
    'strings-in-hex': 'optional',
    'syscall-times': 'optional',
    tips: 'optional',
    secontext: 'optional',
  },
  stopAtOperand: true,
};

/** `strace -o |cmd` and `-o !cmd` pipe the trace into a shell command. */
const pipesTo = (v: string | null): boolean => v === null || v.startsWith('|') || v.startsWith('!');

const STRACE: ProgramRow = {
  names: ['strace'],
  category: 'debugger',
  what: 'a tracer that runs a command and prints the system calls it makes',
  grammar: STRACE_GRAMMAR,
  strict: true,
  wrapper: { peel: true, noCommand: ['p', 'attach', 'h', 'help', 'V', 'version'], note: 'strace runs the command that follows its options, tracing it' },
  options: [
    { role: 'writer', options: ['-o', '--output'], when: (v) => v === null || (!pipesTo(v) && v !== '/dev/null'), example: 'trace.log', note: '-o writes the trace to a file (one per process with -ff)' },
    { role: 'executor', options: ['-o', '--output'], when: pipesTo, payload: 'shell-text', payloadText: (v) => v.slice(1), example: '|sh', note: '-o |CMD pipes the trace into a shell command' },
    { role: 'destructive', options: ['-u', '--user'], example: 'root', note: '-u runs the traced command as another user' },
    { role: 'destructive', options: ['-e'], when: (v) => v === null || /^(inject|fault)=/.test(v), example: 'inject=unlinkat:retval=0', note: '-e inject= or fault= tampers with the system calls of the command' },
    { role: 'destructive', options: ['--inject', '--fault'], example: 'write:error=EIO', note: '--inject and --fault tamper with the system calls of the command' },
    { role: 'loader', options: ['-E', '--env'], when: envMayLoad, example: 'LD_PRELOAD=/tmp/x.so', note: '-E sets an environment variable of the traced command, which can make it load other code' },
  ],
  plain: ['-f ls -l', '-c ./build.sh', '-e trace=openat -f ./app --flag', '-ff -tt -s 200 ./app', '-p 1234', '--version'],
};

const LTRACE: ProgramRow = {
  names: ['ltrace'],
  category: 'debugger',
  what: 'a tracer that runs a command and prints the library calls it makes',
  grammar: {
    short: 'aADeFlnopsuxXw',
    flags: 'cfhiLrStTVbCg',
    long: { ...valued('align', 'config', 'debug', 'indent', 'library', 'output', 'where'), ...flagged('demangle', 'help', 'version', 'no-signals', 'no-plt') },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: true, noCommand: ['p', 'h', 'help', 'V', 'version'], note: 'ltrace runs the command that follows its options, tracing it' },
  options: [
    { role: 'writer', options: ['-o', '--output'], example: 'trace.log', note: '-o writes the trace to a file' },
    { role: 'destructive', options: ['-u'], example: 'root', note: '-u runs the traced command as another user' },
  ],
  plain: ['ls -l', '-c ./app', '-S -f ./app --flag', '-e malloc+free ./app', '-p 1234', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Namespaces, users, privileges and security contexts
// ---------------------------------------------------------------------------------------------

const NSENTER: ProgramRow = {
  names: ['nsenter'],
  category: 'container',
  what: 'runs a command inside the namespaces of another process',
  stdinCode: true,
  grammar: {
    short: 'tSGW',
    shortAttached: 'muinpCUTrw',
    flags: 'aFZhVec',
    long: {
      ...flagged('all', 'preserve-credentials', 'no-fork', 'follow-context', 'help', 'version', 'env', 'join-cgroup', 'user-parent', 'keep-caps'),
      ...valued('target', 'setuid', 'setgid', 'wdns'),
      mount: 'optional', uts: 'optional', ipc: 'optional', net: 'optional', pid: 'optional', cgroup: 'optional', user: 'optional', time: 'optional',
      root: 'optional', wd: 'optional',
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'V'], note: 'nsenter runs the command inside the namespaces of another process (its files, network, users); without one it starts a shell there' },
  // `-t 1 -m` from a container that shares the host's processes enters the host's own files.
  container: { command: 0, volumes: [], mounts: [], workdir: [], joins: { target: ['-t', '--target'], mount: ['-m', '--mount', '-a', '--all'] } },
  plain: ['--help', '--version'],
};

const UNSHARE: ProgramRow = {
  names: ['unshare'],
  category: 'container',
  what: 'runs a command in new namespaces (mount, network, user, pid…)',
  stdinCode: true,
  grammar: {
    short: 'RwSG',
    flags: 'fhVmuinpCTUrc',
    long: {
      ...flagged('fork', 'map-root-user', 'map-current-user', 'map-auto', 'keep-caps', 'help', 'version'),
      ...valued('map-user', 'map-group', 'map-users', 'map-groups', 'propagation', 'setgroups', 'root', 'wd', 'setuid', 'setgid', 'monotonic', 'boottime', 'load-interp'),
      mount: 'optional', uts: 'optional', ipc: 'optional', net: 'optional', pid: 'optional', user: 'optional', cgroup: 'optional', time: 'optional',
      'kill-child': 'optional', 'mount-proc': 'optional', 'mount-binfmt': 'optional',
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'V'], note: 'unshare runs the command in new namespaces, possibly as a mapped root user or in another root folder; without one it starts a shell' },
  plain: ['--help', '--version'],
};

const GOSU: ProgramRow = {
  names: ['gosu'],
  category: 'wrapper',
  what: 'runs a command as another user (a sudo for containers)',
  grammar: { flags: 'hv', long: flagged('help', 'version'), stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, skip: 1, noCommand: ['help', 'version'], note: 'gosu runs the command as the user it names' },
  plain: ['--help', '--version'],
};

const CHPST: ProgramRow = {
  names: ['chpst'],
  category: 'wrapper',
  what: 'runit: runs a command with another user, root folder, environment or limits',
  grammar: { short: 'uUbe/CnlLmdopfcrt', flags: 'vP012', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, note: 'chpst runs the command with the user, root folder, environment folder and limits its options set' },
  options: [{ role: 'loader', options: ['-e'], note: '-e sets the environment of the command from the files of a folder, which can make it load other code' }],
  plain: [''],
};

const SETPRIV: ProgramRow = {
  names: ['setpriv'],
  category: 'wrapper',
  what: 'runs a command with other user ids, groups, capabilities or security labels',
  grammar: {
    flags: 'dhV',
    long: {
      ...flagged('dump', 'nnp', 'no-new-privs', 'clear-groups', 'keep-groups', 'init-groups', 'reset-env', 'help', 'version'),
      ...valued(
        'ambient-caps', 'inh-caps', 'bounding-set', 'ruid', 'euid', 'rgid', 'egid', 'reuid', 'regid', 'groups', 'securebits', 'pdeathsig',
        'selinux-label', 'apparmor-profile', 'landlock-access', 'landlock-rule', 'ptracer',
      ),
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['d', 'dump', 'h', 'V'], note: 'setpriv runs the command with the user ids, groups and capabilities its options set' },
  plain: ['--dump', '-d', '--help'],
};

/** capsh: options are read in order; `--` and `-+` hand the rest to bash, `==` and `=+` re-run capsh. */
function readCapsh(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word.kind !== 'literal') continue;
    if (word.value !== '--' && word.value !== '-+') continue;
    const next = args[i + 1];
    if (next === undefined) {
      forms.push(form('capsh', 'executor', args, i, '`capsh --` starts an interactive bash'));
    } else if (textOf(next) === '-c' && args[i + 2] !== undefined) {
      forms.push(form('capsh', 'executor', args, i + 2, '`capsh -- -c TEXT` runs the shell text with bash', 'shell-text'));
    } else {
      forms.push(form('capsh', 'executor', args, i + 1, '`capsh -- ARGS` runs bash with these arguments (a script, or shell options)', 'program'));
    }
    break;
  }
  return forms;
}

const CAPSH: ProgramRow = {
  names: ['capsh'],
  category: 'system',
  what: 'libcap: shows and changes capabilities, then can run bash with them',
  grammar: {
    long: {
      ...Object.fromEntries(
        [
          'addamb', 'cap-uid', 'caps', 'chroot', 'decode', 'delamb', 'drop', 'explain', 'forkfor', 'gid', 'groups', 'has-a', 'has-b', 'has-i', 'has-p',
          'iab', 'inh', 'inmode', 'is-uid', 'is-gid', 'keep', 'killit', 'mode', 'secbits', 'shell', 'suggest', 'supports', 'uid', 'user',
        ].map((name) => [name, 'optional' as const]),
      ),
      ...flagged('current', 'has-ambient', 'has-no-new-privs', 'help', 'license', 'modes', 'no-new-privs', 'noamb', 'noenv', 'print', 'quiet', 'strict'),
    },
    flags: 'h',
    abbreviations: false,
  },
  strict: true,
  // No wrapper role: what follows `--` is bash's argv, not a command (see readCapsh).
  read: (args) => readCapsh(args),
  options: [{ role: 'executor', options: ['--shell'], example: '/bin/sh', payload: 'program', note: '--shell names the program `capsh --` runs instead of bash' }],
  plain: ['--print', '--decode=0000003fffffffff', '--current', '--supports=cap_net_admin', '--help'],
};

const AA_EXEC: ProgramRow = {
  names: ['aa-exec'],
  category: 'wrapper',
  what: 'AppArmor: runs a command under a named profile',
  grammar: { short: 'pn', flags: 'idvh', long: { profile: ['value', 'p'], namespace: ['value', 'n'], immediate: ['flag', 'i'], verbose: ['flag', 'v'], debug: ['flag', 'd'], help: ['flag', 'h'] }, stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'help'], note: 'aa-exec runs the command under the AppArmor profile it names' },
  plain: ['--help'],
};

/** runcon: without -c/-t/-u/-r/-l the first operand is a whole context and the command is the second. */
function readRuncon(args: readonly Word[], reading: ArgReading): Form[] {
  if (hasOption(reading, 'c', 't', 'u', 'r', 'l')) return [];
  const at = reading.operandIndexes[1];
  return at === undefined ? [] : [form('runcon', 'executor', args, at, 'runcon runs the command in the SELinux context given before it', 'shell-argv')];
}

const RUNCON: ProgramRow = {
  names: ['runcon'],
  category: 'wrapper',
  what: 'SELinux: runs a command in another security context',
  grammar: {
    short: 'turl',
    flags: 'c',
    long: { compute: ['flag', 'c'], type: ['value', 't'], user: ['value', 'u'], role: ['value', 'r'], range: ['value', 'l'], ...flagged('help', 'version') },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, note: 'runcon runs the command in another SELinux security context' },
  read: readRuncon,
  plain: ['', '--help', '--version'],
};

const SANDBOX_EXEC: ProgramRow = {
  names: ['sandbox-exec'],
  category: 'wrapper',
  what: 'macOS: runs a command under a Seatbelt sandbox profile',
  grammar: { short: 'fnpD', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, note: 'sandbox-exec runs the command under the sandbox profile it is given, which decides what it may touch' },
  plain: [''],
};

const FAKEROOT: ProgramRow = {
  names: ['fakeroot', 'fakeroot-sysv', 'fakeroot-tcp'],
  category: 'wrapper',
  what: 'runs a command that believes it is root (file owners are faked)',
  stdinCode: true,
  grammar: {
    short: 'lfisb',
    flags: 'uvh',
    long: { lib: ['value', 'l'], faked: ['value', 'f'], 'unknown-is-real': ['flag', 'u'], 'fd-base': ['value', 'b'], version: ['flag', 'v'], help: ['flag', 'h'] },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['v', 'h'], note: 'fakeroot runs the command with a preloaded library that fakes root ownership; without one it starts a shell' },
  options: [
    { role: 'loader', options: ['-l', '--lib'], example: '/tmp/lib.so', note: '-l preloads the library it names into the command' },
    { role: 'executor', options: ['-f', '--faked'], example: '/tmp/faked', payload: 'program', note: '--faked names the daemon program fakeroot starts' },
    { role: 'writer', options: ['-s'], example: 'state.save', note: '-s saves the faked ownership state to a file on exit' },
  ],
  plain: ['--version', '--help'],
};

// ---------------------------------------------------------------------------------------------
// Containers, sandboxes and services
// ---------------------------------------------------------------------------------------------

/** A systemd property that names a command to run. */
const execProperty = (v: string | null): boolean => v === null || /^Exec[A-Za-z]*=/.test(v);
/** The command line of an `ExecX=` property, without systemd's prefix characters. */
const execPropertyText = (v: string): string | null => {
  const eq = v.indexOf('=');
  return eq < 0 ? null : v.slice(eq + 1).replace(/^[-@:+!|]+/, '');
};

const SYSTEMD_RUN: ProgramRow = {
  names: ['systemd-run'],
  category: 'system',
  what: 'runs a command as a transient systemd service or scope',
  grammar: {
    short: 'HMEpuC',
    flags: 'hrtPqGdSv',
    long: {
      ...flagged(
        'help', 'version', 'no-ask-password', 'user', 'system', 'scope', 'slice-inherit', 'no-block', 'remain-after-exit', 'wait', 'send-sighup', 'same-dir',
        'pty', 'tty', 'pipe', 'quiet', 'collect', 'shell', 'on-timezone-change', 'on-clock-change', 'ignore-failure', 'empower', 'verbose',
      ),
      ...valued(
        'host', 'machine', 'unit', 'property', 'description', 'slice', 'service-type', 'uid', 'gid', 'nice', 'working-directory', 'setenv',
        'path-property', 'socket-property', 'on-active', 'on-boot', 'on-startup', 'on-unit-active', 'on-unit-inactive', 'on-calendar',
        'timer-property', 'expand-environment', 'job-mode', 'json', 'capsule', 'background', 'shell-prompt-prefix',
      ),
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'help', 'version'], note: 'systemd-run runs the command as a service of the system (or user) manager, possibly as root, later or on a remote host' },
  options: [
    { role: 'executor', options: ['-S', '--shell'], note: '-S starts an interactive shell as a service' },
    { role: 'executor', options: ['-p', '--property', '--timer-property', '--path-property', '--socket-property'], when: execProperty, payload: 'shell-text', payloadText: execPropertyText, example: 'ExecStartPre=/bin/sh -c id', note: 'an Exec…= property adds a command the service runs' },
    { role: 'listener', options: ['--socket-property'], when: (v) => v === null || /^Listen/.test(v), example: 'ListenStream=8080', note: '--socket-property=Listen… opens a socket that starts the service' },
    { role: 'network', options: ['-H', '--host'], example: 'admin@server', note: '-H runs the command on another machine over ssh' },
    { role: 'loader', options: ['-E', '--setenv'], when: envMayLoad, example: 'LD_PRELOAD=/tmp/x.so', note: '-E sets an environment variable of the command, which can make it load other code' },
  ],
  plain: ['--help', '--version'],
};

/** bubblewrap options and how many words each takes (it reads its own argv: no clusters, no abbreviations). */
const BWRAP_ARITY: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      'help', 'version', 'level-prefix', 'unshare-user', 'unshare-user-try', 'unshare-ipc', 'unshare-pid', 'unshare-net', 'unshare-uts', 'unshare-cgroup',
      'unshare-cgroup-try', 'unshare-all', 'share-net', 'disable-userns', 'assert-userns-disabled', 'clearenv', 'new-session', 'die-with-parent', 'as-pid-1',
    ].map((name) => [name, 0]),
  ),
  ...Object.fromEntries(
    [
      'args', 'argv0', 'userns', 'userns2', 'pidns', 'uid', 'gid', 'hostname', 'chdir', 'unsetenv', 'lock-file', 'sync-fd', 'perms', 'size',
      'remount-ro', 'overlay-src', 'tmp-overlay', 'ro-overlay', 'exec-label', 'file-label', 'proc', 'dev', 'tmpfs', 'mqueue', 'dir', 'seccomp',
      'add-seccomp-fd', 'block-fd', 'userns-block-fd', 'info-fd', 'json-status-fd', 'cap-add', 'cap-drop',
    ].map((name) => [name, 1]),
  ),
  ...Object.fromEntries(
    [
      'setenv', 'bind', 'bind-try', 'dev-bind', 'dev-bind-try', 'ro-bind', 'ro-bind-try', 'bind-fd', 'ro-bind-fd', 'file', 'bind-data', 'ro-bind-data',
      'symlink', 'chmod',
    ].map((name) => [name, 2]),
  ),
  overlay: 3,
};

/** bwrap: options take up to three words, which the one option reader cannot say; find the command here. */
function readBwrap(args: readonly Word[], reading: ArgReading): Form[] {
  let i = 0;
  while (i < args.length) {
    const word = args[i]!;
    if (word.kind !== 'literal') throw new Error('a word only known at run time where an option or the command may stand');
    if (word.value === '--') {
      i++;
      break;
    }
    if (!word.value.startsWith('--')) break;
    const name = word.value.slice(2);
    if (name === 'args') throw new Error('--args reads more options from a file descriptor');
    const arity = BWRAP_ARITY[name];
    if (arity === undefined) throw new Error(`${word.value}: an option the gate does not know`);
    i += 1 + arity;
  }
  if (i >= args.length || i === firstOperand(reading)) return [];
  return [form('bwrap', 'executor', args, i, 'bwrap runs the command in the sandbox its options build', 'shell-argv')];
}

const BWRAP: ProgramRow = {
  names: ['bwrap'],
  category: 'container',
  what: 'bubblewrap: runs a command in a sandbox of new namespaces and bind mounts',
  grammar: {
    long: Object.fromEntries(Object.entries(BWRAP_ARITY).map(([name, n]) => [name, n === 0 ? 'flag' : 'value'] as const)),
    abbreviations: false,
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, note: 'bwrap runs the command in the sandbox its options build (its own root, mounts and users)' },
  read: readBwrap,
  plain: ['--help', '--version'],
};

const FIREJAIL: ProgramRow = {
  names: ['firejail'],
  category: 'container',
  what: 'runs a command in a Firejail sandbox',
  stdinCode: true,
  // firejail reads its own argv: every value is attached with `=`, so an option it does not know
  // cannot move where the command starts; the row is not strict.
  grammar: {
    long: {
      ...Object.fromEntries(['output', 'output-stderr', 'shell', 'env', 'join', 'put', 'get', 'shutdown', 'profile', 'private', 'net', 'dns', 'name'].map((n) => [n, 'optional' as const])),
      ...flagged('help', 'version', 'list', 'tree', 'top', 'noprofile', 'debug', 'quiet', 'allusers', 'trace'),
    },
    flags: 'ch',
    abbreviations: false,
    stopAtOperand: true,
  },
  wrapper: { peel: false, noCommand: ['help', 'version', 'list', 'tree', 'top'], note: 'firejail runs the command in a sandbox its profile and options build; without one it starts a shell there' },
  options: [
    { role: 'writer', options: ['--output', '--output-stderr'], example: 'log.txt', note: '--output writes what the command prints to a log file' },
    { role: 'executor', options: ['--shell'], example: '/bin/sh', payload: 'program', note: '--shell names the shell firejail starts the command with' },
    { role: 'loader', options: ['--env'], when: envMayLoad, example: 'LD_PRELOAD=/tmp/x.so', note: '--env sets an environment variable in the sandbox, which can make the command load other code' },
    { role: 'writer', options: ['--put', '--get'], note: '--put and --get copy files into or out of a running sandbox' },
    { role: 'destructive', options: ['--shutdown'], note: '--shutdown stops a running sandbox and everything in it' },
  ],
  plain: ['--list', '--tree', '--version', '--help'],
};

/**
 * PRoot runs a command in a guest root (`-r DIR`) through ptrace, as the calling user: `-b SRC[:DST]`
 * (`-m`, `--bind`, `--mount`) maps a host path in, DST defaulting to SRC, so a path of the command
 * below a bind is the host's (D§5, docs/decisions.md "Runners that map the host in, by their rows").
 * `-R DIR` also binds the host's usual folders (the home among them): left to a later row change.
 */
const PROOT: ProgramRow = {
  names: ['proot'],
  category: 'container',
  what: 'runs a command in another root folder with host paths bound in, without privileges (PRoot)',
  grammar: {
    short: 'rRSbmqwkvi',
    flags: 'hV0',
    long: {
      ...flagged('help', 'version', 'root-id', 'link2symlink', 'kill-on-exit', 'ashmem-memfd', 'sysvipc'),
      ...valued('rootfs', 'bind', 'mount', 'qemu', 'pwd', 'cwd', 'kernel-release', 'verbose', 'change-id'),
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'help', 'V', 'version'], note: 'proot runs the command with another root folder and the bound host paths' },
  container: { command: 0, volumes: [], mounts: [], workdir: ['-w', '--pwd', '--cwd'], binds: ['-b', '--bind', '-m', '--mount'], rootOption: ['-r', '--rootfs', '-R', '-S'] },
  plain: ['--help', '-V'],
};

const SYSTEMD_NSPAWN: ProgramRow = {
  names: ['systemd-nspawn'],
  category: 'container',
  what: 'runs a command or boots an OS tree in a light container',
  stdinCode: true,
  grammar: {
    short: 'DuLMSZipE',
    flags: 'hVabjqxnUP',
    long: {
      ...flagged(
        'help', 'version', 'ephemeral', 'read-only', 'boot', 'keep-unit', 'private-network', 'network-veth', 'as-pid2', 'pipe', 'quiet', 'no-pager',
        'share-system',
      ),
      ...valued(
        'directory', 'template', 'image', 'image-policy', 'oci-bundle', 'chdir', 'pivot-root', 'user', 'machine', 'hostname', 'uuid', 'slice', 'property',
        'register', 'private-users-ownership', 'network-interface', 'network-macvlan', 'network-ipvlan', 'network-veth-extra', 'network-bridge',
        'network-zone', 'network-namespace-path', 'port', 'selinux-context', 'selinux-apifs-context', 'capability', 'drop-capability',
        'ambient-capability', 'system-call-filter', 'rlimit', 'oom-score-adjust', 'cpu-affinity', 'kill-signal', 'suppress-sync', 'personality',
        'bind', 'bind-ro', 'inaccessible', 'tmpfs', 'overlay', 'overlay-ro', 'setenv', 'load-credential', 'set-credential', 'console', 'settings',
        'link-journal', 'resolv-conf', 'timezone', 'bind-user', 'background', 'no-new-privileges', 'notify-ready', 'root-hash', 'root-hash-sig',
        'verity-data',
      ),
      'private-users': 'optional',
      'private-users-chown': 'optional',
      volatile: 'optional',
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'help', 'V', 'version'], note: 'systemd-nspawn runs the command inside a container built from a folder or an image, as root there by default' },
  // The folder of -D is the container's root; --bind maps host folders in (`--bind-ro` cannot change them).
  container: { command: 0, volumes: [], mounts: [], workdir: ['--chdir'], binds: ['--bind'], rootOption: ['-D', '--directory'] },
  options: [{ role: 'listener', options: ['-p', '--port'], example: '8080:80', note: '-p forwards a port of the host into the container' }],
  plain: ['--help', '--version'],
};

/**
 * arch-nspawn reads (and sources) the working folder's `etc/makepkg.conf` and `etc/pacman.conf`;
 * the words after the folder are systemd-nspawn's, its options first, then the command.
 */
function readArchNspawn(args: readonly Word[], reading: ArgReading): Form[] {
  const at = firstOperand(reading);
  if (at < 0) return [];
  const forms = [form('arch-nspawn', 'loader', args, at, 'arch-nspawn sources the makepkg.conf of the folder it is given, which is shell code')];
  const nspawn = readArgs(args, SYSTEMD_NSPAWN.grammar!, at + 1);
  const command = nspawn.operandIndexes[0];
  if (command !== undefined && command !== at + 1) {
    forms.push(form('arch-nspawn', 'executor', args, command, 'arch-nspawn runs the command inside the chroot folder it is given, as root there', 'shell-argv'));
  }
  return forms;
}

const ARCH_NSPAWN: ProgramRow = {
  names: ['arch-nspawn'],
  category: 'container',
  what: 'Arch devtools: runs a command in a build chroot with systemd-nspawn',
  grammar: { short: 'CMcf', flags: 'hs', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, skip: 1, noCommand: ['h'], note: 'arch-nspawn runs the command inside the chroot folder it is given, as root there' },
  read: readArchNspawn,
  options: [
    { role: 'loader', options: ['-M'], example: 'makepkg.conf', note: '-M names a makepkg.conf, which is sourced as shell code' },
    { role: 'loader', options: ['-C'], example: 'pacman.conf', note: '-C names a pacman.conf, which can name commands pacman runs' },
    { role: 'writer', options: ['-f'], example: 'file:/etc/file', note: '-f copies a file into the chroot' },
  ],
  plain: ['-h'],
};

const GENIE: ProgramRow = {
  names: ['genie'],
  category: 'wrapper',
  what: 'WSL: runs commands inside a bottle where systemd is running',
  // -c takes no value: the words after it are the command (genie 2 reads its argv with argparse).
  grammar: {
    short: 'a',
    flags: 'islcubrvh',
    long: {
      initialize: ['flag', 'i'], shell: ['flag', 's'], login: ['flag', 'l'], command: ['flag', 'c'], shutdown: ['flag', 'u'], 'is-running': ['flag', 'r'],
      'is-in-bottle': ['flag', 'b'], verbose: ['flag', 'v'], help: ['flag', 'h'], version: 'flag', 'as-user': ['value', 'a'],
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, note: 'genie -c runs the command that follows inside the systemd bottle' },
  options: [
    { role: 'executor', options: ['-s', '--shell', '-l', '--login'], note: '-s and -l start a shell inside the systemd bottle' },
    { role: 'destructive', options: ['-u', '--shutdown'], note: '-u shuts down systemd in the bottle and everything it runs' },
  ],
  plain: ['-r', '--is-running', '-b', '--version'],
};

const START_STOP_DAEMON_GRAMMAR: Grammar = {
  short: 'acdgIknNOpPrRsux',
  flags: 'HKSVTbCmotqv',
  long: {
    start: ['flag', 'S'], stop: ['flag', 'K'], status: ['flag', 'T'], help: ['flag', 'H'], version: ['flag', 'V'],
    pidfile: ['value', 'p'], exec: ['value', 'x'], name: ['value', 'n'], user: ['value', 'u'], group: ['value', 'g'], chuid: ['value', 'c'],
    signal: ['value', 's'], startas: ['value', 'a'], chroot: ['value', 'r'], chdir: ['value', 'd'], nicelevel: ['value', 'N'],
    procsched: ['value', 'P'], iosched: ['value', 'I'], umask: ['value', 'k'], background: ['flag', 'b'], 'no-close': ['flag', 'C'],
    output: ['value', 'O'], 'make-pidfile': ['flag', 'm'], retry: ['value', 'R'], test: ['flag', 't'], oknodo: ['flag', 'o'],
    quiet: ['flag', 'q'], verbose: ['flag', 'v'],
    ...valued('pid', 'ppid', 'notify-timeout'),
    ...flagged('notify-await', 'remove-pidfile', 'close-fds'),
  },
};

/**
 * start-stop-daemon names the program with -x/-a; only --start runs it (--stop and --status only
 * match it), with the words after `--` as its arguments: the form's payload is that command line,
 * which the floors read like any other (`--start --exec /bin/rm -- -rf /`).
 */
function readStartStopDaemon(args: readonly Word[], reading: ArgReading): Form[] {
  const forms: Form[] = [];
  if (hasOption(reading, 'S')) {
    const startas = reading.options.filter((o) => o.key === 'a');
    const run = startas.length > 0 ? startas : reading.options.filter((o) => o.key === 'x');
    const after = reading.endOfOptions >= 0 ? args.slice(reading.endOfOptions + 1) : [];
    for (const option of run) {
      const started = form('start-stop-daemon', 'executor', args, option.valueIndex ?? option.index, '--start runs the program named by -x/--exec (or -a/--startas) as a daemon, with the words after --', 'shell-text');
      forms.push(option.value === null ? started : { ...started, value: option.value, payloadText: commandText([option.value, ...after]) });
    }
  }
  if (hasOption(reading, 'm')) {
    for (const option of reading.options.filter((o) => o.key === 'p')) {
      forms.push(form('start-stop-daemon', 'writer', args, option.valueIndex ?? option.index, '--make-pidfile writes the pid file named by -p'));
    }
  }
  return forms;
}

const START_STOP_DAEMON: ProgramRow = {
  names: ['start-stop-daemon'],
  category: 'system',
  what: 'Debian: starts, stops or checks a daemon process',
  // The program it runs is an option value (-x, -a), not an operand: no wrapper role; the words
  // after `--` are that program's arguments.
  grammar: START_STOP_DAEMON_GRAMMAR,
  read: readStartStopDaemon,
  options: [
    { role: 'destructive', options: ['-K', '--stop'], note: '--stop sends a signal to every process that matches' },
    { role: 'writer', options: ['-O', '--output'], example: 'daemon.log', note: '--output sends the daemon output to a file' },
  ],
  plain: ['--status --pidfile /run/app.pid', '-T -x /usr/sbin/sshd', '--version', '--help'],
};

const DAEMONIZE: ProgramRow = {
  names: ['daemonize'],
  category: 'wrapper',
  what: 'runs a command as a detached background daemon',
  grammar: { short: 'ceEolpu', flags: 'av', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, note: 'daemonize runs the command detached in the background, possibly as another user and in another folder' },
  options: [
    { role: 'writer', options: ['-o', '-e'], example: 'out.log', note: '-o and -e send the daemon output to files' },
    { role: 'writer', options: ['-p', '-l'], example: 'app.pid', note: '-p and -l write a pid file and a lock file' },
    { role: 'loader', options: ['-E'], when: envMayLoad, example: 'LD_PRELOAD=/tmp/x.so', note: '-E sets an environment variable of the daemon, which can make it load other code' },
  ],
  plain: [''],
};

// ---------------------------------------------------------------------------------------------
// Terminal multiplexers
// ---------------------------------------------------------------------------------------------

/** Environment for a new session or window (`-e NAME=value`). */
const TMUX_ENV: OptionRole = { role: 'loader', options: ['-e'], when: envMayLoad, example: 'LD_PRELOAD=/tmp/x.so', note: '-e sets an environment variable of the new shell, which can make it load other code' };

function tmuxWrapper(program: string, what: string, grammar: Grammar): Command {
  return {
    grammar: { ...grammar, stopAtOperand: true },
    strict: true,
    wrapper: { peel: false, note: `${what} runs the command (shell text when it is one word) in a new ${program} pane that outlives the call` },
    options: [TMUX_ENV],
    read: (args, reading) => {
      // One word is handed to the default shell as text.
      if (reading.operands.length !== 1) return [];
      return [form(program, 'executor', args, reading.operandIndexes[0]!, `${what} hands a one-word command to the shell as text`, 'shell-text')];
    },
  };
}

/** The tmux commands that start a command in a new pane, by every name they go by. */
function tmuxWrappers(program: string): Record<string, Command> {
  const newSession: Command = { ...tmuxWrapper(program, 'new-session', { short: 'cefFnstxy', flags: 'AdDEPX' }), plain: ['-d -s work', '-A -s main -d'] };
  const newWindow: Command = { ...tmuxWrapper(program, 'new-window', { short: 'cenFt', flags: 'abdkPS' }), plain: ['-d -n logs'] };
  const splitWindow: Command = { ...tmuxWrapper(program, 'split-window', { short: 'celtF', flags: 'bdfhIvPZ' }), plain: ['-h -d'] };
  const respawn: Command = { ...tmuxWrapper(program, 'respawn', { short: 'cet', flags: 'k' }), plain: ['-k -t work:1'] };
  const popup: Command = tmuxWrapper(program, 'display-popup', { short: 'bcdehsSTtwxy', flags: 'BCEk' });
  return {
    'new-session': newSession, new: newSession,
    'new-window': newWindow, neww: newWindow,
    'split-window': splitWindow, splitw: splitWindow,
    'respawn-pane': respawn, respawnp: respawn, 'respawn-window': respawn, respawnw: respawn,
    'display-popup': popup, popup,
  };
}

/** Text typed into a terminal usually ends with Enter, written `\n`, `\r` or `^M`: the shell runs what comes before. */
function stripTypedEnter(text: string): string {
  return text.replace(/(\\n|\\r|\^M|\n|\r)+$/, '');
}

const shellTextOperand = (note: string): OperandRole => ({ role: 'executor', operand: 0, payload: 'shell-text', example: 'rm -rf build', note });

const TMUX_RUN_SHELL: Command = {
  grammar: { short: 'cdt', flags: 'bC', stopAtOperand: true },
  operands: [shellTextOperand('run-shell runs shell text in the background of the tmux server')],
  plain: [],
};
const TMUX_IF_SHELL: Command = {
  grammar: { short: 't', flags: 'bF', stopAtOperand: true },
  operands: [
    shellTextOperand('if-shell runs shell text to decide which tmux command follows'),
    { role: 'executor', operand: 'all-but-first', example: 'run-shell x', note: 'if-shell then runs the tmux command given, which can run shell text too' },
  ],
};
const TMUX_SEND_KEYS: Command = {
  grammar: { short: 'Nt', flags: 'FHKlMRX', stopAtOperand: true },
  operands: [{ role: 'executor', operand: 'every', payload: 'shell-text', payloadText: stripTypedEnter, example: 'rm -rf build', note: 'send-keys types the text into a pane, where its shell runs it' }],
};
const TMUX_PIPE_PANE: Command = {
  grammar: { short: 't', flags: 'IOo', stopAtOperand: true },
  operands: [shellTextOperand('pipe-pane pipes the pane through a shell command')],
  plain: ['-t work'],
};
const TMUX_SOURCE: Command = {
  grammar: { flags: 'Fnqv', stopAtOperand: true },
  operands: [{ role: 'loader', operand: 'every', example: 'conf.tmux', note: 'source-file reads tmux commands from a file, which can run shell text' }],
};
const TMUX_SET_OPTION: Command = {
  grammar: { short: 't', flags: 'aFgopqsuUw', stopAtOperand: true },
  operands: [
    {
      role: 'executor',
      operand: 0,
      when: (v) => v === null || /^(default-command|default-shell|lock-command|editor|copy-command)$/.test(v),
      example: 'default-command',
      note: 'setting default-command, default-shell, lock-command or editor names a command tmux runs later',
    },
  ],
  plain: ['-g mouse on', '-g history-limit 50000'],
};
const TMUX_SAVE_BUFFER: Command = {
  grammar: { short: 'b', flags: 'a', stopAtOperand: true },
  operands: [{ role: 'writer', operand: 0, example: 'out.txt', note: 'save-buffer writes a paste buffer to a file' }],
};
const TMUX_BIND: Command = { role: { role: 'executor', note: 'bind-key ties a key to a tmux command, which can run shell text when the key is pressed' } };
const TMUX_CONFIRM: Command = { role: { role: 'executor', note: 'confirm-before runs a tmux command (which can run shell text) once someone answers y' } };
const TMUX_PROMPT: Command = { role: { role: 'executor', note: 'command-prompt runs the tmux command typed at its prompt' } };
const TMUX_SETENV: Command = {
  grammar: { short: 't', flags: 'FghruU', stopAtOperand: true },
  operands: [{ role: 'loader', operand: 0, when: (v) => v === null || !HARMLESS_ENV.has(v), example: 'LD_PRELOAD', note: 'set-environment sets a variable for the shells of new panes, which can make them load other code' }],
  plain: ['-g TZ UTC'],
};
const killRole = (what: string): Command => ({ grammar: { short: 't', flags: 'aC', stopAtOperand: true }, role: { role: 'destructive', note: `${what} ends the processes running in it` } });
/** A tmux command that only reads or moves things; its grammar is loose (no roles hang on it). */
const PLAIN_TMUX: Command = { grammar: { short: 'tcFfsnbST', flags: 'aAdDeEhjJNpPqQrRvxXZ', stopAtOperand: true } };

const TMUX_SUBCOMMANDS: Readonly<Record<string, Command>> = {
  ...tmuxWrappers('tmux'),
  'run-shell': TMUX_RUN_SHELL, run: TMUX_RUN_SHELL,
  'if-shell': TMUX_IF_SHELL, if: TMUX_IF_SHELL,
  'send-keys': TMUX_SEND_KEYS, send: TMUX_SEND_KEYS,
  'pipe-pane': TMUX_PIPE_PANE, pipep: TMUX_PIPE_PANE,
  'source-file': TMUX_SOURCE, source: TMUX_SOURCE,
  'set-option': TMUX_SET_OPTION, set: TMUX_SET_OPTION, 'set-window-option': TMUX_SET_OPTION, setw: TMUX_SET_OPTION,
  'set-hook': { role: { role: 'executor', note: 'set-hook runs a tmux command (which can run shell text) on an event' } },
  'bind-key': TMUX_BIND, bind: TMUX_BIND,
  'confirm-before': TMUX_CONFIRM, confirm: TMUX_CONFIRM,
  'command-prompt': TMUX_PROMPT,
  'set-environment': TMUX_SETENV, setenv: TMUX_SETENV,
  'load-buffer': PLAIN_TMUX, loadb: PLAIN_TMUX,
  'save-buffer': TMUX_SAVE_BUFFER, saveb: TMUX_SAVE_BUFFER,
  'kill-server': { role: { role: 'destructive', note: 'kill-server ends every session and the programs running in them' } },
  'kill-session': killRole('kill-session'),
  'kill-window': killRole('kill-window'), killw: killRole('kill-window'),
  'kill-pane': killRole('kill-pane'), killp: killRole('kill-pane'),
  ...Object.fromEntries(
    [
      'list-sessions', 'ls', 'has-session', 'has', 'attach-session', 'attach', 'a', 'at', 'list-windows', 'lsw', 'list-panes', 'lsp', 'capture-pane',
      'capturep', 'display-message', 'display', 'detach-client', 'detach', 'list-keys', 'lsk', 'show-options', 'show', 'show-buffer', 'showb',
      'list-clients', 'lsc', 'select-window', 'selectw', 'select-pane', 'selectp', 'rename-window', 'renamew', 'rename-session', 'rename',
      'resize-pane', 'resizep', 'wait-for', 'wait', 'start-server', 'start', 'list-buffers', 'lsb', 'show-environment', 'showenv', 'info',
      'list-commands', 'lscm', 'switch-client', 'switchc', 'refresh-client', 'refresh', 'show-messages', 'showmsgs',
    ].map((name) => [name, PLAIN_TMUX]),
  ),
};

/** Full names of the tmux commands that run, load or end something: an abbreviation of one is a form too. */
const TMUX_ACTIVE = [
  'new-session', 'new-window', 'split-window', 'respawn-pane', 'respawn-window', 'run-shell', 'if-shell', 'send-keys', 'pipe-pane', 'display-popup',
  'source-file', 'set-option', 'set-window-option', 'set-hook', 'save-buffer', 'kill-server', 'kill-session', 'kill-window', 'kill-pane', 'bind-key',
  'confirm-before', 'command-prompt', 'set-environment', 'load-buffer',
];

/** tmux: a `;` word chains another command, and any unique prefix of a command name is that command. */
function readTmux(program: string) {
  return (args: readonly Word[], reading: ArgReading): Form[] => {
    const at = firstOperand(reading);
    if (at < 0) return [];
    for (let i = at; i < args.length; i++) {
      const text = args[i]!.kind === 'literal' ? (args[i] as { value: string }).value : args[i]!.raw;
      if (text === ';' || (text.endsWith(';') && text.length > 1)) throw new Error(`${program} runs several commands chained with ;`);
    }
    const name = textOf(args[at]);
    if (name === null || Object.prototype.hasOwnProperty.call(TMUX_SUBCOMMANDS, name)) return [];
    if (TMUX_ACTIVE.some((full) => full.startsWith(name))) throw new Error(`${program} ${name}: a command name the gate does not read (tmux takes any unique prefix)`);
    return [];
  };
}

const TMUX_GRAMMAR: Grammar = { short: 'cfLST', flags: '2CDhlNquUvV', stopAtOperand: true };

/** GTFOBins: `tmux -S SOCKET` reaches the sessions of whichever server owns the socket (tmux < 3.3). */
const TMUX_SOCKET: OptionRole = { role: 'executor', options: ['-S'], example: '/tmp/tmux-0/default', note: '-S talks to the tmux server behind that socket, whose shells may belong to another user' };

const TMUX_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['-c'], payload: 'shell-text', example: 'rm -rf build', note: '-c runs shell text with the default shell, as a login shell would' },
  { role: 'loader', options: ['-f'], when: (v) => v !== '/dev/null', example: 'my.conf', note: '-f loads a configuration file, whose commands can run shell text' },
  { role: 'executor', options: ['-C'], note: '-C reads tmux commands (which can run shell text) from standard input' },
];

const TMUX: ProgramRow = {
  names: ['tmux'],
  category: 'misc',
  what: 'terminal multiplexer: sessions, windows and panes that keep running',
  grammar: TMUX_GRAMMAR,
  strict: true,
  options: [...TMUX_OPTIONS, TMUX_SOCKET],
  read: readTmux('tmux'),
  subcommands: TMUX_SUBCOMMANDS,
  plain: ['ls', 'list-sessions', 'has-session -t work', 'capture-pane -p -t work', '-V', 'display-message -p "#S"'],
};

const TMATE_WRAPPERS = tmuxWrappers('tmate');
const TMATE_NEW_SESSION: Command = { ...TMATE_WRAPPERS['new-session']!, role: { role: 'listener', note: 'a new tmate session is shared with whoever gets its ssh or web address' }, plain: [] };

const TMATE: ProgramRow = {
  names: ['tmate'],
  category: 'network',
  what: 'a tmux fork that shares the terminal session over the network (tmate.io)',
  grammar: { short: 'cfLSTkrna', flags: '2CDhlNquUvVF', stopAtOperand: true },
  strict: true,
  options: TMUX_OPTIONS,
  read: (args, reading) => {
    const forms = [...readTmux('tmate')(args, reading)];
    // Without a command tmate starts a new session, shared like any other.
    if (reading.operands.length === 0 && !hasOption(reading, 'V', 'h')) {
      forms.push({ role: 'listener', program: 'tmate', trigger: 'tmate', index: -1, value: null, note: 'tmate without a command starts a session shared over the network' });
    }
    return forms;
  },
  subcommands: { ...TMUX_SUBCOMMANDS, ...TMATE_WRAPPERS, 'new-session': TMATE_NEW_SESSION, new: TMATE_NEW_SESSION },
  plain: ['-V', 'ls', 'display -p "#{tmate_ssh}"', '-S /tmp/tmate.sock wait tmate-ready'],
};

/**
 * screen -X sends the operands to a running session as a screen command: `stuff TEXT` types the
 * text into a window, `exec`/`screen` start a program. -s names the shell (`-ls`, `-list` only list).
 */
function readScreen(args: readonly Word[], reading: ArgReading): Form[] {
  const forms: Form[] = [];
  const at = firstOperand(reading);
  const before = at < 0 ? args : args.slice(0, at);
  // -X is a flag; look at the words themselves too, in case a letter taking a session name ate it.
  const sends = hasOption(reading, 'X') || before.some((w) => /^-[A-Za-z]*X[A-Za-z]*$/.test(textOf(w) ?? ''));
  if (sends && at >= 0) {
    const command = textOf(args[at]);
    const next = reading.operandIndexes[1];
    if (next !== undefined && command === 'stuff') {
      const typed = form('screen', 'executor', args, next, '`screen -X stuff TEXT` types the text into a window, where its shell runs it', 'shell-text');
      const text = textOf(args[next]);
      forms.push(text === null ? typed : { ...typed, payloadText: stripTypedEnter(text) });
    } else if (next !== undefined && (command === 'exec' || command === 'screen')) {
      forms.push(form('screen', 'executor', args, next, '`screen -X exec` and `-X screen` start a program in the session', 'shell-argv'));
    }
  }
  for (const option of reading.options) {
    const spelled = textOf(args[option.index]);
    if (option.key === 's' && spelled !== '-ls' && spelled !== '-list' && option.value !== null) {
      forms.push(form('screen', 'executor', args, option.valueIndex ?? option.index, '-s names the shell screen starts in new windows', 'program'));
    }
  }
  return forms;
}

const SCREEN: ProgramRow = {
  names: ['screen'],
  category: 'misc',
  what: 'GNU screen: terminal multiplexer with sessions that keep running',
  // screen reads its own argv: `-r`, `-R`, `-x` take the next word as a session name unless it
  // starts with `-` (read here as valued letters); `-ls`, `-list`, `-wipe`, `-Logfile F` are whole
  // words the reader sees as clusters (their letters are listed as flags so that they read;
  // `-Logfile` is `-L` with `-e` taking the file). `-X` is a flag: the operands are then a screen
  // command, not a program.
  grammar: { short: 'cehpsStTrRx', flags: 'aAdDfiLlmnOqQUvwXog', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, note: 'screen runs the command in a new screen window that can outlive the call' },
  read: readScreen,
  options: [
    { role: 'writer', options: ['-L'], note: '-L logs the window output to a file (screenlog.N, or the file after -Logfile)' },
    { role: 'loader', options: ['-c'], example: 'my.screenrc', note: '-c loads a screenrc, whose commands can run programs' },
    { role: 'executor', options: ['-X'], note: '-X sends the words that follow as a screen command (stuff, exec, screen…) to a running session' },
  ],
  plain: ['-r work', '-d -r work', '-x work', '-v'],
};

// ---------------------------------------------------------------------------------------------
// Limits, priority, timing and architecture (they peel)
// ---------------------------------------------------------------------------------------------

const CPULIMIT: ProgramRow = {
  names: ['cpulimit'],
  category: 'wrapper',
  what: 'limits the CPU use of a process or of a command it starts',
  grammar: {
    short: 'pePlcs',
    flags: 'vzihbfkmqrV',
    long: {
      pid: ['value', 'p'], exe: ['value', 'e'], path: ['value', 'P'], limit: ['value', 'l'], cpu: ['value', 'c'], signal: ['value', 's'],
      verbose: ['flag', 'v'], lazy: ['flag', 'z'], 'include-children': ['flag', 'i'], help: ['flag', 'h'], background: ['flag', 'b'],
      foreground: ['flag', 'f'], kill: ['flag', 'k'], 'monitor-forks': ['flag', 'm'], quiet: ['flag', 'q'], restore: ['flag', 'r'], version: ['flag', 'V'],
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: true, noCommand: ['p', 'e', 'P', 'h'], note: 'cpulimit runs the command and throttles its CPU use' },
  options: [{ role: 'destructive', options: ['-k', '--kill'], note: '-k kills the process instead of throttling it' }],
  plain: ['-l 50 -- ./build.sh', '-l 25 -p 1234', '-l 50 -e ffmpeg', '--help'],
};

const SOFTLIMIT: ProgramRow = {
  names: ['softlimit'],
  category: 'wrapper',
  what: 'daemontools: runs a command with lowered resource limits',
  grammar: { short: 'mdslaopfcrt', stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, note: 'softlimit runs the command with the resource limits its options set' },
  plain: ['-m 1000000 ./app', '-t 60 ./build.sh'],
};

const SETLOCK: ProgramRow = {
  names: ['setlock'],
  category: 'wrapper',
  what: 'daemontools: runs a command while holding a lock on a file',
  grammar: { flags: 'nNxX', stopAtOperand: true },
  strict: true,
  // The lock file is created when missing: that is the program's job.
  wrapper: { peel: true, skip: 1, note: 'setlock runs the command once it holds the lock file' },
  plain: ['/tmp/build.lock ./build.sh', '-n app.lock ./app'],
};

const MULTITIME: ProgramRow = {
  names: ['multitime'],
  category: 'wrapper',
  what: 'runs a command several times and prints timing statistics',
  grammar: { short: 'bcfIinors', flags: 'hlpqv', stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, note: 'multitime runs the command several times, timing it' },
  options: [
    { role: 'executor', options: ['-i', '-r', '-o'], payload: 'shell-text', example: 'rm -rf build', note: '-i, -r and -o run shell text before or beside each run' },
    { role: 'loader', options: ['-b'], example: 'bench.txt', note: '-b runs every command listed in a batch file (with their own -i, -o, -r)' },
  ],
  plain: ['-n 10 ./bench', '-n 5 -q ./app --fast', '-s 1 -n 3 ./build.sh'],
};

const NUMACTL: ProgramRow = {
  names: ['numactl'],
  category: 'wrapper',
  what: 'runs a command with a NUMA CPU and memory placement policy',
  grammar: {
    short: 'icNCmpPSfoLMIw',
    flags: 'asldDHtTuVbh',
    long: {
      all: ['flag', 'a'], interleave: ['value', 'i'], preferred: ['value', 'p'], 'preferred-many': ['value', 'P'], cpubind: ['value', 'c'],
      cpunodebind: ['value', 'N'], physcpubind: ['value', 'C'], membind: ['value', 'm'], show: ['flag', 's'], localalloc: ['flag', 'l'],
      hardware: ['flag', 'H'], shm: ['value', 'S'], file: ['value', 'f'], offset: ['value', 'o'], length: ['value', 'L'], strict: ['flag', 't'],
      shmmode: ['value', 'M'], dump: ['flag', 'd'], 'dump-nodes': ['flag', 'D'], shmid: ['value', 'I'], huge: ['flag', 'u'], touch: ['flag', 'T'],
      verify: ['flag', 'V'], version: 'flag', balancing: ['flag', 'b'], 'cpu-compress': 'flag',
      'weighted-interleave': ['value', 'w'], help: ['flag', 'h'],
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: true, noCommand: ['s', 'H', 'version', 'S', 'f', 'I'], note: 'numactl runs the command with the CPU and memory placement its options set' },
  options: [
    { role: 'destructive', options: ['-S', '--shm', '-I', '--shmid'], example: '/tmp/key', note: '--shm sets a lasting memory policy on a shared memory segment, creating it when missing' },
    { role: 'writer', options: ['-f', '--file'], example: '/dev/shm/file', note: '--file sets a lasting memory policy on a tmpfs file, creating or growing it' },
  ],
  plain: ['--hardware', '--show', '--cpunodebind=0 --membind=0 ./app', '-N 0 -m 0 ./bench --fast', '--interleave=all ./db'],
};

/** prlimit's resources: long name and short letter (values are optional and attached). */
const PRLIMIT_RESOURCES: Readonly<Record<string, string>> = {
  core: 'c', data: 'd', nice: 'e', fsize: 'f', sigpending: 'i', memlock: 'l', rss: 'm', nofile: 'n', msgqueue: 'q', rtprio: 'r', stack: 's', cpu: 't',
  nproc: 'u', as: 'v', locks: 'x', rttime: 'y',
};

/** prlimit -p PID with a new limit changes the limits of a running process. */
function readPrlimit(args: readonly Word[], reading: ArgReading): Form[] {
  const pid = reading.options.find((o) => o.key === 'p');
  const letters = Object.values(PRLIMIT_RESOURCES);
  const sets = reading.options.some((o) => letters.includes(o.key) && o.value !== null);
  if (pid === undefined || !sets) return [];
  return [form('prlimit', 'destructive', args, pid.index, 'prlimit -p with a new limit changes the limits of a running process')];
}

const PRLIMIT: ProgramRow = {
  names: ['prlimit'],
  category: 'wrapper',
  what: 'shows or sets the resource limits of a process or of a command it starts',
  grammar: {
    short: 'op',
    shortAttached: 'cdefilmnqrstuvxy',
    flags: 'hV',
    long: {
      ...Object.fromEntries(Object.entries(PRLIMIT_RESOURCES).map(([name, letter]) => [name, ['optional', letter] as const])),
      pid: ['value', 'p'], output: ['value', 'o'], help: ['flag', 'h'], version: ['flag', 'V'],
      ...flagged('noheadings', 'raw', 'verbose'),
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: true, noCommand: ['p', 'pid', 'h', 'V'], note: 'prlimit runs the command with the resource limits its options set' },
  read: readPrlimit,
  plain: ['', '--nofile=4096 ./server', '-n4096 ./server', '-p 1234', '--pid 1234 --nofile', '--cpu=60 ./build.sh'],
};

const CHOOM: ProgramRow = {
  names: ['choom'],
  category: 'wrapper',
  what: 'shows or sets the OOM-killer score of a process or of a command it starts',
  // choom uses getopt_long without `+`: it permutes, so a command's options need `--`. The table
  // reads a wrapper's options up to its first operand only, which sees more command than choom does.
  grammar: { short: 'np', flags: 'hV', long: { adjust: ['value', 'n'], pid: ['value', 'p'], ...flagged('help', 'version') } },
  strict: true,
  wrapper: { peel: true, noCommand: ['p', 'h', 'V'], note: 'choom runs the command with the OOM-killer score it sets' },
  read: (args, reading) => {
    const pid = reading.options.find((o) => o.key === 'p');
    return pid !== undefined && hasOption(reading, 'n') ? [form('choom', 'destructive', args, pid.index, 'choom -p with -n changes the OOM-killer score of a running process')] : [];
  },
  plain: ['-p 1234', '-n 500 -- ./batch-job', '--help'],
};

const SETARCH_FLAGS: Grammar = {
  flags: '3BFILRSTXZvhV',
  long: flagged(
    '32bit', 'fdpic-funcptrs', 'short-inode', 'addr-compat-layout', 'addr-no-randomize', 'whole-seconds', 'sticky-timeouts', 'read-implies-exec',
    'mmap-page-zero', '3gb', '4gb', 'uname-2.6', 'verbose', 'list', 'help', 'version',
  ),
  stopAtOperand: true,
};

const SETARCH_WRAPPER = { peel: true, noCommand: ['list', 'h', 'V'], note: 'setarch runs the command with another reported architecture and personality flags; without one it starts a shell' };

const SETARCH_ARCH: Command = { grammar: SETARCH_FLAGS, strict: true, wrapper: SETARCH_WRAPPER };

const SETARCH: ProgramRow = {
  names: ['setarch'],
  category: 'wrapper',
  what: 'runs a command with another reported architecture and personality flags',
  stdinCode: true,
  grammar: SETARCH_FLAGS,
  strict: true,
  // The architecture comes first when given: one subcommand per name `setarch --list` prints.
  subcommands: Object.fromEntries(
    ['uname26', 'linux32', 'linux64', 'i386', 'i486', 'i586', 'i686', 'athlon', 'x86_64', 'aarch64', 'arm64', 'armv7l', 'armv8l', 'ppc', 'ppc64', 'ppc64le', 's390', 's390x', 'sparc', 'sparc64', 'riscv64', 'mips', 'mips64'].map((arch) => [arch, SETARCH_ARCH]),
  ),
  wrapper: SETARCH_WRAPPER,
  plain: ['--list', 'x86_64 -R ./app', 'i686 ./configure', 'linux32 -R ./test.sh'],
};

const LINUX32: ProgramRow = {
  names: ['linux32', 'linux64', 'i386', 'x86_64'],
  category: 'wrapper',
  what: 'setarch for one architecture: runs a command with that reported architecture',
  stdinCode: true,
  grammar: SETARCH_FLAGS,
  strict: true,
  wrapper: SETARCH_WRAPPER,
  plain: ['./configure', '-R ./app --flag', '--version'],
};

const CGEXEC: ProgramRow = {
  names: ['cgexec'],
  category: 'wrapper',
  what: 'libcgroup: runs a command in the control groups it names',
  grammar: { short: 'g', flags: 'shb', long: { sticky: ['flag', 's'], help: ['flag', 'h'] }, stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, noCommand: ['h'], note: 'cgexec runs the command in the control groups (resource limits and accounting) it names' },
  plain: ['-g cpu,memory:build ./build.sh', '-g cpu:/batch --sticky ./job'],
};

const FAKETIME: ProgramRow = {
  names: ['faketime'],
  category: 'wrapper',
  what: 'libfaketime: runs a command that sees another date and time',
  grammar: { short: 'p', flags: 'mfhv', long: { ...flagged('exclude-monotonic', 'disable-shm', 'help', 'version'), 'date-prog': 'value' }, abbreviations: false, stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, skip: 1, noCommand: ['h', 'help', 'v', 'version'], note: 'faketime runs the command with a preloaded library that fakes the clock' },
  options: [{ role: 'executor', options: ['--date-prog'], example: '/tmp/date', payload: 'program', note: '--date-prog names the program faketime runs to read the date it is given' }],
  plain: ["'2020-01-01 00:00:00' ./test.sh", "-f '+2d' ./app", "'@2024-02-29 12:00:00' ./run-tests --all"],
};

const CATCHSEGV: ProgramRow = {
  names: ['catchsegv'],
  category: 'debugger',
  what: 'glibc: runs a command and prints a backtrace if it crashes',
  grammar: { long: flagged('help', 'version'), abbreviations: false, stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, noCommand: ['help', 'version'], note: 'catchsegv runs the command with a crash handler preloaded' },
  plain: ['./app', './app --flag value', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Network routing and passwords (they do not peel)
// ---------------------------------------------------------------------------------------------

const TORSOCKS_SUBCOMMANDS: Readonly<Record<string, Command>> = { on: {}, off: {}, show: {}, sh: {} };

const TORSOCKS: ProgramRow = {
  names: ['torsocks', 'torify'],
  category: 'network',
  what: 'runs a command whose network traffic goes through Tor',
  grammar: {
    short: 'upaP',
    flags: 'idqh',
    long: { user: ['value', 'u'], pass: ['value', 'p'], address: ['value', 'a'], port: ['value', 'P'], isolate: ['flag', 'i'], debug: ['flag', 'd'], quiet: ['flag', 'q'], ...flagged('shell', 'help', 'version') },
    abbreviations: false,
    stopAtOperand: true,
  },
  strict: true,
  // `on`, `off`, `show` and `sh` only change or print LD_PRELOAD of a shell that sources the script.
  subcommands: TORSOCKS_SUBCOMMANDS,
  wrapper: { peel: false, noCommand: ['h', 'help', 'version'], note: 'torsocks runs the command with a preloaded library that sends its connections through Tor' },
  options: [{ role: 'executor', options: ['--shell'], note: '--shell starts a shell whose commands all go through Tor' }],
  plain: ['--version', 'show', '--help'],
};

const PROXYCHAINS: ProgramRow = {
  names: ['proxychains4', 'proxychains'],
  category: 'network',
  what: 'runs a command whose connections go through the proxies of its configuration',
  // proxychains-ng reads at most two leading options itself (-q, -f FILE); any other word is the command.
  grammar: { short: 'f', flags: 'q', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, note: 'proxychains runs the command with a preloaded library that sends its connections through proxies' },
  plain: [''],
};

const TSOCKS: ProgramRow = {
  names: ['tsocks'],
  category: 'network',
  what: 'runs a command whose connections go through a SOCKS server',
  grammar: { flags: 'h', stopAtOperand: true },
  strict: true,
  subcommands: TORSOCKS_SUBCOMMANDS,
  wrapper: { peel: false, note: 'tsocks runs the command with a preloaded library that sends its connections through a SOCKS server' },
  plain: ['show', '-h'],
};

const SSHPASS: ProgramRow = {
  names: ['sshpass'],
  category: 'network',
  what: 'runs ssh (or another command) and types the password it asks for',
  grammar: { short: 'fdpP', shortAttached: 'e', flags: 'hVv', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'V'], note: 'sshpass runs the command (usually ssh) and answers its password prompt' },
  plain: ['-V', '-h'],
};

const DBUS_LAUNCH: ProgramRow = {
  names: ['dbus-launch'],
  category: 'wrapper',
  what: 'starts a D-Bus session bus and runs a command connected to it',
  grammar: {
    long: {
      ...flagged('version', 'help', 'sh-syntax', 'csh-syntax', 'auto-syntax', 'binary-syntax', 'close-stderr', 'exit-with-session', 'exit-with-x11'),
      // Both `--config-file=FILE` and `--config-file FILE` (the same for --autolaunch).
      ...valued('autolaunch', 'config-file'),
    },
    abbreviations: false,
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['version', 'help'], note: 'dbus-launch starts a session bus and runs the command with its address in the environment' },
  options: [{ role: 'loader', options: ['--config-file'], example: 'bus.conf', note: '--config-file gives the bus daemon a configuration, which can name services it starts' }],
  plain: ['--sh-syntax', '--version', '--sh-syntax --exit-with-session'],
};

const XVFB_RUN: ProgramRow = {
  names: ['xvfb-run'],
  category: 'wrapper',
  what: 'runs a command with a virtual X display (Xvfb)',
  grammar: {
    short: 'efnpsw',
    flags: 'adhl',
    long: {
      'auto-servernum': ['flag', 'a'], 'auto-display': ['flag', 'd'], 'error-file': ['value', 'e'], 'auth-file': ['value', 'f'], help: ['flag', 'h'],
      'server-num': ['value', 'n'], 'listen-tcp': ['flag', 'l'], 'xauth-protocol': ['value', 'p'], 'server-args': ['value', 's'], wait: ['value', 'w'],
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h'], note: 'xvfb-run starts an X server and runs the command with DISPLAY pointing at it' },
  options: [
    { role: 'writer', options: ['-e', '--error-file'], example: 'xvfb.log', note: '-e writes the X server errors to a file' },
    { role: 'writer', options: ['-f', '--auth-file'], example: 'xauth', note: '-f writes the X authority file to the path it names' },
    { role: 'listener', options: ['-l', '--listen-tcp'], note: '-l lets the X server accept connections over TCP' },
    { role: 'listener', options: ['-s', '--server-args'], when: (v) => v === null || /tcp|-listen|-ac\b/.test(v), example: '-listen tcp', note: '-s gives Xvfb arguments that open it to the network' },
  ],
  plain: ['--help', '-h'],
};

// ---------------------------------------------------------------------------------------------
// Queues, events and wrappers that change only timing or output
// ---------------------------------------------------------------------------------------------

const RLWRAP: ProgramRow = {
  names: ['rlwrap'],
  category: 'wrapper',
  what: 'runs an interactive command with readline line editing and history',
  grammar: {
    short: 'bCDefFgHlMOPqsStwz',
    shortAttached: 'amApd',
    flags: 'cEhiInNorRTUvW',
    long: {
      'always-readline': ['optional', 'a'], 'ansi-colour-aware': ['optional', 'A'], debug: ['optional', 'd'], 'break-chars': ['value', 'b'], 'complete-filenames': ['flag', 'c'],
      'command-name': ['value', 'C'], 'history-no-dupes': ['value', 'D'], 'extra-char-after-completion': ['value', 'e'], 'always-echo': ['flag', 'E'],
      file: ['value', 'f'], 'history-format': ['value', 'F'], 'forget-matching': ['value', 'g'], help: ['flag', 'h'], 'history-filename': ['value', 'H'],
      'case-insensitive': ['flag', 'i'], 'pass-sigint-as-sigterm': ['flag', 'I'], logfile: ['value', 'l'], 'multi-line': ['optional', 'm'],
      'multi-line-ext': ['value', 'M'], 'no-warnings': ['flag', 'n'], 'no-children': ['flag', 'N'], 'one-shot': ['flag', 'o'], 'only-cook': ['value', 'O'],
      'prompt-colour': ['optional', 'p'], 'pre-given': ['value', 'P'], 'quote-characters': ['value', 'q'], remember: ['flag', 'r'], renice: ['flag', 'R'],
      histsize: ['value', 's'], 'substitute-prompt': ['value', 'S'], 'set-term-name': ['value', 't'], 'mirror-arguments': ['flag', 'U'],
      version: ['flag', 'v'], 'wait-before-prompt': ['value', 'w'], polling: ['flag', 'W'], filter: ['value', 'z'],
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: true, noCommand: ['h', 'v'], note: 'rlwrap runs the command, adding line editing and history to its input' },
  options: [
    { role: 'writer', options: ['-l', '--logfile'], example: 'session.log', note: '-l appends everything typed and printed to a log file' },
    { role: 'writer', options: ['-H', '--history-filename'], example: 'hist.txt', note: '-H keeps the input history in the file it names' },
    { role: 'executor', options: ['-z', '--filter'], payload: 'shell-text', example: 'rm -rf build', note: '-z runs a filter command that sees and rewrites the session' },
  ],
  plain: ['./repl', '-c ./repl --db app.db', '-a -r ./repl', '--version'],
};

const CHRONIC: ProgramRow = {
  names: ['chronic'],
  category: 'wrapper',
  what: 'moreutils: runs a command and prints its output only when it fails',
  grammar: { flags: 'ev', stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, note: 'chronic runs the command, holding back its output unless it fails' },
  plain: ['./backup.sh', '-v ./build.sh --release'],
};

const IFNE: ProgramRow = {
  names: ['ifne'],
  category: 'wrapper',
  what: 'moreutils: runs a command only when standard input is not empty',
  grammar: { flags: 'n', stopAtOperand: true },
  strict: true,
  wrapper: { peel: true, note: 'ifne runs the command (fed the same input) only when its input is not empty' },
  plain: ['./notify.sh', '-n ./report --empty'],
};

const NQ: ProgramRow = {
  names: ['nq'],
  category: 'wrapper',
  what: 'queues a command to run in the background after the earlier ones',
  grammar: { flags: 'chqtw', stopAtOperand: true },
  strict: true,
  // The job's log (`,TIME.PID` in $NQDIR or here) is the program's own job.
  wrapper: { peel: false, noCommand: ['w', 't', 'h'], note: 'nq runs the command later, detached in the background, when the jobs queued before it are done' },
  plain: ['-w', '-t', '-q -w'],
};

/** `ts` is two programs: moreutils' timestamp filter (`ts FORMAT`) and task-spooler (`ts COMMAND…`). */
function readTs(args: readonly Word[], reading: ArgReading): Form[] {
  const at = firstOperand(reading);
  if (at < 0) return [];
  const text = textOf(args[at]);
  if (text !== null && (text.includes('%') || reading.operands.length === 1 && !/^[./A-Za-z0-9_-]+$/.test(text))) return [];
  return [form('ts', 'executor', args, at, 'task-spooler ts queues the command to run later in the background', 'shell-argv')];
}

const TS: ProgramRow = {
  names: ['ts'],
  category: 'text',
  what: 'moreutils timestamp filter; also task-spooler, a job queue, under the same name',
  // task-spooler's getopt (POSIXLY_CORRECT: it stops at the command); moreutils has only flags
  // (-r -i -s -m), which read here as task-spooler's valued letters without harm.
  grammar: {
    short: 'raFtcopwkusUiNLSDWO',
    flags: 'RTVhKzClnfmBEqd',
    long: {
      get_label: ['optional', 'a'], count_running: ['flag', 'R'], last_queue_id: ['flag', 'q'], full_cmd: ['optional', 'F'],
      ...flagged('get_logdir'), ...valued('set_logdir', 'getenv', 'setenv', 'unsetenv'),
    },
    stopAtOperand: true,
  },
  read: readTs,
  options: [
    { role: 'destructive', options: ['-K', '-T'], note: 'task-spooler ts -K and -T kill the queue server or every running job' },
    // Not -r: moreutils' -r (relative times) is the everyday form; task-spooler's -r only drops a queued job.
    { role: 'destructive', options: ['-k'], example: '3', note: 'task-spooler ts -k kills a running job' },
    { role: 'loader', options: ['--setenv'], example: 'LD_PRELOAD=/tmp/x.so', when: envMayLoad, note: 'task-spooler ts --setenv sets a variable in the environment of every later job' },
  ],
  plain: ["'%H:%M:%S'", '-s', "-i '%.s'", "'[%Y-%m-%d %H:%M:%S]'", '-l', '-r'],
};

/** entr -s hands its first operand to the shell as text. */
function readEntr(args: readonly Word[], reading: ArgReading): Form[] {
  const at = firstOperand(reading);
  return at >= 0 && hasOption(reading, 's') ? [form('entr', 'executor', args, at, 'entr -s runs the text with the shell on every change', 'shell-text')] : [];
}

const ENTR: ProgramRow = {
  names: ['entr'],
  category: 'wrapper',
  what: 'runs a command every time one of the files listed on its input changes',
  grammar: { flags: 'acdnprsxz', stopAtOperand: true },
  strict: true,
  wrapper: { peel: false, note: 'entr runs the command again each time a watched file changes, long after the call' },
  read: readEntr,
  plain: [''],
};

/**
 * watchexec runs its command (the words after its options, or after `--`) each time a watched
 * file changes; unless told `-n`/`--shell=none` it joins them and hands the text to a shell.
 */
function readWatchexec(args: readonly Word[], reading: ArgReading): Form[] {
  const at = reading.next;
  if (at >= args.length) return [];
  const noShell = reading.options.some((o) => o.name === '-n' || ((o.name === '--shell') && textOf(o.value) === 'none'));
  if (noShell) return [];
  const words = args.slice(at);
  const text = words.every((word) => word.kind === 'literal') ? words.map((word) => textOf(word)!).join(' ') : null;
  return [{ ...form('watchexec', 'executor', args, at, 'watchexec hands its command, joined, to a shell on each change', 'shell-text'), ...(text === null ? {} : { payloadText: text }) }];
}

const WATCHEXEC: ProgramRow = {
  names: ['watchexec'],
  category: 'wrapper',
  what: 'runs a command each time files it watches change',
  grammar: {
    short: 'wWefisdEo',
    flags: 'rcnNpqV1h',
    stopAtOperand: true,
    abbreviations: false,
    long: {
      ...valued('watch', 'watch-non-recursive', 'watch-file', 'exts', 'filter', 'ignore', 'signal', 'stop-signal', 'stop-timeout', 'debounce', 'delay-run', 'shell', 'project-origin', 'workdir', 'env', 'on-busy-update', 'poll', 'emit-events-to', 'filter-file', 'filter-prog', 'ignore-file', 'fs-events', 'socket', 'log-file', 'color', 'completions', 'timeout', 'wrap-process', 'map-signal', 'print-events'),
      ...flagged('restart', 'clear', 'postpone', 'no-vcs-ignore', 'no-project-ignore', 'no-global-ignore', 'no-default-ignore', 'no-discover-ignore', 'ignore-nothing', 'no-meta', 'only-emit-events', 'notify', 'timings', 'quiet', 'bell', 'manual', 'version', 'help', 'no-process-group', 'no-environment', 'verbose'),
    },
  },
  wrapper: { peel: false, note: 'watchexec runs the command again each time a watched file changes, long after the call' },
  options: [
    { role: 'executor', options: ['--shell'], when: (v) => v !== 'none', payload: 'program', example: '/tmp/sh', note: '--shell names the program the command is handed to' },
    { role: 'loader', options: ['--filter-prog', '--filter-file'], example: '/tmp/filter.rhai', note: '--filter-prog runs a filter program on each event' },
    { role: 'loader', options: ['-E', '--env'], when: envMayLoad, example: 'LD_PRELOAD=/tmp/x.so', note: '-E sets a variable in the environment of the command' },
    { role: 'writer', options: ['--log-file'], target: 'file', example: '/tmp/w.log', note: '--log-file writes watchexec\'s log to the named file' },
    { role: 'listener', options: ['--socket'], example: '0.0.0.0:8080', note: '--socket opens a socket the command inherits' },
  ],
  read: readWatchexec,
  plain: ['--version', '--help'],
};

/**
 * Guake, a drop-down terminal: its command line drives the running instance (show, hide, tabs,
 * colours). -e types a command into the current tab's shell; -q quits it, ending every shell it holds.
 */
const GUAKE: ProgramRow = {
  names: ['guake'],
  category: 'misc',
  what: 'Guake, a drop-down terminal, and the client of its running instance',
  grammar: {
    short: 'nsierR',
    flags: 'hVftpagluqS',
    abbreviations: false,
    long: {
      ...valued('new-tab', 'select-tab', 'select-terminal', 'execute-command', 'tab-index', 'bgcolor', 'fgcolor', 'bgcolor-current', 'fgcolor-current', 'change-palette', 'rename-tab', 'rename-current-tab', 'save-preferences', 'restore-preferences'),
      ...flagged('help', 'version', 'fullscreen', 'unfullscreen', 'is-fullscreen', 'toggle-visibility', 'show', 'hide', 'is-visible', 'preferences', 'about', 'selected-tab', 'selected-tablabel', 'selected-terminal', 'uuid-index', 'reset-colors', 'reset-colors-current', 'support', 'quit', 'no-startup-script', 'verbose', 'split-vertical', 'split-horizontal'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--execute-command'], payload: 'shell-text', example: 'id', note: '-e types the command into the shell of the current tab, which runs it' },
    { role: 'loader', options: ['--restore-preferences'], example: '/tmp/guake.conf', note: '--restore-preferences loads settings, among them the startup script and the shell it runs' },
    { role: 'writer', options: ['--save-preferences'], target: 'file', example: '/tmp/guake.conf', note: '--save-preferences writes the settings to the named file' },
    { role: 'destructive', options: ['-q', '--quit'], note: '-q quits Guake, ending every shell its tabs hold' },
  ],
  plain: ['--help', '--version', '-t', '--show', '-n ~/src'],
};

const INOTIFYWAIT: ProgramRow = {
  names: ['inotifywait'],
  category: 'file',
  what: 'inotify-tools: waits for changes to files and prints them',
  readOnly: true,
  grammar: {
    short: 'eto',
    flags: 'hcmdrPqsIF',
    long: {
      ...flagged('help', 'csv', 'monitor', 'daemon', 'recursive', 'no-dereference', 'quiet', 'syslog', 'no-newline', 'fanotify', 'filesystem'),
      event: ['value', 'e'], timeout: ['value', 't'], outfile: ['value', 'o'],
      ...valued('format', 'timefmt', 'fromfile', 'exclude', 'excludei', 'include', 'includei'),
    },
  },
  options: [{ role: 'writer', options: ['-o', '--outfile'], example: 'events.log', note: '-o writes the events to a file instead of standard output' }],
  plain: ['-e modify src/app.ts', '-m -r -e close_write src', "-q --format '%w%f' -e create .", '-t 10 config.json'],
};

const VIPE: ProgramRow = {
  names: ['vipe'],
  category: 'editor',
  what: 'moreutils: opens the text of a pipe in $EDITOR, then passes it on',
  passesInput: true,
  // It runs $VISUAL or $EDITOR, which its argv does not name; a NAME=value in front of it is judged
  // by the assignment rules (D§4.3).
  grammar: { long: { suffix: 'optional', ...flagged('help') }, abbreviations: false },
  plain: ['', '--suffix=json'],
};

// ---------------------------------------------------------------------------------------------
// Folders of scripts and parallel runners
// ---------------------------------------------------------------------------------------------

/** run-parts runs every executable in the folder, except with --test or --list. */
function readRunParts(args: readonly Word[], reading: ArgReading): Form[] {
  if (hasOption(reading, 'test', 'list', 'h', 'V')) return [];
  return reading.operandIndexes.map((at) => form('run-parts', 'executor', args, at, 'run-parts runs every program in the folder it is given', 'program'));
}

const RUN_PARTS: ProgramRow = {
  names: ['run-parts'],
  category: 'system',
  what: 'runs every executable file in a folder, in order',
  grammar: {
    short: 'ua',
    flags: 'vdVh',
    long: {
      ...flagged('test', 'list', 'report', 'reverse', 'exit-on-error', 'stdin', 'lsbsysinit', 'new-session'),
      verbose: ['flag', 'v'], debug: ['flag', 'd'], version: ['flag', 'V'], help: ['flag', 'h'], regex: 'value', umask: ['value', 'u'], arg: ['value', 'a'],
    },
  },
  read: readRunParts,
  plain: ['--test /etc/cron.daily', '--list /etc/cron.hourly', '--version'],
};

/**
 * pexec -c (or -m) hands the command to the shell as text. `-r`/`--parameters` takes every word up
 * to the next option or `--`, so after it the command starts behind `--`.
 */
function readPexec(args: readonly Word[], reading: ArgReading): Form[] {
  const shell = hasOption(reading, 'c', 'm');
  const note = shell ? 'pexec -c runs the text with the shell, once per parameter' : 'pexec runs the command once per parameter, in parallel';
  const payload = shell ? 'shell-text' : 'shell-argv';
  const list = reading.options.find((o) => o.key === 'r');
  if (list !== undefined) {
    for (let i = (list.valueIndex ?? list.index) + 1; i < args.length; i++) {
      if (textOf(args[i]) === '--') return i + 1 < args.length ? [form('pexec', 'executor', args, i + 1, note, payload)] : [];
    }
    return [];
  }
  const at = firstOperand(reading);
  return at >= 0 && shell ? [form('pexec', 'executor', args, at, note, payload)] : [];
}

const PEXEC: ProgramRow = {
  names: ['pexec'],
  category: 'wrapper',
  what: 'GNU pexec: runs a command or shell script many times in parallel, locally or on remote hosts',
  grammar: {
    short: 'senCprfwtoui',
    flags: 'hcmRvqlLzaxd',
    long: {
      help: ['flag', 'h'], 'long-help': 'flag', version: 'flag', shell: ['value', 's'], 'shell-command': ['flag', 'c'], 'multiple-command': ['flag', 'm'],
      environment: ['value', 'e'], number: ['value', 'n'], control: ['value', 'C'], list: ['value', 'p'], parameters: ['value', 'r'], listfile: ['value', 'f'],
      column: ['value', 'w'], output: ['value', 'o'], error: ['value', 'u'], input: ['value', 'i'], 'normal-redirection': ['flag', 'R'],
      verbose: ['flag', 'v'], quiet: ['flag', 'q'],
    },
    stopAtOperand: true,
  },
  strict: true,
  wrapper: { peel: false, noCommand: ['h', 'long-help', 'version'], note: 'pexec runs the command many times in parallel, on this machine or on remote hosts' },
  read: readPexec,
  options: [
    { role: 'executor', options: ['-s', '--shell'], example: '/bin/sh', payload: 'program', note: '-s names the shell or interpreter that runs the script' },
    { role: 'writer', options: ['-o', '--output', '-u', '--error'], example: 'out.%s', note: '-o and -u write the output of each run to files' },
    { role: 'network', options: ['-n', '--number'], when: (v) => v === null || !/^[0-9]+$/.test(v), example: 'ssh host1,host2', note: '-n with host names runs the command on remote hosts' },
  ],
  plain: ['--help', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Development containers that share the home folder (toolbox, distrobox)
// ---------------------------------------------------------------------------------------------

/**
 * A toolbox or distrobox container mounts the user's home folder and the host's root (under
 * /run/host) and runs as the same user: what a command does inside it is done to this machine's
 * files, so the wrapped command is read as one of this machine's (not `elsewhere`).
 */
const SHARES_HOME = 'runs the command in a development container that shares the home folder and the host\'s files';

const TOOLBOX_GLOBAL: Grammar = { flags: 'yvh', long: { assumeyes: ['flag', 'y'], verbose: ['flag', 'v'], 'log-level': 'value', 'log-podman': 'flag', help: ['flag', 'h'], version: 'flag' } };
const TOOLBOX_CONTAINER: Grammar = { short: 'cdr', flags: 'h', long: { container: ['value', 'c'], distro: ['value', 'd'], release: ['value', 'r'], 'preserve-fds': 'value', help: ['flag', 'h'] }, stopAtOperand: true };

const TOOLBOX: ProgramRow = {
  names: ['toolbox'],
  category: 'container',
  what: 'Toolbx: development containers that share the home folder (Fedora)',
  grammar: TOOLBOX_GLOBAL,
  strict: true,
  subcommands: {
    run: { grammar: TOOLBOX_CONTAINER, strict: true, wrapper: { peel: false, noCommand: ['h'], note: `toolbox run ${SHARES_HOME}` } },
    enter: { grammar: TOOLBOX_CONTAINER, strict: true, role: { role: 'executor', note: 'toolbox enter starts an interactive shell in the container' } },
    create: { grammar: { short: 'cdir', long: valued('container', 'distro', 'image', 'release', 'authfile'), flags: 'h' }, role: { role: 'executor', note: 'toolbox create pulls an image and makes a container that shares the home folder' } },
    rm: { grammar: { flags: 'afh', long: flagged('all', 'force', 'help') }, role: { role: 'destructive', note: 'toolbox rm deletes containers' } },
    rmi: { grammar: { flags: 'afh', long: flagged('all', 'force', 'help') }, role: { role: 'destructive', note: 'toolbox rmi deletes images' } },
    list: { grammar: { flags: 'cih', long: flagged('containers', 'images', 'help') }, plain: ['', '-c'] },
    help: { plain: ['', 'run'] },
  },
  plain: ['list', '--version', 'help'],
};

/** distrobox enter: `[NAME] [options] [-- COMMAND…]` (`-e`/`--exec` stand for `--`); reads its words in a loop of its own. */
const DISTROBOX_ENTER_VALUED = new Set(['-n', '--name', '-a', '--additional-flags']);
const DISTROBOX_ENTER_FLAGS = new Set(['-T', '-H', '--no-tty', '-nw', '--no-workdir', '--clean-path', '-r', '--root', '-d', '--dry-run', '-v', '--verbose', '-h', '--help', '-V', '--version']);

function readDistroboxEnter(args: readonly Word[]): WrapperReading {
  const options: Array<{ name: string; key: string; value: Word | null }> = [];
  let exact = true;
  let named = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word.kind !== 'literal') return { options, inner: [], shellText: null, assignments: [], exact: false };
    const text = word.value;
    if (text === '--' || text === '-e' || text === '--exec') return { options, inner: args.slice(i + 1), shellText: null, assignments: [], exact };
    if (DISTROBOX_ENTER_VALUED.has(text)) {
      options.push({ name: text, key: text, value: args[i + 1] ?? null });
      i++;
      continue;
    }
    if (DISTROBOX_ENTER_FLAGS.has(text)) {
      options.push({ name: text, key: text, value: null });
      if (['-h', '--help', '-V', '--version', '-d', '--dry-run'].includes(text)) return { options, inner: [], shellText: null, assignments: [], exact };
      continue;
    }
    if (!text.startsWith('-') && !named) {
      named = true;
      continue;
    }
    // An option the gate does not know, or a second operand: distrobox may read it as the command.
    exact = false;
  }
  return { options, inner: [], shellText: null, assignments: [], exact };
}

const DISTROBOX_ENTER: Command = {
  strict: false,
  wrapper: { peel: false, read: readDistroboxEnter, note: `distrobox enter ${SHARES_HOME}` },
  options: [{ role: 'loader', options: ['-a', '--additional-flags'], example: '--privileged', note: '--additional-flags passes options of its own to the container engine' }],
  role: { role: 'executor', note: 'distrobox enter starts a shell (or the command after --) in the container' },
};

const DISTROBOX: ProgramRow = {
  names: ['distrobox'],
  category: 'container',
  what: 'Distrobox: development containers that share the home folder',
  grammar: { flags: 'hV', long: flagged('help', 'version') },
  subcommands: {
    enter: DISTROBOX_ENTER,
    create: { role: { role: 'executor', note: 'distrobox create pulls an image and makes a container that shares the home folder' } },
    rm: { role: { role: 'destructive', note: 'distrobox rm deletes containers' } },
    stop: { role: { role: 'destructive', note: 'distrobox stop stops containers and what runs in them' } },
    upgrade: { role: { role: 'executor', note: 'distrobox upgrade runs the package manager inside containers' } },
    ephemeral: { role: { role: 'executor', note: 'distrobox ephemeral makes a container, runs a shell or the command after -- in it, and deletes it' }, wrapper: { peel: false, read: readDistroboxEnter, note: `distrobox ephemeral ${SHARES_HOME}` } },
    list: { plain: ['', '--root'] },
    ls: { plain: [''] },
  },
  plain: ['list', '--version'],
};

const DISTROBOX_ENTER_ROW: ProgramRow = { names: ['distrobox-enter'], category: 'container', what: 'Distrobox: enters a development container that shares the home folder', ...DISTROBOX_ENTER };

export const LAUNCHER_ROWS: readonly ProgramRow[] = [
  TOOLBOX, DISTROBOX, DISTROBOX_ENTER_ROW,
  STRACE, LTRACE,
  NSENTER, UNSHARE, GOSU, CHPST, SETPRIV, CAPSH, AA_EXEC, RUNCON, SANDBOX_EXEC, FAKEROOT,
  SYSTEMD_RUN, BWRAP, FIREJAIL, PROOT, SYSTEMD_NSPAWN, ARCH_NSPAWN, GENIE, START_STOP_DAEMON, DAEMONIZE,
  TMUX, TMATE, SCREEN,
  CPULIMIT, SOFTLIMIT, SETLOCK, MULTITIME, NUMACTL, PRLIMIT, CHOOM, SETARCH, LINUX32, CGEXEC, FAKETIME, CATCHSEGV,
  TORSOCKS, PROXYCHAINS, TSOCKS, SSHPASS, DBUS_LAUNCH, XVFB_RUN,
  RLWRAP, CHRONIC, IFNE, NQ, TS, ENTR, WATCHEXEC, GUAKE, INOTIFYWAIT, VIPE,
  RUN_PARTS, PEXEC,
];
