/**
 * Issue 4's figures that do not need a running VS Code: the size of every shipped bundle and of the
 * .vsix, and how long loading `dist/extension.js` takes in plain Node with a minimal stand-in for
 * the `vscode` module (module evaluation only — VS Code's own activation overhead is not included).
 */
import { existsSync, statSync } from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import { formatBytes, formatMs, median, table } from './stats';

const ROOT = path.resolve(__dirname, '..');
const FILES = ['dist/extension.js', 'dist/rater.js', 'dist/webview.js', 'dist/webview.css', 'dist/cli.js', 'approvals-gate.vsix'];

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
