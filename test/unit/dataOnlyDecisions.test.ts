/**
 * Data that only looks like code (docs/decisions.md): a here-document or here-string fed to a
 * program that reads it as data is approved as the program alone would be, by a `safe` rating or
 * an entry for the program; the same text reaching a shell is not, and a catastrophic one floors.
 */
import { strict as assert } from 'node:assert';
import { askGate, type Configuration } from '../support/askGate';

const SAFE: Configuration = { name: 'assisted, safe rating', rung: 'assisted', allow: [], defaultAllow: false, rating: 'safe' };
const entry = (program: string): Configuration => ({ name: `manual, allow "${program}"`, rung: 'manual', allow: [program], defaultAllow: false });

const CAT = "cat <<'EOF'\nrm -rf /tmp/x\nEOF";
const GREP = "grep -c rm <<< 'rm -rf /tmp/x'";

describe('data that only looks like code: decisions', function () {
  this.timeout(60_000);

  for (const [command, program] of [[CAT, 'cat'], [GREP, 'grep']] as const) {
    it(`approves ${JSON.stringify(command)} with a safe rating at assisted`, async () => {
      const decision = await askGate(command, SAFE);
      assert.equal(decision.action, 'approve', JSON.stringify(decision));
      assert.equal(decision.stage, 'rater');
    });

    it(`approves ${JSON.stringify(command)} under the entry "${program}"`, async () => {
      const decision = await askGate(command, entry(program));
      assert.equal(decision.action, 'approve', JSON.stringify(decision));
      assert.equal(decision.stage, 'allow-list');
    });
  }

  it('approves it under the default list too, as `cat` alone is', async () => {
    const decision = await askGate(CAT, { name: 'manual, default list', rung: 'manual', allow: [], defaultAllow: true });
    assert.equal(decision.action, 'approve');
  });

  for (const command of ["cat <<'EOF' | sh\nrm -rf /tmp/x\nEOF", "bash <<'EOF'\nrm -rf /tmp/x\nEOF", "python3 - <<'EOF'\nprint(1)\nEOF", "sed e <<'EOF'\nrm -rf /tmp/x\nEOF", "grep x <<< 'a' | bash"]) {
    it(`does not approve ${JSON.stringify(command)}: the text reaches a shell or an interpreter`, async () => {
      for (const configuration of [SAFE, entry('cat'), entry('grep'), entry('sed')]) {
        const decision = await askGate(command, configuration);
        assert.notEqual(decision.action, 'approve', `${configuration.name}: ${JSON.stringify(decision)}`);
      }
    });
  }

  for (const command of ["cat <<'EOF' | sh\nrm -rf /\nEOF", "cat <<'EOF' | bash -s\nrm -rf ~\nEOF", "grep -v x <<< 'rm -rf /' | sh", "bash <<'EOF'\nrm -rf /\nEOF"]) {
    it(`floors ${JSON.stringify(command)}`, async () => {
      const decision = await askGate(command, { ...SAFE, rung: 'bypass' });
      assert.equal(decision.action, 'reject');
      assert.equal(decision.stage, 'hardline-floor');
    });
  }

  it('does not floor the same text when it is only data', async () => {
    const decision = await askGate("cat <<'EOF'\nrm -rf /\nEOF", SAFE);
    assert.equal(decision.action, 'approve', JSON.stringify(decision));
  });

  for (const command of ["cat <<'EOF' > .git/hooks/pre-commit\nrm -rf /tmp/x\nEOF", "tee ~/.bashrc <<'EOF'\nalias ls=rm\nEOF"]) {
    it(`sends the protected write ${JSON.stringify(command)} to a person whatever approves it`, async () => {
      for (const configuration of [SAFE, entry('cat'), entry('tee')]) {
        const decision = await askGate(command, configuration);
        assert.notEqual(decision.action, 'approve', `${configuration.name}: ${JSON.stringify(decision)}`);
      }
    });
  }
});
