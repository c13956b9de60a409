import { flagged, optionValues, textOf, valued, type Grammar } from '../grammar';
import type { Command, Form, OperandRole, ProgramRow, WrapperReading } from '../row';
import { literalWord, type Word } from '../../reading/resolution';
import { cmdLineAsShell } from '../cmdLine';

/**
 * Programs of the other systems the same agent sessions run on (docs/decisions.md, "Other
 * platforms' programs"): macOS (`launchctl`, `osascript`, `diskutil`, `asr`), Windows seen from WSL (`cmd.exe`, `wsl.exe`; the table finds a
 * `.exe` name by its row), disk tools the hardline arms name (`nvme`, `fio`) and the clipboards
 * (`pbcopy`, `clip.exe`, `xclip`, `xsel`, `wl-copy`), which only keep what is piped in. The floor's arms
 * for them live in `hardline/` (power: processes.ts; erasing and raw writes: devices.ts); these rows
 * say what each form does for every other layer, and place their words so that the floor's
 * unknown-program reading (hardline.ts) is not needed for them.
 */

/**
 * A program whose first operand is a verb: the verbs in `readVerbs` only read and print; every
 * other verb (or one only known at run time) changes the system (`destructive`), and the verbs in
 * `special` are read as written there.
 */
export function verbRow(names: string[], category: ProgramRow['category'], what: string, readVerbs: readonly string[], note: string, plain: readonly string[], special: Record<string, Command> = {}, grammar: Grammar = {}): ProgramRow {
  const read = new Set(readVerbs);
  const subcommands: Record<string, Command> = { ...special };
  // A verb that only reads and prints reads the devices it names too (`diskutil info /dev/disk2`).
  for (const verb of readVerbs) subcommands[verb] ??= { grammar, deviceReads: { every: true } };
  return {
    names,
    category,
    what,
    grammar,
    operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !read.has(v), example: 'x-unknown-verb', note }],
    subcommands,
    plain,
  };
}

const LAUNCHCTL: ProgramRow = verbRow(
  ['launchctl'],
  'system',
  'the macOS service manager (launchd) control program',
  ['list', 'print', 'print-cache', 'print-disabled', 'blame', 'help', 'version', 'plist', 'procinfo', 'hostinfo', 'resolveport', 'examine', 'dumpstate', 'managerpid', 'manageruid', 'managername', 'error', 'variant', 'getenv'],
  'a launchctl verb that starts, stops, loads or changes services (or one only known at run time)',
  ['list', 'print system', 'version', 'help', 'getenv PATH'],
  {
    reboot: { role: { role: 'destructive', note: 'launchctl reboot restarts or halts the machine (logout and apps end the session)' } },
    load: { role: { role: 'loader', note: 'launchctl load loads a job definition, whose program launchd then runs' } },
    bootstrap: { role: { role: 'loader', note: 'launchctl bootstrap loads a job definition, whose program launchd then runs' } },
    asuser: { wrapper: { peel: false, skip: 1, note: 'launchctl asuser UID runs the command in another user\'s launchd context' } },
    bsexec: { wrapper: { peel: false, skip: 1, note: 'launchctl bsexec PID runs the command in another process\'s bootstrap context' } },
    submit: { wrapper: { peel: false, afterDashDash: true, note: 'launchctl submit -- CMD makes launchd run the command (and keep it running)' } },
  },
);

/** osascript's `do shell script "TEXT"`: AppleScript handing TEXT to `sh -c`. */
const DO_SHELL_SCRIPT = /\bdo\s+shell\s+script\s+"((?:[^"\\]|\\.)*)"/gi;

const OSASCRIPT: ProgramRow = {
  names: ['osascript'],
  category: 'interpreter',
  what: 'runs AppleScript or JavaScript for Automation on macOS',
  // With no script file and no -e, the script is read from standard input.
  stdinCode: true,
  grammar: { short: 'els', flags: 'i', long: {} },
  options: [{ role: 'executor', options: ['-e'], payload: 'code', example: 'beep', note: '-e runs the AppleScript (or JavaScript) statement given' }],
  operands: [{ role: 'executor', operand: 0, payload: 'program', example: 'script.scpt', note: 'the script file osascript runs' }],
  read: (_args, reading): Form[] => {
    const forms: Form[] = [];
    for (const option of reading.options) {
      const text = option.name === '-e' ? textOf(option.value) : null;
      if (text === null || option.valueIndex === null) continue;
      for (const match of text.matchAll(DO_SHELL_SCRIPT)) {
        const run = match[1]!.replace(/\\(.)/g, '$1');
        forms.push({ role: 'executor', program: 'osascript', trigger: '-e', index: option.valueIndex, value: option.value, payload: 'shell-text', payloadText: run, note: 'do shell script hands its text to sh' });
      }
    }
    return forms;
  },
  plain: [],
};

