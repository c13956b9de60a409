/**
 * zsh's readings of a command for the hardline floor (src/gate/hardline/zshForms.ts): glob
 * qualifiers and history modifiers held to real zsh 5.9, brace groups, short loops and NULLCMD.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { applyZshModifiers, nullCommandTexts, zshArgvReadings, zshLoopReadings, zshQualifiedWord, zshRemapReadings, zshWordText } from '../../../src/gate/hardline/zshForms';
import { readTextCommands } from '../../../src/gate/hardline/textCommands';
import type { Word } from '../../../src/gate/reading/resolution';

const HOME = '/home/agent';

function argvOf(text: string): Word[] {
  const commands = readTextCommands(text, HOME);
  assert.equal(commands.length, 1, text);
  return commands[0]!.argv;
}

function values(argv: readonly Word[]): string[] {
  return argv.map((word) => (word.kind === 'literal' ? word.value : `<${word.raw}>`));
}

function withoutTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' && path !== '' ? '/' : trimmed;
}

/** Paths that exist on every machine the tests run on, so zsh's glob matches them. */
const EXISTING = ['/', '/usr', '/usr/', '/usr/bin', '/etc', '/etc/passwd', '/tmp', '/usr/share/doc'];
/** Qualifier lists the reader reads as leaving a path: filters, and modifiers it applies. */
const READ_QUALIFIERS = ['N', '/', '-/', 'N/', '.', 'N.', 'D', 'M', 'T', ':h', ':h:h', ':t', ':a', ':r', ':e', 'N:h', '/:h', ':h2', ':h1', 'om[1]', 'Lk+0', 'u0', 'f755:h', ':h0', ':h3'];

