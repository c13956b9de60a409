/**
 * The agents the gate can sit in front of as a hook (D§16): for each, where the command is in
 * the JSON it sends, and how an answer is written in the shape it reads. No decision logic
 * lives here — hookCommand.ts maps the gate's decision onto the four answers below, and every
 * answer an adapter writes is well-formed for its agent (the agents run the command when a
 * hook's output is garbage).
 *
 * What each agent does with each answer, as documented and as observed with the real CLIs
 * (docs/agent-hooks.md has the table and the versions):
 * - Claude Code `PreToolUse`: `hookSpecificOutput.permissionDecision` allow | deny | ask; `ask`
 *   shows its own permission prompt only in the modes that prompt (`permission_mode`).
 * - Gemini CLI `BeforeTool`: `{decision: allow|deny, reason}`; no ask (headless it exits silently).
 * - Codex `PreToolUse`: only `deny` with a non-empty reason is honoured; `allow` and `ask` are
 *   "unsupported" and Codex then RUNS the command, so approve prints nothing and everything else
 *   is a deny.
 * - Copilot CLI `preToolUse`: flat `{permissionDecision, permissionDecisionReason}`; every tool
 *   call comes to the hook (no matcher). `toolArgs` is documented as a JSON string; 1.0.102 sends
 *   an object (both are read). Any exit but 0 blocks (exit 2 with the reason from stdout, else
 *   "hook errored"); non-JSON stdout or a timeout is no decision (Copilot's own rules apply).
 * - Cursor `beforeShellExecution`: `{permission, user_message, agent_message}`; `ask` is ignored
 *   in some run modes (the command then runs), so an escalation is a deny.
 */

import type { ReadingShell } from '../../gate/reading/resolution';
import { agentShell, SYSTEM_PROBE } from './agentShell';

