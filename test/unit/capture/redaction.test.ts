import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaptureLog, type CaptureRecord } from '../../../src/gate/capture/captureLog';
import {
  collectSecretLiterals,
  isSecretEnvName,
  MIN_SECRET_LITERAL_LENGTH,
  PATTERN_RULES,
  REDACTED,
  redact,
  redactText,
} from '../../../src/gate/capture/redaction';

interface PlantedSecret {
  name: string;
  text: string;
  mustVanish: string[];
  expect?: string;
  env?: Record<string, string>;
  extra?: string[];
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'redaction');
const planted: PlantedSecret[] = JSON.parse(readFileSync(join(FIXTURES, 'planted-secrets.json'), 'utf8'));
const innocent: string[] = JSON.parse(readFileSync(join(FIXTURES, 'innocent.json'), 'utf8'));

/** The literal list a dump of a session holding every planted env value and stored key would use. */
const allEnv = Object.assign({ PATH: '/usr/local/bin:/usr/bin', HOME: '/home/gate', PWD: '/home/gate/project' }, ...planted.map((p) => p.env ?? {}));
const allExtra = planted.flatMap((p) => p.extra ?? []);
const secrets = { literals: collectSecretLiterals(allEnv, allExtra) };

/** Every string in a value, object keys included. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

/** A finished capture record with `text` planted in every field a secret can reach. */
function recordWith(text: string): CaptureRecord {
  const log = new CaptureLog();
  const record = log.begin({ tool: 'run_shell_command', command: `${text} && echo done`, rung: 'auto', cwd: '/work/project' });
  record.rating = {
    model: 'gpt-test (openai)',
    timeoutMs: 1500,
    prompt: { system: `You rate commands. Context: ${text}`, user: `<command_to_evaluate>\n${text}\n</command_to_evaluate>` },
    negotiationContext: { justification: `I need it: ${text}`, priorRounds: [{ command: text, outcome: 'destructive', reason: text }], userMessages: [text] },
    rawResponse: { content: `{"outcome":"destructive","reason":${JSON.stringify(text)}}`, tool_calls: [{ args: { reason: text } }], [text]: 'as a key' },
  };
  log.finish(record, {
    action: 'reject',
    stage: 'rater',
    outcome: 'destructive',
    reason: `The rater finds this destructive: ${text}`,
    resolution: { resolved: true, segments: [{ argv: [text], connector: null, negated: false }] },
    rating: { verdict: { outcome: 'destructive', reason: text }, source: 'gpt-test (openai)', flooredOutcome: 'destructive' },
  });
  return log.records()[0]!;
}

describe('redaction: every planted secret is gone from a capture record (D§12)', () => {
  for (const row of planted) {
    it(row.name, () => {
      const record = recordWith(row.text);
      const before = strings(record);
      for (const fragment of row.mustVanish) {
        assert.ok(before.some((s) => s.includes(fragment)), `fixture error: ${fragment} was not planted`);
      }
      const after = redact(record, secrets);
      const left = strings(after);
      for (const fragment of row.mustVanish) {
        const leaked = left.find((s) => s.includes(fragment));
        assert.equal(leaked, undefined, `${JSON.stringify(fragment)} survived in ${JSON.stringify(leaked)}`);
      }
      const redactedRecord = after as CaptureRecord;
      for (const field of [redactedRecord.command, redactedRecord.reason, redactedRecord.rating?.prompt?.system, redactedRecord.rating?.prompt?.user]) {
        assert.ok(field?.includes(REDACTED), `no marker in ${JSON.stringify(field)}`);
      }
      if (row.expect !== undefined) assert.equal(redactText(row.text, secrets), row.expect);
    });
  }
});

describe('redaction: innocent text is unchanged', () => {
  for (const text of innocent) {
    it(JSON.stringify(text).slice(0, 70), () => {
      assert.equal(redactText(text, secrets), text);
      const record = recordWith(text);
      assert.deepEqual(redact(record, secrets), record);
    });
  }
});

