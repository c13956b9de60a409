/**
 * Runs the real agent CLIs (Claude Code, Gemini CLI, Codex, Copilot CLI; installed by
 * scripts/agents/install-agent-clis.sh into .agents/) offline against the fake model server
 * (./fakeModelServer.ts), one headless run per call, with a hook registered for its shell tool.
 *
 * Each case has its own temp root: home/ (HOME, so every agent's user config, state and the gate's
 * user settings live there), ws/ (the working folder), tmp/ (TMPDIR). The agents run with a clean
 * environment (PATH, HOME, TMPDIR, LANG, TERM and the agent's own variables only, as `env -i`),
 * stdin closed (with an open pipe Claude, Gemini and Codex wait for EOF), and a hard timeout that kills the whole
 * process group (none of them gives up on its own against a dead server).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeModelServer, ModelLogEntry } from './fakeModelServer';
import { writeClaudeSnapshot } from '../claudeSnapshot';

export type AgentName = 'claude-code' | 'gemini' | 'codex' | 'copilot';
export const AGENTS: readonly AgentName[] = ['claude-code', 'gemini', 'codex', 'copilot'];

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const INSTALLER = 'scripts/agents/install-agent-clis.sh';
/** Where the installer puts the CLIs (AGENTS_DIR overrides it, for the installer as for this). */
export const AGENTS_DIR = process.env.AGENTS_DIR || path.join(REPO_ROOT, '.agents');

const PACKAGES: Record<AgentName, { pkg: string; bin: string }> = {
  'claude-code': { pkg: '@anthropic-ai/claude-code', bin: 'claude' },
  gemini: { pkg: '@google/gemini-cli', bin: 'gemini' },
  codex: { pkg: '@openai/codex', bin: 'codex' },
  copilot: { pkg: '@github/copilot', bin: 'copilot' },
};

/**
 * Where Copilot CLI unpacks the package inside its native binary (235 MB, on its first start; by
 * default under `$HOME/.cache/copilot/pkg`, so once per case): one shared folder, filled by the
 * installer's `copilot --version`.
 */
export const COPILOT_PKG_CACHE = path.join(AGENTS_DIR, 'copilot-cache');

/** The pinned versions, from the file the installer reads. */
export function pinnedVersions(): Record<string, string> {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'scripts/agents/agent-clis.json'), 'utf8')) as Record<string, string>;
}

/** The CLI's entry: claude's native binary, or the Node script of gemini, codex and copilot (its loader). */
export function agentBin(agent: AgentName): string {
  return path.join(AGENTS_DIR, 'node_modules/.bin', PACKAGES[agent].bin);
}

/**
 * What is missing or at the wrong version in .agents/, one line each; empty when all four
 * are there at their pins, claude's native binary answers (its postinstall has run) and so does
 * copilot's (its platform package, an optional dependency, is there).
 */
export function agentClisProblems(): string[] {
  const pins = pinnedVersions();
  const problems: string[] = [];
  for (const agent of AGENTS) {
    const { pkg } = PACKAGES[agent];
    const manifest = path.join(AGENTS_DIR, 'node_modules', pkg, 'package.json');
    let version: string | undefined;
    try {
      version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
    } catch {
      problems.push(`${pkg} is not installed in ${AGENTS_DIR}`);
      continue;
    }
    if (version !== pins[pkg]) problems.push(`${pkg} is at ${version} in ${AGENTS_DIR}, the pin is ${pins[pkg]}`);
    else if (!existsSync(agentBin(agent))) problems.push(`${agentBin(agent)} is missing`);
  }
  if (problems.length === 0) {
    const probe = spawnSync(agentBin('claude-code'), ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] });
    if (probe.status !== 0) problems.push(`claude --version failed (${(probe.stderr || probe.stdout || String(probe.error)).trim()}): its postinstall did not run`);
    const copilot = spawnSync(process.execPath, [agentBin('copilot'), '--version'], {
      encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: COPILOT_PKG_CACHE, COPILOT_PKG_CACHE_HOME: COPILOT_PKG_CACHE, COPILOT_AUTO_UPDATE: 'false', COPILOT_OFFLINE: 'true' },
    });
    if (copilot.status !== 0) problems.push(`copilot --version failed (${(copilot.stderr || copilot.stdout || String(copilot.error)).trim()}): its platform package is missing`);
  }
  return problems;
}

