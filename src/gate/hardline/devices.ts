/**
 * Arms `mkfs` (formatting or erasing a disk) and `raw-device-write` (writing straight onto a
 * block device), plus the SysRq trigger that reboots the kernel on a write. File-system tools
 * on image files (`mkfs.ext4 ./disk.img`) and writes to harmless devices (`/dev/null`,
 * `/dev/tty`, serial ports) are left alone.
 */
import type { Redirect, Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { hasOption } from '../programs/grammar';
import { rowFor } from '../programs/table';
import { literalText, operands, readByRow } from './commandName';
import { isRawBlockDevice, isRawBlockDevicePath, isSysrqTrigger, wordPathText } from './paths';

/** Formatters named otherwise than `mkfs*` or `newfs*` (one set, not a list made per call). */
const OTHER_FORMATTERS: ReadonlySet<string> = new Set(['mke2fs', 'mkswap', 'mkdosfs', 'mkntfs', 'mkexfatfs', 'mkudffs']);

/** Programs that create a file system (or swap) on their device operand. */
export function isFormatter(name: string): boolean {
  return name.startsWith('mkfs') || name.startsWith('newfs') || OTHER_FORMATTERS.has(name);
}

/** diskutil verbs that erase or repartition a whole disk. */
const DISKUTIL_ERASERS = new Set(['erasedisk', 'erasevolume', 'zerodisk', 'randomdisk', 'secureerase', 'partitiondisk', 'reformat']);

/**
 * The formatter's row names a dry run (`deviceReads.dryRun`: `mke2fs -n`, `mkfs.xfs -N`,
 * `mkfs.lustre --dryrun`) and it is given: it prints what it would create and writes nothing
 * (docs/decisions.md "A formatter's dry run and a tuner's query").
 */
function dryRunByRow(name: string, args: readonly Word[]): boolean {
  const dryRun = rowFor(name)?.deviceReads?.dryRun;
  if (dryRun === undefined) return false;
  const reading = readByRow(name, args);
  return reading !== null && hasOption(reading, ...dryRun);
}

export function checkFormatting(name: string, args: readonly Word[]): HardlineFinding | null {
  if (isFormatter(name)) {
    if (dryRunByRow(name, args)) return null;
    const device = args.find(isRawBlockDevice);
    return device === undefined ? null : hardlineFinding('mkfs', `${name} on ${wordPathText(device)}`);
  }
  if (name === 'wipefs') {
    const all = args.some((word) => {
      const text = literalText(word);
      return text !== null && (text === '--all' || /^-[a-zA-Z]*a/.test(text));
    });
    // `-n`/`--no-act` only says what it would erase.
    const noAct = args.some((word) => {
      const text = literalText(word);
      return text !== null && (text === '--no-act' || /^-[a-zA-Z]*n/.test(text));
    });
    const device = operands(args).find(isRawBlockDevice);
    return all && !noAct && device !== undefined ? hardlineFinding('mkfs', `wipefs -a on ${wordPathText(device)}`) : null;
  }
  if (name === 'diskutil') {
    const [verb, sub] = operands(args).map((word) => literalText(word)?.toLowerCase() ?? null);
    if (verb === 'apfs' && sub !== null && sub !== undefined && DISKUTIL_APFS_ERASERS.has(sub)) return hardlineFinding('mkfs', `diskutil apfs ${sub}`);
    return verb !== null && verb !== undefined && DISKUTIL_ERASERS.has(verb) ? hardlineFinding('mkfs', `diskutil ${verb}`) : null;
  }
  if (name === 'nvme') {
    // `nvme format|sanitize|write-zeroes DEVICE` erases the namespace or the whole drive.
    const [verb, ...rest] = operands(args);
    const text = literalText(verb);
    const device = rest.find(isRawBlockDevice);
    return text !== null && NVME_ERASERS.has(text) && device !== undefined ? hardlineFinding('mkfs', `nvme ${text} on ${wordPathText(device)}`) : null;
  }
  if (name === 'asr') {
    // macOS Apple Software Restore: `restore … --erase` erases the target volume first.
    const texts = args.map(literalText);
    return texts.some((text) => text !== null && /^(?:restore|imagescan)$/.test(text)) && texts.includes('--erase') ? hardlineFinding('mkfs', 'asr restore --erase erases the target volume') : null;
  }
  return null;
}

/** `diskutil apfs` verbs that erase or delete a container or volume. */
const DISKUTIL_APFS_ERASERS = new Set(['deletecontainer', 'erasevolume', 'deletevolume']);
/** nvme-cli commands that erase what they are given. */
const NVME_ERASERS = new Set(['format', 'sanitize', 'write-zeroes']);

/** fio `--rw` modes that write (the default, `read`, does not). */
const FIO_WRITES = /^(?:write|randwrite|rw|readwrite|randrw|trim|randtrim|trimwrite)$/;

function deviceFinding(via: string, device: Word): HardlineFinding {
  return hardlineFinding('raw-device-write', `${via} writing to ${wordPathText(device)}`);
}

/** Programs whose named output is a file they write: dd `of=`, tee, cp, shred, … */
export function checkDeviceWriters(name: string, args: readonly Word[]): HardlineFinding | null {
  switch (name) {
    case 'dd': {
      let output: { text: string; exact: boolean } | null = null;
      for (const word of args) {
        const text = wordPathText(word);
        if (text.startsWith('of=')) output = { text: text.slice(3), exact: word.kind === 'literal' };
      }
      if (output !== null && isRawBlockDevicePath(output.text, output.exact)) {
        return hardlineFinding('raw-device-write', `dd writing to ${output.text}`);
      }
      return null;
    }
    case 'tee': {
      for (const word of operands(args)) {
        if (isRawBlockDevice(word)) return deviceFinding('tee', word);
        if (isSysrqTrigger(word)) return hardlineFinding('shutdown', 'a write to /proc/sysrq-trigger');
      }
      return null;
    }
    case 'shred':
    case 'blkdiscard': {
      const device = operands(args).find(isRawBlockDevice);
      return device === undefined ? null : deviceFinding(name, device);
    }
    case 'badblocks': {
      const writes = args.some((word) => {
        const text = literalText(word);
        return text !== null && /^-[a-zA-Z]*w/.test(text);
      });
      const device = operands(args).find(isRawBlockDevice);
      return writes && device !== undefined ? deviceFinding('badblocks -w', device) : null;
    }
    case 'openssl': {
      // Any openssl command writes its output to `-out FILE` (`openssl enc … -out /dev/sda`).
      for (let k = 0; k < args.length; k++) {
        const text = literalText(args[k]);
        const value = text === '-out' || text === '--out' ? args[k + 1] : undefined;
        if (value !== undefined && isRawBlockDevice(value)) return deviceFinding('openssl -out', value);
      }
      return null;
    }
    case 'fio': {
      // A write job on `--filename=DEV` (`:`-separated names each); fio only reads unless `--rw` says otherwise.
      const texts = args.map((word) => wordPathText(word));
      const value = (option: string): string | undefined => {
        for (let k = 0; k < texts.length; k++) {
          if (texts[k]!.startsWith(`--${option}=`)) return texts[k]!.slice(option.length + 3);
          if (texts[k] === `--${option}`) return texts[k + 1];
        }
        return undefined;
      };
      const mode = value('rw') ?? value('readwrite');
      const files = value('filename');
      if (mode === undefined || !FIO_WRITES.test(mode) || files === undefined) return null;
      const device = files.split(':').find((file) => isRawBlockDevicePath(file, true));
      return device === undefined ? null : hardlineFinding('raw-device-write', `fio --rw=${mode} writing to ${device}`);
    }
    case 'cp':
    case 'ddrescue': {
      const targetOption = cpTargetDirectory(args);
      const rest = operands(args);
      const destination = targetOption ?? (name === 'ddrescue' ? rest[1] : rest.length >= 2 ? rest[rest.length - 1] : undefined);
      return destination !== undefined && isRawBlockDevice(destination) ? deviceFinding(name, destination) : null;
    }
    default:
      return null;
  }
}

function cpTargetDirectory(args: readonly Word[]): Word | undefined {
  for (let k = 0; k < args.length; k++) {
    const text = literalText(args[k]);
    if (text === '-t' || text === '--target-directory') return args[k + 1];
    if (text !== null && text.startsWith('--target-directory=')) {
      const value = text.slice('--target-directory='.length);
      return { kind: 'literal', value, raw: value };
    }
  }
  return undefined;
}

/** Output redirections (`>`, `>>`, `&>`, `<>`, …) onto a block device or the SysRq trigger. */
export function checkRedirects(redirects: readonly Redirect[]): HardlineFinding | null {
  for (let k = 0; k < redirects.length; k++) {
    const redirect = redirects[k]!;
    if (redirect.op === '<' || redirect.op === '<&') continue;
    if (redirect.op === '>&') {
      const text = literalText(redirect.target);
      if (text !== null && /^(?:[0-9]+|-)$/.test(text)) continue;
    }
    if (isRawBlockDevice(redirect.target)) return deviceFinding(`a redirect (${redirect.op})`, redirect.target);
    if (isSysrqTrigger(redirect.target)) return hardlineFinding('shutdown', 'a write to /proc/sysrq-trigger');
  }
  return null;
}
