/**
 * The extension's figures: the size of every shipped bundle and of the .vsix; how long loading
 * `dist/extension.js` takes in plain Node with a minimal stand-in for the `vscode` module (module
 * evaluation only); and, inside a real VS Code (`inVsCodeSection`), the activation time VS Code
 * reports and how soon the approval card is drawn after an escalation.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import Module from 'node:module';
import * as path from 'node:path';
import { formatBytes, formatMs, median, table } from './stats';

const ROOT = path.resolve(__dirname, '..');
const FILES = ['dist/extension.js', 'dist/rater.js', 'dist/webview.js', 'media/card.css', 'dist/cli.js', 'approvals-gate.vsix'];

/** Enough of `vscode` for the bundle's top level to evaluate (it only touches the API in activate()). */
const vscodeStandIn = new Proxy({}, { get: () => new Proxy(function () {}, { get: () => ({}) }) });

export function extensionFiguresSection(): string[] {
  const sizes = FILES.map((file) => {
    const full = path.join(ROOT, file);
    return [file, existsSync(full) ? formatBytes(statSync(full).size) : 'not built (npm run package)'];
  });
  const loads: number[] = [];
  const resolveFilename = (Module as unknown as { _resolveFilename: (...args: unknown[]) => string })._resolveFilename;
  const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
  (Module as unknown as { _load: typeof load })._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? vscodeStandIn : load(request, ...rest));
  try {
    const bundle = path.join(ROOT, 'dist/extension.js');
    for (let i = 0; i < 7 && existsSync(bundle); i++) {
      delete require.cache[resolveFilename(bundle, null, false)];
      const t = performance.now();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(bundle);
      loads.push(performance.now() - t);
    }
  } finally {
    (Module as unknown as { _load: typeof load })._load = load;
  }
  return [
    '5. Extension bundles',
    table([['file', 'size'], ...sizes]),
    `  loading dist/extension.js (module evaluation, plain Node, median of ${loads.length}): ${loads.length ? formatMs(median(loads)) : 'not built'}; the rater bundle (LangChain) loads on the first rating, not at activation`,
  ];
}

/** The target: "the card visible ≤ 500 ms after an escalation" (docs/approval-card.md). */
const CARD_TARGET_MS = 500;
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Screenshots and logs of a failed step of the VS Code section. */
const BENCH_ARTIFACTS = path.join(ROOT, '.e2e/bench-artifacts');

interface LoadFigures {
  activationMs: number;
  firstCardMs: number;
  openPanelCardMs: number[];
}

interface InVsCodeFigures {
  fresh: LoadFigures[];
  reloaded: LoadFigures[];
  reloadedWithTab: number[];
}

function verdictFor(values: readonly number[]): string {
  if (values.length === 0) return 'not measured';
  const slowest = Math.max(...values);
  return `${slowest <= CARD_TARGET_MS ? 'MET' : 'NOT MET'} (slowest ${slowest} ms)`;
}

function spread(values: readonly number[]): string[] {
  if (values.length === 0) return ['—', '—', '—', '0'];
  return [`${Math.round(median(values))} ms`, `${Math.min(...values)} ms`, `${Math.max(...values)} ms`, String(values.length)];
}

/**
 * Runs `bench/inVsCode.mjs` through the e2e runner (packaged .vsix, fresh code-server 4.100.3,
 * Debian chromium; code-server is installed from npm when missing) and prints its figures.
 * Skipped, with the reason, when chromium is missing or `--no-vscode` was given.
 */
export function inVsCodeSection(skip: boolean): string[] {
  const heading = '6. Inside VS Code (code-server 4.100.3 + chromium, the packaged .vsix)';
  if (skip) return [heading, '  skipped (--no-vscode)'];
  if (!existsSync(CHROMIUM)) return [heading, `  skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-bench-'));
  const figuresFile = path.join(dir, 'figures.json');
  try {
    const run = spawnSync(process.execPath, ['scripts/e2e/run.mjs', '--ui-file', 'bench/inVsCode.mjs'], {
      cwd: ROOT,
      // Its own artifacts folder: a test run beside it keeps .e2e/artifacts.
      env: { ...process.env, BENCH_FIGURES_FILE: figuresFile, E2E_ARTIFACTS_DIR: BENCH_ARTIFACTS },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
    // A failed step is reported with the runner's own lines; the figures of the steps that passed still print.
    const failed = run.status === 0 ? [] : [`  ${existsSync(figuresFile) ? 'SOME STEPS FAILED' : 'FAILED'} (scripts/e2e/run.mjs exit ${run.status ?? run.signal ?? run.error?.message}; screenshots and logs in ${path.relative(ROOT, BENCH_ARTIFACTS)}):`, ...`${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').filter((line) => /FAIL|Error|error:/.test(line)).slice(-8).map((line) => `    | ${line.trim()}`)];
    if (!existsSync(figuresFile)) return [heading, ...failed];
    const figures = JSON.parse(readFileSync(figuresFile, 'utf8')) as InVsCodeFigures;
    const fresh = figures.fresh;
    const reloaded = figures.reloaded;
    const all = [...fresh, ...reloaded];
    const freshFirst = fresh.map((l) => l.firstCardMs);
    const reloadedFirst = reloaded.map((l) => l.firstCardMs);
    const openPanel = all.flatMap((l) => l.openPanelCardMs);
    return [
      heading,
      table([
        ['measure', 'median', 'min', 'max', 'samples'],
        ['activation, as VS Code reports it (Developer: Show Running Extensions), every window load', ...spread(all.map((l) => l.activationMs))],
        ['first card: Enter → card drawn, fresh window (the panel is created)', ...spread(freshFirst)],
        ['first card: Enter → card drawn, after Developer: Reload Window with the card tab left open', ...spread(figures.reloadedWithTab)],
        ['first card: Enter → card drawn, after Developer: Reload Window, the card tab closed', ...spread(reloadedFirst)],
        ['next cards: Enter → card drawn, panel already open', ...spread(openPanel)],
      ]),
      '  "Enter → card drawn": from Enter in "Approvals Gate: Run a command through the gate…" to the card page\'s',
      '  approvals-gate:card-shown mark (after the frame that drew it); the escalation itself comes after Enter.',
      '  After a reload (or once a webview was closed), code-server\'s webview host holds every new webview ~1 s while',
      '  its shared service worker updates (VS Code\'s Markdown preview shows the same); a card tab left open is restored',
      '  while the window loads, so no new webview is needed. See docs/approval-card.md.',
      `  card visible ≤ ${CARD_TARGET_MS} ms after an escalation: fresh windows, open panel and restored tab ${verdictFor([...freshFirst, ...openPanel, ...figures.reloadedWithTab])}; a new webview after a reload in code-server ${verdictFor(reloadedFirst)}`,
      ...failed,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