/**
 * One case's folders. `marker` is a path the commands of the case touch: it exists iff one ran.
 * `hookRecord` is where ./hookRecorder.cjs writes one line per call of the gate's hook.
 */
export interface CaseRoot {
  root: string;
  home: string;
  ws: string;
  tmp: string;
  marker: string;
  hookRecord: string;
}

/** One call of `node …/cli.js hook <agent>`, as ./hookRecorder.cjs saw it from inside. */
export interface HookCall {
  pid: number;
  argv: string[];
  stdout: string;
  stderr: string;
  exitCode: number;
}

const HOOK_RECORDER = path.join(__dirname, 'hookRecorder.cjs');

/** What the whole stage needs, checked as a failure (never a skip) that says what to do. */
export function requireAgentStage(): void {
  const problems = agentClisProblems();
  if (problems.length > 0) {
    throw new Error(`the agent CLIs are not installed as pinned: ${problems.join('; ')}. Run: bash ${INSTALLER}`);
  }
  if (!existsSync(GATE_CLI)) throw new Error(`${GATE_CLI} is missing. Run: npm run build`);
}

let suiteRoot: string | undefined;

/** The temp folder all case roots of this process live in (removed by `removeCaseRoots`). */
export function casesFolder(): string {
  suiteRoot ??= mkdtempSync(path.join(tmpdir(), 'approvals-gate-agents-'));
  return suiteRoot;
}

export function newCaseRoot(name: string): CaseRoot {
  const root = mkdtempSync(path.join(casesFolder(), `${name.replace(/[^\w.-]+/g, '-')}-`));
  const dirs = { home: path.join(root, 'home'), ws: path.join(root, 'ws'), tmp: path.join(root, 'tmp') };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  return { root, ...dirs, marker: path.join(root, 'marker'), hookRecord: path.join(root, 'hook-calls.jsonl') };
}

/** Removes every case root, unless KEEP_AGENT_CASES is set (then it says where they are). */
export function removeCaseRoots(): void {
  if (!suiteRoot) return;
  if (process.env.KEEP_AGENT_CASES) {
    process.stdout.write(`agent case folders kept in ${suiteRoot}\n`);
  } else {
    rmSync(suiteRoot, { recursive: true, force: true });
  }
  suiteRoot = undefined;
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

function readJsonObject(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * `$HOME/.claude/settings.json`, `$HOME/.gemini/settings.json`, `$HOME/.codex/{config.toml,hooks.json}`;
 * Copilot CLI reads every `$HOME/.copilot/hooks/*.json`: the tests' own file, and the gate's
 * (`install copilot`).
 */
export function agentConfigPaths(home: string) {
  return {
    claudeSettings: path.join(home, '.claude/settings.json'),
    geminiSettings: path.join(home, '.gemini/settings.json'),
    codexConfig: path.join(home, '.codex/config.toml'),
    codexHooks: path.join(home, '.codex/hooks.json'),
    copilotTestHooks: path.join(home, '.copilot/hooks/agent-test.json'),
    copilotGateHooks: path.join(home, '.copilot/hooks/approvals-gate.json'),
  };
}

/**
 * The agent's own user configuration that a run needs, before any hook: none for Claude Code
 * (an empty HOME and ANTHROPIC_API_KEY are enough) nor for Copilot CLI (its variables do it all); Gemini's auth type, with telemetry, usage
 * statistics and update checks off; Codex's fake model provider, with analytics, plugins and the
 * update check off. A hook registration (by hand, or by `approvals-gate install`) comes after.
 */
export function writeAgentConfig(agent: AgentName, home: string, server: FakeModelServer): void {
  const paths = agentConfigPaths(home);
  if (agent === 'gemini') {
    writeJson(paths.geminiSettings, {
      // Without it 0.61 picks auth type "gateway" for GOOGLE_GEMINI_BASE_URL, and -p dies with
      // "Invalid auth method selected."
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    });
  } else if (agent === 'codex') {
    mkdirSync(path.dirname(paths.codexConfig), { recursive: true });
    writeFileSync(
      paths.codexConfig,
      [
        'model = "fake-model"',
        'model_provider = "fake"',
        'approval_policy = "never"',
        'check_for_update_on_startup = false',
        '',
        '[analytics]',
        'enabled = false',
        '',
        '[features]',
        'plugins = false',
        '',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${server.baseUrl}/v1"`,
        'wire_api = "responses"',
        'env_key = "FAKE_OPENAI_KEY"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
  } else if (agent === 'claude-code') {
    // Claude Code 2.1.328 writes its own shell snapshot only at the first Bash command, after the
    // PreToolUse hook; with none there the gate reads every command unresolved (docs/agent-hooks.md, "Which shell runs the command").
    // The case stands for a user with another session running: one snapshot, no user aliases.
    writeClaudeSnapshot(home, 'snapshot-zsh-1796400000000-agtest.sh', '');
  }
}

export { writeClaudeSnapshot };

/** The hook registration each agent reads, for a hook command line (timeouts: s, ms, s, s). */
export function hookRegistration(agent: AgentName, command: string): Record<string, unknown> {
  if (agent === 'copilot') {
    // No matcher: Copilot sends every tool call to a preToolUse hook.
    return { version: 1, hooks: { preToolUse: [{ type: 'command', bash: command, timeoutSec: 60 }] } };
  }
  if (agent === 'gemini') {
    return { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command, timeout: 60_000 }] }] } };
  }
  return { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, timeout: 60 }] }] } };
}

