/**
 * Windows' own destructive programs and cmdlets, run from WSL (`vssadmin.exe`, `/mnt/c/…`), through
 * `cmd /c` or PowerShell (their lines reach the floor as the shell text that does the same:
 * programs/cmdLine.ts, programs/languages/powershellStatements.ts). docs/decisions.md, "Windows
 * command lines and PowerShell statements", says what counts and what is left out:
 *
 * - formatting or erasing: `format X:`, `diskpart /s SCRIPT` (a script the gate cannot read is
 *   taken at its worst) or fed `clean`/`format`/`delete …` lines, `Format-Volume`, `Clear-Disk`,
 *   `Remove-Partition`, Storage Spaces' `Remove-VirtualDisk`, `Remove-StoragePool` and
 *   `Reset-PhysicalDisk` (not `-WhatIf`);
 * - deleting the accounts' profile folders: `delprof2` (not `/l`, which lists them);
 * - deleting the system's backups or boot: `vssadmin delete shadows|shadowstorage` (and `resize
 *   shadowstorage` to under a gigabyte), diskshadow fed `delete shadows`, `wmic shadowcopy delete`,
 *   `wbadmin delete …`, `bcdedit /delete` of the running, default or boot-manager entry, `bcdedit
 *   /set … recoveryenabled no|bootstatuspolicy ignore…` and `/deletevalue` of what an entry starts,
 *   `reg delete|restore` of a hive's root, the system's services and control sets, a key right in
 *   `Control` or a boot service's key, `wsl --unregister` (the distribution's whole file system);
 * - deleting a protected tree: `robocopy SRC DEST /MIR|/PURGE` into one (as `rsync --delete`),
 *   `forfiles /p TREE /s` deleting every file (as `find -exec rm`), `fsutil file setZeroData` of a
 *   file Windows cannot start without;
 * - deleting a protected tree by overwriting it: `sdelete -s` (`-c`/`-z` only clean free space);
 * - making a system folder unusable: `icacls … /t` changing its access, `takeown /r` (as `chmod -R`,
 *   `chown -R`);
 * - ending every process: `wmic process call terminate` with no `where`;
 * - ending the session: `logoff`, `taskkill /im` of a process the session or the system cannot
 *   live without (sessionProcesses.ts), `taskkill /im *`.
 *
 * - removing a user account, with or without its profile (`net user NAME /delete`, Samba's `net
 *   [rpc|ads|sam] user delete NAME`, `Remove-LocalUser`: docs/decisions.md "An account removed is
 *   catastrophic, with or without its home").
 *
 * `Initialize-Disk` only takes a disk with no partition table: it is not here. Resetting or re-imaging the machine, wiping a volume's free
 * space and clearing the event logs are read in windowsMachine.ts.
 */
import type { PathPlace } from '../programs/pathResolver';
import type { WrapperLayer } from '../programs/wrappers';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { commandName, literalText } from './commandName';
import { criticalFileTarget, deletionTarget, permissionTarget } from './paths';
import { WINDOWS_BOOT_SERVICES } from './criticalNames';
import { checkSessionKill, sessionProcess } from './sessionProcesses';
import { checkWindowsMachine, WINDOWS_MACHINE_PROGRAMS } from './windowsMachine';

/** The programs (names as commandName gives them) and cmdlets (lower case) this file judges. */
export const WINDOWS_PROGRAMS: ReadonlySet<string> = new Set([
  'format', 'format.com', 'diskpart', 'vssadmin', 'wmic', 'wbadmin', 'bcdedit', 'reg', 'robocopy', 'forfiles', 'fsutil', 'logoff', 'wslconfig',
  'format-volume', 'clear-disk', 'remove-partition', 'remove-virtualdisk', 'remove-storagepool', 'reset-physicaldisk', 'delprof', 'delprof2', 'taskkill', 'pskill', 'pskill64', 'tskill', 'rundll32', 'sdelete', 'sdelete64', 'icacls', 'takeown',
  'net', 'net1', 'remove-localuser', 'stop-vm', 'diskshadow', 'sc', 'remove-service', 'set-service',
  ...WINDOWS_MACHINE_PROGRAMS,
]);

