import assert from 'node:assert/strict';
import { codexTrustToml, withCodexTrust, withoutCodexTrust } from '../../../../src/cli/hooks/codexTrust';

// The live half (codex app-server, real runs) is in test/agents/codexTrust.test.ts.
describe('Codex hook trust in config.toml', function () {
  const key = '/home/u/.codex/hooks.json:pre_tool_use:0:0';
  const base = 'model = "m"\n\n[features]\nplugins = false\n';

  it('codexTrustToml writes one [hooks.state."<key>"] table per hook, keys escaped', function () {
    assert.equal(
      codexTrustToml([
        { key, trustedHash: 'sha256:ab' },
        { key: '/odd "dir"\\x\u0001/hooks.json:pre_tool_use:1:0', trustedHash: 'sha256:cd' },
      ]),
      `[hooks.state."${key}"]\ntrusted_hash = "sha256:ab"\n\n` +
        '[hooks.state."/odd \\"dir\\"\\\\x\\u0001/hooks.json:pre_tool_use:1:0"]\ntrusted_hash = "sha256:cd"\n',
    );
    assert.equal(codexTrustToml([]), '');
  });

  it('withCodexTrust appends a table for a new key and keeps the rest byte for byte', function () {
    assert.equal(withCodexTrust(base, [{ key, trustedHash: 'sha256:ab' }]), `${base}\n[hooks.state."${key}"]\ntrusted_hash = "sha256:ab"\n`);
    assert.equal(withCodexTrust('', [{ key, trustedHash: 'sha256:ab' }]), `[hooks.state."${key}"]\ntrusted_hash = "sha256:ab"\n`);
    assert.equal(withCodexTrust(base, []), base);
  });

  it('withCodexTrust replaces the hash of a key already there, never a second table', function () {
    const trusted = `${base}\n[hooks.state."${key}"]\ntrusted_hash = "sha256:old"\nenabled = true\n\n[other]\nx = 1\n`;
    const again = withCodexTrust(trusted, [{ key, trustedHash: 'sha256:new' }]);
    assert.equal(again, trusted.replace('sha256:old', 'sha256:new'));
    assert.equal(again.split('[hooks.state.').length, 2);
    // A table of the key without a hash gets the line under its header.
    const bare = `[hooks.state."${key}"]\nenabled = true\n`;
    assert.equal(withCodexTrust(bare, [{ key, trustedHash: 'sha256:n' }]), `[hooks.state."${key}"]\ntrusted_hash = "sha256:n"\nenabled = true\n`);
  });

  it('withoutCodexTrust drops the tables of the keys given, and only those', function () {
    const other = '/home/u/.codex/hooks.json:pre_tool_use:1:0';
    const text = withCodexTrust(base, [{ key, trustedHash: 'sha256:a' }, { key: other, trustedHash: 'sha256:b' }]);
    assert.equal(withoutCodexTrust(text, [key]), `${base}\n[hooks.state."${other}"]\ntrusted_hash = "sha256:b"\n`);
    assert.equal(withoutCodexTrust(withoutCodexTrust(text, [key]), [other]), base);
  });
});
