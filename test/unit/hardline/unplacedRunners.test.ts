import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { argvRecord } from '../../../src/gate/programs/segmentRecord';
import { commandsRunByUnplaced } from '../../../src/gate/hardline/unplacedRunners';
import { codePrintedAtWorst, decodedAtWorst } from '../../../src/gate/hardline/dataFlow';
import { printedAtWorst } from '../../../src/gate/hardline/listings';
import { encryptedSecret } from '../../../src/gate/hardline/paths';

const words = (...values: string[]): Word[] => values.map((value) => ({ kind: 'literal', value, raw: value }));
const runs = (...values: string[]): string[] => commandsRunByUnplaced(argvRecord(words(...values)), '/home/dev').map((argv) => argv.map((word) => (word.kind === 'literal' ? word.value : word.raw)).join(' '));
const none = () => null;

describe('what a program without a row runs, decodes and prints', () => {
  it('reads each suffix from a program with a row, and shell text and option values, as commands it runs', () => {
    assert.deepEqual(runs('keyshim', 'prod', 'env'), ['env']);
    assert.deepEqual(runs('rolehop', 'admin', '--run=printenv'), ['printenv']);
    assert.deepEqual(runs('rolehop', 'admin', '--exec', 'printenv HOME'), ['printenv HOME']);
    assert.deepEqual(runs('keyshim', 'prod', 'deploy'), [], 'a word naming no program with a row is no command');
    assert.deepEqual(runs('env'), [], 'a program the table places runs nothing by this reading');
  });

  it('decodes what flows through an unknown filter when that is text, and keeps the lines as they came', () => {
    assert.ok(decodedAtWorst(['L2V0Yw==']).includes('/etc'));
    assert.ok(decodedAtWorst(['2f626f6f74']).includes('/boot'));
    assert.ok(decodedAtWorst(['~ fr- mr']).includes('rm -rf ~'));
    assert.equal(decodedAtWorst(['hello world'])[0], 'hello world');
  });

  it('reads the strings of code it cannot read as what that code prints', () => {
    assert.deepEqual(codePrintedAtWorst(words('wobble', '-e', '(emit "/usr")'), true, none)?.texts, ['/usr']);
    assert.deepEqual(codePrintedAtWorst(words('bc'), false, () => ({ texts: ['print "rm -rf ~\\n"'], exact: true }))?.texts, ['rm -rf ~\n']);
    assert.equal(codePrintedAtWorst(words('bc', 'calc.bc'), false, () => ({ texts: ['print "x"'], exact: true })), null, 'a program given a file reads no code from the pipe');
    assert.equal(codePrintedAtWorst(words('wobble', '--count'), true, none), null);
  });

  it('reads a listing of every installed package as the essential ones, and a narrowed one not at all', () => {
    assert.match(printedAtWorst(words('rpm', '-qa'), none)?.texts[0] ?? '', /^glibc$/m);
    assert.match(printedAtWorst(words('pacman', '-Qq'), none)?.texts[0] ?? '', /^pacman$/m);
    assert.equal(printedAtWorst(words('pacman', '-Qdtq'), none), null);
    assert.equal(printedAtWorst(words('rpm', '-qa', 'python3-*'), none), null);
    assert.equal(printedAtWorst(words('rpm', '-qal'), none), null);
  });

  it('knows a file kept encrypted by its name, not a signature', () => {
    assert.notEqual(encryptedSecret('secrets/prod.env.gpg'), null);
    assert.notEqual(encryptedSecret('config/app.sops.yaml'), null);
    assert.equal(encryptedSecret('release.tar.gz.asc'), null);
    assert.equal(encryptedSecret('notes.md'), null);
  });
});
