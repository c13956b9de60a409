/**
 * Widening changes made outside the extension's UI (D§13): each kind of widening is noticed,
 * narrowing is not, an unreadable accepted fingerprint counts as the defaults (asks more, not
 * less), and `holdBackWidening` keeps the gate on what was accepted until the person confirms.
 */
import { strict as assert } from 'node:assert';
import { effectiveSettings, type ScopeValues } from '../../../src/gate/settings/effectiveSettings';
import {
  DEFAULT_FINGERPRINT,
  holdBackWidening,
  parseWideningFingerprint,
  wideningChanges,
  wideningFingerprint,
  type WideningKind,
} from '../../../src/gate/settings/wideningChanges';

function settings(user: Record<string, unknown>, workspace: Record<string, unknown> = {}) {
  const scopes: ScopeValues = { user, workspace };
  const reading = effectiveSettings(scopes, { trusted: true });
  assert.deepEqual(reading.problems, [], 'test settings must be valid');
  return reading.settings;
}
const fingerprint = (user: Record<string, unknown>, workspace: Record<string, unknown> = {}) => wideningFingerprint(settings(user, workspace));

const BASE = {
  rung: 'assisted',
  allow: ['npm test', { match: 'glob', pattern: 'npm run *' }],
  defaultAllow: false,
  'rater.baseUrl': 'http://127.0.0.1:11434/v1',
  'rater.model': 'qwen2.5',
  'agent.baseUrl': 'http://127.0.0.1:11434/v1',
  'agent.model': 'llama3',
  'terminal.passEnvironment': ['HTTP_PROXY'],
  // The OS sandbox on (the default, D§13): turning it off widens.
  sandbox: 'on',
};

