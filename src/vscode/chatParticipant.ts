import { homedir } from 'node:os';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import * as vscode from 'vscode';
import type { AgentEvents, ToolEndEvent } from '../agent/agentEvents';
import type { AgentTurnResult } from '../agent/agentLoop';
import type { CaptureLog } from '../gate/capture/captureLog';
import { formatTrace } from '../gate/decisionTrace';
import type { Decision } from '../gate/decision';
import type { Rater } from '../gate/rater/raterContract';
import { readCommand } from '../gate/reading/reading';
import { parseRung, RUNG_DESCRIPTIONS, RUNGS } from '../gate/rung';
import { agentApiKey } from './agentApiKey';
import type { ApprovalPanel } from './approvalPanel';
import type { HistoryTurn } from './chatHistory';
import { commandBlock, decisionLine, escapeMarkdown, fenced, inlineCode, shownCommand } from './chatRendering';
import { ChatSessions, sessionIdOf, turnOf, type ChatSession, type GateChatMetadata } from './chatSessions';
import type { GatedExecution } from './gatedExecution';
import type { RaterProvider } from './raterProvider';
import type { RungSwitcher } from './rungSwitcher';
import type { WideningGuard } from './wideningGuard';

/**
 * `@gate` (D§13, docs/chat-participant.md): a small coding agent in the Chat view whose shell
 * commands and (at `manual`) file writes pass the gate. The agent loop itself is vscode-free
 * (`src/agent/`); this file connects it to VS Code:
 * - its model: `ChatOpenAI` on `approvalsGate.agent.baseUrl`/`.model` when both are set (key:
 *   `agentApiKey.ts`), otherwise the model picked in the Chat view through the `vscode.lm` adapter;
 * - the rater for the request's ratings when no rater endpoint is set: the same model (D§8), put in
 *   force for exactly this request's decisions through `RaterProvider.within`;
 * - rendering: progress while the model thinks, each command as a code block with the gate's
 *   decision line and the end of its output, a button to the card while one waits for the person;
 * - cancellation (the chat's stop button) aborts the turn, which withdraws a pending card — the
 *   call is rejected — and stops a running command;
 * - sessions (`chatSessions.ts`): one negotiation per chat, transcripts of recent turns;
 * - `/rung` (show; `/rung manual` switches; `bypass` asks for the modal confirmation) and
 *   `/explain <command>` (the readable decision record); follow-ups after a refusal.
 * LangChain is loaded from the lazy bundle on the first request (`agentModule.ts`).
 */

export const GATE_PARTICIPANT_ID = 'approvalsGate.gate';

/** The endpoint settings in force (empty strings when unset). */
export interface ParticipantEndpoints {
  agent: { baseUrl: string; model: string };
  rater: { baseUrl: string };
}

export interface GateParticipantParts {
  gate: GatedExecution;
  panel: ApprovalPanel;
  rung: RungSwitcher;
  rater: RaterProvider;
  capture: CaptureLog;
  log: vscode.LogOutputChannel;
  endpoints: () => ParticipantEndpoints;
  secrets: vscode.SecretStorage;
}

/** Refused commands remembered per response for the follow-ups. */
const REFUSED_KEPT = 3;

/**
 * `@gate` for the extension: the endpoints in force (after the widening guard), the
 * agent key in the extension's secret storage.
 */
export function registerChatParticipant(
  context: vscode.ExtensionContext,
  wiring: Omit<GateParticipantParts, 'endpoints' | 'secrets'> & { widening: WideningGuard },
): vscode.Disposable {
  const { widening, ...parts } = wiring;
  return registerGateParticipant({
    ...parts,
    endpoints: () => ({
      agent: { baseUrl: widening.settings.agent.baseUrl ?? '', model: widening.settings.agent.model ?? '' },
      rater: { baseUrl: widening.settings.rater.baseUrl ?? '' },
    }),
    secrets: context.secrets,
  });
}

export function registerGateParticipant(parts: GateParticipantParts): vscode.Disposable {
  const sessions = new ChatSessions();
  const participant = vscode.chat.createChatParticipant(GATE_PARTICIPANT_ID, (request, context, stream, token) =>
    handleRequest(parts, sessions, request, context, stream, token),
  );
  participant.iconPath = new vscode.ThemeIcon('shield');
  participant.followupProvider = { provideFollowups: (result) => followupsFor(result) };
  return participant;
}

