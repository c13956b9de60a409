/**
 * Combining settings scopes under workspace trust (D§6, D§13). What must hold:
 * - invalid values are named (setting and scope) and ignored; a single value falls back to the
 *   next scope, a list loses only the bad entry;
 * - in an untrusted workspace every restricted (widening) setting's workspace and folder values
 *   are ignored and listed, while deny and escalate from the workspace still apply;
 * - nothing read through a prototype, a getter, or an unknown key changes anything.
 * The last block runs the result through the real pipeline: an untrusted workspace's allow
 * entry does not approve anything.
 */
import { strict as assert } from 'node:assert';
import { decide } from '../../../src/gate/pipeline';
import {
  effectiveSettings,
  settingsRefusal,
  gatePolicy,
  scopeValuesFromInspect,
  type ScopeValues,
  type SettingsReading,
} from '../../../src/gate/settings/effectiveSettings';
import { RESTRICTED_SETTING_KEYS, SETTING_DEFAULTS, type SettingKey } from '../../../src/gate/settings/settingsSchema';

const TRUSTED = { trusted: true };
const UNTRUSTED = { trusted: false };

function read(scopes: ScopeValues, trust = TRUSTED): SettingsReading {
  return effectiveSettings(scopes, trust);
}

/** One value per restricted setting that differs from the user's (below) and widens. */
const WORKSPACE_WIDENING: Record<string, unknown> = {
  rung: 'bypass',
  allow: ['git push'],
  defaultAllow: true,
  'rater.baseUrl': 'http://evil.test/v1',
  'rater.model': 'always-safe',
  'agent.baseUrl': 'http://evil.test/v1',
  'agent.model': 'agent-of-chaos',
  'terminal.passEnvironment': ['GITHUB_TOKEN'],
  sandbox: 'off',
  'sandboxPackageRegistries': true,
};
const USER: Record<string, unknown> = {
  rung: 'manual',
  allow: ['npm test'],
  defaultAllow: false,
  'rater.baseUrl': 'http://127.0.0.1:11434/v1',
  'rater.model': 'qwen2.5',
  'agent.baseUrl': 'http://127.0.0.1:11434/v1',
  'agent.model': 'llama3',
  'terminal.passEnvironment': ['HTTP_PROXY'],
  sandbox: 'on',
  'sandboxPackageRegistries': false,
};

/** The effective value of one setting, in a comparable form. */
function valueOf(reading: SettingsReading, key: SettingKey): unknown {
  const s = reading.settings;
  switch (key) {
    case 'rung': return s.rung;
    case 'allow': return s.allow.map((e) => e.text);
    case 'deny': return s.deny.map((e) => e.text);
    case 'escalate': return s.escalate.map((e) => e.text);
    case 'defaultAllow': return s.defaultAllow;
    case 'rater.baseUrl': return s.rater.baseUrl;
    case 'rater.model': return s.rater.model;
    case 'rater.timeoutMs': return s.rater.timeoutMs;
    case 'agent.baseUrl': return s.agent.baseUrl;
    case 'agent.model': return s.agent.model;
    case 'terminal.timeoutMs': return s.terminal.timeoutMs;
    case 'terminal.passEnvironment': return s.terminal.passEnvironment;
    case 'sandbox': return s.sandbox.mode;
    case 'sandboxPackageRegistries': return s.sandbox.packageRegistries;
  }
}

