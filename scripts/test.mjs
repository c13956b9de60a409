// The test stages of `npm test` (after typecheck, lint and build): the mocha suites in plain Node
// (unit + integration, `.mocharc.json`), the e2e stage in a real VS Code (scripts/e2e/run.mjs),
// then the gate as the hook of the real agent CLIs (test/agents/, its own `.mocharc.json`; the
// CLIs come from scripts/agents/install-agent-clis.sh, and the stage fails without them).
// All always run; each prints its own closing line, and this script ends with ONE closing line
// for the whole run, "N passed, N failed", summing them. Exit 1 on any failure, and when a stage
// ends without its closing line (a crash must not read as "0 failed"). The failing tests' titles
// and first error lines are printed again just above that last line, so that a run whose output
// is cut to its tail still names what failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// "N passed, N failed" (mocha's closing-line reporter adds ", N skipped").
const CLOSING_LINE = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/;
const ANSI = /\u001b\[[0-9;]*m/g;
// Where a stage's own report of its failures starts: mocha's "N failing", the e2e runner's "FAIL …".
const FAILURES_START = /^\s*\d+ failing\s*$/;
const E2E_FAIL = /^\s*FAIL /;
const FAILURE_REPORT_CHARS = 6000;

/**
 * Runs one stage with its output passed through; resolves to its counts from its closing line.
 * A stage still running after `timeoutMs` gets SIGTERM (run.mjs then stops its code-server), then SIGKILL.
 */
function stage(name, command, args, timeoutMs) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
    const timers = [];
    if (timeoutMs) {
      timers.push(setTimeout(() => {
        console.log(`\n${name}: still running after ${timeoutMs / 1000} s, stopping it`);
        child.kill('SIGTERM');
        timers.push(setTimeout(() => child.kill('SIGKILL'), 15_000));
      }, timeoutMs));
    }
    let tail = '';
    let pending = '';
    let inFailures = false;
    const failures = [];
    // Keeps the lines of the stage's failure report (bounded), read line by line as they come.
    const keep = (raw) => {
      const line = raw.replace(ANSI, '');
      if (FAILURES_START.test(line)) inFailures = true;
      if (CLOSING_LINE.test(line.trim())) inFailures = false;
      if ((inFailures || E2E_FAIL.test(line)) && line.trim() !== '' && failures.join('\n').length < FAILURE_REPORT_CHARS) failures.push(line);
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = chunk.toString();
      tail = (tail + text).slice(-4096);
      const lines = (pending + text).split('\n');
      pending = lines.pop();
      for (const line of lines) keep(line);
    });
    const done = (code) => {
      for (const timer of timers) clearTimeout(timer);
      const lines = tail.replace(ANSI, '').split('\n').map((line) => line.trim()).filter(Boolean);
      const closing = lines.map((line) => CLOSING_LINE.exec(line)).filter(Boolean).at(-1);
      keep(pending);
      const result = { name, code, seconds: (Date.now() - started) / 1000, passed: 0, failed: 0, skipped: 0, closing: Boolean(closing), failures };
      if (closing) {
        result.passed = Number(closing[1]);
        result.failed = Number(closing[2]);
        result.skipped = Number(closing[3] ?? 0);
      }
      resolve(result);
    };
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      done(-1);
    });
    child.on('exit', (code, signal) => done(code ?? signal));
  });
}

/** Runs the agent CLI installer; its failure shows up as the agents stage's own failure. */
function installAgentClis() {
  return new Promise((resolve) => {
    const child = spawn('bash', [path.join(root, 'scripts/agents/install-agent-clis.sh')], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(null));
    child.on('exit', () => resolve(null));
  });
}

const stages = [
  await stage('unit + integration (mocha)', path.join(root, 'node_modules/.bin/mocha'), []),
  await stage('e2e (code-server + chromium)', process.execPath, [path.join(root, 'scripts/e2e/run.mjs')], Number(process.env.E2E_STAGE_TIMEOUT_MS || 900_000)),
  // The agent CLIs are installed here when missing (idempotent; ~20 s from npm when cold), so that
  // `npm test` alone is enough on a fresh machine.
  await installAgentClis(),
  await stage('agents (real CLIs)', path.join(root, 'node_modules/.bin/mocha'), ['--config', path.join(root, 'test/agents/.mocharc.json')], Number(process.env.AGENTS_STAGE_TIMEOUT_MS || 600_000)),
];

let passed = 0;
let failed = 0;
for (const s of stages.filter(Boolean)) {
  if (s.failures.length === 0) continue;
  console.log(`\n${s.name}, what failed:`);
  for (const line of s.failures) console.log(line);
}
console.log('');
for (const s of stages.filter(Boolean)) {
  const problems = [];
  if (!s.closing) problems.push('no closing line: counted as 1 failure');
  if (s.code !== 0 && s.failed === 0) problems.push(`exit ${s.code} with no failed test: counted as 1 failure`);
  const extra = problems.length > 0 ? 1 : 0;
  passed += s.passed;
  failed += s.failed + extra;
  const skipped = s.skipped ? `, ${s.skipped} skipped` : '';
  console.log(`${s.name}: ${s.passed} passed, ${s.failed + extra} failed${skipped} in ${s.seconds.toFixed(1)} s${problems.length ? ` (${problems.join('; ')})` : ''}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
