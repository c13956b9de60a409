/**
 * Windows automation hosts whose code calls the machine's power directly (D§5; docs/decisions.md
 * "Windows automation hosts, recovery and the registry's system trees"): AutoIt's `Shutdown(CODE)`
 * and AutoHotkey's `Shutdown, CODE` (v1) / `Shutdown(CODE)` (v2) take the flags of Win32's
 * `ExitWindowsEx` (and of WMI's `Win32Shutdown`, read by the PowerShell reader): 0 logs off, 1
 * shuts down, 2 restarts, 8 powers off, 4 forces (changes none of them), 16 forces hung programs,
 * 32 and 64 (AutoIt) stand by or hibernate. Each call is handed on as the `shutdown` line that does
 * the same, so that the floor's power arm judges it; a code only known at run time (a variable) is
 * at its worst a shutdown. `DllCall` of Win32's `ExitWindowsEx` or `InitiateSystemShutdown[Ex]`
 * shuts down too.
 *
 * AutoHotkey v1's commands take bare text (`Run, shutdown /s /t 0`, `FileRemoveDir, C:\Users, 1`):
 * a `Run`/`RunWait` line's first parameter is a command line, `FileRemoveDir`/`DirDelete` (with
 * recurse) and `FileDelete` delete what they name. The language rows (rows.ts) hand these as
 * `declarations`; calls with parentheses are read by the rows' process and deletion APIs.
 */

/** The `shutdown` line that does what Win32 power flags do; null flags (known only at run time) at their worst. */
export function win32ShutdownCommand(flags: number | null): string {
  if (flags === null) return 'shutdown /s /t 0';
  const action = flags & ~(4 | 16);
  // Power off wins over restart, restart over shut down (ExitWindowsEx); none of them is a log off.
  return action === 0 ? 'shutdown /l' : (action & 8) !== 0 ? 'shutdown /p' : (action & 2) !== 0 ? 'shutdown /r /t 0' : 'shutdown /s /t 0';
}

/** AutoIt's `$SD_…` constants (AutoItConstants.au3) and AutoHotkey's have the same values. */
const POWER_CONSTANTS: Readonly<Record<string, number>> = {
  $sd_logoff: 0, $sd_shutdown: 1, $sd_reboot: 2, $sd_force: 4, $sd_powerdown: 8, $sd_forcehung: 16, $sd_standby: 32, $sd_hibernate: 64,
};

/**
 * The flags an expression computes (`6`, `0x9`, `BitOR(1, 8)`, `1 + 4`, `$SD_REBOOT`, `1|4`);
 * null when any part of it is not known (a variable, a call the gate does not evaluate).
 */
export function powerFlags(expression: string): number | null {
  const parts = expression
    .replace(/\bBitOR\s*\(/gi, '(')
    .replace(/[()\s]/g, '')
    .split(/[,+|]/)
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  let flags = 0;
  for (const part of parts) {
    const key = part.toLowerCase();
    const value = /^(?:0x[0-9a-f]+|[0-9]+)$/.test(key) ? Number(key) : Object.prototype.hasOwnProperty.call(POWER_CONSTANTS, key) ? POWER_CONSTANTS[key]! : null;
    if (value === null) return null;
    flags |= value;
  }
  return flags;
}

/** Standing by or hibernating (32, 64 with no other action): nothing is ended. */
function suspendsOnly(flags: number | null): boolean {
  if (flags === null) return false;
  const action = flags & ~(4 | 16);
  return action !== 0 && (action & ~(32 | 64)) === 0;
}

/** The text of the balanced `(…)` group opened at `start`, or the rest of the line when it is not closed. */
function parenthesised(code: string, start: number): string {
  let depth = 0;
  for (let k = start; k < code.length; k++) {
    if (code[k] === '(') depth++;
    else if (code[k] === ')' && --depth === 0) return code.slice(start + 1, k);
    else if (code[k] === '\n') break;
  }
  return code.slice(start + 1).split('\n')[0]!;
}

/** `DllCall("ExitWindowsEx", …)`, `DllCall("advapi32\InitiateSystemShutdownEx", …)`, `DllCall('user32.dll', …, 'ExitWindowsEx', …)`. */
const DLL_POWER = /\bDllCall\s*\(\s*[^)\n]*?\b(?:ExitWindowsEx|InitiateSystemShutdown(?:Ex)?[AW]?|InitiateShutdown[AW]?)\b/i;

/** The power calls of AutoIt or AutoHotkey code, as `shutdown` lines. */
function powerCalls(code: string): string[] {
  const out: string[] = [];
  // `Shutdown(…)` (AutoIt, AutoHotkey v2) and `Shutdown, …` / `Shutdown …` (AutoHotkey v1 and v2 command style).
  for (const match of code.matchAll(/(?:^|[^\w$.])Shutdown\b[ \t]*(\(|,|[ \t](?=\S))?/gim)) {
    const after = match.index + match[0].length;
    const opener = match[1];
    if (opener === undefined) continue;
    const expression = opener === '(' ? parenthesised(code, after - 1) : code.slice(after).split(/\n|;/)[0]!;
    const flags = powerFlags(expression);
    if (!suspendsOnly(flags)) out.push(win32ShutdownCommand(flags));
  }
  if (DLL_POWER.test(code)) out.push('shutdown /s /t 0');
  return out;
}

/** One AutoHotkey v1 command's parameters (bare text split on commas not escaped with a backtick). */
function v1Parameters(text: string): string[] {
  return text.split(/(?<!`),/).map((part) => part.trim().replace(/`,/g, ','));
}

/** AutoIt code: its `Shutdown` calls and power `DllCall`s. */
export function autoItDeclarations(code: string): string[] {
  return powerCalls(code);
}

/** AutoHotkey code: its power calls, and v1's bare-text `Run`, `FileRemoveDir`, `FileDelete` commands. */
export function autoHotkeyDeclarations(code: string): string[] {
  const out = powerCalls(code);
  for (const line of code.split(/\r?\n/)) {
    const command = /^\s*(RunWait|Run|RunAs|FileRemoveDir|DirDelete|FileDelete|FileRecycle)\s*(?:,\s*|\s+)(?![(\s])(.*)$/i.exec(line);
    if (command === null) continue;
    const [first, second] = v1Parameters(command[2]!.replace(/\s+;.*$/, ''));
    if (first === undefined || first === '' || first.startsWith('"')) continue;
    const verb = command[1]!.toLowerCase();
    if (verb.startsWith('run')) out.push(first);
    else if (verb === 'filedelete' || verb === 'filerecycle') out.push(`rm -f -- '${first.replace(/'/g, "'\\''")}'`);
    else out.push(`rm ${second !== undefined && /^(?:1|true)$/i.test(second) ? '-rf' : '-d'} -- '${first.replace(/'/g, "'\\''")}'`);
  }
  return out;
}