export const AGENT_NAMES = ['claude-code', 'gemini', 'codex', 'copilot', 'cursor'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** What the hook tells the agent. */
export type HookAnswer =
  | { kind: 'allow'; reason: string }
  | { kind: 'ask'; reason: string }
  | { kind: 'deny'; reason: string }
  /** Deny, and end the agent's run where the agent supports it (a halt). */
  | { kind: 'stop'; reason: string };

/** The shell call an agent asked about. */
export interface ShellCall {
  command: string;
  cwd: string;
  /** The project folder the agent works in (for project-level settings), when it says. */
  projectFolder?: string;
  /** Whether an `ask` reaches a person in the mode the agent is in. */
  askHonoured: boolean;
  /** The shell the agent runs the command in, when known for sure; absent: bash or zsh (`any`). */
  shell?: ReadingShell;
}

/** What an agent's input is, to the gate. */
export type HookInput =
  | { kind: 'shell'; call: ShellCall }
  /** A call of another tool (Copilot sends every tool): the gate has no opinion on it. */
  | { kind: 'other-tool'; tool: string }
  /** A tool that feeds a running shell (keystrokes the gate cannot read): refused. */
  | { kind: 'unreadable-shell'; tool: string; why: string }
  | { kind: 'invalid'; why: string };

/** The bytes to write and the exit code; `stdout` '' prints nothing. */
export interface HookOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface AgentAdapter {
  name: AgentName;
  /** The agent as people call it. */
  label: string;
  read(input: unknown, env: NodeJS.ProcessEnv): HookInput;
  write(answer: HookAnswer): HookOutput;
  /**
   * The exit code of a refusal the gate could not decide properly (unreadable input, an internal
   * error): 2 where exit 2 with the reason on stderr is known to block, else 0 with the deny.
   */
  failureExitCode: number;
  /** A shell call in the agent's own input shape (`doctor` and the tests send these). */
  sampleInput(command: string, cwd: string): unknown;
  /** What the agent makes of an answer: the reverse of {@link write}, as the agent reads it. */
  readAnswer(output: { stdout: string; exitCode: number }): AgentVerdict;
}

/** How an agent takes a hook's answer: `run` for an allow or for no decision (the agents run it then). */
export type AgentVerdict = 'run' | 'ask' | 'block' | 'garbage';

function parsedAnswer(stdout: string): Record<string, unknown> | null {
  try {
    return record(JSON.parse(stdout));
  } catch {
    return null;
  }
}

/** The Claude-shaped answer (Claude Code, Codex): exit 2 blocks; else the permission decision. */
function claudeVerdict(output: { stdout: string; exitCode: number }, allowIsHonoured: boolean): AgentVerdict {
  if (output.exitCode === 2) return 'block';
  if (output.exitCode !== 0) return 'garbage';
  if (output.stdout.trim() === '') return 'run';
  const answer = parsedAnswer(output.stdout);
  const specific = record(answer?.hookSpecificOutput);
  const decision = specific?.permissionDecision;
  const reason = text(specific?.permissionDecisionReason) ?? '';
  if (decision === 'deny' && reason !== '') return 'block';
  if (decision === 'allow' && allowIsHonoured) return 'run';
  if (decision === 'ask' && allowIsHonoured) return 'ask';
  return 'garbage';
}

/** The longest reason written to an agent; the capture log keeps the whole one. */
const MAX_REASON_CHARS = 4000;

function said(reason: string): string {
  const text = reason.trim() === '' ? 'Refused by Approvals Gate.' : reason;
  return text.length <= MAX_REASON_CHARS ? text : `${text.slice(0, MAX_REASON_CHARS - 1)}…`;
}

function json(value: unknown): string {
  return JSON.stringify(value) + '\n';
}

function record(input: unknown): Record<string, unknown> | null {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A `tool_input.command` string, a `cwd`, and the project folder from the agent's variable. */
function claudeShaped(agent: AgentName, input: unknown, shellTool: string, projectVariable: string | undefined, env: NodeJS.ProcessEnv, askHonoured: (r: Record<string, unknown>) => boolean): HookInput {
  const r = record(input);
  if (!r) return { kind: 'invalid', why: 'the hook input is not a JSON object' };
  const tool = text(r.tool_name);
  if (tool === undefined) return { kind: 'invalid', why: 'the hook input has no tool_name' };
  if (tool !== shellTool) return { kind: 'other-tool', tool };
  const command = text(record(r.tool_input)?.command);
  if (command === undefined) return { kind: 'invalid', why: `the ${shellTool} call has no tool_input.command string` };
  const cwd = text(r.cwd);
  if (cwd === undefined || cwd === '') return { kind: 'invalid', why: 'the hook input has no cwd' };
  const project = projectVariable !== undefined ? env[projectVariable] : undefined;
  return { kind: 'shell', call: { command, cwd, projectFolder: project !== undefined && project !== '' ? project : cwd, askHonoured: askHonoured(r), ...shellOf(agent, env) } };
}

/** `{shell}` when the agent's shell is known for sure (agentShell.ts), else nothing (`any`). */
function shellOf(agent: AgentName, env: NodeJS.ProcessEnv, tool?: string): { shell?: ReadingShell } {
  const shell = agentShell(agent, { ...SYSTEM_PROBE, env }, tool);
  return shell === undefined ? {} : { shell };
}

/** Claude Code's modes that show a permission prompt; in the others an `ask` is not a person. */
const CLAUDE_PROMPTING_MODES = new Set(['default', 'acceptEdits', 'plan']);

function claudeOutput(decision: 'allow' | 'deny' | 'ask', reason: string, extra: Record<string, unknown> = {}): string {
  return json({ ...extra, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: said(reason) } });
}

const claudeCode: AgentAdapter = {
  name: 'claude-code',
  label: 'Claude Code',
  failureExitCode: 2,
  read: (input, env) => claudeShaped('claude-code', input, 'Bash', 'CLAUDE_PROJECT_DIR', env, (r) => CLAUDE_PROMPTING_MODES.has(text(r.permission_mode) ?? '')),
  sampleInput: (command, cwd) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd, permission_mode: 'default' }),
  readAnswer: (output) => claudeVerdict(output, true),
  write(answer) {
    switch (answer.kind) {
      case 'allow':
      case 'ask':
      case 'deny':
        return { stdout: claudeOutput(answer.kind, answer.reason), stderr: '', exitCode: 0 };
      case 'stop':
        return { stdout: claudeOutput('deny', answer.reason, { continue: false, stopReason: said(answer.reason) }), stderr: '', exitCode: 0 };
    }
  },
};

const gemini: AgentAdapter = {
  name: 'gemini',
  label: 'Gemini CLI',
  failureExitCode: 2,
  read: (input, env) => claudeShaped('gemini', input, 'run_shell_command', 'GEMINI_PROJECT_DIR', env, () => false),
  sampleInput: (command, cwd) => ({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command }, cwd }),
  readAnswer(output) {
    if (output.exitCode === 2) return 'block';
    if (output.exitCode !== 0) return 'garbage';
    if (output.stdout.trim() === '') return 'run';
    const decision = parsedAnswer(output.stdout)?.decision;
    return decision === 'allow' ? 'run' : decision === 'deny' || decision === 'block' ? 'block' : 'garbage';
  },
  write(answer) {
    switch (answer.kind) {
      case 'allow':
        return { stdout: json({ decision: 'allow', reason: said(answer.reason) }), stderr: '', exitCode: 0 };
      case 'ask':
      case 'deny':
        return { stdout: json({ decision: 'deny', reason: said(answer.reason) }), stderr: '', exitCode: 0 };
      case 'stop':
        return { stdout: json({ decision: 'deny', reason: said(answer.reason), continue: false, stopReason: said(answer.reason) }), stderr: '', exitCode: 0 };
    }
  },
};

const codex: AgentAdapter = {
  name: 'codex',
  label: 'Codex CLI',
  failureExitCode: 2,
  // Codex sets no project variable; its hook input carries the cwd.
  read: (input, env) => claudeShaped('codex', input, 'Bash', undefined, env, () => false),
  sampleInput: (command, cwd) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd, permission_mode: 'bypassPermissions' }),
  // `allow` and `ask` are "unsupported": the hook counts as failed and the command runs.
  readAnswer: (output) => {
    const verdict = claudeVerdict(output, false);
    return verdict === 'garbage' && output.exitCode === 0 ? 'run' : verdict;
  },
  write(answer) {
    // Nothing but a reasoned deny is honoured; anything else it does not support makes it run.
    if (answer.kind === 'allow') return { stdout: '', stderr: '', exitCode: 0 };
    return { stdout: claudeOutput('deny', answer.reason), stderr: '', exitCode: 0 };
  },
};