/**
 * Registers `command` as the agent's hook by hand: Claude Code's in a `--settings` file of the
 * case (so `$HOME/.claude/settings.json` stays for `install`), Gemini's merged into
 * `$HOME/.gemini/settings.json`, Codex's in `$HOME/.codex/hooks.json`, Copilot's in
 * `$HOME/.copilot/hooks/agent-test.json`. Returns the Claude settings file, to pass as
 * `settingsFile`.
 */
export function registerHook(agent: AgentName, root: CaseRoot, command: string): string | undefined {
  const paths = agentConfigPaths(root.home);
  if (agent === 'claude-code') {
    const file = path.join(root.root, 'claude-hook-settings.json');
    writeJson(file, hookRegistration(agent, command));
    return file;
  }
  if (agent === 'gemini') {
    writeJson(paths.geminiSettings, { ...readJsonObject(paths.geminiSettings), ...hookRegistration(agent, command) });
    return undefined;
  }
  if (agent === 'copilot') {
    writeJson(paths.copilotTestHooks, hookRegistration(agent, command));
    return undefined;
  }
  writeJson(paths.codexHooks, hookRegistration(agent, command));
  return undefined;
}

/** The gate's CLI bundle: `<repo>/dist/cli.js` (`npm run build`); APPROVALS_GATE_CLI names another build. */
export const GATE_CLI = process.env.APPROVALS_GATE_CLI || path.join(REPO_ROOT, 'dist/cli.js');

/** `node <repo>/dist/cli.js hook <agent>` — the gate's hook as a user would register it. */
export function gateHookCommand(agent: AgentName): string {
  return `${shellQuote(process.execPath)} ${shellQuote(GATE_CLI)} hook ${agent}`;
}

