/**
 * The hook's settings files (hookSettings.ts), read from real files: a value that would narrow
 * the guard if dropped refuses every command, naming the file, line and column (as a JSON
 * syntax error does); an invalid allow entry is dropped with a warning at its line and column;
 * comments and trailing commas are read as VS Code reads settings.json.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { readHookSettings, readSettingsFile } from '../../../../src/cli/hooks/hookSettings';
import { parseCliOptions, UsageError } from '../../../../src/cli/options';
import { runBatch } from '../../../../src/cli/batchCommand';
import { Readable } from 'node:stream';

describe('hook settings: values the gate cannot use', () => {
  let root: string;
  let userFile: string;
  let project: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-settings-'));
    userFile = path.join(root, 'settings.json');
    project = path.join(root, 'project');
    mkdirSync(path.join(project, '.vscode'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const user = (text: string) => writeFileSync(userFile, text);
  const projectFile = (text: string) => writeFileSync(path.join(project, '.vscode', 'settings.json'), text);

  // Each refuses every command; the reason names the key and where it is written.
  const refusing: Array<{ name: string; text: string; says: RegExp; at: string }> = [
    { name: 'a misspelt deny key', text: '{\n  "approvalsGate.denny": ["git push"]\n}', says: /approvalsGate\.denny: unknown setting \(did you mean approvalsGate\.deny\?\)/, at: ':2:3' },
    { name: 'a deny list written as a string', text: '{\n  "approvalsGate.allow": ["ls"],\n    "approvalsGate.deny": "git push"\n}', says: /approvalsGate\.deny: .*must be an array/, at: ':3:5' },
    { name: 'an invalid deny entry (its own position)', text: '{ "approvalsGate.deny": [\n  "git push",\n  {"match": "regexp", "pattern": "("}\n] }', says: /approvalsGate\.deny entry 1: .*does not compile/, at: ':3:3' },
    { name: 'an escalate entry of the wrong type', text: '{"approvalsGate.escalate": [42]}', says: /approvalsGate\.escalate entry 0: /, at: ':1:29' },
    { name: 'a bare unknown key in the gate\'s own file', text: '{\n "deny": ["git push"],\n "escalte": ["rm"]\n}', says: /escalte: unknown setting \(did you mean escalate\?\)/, at: ':3:2' },
    { name: 'a bare dotted key of a gate group', text: '{"rater.modle": "m"}', says: /rater\.modle: unknown setting \(did you mean rater\.model\?\)/, at: ':1:2' },
    { name: 'a rung the gate does not know (falling back would widen)', text: '{"approvalsGate.rung": "manul"}', says: /approvalsGate\.rung: unknown rung/, at: ':1:2' },
    { name: 'defaultAllow as a string', text: '{"defaultAllow": "false"}', says: /approvalsGate\.defaultAllow: expected true or false/, at: ':1:2' },
  ];
  for (const c of refusing) {
    it(`refuses every command: ${c.name}`, () => {
      user(c.text);
      const s = readHookSettings(userFile, undefined);
      assert.ok(s.blocked, 'blocked');
      assert.match(s.blocked, c.says);
      assert.ok(s.blocked.includes(`${userFile}${c.at}`), `${s.blocked} names ${userFile}${c.at}`);
    });
  }

  it('a JSON syntax error names its line and column', () => {
    user('{\n  "approvalsGate.deny": ["git push"]\n  "approvalsGate.rung": "manual"\n}');
    const s = readHookSettings(userFile, undefined);
    assert.match(s.blocked ?? '', new RegExp(`${userFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:3: not valid JSON \\(CommaExpected\\)`));
  });

  it('comments and trailing commas are read as VS Code reads them', () => {
    user('// the gate\n{\n  /* no */ "approvalsGate.deny": ["git push",],\n  "approvalsGate.rung": "manual", // low\n}\n');
    const s = readHookSettings(userFile, undefined);
    assert.equal(s.blocked, undefined);
    assert.deepEqual(s.settings.deny.map((e) => e.pattern), ['git push']);
    assert.equal(s.settings.rung, 'manual');
  });

  it('an invalid allow entry is dropped with a warning at its line and column; the rest applies', () => {
    user('{\n  "approvalsGate.allow": [\n    "npm test",\n    "ls *"\n  ]\n}');
    const s = readHookSettings(userFile, undefined);
    assert.equal(s.blocked, undefined);
    assert.deepEqual(s.settings.allow.map((e) => e.pattern), ['npm test']);
    assert.equal(s.problems.length, 1, s.problems.join('\n'));
    assert.ok(s.problems[0]!.startsWith(`${userFile}:4:5: approvalsGate.allow entry 1: `), s.problems[0]);
    assert.match(s.problems[0]!, /glob.*ignored/);
  });

  it('an allow value that is not a list, a bad rater address, a bad trusted folder: warnings, not refusals', () => {
    user('{"allow": "npm test", "rater.baseUrl": "ftp://x", "hooks.trustedFolders": ["relative"]}');
    const s = readHookSettings(userFile, undefined);
    assert.equal(s.blocked, undefined);
    assert.equal(s.problems.length, 3, s.problems.join('\n'));
    assert.deepEqual(s.settings.allow, []);
    assert.equal(s.settings.rater.baseUrl, null);
  });

  it('keys of other programs in the gate\'s file are not the gate\'s (dotted names outside its groups)', () => {
    user('{"editor.fontSize": 12, "approvalsGate.deny": ["git push"]}');
    const s = readHookSettings(userFile, undefined);
    assert.equal(s.blocked, undefined);
    assert.deepEqual(s.problems, []);
  });

  describe('the project file (only its approvalsGate.* keys)', () => {
    it('a misspelt deny key refuses, naming the project file', () => {
      projectFile('{\n  "editor.tabSize": 2,\n  "approvalsGate.denny": ["git push"]\n}');
      const s = readHookSettings(userFile, project);
      assert.ok(s.blocked?.includes(`${path.join(project, '.vscode', 'settings.json')}:3:3: approvalsGate.denny: unknown setting`), s.blocked);
    });

    it('an invalid escalate entry refuses, trusted or not', () => {
      projectFile('{"approvalsGate.escalate": [{"match": "prefix"}]}');
      assert.ok(readHookSettings(userFile, project).blocked);
    });

    it('an unreadable rung refuses even untrusted (a lower one would apply)', () => {
      projectFile('{"approvalsGate.rung": "Manual"}');
      const s = readHookSettings(userFile, project);
      assert.match(s.blocked ?? '', /settings\.json:1:2: approvalsGate\.rung: unknown rung/);
    });

    it('bare keys and the trusted-folder list in a project are not the gate\'s and refuse nothing', () => {
      projectFile('{"deny": "x", "approvalsGate.hooks.trustedFolders": ["/"]}');
      const s = readHookSettings(userFile, project);
      assert.equal(s.blocked, undefined);
      assert.equal(s.project?.trusted, false);
      assert.ok(s.ignored.includes('approvalsGate.hooks.trustedFolders'));
    });
  });

  it('readSettingsFile: an empty file is no settings; a list is not settings', () => {
    user('  \n');
    assert.equal(readSettingsFile(userFile).kind, 'read');
    user('[1]');
    assert.equal(readSettingsFile(userFile).kind, 'broken');
  });
});

