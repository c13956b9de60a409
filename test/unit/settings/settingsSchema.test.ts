/**
 * The schema of each `approvalsGate.*` setting: every valid form accepted as what it says, every
 * invalid one refused with a message (and so ignored by effectiveSettings.ts), "not set" told
 * apart from "invalid", and the restricted-settings list that package.json must mirror.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_RATER_TIMEOUT_MS as RATER_DEFAULT_IN_RATER } from '../../../src/gate/rater/modelRater';
import { RUNG_ALIASES, RUNGS } from '../../../src/gate/rung';
import {
  DEFAULT_RATER_TIMEOUT_MS,
  MAX_RATER_TIMEOUT_MS,
  MAX_TERMINAL_TIMEOUT_MS,
  MIN_RATER_TIMEOUT_MS,
  MIN_TERMINAL_TIMEOUT_MS,
  MAX_PASS_ENVIRONMENT_NAMES,
  RESTRICTED_SETTING_NAMES,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  isUnsetValue,
  readEnvironmentNames,
  readScalarSetting,
  type ScalarSettingKey,
} from '../../../src/gate/settings/settingsSchema';
import { shownValue } from '../../../src/gate/settings/shownText';

const valid: Array<[ScalarSettingKey, unknown, unknown]> = [
  ['rung', 'manual', 'manual'],
  ['rung', 'bypass', 'bypass'],
  ['rung', 'read-only', 'manual'],
  ['rung', 'auto-safe', 'assisted'],
  ['rung', 'full-auto', 'auto'],
  ['defaultAllow', true, true],
  ['defaultAllow', false, false],
  ['rater.baseUrl', 'http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1'],
  ['rater.baseUrl', '  https://api.openai.com/v1 ', 'https://api.openai.com/v1'],
  ['rater.model', 'gpt-4o-mini', 'gpt-4o-mini'],
  ['rater.model', ' qwen2.5:7b ', 'qwen2.5:7b'],
  ['rater.timeoutMs', 1000, 1000],
  ['rater.timeoutMs', 600_000, 600_000],
  ['agent.baseUrl', 'https://example.test/v1', 'https://example.test/v1'],
  ['agent.model', 'llama3', 'llama3'],
  ['terminal.timeoutMs', 120_000, 120_000],
  ['terminal.timeoutMs', 3_600_000, 3_600_000],
];

const invalid: Array<[ScalarSettingKey, unknown, RegExp]> = [
  ['rung', 'yolo', /unknown rung/],
  ['rung', 'BYPASS', /unknown rung/],
  ['rung', 'bypass ', /unknown rung/],
  ['rung', 3, /expected one of manual/],
  ['rung', ['bypass'], /expected one of/],
  ['rung', { toString: () => 'bypass' }, /expected one of/],
  ['rung', '__proto__', /unknown rung/],
  ['rung', 'constructor', /unknown rung/],
  ['defaultAllow', 'true', /true or false/],
  ['defaultAllow', 1, /true or false/],
  ['rater.baseUrl', 'not a url', /not a valid URL/],
  ['rater.baseUrl', 'file:///etc/passwd', /http or https/],
  ['rater.baseUrl', 'javascript:alert(1)', /http or https/],
  ['rater.baseUrl', 'https://user:sk-secret@example.test/v1', /user name or password/],
  ['rater.baseUrl', `https://example.test/${'a'.repeat(3000)}`, /at most 2048/],
  ['rater.baseUrl', 42, /expected a URL/],
  ['rater.model', 'gpt\u202e4', /invisible or control/],
  ['rater.model', 'm'.repeat(201), /at most 200/],
  ['rater.model', false, /model name/],
  ['rater.timeoutMs', 0, /from 1000 to 600000/],
  ['rater.timeoutMs', 999, /from 1000 to 600000/],
  ['rater.timeoutMs', -5, /from 1000 to 600000/],
  ['rater.timeoutMs', 1500.5, /whole number/],
  ['rater.timeoutMs', 600_001, /from 1000 to 600000/],
  ['rater.timeoutMs', '30000', /whole number/],
  ['rater.timeoutMs', Number.NaN, /whole number/],
  ['rater.timeoutMs', Number.POSITIVE_INFINITY, /whole number/],
  ['agent.baseUrl', 'ftp://example.test', /http or https/],
  ['agent.model', 'x\u0000y', /invisible or control/],
  ['terminal.timeoutMs', 3_600_001, /from 1000 to 3600000/],
  ['terminal.timeoutMs', 1, /from 1000 to 3600000/],
];

describe('settingsSchema', () => {
  describe('valid values are read as exactly what they say', () => {
    for (const [key, value, expected] of valid) {
      it(`${key} = ${JSON.stringify(value)}`, () => {
        assert.deepEqual(readScalarSetting(key, value), { kind: 'valid', value: expected });
      });
    }
  });

  describe('invalid values are refused with a message', () => {
    for (const [key, value, message] of invalid) {
      it(`${key} = ${shownValue(value, 40)}`, () => {
        const reading = readScalarSetting(key, value);
        assert.equal(reading.kind, 'invalid');
        assert.match(reading.kind === 'invalid' ? reading.message : '', message);
      });
    }
  });

  describe('"not set" is not a problem', () => {
    const unset: Array<[ScalarSettingKey, unknown]> = [
      ['rung', undefined],
      ['rung', null],
      ['terminal.timeoutMs', null],
      ['rater.baseUrl', ''],
      ['rater.baseUrl', '   '],
      ['rater.model', ''],
      ['agent.model', ''],
    ];
    for (const [key, value] of unset) {
      it(`${key} = ${JSON.stringify(value)}`, () => {
        assert.deepEqual(readScalarSetting(key, value), { kind: 'unset' });
        assert.equal(isUnsetValue(key, value), true);
      });
    }
    it('an empty rung is invalid, not unset (only URLs and model names may be blank)', () => {
      assert.equal(readScalarSetting('rung', '').kind, 'invalid');
    });
  });

  describe('terminal.passEnvironment', () => {
    it('keeps valid names, once each, and drops each invalid one by itself', () => {
      const read = readEnvironmentNames(['HTTP_PROXY', 'NODE_OPTIONS', 'HTTP_PROXY', '1BAD', 'A-B', '*_TOKEN', '', 7, null, 'GH\u202eTOKEN']);
      assert.deepEqual(read.names, ['HTTP_PROXY', 'NODE_OPTIONS']);
      assert.equal(read.errors.length, 7);
      assert.match(read.errors[2]!, /entry 5 \("\*_TOKEN"\) is not an environment variable name/);
      assert.ok(read.errors.every((error) => !error.includes('\u202e')), 'hidden characters are escaped in messages');
    });
    it('a value that is not a list passes nothing', () => {
      assert.deepEqual(readEnvironmentNames('HTTP_PROXY'), { names: [], errors: ['expected a list of environment variable names'] });
      assert.deepEqual(readEnvironmentNames({ 0: 'HTTP_PROXY' }).names, []);
    });
    it(`reads at most ${MAX_PASS_ENVIRONMENT_NAMES} names`, () => {
      const many = Array.from({ length: MAX_PASS_ENVIRONMENT_NAMES + 10 }, (_, i) => `NAME_${i}`);
      const read = readEnvironmentNames(many);
      assert.equal(read.names.length, MAX_PASS_ENVIRONMENT_NAMES);
      assert.equal(read.errors.length, 1);
    });
  });

  it('every scalar setting has a default, and the rater default equals the rater\'s own', () => {
    for (const key of SETTING_KEYS) {
      if (key === 'allow' || key === 'deny' || key === 'escalate' || key === 'terminal.passEnvironment') continue;
      assert.ok(Object.prototype.hasOwnProperty.call(SETTING_DEFAULTS, key), key);
    }
    assert.equal(DEFAULT_RATER_TIMEOUT_MS, RATER_DEFAULT_IN_RATER);
    assert.equal(SETTING_DEFAULTS.rung, 'assisted');
  });

  it('the restricted settings are exactly the widening ones (the list package.json must mirror)', () => {
    assert.deepEqual(RESTRICTED_SETTING_NAMES, [
      'approvalsGate.rung',
      'approvalsGate.allow',
      'approvalsGate.defaultAllow',
      'approvalsGate.rater.baseUrl',
      'approvalsGate.rater.model',
      'approvalsGate.agent.baseUrl',
      'approvalsGate.agent.model',
      'approvalsGate.terminal.passEnvironment',
      'approvalsGate.sandbox',
      'approvalsGate.sandboxPackageRegistries',
    ]);
  });

  describe('package.json declares the same settings', () => {
    interface Declared { type?: string; default?: unknown; minimum?: number; maximum?: number; enum?: string[] }
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      contributes?: { configuration?: { properties?: Record<string, Declared> } | Array<{ properties?: Record<string, Declared> }> };
      capabilities?: { untrustedWorkspaces?: { restrictedConfigurations?: string[] } };
    };
    const configuration = manifest.contributes?.configuration;
    const declared: Record<string, Declared> = Object.assign({}, ...(Array.isArray(configuration) ? configuration : [configuration ?? {}]).map((c) => c.properties ?? {}));

    it('every setting is declared, and nothing else under approvalsGate.', () => {
      assert.deepEqual(Object.keys(declared).sort(), SETTING_KEYS.map((key) => `approvalsGate.${key}`).sort());
    });
    it('restrictedConfigurations lists exactly the restricted settings', () => {
      assert.deepEqual([...(manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [])].sort(), [...RESTRICTED_SETTING_NAMES].sort());
    });
    it('defaults and bounds agree', () => {
      const defaults: Record<string, unknown> = { ...SETTING_DEFAULTS, 'rater.baseUrl': '', 'rater.model': '', 'agent.baseUrl': '', 'agent.model': '' };
      for (const [key, value] of Object.entries(defaults)) assert.deepEqual(declared[`approvalsGate.${key}`]?.default, value, key);
      assert.deepEqual([declared['approvalsGate.rater.timeoutMs']?.minimum, declared['approvalsGate.rater.timeoutMs']?.maximum], [MIN_RATER_TIMEOUT_MS, MAX_RATER_TIMEOUT_MS]);
      assert.deepEqual([declared['approvalsGate.terminal.timeoutMs']?.minimum, declared['approvalsGate.terminal.timeoutMs']?.maximum], [MIN_TERMINAL_TIMEOUT_MS, MAX_TERMINAL_TIMEOUT_MS]);
      assert.deepEqual([...(declared['approvalsGate.rung']?.enum ?? [])].sort(), [...RUNGS, ...Object.keys(RUNG_ALIASES)].sort());
    });
  });
});