/** Copilot CLI's tools that run a command line, and the one that types into a running shell. */
const COPILOT_SHELL_TOOLS = new Set(['bash', 'powershell']);
const COPILOT_SHELL_INPUT_TOOLS = new Set(['write_bash', 'write_powershell']);

const copilot: AgentAdapter = {
  name: 'copilot',
  label: 'Copilot CLI',
  failureExitCode: 0,
  // As 1.0.102 sends it (observed offline, docs/agent-hooks.md).
  sampleInput: (command, cwd) => ({ sessionId: 'approvals-gate-doctor', timestamp: Date.now(), cwd, toolName: 'bash', toolArgs: { command, description: 'doctor' } }),
  readAnswer(output) {
    // 1.0.102 denies on any other exit code: "hook errored", or exit 2 with stdout's reason.
    if (output.exitCode !== 0) return 'block';
    if (output.stdout.trim() === '') return 'run';
    const decision = parsedAnswer(output.stdout)?.permissionDecision;
    return decision === 'allow' ? 'run' : decision === 'deny' ? 'block' : decision === 'ask' ? 'ask' : 'garbage';
  },
  read(input, env) {
    const r = record(input);
    if (!r) return { kind: 'invalid', why: 'the hook input is not a JSON object' };
    const tool = text(r.toolName);
    if (tool === undefined) return { kind: 'invalid', why: 'the hook input has no toolName' };
    if (COPILOT_SHELL_INPUT_TOOLS.has(tool)) return { kind: 'unreadable-shell', tool, why: `${tool} types into a shell that is already running, where the gate cannot read what the input will do; run the command with the ${tool.slice('write_'.length)} tool instead` };
    if (!COPILOT_SHELL_TOOLS.has(tool)) return { kind: 'other-tool', tool };
    let args: unknown = r.toolArgs;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        return { kind: 'invalid', why: `the ${tool} call's toolArgs is not JSON` };
      }
    }
    const command = text(record(args)?.command);
    if (command === undefined) return { kind: 'invalid', why: `the ${tool} call has no command` };
    const cwd = text(r.cwd);
    if (cwd === undefined || cwd === '') return { kind: 'invalid', why: 'the hook input has no cwd' };
    return { kind: 'shell', call: { command, cwd, projectFolder: cwd, askHonoured: false, ...shellOf('copilot', env, tool) } };
  },
  write(answer) {
    const decision = answer.kind === 'allow' ? 'allow' : 'deny';
    return { stdout: json({ permissionDecision: decision, permissionDecisionReason: said(answer.reason) }), stderr: '', exitCode: 0 };
  },
};

const cursor: AgentAdapter = {
  name: 'cursor',
  label: 'Cursor',
  failureExitCode: 0,
  sampleInput: (command, cwd) => ({ hook_event_name: 'beforeShellExecution', command, cwd, workspace_roots: [cwd] }),
  readAnswer(output) {
    if (output.exitCode === 2) return 'block';
    if (output.exitCode !== 0) return 'garbage';
    const permission = parsedAnswer(output.stdout)?.permission;
    return permission === 'allow' ? 'run' : permission === 'deny' ? 'block' : permission === 'ask' ? 'ask' : 'garbage';
  },
  read(input) {
    const r = record(input);
    if (!r) return { kind: 'invalid', why: 'the hook input is not a JSON object' };
    const command = text(r.command);
    if (command === undefined) return { kind: 'invalid', why: 'the hook input has no command string' };
    const cwd = text(r.cwd);
    if (cwd === undefined || cwd === '') return { kind: 'invalid', why: 'the hook input has no cwd' };
    const roots = Array.isArray(r.workspace_roots) ? r.workspace_roots.filter((root): root is string => typeof root === 'string' && root !== '') : [];
    return { kind: 'shell', call: { command, cwd, projectFolder: roots[0] ?? cwd, askHonoured: false } };
  },
  write(answer) {
    const permission = answer.kind === 'allow' ? 'allow' : 'deny';
    const reason = said(answer.reason);
    // Both spellings of the message fields: Cursor's releases have read one or the other.
    const body: Record<string, unknown> = { permission, user_message: reason, agent_message: reason, userMessage: reason, agentMessage: reason };
    if (answer.kind === 'stop') body.continue = false;
    return { stdout: json(body), stderr: '', exitCode: 0 };
  },
};

export const AGENTS: Readonly<Record<AgentName, AgentAdapter>> = { 'claude-code': claudeCode, gemini, codex, copilot, cursor };

export function agentNamed(name: string): AgentAdapter | undefined {
  return (AGENT_NAMES as readonly string[]).includes(name) ? AGENTS[name as AgentName] : undefined;
}
