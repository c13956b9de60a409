/**
 * Windows automation hosts, recovery and the registry's system trees (docs/decisions.md, the
 * section of that name; D§5): the hosts' power calls read by their flags, recovery turned off,
 * the registry keys Windows starts from, and the scripts fed to diskpart, diskshadow and
 * PowerShell on standard input; each with its everyday neighbours left alone.
 */
import { strict as assert } from 'node:assert';
import { checkHardline } from '../../../src/gate/hardline/hardline';
import { autoHotkeyDeclarations, autoItDeclarations, powerFlags, win32ShutdownCommand } from '../../../src/gate/programs/languages/windowsHosts';
import { powerShellReadsStdin } from '../../../src/gate/programs/languages/powershellStatements';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/agent';

function arm(command: string): string | null {
  return checkHardline(readCommand(command, { home: HOME, shell: 'bash' }), `${HOME}/project`)?.arm ?? null;
}

describe('Windows automation hosts: power calls by their flags (windowsHosts.ts)', () => {
  it('computes ExitWindowsEx flags from numbers, BitOR, sums and the $SD_ constants; a variable is unknown', () => {
    assert.equal(powerFlags('6'), 6);
    assert.equal(powerFlags('BitOR(1, 8)'), 9);
    assert.equal(powerFlags('$SD_REBOOT + $SD_FORCE'), 6);
    assert.equal(powerFlags('0x9'), 9);
    assert.equal(powerFlags('$flags'), null);
  });

  it('maps the flags to the shutdown line that does the same, force changing none of them', () => {
    assert.equal(win32ShutdownCommand(0), 'shutdown /l');
    assert.equal(win32ShutdownCommand(4), 'shutdown /l');
    assert.equal(win32ShutdownCommand(6), 'shutdown /r /t 0');
    assert.equal(win32ShutdownCommand(9), 'shutdown /p');
    assert.equal(win32ShutdownCommand(null), 'shutdown /s /t 0');
  });

  it("reads AutoIt's Shutdown calls, but standby and hibernate end nothing", () => {
    assert.deepEqual(autoItDeclarations('/AutoIt3ExecuteLine Shutdown(6)'), ['shutdown /r /t 0']);
    assert.deepEqual(autoItDeclarations('Shutdown($code)'), ['shutdown /s /t 0']);
    assert.deepEqual(autoItDeclarations('Shutdown(32)'), []);
    assert.deepEqual(autoItDeclarations('Shutdown(BitOR($SD_HIBERNATE, $SD_FORCE))'), []);
    assert.deepEqual(autoItDeclarations('MsgBox(0, "Shutdown", "soon")'), []);
  });

  it("reads AutoHotkey's v1 and v2 Shutdown, power DllCalls and v1's bare-text Run and FileRemoveDir", () => {
    assert.deepEqual(autoHotkeyDeclarations('Shutdown, 1'), ['shutdown /s /t 0']);
    assert.deepEqual(autoHotkeyDeclarations('Shutdown(2)'), ['shutdown /r /t 0']);
    assert.deepEqual(autoHotkeyDeclarations('DllCall("ExitWindowsEx", "UInt", 1, "UInt", 0)'), ['shutdown /s /t 0']);
    assert.deepEqual(autoHotkeyDeclarations('Run, shutdown.exe /r /t 0'), ['shutdown.exe /r /t 0']);
    assert.deepEqual(autoHotkeyDeclarations('FileRemoveDir, C:\\Users, 1'), ["rm -rf -- 'C:\\Users'"]);
    assert.deepEqual(autoHotkeyDeclarations('MsgBox, Hello'), []);
  });

  it('floors the hosts inline and on stdin, and lets their everyday lines run', () => {
    assert.equal(arm('AutoIt3.exe /AutoIt3ExecuteLine "Shutdown(0)"'), 'shutdown');
    assert.equal(arm('AutoIt3.exe /AutoIt3ExecuteLine "Shutdown(4)"'), 'shutdown');
    assert.equal(arm("echo 'Shutdown, 1' | AutoHotkey.exe *"), 'shutdown');
    assert.equal(arm("AutoHotkey.exe '*' <<< 'FileRemoveDir, C:\\Users, 1'"), 'recursive-delete-root');
    assert.equal(arm('AutoIt3.exe /AutoIt3ExecuteLine "MsgBox(0, \'x\', \'y\')"'), null);
    assert.equal(arm("echo 'MsgBox Hello' | AutoHotkey.exe *"), null);
  });
});

