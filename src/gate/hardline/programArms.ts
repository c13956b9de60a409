/**
 * One place that says which arm looks at which program. Every check takes the innermost argv
 * (wrappers already peeled, literal values NFKC-folded) and answers with a finding or null.
 */
import { sharesHost, type PathPlace } from '../programs/pathResolver';
import type { Word } from '../reading/resolution';
import type { HardlineFinding } from './arms';
import { hardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { checkFileDestroyers, checkFind, checkLsyncdMirror, checkMove, checkRemove, checkRsyncDelete, checkWindowsRemove, type Rechecker } from './deletion';
import { checkDeviceWriters, checkFormatting, isFormatter } from './devices';
import { isInterpreterForkBomb } from './forkBomb';
import { checkChattr, checkPermissions } from './permissions';
import { checkFuserKill, checkKill, checkKillPattern, checkShutdown } from './processes';
import { checkOwnAccountKill } from './ownAccount';
import { checkSessionKill } from './sessionProcesses';
import { checkVolumes, VOLUME_PROGRAMS } from './volumes';
import { checkWindowsProgram, WINDOWS_PROGRAMS } from './windows';
import { devicesThroughBinds } from './boundDevices';

const INTERPRETERS = new Set(['perl', 'ruby', 'python', 'python2', 'python3', 'pypy', 'pypy3']);

const NAMED_PROGRAMS = new Set([
  'rm', 'rimraf', 'find', 'rsync', 'lsyncd', 'mv', 'unlink', 'truncate', 'chattr', 'chflags',
  'wipefs', 'diskutil', 'nvme', 'asr',
  'dd', 'tee', 'cp', 'shred', 'blkdiscard', 'badblocks', 'ddrescue',
  'chmod', 'chown', 'chgrp',
  'kill', 'killall5', 'pkill', 'killall', 'skill', 'slay', 'fuser',
  'shutdown', 'reboot', 'halt', 'poweroff', 'init', 'telinit', 'runit-init', 'service', 'rc-service', 'sv', 'herd', 'dinitctl', 'initctl', 'systemctl', 'kexec', 'loginctl', 'rtcwake',
  // other platforms and other ways in (docs/decisions.md, "Other platforms' programs")
  'launchctl', 'uadmin', 'busctl', 'gdbus', 'dbus-send', 'qdbus', 'osascript', 'openssl', 'fio', 'rd', 'rmdir', 'del', 'erase',
  ...INTERPRETERS,
  ...VOLUME_PROGRAMS,
  // Windows' own programs and cmdlets (windows.ts)
  ...WINDOWS_PROGRAMS,
]);

/** The programs whose arms still apply inside a container (see {@link checkProgram}). */
const CONTAINER_ARMS = new Set(['rm', 'rimraf', 'find', 'rsync', 'lsyncd', 'mv', 'unlink', 'truncate', 'shred', 'chattr', 'chflags', 'chmod', 'chown', 'chgrp', ...INTERPRETERS]);

/** The arms of signals to processes, which reach the host's processes from its process namespace. */
const HOST_PROCESS_ARMS = new Set(['kill', 'killall5', 'pkill', 'killall', 'skill', 'slay']);

/** True when some arm looks at this program (used to re-anchor an argv read inexactly). */
export function isHardlineProgram(name: string): boolean {
  return NAMED_PROGRAMS.has(name) || isFormatter(name);
}

/** The device arms, for a container handed the host's devices (`--privileged`, `--device`, a bind of /dev). */
function checkDeviceArms(name: string, args: readonly Word[]): HardlineFinding | null {
  return checkFormatting(name, args) ?? checkDeviceWriters(name, args) ?? (VOLUME_PROGRAMS.has(name) ? checkVolumes(name, args) : null);
}

/** Runs the arm (if any) that applies to `argv[0]`. */
export function checkProgram(argv: readonly Word[], place: PathPlace, rechecker: Rechecker): HardlineFinding | null {
  const program = commandName(argv[0]);
  if (program === null) return null;
  const { name } = program;
  // Every arm below is keyed on one of these names; anything else is no arm's business.
  if (!isHardlineProgram(name)) return null;
  // Inside a container only what reaches the host counts: paths through its binds, fork loops
  // (the container shares the host's kernel). Its kills, power and device commands are its own.
  // A run handed the host's devices writes the host's disks; a chroot shares everything but the root.
  // A run in the host's process namespace (`--pid=host`, `hostPID: true`) signals the host's processes.
  if (place.mounts !== undefined && !CONTAINER_ARMS.has(name) && !sharesHost(place) && !(place.hostPid === true && HOST_PROCESS_ARMS.has(name))) {
    const bound = devicesThroughBinds(argv.slice(1), place);
    return (place.hostDevices === true ? checkDeviceArms(name, argv.slice(1)) : null) ?? (bound === null ? null : checkDeviceArms(name, bound));
  }
  const args = argv.slice(1);
  switch (name) {
    case 'rm':
    case 'rimraf':
      return checkRemove(name, args, place);
    case 'find':
      return checkFind(args, place, rechecker);
    case 'rsync':
      return checkRsyncDelete(args, place);
    case 'lsyncd':
      return checkLsyncdMirror(args, place);
    case 'mv':
      return checkMove(args, place);
    case 'rd':
    case 'rmdir':
    case 'del':
    case 'erase':
      return checkWindowsRemove(name, args, place);
    case 'unlink':
    case 'truncate':
      return checkFileDestroyers(name, args, place);
    case 'chattr':
    case 'chflags':
      return checkChattr(name, args, place);
    case 'chmod':
    case 'chown':
    case 'chgrp':
      return checkPermissions(name, args, place);
    case 'kill':
    case 'killall5':
      return checkKill(name, args);
    case 'fuser':
      return checkFuserKill(args);
    case 'pkill':
    case 'killall':
    case 'skill':
    case 'slay':
      return checkKillPattern(name, args) ?? checkOwnAccountKill(name, args, place.home) ?? checkSessionKill(name, args);
    case 'shutdown':
    case 'reboot':
    case 'halt':
    case 'poweroff':
    case 'init':
    case 'telinit':
    case 'runit-init':
    case 'uadmin':
    case 'service':
    case 'rc-service':
    case 'sv':
    case 'herd':
    case 'dinitctl':
    case 'initctl':
    case 'systemctl':
    case 'kexec':
    case 'loginctl':
    case 'rtcwake':
    case 'launchctl':
    case 'busctl':
    case 'gdbus':
    case 'dbus-send':
    case 'qdbus':
    case 'osascript':
      return checkShutdown(name, program.systemProgram, args);
    default:
      break;
  }
  if (WINDOWS_PROGRAMS.has(name)) return checkWindowsProgram(name, args, place);
  if (VOLUME_PROGRAMS.has(name)) return checkVolumes(name, args);
  if (INTERPRETERS.has(name)) {
    const code = args.map(literalText).find((text) => text !== null && isInterpreterForkBomb(text));
    return code === undefined ? null : hardlineFinding('fork-bomb', `${name} running "${code}"`);
  }
  return checkFormatting(name, args) ?? checkDeviceWriters(name, args) ?? (name === 'shred' ? checkFileDestroyers(name, args, place) : null);
}