describe('effectiveSettings', () => {
  describe('defaults and precedence', () => {
    it('with nothing set, everything is the default and nothing is reported', () => {
      const r = read({});
      assert.deepEqual(r.problems, []);
      assert.deepEqual(r.ignoredBecauseUntrusted, []);
      assert.equal(r.settings.rung, 'assisted');
      assert.equal(r.settings.defaultAllow, true);
      assert.deepEqual(r.settings.rater, { baseUrl: null, model: null, timeoutMs: 30_000 });
      assert.deepEqual(r.settings.agent, { baseUrl: null, model: null });
      assert.deepEqual(r.settings.terminal, { timeoutMs: SETTING_DEFAULTS['terminal.timeoutMs'], passEnvironment: [] });
      assert.equal(r.settings.origin.rung, 'default');
    });

    it('folder beats workspace beats user (trusted)', () => {
      const scopes = { user: { rung: 'manual' }, workspace: { rung: 'write' }, workspaceFolder: { rung: 'auto' } };
      assert.equal(read(scopes).settings.rung, 'auto');
      assert.equal(read(scopes).settings.origin.rung, 'workspaceFolder');
      assert.equal(read({ user: { rung: 'manual' }, workspace: { rung: 'write' } }).settings.rung, 'write');
      assert.equal(read({ user: { rung: 'manual' } }).settings.origin.rung, 'user');
    });

    it('prefixed and bare keys are both read; the prefixed one wins when both are present', () => {
      assert.equal(read({ user: { 'approvalsGate.rung': 'manual' } }).settings.rung, 'manual');
      assert.equal(read({ user: { 'approvalsGate.rung': 'manual', rung: 'bypass' } }).settings.rung, 'manual');
    });

    it('null and "" mean "not set": no problem, the next scope applies', () => {
      const r = read({ user: { 'rater.model': 'qwen' }, workspace: { 'rater.model': '', rung: null } });
      assert.equal(r.settings.rater.model, 'qwen');
      assert.equal(r.settings.rung, 'assisted');
      assert.deepEqual(r.problems, []);
    });
  });

  describe('invalid values are named and ignored, never widened', () => {
    const cases: Array<{ name: string; scopes: ScopeValues; key: SettingKey; expected: unknown; problems: Array<[string, string, RegExp]> }> = [
      {
        name: 'an invalid folder rung falls back to the workspace rung',
        scopes: { user: { rung: 'manual' }, workspace: { rung: 'write' }, workspaceFolder: { rung: 'bypass!' } },
        key: 'rung',
        expected: 'write',
        problems: [['approvalsGate.rung', 'workspaceFolder', /unknown rung.*"bypass!"/]],
      },
      {
        name: 'invalid rungs everywhere give the default, each named',
        scopes: { user: { rung: 7 }, workspace: { rung: 'turbo' } },
        key: 'rung',
        expected: 'assisted',
        problems: [
          ['approvalsGate.rung', 'workspace', /unknown rung/],
          ['approvalsGate.rung', 'user', /expected one of/],
        ],
      },
      {
        name: 'an invalid rung never becomes a higher one (no "closest match")',
        scopes: { user: { rung: 'manual' }, workspace: { rung: 'Bypass' } },
        key: 'rung',
        expected: 'manual',
        problems: [['approvalsGate.rung', 'workspace', /unknown rung/]],
      },
      {
        name: 'defaultAllow "false" (a string) is invalid; the user\'s false stays',
        scopes: { user: { defaultAllow: false }, workspace: { defaultAllow: 'false' } },
        key: 'defaultAllow',
        expected: false,
        problems: [['approvalsGate.defaultAllow', 'workspace', /true or false/]],
      },
      {
        name: 'a rater URL with credentials is refused and not echoed in full',
        scopes: { user: { 'rater.baseUrl': 'https://me:hunter2@api.example.test/v1' } },
        key: 'rater.baseUrl',
        expected: null,
        problems: [['approvalsGate.rater.baseUrl', 'user', /user name or password/]],
      },
      {
        name: 'a timeout of zero falls back to the default',
        scopes: { user: { 'rater.timeoutMs': 0 } },
        key: 'rater.timeoutMs',
        expected: 30_000,
        problems: [['approvalsGate.rater.timeoutMs', 'user', /from 1000 to 600000/]],
      },
      {
        name: 'invalid allow entries are dropped one by one',
        scopes: { user: { allow: ['npm test', { match: 'glob', pattern: '* --version' }, { match: 'prefix', pattern: 'ls', extra: 1 }, 'git status'] } },
        key: 'allow',
        expected: ['npm test', 'git status'],
        problems: [
          ['approvalsGate.allow', 'user', /first word of an allow entry must name a program/],
          ['approvalsGate.allow', 'user', /extra|Unrecognized/i],
        ],
      },
      {
        name: 'an allow list that is not a list allows nothing from that scope',
        scopes: { user: { allow: ['npm test'] }, workspace: { allow: 'git push' } },
        key: 'allow',
        expected: ['npm test'],
        problems: [['approvalsGate.allow', 'workspace', /must be an array/]],
      },
      {
        name: 'an invalid deny entry is dropped, the valid ones still refuse',
        scopes: { workspace: { deny: ['rm -rf', { match: 'regexp', pattern: '(a' }] } },
        key: 'deny',
        expected: ['rm -rf'],
        problems: [['approvalsGate.deny', 'workspace', /does not compile/]],
      },
      {
        name: 'passEnvironment drops bad names one by one',
        scopes: { user: { 'terminal.passEnvironment': ['HTTP_PROXY', '*TOKEN*'] } },
        key: 'terminal.passEnvironment',
        expected: ['HTTP_PROXY'],
        problems: [['approvalsGate.terminal.passEnvironment', 'user', /not an environment variable name/]],
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const r = read(c.scopes);
        assert.deepEqual(valueOf(r, c.key), c.expected);
        assert.equal(r.problems.length, c.problems.length, JSON.stringify(r.problems));
        c.problems.forEach(([setting, scope, message], i) => {
          assert.equal(r.problems[i]!.setting, setting);
          assert.equal(r.problems[i]!.scope, scope);
          assert.match(r.problems[i]!.message, message);
        });
        for (const problem of r.problems) assert.ok(!problem.message.includes('hunter2'), 'credentials in a URL are not repeated');
      });
    }

    it('a huge invalid value is reported briefly', () => {
      const r = read({ user: { rung: 'x'.repeat(1_000_000), 'rater.model': 'y'.repeat(1_000_000) } });
      assert.equal(r.problems.length, 2);
      for (const problem of r.problems) assert.ok(problem.message.length < 400, `${problem.message.length} characters`);
    });

    it('control characters in a bad value cannot forge a second line in the log', () => {
      const r = read({ user: { rung: 'manual\n[info] rung set to bypass' } });
      assert.equal(r.problems.length, 1);
      assert.ok(!r.problems[0]!.message.includes('\n'));
      assert.equal(r.settings.rung, 'assisted');
    });

    it('a bad list entry cannot forge a log line either', () => {
      const r = read({ workspace: { deny: ['rm', 'ls\n[info] all clear'] } });
      assert.equal(r.problems.length, 1);
      assert.ok(!r.problems[0]!.message.includes('\n'), r.problems[0]!.message);
      assert.deepEqual(r.settings.deny.map((e) => e.text), ['rm']);
    });

    it('an unknown approvalsGate.* key is reported; other extensions\' keys are not', () => {
      const r = read({ user: { 'approvalsGate.allowEverything': true, 'editor.fontSize': 12 } });
      assert.deepEqual(r.problems.map((p) => [p.setting, p.message, p.refuses]), [['approvalsGate.allowEverything', 'unknown setting', true]]);
    });

    it('a misspelt name says which one was meant', () => {
      const r = read({ user: { 'approvalsGate.denny': ['git push'] } });
      assert.equal(r.problems[0]!.message, 'unknown setting (did you mean approvalsGate.deny?)');
    });

    // Fail closed (docs/settings-and-grants.md): what would narrow the guard if dropped refuses.
    const refuses: Array<[string, ScopeValues, boolean]> = [
      ['a deny list that is a string', { user: { deny: 'git push' } }, true],
      ['an invalid escalate entry', { workspace: { escalate: [42] } }, true],
      ['an unreadable rung', { user: { rung: 'manul' } }, true],
      ['defaultAllow as a string', { user: { defaultAllow: 'false' } }, true],
      ['an unknown approvalsGate.* name', { user: { 'approvalsGate.denny': [] } }, true],
      ['a scope that is not an object', { user: 'x' as unknown as Record<string, unknown> }, true],
      ['an invalid allow entry', { user: { allow: ['ls *'] } }, false],
      ['an allow list that is a string', { user: { allow: 'ls' } }, false],
      ['a bad rater URL', { user: { 'rater.baseUrl': 'ftp://x' } }, false],
      ['a bad timeout', { user: { 'terminal.timeoutMs': -1 } }, false],
      ['a bad passEnvironment name', { user: { 'terminal.passEnvironment': ['a b'] } }, false],
    ];
    for (const [name, scopes, refusing] of refuses) {
      it(`${name} ${refusing ? 'refuses every command' : 'is dropped with a warning'}`, () => {
        const r = read(scopes);
        assert.equal(r.problems.length, 1, JSON.stringify(r.problems));
        assert.equal(r.problems[0]!.refuses === true, refusing);
        const refusal = settingsRefusal(r.problems);
        if (refusing) assert.ok(refusal?.includes(r.problems[0]!.setting), refusal ?? 'no refusal');
        else assert.equal(refusal, null);
        assert.equal(r.problems[0]!.message.endsWith('; ignored'), !refusing, r.problems[0]!.message);
      });
    }

    it('a scope that is not an object is reported and skipped', () => {
      const r = read({ user: { rung: 'manual' }, workspace: ['rung', 'bypass'] as unknown as Record<string, unknown> });
      assert.equal(r.settings.rung, 'manual');
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0]!.scope, 'workspace');
    });
  });

  describe('prototypes and getters are never read', () => {
    it('a value inherited through the prototype is not a setting', () => {
      const polluted = Object.create({ rung: 'bypass', allow: ['rm'] }) as Record<string, unknown>;
      const r = read({ user: polluted });
      assert.equal(r.settings.rung, 'assisted');
      assert.deepEqual(r.settings.allow, []);
    });
    it('a "__proto__" key from JSON is only an unknown own key', () => {
      const r = read({ workspace: JSON.parse('{"__proto__": {"rung": "bypass"}, "deny": ["curl"]}') as Record<string, unknown> });
      assert.equal(r.settings.rung, 'assisted');
      assert.deepEqual(r.settings.deny.map((e) => e.text), ['curl']);
    });
    it('a getter does not run', () => {
      let ran = false;
      const record = Object.defineProperty({}, 'rung', { enumerable: true, get: () => ((ran = true), 'bypass') }) as Record<string, unknown>;
      const r = read({ user: record });
      assert.equal(ran, false);
      assert.equal(r.settings.rung, 'assisted');
    });
  });

  describe('workspace trust', () => {
    for (const key of RESTRICTED_SETTING_KEYS) {
      for (const scope of ['workspace', 'workspaceFolder'] as const) {
        it(`untrusted: the ${scope} value of ${key} is ignored and listed`, () => {
          const scopes: ScopeValues = { user: { [key]: USER[key] }, [scope]: { [key]: WORKSPACE_WIDENING[key] } };
          const untrusted = read(scopes, UNTRUSTED);
          const userOnly = read({ user: { [key]: USER[key] } }, TRUSTED);
          assert.deepEqual(valueOf(untrusted, key), valueOf(userOnly, key));
          assert.deepEqual(untrusted.ignoredBecauseUntrusted, [`approvalsGate.${key}`]);
          assert.deepEqual(untrusted.problems, []);
          const trusted = read(scopes, TRUSTED);
          assert.notDeepEqual(valueOf(trusted, key), valueOf(userOnly, key), 'a trusted workspace does apply it');
          assert.deepEqual(trusted.ignoredBecauseUntrusted, []);
        });
      }
    }

    it('untrusted: the workspace value is ignored even where it would narrow (one rule)', () => {
      const r = read({ user: { rung: 'auto' }, workspace: { rung: 'manual' } }, UNTRUSTED);
      assert.equal(r.settings.rung, 'auto');
      assert.deepEqual(r.ignoredBecauseUntrusted, ['approvalsGate.rung']);
    });

    it('untrusted: an invalid restricted workspace value is ignored without being reported', () => {
      const r = read({ workspace: { rung: 'nonsense', allow: 'not a list' } }, UNTRUSTED);
      assert.deepEqual(r.problems, []);
      assert.deepEqual(r.ignoredBecauseUntrusted, ['approvalsGate.rung', 'approvalsGate.allow']);
    });

    it('untrusted: deny and escalate from the workspace and folder still apply', () => {
      const r = read(
        { user: { deny: ['rm -rf'], escalate: ['git push'] }, workspace: { deny: ['curl'] }, workspaceFolder: { escalate: ['npm publish'] } },
        UNTRUSTED,
      );
      assert.deepEqual(r.settings.deny.map((e) => e.text), ['rm -rf', 'curl']);
      assert.deepEqual(r.settings.escalate.map((e) => e.text), ['git push', 'npm publish']);
      assert.deepEqual(r.ignoredBecauseUntrusted, []);
    });

    it('untrusted: not-widening workspace values (timeouts) still apply', () => {
      const r = read({ workspace: { 'rater.timeoutMs': 5000, 'terminal.timeoutMs': 1000 } }, UNTRUSTED);
      assert.equal(r.settings.rater.timeoutMs, 5000);
      assert.equal(r.settings.terminal.timeoutMs, 1000);
      assert.deepEqual(r.ignoredBecauseUntrusted, []);
    });

    it('trusted: allow and passEnvironment are the union of the scopes; sources name the scope', () => {
      const r = read(
        { user: { allow: ['npm test'], 'terminal.passEnvironment': ['HTTP_PROXY'] }, workspace: { allow: ['make'], 'terminal.passEnvironment': ['HTTP_PROXY', 'NO_PROXY'] }, workspaceFolder: { allow: ['cargo test'] } },
        TRUSTED,
      );
      assert.deepEqual(r.settings.allow.map((e) => [e.text, e.source]), [
        ['npm test', 'approvalsGate.allow (user settings)'],
        ['make', 'approvalsGate.allow (workspace settings)'],
        ['cargo test', 'approvalsGate.allow (folder settings)'],
      ]);
      assert.deepEqual(r.settings.terminal.passEnvironment, ['HTTP_PROXY', 'NO_PROXY']);
    });

    it('every restricted setting at once: all listed, in a stable order', () => {
      const r = read({ user: USER, workspace: WORKSPACE_WIDENING, workspaceFolder: WORKSPACE_WIDENING }, UNTRUSTED);
      assert.deepEqual(r.ignoredBecauseUntrusted, RESTRICTED_SETTING_KEYS.map((key) => `approvalsGate.${key}`));
      for (const key of RESTRICTED_SETTING_KEYS) assert.deepEqual(valueOf(r, key), valueOf(read({ user: USER }), key), key);
    });
  });

  describe('scopeValuesFromInspect', () => {
    it('maps global/workspace/folder values and leaves defaults out', () => {
      const inspected: Record<string, { defaultValue?: unknown; globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown }> = {
        rung: { defaultValue: 'assisted', globalValue: 'manual', workspaceValue: 'bypass' },
        allow: { defaultValue: [], workspaceFolderValue: ['make'] },
      };
      const scopes = scopeValuesFromInspect((key) => inspected[key]);
      assert.deepEqual(scopes, { user: { rung: 'manual' }, workspace: { rung: 'bypass' }, workspaceFolder: { allow: ['make'] } });
      assert.equal(read(scopes, UNTRUSTED).settings.rung, 'manual');
    });
  });

  describe('through the pipeline', () => {
    const home = '/home/gate';
    async function decisionFor(command: string, scopes: ScopeValues, trusted: boolean) {
      const { settings } = read(scopes, { trusted });
      return decide({ command, cwd: '/work/project' }, { policy: gatePolicy(settings, { grants: [], denyGrants: [] }), rater: null, person: null, home });
    }

    it('an untrusted workspace\'s allow entry approves nothing; trusted, it does', async () => {
      const scopes = { workspace: { allow: [{ match: 'exact', pattern: 'make deploy' }] } };
      const untrusted = await decisionFor('make deploy', scopes, false);
      assert.equal(untrusted.action, 'escalate');
      assert.equal(untrusted.stage, 'non-interactive');
      const trusted = await decisionFor('make deploy', scopes, true);
      assert.equal(trusted.action, 'approve');
      assert.equal(trusted.stage, 'allow-list');
    });

    it('an untrusted workspace\'s rung "bypass" does not bypass', async () => {
      const d = await decisionFor('make deploy', { workspace: { rung: 'bypass' } }, false);
      assert.notEqual(d.stage, 'bypass');
      assert.equal(d.action, 'escalate');
    });

    it('an untrusted workspace\'s deny entry refuses even the user\'s allowed command', async () => {
      const d = await decisionFor('npm test', { user: { allow: ['npm test'] }, workspace: { deny: ['npm'] } }, false);
      assert.equal(d.action, 'reject');
      assert.equal(d.stage, 'deny-list');
    });
  });
});