export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The gate's user settings, `$HOME/.config/approvals-gate/settings.json` (text as given, or JSON). */
export function writeGateSettings(home: string, settings: Record<string, unknown> | string): string {
  const file = path.join(home, '.config/approvals-gate/settings.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof settings === 'string' ? settings : JSON.stringify(settings, null, 2) + '\n');
  return file;
}

/** The environment every process of a case starts from: nothing of this machine's leaks in. */
export function cleanEnv(root: CaseRoot): NodeJS.ProcessEnv {
  return {
    // node first: gemini and codex are `#!/usr/bin/env node` scripts, and so is the hook command.
    // The agent CLIs are on PATH as on a user's machine (`install codex` runs `codex app-server`).
    PATH: [path.dirname(process.execPath), path.join(AGENTS_DIR, 'node_modules/.bin'), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: root.home,
    TMPDIR: root.tmp,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
  };
}

function agentEnv(agent: AgentName, server: FakeModelServer): NodeJS.ProcessEnv {
  switch (agent) {
    case 'claude-code':
      return {
        ANTHROPIC_BASE_URL: server.baseUrl,
        ANTHROPIC_API_KEY: 'sk-fake-key',
        // Without it, Claude Code looks up api.anthropic.com and others at start-up.
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      };
    case 'gemini':
      return {
        GOOGLE_GEMINI_BASE_URL: server.baseUrl,
        GEMINI_API_KEY: 'fake-key',
        // Else "Approval mode overridden to default because the current folder is not trusted".
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        // Skips the self-relaunch that raises the heap limit (~1 s per run).
        GEMINI_CLI_NO_RELAUNCH: 'true',
      };
    case 'codex':
      return { FAKE_OPENAI_KEY: 'sk-fake-key' };
    case 'copilot':
      return {
        // BYOK on the Anthropic API: no GitHub sign-in. Without COPILOT_OFFLINE it still looks
        // up api.github.com at start-up (and the run takes seconds longer here).
        COPILOT_OFFLINE: 'true',
        COPILOT_PROVIDER_TYPE: 'anthropic',
        COPILOT_PROVIDER_BASE_URL: server.baseUrl,
        COPILOT_PROVIDER_API_KEY: 'sk-fake-key',
        COPILOT_MODEL: 'claude-sonnet-4',
        // The package the installer unpacked, and never a newer one from that cache.
        COPILOT_PKG_CACHE_HOME: COPILOT_PKG_CACHE,
        COPILOT_AUTO_UPDATE: 'false',
      };
  }
}

export interface RunOptions {
  agent: AgentName;
  root: CaseRoot;
  server: FakeModelServer;
  /** The command the fake model asks the shell tool to run. */
  command: string;
  /** Claude Code: a `--settings` file (from `registerHook`). */
  settingsFile?: string;
  /** Codex: pass `--dangerously-bypass-hook-trust` (default true; false relies on recorded trust). */
  bypassHookTrust?: boolean;
  /** Kill the run after this long (default 90 s). */
  timeoutMs?: number;
  /** Folders put before the clean PATH (an installed package's bin, a stand-in program). */
  pathPrefix?: readonly string[];
  /** Variables added to the clean environment (`SHELL`, to pick the shell an agent runs). */
  env?: Readonly<Record<string, string>>;
}

export interface RunResult {
  agent: AgentName;
  /** The exit code, or null when killed. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
  /** Whether `root.marker` exists after the run: the command (or its first part) really ran. */
  markerExists: boolean;
  /** The fake model's requests during this run. */
  log: ModelLogEntry[];
  /** The last tool result the agent sent the model (what the model read), or null. */
  toolResult: string | null;
  /** The gate hook's calls during this run. */
  hookCalls: HookCall[];
  /** The argv run, for messages. */
  argv: string[];
}

/** The argv of one headless run; prompts are `RUN_COMMAND: <command>`. */
function agentArgv(options: RunOptions): string[] {
  const prompt = `RUN_COMMAND: ${options.command}`;
  switch (options.agent) {
    case 'claude-code':
      // Not --bare: it skips every settings hook, --settings ones included.
      return [agentBin('claude-code'), '-p', prompt, '--output-format', 'json', ...(options.settingsFile ? ['--settings', options.settingsFile] : [])];
    case 'gemini':
      // --yolo: in -p mode with the default approval mode the shell tool is not even offered.
      return [process.execPath, agentBin('gemini'), '-p', prompt, '--output-format', 'json', '--yolo'];
    case 'codex':
      return [
        process.execPath, agentBin('codex'), 'exec', '--skip-git-repo-check', '--json', '-s', 'workspace-write',
        ...(options.bypassHookTrust === false ? [] : ['--dangerously-bypass-hook-trust']),
        prompt,
      ];
    case 'copilot':
      // --allow-all-tools, as headless use wants it: then only the hook stands between the
      // model and the shell (a hook's allow runs a command even without it).
      return [process.execPath, agentBin('copilot'), '-p', prompt, '--output-format', 'json', '--allow-all-tools'];
  }
}

/** Process groups of the agent runs still going: killed when this process is stopped. */
const liveGroups = new Set<number>();
let stopHandlersInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * A stage timeout (scripts/test.mjs) or Ctrl-C stops mocha; the agents run in their own process
 * groups and would keep retrying a dead fake server for ever, so they go first. The signal may
 * not reach this process at all: mocha's bin runs the tests in a child (for `node-option`) and
 * does not pass SIGTERM on, so a parent that goes away counts as a stop too.
 */
function installStopHandlers(): void {
  if (stopHandlersInstalled) return;
  stopHandlersInstalled = true;
  const stop = (code: number) => {
    for (const pid of liveGroups) killGroup(pid);
    removeCaseRoots();
    process.exit(code);
  };
  process.once('SIGTERM', () => stop(143));
  process.once('SIGINT', () => stop(130));
  process.once('exit', () => {
    for (const pid of liveGroups) killGroup(pid);
  });
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      process.stderr.write('agent runner: the parent process is gone; stopping the agent runs\n');
      stop(143);
    }
  }, 1000).unref();
}

