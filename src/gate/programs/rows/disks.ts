import { flagged, textOf, valued, type Grammar } from '../grammar';
import { uploadsToRemote, type Command, type Form, type OptionRole, type ProgramRow } from '../row';
import { verbRow } from './platforms';

/**
 * Disk and file-system tools whose everyday work names a raw block device without overwriting it:
 * they list, query, check, mount, copy from or tune it. Each row says with `deviceReads` where a
 * device word only reads (D§5 raw-device-write, `hardline/deviceWords.ts`); a device word a row does
 * not place there, or a program with no row, is a write (`partclone.ext4 -r -s img -o /dev/sda2`).
 * Forms that do overwrite a device (`cryptsetup luksFormat`, `hdparm --security-erase`, `badblocks -w`)
 * are left out of `deviceReads`, or out of a strict grammar, on purpose.
 */

/** Subcommands (a program's actions) that share one grammar; `reads` are those that only read the device. */
function actions(grammar: Grammar, reads: readonly string[], others: Readonly<Record<string, Command>> = {}): Record<string, Command> {
  const out: Record<string, Command> = { ...others };
  for (const verb of reads) out[verb] = { grammar, deviceReads: { every: true } };
  return out;
}

/**
 * The header dumps read the device; with `--dump-volume-key` (`--dump-master-key`) they print the
 * volume's key, which decrypts the whole volume whatever its passphrases: a secret an entry for
 * the dump does not spell.
 */
const CRYPTSETUP_DUMP_KEY: OptionRole = { role: 'credentials', options: ['--dump-volume-key', '--dump-master-key'], note: 'prints the volume key, which decrypts the whole volume' };

const CRYPTSETUP_GRAMMAR: Grammar = {
  short: 'cdhsoSbtlIT',
  flags: 'qvyrM',
  long: {
    ...valued('type', 'cipher', 'hash', 'key-file', 'keyfile-size', 'keyfile-offset', 'key-size', 'key-slot', 'offset', 'skip', 'size', 'header', 'iter-time', 'pbkdf', 'label', 'subsystem', 'uuid', 'sector-size', 'timeout', 'tries', 'token-id', 'master-key-file', 'volume-key-file', 'header-backup-file', 'dump-json-metadata'),
    ...flagged('batch-mode', 'verbose', 'debug', 'readonly', 'allow-discards', 'persistent', 'test-passphrase', 'dump-master-key', 'dump-volume-key', 'help', 'version', 'disable-locks'),
  },
};

const CRYPTSETUP_DUMP: Command = { grammar: CRYPTSETUP_GRAMMAR, deviceReads: { every: true }, options: [CRYPTSETUP_DUMP_KEY] };

const UDISKSCTL_GRAMMAR: Grammar = { short: 'bpdotf', flags: 'hr', long: { ...valued('block-device', 'object-path', 'drive', 'filesystem-type', 'options', 'file', 'offset', 'size'), ...flagged('no-user-interaction', 'read-only', 'force', 'help') } };

const FSARCHIVER_GRAMMAR: Grammar = { short: 'jzZcLse', flags: 'vdaAxoh', long: {} };

const QEMU_IMG_GRAMMAR: Grammar = { short: 'fFOoblmtTcW', flags: 'hnpquUS', long: { ...valued('object', 'image-opts', 'target-image-opts', 'output', 'target-is-zero'), ...flagged('help', 'force-share', 'salvage') } };

/** OpenWrt's mtd: options before the verb; `-e PART` erases, `-j FILE` appends to a JFFS2 partition. */
const MTD_GRAMMAR: Grammar = { short: 'ejlspodct', flags: 'qnrfh', long: {} };

/** rauc's options (global and its subcommands'), rauc(1). */
const RAUC_GRAMMAR: Grammar = {
  short: 'c',
  flags: 'dh',
  long: { ...valued('conf', 'cert', 'key', 'keyring', 'intermediate', 'mount', 'override-boot-slot', 'output-format', 'handler-args', 'signing-keyring', 'encryption-key', 'transaction-id'), ...flagged('debug', 'version', 'help', 'detailed', 'progress', 'ignore-compatible', 'no-verify', 'dump-cert', 'dump-recipients', 'trust-environment') },
};

/** The options Veritas' vxdisk and vxdg share before their verb (`-g DG`, `-o alldgs`, `-f`). */
const VX_GRAMMAR: Grammar = { short: 'gonxtC', flags: 'fepsqvkT', long: {} };

/** mtd's verbs that write or erase the partition they name (`mtd write IMG firmware`). */
const MTD_WRITING = ['write', 'erase', 'jffs2write', 'fixtrx', 'fixseama', 'fixwrg', 'fixwrgg'];

/** OpenWrt's sysupgrade: `-b FILE` saves and `-r FILE` restores the configuration, `-l` lists it, `-T` only tests the image. */
const SYSUPGRADE_GRAMMAR: Grammar = { short: 'fbr', flags: 'dvqnckopuiFTlh', long: { ...valued('force'), ...flagged('help', 'test', 'list-backup', 'ignore-minor-compat-version') } };

/**
 * A `subvolume` group (btrfs, bcachefs) under each of its spellings (btrfs takes any unambiguous
 * prefix) whose `delete` removes every path it is given, with everything in it.
 */
function subvolumeDeletes(spellings: readonly string[]): Record<string, Command> {
  const remove: Command = { removesOperands: 'every' };
  const group: Command = { subcommands: { delete: remove, del: remove, de: remove, d: remove } };
  return Object.fromEntries(spellings.map((spelling) => [spelling, group]));
}

