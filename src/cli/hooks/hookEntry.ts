import { agentNamed } from './agents';
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

/** `hook-server SOCKET`: serve hook calls on that socket until idle (hookServer.ts). */
export function serve(socket: string): void {
  serveHooks(socket);
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
