import { strict as assert } from 'node:assert';
import { formatTrace } from '../../src/gate/decisionTrace';
import { decideUnder, manualDefault } from '../support/decisionInvariants';
import { readCommand } from '../../src/gate/reading/reading';

/**
 * The explain trace names what each segment does, so a person sees why an entry did or did not
 * cover it (docs/decisions.md, "What a segment does, and coverage checked once").
 */
describe('the explain trace names the effects it found', function () {
  async function trace(command: string): Promise<string> {
    return formatTrace(readCommand(command, { home: '/home/gate-test', shell: 'bash' }), 'manual', await decideUnder(command, manualDefault()));
  }

  it('a redirect write, with its target and operator, on an escalated command', async function () {
    const text = await trace('cat README.md > src/index.ts');
    assert.match(text, /effects: writes src\/index\.ts \(redirect >\)/);
    assert.match(text, /decision {2}ESCALATE/);
  });

  it('a glob write the default list no longer covers', async function () {
    const text = await trace('head -n1 src/*.ts >> README.md');
    assert.match(text, /effects: writes README\.md \(redirect >>\)/);
    assert.doesNotMatch(text, /APPROVE/);
  });

  it('a here-text read as data, shortened when long', async function () {
    const text = await trace("grep -c rm <<< 'rm -rf /tmp/x'");
    assert.match(text, /stdin: {3}here-string "rm -rf \/tmp\/x\\n", read as data/);
    assert.match(text, /decision {2}APPROVE/);
    const long = await trace(`cat <<'EOF'\n${'x'.repeat(300)}\nEOF`);
    assert.match(long, /stdin: {3}here-document "x{200}"… \(301 characters\), read as data/);
  });

  it('a form and the code handed on', async function () {
    const text = await trace('find . -name x -exec rm {} \\;');
    assert.match(text, /effects: executor: -exec \(find\); runs a command \(find -exec\)/);
  });

  it('an approved command says that nothing was found, per segment', async function () {
    const text = await trace('ls -la && wc -l src/*.ts > /dev/null');
    assert.equal(text.match(/effects: none found/g)?.length, 2, text);
    assert.match(text, /decision {2}APPROVE/);
  });

  it('a word the row cannot place is named', async function () {
    const text = await trace('rg "$X" src');
    assert.match(text, /effects: cannot read: rg "\$X": a word only known at run time may become an option of rg/);
  });

  it('says which shell the command was read for, and why a zsh form is unresolved there', async function () {
    const decision = await decideUnder('noglob ls', manualDefault());
    const any = formatTrace(readCommand('noglob ls', { home: '/home/gate-test', shell: 'any' }), 'manual', decision);
    assert.match(any, /shell {5}any — not known for sure/);
    assert.match(any, /unresolved \(shell-difference\): `noglob` is a zsh precommand modifier/);
    const bash = formatTrace(readCommand('noglob ls', { home: '/home/gate-test', shell: 'bash' }), 'manual', decision);
    assert.match(bash, /shell {5}bash — read as bash runs it/);
    assert.match(bash, /1\. "noglob" "ls"/);
  });
});
