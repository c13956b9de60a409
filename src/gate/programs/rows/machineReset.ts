import { flagged, hasOption, optionValues, textOf, valued } from '../grammar';
import type { ArgReading } from '../grammar';
import type { Form, ProgramRow } from '../row';
import type { Word } from '../../reading/resolution';

/**
 * Tools that take the machine's boot away, erase and reinstall it, or delete an account with its
 * home folder (D§5; docs/decisions.md "Boot loaders removed, machines erased and reinstalled").
 * What they delete is a fixed place of the machine rather than a word of the command (the boot
 * loader on the EFI system partition, every initramfs): their rows say so with a `deletes` form
 * whose value is that place, which the hardline floor reads as it reads any deletion of it
 * (hardline/replacedTrees.ts). Erasing the whole disk to reinstall is a `flashes` of the row.
 */

/** A `deletes` form of the fixed `place` (a synthetic word: the command names the place by what it does). */
function deletesPlace(program: string, trigger: string, index: number, place: string, note: string): Form {
  const value: Word = { kind: 'literal', value: place, raw: place };
  return { role: 'destructive', program, trigger, index, value, changes: 'deletes', note };
}

/** bootctl's options (systemd 255). */
const BOOTCTL_GRAMMAR = {
  short: '',
  flags: 'pxRqh',
  long: {
    ...valued('esp-path', 'boot-path', 'root', 'image', 'install-source', 'make-entry-directory', 'entry-token', 'random-seed', 'json', 'secure-boot-auto-enroll', 'private-key', 'certificate', 'certificate-source'),
    ...flagged('print-esp-path', 'print-boot-path', 'print-root-device', 'no-variables', 'graceful', 'quiet', 'all-architectures', 'no-pager', 'dry-run', 'help', 'version'),
  },
};

/** The EFI system partition's loader folders (systemd-boot's own and the fallback `BOOT`) at their usual mount point. */
const ESP_LOADER = '/boot/efi/EFI/systemd';

/** efibootmgr's options that write the firmware's boot entries, boot order, next boot or timeout, or the disk's signature. */
const EFIBOOTMGR_WRITES = ['-a', '--active', '-A', '--inactive', '-B', '--delete-bootnum', '-c', '--create', '-C', '--create-only', '-D', '--remove-dups', '-m', '--mirror-below-4G', '-M', '--mirror-above-4G', '-n', '--bootnext', '-N', '--delete-bootnext', '-o', '--bootorder', '-O', '--delete-bootorder', '-t', '--timeout', '-T', '--delete-timeout', '-w', '--write-signature', '-f', '--reconnect'];