export const DISK_ROWS: readonly ProgramRow[] = [
  {
    names: ['bcachefs'],
    category: 'system',
    what: 'manages bcachefs file systems, devices and subvolumes',
    // Formatting and device changes are taken to write the devices they name; the listing and
    // checking verbs read them.
    deviceReads: { withOperands: ['show-super', 'fs', 'usage', 'fsck', 'list', 'mount', 'unlock', 'dump'] },
    subcommands: subvolumeDeletes(['subvolume']),
    plain: ['fs usage /mnt'],
  },
  {
    // Mirror backup tools: with --force the destination is made like the source, whatever it held
    // (`rdiff-backup --force EMPTY DEST`, a restore over a folder), as `rsync --delete` does.
    names: ['rdiff-backup'],
    category: 'file',
    what: 'backs up a folder as a mirror with reverse increments, and restores it',
    options: [
      { role: 'destructive', options: ['--force'], removesOperands: 'last', note: '--force overwrites the destination with the source, removing what the source lacks' },
      { role: 'executor', options: ['--remote-schema'], payload: 'shell-text', example: 'ssh -C %s rdiff-backup --server', note: '--remote-schema is the command run to reach the other side' },
    ],
    operands: [{ role: 'network', operand: 'every', when: (t) => t === null || t.includes('::'), everyday: true, example: 'backup@host::/srv/backup', note: 'HOST::PATH backs up to or restores from another host' }],
    // A backup to HOST::PATH sends its sources there.
    read: uploadsToRemote((text) => text.includes('::'), 'rdiff-backup sends the folder it backs up to the host'),
    plain: ['--version', 'list increments backup/'],
  },

  {
    // A router's or board's own flash, named by its partition label (`firmware`, `u-boot`) rather
    // than a `/dev/mtdN` path: the verbs that write or erase it, and `-e PART`, write this machine's flash.
    names: ['mtd'],
    category: 'system',
    what: "reads, writes and erases OpenWrt's raw flash partitions by their label",
    grammar: MTD_GRAMMAR,
    operands: [{ role: 'destructive', operand: 0, when: (text) => text === null || MTD_WRITING.includes(text), example: 'write', note: 'write, erase and jffs2write rewrite a flash partition of this machine' }],
    options: [{ role: 'destructive', options: ['-e'], note: '-e erases the named flash partition first' }],
    flashes: { what: 'a flash partition of this machine', withOperands: MTD_WRITING, withOptions: ['e'] },
    plain: ['dump firmware', 'verify fw.bin firmware'],
  },
  {
    // RAUC, the A/B updater of embedded Linux (docs/decisions.md "Storage managers' destroying
    // verbs"): `info` and `status` print; `status mark-good|mark-bad|mark-active SLOT` changes
    // which slot boots next (a form an entry must spell); `install BUNDLE` and `write-slot SLOT
    // IMAGE` write this machine's slots (a root file system, the bootloader). Its other verbs
    // (`bundle`, `resign`, `mount`, `service` …) are not listed: not placed.
    names: ['rauc'],
    category: 'system',
    what: "installs update bundles into an A/B system's slots and reports their state (RAUC)",
    grammar: RAUC_GRAMMAR,
    subcommands: {
      info: { grammar: RAUC_GRAMMAR },
      status: {
        grammar: RAUC_GRAMMAR,
        operands: [{ role: 'destructive', operand: 0, when: (text) => text === null || text.startsWith('mark-'), example: 'mark-bad', note: 'rauc status mark-good|mark-bad|mark-active changes which slot boots next' }],
      },
      extract: { grammar: RAUC_GRAMMAR, operands: [{ role: 'writer', operand: 1, everyday: true, example: './bundle', note: 'rauc extract writes the bundle\'s files into the folder given' }] },
      install: { grammar: RAUC_GRAMMAR, flashes: { what: "this machine's inactive slots (the system the next boot runs)", withAnyOperand: true } },
      'write-slot': { grammar: RAUC_GRAMMAR, flashes: { what: 'a slot of this machine (a root file system or the bootloader)' } },
    },
    plain: ['status', 'status --detailed', 'status --output-format=json-pretty', 'info update.raucb'],
  },
  {
    // Veritas Volume Manager's disks and disk groups: listings print; `vxdisk init`/`destroy`
    // write or remove a disk's private region, `vxdg destroy` ends a disk group with its volumes,
    // and `vxdisksetup` initialises the disk it is given. Verbs not listed are not placed.
    names: ['vxdisk'],
    category: 'system',
    what: 'lists, initialises and removes Veritas Volume Manager disks',
    grammar: VX_GRAMMAR,
    subcommands: {
      list: { grammar: VX_GRAMMAR },
      path: { grammar: VX_GRAMMAR },
      scandisks: { grammar: VX_GRAMMAR },
      init: { grammar: VX_GRAMMAR, flashes: { what: "the disk it initialises (its contents' layout overwritten)" } },
      destroy: { grammar: VX_GRAMMAR, flashes: { what: "the disk whose private region it removes" } },
    },
    plain: ['list', '-o alldgs list', 'path', 'list c2t1d0'],
  },
  {
    names: ['vxdg'],
    category: 'system',
    what: 'lists and manages Veritas Volume Manager disk groups',
    grammar: VX_GRAMMAR,
    subcommands: {
      list: { grammar: VX_GRAMMAR },
      free: { grammar: VX_GRAMMAR },
      spare: { grammar: VX_GRAMMAR },
      destroy: { grammar: VX_GRAMMAR, flashes: { what: 'a disk group and every volume on it' } },
    },
    plain: ['list', '-g datadg free', 'list datadg'],
  },
  {
    names: ['vxdisksetup'],
    category: 'system',
    what: 'configures a disk for Veritas Volume Manager, writing its private region',
    grammar: { short: '', flags: 'ifvBe', long: {} },
    flashes: { what: 'the disk it configures (its layout overwritten)', withAnyOperand: true },
  },
  {
    // Flashes the running system with a new image (`-n`: without keeping the configuration).
    names: ['sysupgrade'],
    category: 'system',
    what: "flashes an OpenWrt system image over the running system, or saves and restores its configuration",
    grammar: SYSUPGRADE_GRAMMAR,
    // No destructive role on the image operand: `-T IMG` only tests it, and every flashing form is
    // the floor's (`flashes`), which no entry lifts.
    options: [{ role: 'writer', options: ['-b'], target: 'file', everyday: true, example: 'backup.tar.gz', note: '-b saves the configuration into a file' }],
    flashes: { what: 'the system image of this machine', withAnyOperand: true, unlessOptions: ['T', 'test', 'l', 'list-backup', 'h', 'help'] },
    plain: ['-l', '-b /tmp/backup.tar.gz', '-T openwrt.img'],
  },
  {
    // OpenWrt's factory reset: erases the overlay, every setting and package installed since.
    names: ['firstboot', 'jffs2reset'],
    category: 'system',
    what: "resets OpenWrt to its factory state by erasing the flash overlay",
    grammar: { short: '', flags: 'yrk', long: {} },
    options: [{ role: 'destructive', options: ['-y'], note: 'erases the flash overlay without asking' }],
    flashes: { what: "this machine's flash overlay (every setting)", unlessOptions: [] },
  },
  {
    // The Raspberry Pi's bootloader EEPROM: `-a`/`-d` apply the distribution's signed release (an
    // everyday update, as fwupd's are); `-f FILE` writes the image given.
    names: ['rpi-eeprom-update'],
    category: 'system',
    what: "checks and updates the Raspberry Pi's bootloader EEPROM",
    grammar: { short: 'fiu', flags: 'adhlrs', long: {} },
    options: [{ role: 'destructive', options: ['-f'], example: 'pieeprom.bin', note: '-f writes the given image to the bootloader EEPROM' }],
    flashes: { what: "this machine's bootloader EEPROM", withOptions: ['f'] },
    plain: ['', '-l'],
  },
  {
    names: ['blkid'],
    category: 'system',
    what: 'prints the type, label and UUID of block devices',
    readOnly: true,
    // Every device it finds, by path: at worst the machine's disks and partitions.
    printsAtWorst: 'mounts',
    grammar: { short: 'csoMpOSntuU', flags: 'dghiklLrVw', long: {} },
    plain: ['', '-s UUID -o value /dev/sda2', '-o list'],
  },
  {
    names: ['smartctl'],
    category: 'system',
    what: 'reads and controls the SMART self-monitoring of drives',
    grammar: { short: 'dTbrnFPBlsot', flags: 'hViaAxHcqjS', long: { ...valued('device', 'tolerance', 'badsum', 'report', 'nocheck', 'firmwarebug', 'presets', 'drivedb', 'log', 'smart', 'offlineauto', 'saveauto', 'set', 'get', 'test', 'format', 'quietmode', 'attributes', 'identify'), ...flagged('help', 'version', 'info', 'all', 'xall', 'scan', 'scan-open', 'health', 'capabilities', 'json', 'abort') } },
    // Self-tests and settings (`-t long`, `-s on`) run inside the drive and keep its data.
    deviceReads: { every: true },
    plain: ['-a /dev/sda', '-H /dev/nvme0n1', '--scan'],
  },
  {
    // Seagate's openSeaChest tools, one program per job: these only report (identity, SMART,
    // logs) or run the drive's own self-tests, which keep its data. Erase, format, firmware and
    // configuration tools (`openSeaChest_Erase`, `_Format`) have no row: their device is written.
    names: ['openSeaChest_SMART', 'openSeaChest_Info', 'openSeaChest_Logs', 'SeaChest_SMART', 'SeaChest_Info', 'SeaChest_Logs'],
    category: 'system',
    what: "reports a drive's identity, SMART status and logs (Seagate openSeaChest)",
    grammar: {
      short: 'dvF',
      flags: 'hVsiqS',
      long: {
        ...valued('device', 'verbose', 'scanFlags', 'outputPath', 'smartAttributes', 'modelMatch', 'fwRevMatch', 'childModelMatch', 'childFwRevMatch', 'logMode', 'getLogPage', 'getSubPage', 'getLog', 'getFARMLog', 'logTransferLength', 'logLength', 'pullLog'),
        ...flagged('help', 'version', 'scan', 'deviceInfo', 'quiet', 'Scan', 'SATInfo', 'testUnitReady', 'llInfo', 'onlySeagate', 'noBanner', 'echoCommandLine', 'smartCheck', 'smartInfo', 'showDSTLog', 'smartErrorLog', 'deviceStatistics', 'showSCTTemperatureStatistics', 'shortDST', 'longDST', 'conveyanceDST', 'abortDST', 'captive', 'listSupportedLogs', 'listErrorHistoryIDs', 'showSupportedFormats', 'showLowLevelInfo', 'showFARM', 'farm', 'showPhyEvents', 'showConcurrentRanges', 'progress'),
      },
    },
    deviceReads: { every: true },
    plain: ['-d /dev/sg2 --smartCheck', '--scan', '-d /dev/sda -i'],
  },
  {
    names: ['hdparm'],
    category: 'system',
    what: 'reads and sets ATA drive parameters',
    // Strict: the options it does not list (the security erase, `--trim-sector-ranges`,
    // `--write-sector`, `--fwdownload`, `-N` max sectors) are forms of their own, and a device
    // named with one of them is written.
    strict: true,
    grammar: { short: 'SBMWAadmcurKPQ', flags: 'IitTCgHvhVyYzf', long: { ...valued('read-sector'), ...flagged('direct', 'help', 'Istdout') } },
    deviceReads: { every: true },
    plain: ['-I /dev/sda', '-tT /dev/nvme0n1', '-C /dev/sdb'],
  },
  {
    names: ['mdadm'],
    category: 'system',
    what: 'manages Linux software RAID arrays',
    grammar: { short: 'clnpbecxNuaC', flags: 'DEQAIRSFsfrvqhVtoWw', long: { ...valued('config', 'level', 'raid-devices', 'spare-devices', 'layout', 'chunk', 'bitmap', 'name', 'homehost', 'uuid', 'metadata', 'size', 'mail', 'program', 'delay'), ...flagged('detail', 'examine', 'query', 'scan', 'assemble', 'stop', 'run', 'fail', 'remove', 'verbose', 'brief', 'detail-platform', 'examine-bitmap', 'monitor', 'readonly', 'readwrite', 'create', 'add', 'grow', 'build', 'force', 'zero-superblock', 'incremental', 'test', 'export', 'help', 'version') } },
    // Listing, examining, assembling, stopping and marking members keep their data; `--create`,
    // `--add` (the new member is resynced over), `--zero-superblock` and `--grow` do not.
    // A writing mode wins over the reading options given with it (`--create … --run` writes every
    // member it names, and the array).
    deviceReads: {
      withOptions: ['D', 'detail', 'E', 'examine', 'Q', 'query', 'detail-platform', 'X', 'examine-bitmap', 'F', 'monitor', 'A', 'assemble', 'S', 'stop', 'R', 'run', 'f', 'fail', 'r', 'remove', 'I', 'incremental'],
      unlessOptions: ['C', 'create', 'a', 'add', 'G', 'grow', 'B', 'build', 'zero-superblock', 're-add', 'replace'],
    },
    plain: ['--detail /dev/md0', '--examine /dev/sdb1', '--detail --scan'],
  },
  {
    names: ['cryptsetup'],
    category: 'system',
    what: 'manages encrypted (LUKS, dm-crypt) volumes',
    grammar: { ...CRYPTSETUP_GRAMMAR, stopAtOperand: true },
    subcommands: actions(CRYPTSETUP_GRAMMAR, [
      'status', 'isLuks', 'open', 'luksOpen', 'close', 'luksClose', 'benchmark', 'luksUUID', 'resize', 'refresh', 'luksSuspend', 'luksResume', 'luksAddKey', 'luksChangeKey', 'luksHeaderBackup',
    ], Object.fromEntries(['luksDump', 'tcryptDump', 'bitlkDump', 'fvault2Dump'].map((verb) => [verb, CRYPTSETUP_DUMP]))),
    plain: ['status cryptroot', 'luksDump /dev/nvme0n1p3', 'isLuks /dev/sdb1'],
  },
  {
    names: ['udisksctl'],
    category: 'system',
    what: 'queries and mounts disks through udisks',
    grammar: { ...UDISKSCTL_GRAMMAR, stopAtOperand: true },
    subcommands: actions(UDISKSCTL_GRAMMAR, ['info', 'status', 'dump', 'monitor', 'mount', 'unmount', 'lock', 'unlock', 'power-off', 'loop-setup', 'loop-delete', 'help']),
    plain: ['status', 'info -b /dev/sda1'],
  },
  {
    names: ['ddrescue'],
    category: 'file',
    what: 'copies data from a failing disk, rescuing what it can',
    grammar: { short: 'abBcCeHiJKLmMOoPsTwxXZ', flags: 'AdDfInqRrSuvVh', long: flagged('force', 'help', 'version', 'reverse', 'sparse', 'verbose', 'idirect', 'odirect', 'same-file', 'no-split', 'quiet') },
    operands: [{ role: 'writer', operand: 1, target: 'file', everyday: true, example: 'disk.img', note: 'the second operand is the output file (or device) ddrescue writes' }],
    // The infile is read (`ddrescue /dev/sdb sdb.img sdb.map`).
    deviceReads: { operands: 'first' },
    plain: ['--version'],
  },
  {
    names: ['dumpe2fs', 'xfs_info', 'lsscsi', 'partprobe', 'findfs', 'ntfsinfo', 'isoinfo', 'btrfs-show-super'],
    category: 'system',
    what: 'prints what a file system or disk holds (superblock, labels, geometry), or asks the kernel to re-read it',
    grammar: { short: 'oxbpcfdlsNi', flags: 'hVgBrLdFvt', long: {} },
    deviceReads: { every: true },
    plain: ['-h /dev/sda2'],
  },
  {
    // Queries of devices and their mounts, labels, statistics and SCSI pages; partx and kpartx
    // change only the kernel's or the device mapper's view of the partitions, udevadm the device
    // database. None writes a device's blocks.
    names: [
      'iostat', 'partx', 'kpartx', 'udevadm',
      // sg3_utils' queries: inquiry, capacity, VPD and log pages, mode pages read, sense data,
      // test unit ready, the LUN and device maps. Those that write (sg_format, sg_dd, sg_write_*,
      // sg_unmap, sg_sanitize, sg_raw …) have no row here, so a device they name is written.
      'sg_inq', 'sg_readcap', 'sg_vpd', 'sg_luns', 'sg_logs', 'sg_map', 'sg_map26', 'sg_scan', 'sg_turs', 'sg_modes', 'sg_requests',
      'sg_opcodes', 'sg_rtpg', 'sg_get_config', 'sg_get_lba_status', 'sg_rep_zones', 'sg_sat_identify', 'sg_read_block_limits', 'sg_decode_sense',
    ],
    category: 'system',
    what: 'lists or queries block devices, their mounts, labels and statistics',
    deviceReads: { every: true },
    plain: ['/dev/sda1'],
  },
  {
    // findmnt prints the machine's mounts: what flows from it is at worst their devices and mount points.
    names: ['findmnt'],
    category: 'system',
    what: 'lists mounted file systems, their devices and mount points',
    deviceReads: { every: true },
    printsAtWorst: 'mounts',
    plain: ['/dev/sda1', '', '-no SOURCE /', '-t ext4'],
  },
  {
    // btrfs's listing and status verbs read the devices they name; the others (device add/delete,
    // balance, rescue, check --repair …) are taken to write them.
    names: ['btrfs'],
    category: 'system',
    what: 'manages btrfs file systems, devices and subvolumes',
    deviceReads: { withOperands: ['show', 'df', 'usage', 'stats', 'list', 'status', 'dump-super', 'dump-tree', 'tree-stats'] },
    // `subvolume delete PATH…` deletes each subvolume with everything in it (`btrfs sub del /home`).
    subcommands: subvolumeDeletes(['subvolume', 'subvol', 'sub', 'su']),
    plain: ['filesystem show /dev/sda2', 'filesystem df /', 'device stats /mnt'],
  },
  {
    names: ['resize2fs', 'e2fsck', 'fsck', 'fsck.ext2', 'fsck.ext3', 'fsck.ext4', 'fsck.vfat', 'fsck.fat', 'fsck.xfs', 'fsck.btrfs', 'dosfsck', 'xfs_growfs', 'btrfsck', 'swapon', 'swapoff', 'eject', 'blockdev'],
    category: 'system',
    what: 'checks, repairs or resizes a file system, or uses a device as swap',
    // They change a file system's own structures through its rules (sizes, repairs); none
    // overwrites the blocks the way a raw write does. The tuners that can also change what the
    // machine finds the file system by, or throw its journal away, have rows of their own below.
    deviceReads: { every: true },
    grammar: { short: 'cCeEgiJLmMoOrTuUbBdlLpS', flags: 'afhnpvyVFPsDk', long: {} },
    plain: ['-n /dev/nvme0n1p6'],
  },
  // File-system tuners (docs/decisions.md "A tuner that changes a file system's identity or
  // journal writes the device"): printing the superblock and everyday tuning (mount counts,
  // reserved blocks, check intervals) keep the device's data; a new UUID or label (fstab and the
  // loader find the root by them: e2label's rule), a feature change (`-O ^has_journal`), an inode
  // size change, or a log zeroed (`xfs_repair -L` loses the metadata updates in it) do not, so a
  // device word given with one of those options is a write. Strict: an option the grammar lacks
  // is not known to leave the device alone.
  {
    names: ['tune2fs'],
    category: 'system',
    what: "prints or changes the tunable settings of an ext2, ext3 or ext4 file system",
    strict: true,
    grammar: { short: 'cCeEgiJLmMoOQrsTuUIz', flags: 'fjlh', long: {} },
    options: [{ role: 'destructive', options: ['-O', '-U', '-L', '-I'], note: "changes the file system's features, UUID, label or inode size" }],
    deviceReads: { every: true, unlessOptions: ['O', 'U', 'L', 'I'] },
    plain: ['-l /dev/nvme0n1p6', '-c 30 /dev/sda1', '-m 1 /dev/sdb1'],
  },
  {
    // tunefs.ocfs2(8): -Q FORMAT queries the file system's attributes and --list-sparse lists
    // files with holes (docs/decisions.md "A formatter's dry run and a tuner's query"); a label,
    // node slots, journal, UUID, size, mount type or feature change writes the device.
    names: ['tunefs.ocfs2'],
    category: 'system',
    what: "prints (-Q) or changes the settings of an OCFS2 file system",
    strict: true,
    grammar: { short: 'LNJMQ', flags: 'USqvVyn', long: { ...valued('fs-features', 'fs-feature-level'), ...flagged('cloned-volume', 'backup-super', 'update-cluster-stack', 'list-sparse', 'help', 'version') } },
    options: [{ role: 'destructive', options: ['-L', '-N', '-J', '-U', '-S', '-M', '--fs-features', '--fs-feature-level', '--cloned-volume', '--backup-super', '--update-cluster-stack'], note: "changes the file system's label, slots, journal, UUID, size or features" }],
    deviceReads: { withOptions: ['Q', 'list-sparse'], unlessOptions: ['L', 'N', 'J', 'U', 'S', 'M', 'fs-features', 'fs-feature-level', 'cloned-volume', 'backup-super', 'update-cluster-stack'] },
    plain: ["-Q '%V %N %B\\n' /dev/sdb1", '--list-sparse /dev/sdb1'],
  },
  {
    names: ['xfs_repair'],
    category: 'system',
    what: 'checks and repairs an XFS file system',
    strict: true,
    grammar: { short: 'lrmcoit', flags: 'fLnPvdVe', long: {} },
    options: [{ role: 'destructive', options: ['-L'], note: '-L zeroes the log, losing the metadata updates it holds' }],
    deviceReads: { every: true, unlessOptions: ['L'] },
    plain: ['-n /dev/sdb1'],
  },
  {
    names: ['xfs_admin'],
    category: 'system',
    what: "prints or changes an XFS file system's label, UUID and features",
    strict: true,
    grammar: { short: 'cLOrU', flags: 'efjlpuV', long: {} },
    options: [{ role: 'destructive', options: ['-c', '-L', '-O', '-U', '-e', '-j', '-p'], note: "changes the file system's label, UUID, features or log" }],
    deviceReads: { every: true, unlessOptions: ['c', 'L', 'O', 'U', 'e', 'j', 'p'] },
    plain: ['-l /dev/sdb1', '-u /dev/sdb1'],
  },
  {
    names: ['jfs_tune', 'nilfs-tune'],
    category: 'system',
    what: "prints or changes the superblock settings of a JFS or NILFS2 file system",
    strict: true,
    grammar: { short: 'cimLUJO', flags: 'lhV', long: {} },
    options: [{ role: 'destructive', options: ['-L', '-U', '-J', '-O'], note: "changes the file system's label, UUID, journal or features" }],
    deviceReads: { every: true, unlessOptions: ['L', 'U', 'J', 'O'] },
    plain: ['-l /dev/sdb3'],
  },
  {
    // Read-only inspectors of one file system's on-disk structures: free-space fragmentation,
    // NILFS2 checkpoints and segments, FAT directories and files through mtools (`-i DEV`).
    names: ['e2freefrag', 'lscp', 'lssu', 'dumpseg', 'mdir', 'minfo', 'mtype', 'mshowfat', 'mdu', 'filefrag'],
    category: 'system',
    what: "prints what a file system holds: free-space fragments, checkpoints, segments, FAT directories",
    readOnly: true,
    deviceReads: { every: true },
    plain: ['/dev/sda2', '-i /dev/sdb1 ::'],
  },
  {
    // AIX's LVM: a disk made a physical volume of a new or an existing volume group has its
    // contents overwritten (`-f`: even when it belonged to another group); `chpv -c` clears a
    // disk's boot record; `rmlv` removes a logical volume and what it holds. Their listers
    // (`lsvg`, `lspv`, `lslv`) have no row and change nothing.
    names: ['mkvg', 'extendvg'],
    category: 'system',
    what: 'makes or extends an AIX volume group over the disks given, overwriting them',
    grammar: { short: 'ysVtpLvM', flags: 'BGfinPSCcxIrX' },
    flashes: { what: 'the disks it makes physical volumes of (their contents overwritten)', withAnyOperand: true },
  },
  {
    names: ['chpv'],
    category: 'system',
    what: 'changes the state of an AIX physical volume',
    grammar: { short: 'avhmp', flags: 'cCr' },
    role: { role: 'destructive', note: 'changes whether a disk is allocatable, available or a boot disk' },
    flashes: { what: "a disk's boot record (cleared)", withOptions: ['c'] },
  },
  {
    names: ['rmlv'],
    category: 'system',
    what: 'removes AIX logical volumes and the data on them',
    grammar: { short: 'p', flags: 'fB' },
    flashes: { what: 'the logical volumes it removes, with their data', withAnyOperand: true },
  },
  {
    // Flashers of a microcontroller on a cable (an ST-LINK probe, a serial boot loader): writing a
    // program into the board is the everyday job; erasing its whole flash is a raw-disk write
    // (docs/decisions.md "A program the gate cannot read that says it erases").
    names: ['st-flash'],
    category: 'system',
    what: 'writes, reads or erases the flash of a microcontroller on an ST-LINK probe',
    grammar: { long: { ...valued('serial', 'format', 'flash', 'area', 'freq', 'connect-under-reset'), ...flagged('debug', 'reset', 'opt', 'version', 'help', 'hot-plug') } },
    subcommands: {
      ...Object.fromEntries(['write', 'reset'].map((verb) => [verb, { role: { role: 'destructive' as const, note: "writes or resets the connected board's flash" } }])),
      erase: { role: { role: 'destructive' as const, note: "erases the connected board's flash" }, flashes: { what: "the whole flash of the board on the probe (erased)" } },
    },
    plain: ['read out.bin 0x8000000 4096', '--version'],
  },
  {
    // Solaris and illumos print a disk's label (its VTOC) and nothing else; `fmthard` writes one.
    names: ['prtvtoc'],
    category: 'system',
    what: "prints a Solaris or illumos disk's label (its VTOC: slices, sizes, tags)",
    readOnly: true,
    strict: true,
    grammar: { short: 'tm', flags: 'fhs', long: {} },
    deviceReads: { every: true },
    plain: ['/dev/rdsk/c0t0d0s2', '-s /dev/rdsk/c1t0d0s2', '-h /dev/rdsk/c0t0d0s2'],
  },
  {
    // xfs_db reads the structures it is pointed at; its `write` command needs expert mode (`-x`).
    names: ['xfs_db'],
    category: 'system',
    what: 'inspects (and, in expert mode, edits) the on-disk structures of an XFS file system',
    strict: true,
    grammar: { short: 'clp', flags: 'fFirxV', long: {} },
    options: [{ role: 'destructive', options: ['-x'], note: '-x enables the commands that write the file system' }],
    deviceReads: { every: true, unlessOptions: ['x'] },
    plain: ["-r -c 'sb 0' -c print /dev/sdb1"],
  },
  // Copies of a file system's metadata (xfs_metadump, e2image) or of a failing disk's readable
  // blocks (safecopy): the device named first is read, the file named second is written (and is
  // written whatever it is, a device too). `e2image -I` writes the image back onto the device.
  {
    names: ['e2image'],
    category: 'system',
    what: "copies an ext2, ext3 or ext4 file system's metadata into an image file",
    strict: true,
    grammar: { short: 'bBoO', flags: 'rQafnpcIh', long: {} },
    operands: [{ role: 'writer', operand: 1, target: 'file', everyday: true, example: 'meta.e2i', note: 'the second operand is the image written' }],
    deviceReads: { operands: 'first', unlessOptions: ['I'] },
    plain: ['/dev/sda1 sda1.e2i', '-Q /dev/sda1 sda1.qcow2'],
  },
  {
    names: ['xfs_metadump'],
    category: 'system',
    what: "copies an XFS file system's metadata into a dump file",
    strict: true,
    grammar: { short: 'lmv', flags: 'aegFowV', long: {} },
    operands: [{ role: 'writer', operand: 1, target: 'file', everyday: true, example: 'meta.dump', note: 'the second operand is the dump written' }],
    deviceReads: { operands: 'first' },
    plain: ['-g /dev/sdb1 sdb1.metadump'],
  },
  {
    names: ['safecopy'],
    category: 'file',
    what: 'copies what can be read from a damaged disk into an image',
    operands: [{ role: 'writer', operand: 1, target: 'file', everyday: true, example: 'disk.img', note: 'the second operand is the image (or device) written' }],
    deviceReads: { operands: 'first' },
    plain: ['/dev/sdb sdb.img'],
  },
  {
    // TestDisk analyses partition tables; `/list` only prints them, the interactive and `/cmd`
    // modes can rewrite them.
    names: ['testdisk'],
    category: 'system',
    what: 'analyses and recovers lost partitions',
    deviceReads: { withOperands: ['/list'] },
    plain: ['/list /dev/sda'],
  },
  {
    names: ['badblocks'],
    category: 'system',
    what: 'searches a device for bad blocks',
    // Strict: `-w` (the write test that erases the device) is not in the grammar.
    strict: true,
    grammar: { short: 'bcdeiopt', flags: 'fnsvBX', long: {} },
    deviceReads: { every: true },
    plain: ['-sv /dev/sdb'],
  },
  {
    // growpart grows a partition into the free space after it by rewriting the partition table;
    // `-N`/`--dry-run` only prints what it would change.
    names: ['growpart'],
    category: 'system',
    what: "grows a partition to fill the free space after it (rewrites the disk's partition table)",
    strict: true,
    grammar: { short: 'u', flags: 'Nhv', long: { ...valued('update', 'free-percent'), ...flagged('dry-run', 'help', 'verbose') } },
    deviceReads: { dryRun: ['N', 'dry-run'] },
    plain: ['-N /dev/sda 1'],
  },
  {
    // ms-sys writes DOS and Windows boot records; given a device alone (or only -h/-v) it says
    // which boot record the device holds. Every other option writes one (or forces, or changes it).
    names: ['ms-sys'],
    category: 'system',
    what: 'prints or writes the DOS/Windows boot record of a disk or partition',
    strict: true,
    grammar: { short: 'HB', flags: '123456789ezlp7imdstrkfhvwnagx', long: { ...valued('heads', 'bps'), ...flagged('fat12', 'fat32nt5', 'fat32nt6', 'rt11', 'fat32', 'fat32free', 'fat16free', 'fat16', 'wipelabel', 'partition', 'mbr7', 'mbrvista', 'mbr', 'mbr95b', 'mbrdos', 'mbrsyslinux', 'mbrgptsyslinux', 'mbrrufus', 'mbrreactos', 'mbrzero', 'force', 'help', 'version', 'write', 'ntfs', 'fat32pe', 'fat32ros', 'fat32kos', 'fat16ros', 'mbrkolibri') } },
    deviceReads: { every: true, unlessOptions: ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'e', 'z', 'l', 'p', 'i', 'm', 'd', 's', 't', 'r', 'k', 'f', 'w', 'n', 'a', 'g', 'x', 'H', 'B', 'fat12', 'fat32nt5', 'fat32nt6', 'rt11', 'fat32', 'fat32free', 'fat16free', 'fat16', 'wipelabel', 'partition', 'heads', 'bps', 'mbr7', 'mbrvista', 'mbr', 'mbr95b', 'mbrdos', 'mbrsyslinux', 'mbrgptsyslinux', 'mbrrufus', 'mbrreactos', 'mbrzero', 'force', 'write', 'ntfs', 'fat32pe', 'fat32ros', 'fat32kos', 'fat16ros', 'mbrkolibri'] },
    plain: ['/dev/sdb'],
  },
  {
    // zerofree fills an unmounted ext2/3/4 file system's free blocks with zeros; `-n` only says
    // how many it would fill.
    names: ['zerofree'],
    category: 'system',
    what: 'zeroes the free blocks of an ext2, ext3 or ext4 file system',
    strict: true,
    grammar: { short: 'f', flags: 'nvh' },
    deviceReads: { dryRun: ['n'] },
    plain: ['-n /dev/sdb1'],
  },
  {
    names: ['wipefs'],
    category: 'system',
    what: 'lists or erases file-system signatures',
    // Strict: options not in the grammar are not known to leave the device alone. `-a`/`--all` and
    // `-o`/`--offset` erase, unless `-n`/`--no-act` makes them only say what they would erase.
    strict: true,
    grammar: { short: 'Oto', flags: 'nJpiqhVafb', long: { ...valued('output', 'types', 'offset', 'lock'), ...flagged('no-act', 'json', 'parsable', 'noheadings', 'quiet', 'help', 'version', 'all', 'force', 'backup') } },
    options: [{ role: 'destructive', options: ['-a', '--all', '-o', '--offset'], note: 'erases the file-system signatures (every one with -a), which makes the data unreachable' }],
    deviceReads: { dryRun: ['n', 'no-act'], every: true, unlessOptions: ['a', 'all', 'o', 'offset'] },
    plain: ['/dev/sdb', '-n /dev/sdb'],
  },
  {
    // A file system's label (or serial) tool: given the device alone it prints, given a new label
    // (a second operand, or swaplabel's `-L`/`-U`, ntfslabel's `--new-serial`) it rewrites the
    // superblock, which can leave the machine unbootable (fstab and the loader find the root by it).
    names: ['e2label', 'fatlabel', 'dosfslabel', 'exfatlabel', 'ntfslabel', 'swaplabel'],
    category: 'system',
    what: "prints or changes a file system's label or serial number",
    strict: true,
    grammar: { short: 'LUc', flags: 'ifrnqvVh', long: { ...valued('label', 'uuid', 'codepage'), ...flagged('volume-id', 'reset', 'no-action', 'force', 'quiet', 'verbose', 'version', 'help', 'new-serial', 'new-half-serial') } },
    options: [{ role: 'destructive', options: ['-L', '--label', '-U', '--uuid', '-r', '--reset', '--new-serial', '--new-half-serial'], note: 'writes a new label or serial number into the file system' }],
    operands: [{ role: 'destructive', operand: 1, example: 'NEWLABEL', note: 'a second operand is the new label (or serial) written into the file system' }],
    deviceReads: { dryRun: ['n', 'no-action'], operandsAtMost: 1, unlessOptions: ['L', 'label', 'U', 'uuid', 'r', 'reset', 'new-serial', 'new-half-serial'] },
    plain: ['/dev/sdb1', '-i /dev/sdb1'],
  },
  {
    // FUSE drivers of one file system each: they mount a device (or image) at a folder and use it
    // through its file system, as mount does; none overwrites its blocks.
    names: ['apfs-fuse', 'hfsfuse', 'fuse2fs', 'ext4fuse', 'exfat-fuse', 'ntfs-3g', 'lowntfs-3g', 'squashfuse', 'fuseiso', 'dislocker-fuse'],
    category: 'system',
    what: "mounts a device's or image's file system through FUSE",
    strict: true,
    grammar: { short: 'o', flags: 'dfsvhVr', long: flagged('help', 'version') },
    deviceReads: { every: true },
    plain: ['/dev/sdb2 mnt', '-o ro /dev/sdb2 mnt'],
  },
  {
    // Ventoy's installer: `-i`/`-I` (install) and `-u` (update) write the boot partitions of the
    // device named (install erases it), `-l` only prints what Ventoy holds on it.
    names: ['ventoy2disk.sh', 'ventoy2disk'],
    category: 'system',
    what: 'installs Ventoy, a multi-image boot loader, onto a USB disk',
    strict: true,
    grammar: { short: 'rL', flags: 'iIulsSgnh', long: {} },
    options: [{ role: 'destructive', options: ['-i', '-I', '-u'], note: 'installs or updates Ventoy on the device, erasing it for an install' }],
    deviceReads: { withOptions: ['l'], unlessOptions: ['i', 'I', 'u'] },
    plain: ['-l /dev/sdc', '-h'],
  },
  {
    // The Drive Trust Alliance's tool for self-encrypting drives: `--query`, `--scan` and
    // `--isValidSED` only ask the drive; every other verb (a PSID revert erases the drive) is not
    // in the grammar, so the device it names is written.
    names: ['sedutil-cli'],
    category: 'system',
    what: 'queries and manages self-encrypting drives (TCG Opal)',
    strict: true,
    grammar: { short: '', flags: 'vnh', long: flagged('query', 'scan', 'isValidSED', 'help', 'version') },
    deviceReads: { every: true },
    plain: ['--scan', '--query /dev/nvme0'],
  },
  {
    // DRBD: replication of a disk to a peer. Forcing this node primary over the peer's data
    // (`--force`, `--overwrite-data-of-peer`, also passed after `--`), invalidating one side, or
    // writing or wiping the metadata overwrites a disk's contents.
    names: ['drbdadm'],
    category: 'system',
    what: "manages DRBD resources: a disk replicated to a peer",
    flashes: { what: 'a replicated disk (its own or the peer\'s)', withOperands: ['invalidate', 'invalidate-remote', 'create-md', 'wipe-md', 'apply-al', '--overwrite-data-of-peer', '--force', '--discard-my-data'], withOptions: ['force', 'overwrite-data-of-peer', 'discard-my-data'], unlessOptions: ['d', 'dry-run'] },
    grammar: { short: 'cts', flags: 'dnvhV', long: { ...valued('config-file', 'config-to-test', 'stacked'), ...flagged('dry-run', 'verbose', 'help', 'version', 'force', 'overwrite-data-of-peer', 'discard-my-data') } },
    plain: ['status', 'status r0', 'cstate r0', 'dump all'],
  },
  {
    names: ['pvs', 'vgs', 'lvs', 'pvdisplay', 'vgdisplay', 'lvdisplay', 'pvscan', 'vgscan', 'lvscan'],
    category: 'system',
    what: 'lists LVM physical volumes, volume groups and logical volumes',
    readOnly: true,
    grammar: { short: 'oOS', flags: 'acCvmqsuP', long: { ...valued('options', 'sort', 'select', 'separator', 'units', 'reportformat', 'configreport'), ...flagged('all', 'noheadings', 'nosuffix', 'verbose', 'segments', 'maps', 'columns', 'help', 'version') } },
    plain: ['', '-a -o +devices', '--noheadings -o pv_name,vg_name,pv_free'],
  },
  {
    names: ['pv'],
    category: 'text',
    what: 'copies its input to standard output, showing progress',
    readOnly: true,
    passesInput: true,
    grammar: { short: 'ABDiLNsdRPwHFx', flags: 'pterabTInqcWfEkKSZlv0h', long: {} },
    plain: ['disk.img', '-s 1G'],
  },
  {
    names: ['partclone', 'partclone.ext2', 'partclone.ext3', 'partclone.ext4', 'partclone.xfs', 'partclone.btrfs', 'partclone.ntfs', 'partclone.fat', 'partclone.vfat', 'partclone.fat32', 'partclone.exfat', 'partclone.f2fs', 'partclone.dd', 'partclone.restore'],
    category: 'system',
    what: 'clones a partition into an image, or restores one onto a partition',
    grammar: { short: 'soOLTCzE', flags: 'crbDRNqdxIFhvaR', long: { ...valued('source', 'output', 'overwrite', 'logfile'), ...flagged('clone', 'restore', 'dev-to-dev', 'domain', 'ncurses', 'quiet', 'debug', 'force', 'help', 'version') } },
    options: [{ role: 'writer', options: ['-o', '--output', '-O', '--overwrite'], target: 'file', everyday: true, example: 'root.img', note: '-o and -O name the image or partition written' }],
    // The source (`-s /dev/sda1` when cloning) is read; what -o/-O names is written.
    deviceReads: { options: ['s', 'source'] },
    plain: ['-c -s /dev/sda1 -o root.img'],
  },
  {
    names: ['ntfsclone'],
    category: 'system',
    what: 'clones an NTFS partition into an image, or restores one',
    grammar: { short: 'oO', flags: 'rsfqhVmtiI', long: { ...valued('output', 'overwrite'), ...flagged('restore-image', 'save-image', 'force', 'quiet', 'metadata', 'rescue', 'ignore-fs-check', 'new-serial', 'help', 'version') } },
    options: [{ role: 'writer', options: ['-o', '--output', '-O', '--overwrite'], target: 'file', everyday: true, example: 'win.img', note: '-o and -O name the image or partition written' }],
    // The source operand is read (`ntfsclone -s -o win.img /dev/sda1`); a restore writes what -O names.
    deviceReads: { operands: 'first' },
    plain: ['--save-image -o win.img /dev/sda1'],
  },
  {
    names: ['fsarchiver'],
    category: 'system',
    what: 'saves file systems into archives and restores them',
    grammar: { ...FSARCHIVER_GRAMMAR, stopAtOperand: true },
    // restfs and restdir write file systems: not listed, so a device they name is written.
    subcommands: actions(FSARCHIVER_GRAMMAR, ['savefs', 'savedir', 'archinfo', 'probe']),
    plain: ['probe simple', 'savefs backup.fsa /dev/sda1'],
  },
  {
    names: ['qemu-img'],
    category: 'system',
    what: 'creates, converts and inspects virtual-machine disk images',
    grammar: { ...QEMU_IMG_GRAMMAR, stopAtOperand: true },
    subcommands: {
      ...actions(QEMU_IMG_GRAMMAR, ['info', 'check', 'compare', 'measure', 'map']),
      // convert reads every operand but the last, which it writes.
      convert: { grammar: QEMU_IMG_GRAMMAR, deviceReads: { operands: 'all-but-last' } },
    },
    plain: ['info disk.qcow2', 'convert -O raw /dev/sda disk.img'],
  },
  {
    // The BSDs' GEOM classes and ZFS take disks by their kernel name (`ada1`, `da0p2`); their
    // listing and status verbs read them, every other verb (create, destroy, init, add, label,
    // clear, …) is taken to write the disks it names.
    names: ['gpart', 'geli', 'gmirror', 'graid', 'gstripe', 'gconcat', 'glabel', 'gnop', 'gjournal', 'gshsec', 'gvirstor', 'gcache', 'gmultipath'],
    category: 'system',
    what: "manages the BSDs' GEOM disk classes (partition tables, encryption, mirrors, labels)",
    bareDevices: true,
    deviceReads: { withOperands: ['show', 'list', 'status', 'dump', 'backup', 'attach', 'detach', 'load', 'unload', 'help', 'version'] },
    plain: ['show ada0', 'list', 'status'],
  },
  {
    // VMware ESXi's partition tool: disks are `/vmfs/devices/disks/NAME` (hardline/paths.ts). Its
    // query verbs read the table; every other verb (`setptbl`, `add`, `delete`, `resize`, `fixGpt`) writes it.
    names: ['partedUtil'],
    category: 'system',
    what: "edits and lists the partition tables of VMware ESXi's disks",
    deviceReads: { withOperands: ['getptbl', 'get', 'getUsableSectors', 'showGuids', 'partlist'] },
    plain: ['getptbl /vmfs/devices/disks/naa.1', 'showGuids'],
  },
  {
    // sg3_utils' dd over SCSI generic devices: as dd, `of=` writes and `if=` reads.
    names: ['sg_dd', 'sgp_dd', 'sgm_dd'],
    category: 'file',
    what: 'copies data block by block through SCSI commands',
    operands: [{ role: 'writer', operand: 'every', when: (t) => t === null || t.startsWith('of='), everyday: true, example: 'of=disk.img', note: 'of= names the file or device written' }],
    deviceReads: { keys: ['if'] },
    plain: ['if=/dev/sg1 of=disk.img bs=512'],
  },
  {
    // The forensic imagers built on dd (dc3dd, dcfldd): as dd, `if=` (dc3dd's `ifs=`, dcfldd's
    // verify file `vf=`) only reads; `of=`, dc3dd's `wipe=`/`hwipe=` and every log or hash file
    // key write, and a device word there stays a write (docs/decisions.md "Devices read by MTD,
    // eMMC, ChromeOS and forensic tools").
    names: ['dc3dd', 'dcfldd'],
    category: 'file',
    what: 'copies a disk block by block into an image, hashing and logging what it read',
    operands: [{ role: 'writer', operand: 'every', when: (t) => t === null || /^(?:of|ofs|hof|hofs|wipe|hwipe|log|hlog|mlog|hashlog|errlog|md5log|sha1log|sha256log|sha384log|sha512log)=/.test(t), everyday: true, example: 'of=disk.img', note: 'of=, wipe= and the log keys name the files or devices written' }],
    deviceReads: { keys: ['if', 'ifs', 'vf'] },
    plain: ['if=/dev/sdb of=./evidence/sdb.img hash=sha256 log=./evidence/sdb.log', 'if=/dev/sdc of=image.dd hash=md5'],
  },
  {
    // mtd-utils' debugging tool: `info DEV` prints the flash geometry, `read DEV OFF LEN FILE`
    // copies from the flash into FILE; `write` and `erase` (any other verb) write the flash.
    names: ['mtd_debug'],
    category: 'system',
    what: 'prints, reads, writes and erases MTD flash devices',
    operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !['info', 'read'].includes(v), example: 'erase', note: 'mtd_debug write and erase change the flash device' }],
    subcommands: {
      info: { deviceReads: { every: true } },
      read: {
        deviceReads: { operands: 'first' },
        operands: [{ role: 'writer', operand: 3, everyday: true, example: 'dump.bin', note: 'mtd_debug read writes what it read into the file named last' }],
      },
    },
    plain: ['info /dev/mtd0', 'read /dev/mtd0 0 4096 dump.bin'],
  },
  {
    // mtd-utils' NAND reader: the device operand is read; `-f FILE` is the file written (standard output without).
    names: ['nanddump'],
    category: 'system',
    what: 'dumps the contents of a NAND flash partition',
    grammar: { short: 'fslb', flags: 'acnopqh', long: { ...valued('file', 'start', 'length', 'bb'), ...flagged('forcebinary', 'canonicalprint', 'noecc', 'omitoob', 'oob', 'prettyprint', 'quiet', 'raw', 'help', 'version') } },
    options: [{ role: 'writer', options: ['-f', '--file'], everyday: true, example: 'mtd4.bin', note: '-f names the file the dump is written to' }],
    deviceReads: { operands: 'first' },
    plain: ['-f ./backup/mtd4.bin /dev/mtd4', '--help'],
  },
  {
    // ChromeOS's GPT tool: `show` prints the table or one field (`-i 2 -P`) and `find` searches
    // it; every other verb (add, create, boot, repair, prioritize, legacy) rewrites the table.
    ...verbRow(
      ['cgpt'],
      'system',
      "prints and edits ChromeOS disks' GPT partition tables",
      ['show', 'find'],
      'a cgpt verb that creates, repairs or changes the partition table (or one only known at run time)',
      ['show /dev/mmcblk0', 'show -i 2 -P /dev/mmcblk0'],
      {},
      { short: 'ibsltuSTPAMm', flags: 'nvqdh' },
    ),
  },
  {
    // mmc-utils: a register group's `read` (`extcsd read`, `csd read`, `cid read`, `scr read`)
    // and `status get` print the eMMC's registers; every other form (extcsd write, bootpart,
    // erase, ffu, rpmb, writeprotect) leaves the device word a write. The Mercury compiler is
    // `mmc` too (`mmc --make hello`): the row is strict, so an option it does not know (every
    // Mercury option) leaves the command unplaced, and no rating or entry vouches for it.
    names: ['mmc'],
    category: 'system',
    what: 'reads and configures eMMC devices through their registers (mmc-utils), or compiles Mercury',
    strict: true,
    subcommands: {
      extcsd: { subcommands: { read: { deviceReads: { every: true } } } },
      csd: { subcommands: { read: { deviceReads: { every: true } } } },
      cid: { subcommands: { read: { deviceReads: { every: true } } } },
      scr: { subcommands: { read: { deviceReads: { every: true } } } },
      status: { subcommands: { get: { deviceReads: { every: true } } } },
    },
    plain: ['extcsd read /dev/mmcblk0', 'cid read /sys/block/mmcblk0/device'],
  },
  {
    // dskwipe (Windows): wipes the physical drive it is given; `-r` only reads it. `-x ACTION`
    // logs off, powers off or restarts Windows when it is done: the machine's power either way.
    names: ['dskwipe'],
    category: 'system',
    what: 'overwrites a whole Windows disk (\\\\.\\PhysicalDriveN), or with -r only reads it',
    strict: true,
    grammar: { short: 'xp', flags: 'rlydfh' },
    deviceReads: { withOptions: ['r', 'l'] },
    read: (_args, reading) =>
      reading.options
        .filter((option) => option.key === 'x' && (option.value === null || !/^(?:none|nothing)$/i.test(textOf(option.value) ?? '')))
        .map((option): Form => ({ role: 'destructive', program: 'dskwipe', trigger: '-x', index: option.valueIndex ?? option.index, value: option.value, endsSession: true, note: 'dskwipe -x logs off, powers off or restarts Windows when it is done' })),
    plain: ['-r \\\\.\\PhysicalDrive1', '-l'],
  },
  {
    // NetBSD's (and FreeBSD's and macOS's older) GPT tool takes a disk by its kernel name (`gpt
    // show wd0`); show, backup (to standard output) and header print, every other verb (create,
    // destroy, add, remove, migrate, recover, resize, restore, label, set, type …) writes the table.
    names: ['gpt'],
    category: 'system',
    what: 'shows and edits GUID partition tables (NetBSD, FreeBSD)',
    bareDevices: true,
    deviceReads: { withOperands: ['show', 'backup', 'header', 'help'] },
    plain: ['show wd0', 'show -l wd0'],
  },
  {
    names: ['zpool'],
    category: 'system',
    what: 'manages ZFS storage pools',
    bareDevices: true,
    // Listing, status, import and export, scrubs and taking a member on or off line keep the
    // members' data; create, add, attach, replace, labelclear and destroy do not. Every vdev they
    // name is a disk, whatever its spelling (`/dev/sdb`, `da0`, illumos's `c1t2d0`).
    deviceReads: { withOperands: ['status', 'list', 'iostat', 'get', 'history', 'events', 'import', 'export', 'scrub', 'online', 'offline', 'clear', 'wait', 'sync', 'trim', 'upgrade'] },
    plain: ['status', 'list -v', 'status -x tank'],
  },
  {
    // zfs names datasets (`tank/home`), never disks. Its listing verbs read; every other verb
    // (create, destroy, rollback, set, inherit, rename, snapshot, clone, promote, mount, send,
    // receive, allow, program …) changes the pool, sends its data or runs a channel program.
    ...verbRow(
      ['zfs'],
      'system',
      'manages ZFS datasets, snapshots and volumes',
      ['list', 'get', 'userspace', 'groupspace', 'projectspace', 'holds', 'diff', 'help', 'version'],
      'a zfs verb that creates, destroys, rolls back, changes, mounts, sends or receives datasets (or one only known at run time)',
      ['list -t snapshot', 'list -r rpool/export/home', 'get compression,compressratio tank/home', 'list -t snapshot -o name,used,creation'],
      {},
      { short: 'otsSd', flags: 'rHpvhV' },
    ),
  },
  {
    // The BSDs' disk queries: sizes and identity (`diskinfo -v ada0`), file-system type, GEOM
    // statistics; checks and tuning of UFS through its own rules (as tune2fs and e2fsck are for
    // ext4). disklabel's -w, -R, -e and -B rewrite a label or boot code: not placed as read.
    names: ['diskinfo', 'fstyp', 'gstat', 'fsck_ffs', 'fsck_ufs', 'fsck_msdosfs', 'tunefs', 'dumpfs', 'disklabel'],
    category: 'system',
    what: "queries the BSDs' disks, or checks and tunes their file systems",
    bareDevices: true,
    deviceReads: { every: true, unlessOptions: ['w', 'R', 'e', 'B'] },
    plain: ['-v ada0', '/dev/ada0p2'],
  },
  {
    // The BSDs' CAM and NVMe controllers: device lists, identify pages, capacities and logs read;
    // format, sanitize, security erase and firmware downloads (any verb not listed) write.
    names: ['camcontrol', 'nvmecontrol'],
    category: 'system',
    what: "queries and controls the BSDs' SCSI/ATA and NVMe devices",
    bareDevices: true,
    deviceReads: { withOperands: ['devlist', 'periphlist', 'identify', 'inquiry', 'readcap', 'tur', 'devtype', 'logpage', 'ns', 'power', 'help', 'reset', 'rescan'] },
    plain: ['devlist', 'identify ada0', 'identify nvme0'],
  },
];
