import { strict as assert } from 'node:assert';
import { shrinkCommand } from '../../support/shrinkCommand';

describe('shrinkCommand', () => {
  it('shrinks to the smallest text that still fails, a word at a time then characters', async () => {
    const fails = async (candidate: string) => candidate.includes('2>&3') && candidate.includes('wait');
    const { shrunk } = await shrinkCommand('kill a fi ; wait "x y" 2>&3 if |& /bin/rm z', fails);
    assert.equal(shrunk, 'wait2>&3');
  });

  it('keeps the input when nothing smaller fails, and stops at its budget', async () => {
    assert.equal((await shrinkCommand('echo a', async (c) => c === 'echo a')).shrunk, 'echo a');
    let calls = 0;
    const { attempts } = await shrinkCommand('a b c d e f g h', async () => ++calls < 0, 5);
    assert.equal(attempts, 5);
    assert.equal(calls, 5);
  });
});
