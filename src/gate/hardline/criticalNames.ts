/**
 * The critical files of the hardline floor by name (D§5): one home for their names, read by
 * `paths.ts` (what a path or glob names) and by the search readers (a name test that matches one).
 * A leaf module: the program rows import it without the floor's other modules.
 */
import { BASH_PATTERN, globMatch } from '../reading/globMatch';

/** Files whose removal alone leaves the machine unable to log anyone in, boot, or start programs. */
// The BSDs' account databases too: `master.passwd` (the hashes), and the `pwd.db`/`spwd.db` the
// system reads them from (docs/decisions.md "Containers: the working folder, SYS_ADMIN, and host shells").
export const CRITICAL_ETC_FILES = new Set(['passwd', 'shadow', 'group', 'gshadow', 'sudoers', 'fstab', 'nsswitch.conf', 'ld.so.cache', 'ld.so.conf', 'login.defs', 'inittab', 'master.passwd', 'pwd.db', 'spwd.db']);
export const CRITICAL_PROGRAMS = new Set(['bin/sh', 'bin/bash', 'usr/bin/sh', 'usr/bin/bash', 'usr/bin/sudo', 'usr/bin/env', 'sbin/init', 'usr/sbin/init', 'usr/lib/systemd/systemd', 'lib/systemd/systemd']);

/**
 * The package managers' records of what is installed, as single files (dpkg's `status`, rpm's
 * database in both its places, apk's `installed`): deleted or emptied, the package manager knows
 * nothing of the system. Their lock files (`/var/lib/dpkg/lock*`, rpm's `__db.*`) are not here:
 * removing them is a known repair.
 */
export const PACKAGE_DATABASE_FILES = new Set([
  'var/lib/dpkg/status', 'var/lib/rpm/rpmdb.sqlite', 'var/lib/rpm/Packages', 'usr/lib/sysimage/rpm/rpmdb.sqlite', 'usr/lib/sysimage/rpm/Packages', 'lib/apk/db/installed',
]);

/** Windows' kernel, loader and session programs in `System32`, and its registry hives (`System32\config`), lower case. */
export const WINDOWS_CRITICAL_PROGRAMS = new Set([
  'ntoskrnl.exe', 'hal.dll', 'winload.exe', 'winload.efi', 'winresume.exe', 'ci.dll', 'ntdll.dll', 'kernel32.dll', 'kernelbase.dll',
  'smss.exe', 'csrss.exe', 'wininit.exe', 'winlogon.exe', 'lsass.exe', 'services.exe', 'userinit.exe', 'logonui.exe', 'cmd.exe',
]);
export const WINDOWS_HIVES = new Set(['system', 'software', 'sam', 'security', 'default']);
/** Windows' boot manager and its configuration store, below the system drive's root (lower case). */
export const WINDOWS_BOOT_FILES = ['bootmgr', 'boot/bcd', 'efi/microsoft/boot/bcd', 'efi/microsoft/boot/bootmgfw.efi'];

/**
 * Windows' services and drivers that start it (the keys below `HKLM\SYSTEM\…\Services`, lower
 * case): the boot-start storage, volume and file-system drivers, and the services every session
 * needs (RPC, DCOM, the local session manager, accounts, events, Plug and Play, power). Deleting
 * one's key leaves Windows unable to boot or to log anyone in; any other service's key is one
 * program's (an uninstall).
 */
export const WINDOWS_BOOT_SERVICES = new Set([
  'disk', 'partmgr', 'volmgr', 'volmgrx', 'volume', 'mountmgr', 'ntfs', 'refs', 'fastfat', 'fvevol', 'volsnap', 'pci', 'acpi', 'acpiex', 'msisadrv', 'vdrvroot',
  'storahci', 'stornvme', 'storport', 'iastorav', 'iastorv', 'iastora', 'msahci', 'atapi', 'pciide', 'intelide', 'classpnp', 'spaceport', 'ehstorclass', 'wof',
  'cng', 'ksecdd', 'ksecpkg', 'fltmgr', 'wdf01000', 'rdyboost', 'mup', 'tcpip', 'ndis', 'afd',
  'rpcss', 'rpceptmapper', 'dcomlaunch', 'lsm', 'samss', 'eventlog', 'plugplay', 'power', 'brokerinfrastructure', 'systemeventsbroker', 'profsvc', 'gpsvc', 'winmgmt', 'cryptsvc', 'bfe', 'keyiso', 'netlogon', 'lanmanserver',
]);

/** The names the kernel and initial RAM disk images in /boot start with. */
export const BOOT_IMAGES = ['vmlinuz', 'initrd', 'initramfs'];

/**
 * Where each kind of critical file lives, one real name for each (`paths.ts` criticalFileAt reads
 * them all as critical): what an absolute glob is matched against. The kernels and initial RAM
 * disks carry versions in their names, so they are here as distributions write them.
 */
