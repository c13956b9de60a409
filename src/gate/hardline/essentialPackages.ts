/**
 * Essential packages removed by force (D§5; docs/decisions.md "Essential packages removed by
 * force"): `dpkg --purge --force-all libc6`, `rpm -e --nodeps glibc`, `pacman -Rdd glibc`,
 * `apt-get remove --allow-remove-essential coreutils`. Which options remove packages and which
 * force the removal are the rows' (`removesPackages`); which packages the system cannot run
 * without is here, the one list of them.
 */
import { commandLevels } from '../programs/commandLevels';
import { rowFor } from '../programs/table';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { peelWrappers } from '../programs/wrappers';

/**
 * Packages without which the machine does not boot, log anyone in, run a shell or manage its
 * packages again: the C library, the core programs and shells, init, the account and PAM tools,
 * the package managers themselves and the kernel (names as Debian, Fedora and Arch spell them).
 */
const ESSENTIAL_PACKAGES = new Set([
  'libc6', 'libc-bin', 'glibc', 'glibc-common', 'coreutils', 'bash', 'dash', 'systemd', 'systemd-sysv', 'init', 'util-linux',
  'base-files', 'base-passwd', 'filesystem', 'dpkg', 'apt', 'rpm', 'dnf', 'yum', 'pacman', 'login', 'passwd', 'shadow',
  'shadow-utils', 'sudo', 'grep', 'sed', 'tar', 'findutils', 'diffutils', 'gzip', 'libpam0g', 'pam', 'libpam-modules', 'libpam-runtime', 'linux', 'linux-lts', 'linux-zen', 'linux-hardened', 'kernel', 'kernel-core',
  // Alpine's and the other musl and busybox systems' C library, core programs and package tools; Solus's.
  'musl', 'busybox', 'apk-tools', 'alpine-baselayout', 'eopkg', 'xbps', 'baselayout', 'libc',
]);

/** The essential packages, one a line: what a listing of every installed package holds at its worst (listings.ts). */
export function essentialPackagesAtWorst(): string {
  return [...ESSENTIAL_PACKAGES].join('\n');
}

/** Package name prefixes of the same: every PAM library, every kernel image. */
const ESSENTIAL_PREFIXES = ['libpam', 'linux-image'];

/** `libc6:amd64`, `glibc-2.38-1.x86_64`, `bash=5.2-1`: the package's name. */
function essential(text: string): boolean {
  const name = text.toLowerCase().split(/[:=]/)[0]!;
  if (ESSENTIAL_PACKAGES.has(name) || ESSENTIAL_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  // rpm's name-version-release.arch
  const rpmName = /^([a-z0-9+._-]+?)-[0-9][^-]*-[^-]+$/.exec(name)?.[1];
  return rpmName !== undefined && ESSENTIAL_PACKAGES.has(rpmName);
}

/** A package tool's removing verb, and an option that overrides its safety checks (`--ignore-safety`, `--force-…`, `--nodeps`). */
const REMOVING_VERB = /^(?:remove|rm|del|delete|erase|uninstall|purge)$/;
const FORCING_OPTION = /^--?(?:ignore-(?:safety|dependency|dependencies|deps|system)|force(?:-[\w-]+)?|nodeps|no-deps|allow-remove-essential)$/;

export function checkEssentialRemoval(argv: readonly Word[], name: string): HardlineFinding | null {
  const row = rowFor(name);
  // A package tool without a row (Solus's `eopkg`, …): a removing verb, a forcing option and an
  // essential package among its words are taken at their worst (docs/decisions.md "Essential
  // packages removed by a tool no row places").
  if (row === null) {
    const texts = argv.slice(1).map(literalText);
    if (!texts.some((text) => text !== null && REMOVING_VERB.test(text)) || !texts.some((text) => text !== null && FORCING_OPTION.test(text))) return null;
    const package_ = texts.find((text) => text !== null && !text.startsWith('-') && essential(text));
    return package_ === undefined || package_ === null ? null : hardlineFinding('recursive-delete-root', `${name} (a program no row places) removes the essential package ${package_} by force`);
  }
  for (const { command, reading } of commandLevels(row, argv)) {
    const removes = command.removesPackages;
    if (removes === undefined) continue;
    const named = (names: readonly string[]): number => reading.options.filter((option) => names.includes(option.name)).length;
    if (removes.options !== undefined && named(removes.options) === 0) continue;
    if (named(removes.forcedBy) < (removes.forcedTimes ?? 1)) continue;
    for (const operand of reading.operands) {
      const text = literalText(operand);
      if (text !== null && essential(text)) return hardlineFinding('recursive-delete-root', `${name} removes the essential package ${text} by force`);
    }
  }
  return null;
}

/**
 * `inner` (after its wrappers: `sudo apt-get purge -y`) is a system package tool's removal (its
 * row's or subcommand's `removesPackages`), forced or not: handed every installed package
 * (listings.ts `printsEveryPackage`), it removes the kernel, init, the shells and whatever the
 * system runs — forced or not, what its safety checks spare is not the system (D§5; docs/decisions.md
 * "Listings of every mount, process and terminal"). Language package tools (`pip uninstall`)
 * have no `removesPackages`: a virtual environment emptied is everyday.
 */
export function removesPackagesHanded(inner: readonly Word[]): HardlineFinding | null {
  const argv = peelWrappers(inner).argv;
  const name = commandName(argv[0])?.name;
  const row = name === undefined ? null : rowFor(name);
  if (row === null || name === undefined) return null;
  for (const { command, reading } of commandLevels(row, argv)) {
    const removes = command.removesPackages;
    if (removes === undefined) continue;
    if (removes.options !== undefined && !reading.options.some((option) => removes.options!.includes(option.name))) continue;
    return hardlineFinding('recursive-delete-root', `${name} removes every installed package it is handed, the essential ones among them`);
  }
  return null;
}
