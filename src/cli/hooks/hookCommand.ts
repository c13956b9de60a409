import { existsSync } from 'node:fs';
import { decide } from '../../gate/pipeline';
import type { Decision } from '../../gate/decision';
import { CaptureLog } from '../../gate/capture/captureLog';
import { NOBODY_CAN_BE_ASKED, suggestAllow, suggestionSentence } from '../../gate/lists/allowSuggestion';
import { nearMissSentence } from '../../gate/lists/nearMiss';
import { RATER_SETTING_HINT } from '../../gate/rater/raterContract';
import { readCommand } from '../../gate/reading/reading';
import type { ReadingShell } from '../../gate/reading/resolution';
import { withShellDefinitions, type ShellDefinitions } from '../../gate/reading/shellDefinitions';
import { claudeShellDefinitions } from './agentShell';
import type { CliOptions } from '../options';
import { raterFromOptions, servicesFor } from '../gateServices';
import type { AgentAdapter, HookAnswer, HookOutput, ShellCall } from './agents';
import { readHookSettings, type HookSettings } from './hookSettings';
import { appendHookCapture } from './hookCapture';
import { askCard } from './cardHandOff';
import { CARD_WIRE_VERSION, cardHandOffOff, cardSocketsFor, SETTINGS_WARNING_START, type CardAnswer } from './cardHandOffWire';
import type { UserFolders } from './userFolders';

/**
 * `approvals-gate hook AGENT` (D§16): one agent hook call, from the JSON on stdin to the answer
 * in the agent's format. Every path out of {@link runHook} is a well-formed answer: the agents
 * run the command when a hook crashes, hangs or prints garbage, so a failure here is a deny
 * (exit 2 with the reason on stderr as well, where that is known to block).
 */

/** How long the hook gives itself beyond the rater's budget before it refuses on its own. */
export const HOOK_MARGIN_MS = 10_000;
/**
 * The timeout registered with the agent: beyond the hook's own deadline, so the agent never
 * kills a hook that is still deciding (a killed hook lets the command run in every agent tried).
 */
export function registeredTimeoutMs(raterTimeoutMs: number): number {
  return Math.max(60_000, raterTimeoutMs + HOOK_MARGIN_MS + 20_000);
}

export interface HookRun {
  agent: AgentAdapter;
  /** The command-line options (`hook AGENT [options of batch]`). */
  options: CliOptions;
  stdin: string;
  env: NodeJS.ProcessEnv;
  folders: UserFolders;
  /**
   * Told the hook's own deadline once the settings are read, before the decision starts: the hook
   * server passes it on, so that its client knows how long an answer may take (hookServer.ts).
   */
  onDeadline?: (ms: number) => void;
}