async function handleRequest(
  parts: GateParticipantParts,
  sessions: ChatSessions,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const responses = context.history.filter((turn): turn is vscode.ChatResponseTurn => turn instanceof vscode.ChatResponseTurn);
  const session = sessions.forHistory(responses.map((turn) => turn.result.metadata));
  const metadata: GateChatMetadata = { sessionId: session.id };
  try {
    switch (request.command) {
      case 'rung':
        await rungCommand(parts.rung, request.prompt, stream);
        return { metadata };
      case 'explain':
        await explainCommand(parts, request, stream);
        return { metadata };
      case undefined:
        return await agentTurn(parts, sessions, session, request, context, stream, token);
      default:
        stream.markdown(`@gate has no command /${escapeMarkdown(request.command, 40)}. Try /rung or /explain.`);
        return { metadata };
    }
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n', 1)[0]! : String(error);
    parts.log.error(`@gate: ${message}`);
    return { metadata, errorDetails: { message: `@gate failed: ${message}` } };
  }
}

// ── The agent's turn ──────────────────────────────────────────────────────────────────

type AgentModule = ReturnType<RaterProvider['load']>;

interface ChosenModel {
  model: BaseChatModel;
  /** The rater for this request when no rater endpoint is configured: the agent's own model. */
  rater: Rater;
  label: string;
  secrets: string[];
}

async function agentTurn(
  parts: GateParticipantParts,
  sessions: ChatSessions,
  session: ChatSession,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) {
    stream.markdown('@gate works inside a workspace folder: its commands run there and its file tools stay in it. Open a folder first.');
    return { metadata: { sessionId: session.id } };
  }
  const module = parts.rater.load();
  const chosen = await chooseModel(parts, module, request.model);
  if ('problem' in chosen) {
    stream.markdown(`@gate cannot use its configured model: ${escapeMarkdown(chosen.problem)}`);
    return { metadata: { sessionId: session.id }, errorDetails: { message: `The @gate agent's model is not usable: ${chosen.problem}` } };
  }
  const turn = session.nextTurn++;
  const history = module.historyMessages(historyTurns(context.history, session));
  parts.log.info(`@gate turn ${turn} of session ${session.id.slice(0, 8)}: model ${chosen.label}, rung ${parts.rung.rung}.`);

  const controller = new AbortController();
  const cancelled = token.onCancellationRequested(() => controller.abort(new Error('the chat request was cancelled')));
  const renderer = new TurnRenderer(stream, parts.panel);
  try {
    const result: AgentTurnResult = await parts.rater.within({ fallback: chosen.rater }, () =>
      module.runAgentTurn({
        model: chosen.model,
        prompt: request.prompt,
        history,
        workspaceRoot: folder,
        home: homedir(),
        rung: () => parts.rung.rung,
        runGated: (call, signal) => parts.gate.run({ ...call, signal }),
        person: parts.panel,
        negotiation: session.negotiation,
        capture: parts.capture,
        events: renderer.events,
        signal: controller.signal,
        secrets: chosen.secrets,
      }),
    );
    sessions.keepTurn(session, turn, result.messages);
    parts.log.info(`@gate turn ${turn}: ${result.stoppedBy} after ${result.modelCalls} model call(s), ${result.steps.length} tool call(s).`);
    const metadata: GateChatMetadata = {
      sessionId: session.id,
      turn,
      stoppedBy: result.stoppedBy,
      ...(renderer.refused.length > 0 ? { refused: renderer.refused.slice(0, REFUSED_KEPT) } : {}),
    };
    return { metadata, ...renderer.finish(result) };
  } finally {
    cancelled.dispose();
    renderer.dispose();
  }
}

async function chooseModel(parts: GateParticipantParts, module: AgentModule, chatModel: vscode.LanguageModelChat): Promise<ChosenModel | { problem: string }> {
  const { agent, rater } = parts.endpoints();
  const baseUrl = agent.baseUrl.trim();
  const model = agent.model.trim();
  if (baseUrl === '' && model === '') {
    return {
      model: new module.LmChatModel({ model: chatModel }),
      rater: module.createLmRater(chatModel, parts.rater.timeoutMs),
      label: `vscode-lm:${chatModel.vendor}/${chatModel.id}`,
      secrets: [],
    };
  }
  if (baseUrl === '' || model === '') {
    return { problem: 'set both approvalsGate.agent.baseUrl and approvalsGate.agent.model, or neither (then the model picked in the Chat view is used)' };
  }
  const apiKey = await agentApiKey(parts.secrets, baseUrl, rater.baseUrl);
  if (!apiKey) {
    return { problem: 'no API key is set for the agent endpoint; run "Approvals Gate: Set @gate agent API key…" (a local server that ignores keys still needs a placeholder)' };
  }
  const built = module.createOpenAiAgentModel({ baseUrl, model, apiKey });
  if ('problem' in built) return { problem: built.problem };
  return {
    model: built.model,
    rater: module.createOpenAiRater({ baseUrl, model, apiKey, timeoutMs: parts.rater.timeoutMs }),
    label: module.openAiRaterLabel(baseUrl, model),
    secrets: [apiKey],
  };
}

