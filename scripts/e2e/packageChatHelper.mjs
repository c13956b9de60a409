// Packages the test-only chat helper (test/e2e/chatHelper) as out/e2e/chat-helper.vsix: bundles
// extension.ts with esbuild into a staging folder beside a copy of its package.json, then runs vsce
// there, so no build output lands under test/. `node scripts/e2e/packageChatHelper.mjs` prints the path.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds and packages the helper; returns the absolute path of the .vsix. */
export async function packageChatHelper() {
  const source = path.join(root, 'test/e2e/chatHelper');
  const staging = path.join(root, 'out/e2e/chatHelper');
  const vsix = path.join(root, 'out/e2e/chat-helper.vsix');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(path.join(source, 'package.json'), path.join(staging, 'package.json'));
  await build({
    entryPoints: [path.join(source, 'extension.ts')],
    outfile: path.join(staging, 'dist/extension.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'warning',
  });
  execFileSync(
    path.join(root, 'node_modules/.bin/vsce'),
    ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix],
    { cwd: staging, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return vsix;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await packageChatHelper());
}