/** nvme-cli verbs that only list, identify or read logs and properties. */
const NVME_READS = ['list', 'list-subsys', 'list-ns', 'list-ctrl', 'id-ctrl', 'id-ns', 'id-nvmset', 'id-uuid', 'id-domain', 'smart-log', 'error-log', 'fw-log', 'effects-log', 'get-log', 'get-feature', 'show-regs', 'show-hostnqn', 'version', 'help', 'sanitize-log', 'self-test-log', 'persistent-event-log', 'endurance-log', 'device-self-test-log', 'telemetry-log', 'supported-log-pages', 'primary-ctrl-caps', 'discover', 'get-property', 'ns-descs'];

const NVME: ProgramRow = {
  ...verbRow(
  ['nvme'],
  'system',
  'nvme-cli, the NVMe drive management program',
  NVME_READS,
  'an nvme command that erases, writes, formats or reconfigures a drive (or one only known at run time)',
  ['list', 'smart-log /dev/nvme0', 'id-ctrl /dev/nvme0', 'version'],
  ),
  deviceReads: { withOperands: NVME_READS },
};

const FIO: ProgramRow = {
  names: ['fio'],
  category: 'system',
  what: 'the flexible I/O tester (benchmarks reads and writes of files and devices)',
  grammar: { long: { ...valued('name', 'filename', 'rw', 'readwrite', 'bs', 'size', 'ioengine', 'iodepth', 'numjobs', 'runtime', 'output', 'output-format', 'exec_prerun', 'exec_postrun', 'directory', 'direct', 'section', 'cmdhelp', 'enghelp'), ...flagged('version', 'help', 'time_based', 'group_reporting', 'showcmd', 'readonly') } },
  options: [
    { role: 'writer', options: ['--filename', '--directory'], example: 'test.bin', note: '--filename and --directory name the files or devices a job reads and (with a writing --rw) writes' },
    { role: 'writer', options: ['--output'], example: 'out.txt', note: '--output writes the report to a file' },
    { role: 'executor', options: ['--exec_prerun', '--exec_postrun'], payload: 'shell-text', example: 'id', note: '--exec_prerun and --exec_postrun run a command through the shell before and after a job' },
  ],
  operands: [{ role: 'loader', operand: 'every', example: 'job.fio', note: 'a job file, whose jobs can run commands (exec_prerun) and write any file or device' }],
  plain: ['--version', '--help'],
};

const ASR: ProgramRow = verbRow(
  ['asr'],
  'system',
  'Apple Software Restore: copies disk images onto volumes (macOS)',
  ['help', 'version', 'info'],
  'an asr verb that writes a volume or an image (restore, imagescan), or one only known at run time',
  ['help', 'version'],
);

/**
 * diskutil's verb groups (`apfs`, `cs`, `appleRAID`): their `list…` and `info…` verbs read the disks
 * they name, every other verb changes them.
 */
function diskutilGroup(group: string, changes: string, example: string): Command {
  return {
    operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !DISKUTIL_GROUP_READS.includes(v), example, note: `a diskutil ${group} verb that ${changes}` }],
    deviceReads: { withOperands: DISKUTIL_GROUP_READS },
  };
}

const DISKUTIL_GROUP_READS = ['list', 'listCryptoUsers', 'listUsers', 'listSnapshots', 'listVolumeGroups', 'listFilesystems', 'info', 'information'];

/**
 * diskutil's verbs that mount, unmount, eject or check a disk through its file system: changes of
 * the system for the other layers (the row's destructive verb), but none overwrites the disk's
 * blocks (docs/decisions.md "A device word is a write unless a row places it as read").
 */