/** The chat history as plain turns, each response paired with its transcript when this window still has it. */
function historyTurns(history: vscode.ChatContext['history'], session: ChatSession): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  for (const entry of history) {
    if (entry instanceof vscode.ChatRequestTurn) {
      turns.push({ prompt: entry.prompt, ...(entry.command ? { command: entry.command } : {}) });
    } else if (entry instanceof vscode.ChatResponseTurn) {
      const last = turns[turns.length - 1];
      if (!last || last.response) continue;
      const text = entry.response.map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : '')).join('');
      const meta = entry.result.metadata;
      const turn = turnOf(meta);
      const stored = sessionIdOf(meta) === session.id && turn !== undefined ? session.turns.get(turn) : undefined;
      last.response = { text, ...(stored ? { stored: stored as readonly BaseMessage[] } : {}) };
    }
  }
  return turns;
}

/** Streams one turn into the chat as the agent loop reports it. */
class TurnRenderer {
  /** Commands the gate or the person turned down, for the follow-ups. */
  readonly refused: string[] = [];
  private readonly started = new Map<string, Readonly<Record<string, unknown>>>();
  private wroteText = false;
  private cardWatch: vscode.Disposable | undefined;

  constructor(
    private readonly stream: vscode.ChatResponseStream,
    private readonly panel: ApprovalPanel,
  ) {}

  readonly events: AgentEvents = {
    onModelCall: (call) => this.stream.progress(call === 1 ? 'Thinking…' : 'Reading the results…'),
    onText: (text) => {
      this.wroteText = true;
      this.stream.markdown(text);
    },
    onToolStart: (event) => {
      this.started.set(event.id, event.args);
      if (event.name === 'run_shell_command' || event.name === 'write_file') {
        this.stream.progress(event.name === 'run_shell_command' ? 'Approvals Gate is deciding on a command…' : 'Approvals Gate is deciding on a file write…');
        this.watchForCard();
      }
    },
    onToolEnd: (event) => {
      this.stopWatching();
      this.render(event, this.started.get(event.id) ?? {});
    },
  };

  /** What is left to say once the turn is over; an error result for the chat when the model failed. */
  finish(result: AgentTurnResult): Pick<vscode.ChatResult, 'errorDetails'> {
    switch (result.stoppedBy) {
      case 'answer':
        if (!this.wroteText) this.stream.markdown(result.text.trim() === '' ? '_The agent gave no answer._' : result.text);
        return {};
      case 'halted':
        this.stream.markdown(`\n\n**Approvals Gate ended this run.** ${escapeMarkdown(result.text, 2000)}\n`);
        return {};
      case 'model-error':
      case 'error':
        return { errorDetails: { message: result.text } };
      case 'cancelled':
      case 'step-limit':
        this.stream.markdown(`\n\n${escapeMarkdown(result.text, 2000)}\n`);
        return {};
    }
  }

  dispose(): void {
    this.stopWatching();
  }

  private render(event: ToolEndEvent, args: Readonly<Record<string, unknown>>): void {
    if (event.refused) {
      this.stream.markdown(`\n\n⚠️ ${inlineCode(event.name || '(no tool name)')}: ${escapeMarkdown(event.text)}\n`);
      return;
    }
    if (event.name === 'run_shell_command') {
      const command = typeof args.command === 'string' ? args.command : '';
      this.stream.markdown(commandBlock(command, event.decision, event.execution));
      if (event.decision && isRefusal(event.decision)) this.refused.push(command);
      return;
    }
    const target = typeof args.path === 'string' ? args.path : typeof args.query === 'string' ? args.query : '';
    const what = `\n\n${inlineCode(event.name)}${target ? ` ${inlineCode(target)}` : ''}`;
    if (event.decision) {
      this.stream.markdown(`${what} — ${decisionLine(event.decision)}\n`);
    } else {
      this.stream.markdown(`${what}${event.ok ? '' : ` — ${escapeMarkdown(event.text)}`}\n`);
    }
  }

