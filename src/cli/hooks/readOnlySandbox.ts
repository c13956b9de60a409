import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * Runs a program that must not change anything: the whole file system read-only, a fresh empty
 * /tmp, no network, its own process namespace (everything it starts dies with it), stdin closed.
 * Used to ask the agent's shell for its definitions, which runs the user's start-up files
 * (docs/agent-hooks.md, "Which shell runs the command"). One function on purpose: the general
 * sandbox runner (D§13 "Containment", src/gate/containment/) can take it over.
 *
 * Bubblewrap is looked for in the system's folders only, not along the agent's PATH: a `bwrap`
 * that is not the real one would run the start-up files with nothing around them.
 */
export const BWRAP_PLACES: readonly string[] = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];

export function bubblewrapPath(places: readonly string[] = BWRAP_PLACES): string | undefined {
  return places.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface ReadOnlyRun {
  /** The program and its arguments, run inside the sandbox. */
  argv: readonly string[];
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
  /** Largest stdout kept; more is a failure. */
  maxBytes: number;
  /** Folders under /tmp to show again (read-only) over the fresh /tmp: a home that lives there. */
  keep: readonly string[];
}

export type ReadOnlyResult = { ok: true; stdout: string; status: number | null; ms: number } | { ok: false; why: string; ms: number };

export function runReadOnly(bwrap: string, run: ReadOnlyRun): ReadOnlyResult {
  const keep = run.keep.filter((folder) => folder === '/tmp' || folder.startsWith('/tmp/')).flatMap((folder) => ['--ro-bind-try', folder, folder]);
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', ...keep, '--unshare-net', '--unshare-pid', '--new-session', '--die-with-parent', '--chdir', run.cwd, '--', ...run.argv];
  const started = Date.now();
  const result = spawnSync(bwrap, args, { env: run.env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: run.timeoutMs, killSignal: 'SIGKILL', maxBuffer: run.maxBytes });
  const ms = Date.now() - started;
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT') return { ok: false, why: `it did not answer within ${run.timeoutMs} ms`, ms };
    if (code === 'ENOBUFS') return { ok: false, why: `it printed more than ${run.maxBytes} bytes`, ms };
    return { ok: false, why: `bubblewrap could not be started (${code ?? result.error.message})`, ms };
  }
  // Bubblewrap's own failures (no user namespaces, a mount refused) say so on stderr.
  const bwrapError = /^bwrap: .*/m.exec(result.stderr ?? '')?.[0];
  if (bwrapError !== undefined) return { ok: false, why: `the sandbox could not be set up (${bwrapError.slice(0, 200)})`, ms };
  return { ok: true, stdout: result.stdout ?? '', status: result.status, ms };
}
