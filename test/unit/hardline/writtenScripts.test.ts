import * as assert from 'node:assert/strict';
import type { Redirect, Word } from '../../../src/gate/reading/resolution';
import { startPlace } from '../../../src/gate/programs/pathResolver';
import { searchedEntries } from '../../../src/gate/programs/find';
import { writtenScriptRuns, type ScriptLineCommand, type WrittenText } from '../../../src/gate/hardline/writtenScripts';

const word = (value: string): Word => ({ kind: 'literal', value, raw: value });
const place = startPlace('/home/u', '/home/u/project', false);
const writeTo = (target: string, op: Redirect['op'] = '>'): Redirect => ({ fd: null, op, target: word(target), raw: `${op} ${target}` });
const command = (argv: string[], redirects: Redirect[] = [], pipedFrom: ScriptLineCommand | null = null): ScriptLineCommand => ({ argv: argv.map(word), redirects, place, pipedFrom });
/** What the floor's producer reading says: echo prints its words. */
const produced = (c: ScriptLineCommand): WrittenText | null => (c.argv[0]?.kind === 'literal' && c.argv[0].value === 'echo' ? { texts: [c.argv.slice(1).map((w) => (w.kind === 'literal' ? w.value : w.raw)).join(' ')], exact: true } : null);
const runs = (...commands: ScriptLineCommand[]) => writtenScriptRuns(commands, produced, (c) => c.argv).map((run) => ({ argv: run.argv.map((w) => (w.kind === 'literal' ? w.value : w.raw)), texts: run.texts }));

describe('scripts written and run on one line (hardline/writtenScripts.ts)', () => {
  it('hands back a shell or an interpreter given the written file as reading its text', () => {
    assert.deepEqual(runs(command(['echo', 'rm -rf ~'], [writeTo('/tmp/x.sh')]), command(['sh', '/tmp/x.sh'])), [{ argv: ['sh'], texts: ['rm -rf ~'] }]);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('t.py')]), command(['python3', '-u', './t.py'])), [{ argv: ['python3', '-u', '-'], texts: ['X'] }]);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('go')]), command(['./go'])), [{ argv: ['sh'], texts: ['X'] }]);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('~/s')]), command(['.', '/home/u/s'])), [{ argv: ['sh'], texts: ['X'] }]);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('in')]), command(['bash'], [{ fd: null, op: '<', target: word('in'), raw: '< in' }])), [{ argv: ['bash'], texts: ['X'] }]);
  });

  it('follows tee and appends, and the latest write of a file', () => {
    const echo = command(['echo', 'A']);
    assert.deepEqual(runs(echo, command(['tee', 'f'], [], echo), command(['bash', 'f'])), [{ argv: ['bash'], texts: ['A'] }]);
    assert.deepEqual(runs(command(['echo', 'A'], [writeTo('f')]), command(['echo', 'B'], [writeTo('f', '>>')]), command(['sh', 'f'])), [{ argv: ['sh'], texts: ['A\nB'] }]);
    assert.deepEqual(runs(command(['echo', 'A'], [writeTo('f')]), command(['echo', 'B'], [writeTo('f')]), command(['sh', 'f'])), [{ argv: ['sh'], texts: ['B'] }]);
  });

  it('reads a file at its worst where a row loads or runs it, an interpreter runs it, or no row places the word', () => {
    // The row's loader forms: a build's init script, an ant build file, an sftp batch file.
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('/tmp/i.gradle')]), command(['gradle', '--init-script', '/tmp/i.gradle', 'help'])), [{ argv: ['sh'], texts: ['X'] }]);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('/tmp/b.xml')]), command(['ant', '-e', '-f', '/tmp/b.xml'])), [{ argv: ['sh'], texts: ['X'] }]);
    // An executor whose value is a program, written `--option=FILE`.
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('/tmp/h')]), command(['aria2c', '--on-download-complete=/tmp/h', 'https://example.com/x'])), [{ argv: ['sh'], texts: ['X'] }]);
    // An interpreter that does not read code on its input runs its script operand.
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('/tmp/E.java')]), command(['java', '/tmp/E.java'])), [{ argv: ['sh'], texts: ['X'] }]);
    // A program without a row: any word naming the file may be what it runs.
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('/tmp/k.vbs')]), command(['frobnicate-tool', '//nologo', '/tmp/k.vbs'])), [{ argv: ['sh'], texts: ['X'] }]);
  });

  it('leaves out files read but not run, other files, and text it does not know', () => {
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('f')]), command(['cat', 'f'])), []);
    // A row that places the word as data: grep's file operand, java's classpath value.
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('f')]), command(['grep', '-c', 'rm', 'f'])), []);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('lib')]), command(['java', '-cp', 'lib', 'Main'])), []);
    assert.deepEqual(runs(command(['echo', 'X'], [writeTo('a.sh')]), command(['sh', 'b.sh'])), []);
    assert.deepEqual(runs(command(['curl', '-s', 'u'], [writeTo('i.sh')]), command(['sh', 'i.sh'])), []);
    assert.deepEqual(runs(command(['sh', 'x.sh']), command(['echo', 'X'], [writeTo('x.sh')])), []);
  });
});

describe("a search's entries at worst (programs/find.ts searchedEntries)", () => {
  const raws = (words: Word[]) => words.map((w) => (w.kind === 'literal' ? w.value : w.raw));
  it('is the root and globs one level deeper each, down to the depth asked', () => {
    assert.deepEqual(raws(searchedEntries(word('/etc'), null)), ['/etc', '/etc/*', '/etc/*/*', '/etc/*/*/*', '/etc/*/*/*/*']);
    assert.deepEqual(raws(searchedEntries(word('/'), 2)), ['/', '/*', '/*/*']);
    assert.deepEqual(raws(searchedEntries(word('my dir/'), 1)), ['my dir/', "'my dir'/*"]);
    assert.deepEqual(raws(searchedEntries(word('/usr'), 0)), ['/usr']);
  });
});
