/**
 * Arm `raw-device-write` on positive knowledge (D§5, docs/decisions.md "A device word is a write
 * unless a row places it as read"): a raw block device named anywhere in a command's argv — an
 * operand, an option's value (`-o /dev/sdb`, `--output=/dev/sdb`), a `KEY=` operand (`of=/dev/sdb`,
 * `wipe=/dev/sdc`), an address (`OPEN:/dev/sdb`, `id=0,dest=/dev/sda1`) — is written unless the
 * program's row places that word as read: a `readOnly` row (but for the words its writer forms
 * carry) or the row's `deviceReads` (`lsblk`, `smartctl`, `fdisk -l`, `dd if=`, `cp SRC… DST`).
 * A program with no row, or with words its row cannot place, reads nothing for sure.
 */
import { commandLevels, runsCommand, type CommandLevel } from '../programs/commandLevels';
import { hasOption } from '../programs/grammar';
import { sharesHost, type PathPlace } from '../programs/pathResolver';
import type { DeviceReads, ProgramRow } from '../programs/row';
import { rowFor } from '../programs/table';
import { argvRecord, type SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { createsStorage } from './storageVerbs';
import { onlyInspects } from './deviceInspections';
import { bareDiskPath, isRawBlockDevicePath, wordPathText } from './paths';
import { hasDestructiveWord, unplaced } from './protectedTrees';
import { isPhysicalDrive } from './windowsMachine';

/** Most places inside one word tried as the start of a device path (after `=`, `:`, `,`). */
const MAX_STARTS = 16;

/**
 * The raw block device a word names, or null: the word itself, or the path after an `=`, `:` or `,`
 * (`of=/dev/sda`, `--output=/dev/sda`, `OPEN:/dev/sdb`, `id=0,dest=/dev/sda1`), up to the next `,`
 * or `:` when the whole rest is none (`/dev/sdb,trunc`).
 */
export function deviceInWord(word: Word, bare = false): string | null {
  const text = wordPathText(word);
  // A row that takes disks by their kernel name (`gpart destroy ada1`): the bare word is the device.
  // Also one item of a list or a key's value (`--devices sdb,sdc`, `disk=nvme0n1`).
  if (bare && word.kind === 'literal') {
    for (const piece of text.length <= 256 ? text.split(/[=,:]/).slice(0, MAX_STARTS) : []) {
      const path = bareDiskPath(piece);
      if (path !== null) return path;
    }
  }
  // Windows' name of a whole disk (`\\.\PhysicalDrive1`), handed to a Windows program from WSL.
  if (word.kind === 'literal' && isPhysicalDrive(text)) return text;
  // `/devices/`: the device trees outside `/dev` (ESXi's `/vmfs/devices/`, illumos's `/devices/`).
  if (!text.includes('/dev/') && !text.includes('/proc/') && !text.includes('/devices/')) return null;
  const exact = word.kind === 'literal';
  let tried = 0;
  for (let at = 0; at < text.length && tried < MAX_STARTS; at++) {
    if (text.charCodeAt(at) !== 0x2f || (at > 0 && !SEPARATORS.includes(text[at - 1]!))) continue;
    tried++;
    const rest = text.slice(at);
    if (isRawBlockDevicePath(rest, exact)) return rest;
    const cut = rest.search(/[,:]/);
    if (cut > 0 && isRawBlockDevicePath(rest.slice(0, cut), exact)) return rest.slice(0, cut);
  }
  return null;
}

const SEPARATORS = '=:,@';

/** Whether `reads` places the word at `index` (of the whole argv) as read, at this level. */
function placedAsRead(reads: DeviceReads, level: CommandLevel, argv: readonly Word[], index: number): boolean {
  const { reading, start } = level;
  if (reads.dryRun !== undefined && hasOption(reading, ...reads.dryRun)) return true;
  if (reads.unlessOptions !== undefined && hasOption(reading, ...reads.unlessOptions)) return false;
  if (reads.every === true) return true;
  if (reads.operandsAtMost !== undefined && reading.operands.length <= reads.operandsAtMost) return true;
  if (reads.withOptions !== undefined && hasOption(reading, ...reads.withOptions)) return true;
  if (reads.withOperands !== undefined && reading.operands.some((word) => word.kind === 'literal' && reads.withOperands!.includes(word.value))) return true;
  const local = index - start;
  if (reads.operands !== undefined) {
    const k = reading.operandIndexes.indexOf(local);
    if (k === 0 && reads.operands === 'first') return true;
    if (k !== -1 && reads.operands === 'all-but-last' && k < reading.operands.length - 1) return true;
  }
  if (reads.options !== undefined && reading.options.some((option) => (option.index === local || option.valueIndex === local) && reads.options!.some((name) => name === option.key || name === option.name))) {
    return true;
  }
  const word = argv[index];
  if (reads.keys !== undefined && word !== undefined && word.kind === 'literal') {
    const eq = word.value.indexOf('=');
    if (eq > 0 && reads.keys.includes(word.value.slice(0, eq))) return true;
  }
  return false;
}

/**
 * The argv indexes whose device words the program's row places as read, as a test; null when the
 * row places none (no row, words it cannot place, a form that rewrites the whole device).
 */
function readPlaces(command: SegmentRecord, name: string): ((index: number) => boolean) | null {
  const row = rowFor(name);
  if (row === null) return null;
  const argv = command.argv;
  const found = command.forms;
  if (found.unreadable !== null) return null;
  // A form of the whole command that changes what it is given (`fdisk /dev/sdb` edits the table).
  if (found.forms.some((form) => form.role === 'destructive' && form.index >= argv.length)) return null;
  const written = new Set<number>();
  for (const form of found.forms) {
    if (form.role !== 'writer' || form.value === null) continue;
    written.add(argv[form.index + 1] === form.value ? form.index + 1 : form.index);
  }
  const levels = commandLevels(row, argv);
  // A runner's command (`podman run IMG mkfs /dev/sdc`) is judged as the command it is.
  if (runsCommand(levels)) return () => true;
  return (index) => {
    if (written.has(index)) return false;
    if (row.readOnly === true) return true;
    return levels.some((level) => level.command.deviceReads !== undefined && placedAsRead(level.command.deviceReads, level, argv, index));
  };
}

/**
 * fio's job writes a device only with a writing `--rw`, which is another option than the one that
 * names the device: its own reader in devices.ts decides, and this arm leaves it alone.
 */
const OWN_DEVICE_READER = new Set(['fio']);

/** A command whose row says it writes this machine's flash or firmware (its row's `flashes`: `mtd write`, `sysupgrade IMG`). */
function checkFlashes(argv: readonly Word[], name: string): HardlineFinding | null {
  const row = rowFor(name);
  if (row === null) return null;
  for (const { command, reading } of commandLevels(row, argv)) {
    const flashes = command.flashes;
    if (flashes === undefined || (flashes.unlessOptions !== undefined && hasOption(reading, ...flashes.unlessOptions))) continue;
    const conditional = flashes.withOperands !== undefined || flashes.withOptions !== undefined || flashes.withAnyOperand === true;
    const operandWord = reading.operands.some((word) => word.kind !== 'literal' || flashes.withOperands?.includes(word.value) === true);
    const given = !conditional || (flashes.withOperands !== undefined && operandWord) || (flashes.withOptions !== undefined && hasOption(reading, ...flashes.withOptions)) || (flashes.withAnyOperand === true && reading.operands.length > 0);
    if (given) return hardlineFinding('raw-device-write', `${name} writes ${flashes.what}`);
  }
  return null;
}

/** A device named by its bare kernel name that the row says is only read without its writing options (OpenBSD's `fdisk sd0`). */
function bareNameRead(row: ProgramRow, command: SegmentRecord, word: Word, device: string): boolean {
  const bare = row.bareDevices;
  if (bare === undefined || bare === true || deviceInWord(word) === device) return false;
  if (command.forms.unreadable !== null) return false;
  const top = commandLevels(row, command.argv)[0];
  return top !== undefined && !hasOption(top.reading, ...bare.readUnlessOptions);
}

/**
 * Where a script a shell runs by its path starts in the argv (`sh Ventoy2Disk.sh -l /dev/sdc`),
 * when the script has a row of its own: its words are then placed by that row, as when it is run
 * directly. Null for a shell given code (`-c`) or a script without a row (its words stay unplaced).
 */
function scriptRunByShell(row: ProgramRow, argv: readonly Word[]): number | null {
  if (row.category !== 'shell') return null;
  const top = commandLevels(row, argv)[0];
  if (top === undefined || hasOption(top.reading, '-c', 'command') || top.reading.operands.length === 0) return null;
  const at = top.start + top.reading.operandIndexes[0]!;
  const name = commandName(argv[at]);
  return name !== null && rowFor(name.name) !== null && rowFor(name.name)!.category !== 'shell' ? at : null;
}

/** The first device word of the argv (program first, wrappers peeled; `command`: its record) that its row does not place as read. */
export function checkDeviceWords(command: SegmentRecord, place: PathPlace): HardlineFinding | null {
  const argv = command.argv;
  // Inside a container a device path is the container's own (class of its own: containers); a
  // chroot's are the host's (pathResolver.ts sharesHost).
  const hostDevices = place.mounts === undefined || sharesHost(place);
  const flashed = hostDevices && argv.length > 0 ? checkFlashes(argv, commandName(argv[0])?.name ?? '') : null;
  if (flashed !== null) return flashed;
  if (argv.length < 2 || !hostDevices) return null;
  const program = commandName(argv[0]);
  if (program === null || OWN_DEVICE_READER.has(program.name)) return null;
  let reads: ((index: number) => boolean) | null | undefined;
  // Bare disk names (`sda`, `nvme0n1`) are devices where the row says so (`gpart destroy ada1`),
  // and, at its worst, for a program the table cannot place given a destructive word
  // (`midclt call disk.wipe sda`; docs/decisions.md "Every block and flash device family") or
  // making a store (`disk fs create store1 --disk sdc`; "Bare disk names in commands that make a store").
  const row = rowFor(program.name);
  if (row === null && onlyInspects(argv, program.name)) return null;
  const script = row === null ? null : scriptRunByShell(row, argv);
  if (script !== null) return checkDeviceWords(argvRecord(argv.slice(script)), place);
  const bare = row?.bareDevices !== undefined || (unplaced(command, program.name) && (hasDestructiveWord(argv, program.name) || createsStorage(argv.map(literalText))));
  for (let k = 1; k < argv.length; k++) {
    const device = deviceInWord(argv[k]!, bare);
    if (device === null) continue;
    if (row !== null && bareNameRead(row, command, argv[k]!, device)) continue;
    reads ??= readPlaces(command, program.name);
    if (reads !== null && reads(k)) continue;
    return hardlineFinding('raw-device-write', `${program.name} given ${device}, which no row places as only read`);
  }
  return composedDeviceWrite(command, program.name);
}

/**
 * A file a row's writer form writes whose path is composed from several words (an output folder
 * and a name: `aria2c -d /dev -o sdb` writes `/dev/sdb`; the record's write targets compose them),
 * when it is a raw block device no single word names.
 */
function composedDeviceWrite(command: SegmentRecord, name: string): HardlineFinding | null {
  for (const write of command.writes) {
    if (write.path === null || !write.path.startsWith('/') || command.argv.some((word) => wordPathText(word) === write.path)) continue;
    if (isRawBlockDevicePath(write.path, true)) return hardlineFinding('raw-device-write', `${name} writes ${write.path} (${write.via})`);
  }
  return null;
}