describe('redaction: collecting literal secrets from the environment', () => {
  const nameTable: Array<[string, boolean]> = [
    ['OPENAI_API_KEY', true],
    ['GITHUB_TOKEN', true],
    ['AWS_SECRET_ACCESS_KEY', true],
    ['AWS_ACCESS_KEY_ID', true],
    ['DB_PASSWORD', true],
    ['PGPASSWORD', true],
    ['MYSQL_PWD', true],
    ['GPG_PASSPHRASE', true],
    ['npm_config__authToken', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['SIGNING_KEY', true],
    ['SERVICE_AUTH', true],
    ['GH_PAT', true],
    ['apiKey', true],
    ['PWD', false],
    ['OLDPWD', false],
    ['PATH', false],
    ['HOME', false],
    ['KEYBOARD_LAYOUT', false],
    ['SSH_AGENT_PID', false],
    ['TERM', false],
    ['LANG', false],
  ];
  for (const [name, secret] of nameTable) {
    it(`${name} ${secret ? 'looks' : 'does not look'} secret`, () => assert.equal(isSecretEnvName(name), secret));
  }

  it('takes values of secret-looking names, ignores short values, sorts longest first, dedupes', () => {
    const literals = collectSecretLiterals(
      { GITHUB_TOKEN: 'gh-token-value-long', SHORT_TOKEN: 'abc1234', PATH: '/usr/bin:/bin', PWD: '/home/u', EMPTY_SECRET: '', UNSET_KEY: undefined, DUP_TOKEN: 'stored-key-12345' },
      ['stored-key-12345', 'tiny'],
    );
    assert.deepEqual(literals, ['gh-token-value-long', 'stored-key-12345']);
    assert.equal(MIN_SECRET_LITERAL_LENGTH, 8);
  });

  it('a value with surrounding whitespace is caught with and without it', () => {
    const literals = collectSecretLiterals({ API_TOKEN: '  padded-secret-value\n' });
    assert.equal(redactText('x padded-secret-value y', { literals }), `x ${REDACTED} y`);
  });

  it('a literal is caught in its JSON-escaped and URL-encoded spellings', () => {
    const literals = ['p@ss"word/with\\odd chars'];
    const json = JSON.stringify({ value: literals[0] });
    assert.ok(!redactText(json, { literals }).includes('odd chars'));
    const url = `https://example.com/?q=${encodeURIComponent(literals[0]!)}`;
    assert.ok(!redactText(url, { literals }).includes('odd%20chars'));
  });
});

describe('redaction: the walk', () => {
  it('redacts keys as well as values, and keeps numbers, booleans and null', () => {
    const value = { 'ghp_FAKE0123456789abcdefghijABCDEFGHIJ0123': 1, n: 2, b: true, z: null, list: ['x', 3] };
    assert.deepEqual(redact(value, { literals: [] }), { [REDACTED]: 1, n: 2, b: true, z: null, list: ['x', 3] });
  });

  it('two keys that both redact keep both values', () => {
    const value = { 'sk-FAKEaaaaaaaaaaaaaaaaaaaa': 'first', 'sk-FAKEbbbbbbbbbbbbbbbbbbbb': 'second' };
    const out = redact(value, { literals: [] }) as Record<string, string>;
    assert.deepEqual(Object.values(out).sort(), ['first', 'second']);
  });

  it('a __proto__ key stays a plain key and never changes the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": "yes"}, "a": "b"}');
    const out = redact(value, { literals: [] }) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.equal((out as { polluted?: string }).polluted, undefined);
    assert.ok(Object.prototype.hasOwnProperty.call(out, '__proto__'));
  });

  it('cycles and very deep nesting become the marker instead of overflowing', () => {
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic.self = cyclic;
    assert.deepEqual(redact(cyclic, { literals: [] }), { a: 'x', self: REDACTED });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    assert.doesNotThrow(() => redact(deep, { literals: [] }));
  });

  it('functions and symbols are dropped, bigint becomes a string, toJSON is honoured', () => {
    const out = redact({ f: () => 1, s: Symbol('x'), n: 12n, d: new Date(Date.UTC(2025, 0, 1)), u: undefined }, { literals: [] });
    assert.deepEqual(out, { n: '12', d: '2025-01-01T00:00:00.000Z' });
  });

  it('a property whose getter throws becomes the marker', () => {
    const value = {
      ok: 'fine',
      get bad(): string {
        throw new Error('sk-FAKEaaaaaaaaaaaaaaaaaaaa');
      },
    };
    assert.deepEqual(redact(value, { literals: [] }), { ok: 'fine', bad: REDACTED });
  });

  it('a string whose redaction throws becomes the marker, never the raw value', () => {
    const original = String.prototype.includes;
    String.prototype.includes = function () {
      throw new Error('simulated failure');
    };
    try {
      assert.equal(redactText('secret-value-here sk-FAKEaaaaaaaaaaaaaaaaaaaa', { literals: ['secret-value-here'] }), REDACTED);
      assert.deepEqual(redact({ k: 'raw value' }, { literals: ['x'.repeat(9)] }), { [REDACTED]: REDACTED });
    } finally {
      String.prototype.includes = original;
    }
    assert.equal(redactText('plain', { literals: [] }), 'plain', 'restored');
  });
});

describe('redaction: patterns stay linear on 64 KiB inputs', () => {
  const size = 64 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const inputs: Array<[string, string]> = [
    ['letters', fill('a')],
    ['sk- prefixes', fill('sk-')],
    ['an sk- key that never ends', `sk-${fill('a')}`],
    ['scheme separators', fill('a://')],
    ['a URL with a huge userinfo and no @', `https://${fill('a:')}`],
    ['a URL with @ everywhere', `https://${fill('@a')}`],
    ['authorization headers', fill('Authorization: ')],
    ['an authorization with only spaces', `Authorization:${fill(' ')}`],
    ['bearer words', fill('bearer ')],
    ['a bearer token that never ends', `Bearer ${fill('A')}`],
    ['password keywords', fill('password')],
    ['escaped-quote separators', fill('authorization\\\\\\\\":')],
    ['digest headers', fill('Digest username=')],
    ['password separators', `password${fill(' ')}`],
    ['keyword and separator pairs', fill('token=')],
    ['unterminated PEM begin lines', fill('-----BEGIN RSA PRIVATE KEY-----')],
    ['PEM begin with a long label', fill('-----BEGIN ' + 'A '.repeat(30))],
    ['signature parameters', fill('X-Amz-Signature=')],
    ['AKIA prefixes', fill('AKIA')],
    ['JWT-like parts', fill('eyJaaaaaaaaaa.')],
    ['github prefixes', fill('ghp_')],
    ['mixed punctuation', fill('a-b_c.d/e+f=g&h:i@j')],
    ['line breaks and quotes', fill('"\'\n\r`')],
  ];
  const literals = collectSecretLiterals(allEnv, allExtra);
  for (const [name, input] of inputs) {
    it(`${name} (hang guard < 2 s)`, () => {
      const started = performance.now();
      const out = redactText(input, { literals });
      const elapsed = performance.now() - started;
      assert.equal(typeof out, 'string');
      assert.ok(elapsed < 2000, `${name}: ${elapsed.toFixed(0)} ms`);
    });
  }

  it('every pattern rule has a name and is global', () => {
    for (const rule of PATTERN_RULES) {
      assert.ok(rule.name.length > 0);
      assert.ok(rule.pattern.global, rule.name);
    }
  });
});