  /** While the gate decides, a card that opens gets a button in the chat (the card may be behind the chat). */
  private watchForCard(): void {
    this.stopWatching();
    const before = new Set(this.panel.pendingIds());
    this.cardWatch = this.panel.onDidChangePending(() => {
      if (!this.panel.pendingIds().some((id) => !before.has(id))) return;
      this.stopWatching();
      this.stream.markdown('\n\nWaiting for your approval on the Approvals Gate card.\n');
      this.stream.button({ command: 'approvalsGate.showApprovals', title: 'Show pending approvals' });
    });
  }

  private stopWatching(): void {
    this.cardWatch?.dispose();
    this.cardWatch = undefined;
  }
}

/** Refusals the follow-ups offer to explain: not a cancelled call, not a command that merely failed. */
function isRefusal(decision: Decision): boolean {
  if (decision.action === 'approve') return false;
  return !(decision.stage === 'human' && /cancel/i.test(decision.reason));
}

// ── Slash commands and follow-ups ───────────────────────────────────────────────────────

async function rungCommand(rung: RungSwitcher, prompt: string, stream: vscode.ChatResponseStream): Promise<void> {
  const wanted = prompt.trim();
  const current = rung.rung;
  if (wanted === '') {
    const rows = RUNGS.map((name) => `| ${name === current ? `**${name}** (now)` : name} | ${escapeMarkdown(RUNG_DESCRIPTIONS[name])} |`);
    stream.markdown(
      [`The rung for this workspace is **${current}**: ${escapeMarkdown(RUNG_DESCRIPTIONS[current])}`, '', '| Rung | What happens to shell commands |', '|---|---|', ...rows, '', 'Switch with `/rung <name>`, for example `/rung manual`. Switching to `bypass` asks you to confirm.'].join('\n'),
    );
    return;
  }
  const target = parseRung(wanted);
  if (!target) {
    stream.markdown(`There is no rung ${inlineCode(wanted)}. The rungs are ${RUNGS.map((name) => `\`${name}\``).join(', ')}.`);
    return;
  }
  if (target === current) {
    stream.markdown(`The rung is already **${current}**.`);
    return;
  }
  const switched = await rung.set(target);
  stream.markdown(
    switched
      ? `The rung for this workspace is now **${target}**: ${escapeMarkdown(RUNG_DESCRIPTIONS[target])}`
      : `The rung stays **${current}**: switching to ${target} was not confirmed.`,
  );
}

async function explainCommand(parts: GateParticipantParts, request: vscode.ChatRequest, stream: vscode.ChatResponseStream): Promise<void> {
  const command = request.prompt.replace(/^\s+|\s+$/g, '');
  if (command === '') {
    stream.markdown('Give the command to explain: `/explain git push --force`. Nothing is run; the gate only says how it would decide.');
    return;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? homedir();
  stream.progress('Approvals Gate is deciding (nothing will run)…');
  // Rated as the agent's commands are: with the agent's model when no rater endpoint is set.
  const chosen = await chooseModel(parts, parts.rater.load(), request.model);
  const decide = () => parts.gate.decideOnly(command, folder);
  const decision = 'problem' in chosen ? await decide() : await parts.rater.within({ fallback: chosen.rater }, decide);
  const trace = formatTrace(readCommand(command, { home: homedir(), shell: 'bash' }), parts.rung.rung, decision);
  stream.markdown(`How the gate decides this command at rung **${parts.rung.rung}** (nothing was run; with nobody asked, "escalate" means it would wait for you):\n\n`);
  stream.markdown(fenced(shownCommand(trace, Number.MAX_SAFE_INTEGER), 'text'));
}

/** After a refusal: explain the decision, or look for another way. */
export function followupsFor(result: vscode.ChatResult): vscode.ChatFollowup[] {
  const refused = (result.metadata as GateChatMetadata | undefined)?.refused;
  if (!Array.isArray(refused) || refused.length === 0) return [];
  const followups: vscode.ChatFollowup[] = refused
    .filter((command): command is string => typeof command === 'string' && command.trim() !== '')
    .slice(0, 2)
    .map((command) => ({ prompt: command, command: 'explain', label: `Explain the decision on ${shortLabel(command)}` }));
  followups.push({ prompt: 'That command was not run. Find another way to do this, or tell me what you need from me to go on.', label: 'Find another way' });
  return followups;
}

function shortLabel(command: string): string {
  const line = shownCommand(command, Number.MAX_SAFE_INTEGER).replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
