// Bundles the in-host suite for the extension host: test/e2e/inHost/index.ts and every
// test/e2e/inHost/**/*.test.ts, one CommonJS file each, into out/e2e/inHost/ (same relative paths).
// `vscode` is provided by the extension host; `mocha` stays external so that it resolves from the
// repository's node_modules (out/ is inside the repository). The folder is emptied first: a stale
// bundle of a deleted test must not keep running. Inline source maps give stack traces into the .ts.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxRuntime } from '../sandboxBundling.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const inHostSource = path.join(root, 'test/e2e/inHost');
export const inHostOut = path.join(root, 'out/e2e/inHost');

/** Builds the in-host bundles; returns the runner's path (the extensionTestsPath). */
export async function buildInHost() {
  const tests = readdirSync(inHostSource, { recursive: true })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(inHostSource, name));
  rmSync(inHostOut, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(inHostSource, 'index.ts'), ...tests],
    outdir: inHostOut,
    outbase: inHostSource,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode', 'mocha'],
    // The runners import the OS sandbox's library, which finds its files from import.meta.url.
    banner: { js: sandboxRuntime.banner },
    define: sandboxRuntime.define,
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return path.join(inHostOut, 'index.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await buildInHost());
}
