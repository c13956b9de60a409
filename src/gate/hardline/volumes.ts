/**
 * Arm `mkfs`, continued: the partition, volume and firmware tools that erase what a disk holds
 * without formatting it — a partition table zapped (`sgdisk --zap-all`, `sfdisk --delete`,
 * `parted DEV mklabel`), an encrypted volume formatted or its keys erased (`cryptsetup
 * luksFormat|erase`), a pool or volume destroyed (`zpool destroy`, `zfs destroy -r`, `lvremove`,
 * `vgremove`, `pvremove`), a RAID member's superblock zeroed (`mdadm --zero-superblock`), a
 * firmware chip written (`flashrom -w|-E`), FreeBSD's `gpart destroy|delete`. Listing and printing forms (`sgdisk -p`, `sfdisk -l`,
 * `parted DEV print`, `zfs destroy pool/fs@snap`) are left alone; where a tool acts on a device
 * operand, the operand must be a raw block device (an image file is not the machine's disk).
 */
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { literalText, operands } from './commandName';
import { isRawBlockDevice, wordPathText } from './paths';

/** The programs this arm reads. */
export const VOLUME_PROGRAMS: ReadonlySet<string> = new Set([
  'sgdisk', 'sfdisk', 'parted', 'cryptsetup', 'zpool', 'zfs', 'lvremove', 'vgremove', 'pvremove', 'mdadm', 'flashrom', 'gpart',
]);

/**
 * FreeBSD's gpart verbs that remove a disk's partition table or partitions (`gpart destroy -F
 * ada0`, `gpart delete -i 2 da0`); its operand is a disk's name (`ada0`), not a `/dev` path.
 */
const GPART_ERASING = new Set(['destroy', 'delete']);

/** sgdisk options that destroy or rewrite the partition table (short forms cluster: `-oZ`). */
const SGDISK_LONG = new Set(['--zap-all', '--zap', '--clear', '--delete', '--mbrtogpt', '--load-backup', '--replicate', '--randomize-guids']);
const SGDISK_SHORT = /^-[A-Za-z]*[ZzodlRG]/;

/** sfdisk options after which it only reads. */
const SFDISK_READING = new Set(['-l', '--list', '-d', '--dump', '-s', '--show-size', '-V', '--verify', '-J', '--json', '-g', '--show-geometry', '-F', '--list-free', '--list-types', '-T', '-h', '--help', '-v', '--version', '--show-pt-geometry']);

/** parted commands that rewrite the partition table. */
const PARTED_WRITING = new Set(['mklabel', 'mktable', 'rm', 'mkpart', 'mkpartfs', 'resize', 'resizepart', 'rescue', 'move', 'cp']);

/** cryptsetup actions that destroy a volume's data or its keys. */
const CRYPTSETUP_ERASING = new Set(['luksformat', 'erase', 'lukserase', 'reencrypt']);

export function checkVolumes(name: string, args: readonly Word[]): HardlineFinding | null {
  const texts = args.map(literalText);
  const device = (): Word | undefined => operands(args).find(isRawBlockDevice);
  switch (name) {
    case 'sgdisk': {
      const zap = texts.find((text) => text !== null && (SGDISK_LONG.has(text.split('=', 1)[0]!) || (!text.startsWith('--') && SGDISK_SHORT.test(text))));
      const target = device();
      return zap !== undefined && target !== undefined ? hardlineFinding('mkfs', `sgdisk ${zap} on ${wordPathText(target)}`) : null;
    }
    case 'sfdisk': {
      if (texts.some((text) => text !== null && SFDISK_READING.has(text.split('=', 1)[0]!))) return null;
      const target = device();
      // `sfdisk DEV` writes the table read from its input; `--delete DEV` removes partitions.
      return target !== undefined ? hardlineFinding('mkfs', `sfdisk writing the partition table of ${wordPathText(target)}`) : null;
    }
    case 'parted': {
      const target = device();
      const command = texts.find((text) => text !== null && PARTED_WRITING.has(text.toLowerCase()));
      return target !== undefined && command !== undefined ? hardlineFinding('mkfs', `parted ${command} on ${wordPathText(target)}`) : null;
    }
    case 'cryptsetup': {
      const action = operands(args).map(literalText).find((text) => text !== null && CRYPTSETUP_ERASING.has(text.toLowerCase()));
      const target = device();
      return action !== undefined && target !== undefined ? hardlineFinding('mkfs', `cryptsetup ${action} on ${wordPathText(target)}`) : null;
    }
    case 'zpool': {
      const verb = literalText(operands(args)[0]);
      return verb === 'destroy' || verb === 'labelclear' ? hardlineFinding('mkfs', `zpool ${verb} removes a storage pool and what it holds`) : null;
    }
    case 'zfs': {
      const ops = operands(args);
      if (literalText(ops[0]) !== 'destroy') return null;
      // `-n` is a dry run that only says what would go.
      if (texts.some((text) => text !== null && /^-[A-Za-z]*n/.test(text))) return null;
      const recursive = texts.some((text) => text !== null && /^-[A-Za-z]*[rR]/.test(text));
      return recursive ? hardlineFinding('mkfs', 'zfs destroy -r removes a dataset with everything under it') : null;
    }
    case 'lvremove':
    case 'vgremove':
    case 'pvremove':
      if (texts.some((text) => text === '--help' || text === '-h' || text === '--version')) return null;
      return operands(args).length > 0 || texts.some((text) => text === '--all' || text === '-a') ? hardlineFinding('mkfs', `${name} removes a logical volume, volume group or physical volume`) : null;
    case 'gpart': {
      const [verb, ...rest] = operands(args).map(literalText);
      // `-i N` and `-F` are read as options; the disk is the verb's last operand.
      return verb !== null && verb !== undefined && GPART_ERASING.has(verb) && (rest.length > 0 || args.length > 1) ? hardlineFinding('mkfs', `gpart ${verb} removes a disk's partition table or partitions`) : null;
    }
    case 'mdadm':
      return texts.includes('--zero-superblock') ? hardlineFinding('mkfs', 'mdadm --zero-superblock erases what makes disks one array') : null;
    case 'flashrom':
      return texts.some((text) => text !== null && (text === '--write' || text === '--erase' || /^-[A-Za-z]*[wE]/.test(text) || text.startsWith('--write=')))
        ? hardlineFinding('mkfs', 'flashrom writing or erasing a firmware chip')
        : null;
    default:
      return null;
  }
}
