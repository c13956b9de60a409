import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preflightFindings } from '../../../src/gate/preflight/preflight';
import { CHILD_NAME_GLOB } from '../../../src/gate/preflight/protectedWrite';
import { globMatch, globsMeet } from '../../../src/gate/reading/globMatch';
import { readCommand } from '../../../src/gate/reading/reading';
import type { ReadingShell } from '../../../src/gate/reading/resolution';

/**
 * Deleting through a glob in the workspace (docs/decisions.md): `rm`, `rmdir` and `unlink` remove
 * the entries a glob names inside its literal folder, never through a link, so the protected-write
 * floor judges the folder and the names the pattern can stand for in the shell, not "a path the
 * gate cannot read".
 */

const HOME = '/home/dev';
const CWD = '/home/dev/project';

function finding(command: string, shell: ReadingShell = 'bash', cwd = CWD) {
  return preflightFindings(readCommand(command, { home: HOME, shell }), { cwd }).find((f) => f.arm === 'protected-write') ?? null;
}

describe('deleting through a glob in the workspace (protected-write floor, D§7)', () => {
  const SHELLS: readonly ReadingShell[] = ['bash', 'zsh', 'any'];

  const free: readonly string[] = [
    'rm -rf build/*',
    'rm -f ./*.log',
    'rm -rf build/ dist/ src/*.egg-info',
    'rm -rf -- out/*.map',
    'rmdir build/*',
    'unlink tmp/*.sock',
    // the workspace's own root: no protected name can be `*.log`, `*.tmp`, `*rc` without a leading dot
    'rm -f *.tmp ./*.log',
    'rm -f ./*rc',
    // `..` in the literal folder that lands back in the workspace
    'rm -rf build/../*.log',
    // a last component `**` lists the folder's tree at most, never through a link
    'rm -rf build/**',
    // a folder that could be removed whole: a subset of `rm -rf build`, which is free too
    'rm -rf build/package.json*',
  ];
  for (const shell of SHELLS) {
    for (const command of free) {
      it(`${shell}: ${command} is no protected write`, () => assert.equal(finding(command, shell), null, JSON.stringify(finding(command, shell))));
    }
  }

  const held: Array<[command: string, why: RegExp]> = [
    // a pattern that can stand for a protected name in the folder
    ['rm -rf ./*', /package\.json/],
    ['rm -rf *', /package\.json/],
    ['rm -f ./*.json', /npm package scripts, if the name is package\.json/],
    ['rm -f ./[p]ackage.jso?', /package\.json/],
    ['rm -rf ./.v*', /VS Code workspace settings and tasks, if the name is \.vscode/],
    ['rm -f ./.*.yml', /if the name is \.[a-z-]+\.yml/],
    ['rm -rf ./x*', /VS Code workspace file, if the name is x\.code-workspace/],
    ['rm -rf ./*.git', /git folder/],
    // a protected folder, or one inside the git folder
    ['rm -f .vscode/*.json', /VS Code workspace settings and tasks/],
    ['rm -rf .vscode/*', /VS Code workspace settings and tasks/],
    ['rm -rf .git/h*', /a git folder/],
    ['rm -f ./.git/*', /a git folder/],
    ['rm -rf .github/w*', /CI workflows/],
    ['rm -rf .claude/*', /Claude Code settings/],
    // outside the workspace, `..` in the literal folder
    ['rm -rf ../*.log', /a place outside the workspace/],
    ['rm -rf src/../../*', /a place outside the workspace/],
    ['rm -f /var/log/app/*.log', /a place outside the workspace/],
    // the home folder's and a system folder's entries
    ['rm -rf /etc/nginx/*.conf', /system configuration/],
  ];
  for (const shell of SHELLS) {
    for (const [command, why] of held) {
      it(`${shell}: ${command} reaches a person (${why.source})`, () => {
        const found = finding(command, shell);
        assert.ok(found !== null, `${command} should be a protected write`);
        assert.match(found.reason, why);
      });
    }
  }

  it('a folder that holds the working folder: a pattern that can stand for the next folder towards it counts', () => {
    assert.match(finding('rm -rf ../*', 'bash', `${CWD}/src`)?.reason ?? '', /outside the workspace/);
    // The call's folder is the workspace: `src/*` from the project is free, `*` at the project is not.
    assert.equal(finding('rm -rf src/*', 'bash'), null);
  });

  it('a leading dot: bash and any may list `.` and `..` for `.*` (before bash 5.2, dash), zsh never', () => {
    // build/.* → build/.. is the workspace's root, which holds the working folder.
    for (const shell of ['bash', 'any'] as const) assert.match(finding('rm -rf build/.*', shell)?.reason ?? '', /if the name is \.\./, shell);
    assert.equal(finding('rm -rf build/.*', 'zsh'), null);
    // A pattern not starting with a literal dot stands for no dot name in any shell.
    for (const shell of SHELLS) assert.equal(finding('rm -f ./*envrc', shell), null, shell);
    for (const shell of SHELLS) assert.match(finding('rm -f ./.*envrc', shell)?.reason ?? '', /direnv/, shell);
  });

  it('`**/` below the folder: zsh (recursive, never through a link) is judged by the folder; bash and any read a pattern in the middle, which goes through links', () => {
    assert.equal(finding('rm -rf build/**/*.map', 'zsh'), null);
    for (const shell of ['bash', 'any'] as const) assert.match(finding('rm -rf build/**/*.map', shell)?.reason ?? '', /a path the gate cannot read/, shell);
    // At the root of the workspace a recursive glob may reach anything below: a person decides.
    assert.match(finding('rm -rf ./**/*.map', 'zsh')?.reason ?? '', /the glob reaches anything below/);
    assert.match(finding('rm -rf ./**', 'bash')?.reason ?? '', /the glob reaches anything below/);
  });

  it('still unreadable: a pattern in a middle folder, a trailing slash, a variable, a tilde', () => {
    for (const command of ['rm -rf build/*/cache', 'rm -rf build/*/', 'rm -rf "$OUT"/*', 'rm -rf ~/tmp/*', 'rm -rf build/*/../x']) {
      assert.match(finding(command, 'bash')?.reason ?? '', /a path the gate cannot read/, command);
    }
  });

  it('writers and deleters that go through a link keep the glob unreadable or judged as before', () => {
    assert.match(finding('shred -u build/*', 'bash')?.reason ?? '', /a path the gate cannot read/);
  });

  describe('links on disk', () => {
    let folder = '';
    let outside = '';
    before(() => {
      folder = realpathSync(mkdtempSync(join(tmpdir(), 'gate-globs-')));
      outside = realpathSync(mkdtempSync(join(tmpdir(), 'gate-globs-out-')));
      mkdirSync(join(folder, 'build'));
      mkdirSync(join(folder, '.vscode'));
      symlinkSync('/etc', join(folder, 'etc-link'));
      symlinkSync('.vscode', join(folder, 'vs'));
      symlinkSync(outside, join(folder, 'away'));
    });
    after(() => {
      rmSync(folder, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    });
    it('a folder that is a link out of the workspace is judged where it lands', () => {
      assert.equal(finding('rm -rf build/*', 'bash', folder), null);
      assert.match(finding('rm -rf etc-link/*', 'bash', folder)?.reason ?? '', /system configuration/);
      assert.match(finding('rm -rf vs/*.json', 'bash', folder)?.reason ?? '', /VS Code workspace settings/);
    });
    it('a link to a temp folder is as free as the temp folder', () => {
      assert.equal(finding('rm -rf away/*', 'bash', folder), null);
    });
  });
});

describe('globsMeet: a name two patterns both match', () => {
  const table: Array<[a: string, b: string, firstNotDot: boolean, meets: boolean]> = [
    ['x*', '*.code-workspace', false, true],
    ['*.log', '*.code-workspace', false, false],
    ['*', '.vscode', true, false],
    ['*', '.vscode', false, true],
    ['.v*', '.vscode', false, true],
    ['[!p]*', 'package.json', false, false],
    ['[a-p]ack*', 'package.json', false, true],
    ['*.JSON', 'package.json', false, true],
    ['?', 'ab', false, false],
    ['*.egg-info', '?*.git', false, false],
    ['*it', '?*.git', true, true],
    ['a*b*c', 'a*c', false, true],
    // Names beyond ASCII meet on the characters the patterns write.
    ['*\u00f8*', 'pr\u00f8ject', false, true],
    ['[\u00e0-\u00e4]x', '[\u00e3-\u00ff]x', false, true],
    ['[\u00e0-\u00e2]x', '[\u00e3-\u00ff]x', false, false],
  ];
  for (const [a, b, firstNotDot, meets] of table) {
    it(`${a} and ${b}${firstNotDot ? ' (no leading dot)' : ''}: ${meets ? 'meet' : 'do not meet'}`, () => {
      const name = globsMeet(a, b, CHILD_NAME_GLOB, firstNotDot);
      assert.equal(name !== null, meets, String(name));
      if (name !== null) assert.ok(name.length > 0 && !name.includes('/') && (!firstNotDot || !name.startsWith('.')), name);
      // The name found is one both patterns match, read as the gate reads a glob.
      if (name !== null) assert.ok(globMatch(a, name, CHILD_NAME_GLOB) && globMatch(b, name, CHILD_NAME_GLOB), name);
    });
  }
  it('stays fast on many stars', () => {
    assert.equal(globsMeet(`${'*a'.repeat(100)}b`, `${'*a'.repeat(100)}c`, CHILD_NAME_GLOB), null);
    // Past the limit a pattern is taken to meet anything.
    assert.notEqual(globsMeet(`${'*a'.repeat(200)}b`, 'c', CHILD_NAME_GLOB), null);
  });
});