const DISKUTIL_THROUGH_FILE_SYSTEM: Record<string, Command> = Object.fromEntries(
  ['mount', 'mountDisk', 'unmount', 'umount', 'unmountDisk', 'umountDisk', 'eject', 'repairVolume', 'renameVolume', 'rename', 'enableJournal', 'disableJournal', 'enableOwnership', 'disableOwnership'].map((verb) => [verb, { deviceReads: { every: true } }]),
);

// diskutil takes a disk by its bare name too (`diskutil info disk0`, `diskutil partitionDisk disk2 …`).
const DISKUTIL: ProgramRow = {
  bareDevices: true,
  ...verbRow(
  ['diskutil'],
  'system',
  'the macOS disk and volume manager',
  ['list', 'info', 'information', 'activity', 'listFilesystems', 'verifyVolume', 'verifyDisk'],
  'a diskutil verb that erases, partitions, mounts or changes a disk or volume (or one only known at run time)',
  ['list', 'info disk0', 'listFilesystems'],
  {
    apfs: diskutilGroup('apfs', 'creates, erases, deletes or changes containers and volumes', 'deleteContainer'),
    cs: diskutilGroup('cs', 'creates, deletes or changes Core Storage groups and volumes', 'delete'),
    appleRAID: diskutilGroup('appleRAID', 'creates, deletes or changes RAID sets', 'delete'),
    coreStorage: diskutilGroup('coreStorage', 'creates, deletes or changes Core Storage groups and volumes', 'delete'),
    ...DISKUTIL_THROUGH_FILE_SYSTEM,
  },
  ),
};

// ---------------------------------------------------------------------------------------------
// Windows from WSL
// ---------------------------------------------------------------------------------------------

const WSL_VALUED = new Set(['-d', '--distribution', '-u', '--user', '--cd', '--shell-type', '--distribution-id']);
const WSL_FLAGS = new Set(['--system']);
/** Options that manage WSL and run no command (`--shutdown`, `--install`, `-l`). */
const WSL_NO_COMMAND = new Set([
  '--install', '-l', '--list', '--shutdown', '-t', '--terminate', '--unregister', '--export', '--import', '--import-in-place', '-s', '--set-default',
  '--set-default-version', '--set-version', '--status', '--update', '-v', '--version', '--mount', '--unmount', '--help', '--manage', '--debug-shell', '--uninstall',
]);

/**
 * `wsl [OPTIONS] [-e CMD ARGS… | -- CMD ARGS… | COMMAND LINE…]`: `-e` and `--` run an argv; plain
 * words are a command line the distribution's default shell runs (read as words and as text). A word only known at run time
 * where an option may stand, or an option not known here, makes the reading inexact, and the rest
 * is read as that command line.
 */
function wslReading(args: readonly Word[]): WrapperReading {
  const options: Array<{ name: string; key: string; value: Word | null }> = [];
  for (let k = 0; k < args.length; k++) {
    const text = textOf(args[k]);
    if (text === null) return { options, inner: [], shellText: args.slice(k), assignments: [], exact: false };
    if (text === '-e' || text === '--exec' || text === '--') return { options, inner: args.slice(k + 1), shellText: null, assignments: [], exact: true };
    if (WSL_VALUED.has(text)) {
      options.push({ name: text, key: text, value: args[k + 1] ?? null });
      k++;
      continue;
    }
    if (WSL_FLAGS.has(text)) {
      options.push({ name: text, key: text, value: null });
      continue;
    }
    if (WSL_NO_COMMAND.has(text)) return { options: [...options, { name: text, key: text, value: null }], inner: [], shellText: null, assignments: [], exact: true };
    // The command line is read both ways: as the words of a command and as the text the shell runs.
    return { options, inner: args.slice(k), shellText: args.slice(k), assignments: [], exact: !text.startsWith('-') };
  }
  return { options, inner: [], shellText: null, assignments: [], exact: true };
}

const WSL: ProgramRow = {
  names: ['wsl'],
  category: 'wrapper',
  what: 'the Windows Subsystem for Linux launcher (wsl.exe), which runs a command in a Linux distribution',
  wrapper: { peel: false, read: wslReading, note: 'wsl runs the command (-e, --) or the command line in a Linux distribution, possibly as another user (-u root)' },
  plain: ['--list', '--status', '--shutdown', '--version'],
};