export const CRITICAL_EXAMPLES: readonly string[] = [
  ...[...CRITICAL_ETC_FILES].map((name) => `etc/${name}`),
  ...['common-auth', 'system-auth', 'sudo', 'login', 'su', 'sshd'].map((name) => `etc/pam.d/${name}`),
  ...CRITICAL_PROGRAMS,
  // The loader and the C library where distributions keep them: Debian's multiarch folders, Fedora's
  // lib64, Arch's flat /usr/lib, Alpine's musl in /lib.
  ...['lib64/ld-linux-x86-64.so.2', 'usr/lib64/ld-linux-x86-64.so.2', 'lib/ld-linux-aarch64.so.1', 'lib/x86_64-linux-gnu/libc.so.6', 'usr/lib/x86_64-linux-gnu/libc.so.6', 'usr/lib/aarch64-linux-gnu/libc.so.6'],
  ...['usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2', 'usr/lib64/libc.so.6', 'lib64/libc.so.6', 'usr/lib/libc.so.6', 'usr/lib/ld-linux-x86-64.so.2', 'lib/ld-musl-x86_64.so.1', 'lib/libc.musl-x86_64.so.1'],
  ...['vmlinuz', 'vmlinuz-6.1.0-13-amd64', 'initrd.img', 'initrd.img-6.1.0-13-amd64', 'vmlinuz-linux', 'initramfs-linux.img'].map((name) => `boot/${name}`),
  'boot/grub/grub.cfg', 'boot/grub2/grub.cfg',
  ...['EFI/BOOT/BOOTX64.EFI', 'EFI/debian/grubx64.efi', 'EFI/ubuntu/shimx64.efi', 'EFI/fedora/grubx64.efi', 'EFI/systemd/systemd-bootx64.efi'].map((name) => `boot/efi/${name}`),
  ...PACKAGE_DATABASE_FILES,

  // Windows seen from WSL: `find /mnt/c/Windows/System32 -name '*.dll' -delete` reaches ntdll.dll.
  ...[...WINDOWS_CRITICAL_PROGRAMS].map((name) => `mnt/c/windows/system32/${name}`),
  ...[...WINDOWS_HIVES].map((name) => `mnt/c/windows/system32/config/${name}`),
  // Windows' boot manager and boot configuration at the system drive's root and in its EFI folder.
  ...WINDOWS_BOOT_FILES.map((name) => `mnt/c/${name}`),
];

/**
 * The critical files a search from `start` (an absolute literal folder) can reach within `maxDepth`
 * whose name matches every one of `names` (find's `-name`/`-iname`, fd's `-g`): a name test is no narrowing for the critical files it matches (`find /usr/lib /lib
 * -name '*.so*' -delete` reaches the loader and the C library). Read against one real name of each
 * kind of critical file ({@link CRITICAL_EXAMPLES}); absolute paths, most at {@link MAX_NAMED_CRITICAL}.
 */
export function criticalFilesNamed(start: string, names: ReadonlyArray<{ pattern: string; ignoreCase: boolean }>, maxDepth: number | null): string[] {
  if (!start.startsWith('/') || names.length === 0) return [];
  const parts: string[] = [];
  for (const part of start.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  if (parts.length >= 2 && parts[0] === 'private' && parts[1] === 'etc') parts.shift();
  // A Windows drive seen from WSL: its names compared without case, every drive letter as `c`.
  const windows = parts.length >= 2 && parts[0] === 'mnt' && /^[a-z]$/i.test(parts[1]!);
  if (windows) parts.splice(0, parts.length, ...parts.map((part, k) => (k === 1 ? 'c' : part.toLowerCase())));
  const found: string[] = [];
  for (const example of CRITICAL_EXAMPLES) {
    const components = example.split('/');
    const depth = components.length - parts.length;
    if (depth < 1 || (maxDepth !== null && depth > maxDepth) || !parts.every((part, k) => part === components[k])) continue;
    const base = components[components.length - 1]!;
    if (names.every(({ pattern, ignoreCase }) => (ignoreCase || windows ? globMatch(pattern.toLowerCase(), base.toLowerCase(), BASH_PATTERN) : globMatch(pattern, base, BASH_PATTERN)))) found.push(`/${example}`);
    if (found.length >= MAX_NAMED_CRITICAL) break;
  }
  return found;
}
const MAX_NAMED_CRITICAL = 8;

/**
 * Folders directly in the root and in a home folder whose loss is catastrophic (D§5: a system
 * folder, the home folder's contents), one real name of each kind, for the name tests of a search
 * started there: `find / -maxdepth 1 -name 'u*'` matches `/usr`, `find ~ -maxdepth 1 -name '.*'`
 * matches `~/.ssh`, so what the search hands a deleter is, at worst, such a folder.
 */
const ROOT_FOLDER_EXAMPLES = ['usr', 'etc', 'bin', 'sbin', 'lib', 'lib64', 'boot', 'var', 'home', 'opt', 'root', 'srv'];
const HOME_FOLDER_EXAMPLES = ['.ssh', '.gnupg', '.config', '.local', 'Documents', 'Desktop'];

/** A home folder by its place (`/root`, `/home/NAME`, `/Users/NAME`), or the one given. */
function isHomeFolder(path: string, home: string | undefined): boolean {
  return path === home || /^\/(?:root|var\/root|home\/[^/]+|Users\/[^/]+)$/.test(path);
}

/**
 * The protected folders directly below `start` (the root or a home folder, literal and absolute)
 * whose names match every one of `names`, when the search reaches depth 1: absolute paths.
 */
export function protectedFoldersNamed(start: string, names: ReadonlyArray<{ pattern: string; ignoreCase: boolean }>, maxDepth: number | null, home?: string): string[] {
  if (names.length === 0 || (maxDepth !== null && maxDepth < 1)) return [];
  const folder = start.replace(/\/+$/, '') || '/';
  const examples = folder === '/' ? ROOT_FOLDER_EXAMPLES : isHomeFolder(folder, home) ? HOME_FOLDER_EXAMPLES : [];
  const matches = (name: string) => names.every(({ pattern, ignoreCase }) => (ignoreCase ? globMatch(pattern.toLowerCase(), name.toLowerCase(), BASH_PATTERN) : globMatch(pattern, name, BASH_PATTERN)));
  return examples.filter(matches).map((name) => (folder === '/' ? `/${name}` : `${folder}/${name}`));
}