/** Runs the agent once on `RUN_COMMAND: <command>`; never hangs past `timeoutMs`. */
export function runAgent(options: RunOptions): Promise<RunResult> {
  const { root, server } = options;
  rmSync(root.marker, { force: true });
  const argv = agentArgv(options);
  if (/\s/.test(HOOK_RECORDER)) throw new Error(`${HOOK_RECORDER}: NODE_OPTIONS cannot carry a path with spaces`);
  const clean = cleanEnv(root);
  const env = {
    ...clean,
    PATH: [...(options.pathPrefix ?? []), clean.PATH].join(':'),
    ...options.env,
    ...agentEnv(options.agent, server),
    // All four pass their environment on to the hook command.
    NODE_OPTIONS: `--require ${HOOK_RECORDER}`,
    AGENT_HOOK_RECORD: root.hookRecord,
  };
  const firstEntry = server.log.length;
  const firstCall = readHookCalls(root).length;
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 90_000;
  return new Promise((resolve, reject) => {
    installStopHandlers();
    const child = spawn(argv[0]!, argv.slice(1), { cwd: root.ws, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const pid = child.pid;
    if (pid !== undefined) liveGroups.add(pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) {
        killGroup(pid); // anything the agent left behind in its group (a hung hook, a helper)
        liveGroups.delete(pid);
      }
      const log = server.log.slice(firstEntry);
      const results = log.map((entry) => entry.toolResult).filter((text): text is string => text !== null);
      resolve({
        agent: options.agent, code, signal, timedOut, stdout, stderr,
        ms: Date.now() - started,
        markerExists: existsSync(root.marker),
        log,
        toolResult: results.at(-1) ?? null,
        hookCalls: readHookCalls(root).slice(firstCall),
        argv,
      });
    });
  });
}

export function readHookCalls(root: CaseRoot): HookCall[] {
  if (!existsSync(root.hookRecord)) return [];
  return readFileSync(root.hookRecord, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as HookCall);
}