/** cmd's switches before `/c` or `/k`. */
const CMD_SWITCH = /^\/(?:\?|q|d|a|u|s|x|y|e:(?:on|off)|f:(?:on|off)|v:(?:on|off)|t:[0-9a-f]{1,2})$/i;

/**
 * `cmd [/switches] /c COMMAND LINE…` (or `/k`, `/r`): the rest of the words are one command line,
 * read by cmd's own rules (programs/cmdLine.ts: `%NAME%` expanded with the profile's folders,
 * commands split on `&`, `&&`, `||`, `|`, words on blanks outside double quotes) and handed on as
 * the POSIX shell text that runs the same commands; the first command is the wrapped argv. A word
 * only known at run time keeps the line as it stands (read as shell text, inexactly), and so does
 * an unknown switch.
 */
function cmdReading(args: readonly Word[]): WrapperReading {
  for (let k = 0; k < args.length; k++) {
    const text = textOf(args[k]);
    if (text === null) return { options: [], inner: [], shellText: args.slice(k), assignments: [], exact: false };
    const run = /^\/([ckr])(.*)$/i.exec(text);
    if (run !== null) {
      const rest = run[2] === '' ? args.slice(k + 1) : [literalWord(run[2]!), ...args.slice(k + 1)];
      const option = { name: `/${run[1]!.toLowerCase()}`, key: `/${run[1]!.toLowerCase()}`, value: null };
      const texts = rest.map(textOf);
      if (texts.some((word) => word === null)) return { options: [option], inner: rest.flatMap(cmdWords), shellText: rest.length > 0 ? rest : null, assignments: [], exact: true };
      // WSL (as the C runtime) quotes an argument holding a blank when it builds cmd's command
      // line (`cmd.exe /c rmdir /s /q "C:\Program Files"`); the first is often the whole line itself.
      const line = cmdLineAsShell(texts.map((word, index) => (index > 0 && /\s/.test(word!) && !word!.includes('"') ? `"${word}"` : word)).join(' '));
      return { options: [option], inner: line.first.map(literalWord), shellText: line.text === '' ? null : [literalWord(line.text)], assignments: [], exact: true };
    }
    if (!CMD_SWITCH.test(text)) return { options: [], inner: [], shellText: args.slice(k), assignments: [], exact: false };
  }
  return { options: [], inner: [], shellText: null, assignments: [], exact: true };
}

