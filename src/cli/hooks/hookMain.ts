import { parseCliOptions } from '../options';
import { agentNamed, type AgentAdapter } from './agents';
import { failed, runHook } from './hookCommand';
import { MAX_HOOK_INPUT_BYTES } from './hookServerWire';
import { userFolders } from './userFolders';
import { writeAnswer } from './answerFrame';
import type { HookOutput } from './agents';

/**
 * The `hook` entry: the process exits 2 unless a well-formed answer was written, so even a
 * crash before the answer (a bug, an out-of-memory) blocks in the agents where exit 2 blocks;
 * any error after the agent is known is that agent's deny.
 *
 * `input` is the agent's JSON when the caller has read standard input already (the loader does,
 * to offer it to the hook server first); otherwise it is read here.
 */
export async function hookMain(argv: readonly string[], input?: Buffer): Promise<number> {
  process.exitCode = 2;
  const agent = agentNamed(argv[1] ?? '');
  if (!agent) {
    process.stderr.write(`approvals-gate: hook needs the agent: hook claude-code|gemini|codex|copilot|cursor (got ${JSON.stringify(argv[1] ?? '')}); the command is refused\n`);
    return 2;
  }
  const onCrash = (error: unknown): void => {
    const output = failed(agent, `the gate crashed (${error instanceof Error ? error.message : String(error)})`);
    emit(output);
    process.exit(output.exitCode);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  let output: HookOutput;
  try {
    const stdin = input === undefined ? await readInput(agent) : inputText(agent, input);
    output = await hookOutput(agent, argv, stdin, process.env, process.cwd());
  } catch (error) {
    output = failed(agent, `the hook's input is not usable (${error instanceof Error ? error.message : String(error)})`);
  }
  emit(output);
  // The answer is out (pipe writes are synchronous on Linux): a request still pending after the
  // deadline (a rater that never answers) must not keep the process alive until the agent kills
  // it. The timer is unref'd, so a process with nothing left to do exits at once as usual.
  setTimeout(() => process.exit(output.exitCode), 200).unref();
  return output.exitCode;
}

/**
 * One hook call from its command line and input to its answer, for the process itself and for
 * the hook server alike (same options, same settings, same pipeline): `env` and `cwd` are the
 * calling process's. Never rejects.
 */
export async function hookOutput(
  agent: AgentAdapter,
  argv: readonly string[],
  stdin: string | HookOutput,
  env: NodeJS.ProcessEnv,
  cwd: string,
  onDeadline?: (ms: number) => void,
): Promise<HookOutput> {
  if (typeof stdin !== 'string') return stdin;
  try {
    const folders = userFolders(env);
    const options = parseCliOptions(['hook', ...argv.slice(1)], { cwd, home: folders.home });
    return await runHook({ agent, options, stdin, env, folders, ...(onDeadline ? { onDeadline } : {}) });
  } catch (error) {
    return failed(agent, `the hook's options or input are not usable (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Writes an answer: the reason on stderr first, then the agent's JSON (answerFrame.ts). */
export function emit(output: HookOutput): void {
  writeAnswer(output.stdout, output.stderr, output.exitCode);
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

function inputText(agent: AgentAdapter, input: Buffer): string | HookOutput {
  return input.length > MAX_HOOK_INPUT_BYTES ? failed(agent, `the hook input is larger than ${MAX_HOOK_INPUT_BYTES} bytes`) : input.toString('utf8');
}