describe('wideningChanges', () => {
  const widening: Array<[string, Record<string, unknown>, Record<string, unknown>, WideningKind[]]> = [
    ['a new allow entry in the workspace', {}, { allow: ['git push'] }, ['allow-entry-added']],
    ['an allow entry made unrated', { allow: ['npm test', { match: 'glob', pattern: 'npm run *', rate: false }] }, {}, ['allow-entry-added']],
    ['an allow entry allowed to write', { allow: ['npm test', { match: 'glob', pattern: 'npm run *', writes: true }] }, {}, ['allow-entry-added']],
    ['the rung raised by one', { rung: 'auto' }, {}, ['rung-raised']],
    ['the rung raised to bypass from the workspace', {}, { rung: 'bypass' }, ['rung-raised']],
    ['defaultAllow turned on', { defaultAllow: true }, {}, ['default-allow-enabled']],
    ['the rater URL changed', {}, { 'rater.baseUrl': 'http://evil.test/v1' }, ['rater-endpoint-changed']],
    ['the rater model changed', { 'rater.model': 'tiny' }, {}, ['rater-endpoint-changed']],
    ['the rater endpoint removed (someone else answers now)', { 'rater.baseUrl': '', 'rater.model': '' }, {}, ['rater-endpoint-changed']],
    ['the agent endpoint changed', {}, { 'agent.baseUrl': 'http://evil.test/v1' }, ['agent-endpoint-changed']],
    ['a new environment name passed', { 'terminal.passEnvironment': ['HTTP_PROXY', 'GITHUB_TOKEN'] }, {}, ['environment-passed']],
    ['several at once', { rung: 'bypass', defaultAllow: true }, { allow: ['curl'] }, ['rung-raised', 'allow-entry-added', 'default-allow-enabled']],
    ['the sandbox turned off', {}, { sandbox: 'off' }, ['sandbox-widened']],
    ['the sandbox opened to the registries', { 'sandboxPackageRegistries': true }, {}, ['sandbox-widened']],
  ];
  for (const [name, user, workspace, kinds] of widening) {
    it(`notices: ${name}`, () => {
      const accepted = fingerprint(BASE);
      const current = fingerprint({ ...BASE, ...user }, workspace);
      assert.deepEqual(wideningChanges(accepted, current).map((c) => c.kind), kinds);
    });
  }

  const narrowing: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['nothing changed', {}, {}],
    ['an allow entry removed', { allow: ['npm test'] }, {}],
    ['the same entry written another way (string vs object)', { allow: [{ match: 'prefix', pattern: 'npm test' }, { match: 'glob', pattern: 'npm run *', rate: true }] }, {}],
    ['the same entry moved to the workspace', { allow: ['npm test'] }, { allow: [{ match: 'glob', pattern: 'npm run *' }] }],
    ['a lower rung', { rung: 'manual' }, {}],
    ['new deny and escalate entries', { deny: ['rm'], escalate: ['git push'] }, {}],
    ['timeouts changed', { 'rater.timeoutMs': 1000, 'terminal.timeoutMs': 5000 }, {}],
    ['an environment name removed', { 'terminal.passEnvironment': [] }, {}],
    ['the sandbox turned on explicitly', { sandbox: 'on' }, {}],
  ];
  for (const [name, user, workspace] of narrowing) {
    it(`does not ask: ${name}`, () => {
      const accepted = fingerprint(BASE);
      const current = fingerprint({ ...BASE, ...user }, workspace);
      assert.deepEqual(wideningChanges(accepted, current).map((c) => c.kind), []);
    });
  }

  it('does not ask: an allow entry made rated, or no longer allowed to write', () => {
    const accepted = fingerprint({ ...BASE, allow: ['npm test', { match: 'glob', pattern: 'npm run *', rate: false, writes: true }] });
    assert.deepEqual(wideningChanges(accepted, fingerprint(BASE)), []);
    // …and the reverse is widening.
    assert.deepEqual(wideningChanges(fingerprint(BASE), accepted).map((c) => c.kind), ['allow-entry-added']);
  });

  it('a removed entry added back later is asked about again once the narrowing was accepted', () => {
    const narrowed = fingerprint({ ...BASE, allow: ['npm test'] });
    assert.deepEqual(wideningChanges(narrowed, fingerprint(BASE)).map((c) => c.kind), ['allow-entry-added']);
  });

  it('with nothing accepted yet, anything beyond the defaults is asked about', () => {
    assert.deepEqual(wideningChanges(null, DEFAULT_FINGERPRINT), []);
    assert.deepEqual(wideningChanges(null, fingerprint({})), []);
    const kinds = wideningChanges(null, fingerprint(BASE)).map((c) => c.kind);
    assert.deepEqual(kinds, ['allow-entry-added', 'allow-entry-added', 'rater-endpoint-changed', 'agent-endpoint-changed', 'environment-passed']);
  });

  it('summaries name the setting and show hostile text escaped and short', () => {
    const current = fingerprint({ allow: [{ match: 'prefix', pattern: `make \u202edeploy${' x'.repeat(500)}` }] });
    const [change] = wideningChanges(null, current);
    assert.equal(change!.setting, 'approvalsGate.allow');
    assert.ok(change!.summary.includes('\\u202e'));
    assert.ok(!change!.summary.includes('\u202e'));
    assert.ok(change!.summary.length < 400);
  });

  describe('parseWideningFingerprint', () => {
    it('reads back what it wrote', () => {
      const f = fingerprint(BASE);
      assert.deepEqual(parseWideningFingerprint(JSON.parse(JSON.stringify(f))), f);
    });
    const corrupt: Array<[string, unknown]> = [
      ['absent', undefined],
      ['null', null],
      ['a string', 'accepted'],
      ['an array', []],
      ['a future version', { ...DEFAULT_FINGERPRINT, schemaVersion: 2 }],
      ['an unknown rung', { ...DEFAULT_FINGERPRINT, rung: 'yolo' }],
      ['an extra key', { ...DEFAULT_FINGERPRINT, trustEverything: true }],
      ['a __proto__ key', JSON.parse(`{"__proto__": {"rung": "bypass"}, ${JSON.stringify(DEFAULT_FINGERPRINT).slice(1)}`)],
      ['an allow entry with a wrong type', { ...DEFAULT_FINGERPRINT, allow: [{ match: 'prefix', pattern: 'ls', rate: 'no', writes: false }] }],
      ['a huge pattern', { ...DEFAULT_FINGERPRINT, allow: [{ match: 'prefix', pattern: 'x'.repeat(70_000), rate: true, writes: false }] }],
      ['a cycle', (() => { const o: Record<string, unknown> = { ...DEFAULT_FINGERPRINT }; o.self = o; return o; })()],
      ['a BigInt', { ...DEFAULT_FINGERPRINT, schemaVersion: 1n }],
    ];
    for (const [name, raw] of corrupt) {
      it(`is unreadable: ${name}`, () => {
        assert.equal(parseWideningFingerprint(raw), null);
      });
    }
    it('an inherited field does not count', () => {
      const { rung, ...rest } = DEFAULT_FINGERPRINT;
      assert.equal(parseWideningFingerprint(Object.assign(Object.create({ rung }), rest)), null);
    });
  });

  describe('holdBackWidening', () => {
    it('keeps the gate on what was accepted and lists what it held back', () => {
      const accepted = fingerprint(BASE);
      const current = settings(
        { ...BASE, rung: 'bypass', defaultAllow: true, deny: ['rm'], 'terminal.passEnvironment': ['HTTP_PROXY', 'GITHUB_TOKEN'], 'rater.timeoutMs': 1234 },
        { allow: ['git push'], 'rater.baseUrl': 'http://evil.test/v1', 'agent.model': 'other' },
      );
      const held = holdBackWidening(current, accepted);
      assert.equal(held.settings.rung, 'assisted');
      assert.deepEqual(held.settings.allow.map((e) => e.text), ['npm test', '{"match":"glob","pattern":"npm run *"}']);
      assert.equal(held.settings.defaultAllow, false);
      assert.deepEqual(held.settings.rater, { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5', timeoutMs: 1234 });
      assert.deepEqual(held.settings.agent, { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3' });
      assert.deepEqual(held.settings.terminal.passEnvironment, ['HTTP_PROXY']);
      assert.deepEqual(held.settings.deny.map((e) => e.text), ['rm'], 'narrowing applies at once');
      assert.deepEqual(held.heldBack.map((c) => c.kind).sort(), ['agent-endpoint-changed', 'allow-entry-added', 'default-allow-enabled', 'environment-passed', 'rater-endpoint-changed', 'rung-raised']);
      assert.deepEqual(wideningChanges(accepted, wideningFingerprint(held.settings)), [], 'what runs is within what was accepted');
    });

    it('the sandbox stays on until the person accepts turning it off', () => {
      const accepted = fingerprint(BASE);
      const held = holdBackWidening(settings({ ...BASE, 'sandboxPackageRegistries': true }, { sandbox: 'off' }), accepted);
      assert.deepEqual(held.settings.sandbox, { mode: 'on', packageRegistries: false });
      assert.deepEqual(held.heldBack.map((c) => c.setting), ['approvalsGate.sandbox', 'approvalsGate.sandboxPackageRegistries']);
    });

    it('a fingerprint stored before the sandbox existed reads as what ran then: uncontained', () => {
      const older: Record<string, unknown> = { ...fingerprint({ ...BASE, sandbox: 'off' }) };
      delete older.sandbox;
      const parsed = parseWideningFingerprint(JSON.parse(JSON.stringify(older)));
      assert.ok(parsed);
      assert.deepEqual(wideningChanges(parsed, fingerprint({ ...BASE, sandbox: 'off' })), [], 'keeping it off asks nothing');
      assert.deepEqual(wideningChanges(parsed, fingerprint({ ...BASE, 'sandboxPackageRegistries': true })).map((c) => c.kind), ['sandbox-widened'], 'letting the registries through is still asked about');
    });

    it('a lower rung and removed entries apply at once', () => {
      const held = holdBackWidening(settings({ ...BASE, rung: 'manual', allow: [] }), fingerprint(BASE));
      assert.equal(held.settings.rung, 'manual');
      assert.deepEqual(held.settings.allow, []);
      assert.deepEqual(held.heldBack, []);
    });

    it('with nothing accepted, the defaults apply until the person confirms', () => {
      const held = holdBackWidening(settings({ allow: ['make'], rung: 'auto' }), null);
      assert.equal(held.settings.rung, 'assisted');
      assert.deepEqual(held.settings.allow, []);
    });
  });
});
