/**
 * The cheaper paths of the decision engine against the slower code they replaced: each answer
 * must be the same, over the eval corpus, generated commands and generated word soups built to
 * hit the early exits (texts with and without `://`, `/dev/tcp/`, `>`, `tee`, `$`, network
 * programs and interpreters, in every case).
 */
import { strict as assert } from 'node:assert';
import { executedPayloads } from '../../src/gate/programs/executorPayloads';
import { payloadOrder, type PayloadCarrier } from '../../src/gate/hardline/hardline';
import { describeHostMentions, hostMentions, hostMentionsInText } from '../../src/gate/preflight/openWorld';
import { preflightFindings, protectedWritesInText } from '../../src/gate/preflight/preflight';
import { collapseNested, describeProtectedWrites, protectedPathReason, resolveWritePath } from '../../src/gate/preflight/protectedWrite';
import { readCommand } from '../../src/gate/reading/reading';
import type { Word } from '../../src/gate/reading/resolution';
import { scriptEnvLeak, scriptEnvLeakInText } from '../../src/gate/preflight/scriptEnvLeak';
import { analyseArgv } from '../../src/gate/programs/segmentAnalysis';
import { peelWrappers, programName, startsWithWrapper, unwrap } from '../../src/gate/programs/wrappers';
import { recordOf } from '../../src/gate/programs/segmentRecord';
import { programForms } from '../../src/gate/programs/table';
import { plainGitSubcommand, readGitCommand, writeTargets } from '../../src/gate/programs/writeTargets';
import { generateCommands, Prng } from '../support/commandGenerator';
import { loadCorpus } from '../support/evalCorpus';
import { referenceHostMentionsInText, referenceScriptEnvLeakInText, referenceProtectedWritesInText, referenceProtectedPathReason, referenceArms, referencePayloadOrder } from '../support/reference/decisionFastPaths';

const HOME = '/home/dev';
const CONTEXT = { cwd: '/home/dev/project', home: HOME };

// ── Inputs ──────────────────────────────────────────────────────────────────────────────

const SOUP_WORDS = [
  'curl', 'CURL', '/usr/bin/curl', 'wget', 'http', 'https', 'nc', 'ssh', 'git', 'npm', 'docker', 'pip3.11', 'python3', 'Python3', 'py',
  'pypy3', 'node', 'ruby', 'perl', 'bash', 'sh', 'ls', 'echo', 'cat', 'x', 'tee', '/usr/bin/tee', 'TEE', "'tee'", '(tee', 'tee-x', '-a',
  '>', '>>', '2>', '&>', '>|', '2>&1', '>out.txt', '>~/.bashrc', '~/.bashrc', '.git/hooks/pre-commit', '/etc/passwd', '.vscode/settings.json',
  'https://example.com/x', 'ftp://h.example', 'x://', '://', '/dev/tcp/evil.example/80', '/dev/udp/h/53', '/dev/null', '/dev/tcpx',
  '$HOME', '$API_KEY', '${TOKEN}', '${!ref}', '$x', "'$SECRET'", '"$SECRET"', '$', ';', '&&', '|', '||', '(', ')', '{', '}', '`', '"', "'",
  '\n', '\t', ' ', '\v', '\f', '\r', '\u00a0', '\u0085', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff',
  'ｃｕｒｌ', 'İ', 'K', '/', '//', 'curl/', '/curl', 'a/b/wget', '/usr/bin/', 'x/ssh;y',
];

function soup(random: Prng): string {
  const count = random.int(1, 12);
  let text = '';
  for (let k = 0; k < count; k++) {
    const word = SOUP_WORDS[random.int(0, SOUP_WORDS.length - 1)]!;
    const gap = random.next() < 0.7 ? ' ' : random.next() < 0.5 ? '' : ';';
    text += word + gap;
  }
  return text;
}

function texts(): string[] {
  const out: string[] = [];
  for (const c of loadCorpus()) {
    out.push(c.command, readCommand(c.command, { home: HOME, shell: 'bash' }).normalised);
  }
  for (const command of generateCommands(20260930, 2000)) out.push(command);
  const random = new Prng(424242);
  for (let k = 0; k < 6000; k++) out.push(soup(random));
  return out;
}

// ── The comparisons ─────────────────────────────────────────────────────────────────────

