import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preflightFindings } from '../../../src/gate/preflight/preflight';
import { readCommand } from '../../../src/gate/reading/reading';

/**
 * The protected-write floor reads a write where the path resolver says it lands: from the folder
 * the line has moved to (`cd`, `pushd`, `env -C`), through links made on the line or on disk.
 */

const HOME = '/home/dev';
const CWD = '/home/dev/project';

function protectedWrite(command: string, cwd = CWD) {
  return preflightFindings(readCommand(command, { home: HOME, shell: 'bash' }), { cwd }).find((finding) => finding.arm === 'protected-write') ?? null;
}

describe('protected-write floor: the working folder along the line', () => {
  const protectedLines: Array<[command: string, path: string]> = [
    [`cd .vscode && echo '{"approvalsGate.rung":"bypass"}' > settings.json`, `${CWD}/.vscode/settings.json`],
    ['cd .git/hooks && cp ../../p pre-commit', `${CWD}/.git/hooks/pre-commit`],
    ['cd .git && cd hooks; tee post-checkout < x', `${CWD}/.git/hooks/post-checkout`],
    ['pushd .vscode && touch tasks.json', `${CWD}/.vscode/tasks.json`],
    ['cd && echo x >> .bashrc', `${HOME}/.bashrc`],
    ['cd ~/.ssh && cp k authorized_keys', `${HOME}/.ssh/authorized_keys`],
    ['cd sub && echo x > ../package.json', `${CWD}/package.json`],
    ['env -C .vscode tee settings.json', `${CWD}/.vscode/settings.json`],
    ["sh -c 'cd .vscode; echo x > settings.json'", `${CWD}/.vscode/settings.json`],
    ['ln -s .git/hooks h && cp x h/pre-commit', `${CWD}/.git/hooks/pre-commit`],
    ['ln -s .vscode v; echo {} > v/settings.json', `${CWD}/.vscode/settings.json`],
    ['ln -s ~/.bashrc notes.txt && echo x >> notes.txt', `${HOME}/.bashrc`],
  ];
  for (const [command, path] of protectedLines) {
    it(`${command} → ${path}`, () => assert.ok(protectedWrite(command)?.paths?.includes(path), JSON.stringify(protectedWrite(command))));
  }
  it('a relative write from a folder the gate cannot pin down may be any path', () => {
    for (const command of ['cd "$D" && echo x > out.txt', 'popd; echo x > out.txt', 'cd ~other && touch x', 'ln -s "$T" h && cp x h/pre-commit']) {
      const finding = protectedWrite(command);
      assert.ok(finding !== null, command);
      assert.match(finding.reason, /folder the gate cannot pin down/, command);
    }
  });
  const ordinary = [
    'cd sub && echo x > out.txt',
    'cd src && cp a.ts b.ts',
    'cd /tmp && echo x > settings.json',
    'cd .vscode | echo x > settings.json',
    'cd "$D" && echo x > /tmp/out.txt',
    'ln -s dist d && cp x d/y',
    'pushd -n .vscode && echo x > settings.json',
  ];
  for (const command of ordinary) {
    it(`not a finding: ${command}`, () => assert.equal(protectedWrite(command), null));
  }
});

describe('protected-write floor: links already on disk', () => {
  let folder = '';
  before(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'gate-protected-')));
    mkdirSync(join(folder, '.git', 'hooks'), { recursive: true });
    symlinkSync('.git/hooks', join(folder, 'hooks-link'));
    symlinkSync(join(folder, '.git', 'hooks', 'pre-push'), join(folder, 'notes.txt'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('a write through a folder link or onto a file link lands at its target', () => {
    assert.ok(protectedWrite('cp x hooks-link/pre-commit', folder)?.paths?.includes(`${folder}/.git/hooks/pre-commit`));
    assert.ok(protectedWrite('echo x > notes.txt', folder)?.paths?.includes(`${folder}/.git/hooks/pre-push`));
  });
  it('an ordinary file next to them is not a finding', () => {
    assert.equal(protectedWrite('echo x > readme.txt', folder), null);
  });
});
