// Bundles the shipped entry points. The CLI is one self-contained file with a shebang,
// so `dist/cli.js` runs with plain Node and nothing else from the source tree.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
  // jsonc-parser's `main` is a UMD build whose dynamic requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
});