describe('decision fast paths give the answers of the code they replaced', () => {
  const all = texts();

  it('hostMentionsInText', () => {
    for (const text of all) assert.deepEqual(hostMentionsInText(text), referenceHostMentionsInText(text), text);
  });

  it('scriptEnvLeakInText', () => {
    for (const text of all) assert.deepEqual(scriptEnvLeakInText(text), referenceScriptEnvLeakInText(text), text);
  });

  it('protectedWritesInText', () => {
    for (const text of all) {
      assert.deepEqual(protectedWritesInText(text, CONTEXT), referenceProtectedWritesInText(text, CONTEXT), text);
    }
  });

  it('the preflight arms given a segment view see what they see without one', () => {
    let segments = 0;
    for (const text of all) {
      const resolution = readCommand(text, { home: HOME, shell: 'bash' }).resolution;
      if (!resolution.resolved) continue;
      for (const segment of resolution.segments) {
        segments++;
        const view = analyseArgv(segment.argv);
        assert.deepEqual(hostMentions(segment, view), hostMentions(segment), text);
        assert.deepEqual(writeTargets(segment, view), writeTargets(segment), text);
        assert.deepEqual(scriptEnvLeak(segment, view), scriptEnvLeak(segment), text);
      }
    }
    assert.ok(segments > 1000, `only ${segments} segments were compared`);
  });

  it('a segment view is what peeling the argv and naming its program give', () => {
    let wrapped = 0;
    for (const text of all) {
      for (const prefix of ['', 'sudo ', 'env A=1 ', 'timeout 5 ', 'xargs ', 'sudo -u root env ']) {
        const resolution = readCommand(prefix + text, { home: HOME, shell: 'bash' }).resolution;
        if (!resolution.resolved) continue;
        for (const segment of resolution.segments) {
          const peeled = unwrap(segment.argv);
          if (peeled.wrappers.length > 0) wrapped++;
          assert.deepEqual(analyseArgv(segment.argv), { peeled, program: programName(peeled.argv[0])?.toLowerCase() ?? null }, prefix + text);
        }
      }
    }
    assert.ok(wrapped > 1000, `only ${wrapped} wrapped segments were compared`);
  });

  it('protectedPathReason: the early exits on a path\'s head and components', () => {
    const random = new Prng(99);
    const parts = ['', '.', '..', 'x', 'X', 'src', '.git', 'x.git', '.GIT', 'hooks', 'config', 'config.worktree', '.github', 'workflows', '.ssh',
      '.vscode', '.VSCode', 'package.json', '.bashrc', 'a.code-workspace', 'home', 'dev', 'users', 'var', 'lib', 'etc', 'usr', 'bin', 'local',
      '.config', 'git', 'library', 'launchagents', 'tmp', 'root', '.x', 'x.', 'git.x', '.gitx'];
    const paths: string[] = [];
    for (let k = 0; k < 20000; k++) {
      let path = random.next() < 0.8 ? '/' : '';
      const count = random.int(0, 6);
      for (let c = 0; c < count; c++) path += parts[random.int(0, parts.length - 1)]! + (random.next() < 0.9 ? '/' : '//');
      paths.push(random.next() < 0.5 ? path.replace(/\/+$/, '') : path);
    }
    for (const text of all) {
      const resolution = readCommand(text, { home: HOME, shell: 'bash' }).resolution;
      if (!resolution.resolved) continue;
      for (const segment of resolution.segments) for (const target of writeTargets(segment)) if (target.path !== null) paths.push(resolveWritePath(target.path, CONTEXT));
    }
    for (const context of [CONTEXT, { cwd: '/', home: '/' }, { cwd: '/Users/Dev/x', home: '/Users/Dev' }]) {
      for (const path of paths) assert.equal(protectedPathReason(path, context), referenceProtectedPathReason(path, context), path);
    }
  });

  it('plainGitSubcommand is the subcommand readGitCommand reads, when it gives one', () => {
    let plain = 0;
    for (const text of all) {
      const resolution = readCommand(`git ${text}`, { home: HOME, shell: 'bash' }).resolution;
      if (!resolution.resolved) continue;
      for (const segment of resolution.segments) {
        const args = segment.argv.slice(1);
        const subcommand = plainGitSubcommand(args);
        if (subcommand === undefined) continue;
        plain++;
        assert.equal(subcommand, readGitCommand(args).subcommand, text);
      }
    }
    assert.ok(plain > 1000, `only ${plain} plain subcommands were compared`);
  });

  it("a segment's record, read once, answers as a fresh reading of its argv does", () => {
    for (const text of all) {
      for (const prefix of ['', 'sudo ', 'env -S ', 'xargs ', 'timeout 5 sh -c ']) {
        const resolution = readCommand(prefix + text, { home: HOME, shell: 'bash' }).resolution;
        if (!resolution.resolved) continue;
        for (const segment of resolution.segments) {
          const record = recordOf(segment);
          const payloads = record.payloads;
          // Asked again, the record gives what it worked out the first time.
          assert.equal(record.payloads, payloads, prefix + text);
          assert.equal(record.forms, record.forms, prefix + text);
          assert.equal(record.inside, record.inside, prefix + text);
          // A copy of the argv is read anew, by the functions the record asks.
          const copy = [...segment.argv];
          const peeled = peelWrappers(copy);
          assert.deepEqual(record.peeled, peeled, prefix + text);
          assert.equal(record.wrapped, startsWithWrapper(copy), prefix + text);
          assert.deepEqual(record.forms, programForms(copy), prefix + text);
          assert.deepEqual(record.inside.forms, programForms(peeled.argv), prefix + text);
          // The segment's own assignments are read too (`PAGER='…' git log`: programs/commandVariables.ts).
          assert.deepEqual(payloads, executedPayloads(recordOf({ ...segment, argv: copy })), prefix + text);
        }
      }
    }
  });

  it('preflightFindings: the arms run during the walk find what they find over the segments listed first', () => {
    let compared = 0;
    // Shell text and argv payloads nested up to the depth bound and past it.
    const deep = ["find . -exec find . -exec find . -exec sh -c 'sh -c ls' \\; \\; \\; \\;", "find . -exec find . -exec sh -c 'sh -c ls' \\; \\; \\;"];
    for (const text of [...deep, ...all]) {
      // The last prefix nests `find -exec` deep enough for the depth bound.
      for (const prefix of ['', 'sh -c \'curl https://x.example; ', 'find . -exec ', 'sudo bash -c ', 'find . -exec find . -exec find . -exec find . -exec ']) {
        const reading = readCommand(prefix + text, { home: HOME, shell: 'bash' });
        if (!reading.resolution.resolved) continue;
        compared++;
        const findings = preflightFindings(reading, { cwd: CONTEXT.cwd });
        const arm = (name: string) => findings.find((f) => f.arm === name);
        const { leaks, mentions, writes, unreadable } = referenceArms(reading.resolution.segments, HOME, { cwd: CONTEXT.cwd, home: HOME });
        assert.equal(arm('unresolved') !== undefined, unreadable > 0, prefix + text);
        assert.deepEqual(arm('script-env-leak')?.variables, leaks.length > 0 ? [...new Set(leaks.flatMap((l) => l.variables))] : undefined, prefix + text);
        const described = describeHostMentions(mentions);
        assert.equal(arm('open-world')?.reason, described?.reason, prefix + text);
        assert.deepEqual(arm('open-world')?.hosts, described && described.hosts.length > 0 ? described.hosts : undefined, prefix + text);
        assert.equal(arm('protected-write')?.reason, writes.length > 0 ? describeProtectedWrites(writes) : undefined, prefix + text);
        const paths = [...new Set(collapseNested(writes).flatMap((w) => (w.path === null ? [] : [w.path])))];
        assert.deepEqual(arm('protected-write')?.paths, paths.length > 0 ? paths : undefined, prefix + text);
      }
    }
    assert.ok(compared > 10000, `only ${compared} commands were compared`);
  });

  it('payloadOrder: stable by cost, few commands or many', () => {
    const random = new Prng(7);
    const word = (length: number): Word => ({ kind: 'literal', value: 'x'.repeat(length), raw: 'x'.repeat(length) });
    for (let k = 0; k < 3000; k++) {
      const count = random.int(0, k % 10 === 0 ? 40 : 10);
      const commands: PayloadCarrier[] = [];
      for (let c = 0; c < count; c++) {
        const argv = Array.from({ length: random.int(0, 3) }, () => word(random.int(0, 4)));
        commands.push({ argv, stdinText: random.next() < 0.2 ? 'y'.repeat(random.int(0, 5)) : null });
      }
      assert.deepEqual(Array.from(payloadOrder(commands)), referencePayloadOrder(commands));
    }
  });
});