/** A literal word of a cmd command line split as cmd splits it (an opaque word stays whole). */
function cmdWords(word: Word): Word[] {
  if (word.kind !== 'literal' || !/\s/.test(word.value)) return [word];
  return (word.value.match(/(?:"[^"]*"?|[^\s"]+)+/g) ?? []).map((part) => literalWord(part.replace(/"/g, '')));
}

const CMD: ProgramRow = {
  names: ['cmd'],
  category: 'shell',
  what: 'the Windows command interpreter (cmd.exe, run from WSL)',
  // Without /c or /k it reads its commands from standard input.
  stdinCode: true,
  wrapper: { peel: false, read: cmdReading, note: 'cmd /c and /k run the rest of the line as a Windows command line' },
  plain: ['/d /q'],
};

// ---------------------------------------------------------------------------------------------
// Windows programs run from WSL (`tasklist.exe`): their switches are operands (`/fo`, `-all`,
// `/r:HOST`), any case, read here by name
// ---------------------------------------------------------------------------------------------

/** The name of a Windows switch, lower case, without its `/` or `-` and its `:VALUE` (`/LOG+:f` is `log+`); null for any other word. */
export function windowsSwitch(text: string | null): string | null {
  const match = text === null ? null : /^[/-]([A-Za-z?][\w?+-]*)(?::.*)?$/.exec(text);
  return match === null ? null : match[1]!.toLowerCase();
}

/** An operand role for a switch among `names` (`/s HOST`: the query runs on another machine). */
function windowsSwitchRole(role: OperandRole['role'], names: readonly string[], example: string, note: string): OperandRole {
  return { role, operand: 'every', when: (v) => v === null || names.includes(windowsSwitch(v) ?? ''), example, note };
}

const WINDOWS_REMOTE = (program: string): OperandRole => windowsSwitchRole('network', ['s'], '/s', `${program} /s HOST runs the query on another machine (with /u and /p its account)`);

/** ipconfig's switches that only print (Windows), and the macOS ipconfig's reading verbs. */
const IPCONFIG_READS = new Set(['all', 'displaydns', 'showclassid', 'showclassid6', '?', 'getifaddr', 'getoption', 'getpacket', 'getv6packet', 'getsummary', 'getra', 'ifcount', 'getiflist']);

/**
 * icacls with only paths (and /t, /c, /l, /q) prints their access lists; /save writes them to a
 * file; every other switch (/grant, /deny, /remove, /reset, /setowner, /setintegritylevel,
 * /inheritance, /restore, /substitute) changes the rights of what the paths name.
 */
const ICACLS_READS = new Set(['t', 'c', 'l', 'q', 'verify', '?']);

function icaclsForms(_args: readonly Word[], reading: { readonly operands: Word[]; readonly operandIndexes: number[] }): Form[] {
  const forms: Form[] = [];
  const texts = reading.operands.map(textOf);
  const target = reading.operands[0] ?? null;
  texts.forEach((text, k) => {
    const name = windowsSwitch(text);
    const index = reading.operandIndexes[k]!;
    if (text === null) {
      if (k > 0) forms.push({ role: 'destructive', program: 'icacls', trigger: reading.operands[k]!.raw, index, value: target, changes: 'permissions', note: 'a switch only known at run time may change the rights of the paths named' });
      return;
    }
    if (name === null || ICACLS_READS.has(name)) return;
    if (name === 'save') {
      const file = reading.operands[k + 1] ?? null;
      forms.push({ role: 'writer', program: 'icacls', trigger: text, index: reading.operandIndexes[k + 1] ?? index, value: file, note: 'icacls /save writes the access lists to a file' });
      return;
    }
    forms.push({ role: 'destructive', program: 'icacls', trigger: text, index, value: target, changes: 'permissions', note: `icacls ${text} changes the rights (or owner) of the paths named` });
  });
  return forms;
}

/** fsutil's commands that only print: `fsinfo …`, and the query forms of the others. */
function fsutilReads(texts: readonly (string | null)[]): boolean {
  const command = texts[0]?.toLowerCase() ?? null;
  if (command === null) return false;
  if (command === 'fsinfo' || command === 'help' || command === '/?') return true;
  // A command alone prints its usage.
  if (texts.length === 1) return true;
  const verb = texts[1]?.toLowerCase() ?? null;
  if (verb === null) return false;
  const reads: Record<string, readonly string[]> = {
    volume: ['diskfree', 'list', 'querycluster', 'allocationreport'],
    behavior: ['query'],
    dirty: ['query'],
    quota: ['query', 'violations'],
    '8dot3name': ['query', 'scan'],
    file: ['queryallocranges', 'queryextents', 'queryfileid', 'queryfilenamebyid', 'queryoptimizemetadata', 'queryvaliddata', 'querycasesensitiveinfo', 'layout', 'queryea', 'querydv'],
    hardlink: ['list'],
    reparsepoint: ['query'],
    sparse: ['queryflag', 'queryrange'],
    usn: ['queryjournal', 'readdata', 'enumdata', 'readjournal'],
    objectid: ['query'],
    resource: ['info'],
    storagereserve: ['query', 'findbyid'],
    tiering: ['queryflags', 'tierlist'],
    wim: ['enumfiles', 'enumwims', 'queryfile'],
  };
  return (reads[command] ?? []).includes(verb);
}

/** wevtutil's commands that only print (long and short names). */
const WEVTUTIL_READS = new Set(['qe', 'query-events', 'el', 'enum-logs', 'gl', 'get-log', 'gli', 'get-log-info', 'gp', 'get-publisher', 'ep', 'enum-publishers', '/?', '-?']);

/** winget's commands that only read and print (and `--info`, `--version`). */
const WINGET_READS = new Set(['list', 'ls', 'search', 'find', 'show', 'view', 'hash', 'validate', 'features', '--info', '--version', '-v', '-?', '--help']);
/** What `winget upgrade` may be given and still only list the available upgrades. */
const WINGET_LISTING = new Set(['--include-unknown', '-u', '--unknown', '--include-pinned', '--pinned', '--accept-source-agreements', '--disable-interactivity', '--verbose', '--verbose-logs', '--nowarn', '--ignore-warnings']);

/**
 * winget, the Windows package manager. Listing, searching and showing read; `export` writes the
 * list of installed packages to -o FILE (its job); `upgrade` alone lists the upgrades; installing,
 * removing, upgrading, importing, configuring and changing its sources, pins or settings change
 * the machine.
 */
function wingetForms(args: readonly Word[]): Form[] {
  const words = args.map(textOf);
  const verbAt = words.findIndex((word) => word === null || !word.startsWith('-'));
  const verb = verbAt === -1 ? null : words[verbAt]!;
  if (verbAt === -1) return words.every((word) => word !== null && WINGET_READS.has(word)) ? [] : [{ role: 'destructive', program: 'winget', trigger: 'winget', index: -1, value: null, note: 'winget options this row does not know' }];
  const rest = words.slice(verbAt + 1);
  if (verb !== null && WINGET_READS.has(verb.toLowerCase())) return [];
  const lower = verb?.toLowerCase() ?? null;
  if (lower === 'upgrade' || lower === 'update') {
    if (rest.every((word) => word !== null && WINGET_LISTING.has(word))) return [];
  }
  if (lower === 'export') {
    const at = rest.findIndex((word) => word === '-o' || word === '--output');
    const file = at === -1 ? null : (args[verbAt + 1 + at + 1] ?? null);
    return file === null ? [] : [{ role: 'writer', program: 'winget', trigger: 'export', index: verbAt + 1 + at + 1, value: file, target: 'file', everyday: true, note: 'winget export -o writes the list of installed packages to the file' }];
  }
  if ((lower === 'source' || lower === 'pin') && (rest[0] === 'list' || rest[0] === 'export')) return [];
  if (lower === 'settings' && rest[0] === 'export') return [];
  return [{ role: 'destructive', program: 'winget', trigger: verb ?? args[verbAt]!.raw, index: verbAt, value: null, note: 'a winget command that installs, removes, upgrades, imports or configures software, or changes its sources, pins or settings (or one only known at run time)' }];
}

const WINDOWS_ROWS: readonly ProgramRow[] = [
  {
    names: ['winget'],
    category: 'package',
    what: 'the Windows package manager (winget.exe, run from WSL)',
    read: wingetForms,
    plain: ['list', 'search --id Git.Git --exact', 'show Microsoft.PowerToys', 'upgrade', 'upgrade --include-unknown', 'export -o packages.json', 'settings export', 'source list', '--version'],
  },
  {
    names: ['tasklist'],
    category: 'system',
    what: 'lists Windows processes (tasklist.exe, run from WSL)',
    operands: [WINDOWS_REMOTE('tasklist')],
    plain: ['', '/v', '/fo csv', '/fi "imagename eq node.exe"', '/svc /nh'],
  },
  {
    names: ['systeminfo'],
    category: 'system',
    what: 'prints Windows\' configuration (systeminfo.exe, run from WSL)',
    operands: [WINDOWS_REMOTE('systeminfo')],
    plain: ['', '/fo list'],
  },
  {
    // where.exe searches the PATH (or with /r a folder tree) for files matching its patterns.
    names: ['where'],
    category: 'file',
    what: 'prints where Windows finds a program or file on the PATH (where.exe, run from WSL)',
    plain: ['git', '/q node', '/r . *.json', '/t python'],
  },
  {
    names: ['ipconfig'],
    category: 'network',
    what: 'prints (or renews) the network addresses of Windows (ipconfig.exe, run from WSL) or macOS',
    operands: [
      {
        role: 'destructive',
        operand: 'every',
        when: (v) => v === null || (windowsSwitch(v) !== null && !IPCONFIG_READS.has(windowsSwitch(v)!)),
        example: '/release',
        note: 'ipconfig /release, /renew, /flushdns, /registerdns or /setclassid change the machine\'s network addresses or resolver cache',
      },
      { role: 'destructive', operand: 0, when: (v) => v !== null && windowsSwitch(v) === null && !IPCONFIG_READS.has(v.toLowerCase()), example: 'set', note: 'a verb of the macOS ipconfig that changes an interface (set, setverbose …)' },
    ],
    plain: ['', '/all', '/displaydns', 'getifaddr en0'],
  },
  {
    names: ['icacls'],
    category: 'file',
    what: 'prints or changes Windows access lists (icacls.exe, run from WSL)',
    read: icaclsForms,
    plain: ['C:\\Users\\dev\\project', '. /t /c', 'file.txt /verify'],
  },
  {
    names: ['fsutil'],
    category: 'system',
    what: 'queries and changes Windows file systems and volumes (fsutil.exe, run from WSL)',
    read: (_args, reading) => {
      const texts = reading.operands.map(textOf);
      if (texts.length === 0 || fsutilReads(texts)) return [];
      return [{ role: 'destructive', program: 'fsutil', trigger: reading.operands[0]!.raw, index: reading.operandIndexes[0]!, value: reading.operands[1] ?? null, note: 'an fsutil command that changes a file, a volume or the file system\'s settings (dismounting, zeroing, repairing …)' }];
    },
    plain: ['', 'fsinfo drives', 'fsinfo volumeinfo C:', 'volume diskfree C:', 'dirty query C:'],
  },
  {
    names: ['wevtutil'],
    category: 'system',
    what: 'queries and manages Windows event logs (wevtutil.exe, run from WSL)',
    operands: [
      { role: 'destructive', operand: 0, when: (v) => v === null || !WEVTUTIL_READS.has(v.toLowerCase()), example: 'cl', note: 'a wevtutil command that clears, exports, archives or configures an event log, or installs a manifest' },
      windowsSwitchRole('network', ['r'], '/r:server01', 'wevtutil /r:HOST works on another machine\'s logs'),
    ],
    plain: ['el', 'qe System /c:20 /rd:true /f:text', 'gl Application', 'gli System'],
  },
];

// ---------------------------------------------------------------------------------------------
// Clipboards: they keep the text piped into them and run none of it
// ---------------------------------------------------------------------------------------------

const CLIPBOARD_ROWS: readonly ProgramRow[] = [
  {
    names: ['pbcopy', 'pbpaste'],
    category: 'misc',
    what: 'the macOS clipboard: pbcopy keeps its standard input, pbpaste prints it',
    grammar: { singleDash: true, abbreviations: false, long: valued('pboard', 'Prefer') },
    plain: ['', '-pboard find', '-Prefer txt'],
  },
  {
    names: ['clip'],
    category: 'misc',
    what: 'the Windows clipboard (clip.exe, run from WSL): keeps its standard input',
    plain: [''],
  },
  {
    names: ['xclip'],
    category: 'misc',
    what: 'the X11 clipboard: keeps its standard input (or files) or prints the selection (-o)',
    grammar: { singleDash: true, long: { ...valued('selection', 'display', 'target', 'loops'), ...flagged('in', 'out', 'filter', 'rmlastnl', 'silent', 'quiet', 'verbose', 'version', 'help', 'noutf8', 'sensitive') } },
    plain: ['-selection clipboard', '-sel c -o', '-o', 'notes.txt'],
  },
  {
    names: ['xsel'],
    category: 'misc',
    what: 'the X11 selection tool: keeps its standard input or prints the selection',
    grammar: { short: 'dtw', flags: 'abcfikloprsvxzhn', long: { ...valued('display', 'selectionTimeout', 'window-name'), ...flagged('append', 'follow', 'zeroflush', 'input', 'output', 'clear', 'delete', 'primary', 'secondary', 'clipboard', 'keep', 'exchange', 'nodetach', 'logfile', 'verbose', 'version', 'help', 'trim') } },
    plain: ['-b', '-ob', '--clipboard --input'],
  },
  {
    names: ['wl-copy'],
    category: 'misc',
    what: 'the Wayland clipboard: keeps its standard input or the text of its operands',
    grammar: { short: 't', flags: 'onpfcrvh', long: { ...valued('type', 'seat'), ...flagged('trim-newline', 'paste-once', 'primary', 'foreground', 'clear', 'regular', 'version', 'help') } },
    plain: ['', '--primary', '"hello world"'],
  },
];

export const PLATFORM_ROWS: readonly ProgramRow[] = [LAUNCHCTL, OSASCRIPT, NVME, FIO, ASR, DISKUTIL, WSL, CMD, ...WINDOWS_ROWS, ...CLIPBOARD_ROWS];

/**
 * macOS preference writers (D§7: a write outside the workspace reaches a person). `defaults
 * write|delete|rename|import DOMAIN …` rewrites the domain's property list: a domain given as a path
 * is that file, any other the user's `~/Library/Preferences/DOMAIN.plist` (a login hook, a launch
 * agent's settings); the other verbs read. `PlistBuddy -c CMD FILE` edits FILE unless every command
 * only prints.
 */
const DEFAULTS_WRITE_VERBS = new Set(['write', 'delete', 'rename', 'import']);

function defaultsDomainFile(domain: string): string {
  if (domain.startsWith('/') || domain.startsWith('~')) return domain.endsWith('.plist') ? domain : `${domain}.plist`;
  return `~/Library/Preferences/${domain}.plist`;
}

const MACOS_SETTINGS_ROWS: readonly ProgramRow[] = [
  {
    names: ['defaults'],
    category: 'system',
    what: 'reads and writes macOS user and system preferences',
    grammar: { singleDash: true, long: { ...valued('host'), ...flagged('currenthost') } },
    read: (_args, reading) => {
      const verb = textOf(reading.operands[0]);
      if (verb !== null && !DEFAULTS_WRITE_VERBS.has(verb)) return [];
      const domainWord = reading.operands[1];
      const domain = textOf(domainWord);
      const value = domain === null ? (domainWord ?? null) : literalWord(defaultsDomainFile(domain));
      return [{ role: 'writer', program: 'defaults', trigger: verb ?? 'defaults', index: reading.operandIndexes[0] ?? -1, value, target: 'file', note: 'rewrites the preferences of a domain (a property list outside the workspace)' }];
    },
    plain: ['read com.apple.dock', 'domains', 'read-type com.apple.finder AppleShowAllFiles'],
  },
  {
    names: ['plistbuddy'],
    category: 'system',
    what: 'macOS PlistBuddy: prints and edits property list files',
    grammar: { short: 'c', flags: 'xlh' },
    read: (_args, reading) => {
      const commands = optionValues(reading, 'c').map(textOf);
      if (commands.length > 0 && commands.every((command) => command !== null && /^\s*print\b/i.test(command))) return [];
      const file = reading.operands[0];
      return file === undefined ? [] : [{ role: 'writer', program: 'plistbuddy', trigger: '-c', index: reading.operandIndexes[0]!, value: file, target: 'file', note: 'edits the property list file' }];
    },
    plain: ["-c 'Print' Info.plist", "-c 'Print :CFBundleVersion' Info.plist"],
  },
];

/** plutil's verbs that rewrite the property list they are given (in place, or into `-o FILE`). */
const PLUTIL_WRITE_VERBS = new Set(['-insert', '-replace', '-remove', '-convert', '-create']);

/**
 * `plutil -insert|-replace|-remove KEYPATH … FILE`, `-convert FMT FILE`, `-create FMT FILE`: the
 * last word is the file rewritten, unless `-o FILE` names another (`-o -`: standard output);
 * `-extract … -o FILE` writes FILE. `-p`, `-lint`, `-type` and `-extract` to standard output read.
 */
function plutilWrites(args: readonly Word[]): Form[] {
  const verb = args.findIndex((word) => word.kind === 'literal' && (PLUTIL_WRITE_VERBS.has(word.value) || word.value === '-extract'));
  if (verb === -1) return [];
  const outAt = args.findIndex((word, k) => k > verb && word.kind === 'literal' && word.value === '-o');
  const out = outAt === -1 ? undefined : args[outAt + 1];
  if (out !== undefined && out.kind === 'literal' && out.value === '-') return [];
  const extract = (args[verb] as Word & { kind: 'literal' }).value === '-extract';
  const index = out !== undefined ? outAt + 1 : extract ? -1 : args.length - 1;
  const value = out ?? (extract ? undefined : args[args.length - 1]);
  return value === undefined || index < 0 ? [] : [{ role: 'writer', program: 'plutil', trigger: (args[verb] as Word & { kind: 'literal' }).value, index, value, target: 'file', note: 'rewrites the property list file (a launch agent\'s or a program\'s settings)' }];
}

const PLUTIL: ProgramRow = {
  names: ['plutil'],
  category: 'system',
  what: 'macOS plutil: checks, prints, converts and edits property list files',
  read: (args) => plutilWrites(args),
  plain: ['-lint Info.plist', '-p Info.plist', '-extract CFBundleVersion raw -o - Info.plist'],
};

export const SETTINGS_ROWS: readonly ProgramRow[] = [...MACOS_SETTINGS_ROWS, PLUTIL];
