import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataFolder } from './userFolders';

/**
 * The hook `install` registers is a copy (D§16): the files `dist/hook.js` runs, copied into a
 * folder of their own in the user's data folder, `~/.local/share/approvals-gate/VERSION-HASH/`
 * (`$XDG_DATA_HOME` honoured), so that a checkout can move, pull, rebuild or be deleted, an npm
 * install be updated, and npx's cache be pruned, without the registered command losing its
 * files. The copy is written into a temporary folder beside it and renamed into place, so a
 * hook never sees half of it; an existing copy of the same build is used again.
 *
 * What the hook needs: `hook.js` (the loader), `hook-main.js` (the hook; the loader reads it
 * beside itself) and `cli-rater.js` (the model rater, which hook-main.js requires beside itself
 * when a rater is set). Nothing else: no maps, no sources, no node_modules (the bundles have
 * everything in them).
 */
export const HOOK_FILES = ['hook.js', 'hook-main.js', 'cli-rater.js'] as const;
export const MANIFEST = 'manifest.json';

export interface CopyManifest {
  /** The package's version (`package.json` beside the source's `dist/`), or `unknown`. */
  version: string;
  /** sha256 of the hook files, the first 12 hex digits (also in the folder's name). */
  build: string;
  /** The folder the files were copied from, links resolved. */
  source: string;
  installedAt: string;
}

/** The folder a CLI file's hook bundles are in: the CLI's own folder with links resolved (a global npm install links `bin`). */
export function sourceFolderOf(cliFile: string): string {
  let file = path.resolve(cliFile);
  try {
    file = realpathSync(file);
  } catch {
    // Not there: the checks below say so.
  }
  return path.dirname(file);
}

/** What is missing from a source folder for a copy, or undefined when it has every hook file. */
export function missingHookFiles(source: string): string[] {
  return HOOK_FILES.filter((name) => !existsSync(path.join(source, name)));
}

/** The build of the hook files in `folder` (sha256 over their names and bytes, 12 hex digits). */
export function buildOf(folder: string): string {
  const hash = createHash('sha256');
  for (const name of HOOK_FILES) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(path.join(folder, name)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** The version in `package.json` one folder above `source` (dist/ of a checkout or a package). */
export function versionOf(source: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(source, '..', 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (pkg.name === 'approvals-gate' && typeof pkg.version === 'string' && /^[\w.+-]+$/.test(pkg.version)) return pkg.version;
  } catch {
    // No package.json there.
  }
  return 'unknown';
}

/** Where the copy of a build goes. */
export function copyFolder(env: NodeJS.ProcessEnv, version: string, build: string): string {
  return path.join(dataFolder(env), `${version}-${build}`);
}

export function readManifest(folder: string): CopyManifest | undefined {
  try {
    const value = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8')) as Record<string, unknown>;
    if (typeof value.version === 'string' && typeof value.build === 'string' && typeof value.source === 'string' && typeof value.installedAt === 'string') {
      return value as unknown as CopyManifest;
    }
  } catch {
    // Missing or not ours.
  }
  return undefined;
}

/** Whether `folder` holds a whole copy of `build` (every file there, the bytes as built). */
function wholeCopy(folder: string, build: string): boolean {
  try {
    return readManifest(folder)?.build === build && missingHookFiles(folder).length === 0 && buildOf(folder) === build;
  } catch {
    return false;
  }
}

/**
 * Copies the hook files of `source` into their versioned folder (unless a whole copy of that
 * build is there already) and returns the folder. With `dryRun`, only says where it would go.
 */
export function installCopy(source: string, env: NodeJS.ProcessEnv, now: Date, dryRun: boolean): { folder: string; manifest: CopyManifest; reused: boolean } {
  const build = buildOf(source);
  const version = versionOf(source);
  const folder = copyFolder(env, version, build);
  const manifest: CopyManifest = { version, build, source, installedAt: now.toISOString() };
  if (wholeCopy(folder, build)) return { folder, manifest: readManifest(folder)!, reused: true };
  if (dryRun) return { folder, manifest, reused: false };
  const parent = path.dirname(folder);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const partial = path.join(parent, `.partial-${process.pid}-${Date.now()}`);
  mkdirSync(partial, { mode: 0o700 });
  try {
    for (const name of HOOK_FILES) writeFileSync(path.join(partial, name), readFileSync(path.join(source, name)), { mode: 0o400 });
    if (buildOf(partial) !== build) throw new Error(`the files in ${source} changed while they were copied (a build running?); install again`);
    writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o400 });
    // A broken copy of the same build (a file deleted by hand) is replaced whole.
    if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another install put the same build there meanwhile: that one is as good.
    if (wholeCopy(folder, build)) return { folder, manifest: readManifest(folder)!, reused: true };
    throw error;
  }
  return { folder, manifest, reused: false };
}

/** The copy folders in the data folder (`VERSION-BUILD`), and leftovers of interrupted copies. */
export function installedCopies(env: NodeJS.ProcessEnv): { copies: string[]; partials: string[] } {
  const root = dataFolder(env);
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return { copies: [], partials: [] };
  }
  return {
    copies: names.filter((name) => /^[\w.+-]+-[0-9a-f]{12}$/.test(name)).map((name) => path.join(root, name)),
    partials: names.filter((name) => name.startsWith('.partial-')).map((name) => path.join(root, name)),
  };
}

/**
 * Removes the copies no registration uses any more (`inUse`: folders, links resolved), and
 * leftovers of copies interrupted over an hour ago. Returns the folders removed.
 */
export function pruneCopies(env: NodeJS.ProcessEnv, inUse: ReadonlySet<string>): string[] {
  const { copies, partials } = installedCopies(env);
  const removed: string[] = [];
  for (const folder of copies) {
    if (inUse.has(folder)) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  for (const folder of partials) {
    try {
      if (Date.now() - statSync(folder).mtimeMs > 3_600_000) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Gone already.
    }
  }
  return removed;
}

/** Whether a path lies in npx's cache (`…/_npx/…`), which npm empties when it likes. */
export function inNpxCache(file: string): boolean {
  return file.split(/[\\/]/).includes('_npx');
}
