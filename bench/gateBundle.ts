/**
 * `bench/gate.ts` bundled the way `dist/cli.js` is (esbuild, node20, CommonJS, not minified) and
 * loaded from that bundle, so the in-process figures time the code that ships. Run from source
 * under tsx, every named closure pays for esbuild's `keepNames` and every cross-module call goes
 * through an export getter — about a tenth of a steady-state decision that no user's build has.
 */
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

type GateModule = typeof import('./gate');

export function loadBundledGate(): GateModule {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'approvals-gate-bench-gate-'));
  const outfile = path.join(dir, 'gate.js');
  try {
    buildSync({
      entryPoints: [path.resolve(__dirname, 'gate.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      mainFields: ['module', 'main'],
      logLevel: 'warning',
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(outfile) as GateModule;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
