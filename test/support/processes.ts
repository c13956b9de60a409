/** Small helpers for tests that run real processes. */
import { spawn, type SpawnOptions } from 'node:child_process';

/** Whether a process with this id is alive (signal 0 reaches it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface Ran {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** A command through `SHELL -c` with `input` on its stdin, without blocking this process (fake servers live here). */
export function runShell(command: string, input: string, options: { env: NodeJS.ProcessEnv; cwd?: string; shell?: string }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const spawnOptions: SpawnOptions = { env: options.env, stdio: ['pipe', 'pipe', 'pipe'], ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) };
    const child = spawn(options.shell ?? '/bin/sh', ['-c', command], spawnOptions);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ stdout, stderr, status }));
    // A command that exits without reading its input (a launcher whose Node is gone) closes the
    // pipe first: the EPIPE is that, not a failure of the test; what it printed is what is judged.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(input);
  });
}