describe('PowerShell code read from standard input', () => {
  it('reads stdin with -File -, -Command -, or no code at all; not with a script or a command', () => {
    assert.equal(powerShellReadsStdin(['-NoProfile', '-File', '-']), true);
    assert.equal(powerShellReadsStdin(['-c', '-']), true);
    assert.equal(powerShellReadsStdin(['-NoProfile']), true);
    assert.equal(powerShellReadsStdin(['-File', 'build.ps1']), false);
    assert.equal(powerShellReadsStdin(['-Command', 'Get-Volume']), false);
    assert.equal(powerShellReadsStdin(['-EncodedCommand', 'ZQBjAGgAbwA=']), false);
  });

  it('floors the code fed in and lets an inspection run', () => {
    assert.equal(arm("echo 'Stop-Computer -Force' | powershell.exe -NoProfile -File -"), 'shutdown');
    assert.equal(arm("pwsh.exe -Command - <<< 'Restart-Computer -Force'"), 'shutdown');
    assert.equal(arm("echo 'Get-Volume' | powershell.exe -NoProfile -File -"), null);
  });
});

describe('Windows recovery turned off (windows.ts, windowsMachine.ts)', () => {
  it('floors bcdedit turning off an entry\'s recovery or taking what it starts, not its other settings', () => {
    assert.equal(arm("bcdedit.exe /set '{default}' recoveryenabled no"), 'recursive-delete-root');
    assert.equal(arm('bcdedit /set {current} bootstatuspolicy IgnoreAllFailures'), 'recursive-delete-root');
    assert.equal(arm('bcdedit /set recoveryenabled 0'), 'recursive-delete-root');
    assert.equal(arm('bcdedit /deletevalue {current} path'), 'recursive-delete-root');
    assert.equal(arm('bcdedit /set {default} recoveryenabled yes'), null);
    assert.equal(arm('bcdedit /set {default} bootstatuspolicy displayallfailures'), null);
    assert.equal(arm('bcdedit /set {bootmgr} timeout 5'), null);
    assert.equal(arm('bcdedit /deletevalue {default} safeboot'), null);
    assert.equal(arm('bcdedit /enum all'), null);
  });

  it('floors reagentc /disable, a shadow storage shrunk or deleted, diskshadow deleting, -forcerecovery, Disable-ComputerRestore', () => {
    assert.equal(arm('reagentc /disable'), 'recursive-delete-root');
    assert.equal(arm('vssadmin resize shadowstorage /for=C: /on=C: /maxsize=300MB'), 'recursive-delete-root');
    assert.equal(arm('vssadmin delete shadowstorage /for=D:'), 'recursive-delete-root');
    assert.equal(arm("diskshadow.exe <<< 'delete shadows all'"), 'recursive-delete-root');
    assert.equal(arm('manage-bde -fr C:'), 'recursive-delete-root');
    assert.equal(arm('powershell.exe -c "Disable-ComputerRestore C:\\"'), 'recursive-delete-root');
    assert.equal(arm('reagentc /info'), null);
    assert.equal(arm('vssadmin resize shadowstorage /for=C: /on=C: /maxsize=UNBOUNDED'), null);
    assert.equal(arm('vssadmin resize shadowstorage /for=C: /on=C: /maxsize=15%'), null);
    assert.equal(arm("diskshadow.exe <<< 'list shadows all'"), null);
    assert.equal(arm('manage-bde -status C:'), null);
  });
});

