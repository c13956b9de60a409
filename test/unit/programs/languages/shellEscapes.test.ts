import { strict as assert } from 'node:assert';
import { consoleStatements, roffShellRequests, rpmMacroShells, sqlplusHostCommands, texShellEscapes } from '../../../../src/gate/programs/languages/shellEscapes';
import { languageTable } from '../../../support/languageTable';

// docs/decisions.md "Code the gate cannot read handed to a shell": each language's own shell escape.
describe('shell escapes of languages the gate has no reader for (languages/shellEscapes.ts)', () => {
  it('reads TeX\'s \\write18 groups, braces balanced, and its pipe inputs', () => {
    assert.deepEqual(texShellEscapes('\\relax\\immediate\\write18{rm -rf ~}\\stop'), ['rm -rf ~']);
    assert.deepEqual(texShellEscapes('\\write18{echo {a} b}'), ['echo {a} b']);
    assert.deepEqual(texShellEscapes('\\input|"systemctl reboot" '), ['systemctl reboot']);
    assert.deepEqual(texShellEscapes('\\input{paper}\\write{x}'), []);
  });
  it('reads roff\'s .sy and .pso requests, and nothing else', () => {
    assert.deepEqual(roffShellRequests('.TH X 1\n.sy rm -rf $HOME\n.pso date\n'), ['rm -rf $HOME', 'date']);
    assert.deepEqual(roffShellRequests('.SH NAME\nsy rm -rf ~\n'), []);
  });
  it('reads RPM macros\' %(…) and the commands Lua runs in %{lua: …}', () => {
    assert.deepEqual(rpmMacroShells('%(dd if=/dev/zero of=/dev/sdb bs=1M)'), ['dd if=/dev/zero of=/dev/sdb bs=1M']);
    assert.deepEqual(rpmMacroShells('%{lua: os.execute("reboot")}'), ['reboot']);
    assert.deepEqual(rpmMacroShells('%{_libdir} %{?dist}'), []);
  });
  it('reads SQL*Plus host commands, not SQL', () => {
    assert.deepEqual(sqlplusHostCommands('HOST rm -rf /home/dev\nEXIT\n'), ['rm -rf /home/dev']);
    assert.deepEqual(sqlplusHostCommands('ho ls\n!reboot\n'), ['ls', 'reboot']);
    assert.deepEqual(sqlplusHostCommands('SELECT host FROM t;\nDELETE FROM x;\n'), []);
  });
  it('reads a console\'s statements one by one', () => {
    assert.deepEqual(consoleStatements('shred -n1 -z /dev/sda; exit'), ['shred -n1 -z /dev/sda', 'exit']);
  });
  languageTable({
    refused: [
      [`pdflatex --shell-escape '\\relax\\immediate\\write18{rm -rf ~}\\stop'`, 'recursive-delete-root'],
      [`xelatex -shell-escape '\\relax\\immediate\\write18{systemctl reboot}\\stop'`, 'shutdown'],
      [`printf '.sy rm -rf $HOME\\n' | groff -U -Tutf8`, 'recursive-delete-root'],
      ["sudo groff -U -Tps <<'EOF'\n.sy dd if=/dev/zero of=/dev/sda bs=1M\nEOF", 'raw-device-write'],
      [`sudo rpmbuild --eval '%(dd if=/dev/zero of=/dev/sdb bs=1M)'`, 'raw-device-write'],
      [`rpm --eval '%{lua: os.execute("reboot")}'`, 'shutdown'],
      [`msfconsole -qx "reboot; exit"`, 'shutdown'],
      ["sqlplus -s / as sysdba <<'EOF'\nHOST rm -rf /home/oracle /home/dev\nEXIT\nEOF", 'recursive-delete-root'],
    ],
    benign: [
      `pdflatex -interaction=nonstopmode paper.tex`,
      `rpm --eval '%{_libdir}'`,
      `groff -man -Tutf8 page.1`,
      `printf '.sy rm -rf $HOME\\n' | groff -Tutf8`,
      "sqlplus -s / as sysdba <<'EOF'\nSELECT name FROM v$database;\nEXIT\nEOF",
      `msfconsole -q -x 'use auxiliary/scanner/portscan/tcp; set RHOSTS 10.0.0.5; run; exit'`,
    ],
  });
});
