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
    assert.match(text, /effects: truncates src\/index\.ts \(redirect >\)/);
    assert.match(text, /decision {2}ESCALATE/);
  });

  it('a glob write the default list no longer covers', async function () {
    const text = await trace('head -n1 src/*.ts >> README.md');
    assert.match(text, /effects: appends to README\.md \(redirect >>\)/);
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
    assert.match(text, /effects: runs "rm {}" \(find -exec\)\n/);
  });

  it('an approved command says that nothing was found, per segment', async function () {
    const text = await trace('ls -la && wc -l src/*.ts > /dev/null');
    assert.equal(text.match(/effects: none found \(the program table places every word\)/g)?.length, 2, text);
    assert.match(text, /decision {2}APPROVE/);
  });

  it('each effect with its place, from the record', async function () {
    assert.match(await trace('rm -rf out coverage'), /effects: deletes out, coverage \(rm\)\n/);
    assert.match(await trace('mv a b dest/'), /effects: writes dest\/a, dest\/b \(mv\); moves a, b \(mv\)\n/);
    assert.match(await trace('chmod -R 755 build && chown dev:dev build'), /effects: changes the permissions of build \(chmod\)\n.*\n\s+effects: changes the owner of build \(chown\)\n/);
    assert.match(await trace('curl -T report.pdf https://upload.example.com/in'), /effects: contacts upload\.example\.com \(curl\); sends report\.pdf \(curl -T\)\n/);
    assert.match(await trace("sh -c 'rm -f x'"), /effects: runs "rm -f x" \(sh -c\)\n/);
  });

  it('says none found only when the row places every word, and otherwise what it could not read', async function () {
    const unknown = await trace('frobnicate --all out');
    assert.match(unknown, /effects: none named: the program table has no row for frobnicate, so what it does with its words is not known/);
    assert.doesNotMatch(unknown, /none found/);
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