describe('zsh glob qualifiers and history modifiers (held to real zsh)', () => {
  const zsh = spawnSync('zsh', ['--version'], { encoding: 'utf8' });
  it('reads every qualifier list it claims to read as zsh does, on existing paths', function () {
    if (zsh.status !== 0) this.skip();
    let compared = 0;
    for (const path of EXISTING) {
      for (const qualifiers of READ_QUALIFIERS) {
        const read = zshQualifiedWord(path, qualifiers);
        assert.equal(read.kind, 'path', `${path}(${qualifiers})`);
        if (read.kind !== 'path') continue;
        const real = spawnSync('zsh', ['-f', '-c', `print -rn -- ${path}(${qualifiers})`], { encoding: 'utf8' });
        // An empty answer: the filter selected nothing (the floor still reads the path; it may exist elsewhere).
        if (real.stdout === '' || real.status !== 0) continue;
        // `M` and `T` mark a folder with a trailing `/` and `T` a file with its type (` `, `*`, `@`); trailing slashes name the same folder.
        const expected = withoutTrailingSlashes(real.stdout.replace(/[@*|=#% ]$/, ''));
        const mine = withoutTrailingSlashes(read.value);
        assert.equal(mine, expected, `${path}(${qualifiers})`);
        compared++;
      }
    }
    assert.ok(compared >= 100, `only ${compared} compared`);
  });

  it('reads code qualifiers as code and everything else it does not read as unknown', () => {
    assert.deepEqual(zshQualifiedWord('/tmp', "e:'rm -rf /':"), { kind: 'code', text: 'rm -rf /' });
    assert.deepEqual(zshQualifiedWord('/tmp', 'e{reboot}'), { kind: 'code', text: 'reboot' });
    assert.deepEqual(zshQualifiedWord('/tmp', '+check'), { kind: 'code', text: 'check' });
    // `$REPLY` is each match of the glob: the glob stands for it.
    assert.deepEqual(zshQualifiedWord('/usr/*', 'e:\'rm -rf "$REPLY"\':'), { kind: 'code', text: 'rm -rf /usr/*' });
    for (const unread of ['P:-rf:', 'Z', ':s/usr/etc/', ':gs/a/b/', ':A', ':Q', 'e', 'u']) assert.deepEqual(zshQualifiedWord('/usr', unread), { kind: 'unknown' }, unread);
  });

  it('makes the text reader see the qualified path, or the code as commands of the line', () => {
    assert.deepEqual(values(argvOf('rm -rf /usr(:h)')), ['rm', '-rf', '/']);
    assert.deepEqual(values(argvOf('rm -rf ~(:h)')), ['rm', '-rf', '/home']);
    assert.deepEqual(values(argvOf('rm -rf build(N)')), ['rm', '-rf', 'build']);
    assert.deepEqual(values(argvOf('ls @(a|b)')), ['ls', '<@(a|b)>']);
    assert.deepEqual(values(argvOf('rm -rf $=x ${~y} $^z $+w $=')), ['rm', '-rf', '<$=x>', '<${~y}>', '<$^z>', '<$+w>', '$=']);
    const commands = readTextCommands("ls /tmp(e:'rm -rf /':)", HOME);
    assert.deepEqual(commands.map((command) => values(command.argv)), [['rm', '-rf', '/'], ['ls', "</tmp(e:'rm -rf /':)>"]]);
  });
});

describe('zsh groups, short forms and loops', () => {
  it('reads a brace group without blanks as its command', () => {
    assert.deepEqual(zshArgvReadings(argvOf('{rm -rf /}')).map(values), [['rm', '-rf', '/'], ['{rm', '-rf', '/']]);
    assert.deepEqual(zshArgvReadings(argvOf('{{rm -rf /} }')).map(values)[0], ['rm', '-rf', '/']);
    assert.deepEqual(zshArgvReadings(argvOf('echo hi')), []);
    assert.deepEqual(zshArgvReadings(argvOf("echo '{rm -rf /}'")), []);
  });

  it('reads the list after `{` and the command after `]]`', () => {
    assert.ok(zshArgvReadings(argvOf('[[ -d /etc ]] { rm -rf /etc }')).some((argv) => values(argv).join(' ') === 'rm -rf /etc'));
    assert.deepEqual(zshArgvReadings(argvOf('[[ -d /etc ]] rm -rf /etc')).map(values)[0], ['rm', '-rf', '/etc']);
  });

  it('reads a loop body with each of its values', () => {
    const short = zshLoopReadings(readTextCommands('for d (/etc /usr) rm -rf $d', HOME)).map((reading) => values(reading.argv));
    assert.deepEqual(short, [['rm', '-rf', '<$d>'], ['rm', '-rf', '/etc'], ['rm', '-rf', '/usr']]);
    const long = zshLoopReadings(readTextCommands('for d in /etc; do rm -rf "$d"; done', HOME)).map((reading) => values(reading.argv));
    assert.ok(long.some((argv) => argv.join(' ') === 'rm -rf /etc'), JSON.stringify(long));
    assert.deepEqual(zshLoopReadings(readTextCommands('echo for d in /etc', HOME)), []);
  });
});

describe('zsh words the path reader reads', () => {
  it('applies modifiers written after a name and reads ${:-WORD} as WORD', () => {
    assert.equal(applyZshModifiers('/home/agent', ':h'), '/home');
    assert.equal(applyZshModifiers('/home/agent', 'h:h'), '/');
    assert.equal(applyZshModifiers('/home/agent', ':s/a/b/'), null);
    assert.equal(zshWordText('${:-/}'), '/');
    assert.equal(zshWordText('${:-/usr}/lib'), '/usr/lib');
    assert.equal(zshWordText('${x:-/}'), '${x:-/}');
  });

  it('reads =(…) as a process substitution whose commands are the line\'s', () => {
    const commands = readTextCommands('cat =(rm -rf /)', HOME).map((command) => values(command.argv));
    assert.deepEqual(commands, [['rm', '-rf', '/'], ['cat', '<=(rm -rf /)>']]);
    // An array assignment is no substitution: `a b` is no command.
    assert.deepEqual(readTextCommands('x=(a b)', HOME), []);
  });
});

describe('NULLCMD and READNULLCMD', () => {
  it('reads every value assigned on the line', () => {
    assert.deepEqual(nullCommandTexts('NULLCMD=shutdown; >/dev/null'), ['shutdown']);
    assert.deepEqual(nullCommandTexts("export NULLCMD='rm -rf /'; >x"), ['rm -rf /']);
    assert.deepEqual(nullCommandTexts('READNULLCMD=reboot </dev/null'), ['reboot']);
    assert.deepEqual(nullCommandTexts(': ${NULLCMD:=halt}; >x'), ['halt']);
    assert.deepEqual(nullCommandTexts('MY_NULLCMD_X=1; echo NULLCMD'), []);
  });
});

describe('programs the line remaps', () => {
  it('reads a remapped program as what it runs instead', () => {
    const readings = (text: string): string[] => zshRemapReadings(readTextCommands(text, HOME), HOME).map((reading) => values(reading.argv).join(' '));
    assert.deepEqual(readings('alias ls=rm; ls -rf /'), ['rm -rf /']);
    assert.deepEqual(readings('hash ls=/bin/rm; ls -rf /'), ['/bin/rm -rf /']);
    assert.deepEqual(readings('hash -p /bin/rm ls; ls -rf /'), ['/bin/rm -rf /']);
    assert.deepEqual(readings('commands[ls]=/bin/rm; ls -rf /'), ['/bin/rm -rf /']);
    // The body is read where it is assigned, and again where `f` runs it.
    assert.deepEqual(readings("functions[f]='rm -rf /'; f"), ['rm -rf /', 'rm -rf /']);
    assert.deepEqual(readings('ls -rf /; echo alias'), []);
  });
});
