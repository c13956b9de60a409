/**
 * Table tests for the reader of cmd.exe command lines (src/gate/programs/cmdLine.ts). There is no
 * cmd here: each row follows cmd's documented rules (`cmd /?`, "Command shell overview").
 */
import { strict as assert } from 'node:assert';
import { cmdLineAsShell, expandCmdVariables, expandForLoops, readCmdLine } from '../../../src/gate/programs/cmdLine';

describe('cmd command lines', () => {
  it('expands the profile variables at their worst, in any letter case, and leaves unknown names as written', () => {
    assert.equal(expandCmdVariables('%USERPROFILE%\\Documents'), 'C:\\Users\\%USERNAME%\\Documents');
    assert.equal(expandCmdVariables('%HomeDrive%%HOMEPATH%'), 'C:\\Users\\%USERNAME%');
    assert.equal(expandCmdVariables('%windir%'), 'C:\\Windows');
    assert.equal(expandCmdVariables('%ProgramFiles(x86)%'), 'C:\\Program Files (x86)');
    assert.equal(expandCmdVariables('%MY_BUILD_DIR%\\out'), '%MY_BUILD_DIR%\\out');
  });

  it('splits commands on &, &&, || and | outside double quotes, and ^ escapes an operator', () => {
    assert.deepEqual(readCmdLine('a & b && c || d | e').map((command) => [command.words[0], command.connector]), [['a', '&'], ['b', '&&'], ['c', '||'], ['d', '|'], ['e', null]]);
    assert.deepEqual(readCmdLine('echo "x & y"').map((command) => command.words), [['echo', 'x & y']]);
    assert.deepEqual(readCmdLine('echo x ^& y').map((command) => command.words), [['echo', 'x', '&', 'y']]);
  });

  it('reads a line whose last quote is never closed both ways: the quote to the end, and the quote dropped', () => {
    const commands = readCmdLine('dism /apply-image /applydir:C:\\" 2>nul');
    // Quoted to the end, the redirect is part of the switch's value …
    assert.deepEqual(commands[0]!.words, ['dism', '/apply-image', '/applydir:C:\\ 2>nul']);
    assert.equal(commands[0]!.connector, '&');
    // … and with the stray quote dropped, the switch ends where its word does.
    assert.deepEqual(commands[1]!.words, ['dism', '/apply-image', '/applydir:C:\\']);
    assert.equal(commands.length, 2);
    // A closed quote is read once.
    assert.equal(readCmdLine('echo "a b" 2>nul').length, 1);
  });

  it('drops a leading @ and redirections with their targets', () => {
    assert.deepEqual(readCmdLine('@dir C:\\ > out.txt 2>&1').map((command) => command.words), [['dir', 'C:\\']]);
    assert.deepEqual(readCmdLine('sort < in.txt').map((command) => command.words), [['sort']]);
  });

  it('hands the line on as shell text that keeps backslashes and joins & as ;', () => {
    assert.equal(cmdLineAsShell('mkdir C:\\e & robocopy C:\\e "C:\\Users\\dev" /MIR').text, "mkdir 'C:\\e'; robocopy 'C:\\e' 'C:\\Users\\dev' /MIR");
  });

  it('prints a group of echo commands piped into a program as its lines', () => {
    assert.equal(cmdLineAsShell('(echo select disk 2& echo clean) | diskpart').text, "printf '%s\\n' 'select disk 2' clean | diskpart");
    // A group that is not only echo stays a group.
    assert.equal(cmdLineAsShell('(cd x & dir) | more').text, '( cd x; dir ) | more');
  });
  it('unrolls a for loop into its body once per item of the set, the variable filled with each', () => {
    assert.equal(expandForLoops('for /d %d in (C:\\Users\\*) do rd /s /q %d'), '(rd /s /q C:\\Users\\*)');
    assert.equal(expandForLoops('for %f in (a.txt b.txt) do del "%~ff"'), '(del "a.txt") & (del "b.txt")');
    assert.equal(expandForLoops('@for /d %%g in (x) do @rd /s /q %%g'), '@(@rd /s /q x)');
    // /r puts each item below its root; /l counts numbers: the body once, with the first.
    assert.equal(expandForLoops('for /r C:\\src %f in (*.obj) do del %f'), '(del C:\\src\\*.obj)');
    assert.equal(expandForLoops('for /l %i in (1,1,5) do echo %i'), '(echo 1)');
  });

  it('keeps a loop group closing after the body, and leaves for /f as written', () => {
    assert.equal(expandForLoops('(for %f in (a b) do del %f) & echo x'), '((del a) & (del b)) & echo x');
    assert.equal(expandForLoops("for /f %a in ('dir /b') do echo %a"), "for /f %a in ('dir /b') do echo %a");
    assert.equal(cmdLineAsShell('for /d %d in (C:\\Users\\*) do rd /s /q %d').text, "( rd /s /q 'C:\\Users\\*' )");
  });
  it('keeps the files output redirections write, and reads cd /d, pushd, move, ren and start as what they do', () => {
    assert.equal(cmdLineAsShell('type nul > C:\\x\\a.txt 2>&1').text, "type nul > 'C:\\x\\a.txt'");
    assert.equal(cmdLineAsShell('build.bat > nul').text, 'build.bat');
    assert.equal(cmdLineAsShell('cd /d C:\\Users\\ana && rd /s /q .').text, 'cd /mnt/c/Users/ana && rd /s /q .');
    assert.equal(cmdLineAsShell('pushd D:\\work').text, 'cd /mnt/d/work');
    assert.equal(cmdLineAsShell('move /y a.txt b.txt').text, 'mv -f -- a.txt b.txt');
    assert.equal(cmdLineAsShell('ren old.log new.log').text, 'mv -f -- old.log new.log');
    assert.equal(cmdLineAsShell('start /wait /b shutdown /s').text, 'shutdown /s');
  });
});
