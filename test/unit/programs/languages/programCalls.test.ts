import { languageTable } from '../../../support/languageTable';

// A call named for a program of the table, given that program's literal words, is that command
// (docs/decisions.md "A call named for a program"): sh's `sh.rm(...)`, shelljs's `shell.rm(...)`,
// plumbum's `rm[...]`. The floor's arms judge the argv; the row only says the name is a program.
describe('code reader: a call named for a program reads as its argv', () => {
  languageTable({
    refused: [
      [`node -e "require('shelljs').rm('-rf', '/usr/lib')"`, 'recursive-delete-root'],
      [`python3 -c "import sh; sh.rm('-rf', '/usr')"`, 'recursive-delete-root'],
      [`python3 -c "from plumbum.cmd import rm; rm['-rf', '/etc']()"`, 'recursive-delete-root'],
      [`python3 -c "from plumbum import local; local['rm']['-rf', '/usr']()"`, 'recursive-delete-root'],
      [`python3 -c "import sh; sh.chmod('-R', '777', '/etc')"`, 'recursive-chmod-root'],
      [`python3 -c "import sh; sh.shutdown('-h', 'now')"`, 'shutdown'],
      [`node -e "const s=require('shelljs'); s.rm(['-rf'], ['/boot'])"`, 'recursive-delete-root'],
    ],
    benign: [
      `node -e "require('shelljs').rm('-rf','dist')"`,
      `python3 -c "import sh; sh.rm('-rf', 'build')"`,
      `python3 -c "import sh; print(sh.ls('/usr'))"`,
      `python3 -c "import sh; sh.cat('/etc/hosts')"`,
      `python3 -c "from plumbum.cmd import ls; print(ls['-la', '/etc']())"`,
      `node -e "require('shelljs').ls('/usr')"`,
      `python3 -c "import os; print(os.path.join('/', 'etc'))"`,
      `python3 -c "print('/usr'.split('/'))"`,
      // A method sharing a program's name on the code's own object takes no command line.
      `python3 -c "import socket; s=socket.socket(); s.shutdown(2)"`,
      `python3 -c "import time; time.sleep(1)"`,
    ],
  });
});

// A name whose words say it deletes a tree (`removetree`, `deleteSync`, `remove_tree`), and a list
// of paths handed to a deletion (`del.sync(['/usr/**'])`): a recursive deletion of each path
// (docs/decisions.md "Names that say they delete, in Python and JavaScript"). A bare verb
// (`app.delete('/')`, an HTTP route) and a verb with another noun (`removeprefix`) are not.
describe('code reader: names that say they delete a tree, lists of paths', () => {
  languageTable({
    refused: [
      [`python3 -c "from fs.osfs import OSFS; OSFS('/').removetree('/etc')"`, 'recursive-delete-root'],
      [`node -e "const del=require('del'); del.sync(['/usr/**'], {force:true})"`, 'recursive-delete-root'],
      [`node -e "require('del').deleteSync(['/etc'], {force: true})"`, 'recursive-delete-root'],
      [`python3 -c "import fsutil; fsutil.remove_dir('/var')"`, 'recursive-delete-root'],
      [`node -e "require('rimraf').rimrafSync('/usr')"`, 'recursive-delete-root'],
      [`perl -MPath::Tiny -e 'path("/etc")->remove_tree'`, 'recursive-delete-root'],
      [`perl -MPath::Tiny -e 'path("/usr")->remove_tree({safe=>0})'`, 'recursive-delete-root'],
    ],
    benign: [
      `node -e "require('del').sync(['dist/**'])"`,
      `python3 -c "from fs.osfs import OSFS; OSFS('.').removetree('build')"`,
      `perl -MPath::Tiny -e 'path("tmp")->remove_tree'`,
      `perl -MPath::Tiny -e 'print path("/etc/hosts")->slurp'`,
      `python3 -c "print('/etc/x'.removeprefix('/'))"`,
      `python3 -c "p = input(); print(p.removeprefix('/'))"`,
      `node -e "const app=require('express')(); app.delete('/', (q, r) => r.end())"`,
      `node -e "const m=new Map(); m.delete('/')"`,
      `node -e "document.removeEventListener('/', f)"`,
    ],
  });
});

// Every process killed from code (docs/decisions.md "Every process killed from code"): a listing of
// every process and a kill call with nothing choosing among them is `kill -9 -1`; one child, the
// code's own children, or the processes a condition picks are everyday.
describe('code reader: every process killed', () => {
  languageTable({
    refused: [
      [`python3 -c "import psutil; [p.kill() for p in psutil.process_iter()]"`, 'kill-all'],
      [`python3 -c "import psutil; [p.terminate() for p in psutil.process_iter()]"`, 'kill-all'],
      [`python3 -c "import psutil, os; [os.kill(pid, 9) for pid in psutil.pids()]"`, 'kill-all'],
      [`node -e "require('ps-list')().then(l=>l.forEach(p=>process.kill(p.pid)))"`, 'kill-all'],
    ],
    benign: [
      `python3 -c "import psutil; [print(p.name()) for p in psutil.process_iter()]"`,
      `python3 -c "import psutil,subprocess; p=subprocess.Popen(['sleep','9']); psutil.Process(p.pid).kill()"`,
      `python3 -c "import psutil; [p.kill() for p in psutil.process_iter(['name']) if p.info['name']=='myserver']"`,
      `python3 -c "import psutil; [c.kill() for c in psutil.Process().children(recursive=True)]"`,
      `node -e "require('ps-list')().then(l=>l.filter(p=>p.name==='node').forEach(p=>process.kill(p.pid)))"`,
      `python3 -c "import psutil; print(psutil.cpu_percent())"`,
    ],
  });
});