/** A switch, compared without case and with `-` or `/` (`/MIR`, `-mir`). */
function isSwitch(text: string | null, ...names: string[]): boolean {
  return text !== null && /^[-/]/.test(text) && names.includes(text.slice(1).toLowerCase());
}

/** A PowerShell `-WhatIf` (any prefix from `-wh`, or `-wi`), which runs nothing. */
function whatIf(texts: ReadonlyArray<string | null>): boolean {
  return texts.some((text) => text !== null && /^-(?:wh(?:a(?:t(?:i(?:f)?)?)?)?|wi)(?::\$true)?$/i.test(text));
}

/** The power methods of WMI's Win32_OperatingSystem class. */
const WMI_POWER_METHOD = /^(?:win32shutdown|win32shutdowntracker|shutdown|reboot)$/;

/** Words that are not switches (`/x`, `-x`), in order. */
function operandsOf(args: readonly Word[]): Word[] {
  return args.filter((word) => !/^[-/]/.test(literalText(word) ?? word.raw));
}

export function checkWindowsProgram(name: string, args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const texts = args.map(literalText);
  const lower = texts.map((text) => text?.toLowerCase() ?? null);
  // `/?` prints help (unquoted in bash it is a glob, so its source text is looked at too).
  if (args.some((word) => /^[-/]\?$/.test(literalText(word) ?? word.raw))) return null;
  switch (name) {
    case 'format':
    case 'format.com': {
      const drive = texts.find((text) => text !== null && /^[A-Za-z]:\\?$/.test(text));
      return drive === undefined ? null : hardlineFinding('mkfs', `format ${drive}`);
    }
    case 'diskpart': {
      const script = texts.findIndex((text) => isSwitch(text, 's'));
      return script === -1 ? null : hardlineFinding('mkfs', `diskpart /s ${texts[script + 1] ?? '…'} runs disk commands (clean, format, delete) the gate cannot read`);
    }
    case 'format-volume':
    case 'clear-disk':
    case 'remove-partition':
    case 'remove-virtualdisk':
    case 'remove-storagepool':
    case 'reset-physicaldisk':
      return whatIf(texts) ? null : hardlineFinding('mkfs', `${name} ${texts.map((text) => text ?? '…').join(' ')}`.trim());
    case 'net':
    case 'net1': {
      // `net user NAME /delete` (Windows; `/del` too), `net [rpc|ads|sam] user delete NAME` (Samba).
      const user = lower.indexOf('user');
      if (user === -1 || user > 1) return null;
      const rest = lower.slice(user + 1);
      const named = operandsOf(args.slice(user + 1)).map(literalText);
      const deletes = rest.some((text) => isSwitch(text, 'delete', 'del')) ? named[0] : rest[0] === 'delete' ? named[1] : undefined;
      return deletes === undefined ? null : hardlineFinding('recursive-delete-root', `net user deletes the user account ${deletes ?? '…'}`);
    }
    case 'stop-vm':
      // The PowerShell reader hands on `Stop-VM -TurnOff|-Force '*'` for every virtual machine of this host.
      return texts.includes('*') && lower.some((text) => text === '-turnoff' || text === '-force') ? hardlineFinding('shutdown', `Stop-VM ${texts.map((text) => text ?? '…').join(' ')} forces off every virtual machine of this host`) : null;
    case 'remove-localuser':
      return whatIf(texts) || args.length === 0 ? null : hardlineFinding('recursive-delete-root', `Remove-LocalUser ${texts.map((text) => text ?? '…').join(' ')} deletes a user account`);
    case 'delprof':
    case 'delprof2':
      // Deletes the inactive accounts' profile folders; `/l` only lists them.
      return lower.some((text) => isSwitch(text, 'l')) ? null : hardlineFinding('recursive-delete-root', `${name} deletes the user profiles (every account's home folder)`);
    case 'vssadmin':
      // `delete shadows` deletes them; `delete shadowstorage` their storage, and them with it;
      // `resize shadowstorage` below what they take deletes the oldest until they fit (at its
      // worst all: any maximum under a gigabyte).
      if (lower[0] === 'delete' && (lower[1] === 'shadows' || lower[1] === 'shadowstorage')) return hardlineFinding('recursive-delete-root', `vssadmin delete ${lower[1]} deletes the volume shadow copies (restore points and backups)`);
      if (lower[0] === 'resize' && lower[1] === 'shadowstorage') {
        const size = lower.map((text) => (text === null ? null : /^\/maxsize=([0-9.]+)\s*(b|kb|mb)?$/.exec(text))).find((match) => match !== null && match !== undefined);
        if (size !== undefined && size !== null && (size[2] !== undefined || Number(size[1]) < 2 ** 30)) return hardlineFinding('recursive-delete-root', `vssadmin resize shadowstorage ${texts.find((text) => text !== null && /^\/maxsize=/i.test(text)) ?? ''} deletes the volume shadow copies that no longer fit`);
      }
      return null;
    case 'wmic': {
      if (lower.includes('shadowcopy') && lower.includes('delete')) return hardlineFinding('recursive-delete-root', 'wmic shadowcopy delete deletes the volume shadow copies');
      const call = lower.indexOf('call');
      const method = call === -1 ? null : lower[call + 1];
      // `wmic process call terminate` (or `… delete`, which ends the processes too) with no `where`: every process.
      const deletes = call === -1 && lower[lower.length - 1] === 'delete';
      if (lower[0] === 'process' && (method === 'terminate' || deletes)) {
        const where = lower.indexOf('where');
        if (where === -1) return hardlineFinding('kill-all', 'wmic process call terminate ends every process');
        const clause = texts.slice(where + 1, deletes ? -1 : call);
        if (!wqlNarrows(clause)) return hardlineFinding('kill-all', `wmic process where ${clause.map((text) => text ?? '…').join(' ')} may pick every process`);
        const image = /name\s*=\s*['"]?([^'"\s]+)/.exec(clause.join(' '))?.[1];
        const what = image === undefined ? null : sessionProcess(image);
        if (what !== null) return hardlineFinding('shutdown', `wmic process call terminate of ${image}: ${what}`);
      }
      // The os class's power methods, with or without `call` (`wmic os where Primary='TRUE' reboot`),
      // after any global switch (`/interactive:off`); `/node:` names another machine and is not read.
      const words = lower.filter((text) => text === null || !text.startsWith('/'));
      if (lower.some((text) => text !== null && text.startsWith('/node:'))) return null;
      const operatingSystem = words[0] === 'os' || (words[0] === 'path' && words[1] === 'win32_operatingsystem');
      const power = method ?? words.find((text) => text !== null && WMI_POWER_METHOD.test(text));
      if (operatingSystem && power !== null && power !== undefined && WMI_POWER_METHOD.test(power)) return hardlineFinding('shutdown', `wmic os ${method !== null ? 'call ' : ''}${power}`);
      return null;
    }
    case 'wbadmin':
      return lower[0] === 'delete' ? hardlineFinding('recursive-delete-root', `wbadmin delete ${texts[1] ?? ''} deletes Windows backups`.trim()) : null;
    case 'bcdedit': {
      const recovery = checkBootRecovery(lower);
      if (recovery !== null) return recovery;
      const at = lower.findIndex((text) => isSwitch(text, 'delete'));
      if (at === -1) return null;
      const id = args[at + 1] === undefined ? null : literalText(args[at + 1]);
      // The running, default and boot-manager entries; an entry only known at run time at its worst.
      if (args[at + 1] !== undefined && (id === null || /^\{(?:current|default|bootmgr|fwbootmgr)\}$/i.test(id))) return hardlineFinding('recursive-delete-root', `bcdedit /delete ${id ?? '…'} leaves Windows unbootable`);
      return null;
    }
    case 'reg':
      return checkRegDelete(lower) ?? checkRegRestore(lower) ?? checkBootServiceStart(lower);
    case 'sc': {
      // `sc [\\server] delete NAME`, `sc config NAME start= disabled`: a service Windows starts from
      // (criticalNames.ts) deleted or kept from starting, as its registry key deleted is.
      const words = lower[0]?.startsWith('\\\\') === true ? lower.slice(1) : lower;
      if (words !== lower) return null;
      const service = words[1];
      if (service === null || service === undefined || !WINDOWS_BOOT_SERVICES.has(service)) return null;
      const disabled = words[0] === 'config' && words.some((text, k) => text === 'start=' && words[k + 1] === 'disabled');
      return words[0] === 'delete' || disabled ? hardlineFinding('recursive-delete-root', `sc ${words[0]} ${service}: Windows cannot start without that service`) : null;
    }
    case 'remove-service':
    case 'set-service': {
      // PowerShell's `Remove-Service [-Name] NAME` and `Set-Service NAME -StartupType Disabled`, as `sc`.
      if (whatIf(texts)) return null;
      const named = operandsOf(args).map(literalText).find((text) => text !== null && !/^disabled$/i.test(text));
      if (named === undefined || named === null || !WINDOWS_BOOT_SERVICES.has(named.toLowerCase())) return null;
      const disabled = name === 'remove-service' || lower.some((text, k) => /^-s(?:t(?:a(?:r(?:t(?:u(?:p(?:t(?:y(?:p(?:e)?)?)?)?)?)?)?)?)?)?$/.test(text ?? '') && lower[k + 1] === 'disabled');
      return disabled ? hardlineFinding('recursive-delete-root', `${name} ${named}: Windows cannot start without that service`) : null;
    }
    case 'robocopy': {
      if (!lower.some((text) => isSwitch(text, 'mir', 'purge'))) return null;
      const destination = operandsOf(args)[1];
      const what = destination === undefined ? null : deletionTarget(destination, place);
      return what === null ? null : hardlineFinding('recursive-delete-root', `robocopy /MIR into ${what}`);
    }
    case 'forfiles':
      return checkForfiles(args, place);
    case 'fsutil': {
      if (lower[0] !== 'file' || lower[1] !== 'setzerodata') return null;
      for (const word of args.slice(2)) {
        const what = criticalFileTarget(word, place);
        if (what !== null) return hardlineFinding('recursive-delete-root', `fsutil file setZeroData on ${what}`);
      }
      return null;
    }
    case 'taskkill':
      return checkSessionKill(name, args);
    case 'rundll32': {
      // `rundll32 user32.dll,ExitWindowsEx` (and shell32's `SHExitWindowsEx`) logs off; locking and suspending end nothing.
      const entry = lower.find((text) => text !== null && text.includes(','));
      return entry !== undefined && entry !== null && /,\s*(?:sh)?exitwindowsex?\b/.test(entry) ? hardlineFinding('shutdown', `rundll32 ${texts[lower.indexOf(entry)]} logs off Windows`) : null;
    }
    case 'pskill':
    case 'pskill64':
    case 'tskill': {
      // `pskill [-t] [\\computer [-u user] [-p pass]] NAME|PID`, `tskill NAME|PID [/server:X]`: on another machine it is that one's.
      const named = operandsOf(args).map(literalText);
      if (named.some((text) => text?.startsWith('\\') === true) || lower.some((text) => text?.startsWith('/server:') === true)) return null;
      for (const process of named) {
        const what = process === null ? null : sessionProcess(process);
        if (what !== null) return hardlineFinding('shutdown', `${name} ${process}: ${what}`);
      }
      return null;
    }
    case 'sdelete':
    case 'sdelete64': {
      // `-s` (or `-r`) deletes, overwriting, every file below the folder; `-c`/`-z` overwrite the
      // volume's free space, as `cipher /w` does (windowsMachine.ts).
      if (lower.some((text) => isSwitch(text, 'c', 'z'))) return hardlineFinding('raw-device-write', `${name} -c/-z overwrites every free block of the volume`);
      if (!lower.some((text) => isSwitch(text, 's', 'r'))) return null;
      for (const word of operandsOf(args)) {
        const what = deletionTarget(word, place);
        if (what !== null) return hardlineFinding('recursive-delete-root', `${name} -s overwriting and deleting ${what}`);
      }
      return null;
    }
    case 'icacls': {
      // `/t` walks the tree; a grant, deny, removal, reset, owner or inheritance change there is `chmod -R`/`chown -R`.
      if (!lower.some((text) => isSwitch(text, 't')) || !lower.some((text) => text !== null && /^\/(?:grant|deny|remove|reset|setowner|inheritance|setintegritylevel|restore)\b/.test(text))) return null;
      const what = args[0] === undefined ? null : permissionTarget(args[0], place);
      return what === null ? null : hardlineFinding('recursive-chmod-root', `icacls /t changing who may use ${what}`);
    }
    case 'takeown': {
      // `/r` takes ownership of the whole tree (`chown -R`).
      const at = lower.findIndex((text) => isSwitch(text, 'f'));
      if (at === -1 || !lower.some((text) => isSwitch(text, 'r')) || args[at + 1] === undefined) return null;
      const what = permissionTarget(args[at + 1]!, place);
      return what === null ? null : hardlineFinding('recursive-chmod-root', `takeown /r of ${what}`);
    }
    case 'logoff':
      return lower.some((text) => text !== null && /^\/server:/.test(text)) ? null : hardlineFinding('shutdown', 'logoff ends the Windows session and every program in it');
    case 'wslconfig': {
      const at = lower.findIndex((text) => isSwitch(text, 'u', 'unregister'));
      return at === -1 ? null : hardlineFinding('recursive-delete-root', `wslconfig /unregister ${texts[at + 1] ?? '…'} deletes the WSL distribution and every file in it`);
    }
    default:
      return checkWindowsMachine(name, args, place);
  }
}

/** `wsl --unregister NAME` among a command's wrappers: the distribution's virtual disk, every file in it, is deleted. */
export function checkWslUnregister(layers: readonly WrapperLayer[]): HardlineFinding | null {
  for (const layer of layers) {
    const option = /^(?:.*\/)?wsl(?:\.exe)?$/i.test(layer.program) ? layer.options.find((candidate) => candidate.name === '--unregister') : undefined;
    if (option === undefined) continue;
    return hardlineFinding('recursive-delete-root', 'wsl --unregister deletes the WSL distribution and every file in it');
  }
  return null;
}

/** bcdedit's values that turn off a boot entry's recovery: `recoveryenabled no`, `bootstatuspolicy ignore…failures`. */
const RECOVERY_OFF: ReadonlyArray<readonly [string, RegExp]> = [
  ['recoveryenabled', /^(?:no|off|0|false)$/],
  ['bootstatuspolicy', /^ignore(?:all|shutdown|boot)failures$/],
];

/**
 * `bcdedit /set [{ID}] recoveryenabled no` and `… bootstatuspolicy ignoreallfailures`: a failed
 * start no longer reaches Windows' recovery environment, so a machine that stops booting cannot be
 * repaired from itself (any entry: the running one when none is named). `/deletevalue` of an
 * entry's `device`, `osdevice`, `path` or `systemroot` (the running, default or boot-manager entry,
 * or none named) leaves it with nothing to start.
 */
function checkBootRecovery(lower: ReadonlyArray<string | null>): HardlineFinding | null {
  const set = lower.findIndex((text) => isSwitch(text, 'set'));
  if (set !== -1) {
    const rest = lower.slice(set + 1);
    const at = rest[0] !== null && rest[0] !== undefined && /^\{.*\}$/.test(rest[0]) ? 1 : 0;
    const element = rest[at];
    const value = rest[at + 1];
    const off = RECOVERY_OFF.find(([name]) => name === element);
    if (off !== undefined && (value === null || (value !== undefined && off[1].test(value)))) return hardlineFinding('recursive-delete-root', `bcdedit /set ${element} ${value ?? '…'} turns off Windows' recovery when it fails to start`);
  }
  const deleted = lower.findIndex((text) => isSwitch(text, 'deletevalue'));
  if (deleted !== -1) {
    const rest = lower.slice(deleted + 1);
    const id = rest[0] !== null && rest[0] !== undefined && /^\{.*\}$/.test(rest[0]) ? rest[0] : null;
    const element = rest[id === null ? 0 : 1];
    if ((id === null || /^\{(?:current|default|bootmgr)\}$/.test(id)) && element !== undefined && (element === null || /^(?:device|osdevice|path|systemroot)$/.test(element))) return hardlineFinding('recursive-delete-root', `bcdedit /deletevalue ${id ?? ''} ${element ?? '…'} leaves Windows nothing to start`.replace(/\s+/g, ' '));
  }
  return null;
}

/** Registry hives' roots, by every spelling `reg` takes. */
const HIVE_ROOTS = /^(?:hklm|hkey_local_machine|hkcu|hkey_current_user|hku|hkey_users|hkcr|hkey_classes_root|hkcc|hkey_current_config)$/;

/**
 * `reg delete KEY` (not `/v`, `/va`: those delete values): a hive's root, a top key of the machine
 * hive (`HKLM\SYSTEM`, `HKLM\SOFTWARE`, `HKLM\SAM`), the system's control sets and the two keys
 * inside each that hold every service and driver (`…\CurrentControlSet\Services`, `…\Control`).
 */
function checkRegDelete(lower: ReadonlyArray<string | null>): HardlineFinding | null {
  if (lower[0] !== 'delete' || lower.some((text) => isSwitch(text, 'v', 'va'))) return null;
  const key = lower[1];
  if (key === null || key === undefined) return null;
  const parts = key.replace(/^\\\\[^\\]+\\/, '').split('\\').filter((part) => part !== '');
  if (parts.length === 0 || !HIVE_ROOTS.test(parts[0]!)) return null;
  const machine = parts[0] === 'hklm' || parts[0] === 'hkey_local_machine';
  const critical =
    parts.length === 1 ||
    (machine && parts.length === 2) ||
    userHiveTop(parts) ||
    // Every COM class and file type of the machine (`HKCR\CLSID`, `HKLM\SOFTWARE\Classes`) and
    // Microsoft's own branch of the machine's software (`…\Microsoft`, `…\Microsoft\Windows NT`).
    ((parts[0] === 'hkcr' || parts[0] === 'hkey_classes_root') && parts.length === 2 && parts[1] === 'clsid') ||
    (machine && parts[1] === 'software' && ((parts.length === 3 && /^(?:classes|microsoft)$/.test(parts[2]!)) || (parts.length === 4 && parts[2] === 'microsoft' && /^(?:windows|windows nt)$/.test(parts[3]!)))) ||
    (machine && parts[1] === 'system' && parts.length <= 4 && (parts.length === 3 ? /^(?:currentcontrolset|controlset[0-9]{3})$/.test(parts[2]!) : /^(?:currentcontrolset|controlset[0-9]{3})$/.test(parts[2]!) && /^(?:services|control)$/.test(parts[3]!))) ||
    systemConfigurationKey(parts, machine);
  return critical ? hardlineFinding('recursive-delete-root', `reg delete ${key} deletes what Windows needs to start`) : null;
}

/**
 * The keys inside the machine's configuration that Windows reads to start (docs/decisions.md
 * "Windows automation hosts, recovery and the registry's system trees"): each key right inside a
 * control set's `Control` (`Session Manager`, `Lsa`, `SafeBoot`, `Class`, `Nls`, …: the kernel's,
 * the logon's and safe mode's settings), the key of a service or driver that starts Windows
 * (`Services\disk`, `Services\RpcSs`: criticalNames.ts), and Windows NT's `CurrentVersion` and the
 * keys right inside it (`Winlogon`, `ProfileList`), and Windows' `CurrentVersion`. Deeper keys and
 * any other service's are one program's or one setting's.
 */
function systemConfigurationKey(parts: readonly string[], machine: boolean): boolean {
  if (!machine) return false;
  if (parts[1] === 'system' && parts.length === 5 && /^(?:currentcontrolset|controlset[0-9]{3})$/.test(parts[2]!)) {
    return parts[3] === 'control' || (parts[3] === 'services' && WINDOWS_BOOT_SERVICES.has(parts[4]!));
  }
  if (parts[1] !== 'software' || parts[2] !== 'microsoft' || parts[4] !== 'currentversion') return false;
  return (parts[3] === 'windows nt' && (parts.length === 5 || parts.length === 6)) || (parts[3] === 'windows' && parts.length === 5);
}

/** `reg add …\\Services\\NAME /v Start /d 4`: a service Windows starts from set to disabled (as `sc config NAME start= disabled`). */
function checkBootServiceStart(lower: ReadonlyArray<string | null>): HardlineFinding | null {
  if (lower[0] !== 'add' || lower[1] === null || lower[1] === undefined) return null;
  const parts = lower[1].split('\\').filter((part) => part !== '');
  const machine = parts[0] === 'hklm' || parts[0] === 'hkey_local_machine';
  if (!machine || parts[1] !== 'system' || parts[3] !== 'services' || parts.length !== 5 || !WINDOWS_BOOT_SERVICES.has(parts[4]!)) return null;
  const value = (flag: string): string | null | undefined => {
    const at = lower.findIndex((text) => isSwitch(text, flag));
    return at === -1 ? undefined : lower[at + 1];
  };
  return value('v') === 'start' && value('d') === '4' ? hardlineFinding('recursive-delete-root', `reg add ${lower[1]} /v Start /d 4: Windows cannot start without that service`) : null;
}

/** `reg restore KEY FILE`: a hive's root or a top key of the machine hive overwritten whole by the file's contents. */
function checkRegRestore(lower: ReadonlyArray<string | null>): HardlineFinding | null {
  if (lower[0] !== 'restore' || lower[1] === null || lower[1] === undefined) return null;
  const parts = lower[1].replace(/^\\\\[^\\]+\\/, '').split('\\').filter((part) => part !== '');
  if (parts.length === 0 || !HIVE_ROOTS.test(parts[0]!)) return null;
  const machine = parts[0] === 'hklm' || parts[0] === 'hkey_local_machine';
  return parts.length === 1 || (machine && parts.length === 2) || systemConfigurationKey(parts, machine) ? hardlineFinding('recursive-delete-root', `reg restore ${lower[1]} overwrites what Windows needs to start`) : null;
}

/**
 * An account's whole hive (`HKU\S-1-5-21-…`) or its settings of every program and of the desktop
 * (`HKCU\Software`, `HKCU\Control Panel`, the same below `HKU\SID`): the profile no longer
 * starts as the person left it, as deleting a home folder's hidden settings would.
 */
function userHiveTop(parts: readonly string[]): boolean {
  const current = parts[0] === 'hkcu' || parts[0] === 'hkey_current_user';
  const users = parts[0] === 'hku' || parts[0] === 'hkey_users';
  const settings = (part: string | undefined): boolean => part === 'software' || part === 'control panel';
  if (current) return parts.length === 2 && settings(parts[1]);
  if (users) return parts.length === 2 || (parts.length === 3 && settings(parts[2]));
  return false;
}

/**
 * `forfiles /p TREE /s [/m MASK] /c "cmd /c del @path"`: every file below TREE (the mask matches
 * everything: none, `*`, `*.*`; no `/d` date test) handed to a deleter, as `find TREE -type f
 * -exec rm {} ;` is.
 */
function checkForfiles(args: readonly Word[], place: PathPlace): HardlineFinding | null {
  let tree: Word | null = null;
  let recursive = false;
  let everything = true;
  let command: string | null = null;
  for (let k = 0; k < args.length; k++) {
    const text = literalText(args[k]);
    const attached = text === null ? null : /^[-/]([a-z])(.*)$/i.exec(text);
    if (attached === null) continue;
    const letter = attached[1]!.toLowerCase();
    const value = attached[2] !== '' ? args[k]! : args[k + 1];
    const valueText = attached[2] !== '' ? attached[2]! : value === undefined ? null : literalText(value);
    if (letter === 's' && attached[2] === '') {
      recursive = true;
      continue;
    }
    if (attached[2] === '') k++;
    if (letter === 'p' && value !== undefined) tree = attached[2] !== '' ? { kind: 'literal', value: attached[2]!, raw: attached[2]! } : value;
    if (letter === 'm' && (valueText === null || !/^\*(?:\.\*)?$/.test(valueText))) everything = false;
    if (letter === 'd') everything = false;
    if (letter === 'c') command = valueText;
  }
  if (!recursive || !everything || tree === null || command === null) return null;
  if (!/^(?:cmd(?:\.exe)?\s+\/c\s+)?(?:del|erase|rd|rmdir|remove-item|ri)\b/i.test(command.trim())) return null;
  const what = deletionTarget(tree, place);
  return what === null ? null : hardlineFinding('recursive-delete-root', `forfiles /s deleting every file under ${what}`);
}

/** diskpart commands that erase: `clean [all]`, `format`, `delete partition|volume|disk`, `convert` of a disk. */
const DISKPART_ERASERS = /^\s*(?:clean\b|format\b|del(?:ete)?\s+(?:par|partition|vol|volume|disk)\b|convert\s+(?:gpt|mbr|dynamic|basic)\b)/im;

/** Text printed into a Windows program's standard input: diskpart's commands (`(echo select disk 1& echo clean) | diskpart`). */
export function checkWindowsStdin(argv: readonly Word[], texts: readonly string[]): HardlineFinding | null {
  const name = commandName(argv[0])?.name;
  if (name === 'diskshadow') {
    // diskshadow's `delete shadows all|oldest|volume|set|id|exposed`: the shadow copies (as `vssadmin delete shadows`).
    const deleting = texts.some((text) => /^\s*delete\s+shadows\b/im.test(text.replace(/\\r\\n|\\n/g, '\n')));
    return deleting ? hardlineFinding('recursive-delete-root', 'diskshadow fed "delete shadows" deletes the volume shadow copies') : null;
  }
  if (name !== 'diskpart') return null;
  const erasing = texts.map((text) => DISKPART_ERASERS.exec(text.replace(/\\r\\n|\\n/g, '\n'))).find((match) => match !== null);
  return erasing === undefined || erasing === null ? null : hardlineFinding('mkfs', `diskpart fed "${erasing[0].trim()}"`);
}

/**
 * A WQL `where` clause that positively picks processes (docs/decisions.md "Windows tools through
 * WSL: ends, accounts and inline scripts"): an equality of a property that names programs or
 * processes (`name='notepad.exe'`, `processid=1234`), in a clause without `or` or `not`. Every
 * other clause (`name like '%'`, `name<>'x'`, `processid>4`, one only known at run time) may pick
 * every process, and is read so.
 */
function wqlNarrows(clause: ReadonlyArray<string | null>): boolean {
  if (clause.length === 0 || clause.some((text) => text === null)) return false;
  const text = clause.join(' ').toLowerCase();
  if (/\b(?:or|not)\b/.test(text)) return false;
  return /\b(?:name|processid|handle|executablepath|caption|parentprocessid|commandline)\s*=/.test(text);
}
