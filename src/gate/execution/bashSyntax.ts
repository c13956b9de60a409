import { spawn } from 'node:child_process';

/**
 * Asks bash itself whether a command is complete, well-formed input (`bash -n`: read, never run).
 *
 * An interactive shell that receives `echo "abc` or `if true; then` waits for the rest; typed into
 * the terminal, such a command would hang until the timeout while `bash -c` fails at once with a
 * syntax error. Only bash knows its grammar exactly, so bash is asked. It runs with no start-up
 * files and an environment holding nothing but a `PATH`, so nothing of the user's is read.
 *
 * Not pure (it starts a process) but free of VS Code; the terminal runner calls it before typing.
 */

export interface BashSyntaxOptions {
  bash?: string;
  /** Give up after this long and call the command unreadable (default 2000 ms). */
  timeoutMs?: number;
}

/** `null` when bash reads the command as complete; otherwise bash's complaint (one line) or why it could not tell. */
export function bashSyntaxProblem(command: string, options: BashSyntaxOptions = {}): Promise<string | null> {
  const bash = options.bash ?? '/bin/bash';
  const timeoutMs = options.timeoutMs ?? 2000;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    let stderr = '';
    const child = spawn(bash, ['--noprofile', '--norc', '-n', '-c', command], {
      env: { PATH: '/usr/bin:/bin' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(`bash did not finish reading the command within ${timeoutMs} ms`);
    }, timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    child.on('error', (error) => settle(`bash could not be started to read the command: ${error.message}`));
    child.on('close', (code) => {
      if (code === 0) settle(null);
      else settle(firstComplaint(stderr) ?? `bash could not read the command (status ${code})`);
    });
  });
}

/** bash's first line without its `bash: -c: line 1: ` prefix, at most 200 characters. */
function firstComplaint(stderr: string): string | null {
  const line = stderr.split('\n').find((l) => l.trim() !== '');
  if (!line) return null;
  return `bash: ${line.replace(/^[^:]*: -c: (?:line \d+: )?/, '').trim().slice(0, 200)}`;
}