describe('--config FILE: the same rules', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(tmpdir(), 'cli-config-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const config = (text: string) => {
    const file = path.join(root, 'config.json');
    writeFileSync(file, text);
    return file;
  };

  it('a misspelt deny key, a deny string, a bad escalate entry: a usage error naming FILE:LINE:COLUMN', () => {
    for (const [text, at, says] of [
      ['{\n  "denny": ["git push"]\n}', ':2:3', /denny: unknown setting \(did you mean deny\?\)/],
      ['{"rung": "manual",\n "approvalsGate.deny": "git push"}', ':2:2', /approvalsGate\.deny: .*must be an array/],
      ['{"escalate": ["ok", "a > b"]}', ':1:21', /approvalsGate\.escalate entry 1: .*shell operator/],
      ['{"rung": "manul"}', ':1:2', /unknown rung/],
    ] as const) {
      const file = config(text);
      assert.throws(
        () => parseCliOptions(['explain', '--config', file, '--', 'git', 'status']),
        (error: unknown) => error instanceof UsageError && error.message.includes(`${file}${at}`) && says.test(error.message),
        text,
      );
    }
  });

  it('an invalid allow entry is left out with a warning naming its place; comments and trailing commas are fine', () => {
    const file = config('{\n  // mine\n  "allow": ["npm test", "ls *",],\n}');
    const options = parseCliOptions(['explain', '--config', file, '--', 'ls']);
    assert.deepEqual(options.allow.map((e) => e.pattern), ['npm test']);
    assert.equal(options.problems.length, 1);
    assert.ok(options.problems[0]!.setting.startsWith(`${file}:3:25: approvalsGate.allow entry 1`), options.problems[0]!.setting);
  });

  it('--deny and --escalate flags that cannot be read are usage errors; a bad --allow is a warning', () => {
    assert.throws(() => parseCliOptions(['explain', '--deny', 'a | b', '--', 'ls']), UsageError);
    assert.throws(() => parseCliOptions(['explain', '--escalate', '{"match":"regexp","pattern":"("}', '--', 'ls']), UsageError);
    assert.equal(parseCliOptions(['explain', '--allow', 'a | b', '--', 'ls']).problems.length, 1);
  });
});

describe('batch lines: a deny or escalate entry that cannot be read', () => {
  it('is an error line, not a line decided without it; a bad allow entry stays a warning', async () => {
    const out: string[] = [];
    const lines = [
      { id: 1, command: 'git push', deny: ['git push', 'a | b'] },
      { id: 2, command: 'git push', escalate: [{ match: 'regexp', pattern: '(' }] },
      { id: 3, command: 'ls', allow: ['ls *'] },
    ].map((line) => JSON.stringify(line) + '\n');
    await runBatch(parseCliOptions(['batch', '--rung', 'manual']), Readable.from(lines), (line) => out.push(line));
    const answers = out.join('\n').trim().split('\n').filter((l) => l.trim() !== '').map((line) => JSON.parse(line) as { id: number; action: string; reason: string; warnings?: string[] });
    assert.deepEqual(answers.map((a) => [a.id, a.action]), [[1, 'error'], [2, 'error'], [3, 'approve']]);
    assert.match(answers[0]!.reason, /deny entries cannot all be read/);
    assert.equal(answers[2]!.warnings?.length, 1);
  });
});