export async function runHook(run: HookRun): Promise<HookOutput> {
  const { agent } = run;
  try {
    return await decideHook(run);
  } catch (error) {
    return failed(agent, `the gate failed (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** A refusal the gate could not decide properly: the agent's deny, and exit 2 where that blocks. */
export function failed(agent: AgentAdapter, why: string): HookOutput {
  const reason = `Command not run: ${why}. Approvals Gate refuses what it cannot decide.`;
  const output = agent.write({ kind: 'deny', reason });
  return { stdout: output.stdout, stderr: `approvals-gate: ${reason}\n`, exitCode: agent.failureExitCode };
}

async function decideHook(run: HookRun): Promise<HookOutput> {
  const { agent, folders } = run;
  let json: unknown;
  try {
    json = JSON.parse(run.stdin);
  } catch {
    return failed(agent, `the hook input from ${agent.label} is not JSON`);
  }
  const input = agent.read(json, run.env);
  switch (input.kind) {
    case 'invalid':
      return failed(agent, `the hook input from ${agent.label} cannot be read: ${input.why}`);
    case 'other-tool':
      // Not a shell call: the gate has nothing to say, and says nothing (the agent's own rules apply).
      return { stdout: '', stderr: '', exitCode: 0 };
    case 'unreadable-shell':
      return agent.write({ kind: 'deny', reason: `Command not run: ${input.why}.` });
    case 'shell':
      break;
  }
  const call = input.call;
  const settings = readHookSettings(folders.settingsFile, call.projectFolder);
  if (settings.blocked !== undefined) return failed(agent, settings.blocked);
  const stderr = settings.problems.map((p) => `approvals-gate: ${p}\n`).join('');
  const options = withSettings(run.options, settings);
  const capture = new CaptureLog({ capacity: 1 });
  const raterTimeoutMs = options.raterTimeoutMs ?? settings.settings.rater.timeoutMs;
  const deadlineMs = raterTimeoutMs + HOOK_MARGIN_MS;
  // A card to hand an escalation to (the extension, running for this folder): the person there
  // gets until shortly before the agent's own timeout for the hook, which install registered.
  const cards = cardHandOffOff(run.env) ? [] : cardSocketsFor(call.cwd, run.env).filter((socket) => existsSync(socket));
  const started = Date.now();
  const handOffDeadlineMs = registeredTimeoutMs(raterTimeoutMs) - HOOK_MARGIN_MS;
  run.onDeadline?.(cards.length > 0 ? Math.max(deadlineMs, handOffDeadlineMs) : deadlineMs);
  const shell = shellOfCall(call, options);
  const definitions = shellDefinitionsOf(agent, run.env, folders);
  const decision = await withDeadline(
    decide(
      { command: call.command, cwd: call.cwd, tool: `hook:${agent.name}`, ...(shell !== undefined ? { shell } : {}), ...(definitions ? { shellDefinitions: definitions } : {}), ...cdpathOf(run.env) },
      { ...servicesFor(options, raterFromOptions(options, run.env)), capture },
    ),
    deadlineMs,
  );
  if (decision === 'late') return failed(agent, `the gate did not decide within ${Math.round(deadlineMs / 1000)} s`);
  let answer = withDefinitionsNote(answerFor(decision, { ...call, ...(shell !== undefined ? { shell } : {}) }, folders, options.home, settings.problems, definitions), call.command, shell, definitions, options.home);
  if (decision.action === 'escalate' && decision.stage === 'non-interactive' && cards.length > 0) {
    // The card shows the dropped settings values too: the person sees why the gate asks.
    const reason = settings.problems.length === 0 ? decision.reason : `${decision.reason} ${settingsWarning(settings.problems)}`;
    const request = { v: CARD_WIRE_VERSION, agent: agent.name, agentLabel: agent.label, command: call.command, cwd: call.cwd, reason } as const;
    const card = await askCard(request, cards, handOffDeadlineMs - (Date.now() - started));
    if (card !== null && card.action !== 'unavailable') answer = cardAnswer(card);
  }
  const output = agent.write(answer);
  const recorded = appendHookCapture(folders.captureFile, { agent: agent.name, answer: answer.kind, record: capture.records()[0] }, run.env, options);
  return { ...output, stderr: output.stderr + stderr + (recorded === null ? '' : `approvals-gate: ${recorded}\n`) };
}

/**
 * The command-line options with the settings files folded in: the files' entries first, then
 * the flags'; `--rung` (or a `--config` rung) over the files' rung; the default list only when
 * both leave it on; the rater from the flags, else from the user's settings.
 */
function withSettings(options: CliOptions, hook: HookSettings): CliOptions {
  const s = hook.settings;
  const rater = options.raterStub !== undefined || options.raterUrl !== undefined;
  return {
    ...options,
    rung: options.rungGiven ? options.rung : s.rung,
    allow: [...s.allow, ...options.allow],
    deny: [...s.deny, ...options.deny],
    escalate: [...s.escalate, ...options.escalate],
    defaultAllow: options.defaultAllow && s.defaultAllow,
    ...(!rater && s.rater.baseUrl !== null && s.rater.model !== null ? { raterUrl: s.rater.baseUrl, raterModel: s.rater.model, raterTimeoutMs: s.rater.timeoutMs } : {}),
  };
}

/**
 * Where the agent's own aliases and functions made the command unresolved, the answer says so
 * (the decision's reason names only the mechanism, `shell-state`).
 */
function withDefinitionsNote(answer: HookAnswer, command: string, shell: ReadingShell | undefined, definitions: ShellDefinitions | undefined, home: string): HookAnswer {
  if (answer.kind === 'allow' || definitions === undefined) return answer;
  const plain = readCommand(command, { home, shell: shell ?? 'any' });
  const shadowed = withShellDefinitions(plain, definitions);
  if (shadowed === plain || shadowed.resolution.resolved) return answer;
  return { ...answer, reason: `${answer.reason} (${shadowed.resolution.detail})` };
}

/** The shell the command is read in: `--shell` on the hook's command line wins over the agent's. */
export function shellOfCall(call: ShellCall, options: Pick<CliOptions, 'shell' | 'shellGiven'>): ReadingShell | undefined {
  return options.shellGiven ? options.shell : call.shell;
}

/** The aliases and functions of the agent's own shell set-up: Claude Code's snapshots, else its shell asked; none for the others. */
export function shellDefinitionsOf(agent: AgentAdapter, env: NodeJS.ProcessEnv, folders: Pick<UserFolders, 'home' | 'shellCacheFile'>): ShellDefinitions | undefined {
  return agent.name === 'claude-code' ? claudeShellDefinitions(env, folders.home, folders.shellCacheFile) : undefined;
}

/**
 * The agent's shell inherits the agent's environment, CDPATH included (the gate's own terminals
 * scrub it; an agent's shell does not), so a relative `cd` is read with it.
 */
function cdpathOf(env: NodeJS.ProcessEnv): { cdpath?: string } {
  return env.CDPATH !== undefined && env.CDPATH !== '' ? { cdpath: env.CDPATH } : {};
}

/** What the person (or the extension's floors) said on the card, as the agent's answer. */
function cardAnswer(card: CardAnswer): HookAnswer {
  switch (card.action) {
    case 'approve':
      return { kind: 'allow', reason: `Approvals Gate: ${card.reason}` };
    case 'halt':
      return { kind: 'stop', reason: `${card.reason} The agent's run ends here.` };
    default:
      return { kind: 'deny', reason: card.reason };
  }
}

/**
 * The gate's decision as the agent's answer (D§9's moves stay in the reason): approve → allow;
 * escalate → ask where a person will see the agent's prompt, else deny saying what to add or
 * to run by hand; reject → deny; halt → deny and stop the run. Every text speaks to the agent's
 * user, who is in a terminal, not in VS Code: settings are named by the hook's settings file, and
 * the allow entry suggested is one that covers this command (allowSuggestion.ts), or none.
 * `warnings` are the settings values that were dropped (hookSettings.ts), said on escalations.
 */
export function answerFor(decision: Decision, call: ShellCall, folders: UserFolders, home: string, warnings: readonly string[] = [], definitions?: ShellDefinitions): HookAnswer {
  // An entry that almost covered the command says why not, and what it would cover (docs/decisions.md, "Near misses").
  const near = (decision.nearMiss ?? []).map((miss) => ` ${nearMissSentence(miss)}`).join('');
  const reason = `${forTheUser(decision.reason, folders.settingsFile)}${decision.action === 'approve' ? '' : near}`;
  switch (decision.action) {
    case 'approve':
      return { kind: 'allow', reason: `Approvals Gate: ${reason}` };
    case 'reject':
      return { kind: 'deny', reason };
    case 'halt':
      return { kind: 'stop', reason: `${reason} The agent's run ends here.` };
    case 'escalate': {
      const file = folders.settingsFile;
      const suggestion = decision.stage === 'non-interactive' ? suggestAllow(withShellDefinitions(readCommand(call.command, { home, shell: call.shell ?? 'any' }), definitions), decision.preflight ?? [], { ...(decision.escalatedFrom ? { stage: decision.escalatedFrom } : {}), ...(decision.outcome ? { outcome: decision.outcome } : {}) }) : null;
      const advice =
        suggestion === null
          ? ''
          : suggestion.kind === 'entries'
            ? ` ${suggestionSentence(suggestion, `add to the "approvalsGate.allow" list in ${file}`)}`
            : ` No allow entry can cover this command: ${suggestion.why}.`;
      const warned = warnings.length === 0 ? '' : ` ${settingsWarning(warnings)}`;
      if (call.askHonoured && decision.stage === 'non-interactive') {
        // The agent's own prompt is the person.
        return { kind: 'ask', reason: `Approvals Gate asks you: ${reason}${advice}${warned}` };
      }
      return { kind: 'deny', reason: `${reason} Nobody can be asked from here, so the gate does not run it.${advice} Or the user runs the command by hand.${warned}` };
    }
  }
}

/** The dropped settings values, in one sentence (shown on escalations and on the card). */
export function settingsWarning(warnings: readonly string[]): string {
  const shown = warnings.slice(0, 3).join('; ');
  return `${SETTINGS_WARNING_START} ${warnings.length} value(s) of the gate's settings were dropped, so the gate asks about what they would have allowed: ${shown}${warnings.length > 3 ? '; …' : ''}. \`approvals-gate doctor\` lists them.)`;
}

/**
 * A decision's reason as the hook's user reads it: without the CLI's and the extension's advice
 * (the hook gives its own), and the rater set up in the hook's settings file.
 */
function forTheUser(reason: string, settingsFile: string): string {
  const cut = reason.indexOf(NOBODY_CAN_BE_ASKED);
  const own = cut >= 0 ? reason.slice(0, cut).trimEnd() : reason;
  return own.split(RATER_SETTING_HINT).join(`set approvalsGate.rater.baseUrl and approvalsGate.rater.model in ${settingsFile}, the key in OPENAI_API_KEY`);
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
