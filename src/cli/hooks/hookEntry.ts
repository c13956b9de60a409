import { decideNow } from '../../gate/pipeline';
import { agentNamed } from './agents';
import { claudeShellDefinitions } from './agentShell';
import { userFolders } from './userFolders';
import { failed } from './hookCommand';
import { emit, hookMain } from './hookMain';
import { serveHooks } from './hookServer';

/**
 * The hook's own bundle (`dist/hook-main.js`, loaded by `dist/hook.js`): only what `hook AGENT`
 * and the hook server need, so each agent call starts without the rest of the CLI. The loader
 * calls one of these; each leaves the exit code at 2 (blocks) unless a well-formed answer was
 * written.
 */

/** `hook AGENT [options]` in this process; `input` when the loader has read standard input already. */
export function main(argv: readonly string[], input?: Buffer): Promise<void> {
  return hookMain(argv, input).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}

/**
 * `hook-server SOCKET [session AGENT]`: serve hook calls on that socket until idle (hookServer.ts).
 * A server started at a session's start (`hook.js warm AGENT`) first does what that session's
 * first call would do before it decides (prepareSession).
 */
export function serve(socket: string, sessionAgent?: string): void {
  serveHooks(socket, sessionAgent === undefined ? undefined : () => prepareSession(sessionAgent, process.env));
}

/**
 * What the first call of a session would otherwise wait for, done by a server started at the
 * session's start with the session's environment: for Claude Code, its shell's aliases and
 * functions (agentShell.ts), asked of the shell in a sandbox when no snapshot exists yet (as at a
 * session's start) and cached by the start-up files' identities (askedShell.ts). The call reads
 * the same function's answer, from that cache when its shell and start-up files are the ones
 * asked; nothing it decides can differ.
 */
export function prepareSession(agent: string, env: NodeJS.ProcessEnv): void {
  const folders = userFolders(env);
  if (agent === 'claude-code') claudeShellDefinitions(env, folders.home, folders.shellCacheFile);
  warmUpDecisions(folders.home);
}

/**
 * Commands of the shapes agents send most (a listing, a chain with a pipe and a redirect, a floor
 * refusal), decided once by a server started at a session's start, before it listens: V8 compiles
 * the decision's functions on their first run, and without this the session's first call paid for
 * that (~40 ms more than a later call; docs/performance.md §7). Decided with nobody to ask, no
 * model, no entries and no capture log, so nothing is written and no answer leaves the process.
 */
const WARM_UP_COMMANDS = ['ls -la', 'git status && npm test 2>&1 | tail -n 5 > out.txt', 'rm -rf /'];

/** Decides the warm-up commands; returns the stage that decided each (synchronous ones only). */
export function warmUpDecisions(home: string): Array<string | null> {
  const policy = { rung: 'assisted', allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] } as const;
  return WARM_UP_COMMANDS.map((command) => {
    const decided = decideNow({ command, cwd: home, shell: 'bash' }, { policy, rater: null, person: null, home });
    if (!(decided instanceof Promise)) return decided.stage;
    decided.catch(() => undefined);
    return null;
  });
}

/** The agent's refusal for a call that could not be decided in time (the server took the call, then went silent). */
export function refuse(argv: readonly string[], why: string): void {
  process.exitCode = 2;
  const agent = agentNamed(argv[1] ?? '');
  if (!agent) return;
  const output = failed(agent, why);
  emit(output);
  process.exitCode = output.exitCode;
}