/** Runs `node dist/cli.js ARGS` in the case's clean environment (install, uninstall, explain). */
export function runGateCli(root: CaseRoot, args: readonly string[], timeoutMs = 60_000) {
  return spawnSync(process.execPath, [GATE_CLI, ...args], {
    cwd: root.ws, env: cleanEnv(root), encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A short account of a run, for assertion messages. */
export function describeRun(result: RunResult): string {
  const clip = (text: string) => (text.length > 1500 ? text.slice(0, 700) + ' […] ' + text.slice(-700) : text);
  return [
    `${result.agent}: exit ${result.code}${result.signal ? ` (${result.signal})` : ''}${result.timedOut ? ' TIMED OUT' : ''} in ${result.ms} ms, marker ${result.markerExists ? 'exists' : 'absent'}`,
    `hook calls: ${JSON.stringify(result.hookCalls.map(({ stdout, stderr, exitCode }) => ({ stdout, stderr, exitCode })))}`,
    `model requests: ${JSON.stringify(result.log.map(({ api, reply, command, toolResult }) => ({ api, reply, command, toolResult })))}`,
    `stdout: ${clip(result.stdout.trim())}`,
    `stderr: ${clip(result.stderr.trim())}`,
  ].join('\n');
}

/**
 * The agent's last answer text from its headless output: Claude's `result`, Gemini's `response`,
 * Codex's last `agent_message`, Copilot's last non-empty `assistant.message`. Undefined when there is none — Gemini 0.61 exits 0 with an EMPTY
 * stdout when a hook answers `ask`, so "exit 0" alone says nothing.
 */
export function finalText(agent: AgentName, stdout: string): string | undefined {
  try {
    if (agent === 'claude-code') return (JSON.parse(stdout) as { result?: string }).result;
    if (agent === 'gemini') return (JSON.parse(stdout) as { response?: string }).response;
  } catch {
    return undefined;
  }
  let text: string | undefined;
  for (const line of stdout.split('\n')) {
    try {
      const event = JSON.parse(line) as { type?: string; item?: { type?: string; text?: string }; data?: { content?: unknown } };
      if (agent === 'codex' && event.type === 'item.completed' && event.item?.type === 'agent_message') text = event.item.text;
      if (agent === 'copilot' && event.type === 'assistant.message' && typeof event.data?.content === 'string' && event.data.content !== '') text = event.data.content;
    } catch {
      // not an event line
    }
  }
  return text;
}

export type HookDecision = 'allow' | 'deny' | 'ask' | 'unreadable';

/**
 * What a hook call answered, read the way the agent reads it: exit 2 denies (all four); Claude's `hookSpecificOutput.permissionDecision`; Gemini's `decision`
 * (`block` = deny); Codex honours only a deny with a reason (or `decision: block`), and an empty
 * stdout with exit 0 lets the command run; Copilot's flat `permissionDecision`.
 */
export function hookDecision(agent: AgentName, call: Pick<HookCall, 'stdout' | 'stderr' | 'exitCode'>): { decision: HookDecision; reason: string } {
  if (call.exitCode === 2) {
    // Blocked whatever stdout says; the reason is the deny's on stdout when there is one
    // (that is what Claude Code and Gemini pass on), else stderr.
    const onStdout = call.stdout.trim() === '' ? undefined : hookDecision(agent, { ...call, exitCode: 0 });
    return { decision: 'deny', reason: onStdout?.decision === 'deny' && onStdout.reason ? onStdout.reason : call.stderr.trim() };
  }
  if (call.exitCode !== 0) return { decision: 'unreadable', reason: `exit ${call.exitCode}` };
  if (agent === 'codex' && call.stdout.trim() === '') return { decision: 'allow', reason: '' };
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(call.stdout) as Record<string, unknown>;
  } catch {
    return { decision: 'unreadable', reason: call.stdout };
  }
  const specific = answer.hookSpecificOutput as { permissionDecision?: unknown; permissionDecisionReason?: unknown } | undefined;
  const legacy = { decision: answer.decision === 'block' ? 'deny' : answer.decision, reason: answer.reason };
  const flat = { decision: answer.permissionDecision, reason: answer.permissionDecisionReason };
  const picked = agent === 'gemini' ? legacy : agent === 'copilot' ? flat : specific?.permissionDecision !== undefined ? { decision: specific.permissionDecision, reason: specific.permissionDecisionReason } : legacy;
  const reason = typeof picked.reason === 'string' ? picked.reason : '';
  if (agent === 'codex' && !(picked.decision === 'deny' && reason !== '')) return { decision: 'unreadable', reason: call.stdout };
  if (picked.decision === 'allow' || picked.decision === 'deny' || picked.decision === 'ask') return { decision: picked.decision, reason };
  return { decision: 'unreadable', reason: call.stdout };
}
