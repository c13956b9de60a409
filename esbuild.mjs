// Bundles the shipped entry points. The CLI is one self-contained file with a shebang,
// so `dist/cli.js` runs with plain Node and nothing else from the source tree. The approval
// card's webview is browser code (`webview-ui/`): one script, loaded with the stylesheet
// `media/card.css` (shipped as is, not built) by the page that `src/vscode/cardPage.ts` builds
// (no inline script or style, so the CSP can forbid them).
// `node esbuild.mjs webview` builds the webview bundle alone (the Chromium card test does).
import { build as esbuild } from 'esbuild';
import { chmod, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sandboxRuntime } from './scripts/sandboxBundling.mjs';

/**
 * Every output is written atomically: esbuild builds in memory (`write: false`), each file
 * (maps included) goes to a temporary name beside its target, and all are renamed into place
 * once all are written. A process that reads `dist/` during a build (an agent's hook call runs
 * `dist/hook.js`) sees the old file or the new one, never half of one; a build that fails
 * leaves the old files (`check` sees the outputs before anything is written). docs/agent-hooks.md ("Every exit path is a deny").
 */
async function build({ check, ...options }) {
  const result = await esbuild({ ...options, write: false });
  check?.(result.outputFiles);
  const written = [];
  try {
    for (const file of result.outputFiles) {
      await mkdir(path.dirname(file.path), { recursive: true });
      const partial = `${file.path}.partial-${process.pid}-${written.length}`;
      await writeFile(partial, file.contents);
      written.push([partial, file.path]);
    }
  } catch (error) {
    await Promise.all(written.map(([partial]) => rm(partial, { force: true })));
    throw error;
  }
  for (const [partial, target] of written) await rename(partial, target);
  return result;
}

/**
 * The CLI's model rater (LangChain, most of the CLI's code) lives in `dist/cli-rater.js`, which
 * `src/cli/gateServices.ts` imports only when a rater URL is given: `batch` and `explain` without
 * one start without reading it. Run from source (tsx) the import is the module itself.
 */
const cliRaterExternal = {
  name: 'cli-rater-external',
  setup(build) {
    build.onResolve({ filter: /rater[\\/]openAiRater$/ }, (args) =>
      args.importer.endsWith('gateServices.ts') && args.kind === 'dynamic-import' ? { path: './cli-rater.js', external: true } : undefined,
    );
  },
};

async function shipSandboxVendor() {
  const from = path.join('node_modules', '@anthropic-ai', 'sandbox-runtime', 'vendor', 'seccomp');
  for (const arch of ['x64', 'arm64']) {
    const target = path.join('dist', 'vendor', 'seccomp', arch, 'apply-seccomp');
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    await copyFile(path.join(from, arch, 'apply-seccomp'), partial);
    await chmod(partial, 0o755);
    await rename(partial, target);
  }
}

const builds = {
  cli: () =>
    build({
      entryPoints: ['src/cli/main.ts'],
      outfile: 'dist/cli.js',
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      banner: { js: `#!/usr/bin/env node\n${sandboxRuntime.banner}` },
      define: sandboxRuntime.define,
      // jsonc-parser's `main` is a UMD build whose dynamic requires esbuild cannot follow.
      mainFields: ['module', 'main'],
      plugins: [cliRaterExternal],
      logLevel: 'warning',
      // The rater must stay out of the CLI bundle, or start-up pays for LangChain again.
      check: (outputs) => {
        if (outputs.some((file) => file.path.endsWith('cli.js') && file.text.includes('@langchain'))) throw new Error('esbuild.mjs: LangChain leaked into dist/cli.js');
      },
    }),
  // The agent hook (D§16): `dist/hook.js` is a small loader that runs `dist/hook-main.js` (the
  // hook alone, minified) from V8's code cache; docs/performance.md has what each part saves.
  hook: () =>
    Promise.all([
      build({
        entryPoints: ['src/cli/hooks/hookEntry.ts'],
        outfile: 'dist/hook-main.js',
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        minify: true,
        // `require` instead of `import()` for the rater: the loader runs this from V8's code cache,
        // and a script made from cached data has no dynamic-import callback.
        supported: { 'dynamic-import': false },
        sourcemap: true,
        mainFields: ['module', 'main'],
        plugins: [cliRaterExternal],
        logLevel: 'warning',
      }),
      build({
        entryPoints: ['src/cli/hooks/hookLoader.ts'],
        outfile: 'dist/hook.js',
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        banner: { js: '#!/usr/bin/env node' },
        logLevel: 'warning',
      }),
    ]),
  cliRater: () =>
    build({
      entryPoints: ['src/gate/rater/openAiRater.ts'],
      outfile: 'dist/cli-rater.js',
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      mainFields: ['module', 'main'],
      logLevel: 'warning',
    }),
  // The extension host bundle; `vscode` is provided by the host. The rater (LangChain) is its own
  // bundle, loaded on the first rating, so activation stays cheap.
  extension: () =>
    build({
      entryPoints: [
        { in: 'src/extension.ts', out: 'extension' },
        { in: 'src/vscode/raterModule.ts', out: 'rater' },
      ],
      outdir: 'dist',
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      external: ['vscode'],
      banner: { js: sandboxRuntime.banner },
      define: sandboxRuntime.define,
      minify: true,
      mainFields: ['module', 'main'],
      sourcemap: true,
      logLevel: 'warning',
    }),
  // platform 'browser': a Node built-in imported anywhere under webview-ui/ fails the build.
  // Type-checked on its own (`tsc -p webview-ui`, lib "dom"), not by the root tsconfig.
  webview: () =>
    build({
      entryPoints: [{ in: 'webview-ui/main.ts', out: 'webview' }],
      outdir: 'dist',
      bundle: true,
      platform: 'browser',
      target: 'chrome120',
      format: 'iife',
      minify: true,
      sourcemap: true,
      logLevel: 'warning',
    }),
};

const only = process.argv.slice(2);
for (const name of only) if (!(name in builds)) throw new Error(`esbuild.mjs: unknown build "${name}" (known: ${Object.keys(builds).join(', ')})`);
await Promise.all((only.length > 0 ? only : Object.keys(builds)).map((name) => builds[name]()));
if (only.length === 0 || only.includes('cli') || only.includes('extension')) await shipSandboxVendor();
