/**
 * Table tests for the PowerShell statement reader (src/gate/programs/languages/powershellStatements.ts).
 * There is no PowerShell here: each row follows PowerShell's documented rules (about_Parsing,
 * about_Quoting_Rules, about_Parameters, Get-Alias).
 */
import { strict as assert } from 'node:assert';
import { powerShellAsShell, powerShellCode, readPowerShell } from '../../../../src/gate/programs/languages/powershellStatements';

describe('PowerShell statements', () => {
  it('splits statements on ; newlines | && || and reads blocks and subexpressions as statements too', () => {
    const commands = readPowerShell("Get-Item a; Get-Item b\nGet-Disk | Clear-Disk\n(Get-Foo).Bar({ Remove-Item x })");
    assert.deepEqual(commands.map((command) => command.words[0]?.value).slice(0, 6), ['Get-Item', 'Get-Item', 'Get-Disk', 'Clear-Disk', 'Get-Foo', 'Remove-Item']);
    assert.equal(commands[3]!.pipedFrom, commands[2]);
  });

  it("reads quoting: '' inside single quotes, backtick escapes, here-strings, comments", () => {
    const words = readPowerShell("Write-Output 'it''s' \"a`\"b\" # not read\n<# nor this #>").flatMap((command) => command.words.map((word) => word.value));
    assert.deepEqual(words, ['Write-Output', "it's", 'a"b']);
    assert.equal(readPowerShell("Write-Output @'\nline one\n'@")[0]!.words[1]!.value, 'line one');
  });

  it('expands the profile variables at their worst and leaves any other variable unknown', () => {
    const values = readPowerShell('x $env:USERPROFILE ${env:SystemRoot} "$env:APPDATA\\x" ~\\Desktop $HOME $foo [Environment]::GetFolderPath(\'Windows\')')[0]!.words.map((word) => word.value);
    assert.deepEqual(values, ['x', 'C:\\Users\\%USERNAME%', 'C:\\Windows', 'C:\\Users\\%USERNAME%\\AppData\\Roaming\\x', 'C:\\Users\\%USERNAME%\\Desktop', 'C:\\Users\\%USERNAME%', null, 'C:\\Windows']);
  });

  it('reads Remove-Item and its aliases with parameter prefixes as rm', () => {
    assert.equal(powerShellAsShell('rm -r -fo C:\\x'), "rm -r -f -- 'C:\\x'");
    assert.equal(powerShellAsShell('Remove-Item -LiteralPath C:\\x -Recurse:$false'), "rm -f -- 'C:\\x'");
    assert.equal(powerShellAsShell('ri -Recurse C:\\x -WhatIf'), '');
    assert.equal(powerShellAsShell('Remove-Item -Recurse C:\\x -Include *.tmp'), '');
  });

  it('takes the items an unfiltered Get-ChildItem pipes into Remove-Item', () => {
    assert.equal(powerShellAsShell('gci D:\\ -Force | Remove-Item -Recurse'), "gci 'D:\\' -Force\nrm -r -f -- 'D:\\*'");
    assert.equal(powerShellAsShell('gci D:\\ -Filter *.log | Remove-Item -Recurse'), 'gci ' + "'D:\\' -Filter '*.log'");
  });

  it('reads power cmdlets and WMI methods as shutdown, shadow-copy deletion as vssadmin', () => {
    assert.equal(powerShellAsShell('Stop-Computer -Force'), 'shutdown /s /t 0');
    assert.equal(powerShellAsShell('Restart-Computer -ComputerName srv01'), '');
    assert.match(powerShellAsShell('(Get-WmiObject Win32_OperatingSystem).Win32Shutdown(0)'), /^shutdown \/l$/m);
    assert.match(powerShellAsShell('Get-WmiObject Win32_ShadowCopy | ForEach-Object { $_.Delete() }'), /vssadmin delete shadows/);
  });

  it('finds the code of a command line: -Command and its prefixes, -EncodedCommand, Windows PowerShell bare words', () => {
    assert.deepEqual(powerShellCode('pwsh', ['-NoProfile', '-com', 'Get-Date', '-x']), ['Get-Date -x']);
    assert.deepEqual(powerShellCode('powershell', ['-ExecutionPolicy', 'Bypass', 'Stop-Computer']), ['Stop-Computer']);
    assert.deepEqual(powerShellCode('pwsh', ['script.ps1']), []);
    assert.deepEqual(powerShellCode('pwsh', ['-enc', Buffer.from('Get-Date', 'utf16le').toString('base64')]), ['Get-Date']);
  });
});
