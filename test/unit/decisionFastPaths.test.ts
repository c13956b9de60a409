/**
 * The cheaper paths of the decision engine against the slower code they replaced: each answer
 * must be the same, over the eval corpus, generated commands and generated word soups built to
 * hit the early exits (texts with and without `://`, `/dev/tcp/`, `>`, `tee`, `$`, network
 * programs and interpreters, in every case).
 */
import { strict as assert } from 'node:assert';
import { payloadOrder, type PayloadCarrier } from '../../src/gate/hardline';
import { hostMentions, hostMentionsInText, NETWORK_PROGRAMS, roughWords, urlHostsIn, type HostMention } from '../../src/gate/openWorld';
import { protectedWritesInText } from '../../src/gate/preflight';
import { protectedPathReason, resolveWritePath, type ProtectedWrite } from '../../src/gate/protectedWrite';
import { readCommand } from '../../src/gate/reading';
import type { Word } from '../../src/gate/resolution';
import { expandedVariables, isAllCaps, isInterpreter, scriptEnvLeak, scriptEnvLeakInText, type EnvLeak } from '../../src/gate/scriptEnvLeak';
import { analyseArgv } from '../../src/gate/segmentAnalysis';
import { programName, unwrap } from '../../src/gate/wrappers';
import { writeTargets } from '../../src/gate/writeTargets';
import { generateCommands, Prng } from '../support/commandGenerator';
import { loadCorpus } from '../support/evalCorpus';

const HOME = '/home/dev';
const CONTEXT = { cwd: '/home/dev/project', home: HOME };

// ── The code the fast paths replaced, kept here as the reference ───────────────────────────

const FETCHERS = new Set([
  'curl', 'wget', 'wget2', 'http', 'https', 'xh', 'xhs', 'aria2c', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh',
  'scp', 'sftp', 'ftp', 'tftp', 'lftp', 'ping', 'ping6', 'dig', 'nslookup',
]);

function referenceReaderFor(program: string): boolean {
  if (NETWORK_PROGRAMS.includes(program)) return true;
  if (!program.startsWith('p')) return false;
  return /^pip\d+(\.\d+)?$/.test(program) || /^python\d*(\.\d+)?$/.test(program) || program === 'py';
}

function referenceHostMentionsInText(text: string): HostMention[] {
  const out: HostMention[] = [];
  const programs: string[] = [];
  let fetcher: string | null = null;
  for (const token of roughWords(text)) {
    const name = token.slice(token.lastIndexOf('/') + 1).toLowerCase();
    if (referenceReaderFor(name) && !programs.includes(name)) programs.push(name);
    if (fetcher === null && FETCHERS.has(name)) fetcher = name;
  }
  for (const match of text.matchAll(/\/dev\/(tcp|udp)\/([^/\s'"`;|&<>()]+)/g)) {
    out.push({ host: match[2]!, source: match[0], via: `redirect /dev/${match[1]}` });
  }
  if (programs.length === 0) return out;
  const via = programs.join(', ');
  for (const host of urlHostsIn(text)) out.push({ host, source: host, via });
  if (out.length === 0 && fetcher !== null) out.push({ host: null, source: `the arguments of ${fetcher}`, via: fetcher });
  return out;
}

function referenceScriptEnvLeakInText(text: string): EnvLeak | null {
  let interpreter: string | null = null;
  for (const word of text.split(/[\s;&|()<>`'"{}$]+/)) {
    const name = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
    if (name.length > 0 && isInterpreter(name)) {
      interpreter = name;
      break;
    }
  }
  if (interpreter === null) return null;
  const variables = expandedVariables(text).filter((name) => name.startsWith('!') || isAllCaps(name));
  return variables.length > 0 ? { interpreter, variables } : null;
}

const OPERATOR_START: ReadonlySet<string> = new Set([';', '&', '|', '(', ')']);
const OPERATOR_END: ReadonlySet<string> = new Set([';', '&', '|', ')']);

function referenceProtectedWritesInText(text: string, context: { cwd: string; home: string }): ProtectedWrite[] {
  const out: ProtectedWrite[] = [];
  const check = (word: string, via: string) => {
    const path = word.replace(/^['"]|['"]$/g, '');
    if (path.length === 0 || /[$`*?[{]/.test(path)) return;
    const absolute = resolveWritePath(path, context);
    const why = protectedPathReason(absolute, context);
    if (why) out.push({ path: absolute, why, via });
  };
  const tokens = text.split(/\s+/);
  let inTee = false;
  for (let i = 0; i < tokens.length && out.length < 16; i++) {
    const token = tokens[i]!;
    if (OPERATOR_START.has(token[0]!) && /^[;&|()]+$/.test(token)) {
      inTee = false;
      continue;
    }
    const redirect = token.includes('>') ? /^(?:\d*|&)(>>?|>\|)(.*)$/.exec(token) : null;
    if (redirect) {
      const rest = redirect[2]!;
      if (rest.startsWith('&')) continue;
      const target = rest.length > 0 ? rest : (tokens[++i] ?? '');
      check(target.replace(/[;&|)]+$/, ''), `redirect ${redirect[1]}`);
      continue;
    }
    if (token.includes('tee') && token.slice(token.lastIndexOf('/') + 1).replace(/^[('"`]+/, '') === 'tee') {
      inTee = true;
      continue;
    }
    if (inTee && !token.startsWith('-')) check(token.replace(/[;&|)]+$/, ''), 'tee');
    if (OPERATOR_END.has(token[token.length - 1]!)) inTee = false;
  }
  return out;
}

/** Indexes by cost, ties in line order. */
function referencePayloadOrder(commands: readonly PayloadCarrier[]): number[] {
  const cost = (c: PayloadCarrier) => (c.stdinText?.length ?? 0) + c.argv.reduce((sum, word) => sum + word.raw.length, 0);
  return commands.map((_, index) => index).sort((a, b) => cost(commands[a]!) - cost(commands[b]!) || a - b);
}

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
    out.push(c.command, readCommand(c.command, { home: HOME }).normalised);
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
      const resolution = readCommand(text, { home: HOME }).resolution;
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
        const resolution = readCommand(prefix + text, { home: HOME }).resolution;
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

