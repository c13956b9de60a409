/**
 * Listings the floor reads at their worst (D§5; docs/decisions.md "System files that list paths
 * are read at their worst"): what a command prints that no one can compute here but whose kind is
 * known from its row (`printsAtWorst`). `getent passwd` prints account lines, `lsblk` the
 * machine's disks, and `cat`, `head`, `sort`, `cut` … print their files, of which the system files
 * that list paths (`/etc/shells`, `/etc/passwd`) hold at worst what `paths.ts` says. The field
 * selections of `cut -d D -f N` and `awk -F D '{print $N}'` are computed on that text (or on what
 * flows in), so `getent passwd | cut -d: -f6 | xargs rm -rf` reads as the homes it deletes.
 * Approximate: never exact, a piece of what flows for the arms to judge.
 */
import type { Word } from '../reading/resolution';
import { rowFor } from '../programs/table';
import { commandLevels } from '../programs/commandLevels';
import { commandName, hasOption, literalText, operands, readByRow } from './commandName';
import { accountLinesAtWorst, systemListAtWorst } from './paths';
import { essentialPackagesAtWorst } from './essentialPackages';
import type { Produced } from './dataFlow';
import { keepsEveryLine, type PipedCommand } from './processes';

/** Disk names as `lsblk` prints them: a SATA/SCSI disk, an NVMe disk, an SD card or eMMC. */
const DISKS_AT_WORST = ['sda', 'nvme0n1', 'mmcblk0'];

/**
 * What a listing of the machine's file systems holds at its worst (a row's `printsAtWorst:
 * 'mounts'`): the devices they live on, whole disks and partitions, and their mount points, the
 * root and the system and home folders among them. Read as a listing: whatever column a field
 * selection keeps (`findmnt -no SOURCE /`, `df --output=target | tail -n +2`, `mount | awk
 * '{print $1}'`) is one of these lines at worst (docs/decisions.md "Listings of every mount,
 * process and terminal").
 */
const MOUNTS_AT_WORST = ['/dev/sda', '/dev/sda1', '/dev/nvme0n1', '/dev/nvme0n1p1', '/dev/mmcblk0p1', '/', '/boot', '/home'];

/**
 * What `argv` prints at worst by its row (`printsAtWorst`) or its field selection; `input` is what
 * flows into it (asked only when it reads no file). Null when the floor knows nothing of it.
 */
export function printedAtWorst(argv: readonly Word[], input: () => Produced | null): Produced | null {
  const name = commandName(argv[0])?.name;
  if (name === undefined) return null;
  const args = argv.slice(1);
  const packages = listedPackages(name, args);
  if (packages !== null) return packages;
  const kind = rowFor(name)?.printsAtWorst;
  const fields = fieldSelection(name, args);
  if (kind === undefined && fields === null) return null;
  const reading = readByRow(name, args);
  if (kind === 'accounts') {
    const words = reading?.operands ?? operands(args);
    if (literalText(words[0]) !== 'passwd') return null;
    const names = words.slice(1).map(literalText);
    return { texts: [accountLinesAtWorst(names.some((one) => one === null) ? [] : (names as string[]))], exact: false };
  }
  if (kind === 'block-devices') {
    // `-p`, or the `PATH` column among those `-o` asks for (`lsblk -ndo PATH`), prints `/dev/` paths.
    const paths = reading !== null && (hasOption(reading, '-p', '--paths') || reading.options.some((option) => (option.name === '-o' || option.name === '--output') && option.value !== null && /(?:^|,)PATH(?:,|$)/i.test(literalText(option.value) ?? '')));
    return { texts: [DISKS_AT_WORST.map((disk) => (paths ? `/dev/${disk}` : disk)).join('\n')], exact: false };
  }
  if (kind === 'mounts') {
    // `mount` with operands mounts; with none (or only its listing options) it lists.
    if (name === 'mount' && (reading?.operands ?? operands(args)).length > 0) return null;
    return { texts: [MOUNTS_AT_WORST.join('\n')], exact: false, listing: true };
  }
  const files = fields?.files ?? reading?.operands ?? operands(args);
  let text: string | null;
  if (files.length === 0 || files.every((word) => literalText(word) === '-')) {
    if (fields === null) return null;
    const given = input();
    if (given === null) return null;
    // A listing's fields are unknown here (`du -a /opt | awk '{print $2}'` prints its paths): kept whole.
    if (given.listing === true) return given;
    if (fields.listingOnly === true) return null;
    const texts = [...new Set(given.texts.map(fields.apply))];
    return { texts, exact: given.exact && fields.picks !== true };
  }
  const contents = files.map((word) => systemListAtWorst(literalText(word) ?? '')).filter((one): one is string => one !== null);
  if (contents.length === 0 || fields?.listingOnly === true) return null;
  text = contents.join('\n');
  if (fields !== null) text = fields.apply(text);
  return { texts: [text], exact: false };
}

/** Every installed package, at worst the essential ones, when the row's `listsPackages` says the command lists them all. */
function listedPackages(name: string, args: readonly Word[]): Produced | null {
  return listsEveryPackage(name, args) ? { texts: [essentialPackagesAtWorst()], exact: false } : null;
}

/**
 * The command (program `name`, words `args`) prints every installed package: a `listsPackages` of
 * its row or of the subcommand it reaches (`apt list --installed`, `apk info`), one option of each
 * group, none narrowing, no operand (a pattern).
 */
