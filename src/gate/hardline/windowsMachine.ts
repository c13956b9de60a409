/**
 * Windows' tools that reset, re-image or wipe the machine, or clear its record of what happened
 * (D§5; docs/decisions.md "Windows machines reset, re-imaged or wiped"), run from WSL, through
 * `cmd /c` or PowerShell as windows.ts's are:
 * - `sysprep /generalize` strips the installation of its identity, drivers and accounts' state;
 *   `/oobe` or `/audit` with `/reboot` or `/shutdown` restarts into first-boot setup;
 * - `dism /Apply-Image` onto a drive root or a protected folder (`/ApplyDir:C:\`) overwrites the
 *   installed system; `/Apply-FFU` and `/Apply-Image` onto a physical drive write it raw;
 * - `cipher /w:DIR` and `sdelete -c`/`-z` overwrite every free block of the volume: what was
 *   deleted there cannot be recovered any more (a raw write of those blocks);
 * - `wevtutil cl LOG` and `Clear-EventLog -LogName LOG` of the security, system or setup log, or of
 *   a log only known at run time (`wevtutil el | % { wevtutil cl $_ }`: at its worst every log).
 *   Clearing a named application's own log is left to the other layers;
 * - turning recovery off: `reagentc /disable` (the recovery environment), `manage-bde
 *   -forcerecovery` (the volume locked behind its recovery key at the next start),
 *   `Disable-ComputerRestore` (System Protection off deletes the restore points).
 */
import type { PathPlace } from '../programs/pathResolver';
import type { Word } from '../reading/resolution';
import { hardlineFinding, type HardlineFinding } from './arms';
import { literalText } from './commandName';
import { deletionTarget } from './paths';

/** The programs (names as commandName gives them) and cmdlets (lower case) read here. */
export const WINDOWS_MACHINE_PROGRAMS: readonly string[] = ['sysprep', 'dism', 'cipher', 'wevtutil', 'clear-eventlog', 'remove-eventlog', 'reagentc', 'manage-bde', 'disable-computerrestore'];

/** Event logs whose loss loses the machine's own record: the security audit, the system's and setup's. */
const SYSTEM_LOGS = /^(?:security|system|setup|microsoft-windows-[\w-]*\/operational)$/i;

/** A log name only known at run time: a cmd variable (`%x`, `%%x`, `%LOG%`) or a PowerShell one (`$_`, `$log`). */
function isRunTimeName(text: string | null): boolean {
  return text === null || /^(?:%|\$)/.test(text);
}

/** A switch `/NAME` or `-NAME`, with `:VALUE` after it when given; the value, `''` without one, null when absent. */
function switchValue(texts: ReadonlyArray<string | null>, name: string): string | null {
  for (const text of texts) {
    if (text === null) continue;
    const match = /^[-/]([\w-]+)(?::(.*))?$/s.exec(text);
    if (match !== null && match[1]!.toLowerCase() === name) return match[2] ?? '';
  }
  return null;
}

/** A Windows path's drive root (`C:`, `C:\`, `C:\\`), or a WSL drive root (`/mnt/c`). */
function isDriveRoot(text: string): boolean {
  return /^[A-Za-z]:[\\/]*$/.test(text) || /^\/mnt\/[a-z]\/*$/.test(text);
}

/** A physical drive (`\\.\PhysicalDrive0`): a raw disk of this machine seen from Windows (deviceWords.ts too). */
export function isPhysicalDrive(text: string): boolean {
  return /^[\\/]{2}[.?][\\/]physicaldrive\d*$/i.test(text);
}

export function checkWindowsMachine(name: string, args: readonly Word[], place: PathPlace): HardlineFinding | null {
  const texts = args.map(literalText);
  switch (name) {
    case 'sysprep': {
      if (switchValue(texts, 'generalize') !== null) return hardlineFinding('recursive-delete-root', 'sysprep /generalize strips the Windows installation of its identity, drivers and state');
      const restarts = switchValue(texts, 'reboot') !== null || switchValue(texts, 'shutdown') !== null;
      const setup = switchValue(texts, 'oobe') !== null || switchValue(texts, 'audit') !== null;
      return restarts && setup ? hardlineFinding('shutdown', 'sysprep restarts Windows into its first-boot setup') : null;
    }
    case 'dism': {
      const apply = switchValue(texts, 'apply-image') !== null || switchValue(texts, 'apply-ffu') !== null;
      if (!apply) return null;
      const drive = switchValue(texts, 'applydrive');
      if (drive !== null && (drive === '' || isPhysicalDrive(drive))) return hardlineFinding('raw-device-write', `dism applies an image onto ${drive || 'a physical drive'}`);
      const dir = switchValue(texts, 'applydir');
      if (dir === null) return null;
      if (dir === '' || isDriveRoot(dir.replace(/\\\\/g, '\\'))) return hardlineFinding('recursive-delete-root', `dism /Apply-Image onto ${dir || 'a drive'} overwrites the installed system`);
      const what = deletionTarget({ kind: 'literal', value: dir, raw: dir }, place);
      return what === null ? null : hardlineFinding('recursive-delete-root', `dism /Apply-Image onto ${what}`);
    }
    case 'cipher': {
      const wiped = switchValue(texts, 'w');
      return wiped === null ? null : hardlineFinding('raw-device-write', `cipher /w${wiped ? ':' + wiped : ''} overwrites every free block of the volume`);
    }
    case 'wevtutil': {
      const verb = texts[0]?.toLowerCase();
      if (verb !== 'cl' && verb !== 'clear-log') return null;
      const log = args[1] === undefined ? null : literalText(args[1]);
      if (args[1] !== undefined && (isRunTimeName(log) || SYSTEM_LOGS.test(log!))) return hardlineFinding('recursive-delete-root', `wevtutil cl ${log ?? '…'} clears the machine's event log${log === null ? 's' : ''}`);
      return null;
    }
    case 'clear-eventlog':
    case 'remove-eventlog': {
      const at = texts.findIndex((text) => text !== null && /^-l(?:o(?:g(?:n(?:a(?:m(?:e)?)?)?)?)?)?$/i.test(text));
      const word = at === -1 ? args.find((_word, k) => texts[k] === null || !texts[k]!.startsWith('-')) : args[at + 1];
      if (word === undefined) return null;
      const logs = literalText(word);
      if (logs === null || isRunTimeName(logs) || logs.split(',').some((log) => SYSTEM_LOGS.test(log.trim().replace(/^['"]|['"]$/g, '')))) return hardlineFinding('recursive-delete-root', `${name} ${logs ?? '…'} clears the machine's event logs`);
      return null;
    }
    case 'reagentc':
      // `/disable` turns off the recovery environment a machine that fails to start is repaired from.
      return switchValue(texts, 'disable') !== null ? hardlineFinding('recursive-delete-root', "reagentc /disable turns off Windows' recovery environment") : null;
    case 'manage-bde':
      // `-forcerecovery` (`-fr`) locks the volume until its recovery key is typed at the next start.
      return switchValue(texts, 'forcerecovery') !== null || switchValue(texts, 'fr') !== null ? hardlineFinding('recursive-delete-root', 'manage-bde -forcerecovery locks the volume behind its recovery key') : null;
    case 'disable-computerrestore':
      // Turning System Protection off deletes every restore point of the drive.
      return texts.some((text) => text !== null && /^-wh|^-wi/i.test(text)) ? null : hardlineFinding('recursive-delete-root', "Disable-ComputerRestore turns off System Protection and deletes the drive's restore points");
    default:
      return null;
  }
}
