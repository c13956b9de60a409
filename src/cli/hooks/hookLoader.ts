import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { cacheFolder } from './userFolders';

/**
 * `dist/hook.js`: starts the hook bundle (`hook-main.js` beside it) from V8's code cache, so an
 * agent call does not compile 1.7 MB of JavaScript each time (Node 20 has no compile cache of its
 * own; docs/performance.md has the figures). The cache sits in `~/.cache/approvals-gate/`, which
 * the protected-write floor guards like the gate's settings; its name carries the Node version,
 * the bundle's size and time, and V8 itself rejects data made for other source or flags — then
 * the bundle is compiled as usual and the cache written again. Anything that goes wrong before
 * the bundle runs falls back to a plain `require`; nothing here decides anything.
 */
const bundle = path.join(__dirname, 'hook-main.js');

function cachedScript(): { script: vm.Script; save: (() => void) | undefined } | undefined {
  try {
    const source = readFileSync(bundle, 'utf8');
    const stat = statSync(bundle);
    const file = path.join(cacheFolder(process.env), `hook-${process.version}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}.v8cache`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {
      // No cache yet.
    }
    // The bundle has no `import()` (esbuild turns the rater's into `require`): a script run from
    // cached data loses its dynamic-import callback.
    const script = new vm.Script(Module.wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
    const save =
      cachedData === undefined || script.cachedDataRejected === true
        ? () => {
            try {
              mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
              const partial = `${file}.${process.pid}`;
              writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
              renameSync(partial, file);
            } catch {
              // A cache that cannot be written costs time, nothing else.
            }
          }
        : undefined;
    return { script, save };
  } catch {
    return undefined;
  }
}

const prepared = cachedScript();
if (prepared === undefined) {
  // The plain way, as Node loads any CommonJS file.
  Module.createRequire(__filename)(bundle);
} else {
  // Written after the run, so the cache holds the functions the run compiled too.
  if (prepared.save) process.once('exit', prepared.save);
  const run = prepared.script.runInThisContext() as (exports: unknown, require: (id: string) => unknown, module: Module, filename: string, dirname: string) => void;
  const hookModule = new Module(bundle, module);
  hookModule.filename = bundle;
  hookModule.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(bundle));
  run.call(hookModule.exports, hookModule.exports, (id: string) => hookModule.require(id), hookModule, bundle, path.dirname(bundle));
}