export function listsEveryPackage(name: string, args: readonly Word[]): boolean {
  const row = rowFor(name);
  if (row === null || args.some((word) => word.kind !== 'literal')) return false;
  const levels = commandLevels(row, [{ kind: 'literal', value: name, raw: name }, ...args]);
  const level = levels[levels.length - 1]!;
  const lists = level.command.listsPackages;
  if (lists === undefined) return false;
  const reading = level.start === 1 ? (readByRow(name, args) ?? level.reading) : level.reading;
  if (reading.operands.length > 0) return false;
  return lists.with.every((group) => hasOption(reading, ...group)) && !hasOption(reading, ...(lists.narrowing ?? []));
}

interface FieldSelection {
  apply: (text: string) => string;
  /** Only a listing is read through it (its fields or lines are not computed: `NR>1 {print $NF}`). */
  listingOnly?: true;
  /** A line pattern picks some lines: the fields of every line are at worst what it prints, not exactly. */
  picks?: true;
  /** The files it reads (none: its standard input). */
  files: readonly Word[];
}

/**
 * `cut -d D -f LIST` and `awk [-F D] '{print $N[, $M…]}'`: the fields each line keeps, computed
 * (LIST as cut writes it: `6`, `1,6`, `2-4`, `5-`, `-3`). Null for any other form.
 */
export function fieldSelection(name: string, args: readonly Word[]): FieldSelection | null {
  if (args.some((word) => word.kind !== 'literal')) return null;
  if (name === 'cut') {
    const reading = readByRow('cut', args);
    if (reading === null) return null;
    let delimiter = '\t';
    let list: string | null = null;
    for (const option of reading.options) {
      const value = option.value === null ? null : literalText(option.value);
      if ((option.name === '-d' || option.name === '--delimiter') && value !== null && value.length === 1) delimiter = value;
      else if ((option.name === '-f' || option.name === '--fields') && value !== null) list = value;
      else if (option.name !== '-s' && option.name !== '--only-delimited') return null;
    }
    const keep = list === null ? null : fieldList(list);
    if (keep === null) return null;
    return { apply: (text) => mapLines(text, (line) => (line.includes(delimiter) ? line.split(delimiter).filter((_, index) => keep(index + 1)).join(delimiter) : line)), files: reading.operands };
  }
  if (name === 'awk' || name === 'gawk' || name === 'mawk' || name === 'nawk') {
    const words = args.map((word) => literalText(word)!);
    let separator: string | null = null;
    let k = 0;
    for (; k < words.length && words[k]!.startsWith('-F'); k++) separator = words[k] === '-F' ? (words[++k] ?? null) : words[k]!.slice(2);
    // A line pattern before the action (`$3>=1000 {print $6}`) only picks lines: at worst every
    // line passes, so the fields are computed on all of them.
    const program = /^\s*(?:[\w\s$()<>=!&|+\-^.*]*[^\s{])?\s*\{\s*print\s+((?:\$\d+\s*,\s*)*\$\d+)\s*;?\s*\}\s*$/.exec(words[k] ?? '');
    // A program that only picks lines and prints fields (`NR>1 {print $NF}`, `/x/ {print $2}`):
    // not computed, but a listing read through it stays the listing.
    if (program === null && AWK_FIELD_PICK.test(words[k] ?? '')) return { apply: (text) => text, files: args.slice(k + 1), listingOnly: true };
    if (program === null || (separator !== null && separator.length !== 1)) return null;
    const picked = program[1]!.split(',').map((field) => Number(field.trim().slice(1)));
    const split = (line: string): string[] => (separator === null ? line.trim().split(/[ \t]+/) : line.split(separator));
    const picks = /^\s*\{/.test(words[k] ?? '') ? {} : { picks: true as const };
    return { apply: (text) => mapLines(text, (line) => picked.map((field) => (field === 0 ? line : (split(line)[field - 1] ?? ''))).join(' ')), files: args.slice(k + 1), ...picks };
  }
  return null;
}

/** An awk program of a line pattern (string constants to compare with, no calls) and an action printing fields only. */
const AWK_FIELD_PICK = /^\s*(?:[\w\s$()<>=!&|+\-/^.*]|"[^"\\]*")*\{\s*print\s+(?:\$(?:\d+|NF|\(NF\s*-\s*\d+\))\s*,?\s*)+;?\s*\}\s*$/;

/** cut's LIST (`1,6`, `2-4`, `5-`, `-3`) as a test on 1-based field numbers; null when unread. */
function fieldList(list: string): ((field: number) => boolean) | null {
  const ranges: Array<[number, number]> = [];
  for (const part of list.split(',')) {
    const match = /^(\d*)-?(\d*)$/.exec(part);
    if (match === null || part === '' || part === '-') return null;
    const from = match[1] === '' ? 1 : Number(match[1]);
    const to = part.includes('-') ? (match[2] === '' ? Infinity : Number(match[2])) : from;
    ranges.push([from, to]);
  }
  return (field) => ranges.some(([from, to]) => field >= from && field <= to);
}

function mapLines(text: string, each: (line: string) => string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : each(line)))
    .join('\n');
}

/**
 * The pipeline ending in `command` prints every installed package: a listing of them all
 * ({@link listsEveryPackage}), then only filters that keep every line (`cut -d/ -f1`, `tail -n +2`,
 * `awk '{print $1}'`, `sort`). A pattern or `grep` picks some (`dpkg -l | awk '/^rc/ {print $2}'`,
 * `dpkg -l | grep linux-image`): never read so (docs/decisions.md "Listings of every mount,
 * process and terminal").
 */
export function printsEveryPackage(command: PipedCommand, inside: (command: PipedCommand) => readonly Word[]): boolean {
  const argv = inside(command);
  const name = commandName(argv[0])?.name;
  if (name === undefined) return false;
  if (listsEveryPackage(name, argv.slice(1))) return true;
  return command.pipedFrom !== null && keepsEveryLine(name, argv.slice(1)) && printsEveryPackage(command.pipedFrom, inside);
}
