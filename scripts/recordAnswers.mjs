// Records the gate's answers to a fixed set of requests through `node dist/cli.js batch`, so that
// a change meant to move code without changing any decision (a refactor, a fast path, a new
// layout) can be checked byte for byte: run it before and after, compare the digests.
//
//   node scripts/recordAnswers.mjs [OUT.jsonl]     (after `npm run build`)
//
// The requests: every command of the eval corpus, the hardline, preflight and resolver fixtures,
// each at four configurations (manual with the line's entries, manual with the default list,
// assisted with a `safe` rating, bypass). It prints the number of answers and their SHA-256.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'test/fixtures');

/** Commands with the entries their line names (none for the plain fixture files). */
function commands() {
  const out = [];
  for (const file of readdirSync(path.join(fixtures, 'eval')).filter((name) => name.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(path.join(fixtures, 'eval', file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const item = JSON.parse(line);
      out.push({ command: item.command, allow: item.allow ?? [] });
    }
  }
  const plain = (file, decode) => {
    for (const line of readFileSync(path.join(fixtures, file), 'utf8').split('\n')) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      out.push({ command: decode(line), allow: [] });
    }
  };
  const marks = (line) => line.replace(/«LF»/g, '\n').replace(/«CR»/g, '\r').replace(/«TAB»/g, '\t').replace(/«U\+([0-9A-F]{4,6})»/g, (_m, hex) => String.fromCodePoint(parseInt(hex, 16)));
  plain('hardline/must-refuse.txt', marks);
  plain('hardline/must-not-refuse.txt', marks);
  plain('preflight/everyday-commands.txt', (line) => line);
  plain('resolver/differential-corpus.txt', (line) => (line.startsWith('json:') ? JSON.parse(line.slice(5)) : line));
  return out;
}

const requests = [];
for (const { command, allow } of commands()) {
  const base = requests.length;
  requests.push({ id: base, command, rung: 'manual', allow });
  requests.push({ id: base + 1, command, rung: 'manual' });
  requests.push({ id: base + 2, command, rung: 'assisted', raterVerdict: { outcome: 'safe', reason: 'recorded' } });
  requests.push({ id: base + 3, command, rung: 'bypass', allow });
}

const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n';
const run = spawnSync(process.execPath, [path.join(root, 'dist/cli.js'), 'batch', '--cwd', '/work/project'], {
  env: { ...process.env, HOME: '/home/agent' },
  input,
  maxBuffer: 1 << 30,
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(run.stderr);
  process.exit(1);
}
const outFile = process.argv[2];
if (outFile) writeFileSync(outFile, run.stdout);
const answers = run.stdout.split('\n').filter(Boolean).length;
console.log(`${answers} answers to ${requests.length} requests, sha256 ${createHash('sha256').update(run.stdout).digest('hex')}`);