export const MACHINE_RESET_ROWS: readonly ProgramRow[] = [
  {
    // systemd-boot's manager: `remove` deletes the loader from the EFI system partition (and its
    // EFI variable): the firmware no longer finds a system to start. Not on an image (`--image`,
    // `--root`): that is a file's loader, not this machine's.
    names: ['bootctl'],
    category: 'system',
    what: 'installs, updates, removes and lists the systemd-boot loader and its entries',
    grammar: BOOTCTL_GRAMMAR,
    read: (args, reading) => {
      if (hasOption(reading, 'image', 'root', 'dry-run')) return [];
      const at = reading.operandIndexes[0];
      const verb = reading.operands[0] === undefined ? null : textOf(reading.operands[0]);
      if (at === undefined || verb !== 'remove') return [];
      const esp = optionValues(reading, '--esp-path')[0];
      const place = esp === undefined ? ESP_LOADER : `${textOf(esp) ?? '/boot/efi'}/EFI/systemd`;
      return [deletesPlace('bootctl', 'remove', at + 1, place, 'bootctl remove deletes the boot loader from the EFI system partition: the machine no longer starts')];
    },
    plain: ['status', 'list', 'update', 'is-installed', '--print-esp-path'],
  },
  {
    // Debian's initramfs tool: `-d -k all` deletes every kernel's initramfs, so no kernel boots;
    // deleting one named old kernel's (`-d -k 6.1.0-9-amd64`) is ordinary cleanup.
    names: ['update-initramfs'],
    category: 'system',
    what: 'creates, updates or deletes the initramfs images of the installed kernels',
    grammar: { short: 'kb', flags: 'cudtvh', long: {} },
    read: (_args, reading) => {
      if (!hasOption(reading, 'd')) return [];
      const kernel = optionValues(reading, '-k')[0];
      const version = kernel === undefined ? null : textOf(kernel);
      if (kernel !== undefined && version !== null && version !== 'all') return [];
      const option = reading.options.find((given) => given.name === '-d' || given.key === 'd');
      return [deletesPlace('update-initramfs', '-d', option === undefined ? 1 : option.index + 1, '/boot/initrd.img-*', 'update-initramfs -d -k all deletes every kernel\'s initramfs: no kernel starts')];
    },
    plain: ['-u', '-u -k all', '-c -k 6.1.0-9-amd64'],
  },
  {
    // The firmware's boot entries: adding, activating and deleting one entry (`-b N -B`) are left
    // to the other layers (destructive forms: an entry for the listing does not cover them);
    // deleting the boot order (`-O`) writes the firmware so that it no longer knows what to start.
    // `-w` writes a signature into the disk's MBR; `-d DISK` names the disk the new entry's loader
    // is on, which is only read.
    names: ['efibootmgr'],
    category: 'system',
    what: "lists and changes the firmware's EFI boot entries and boot order",
    strict: true,
    grammar: {
      short: 'bdeEilLmMnopt@',
      flags: 'aABcCDfgNOqrTuvVwy',
      long: {
        ...valued('bootnum', 'disk', 'edd', 'device', 'iface', 'loader', 'label', 'mirror-below-4G', 'mirror-above-4G', 'bootnext', 'bootorder', 'part', 'timeout', 'append-binary-args'),
        ...flagged('active', 'inactive', 'delete-bootnum', 'create', 'create-only', 'remove-dups', 'reconnect', 'gpt', 'delete-bootnext', 'delete-bootorder', 'quiet', 'driver', 'delete-timeout', 'unicode', 'verbose', 'version', 'write-signature', 'sysprep', 'help'),
      },
    },
    options: [
      { role: 'destructive', options: EFIBOOTMGR_WRITES, note: "changes the firmware's boot entries or boot order: an entry for the listing does not cover it" },
      { role: 'loader', options: ['-@', '--append-binary-args'], example: '/tmp/args.bin', note: "-@ reads the new entry's loader arguments from a file" },
    ],
    // No rating knows which entry is the one the machine boots: the writing forms are left
    // unplaced as well as destructive (D§4.3 "Unknown is not harmless"), so a person reads each.
    read: (_args, reading) => {
      const write = reading.options.find((option) => EFIBOOTMGR_WRITES.includes(option.name));
      if (write !== undefined) throw new Error(`efibootmgr ${write.name} changes the firmware's boot entries, which decide whether and what the machine starts`);
      return [];
    },
    flashes: { what: "the firmware's boot order (deleted)", withOptions: ['O', 'delete-bootorder'] },
    deviceReads: { options: ['d', 'disk'], unlessOptions: ['w', 'write-signature'] },
    plain: ['', '-v'],
  },
  {
    // Jamf's agent on a managed Mac: `deleteAccount -deleteHomeDirectory` deletes the home folder too.
    names: ['jamf'],
    category: 'system',
    what: "Jamf Pro's management agent on a Mac",
    subcommands: {
      // `reboot` restarts the Mac (`-immediately`, or after `-minutes N`); `-startTimerImmediately` too.
      reboot: { grammar: { singleDash: true, long: { ...valued('minutes', 'message'), ...flagged('immediately', 'background', 'startTimerImmediately') } }, role: { role: 'destructive', endsSession: true, note: 'jamf reboot restarts the Mac' } },
      deleteAccount: {
        grammar: { singleDash: true, long: { ...valued('username'), ...flagged('deleteHomeDirectory', 'verbose') } },
        role: { role: 'destructive', note: 'deletes a local account' },
        removesHome: { options: ['-deleteHomeDirectory', 'deleteHomeDirectory'] },
      },
    },
    plain: ['recon', 'policy', 'checkJSSConnection', 'version'],
  },
  {
    // macOS's installer erases the startup volume's data before installing (`--eraseinstall`), as
    // the `erase-install` script does with `--erase`; Windows' reset removes every account's files
    // (`systemreset -factoryreset`, `-cleanpc`). Without those they upgrade in place.
    names: ['startosinstall'],
    category: 'system',
    what: "installs or upgrades macOS from an installer application",
    grammar: { long: { ...valued('volume', 'newvolumename', 'installpackage', 'user', 'passprompt', 'stdinpass', 'pidtosignal', 'license'), ...flagged('eraseinstall', 'agreetolicense', 'nointeraction', 'rebootdelay', 'forcequitapps', 'preservecontainer', 'usage', 'help') } },
    flashes: { what: "the startup disk (erased, then macOS installed)", withOptions: ['eraseinstall'] },
    plain: ['--usage', '--agreetolicense --nointeraction'],
  },
  {
    names: ['erase-install.sh', 'erase-install'],
    category: 'system',
    what: 'downloads a macOS installer and upgrades or erases and reinstalls the Mac',
    flashes: { what: "the startup disk (erased, then macOS reinstalled)", withOptions: ['erase'] },
    grammar: { long: { ...valued('os', 'version', 'build', 'path', 'workdir', 'power-wait-limit', 'depnotify', 'min-drive-space'), ...flagged('erase', 'reinstall', 'sameos', 'check-power', 'list', 'overwrite', 'update', 'move', 'confirm', 'beta', 'test-run', 'cleanup-after-use', 'help') } },
    plain: ['--list', '--move --update'],
  },
  {
    names: ['systemreset'],
    category: 'system',
    what: 'resets Windows, keeping or removing the accounts\' files',
    grammar: { singleDash: true, long: flagged('factoryreset', 'cleanpc', 'keepall', 'help') },
    flashes: { what: 'the Windows installation (reset, every account\'s files removed)', withOptions: ['-factoryreset', 'factoryreset', '-cleanpc', 'cleanpc'] },
    plain: ['-help'],
  },
  {
    // Unison synchronises two roots both ways; `-force ROOT` makes every change go from that root
    // to the other, deletions included: the other root is made like it (`-force EMPTY` empties the
    // other root), as `rsync --delete` does. `-force newer`/`older` pick per file, not a root.
    names: ['unison'],
    category: 'file',
    what: 'synchronises two folders (here or on another host) in both directions',
    grammar: {
      singleDash: true,
      long: {
        ...valued('force', 'prefer', 'root', 'path', 'ignore', 'ignorenot', 'logfile', 'backup', 'backupdir', 'sshargs', 'servercmd', 'addversionno', 'confirmbigdel', 'fastcheck', 'times', 'perms', 'owner', 'group', 'links', 'repeat', 'retry', 'ui', 'label', 'sortfirst', 'sortlast', 'merge', 'maxthreads', 'rsrc', 'copyprog', 'copythreshold'),
        ...flagged('batch', 'auto', 'silent', 'terse', 'dumbtty', 'testserver', 'version', 'help', 'doc', 'ignorearchives', 'noupdate', 'nodeletion', 'nocreation', 'contactquietly', 'log'),
      },
    },
    options: [
      { role: 'executor', options: ['-servercmd'], payload: 'program', note: '-servercmd names the program run on the other side' },
      { role: 'executor', options: ['-sshargs'], note: '-sshargs passes options to ssh, which can run commands (ProxyCommand)' },
    ],
    operands: [{ role: 'network', operand: 'every', when: (text) => text === null || UNISON_REMOTE.test(text), everyday: true, example: 'ssh://host//srv/docs', note: 'a root ssh://HOST/PATH or socket://HOST:PORT/PATH is on another host' }],
    read: (_args, reading) => {
      // Either root on another host: unison sends every local root there (it synchronises both ways).
      const roots = [...optionValues(reading, '-root'), ...reading.operands];
      const remote = roots.some((root) => root.kind === 'literal' && UNISON_REMOTE.test(root.value));
      const sent = remote
        ? roots
            .filter((root) => !(root.kind === 'literal' && UNISON_REMOTE.test(root.value)))
            .map((root): Form => ({ role: 'network', program: 'unison', trigger: root.raw, index: 1 + (reading.operandIndexes[reading.operands.indexOf(root)] ?? 0), value: root, sends: true, everyday: true, note: 'unison sends a local root to the other host' }))
        : [];
      return [...sent, ...forcedDeletions(reading, roots)];
    },
    plain: ['~/docs ssh://host/docs -batch', 'profile-name -auto'],
  },
];

/** A unison root on another host. */
const UNISON_REMOTE = /^(?:ssh|socket|rsh):\/\//;

/** The roots `-force ROOT` makes like ROOT: each other root's entries ROOT lacks are deleted. */
function forcedDeletions(reading: ArgReading, roots: readonly Word[]): Form[] {
  const forced = optionValues(reading, '-force')[0];
  const winner = forced === undefined ? undefined : textOf(forced);
  if (winner === undefined || winner === 'newer' || winner === 'older') return [];
  if (roots.length < 2) return [];
  const option = reading.options.find((given) => given.key === 'force');
  const index = option === undefined ? 1 : option.index + 1;
  // The root -force names wins; the others are made like it. A winner only known at run time may be either.
  return roots
    .filter((root) => winner === null || textOf(root) !== winner)
    .map((root): Form => ({ role: 'destructive', program: 'unison', trigger: '-force', index, value: root, changes: 'deletes', note: 'unison -force makes the other root like the one named, deleting what that one lacks' }));
}