describe("The registry's system trees (windows.ts)", () => {
  it('floors a key right inside Control, a boot service, Windows NT\'s CurrentVersion keys, a machine hive restored', () => {
    assert.equal(arm("reg.exe delete 'HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager' /f"), 'recursive-delete-root');
    assert.equal(arm("reg delete 'HKLM\\SYSTEM\\ControlSet001\\Services\\RpcSs' /f"), 'recursive-delete-root');
    assert.equal(arm("reg delete 'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList' /f"), 'recursive-delete-root');
    assert.equal(arm("powershell.exe -c \"Remove-Item 'HKLM:\\SYSTEM\\CurrentControlSet\\Services\\disk' -Recurse\""), 'recursive-delete-root');
    assert.equal(arm("reg restore 'HKLM\\SOFTWARE' 'C:\\Temp\\x.hiv'"), 'recursive-delete-root');
  });

  it('lets one program\'s service key, a deeper key, a value, a query and a user key restored run', () => {
    assert.equal(arm("reg delete 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\MyAgent' /f"), null);
    assert.equal(arm("reg delete 'HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment' /v FOO /f"), null);
    assert.equal(arm("reg delete 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\MyApp' /f"), null);
    assert.equal(arm("reg query 'HKLM\\SYSTEM\\CurrentControlSet\\Control\\Lsa'"), null);
    assert.equal(arm("reg restore 'HKCU\\Software\\MyApp' 'C:\\Temp\\x.hiv'"), null);
  });
});

describe('A service Windows starts from, deleted or disabled (windows.ts, criticalNames.ts)', () => {
  it('floors sc delete, sc config start= disabled, Remove-Service, Set-Service -StartupType Disabled, reg add Start 4', () => {
    assert.equal(arm('sc.exe delete RpcSs'), 'recursive-delete-root');
    assert.equal(arm('sc config disk start= disabled'), 'recursive-delete-root');
    assert.equal(arm('powershell.exe -c "Remove-Service -Name RpcSs"'), 'recursive-delete-root');
    assert.equal(arm("powershell.exe -c 'Set-Service RpcSs -StartupType Disabled'"), 'recursive-delete-root');
    assert.equal(arm("reg.exe add 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\disk' /v Start /t REG_DWORD /d 4 /f"), 'recursive-delete-root');
  });

  it("lets a query, another service's removal or disabling, another start value and another machine's service run", () => {
    assert.equal(arm('sc.exe query RpcSs'), null);
    assert.equal(arm('sc.exe delete MyAgent'), null);
    assert.equal(arm('sc config wuauserv start= disabled'), null);
    assert.equal(arm("powershell.exe -c 'Set-Service -Name Spooler -StartupType Disabled'"), null);
    assert.equal(arm("reg add 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\disk' /v Start /t REG_DWORD /d 0 /f"), null);
    assert.equal(arm("sc.exe '\\\\srv' delete RpcSs"), null);
  });
});

describe('diskpart scripts in a heredoc, and Windows folders by variable', () => {
  it('floors a heredoc fed to diskpart that erases, not one that lists', () => {
    assert.equal(arm("diskpart.exe <<'EOF'\nselect disk 2\nclean\nEOF"), 'mkfs');
    assert.equal(arm("diskpart <<'EOF'\nlist disk\nlist volume\nEOF"), null);
  });

  it('takes a program that names itself a destroyer, given %SystemRoot%, as deleting the Windows folder', () => {
    assert.equal(arm("FileShredder.exe -recursive '%SystemRoot%'"), 'recursive-delete-root');
    assert.equal(arm("Eraser.exe '%windir%\\System32'"), 'recursive-delete-root');
    assert.equal(arm("ls '%SystemRoot%'"), null);
    assert.equal(arm("sigcheck.exe -a '%SystemRoot%\\System32\\ntdll.dll'"), null);
  });
});
