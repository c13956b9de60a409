import { parseCliOptions } from '../options';
import { agentNamed, type AgentAdapter } from './agents';
import { failed, runHook } from './hookCommand';
import { userFolders } from './userFolders';
import type { HookOutput } from './agents';

/** Hook input larger than this is refused unread (a shell command is never near it). */
export const MAX_HOOK_INPUT_BYTES = 4 * 1024 * 1024;

/**
 * The `hook` entry: the process exits 2 unless a well-formed answer was written, so even a
 * crash before the answer (a bug, an out-of-memory) blocks in the agents where exit 2 blocks;
 * any error after the agent is known is that agent's deny.
 */
export async function hookMain(argv: readonly string[]): Promise<number> {
  process.exitCode = 2;
  const agent = agentNamed(argv[1] ?? '');
  if (!agent) {
    process.stderr.write(`approvals-gate: hook needs the agent: hook claude-code|gemini|codex|copilot|cursor (got ${JSON.stringify(argv[1] ?? '')}); the command is refused\n`);
    return 2;
  }
  const onCrash = (error: unknown): void => {
    emit(failed(agent, `the gate crashed (${error instanceof Error ? error.message : String(error)})`));
    process.exit(2);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  let output: HookOutput;
  try {
    const options = parseCliOptions(['hook', ...argv.slice(1)]);
    const stdin = await readInput(agent);
    output = typeof stdin === 'string' ? await runHook({ agent, options, stdin, env: process.env, folders: userFolders(process.env) }) : stdin;
  } catch (error) {
    output = failed(agent, `the hook's options or input are not usable (${error instanceof Error ? error.message : String(error)})`);
  }
  emit(output);
  // The answer is out (pipe writes are synchronous on Linux): a request still pending after the
  // deadline (a rater that never answers) must not keep the process alive until the agent kills
  // it. The timer is unref'd, so a process with nothing left to do exits at once as usual.
  setTimeout(() => process.exit(output.exitCode), 200).unref();
  return output.exitCode;
}

function emit(output: HookOutput): void {
  if (output.stderr !== '') process.stderr.write(output.stderr);
  if (output.stdout !== '') process.stdout.write(output.stdout);
}

/** All of stdin as text, or the refusal when there is too much of it. */
async function readInput(agent: AgentAdapter): Promise<string | HookOutput> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_HOOK_INPUT_BYTES) return failed(agent, `the hook input is larger than ${MAX_HOOK_INPUT_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
