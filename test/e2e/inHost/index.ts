/**
 * The in-host mocha runner: the module VS Code loads as `extensionTestsPath` inside its extension host
 * and whose `run()` it awaits (resolve = exit 0, reject = exit 1). Runner-agnostic: the same bundle
 * (`out/e2e/inHost/index.js`, built by `scripts/e2e/buildInHost.mjs`) serves `@vscode/test-electron`
 * (`npm run test:electron`) and code-server's payload URL (`npm run test:e2e`).
 *
 * - Loads every `*.test.js` beside it (the esbuild output of `test/e2e/inHost/**\/*.test.ts`), BDD
 *   style (`describe`/`it`). Mocha itself is external to the bundle and resolves from the repository's
 *   node_modules, which is why the bundle lives under the repository's `out/`.
 * - Two workspace-trust modes, because VS Code's trust is per window: by default the files NOT named
 *   `*.untrusted.test.ts` run, in a trusted window; with APPROVALS_GATE_E2E_TRUST=untrusted only the
 *   `*.untrusted.test.ts` files run, and only if the window really is untrusted. A window in the wrong
 *   trust state fails the run rather than letting a trust test pass for the wrong reason.
 * - Writes the results as JSON (APPROVALS_GATE_E2E_RESULTS, default `out/e2e/inHost-results.json`) and the
 *   reporter's text beside it (`.txt`), as well as to the console: code-server forwards extension-host
 *   console output to the browser console only, with styling debris, so the file is what runners read.
 * - Rejects when any test or hook fails, when the trust state is wrong, and when no test ran at all.
 * - APPROVALS_GATE_E2E_GREP narrows the run to matching test titles (a regular expression).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

type TrustMode = 'trusted' | 'untrusted';

interface TestResult {
  title: string;
  file: string | undefined;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number | undefined;
  error?: string;
}

/** What the runner writes; `scripts/e2e/run.mjs` counts `passes` and `failures` from it. */
export interface InHostResults {
  mode: TrustMode;
  vscodeVersion: string;
  startedAt: string;
  durationMs: number;
  files: string[];
  passes: number;
  failures: number;
  pending: number;
  tests: TestResult[];
  /** Set when the run could not start (wrong trust state, no test files, a file that failed to load). */
  harnessError?: string;
}

const UNTRUSTED_SUFFIX = '.untrusted.test.js';

function trustMode(): TrustMode {
  const value = process.env.APPROVALS_GATE_E2E_TRUST;
  if (value === undefined || value === '' || value === 'trusted') return 'trusted';
  if (value === 'untrusted') return 'untrusted';
  throw new Error(`APPROVALS_GATE_E2E_TRUST must be "trusted" or "untrusted", not ${JSON.stringify(value)}`);
}

function testFiles(dir: string, mode: TrustMode): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.test.js'))
    .filter((name) => name.endsWith(UNTRUSTED_SUFFIX) === (mode === 'untrusted'))
    .sort()
    .map((name) => path.join(dir, name));
}

function resultsPath(): string {
  return process.env.APPROVALS_GATE_E2E_RESULTS || path.resolve(__dirname, '..', 'inHost-results.json');
}

function writeResults(results: InHostResults, lines: readonly string[]): void {
  const file = resultsPath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(file.replace(/\.json$/, '') + '.txt', `${lines.join('\n')}\n`);
}

/** A short description for the results file; an assertion's actual and expected values make it useful. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const head = `${error.name}: ${error.message.split('\n')[0]}`;
  const assertion = error as Error & { actual?: unknown; expected?: unknown };
  if ('actual' in assertion && 'expected' in assertion) {
    return `${head} actual ${safeJson(assertion.actual)}, expected ${safeJson(assertion.expected)}`;
  }
  return head;
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(value);
  }
}

export async function run(): Promise<void> {
  const started = Date.now();
  const lines: string[] = [];
  const results: InHostResults = {
    mode: 'trusted',
    vscodeVersion: vscode.version,
    startedAt: new Date(started).toISOString(),
    durationMs: 0,
    files: [],
    passes: 0,
    failures: 0,
    pending: 0,
    tests: [],
  };
  const finish = (harnessError?: string): void => {
    results.durationMs = Date.now() - started;
    if (harnessError !== undefined) {
      results.harnessError = harnessError;
      lines.push(`in-host harness error: ${harnessError}`);
      console.error(`in-host harness error: ${harnessError}`);
    }
    writeResults(results, lines);
  };

  try {
    results.mode = trustMode();
    if (vscode.workspace.isTrusted !== (results.mode === 'trusted')) {
      throw new Error(`this window is ${vscode.workspace.isTrusted ? 'trusted' : 'untrusted'}, but the ${results.mode} in-host tests were asked for`);
    }
    results.files = testFiles(__dirname, results.mode);
    if (results.files.length === 0) throw new Error(`no ${results.mode} in-host test files in ${__dirname}`);
  } catch (error) {
    finish(describeError(error));
    throw error;
  }

  const grep = process.env.APPROVALS_GATE_E2E_GREP;
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, ...(grep ? { grep } : {}) });
  for (const file of results.files) {
    delete require.cache[file]; // a second run() in the same host must load the files again
    mocha.addFile(file);
  }

  // Keep the spec reporter's console output and a copy for the .txt file.
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const consoleLog = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => {
    lines.push(util.format(...args));
    consoleLog(...args);
  };

  const record = (test: Mocha.Runnable, state: TestResult['state'], error?: unknown): void => {
    results.tests.push({
      title: test.fullTitle(),
      file: test.file ? path.relative(__dirname, test.file) : undefined,
      state,
      durationMs: test.duration,
      ...(error !== undefined ? { error: describeError(error) } : {}),
    });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      let runner: Mocha.Runner;
      try {
        runner = mocha.run(() => resolve());
      } catch (error) {
        reject(error); // a test file that throws while loading
        return;
      }
      runner.on('pass', (test) => record(test, 'passed'));
      runner.on('fail', (test, error) => record(test, 'failed', error));
      runner.on('pending', (test) => record(test, 'pending'));
    });
  } catch (error) {
    base.consoleLog = consoleLog;
    finish(`mocha could not run: ${describeError(error)}`);
    throw error;
  }
  base.consoleLog = consoleLog;

  results.passes = results.tests.filter((t) => t.state === 'passed').length;
  results.failures = results.tests.filter((t) => t.state === 'failed').length;
  results.pending = results.tests.filter((t) => t.state === 'pending').length;
  if (results.passes + results.failures === 0) {
    finish('no test ran');
    throw new Error('no in-host test ran');
  }
  finish();
  if (results.failures > 0) throw new Error(`${results.failures} in-host test(s) failed`);
}
