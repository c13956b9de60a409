import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { CaptureLog } from '../gate/capture/captureLog';
import type { NegotiationSession } from '../gate/negotiation';
import type { Person } from '../gate/person';
import { describeModelError } from '../gate/rater/modelRater';
import type { Rung } from '../gate/rung';
import { emit, type AgentEvents, type ToolEndEvent } from './agentEvents';
import type { AgentTool, RunGated, ToolContext, ToolOutcome } from './agentTool';
import { AGENT_TOOLS, toolDefinition } from './agentTools';
import { messageText, proposedToolCalls, type ProposedToolCall } from './proposedToolCalls';
import { agentSystemPrompt } from './systemPrompt';
import { readToolArguments } from './toolArguments';

/**
 * One chat turn of the `@gate` agent (D§13): the system prompt, the session's earlier messages
 * and the user's prompt go to the model; the tool calls it answers with are validated and run
 * one at a time, in order, and their results go back to it; until it answers in prose, the step
 * bound is reached, the gate halts the run, or the turn is cancelled.
 *
 * Safety rules the loop keeps, whatever the model does:
 * - a malformed call (unknown tool, arguments that are not one JSON object, a missing or
 *   non-string field, an extra key, an oversized command) is answered with a tool error and
 *   nothing runs;
 * - tool calls run one after another, never in parallel: a person sees one card at a time, and a
 *   halt stops the calls after it;
 * - cancellation stops at once: the model call and the running tool are abandoned and their
 *   signal aborted, which withdraws a pending approval card and stops a running command;
 * - when the turn ends for any reason the turn's signal is aborted, so no escalation is left open;
 * - nothing thrown escapes: a failing model endpoint, or a bug, ends the turn with a readable message.
 */

/** Model calls in one turn, at most. */
export const DEFAULT_MAX_MODEL_CALLS = 12;
/** Tool calls run from one model answer, at most; the rest are answered "not run". */
export const MAX_TOOL_CALLS_PER_ANSWER = 8;
/** The user's messages kept for the negotiation window (the gate shows the rater the last five). */
const USER_MESSAGES_KEPT = 20;

export interface AgentTurnOptions {
  /** Any LangChain chat model with tool calling (`bindTools`). */
  model: BaseChatModel;
  /** The user's message for this turn. */
  prompt: string;
  /** The session's earlier messages (what `messages` of earlier turns returned, or a rebuilt history). */
  history?: readonly BaseMessage[];
  /** The workspace folder: commands run there and the file tools are confined to it. */
  workspaceRoot: string;
  home: string;
  /** The rung in force, read before each model call and each tool call. */
  rung: () => Rung;
  runGated: RunGated;
  /** Who approves gated writes (the same person as the shell's cards); `null`: nobody. */
  person: Person | null;
  /** The chat session's negotiation (the caller keeps one per session). */
  negotiation?: NegotiationSession;
  capture?: CaptureLog;
  /** The tools offered (default: all five). */
  tools?: readonly AgentTool[];
  maxModelCalls?: number;
  events?: AgentEvents;
  /** Cancels the turn (the chat's cancellation token). */
  signal?: AbortSignal;
  /** Literal values (the API key) that must never appear in a message. */
  secrets?: readonly string[];
}

/** Why a turn ended. */
export type AgentStopReason = 'answer' | 'step-limit' | 'halted' | 'cancelled' | 'model-error' | 'error';

export interface AgentTurnResult {
  stoppedBy: AgentStopReason;
  /** The model's final answer, or a readable message saying why the turn ended without one. */
  text: string;
  modelCalls: number;
  /** Every tool call of the turn, in order, with what the model was told. */
  steps: ToolEndEvent[];
  /**
   * This turn's messages (the prompt first), for the next turn's history. Every tool call in
   * them has its tool message, even when the turn was cut off.
   */
  messages: BaseMessage[];
}

/** Runs one turn. Never throws. */
export async function runAgentTurn(options: AgentTurnOptions): Promise<AgentTurnResult> {
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const turn = new Turn(options, controller.signal);
  try {
    return await turn.run();
  } catch (error) {
    if (error instanceof TurnCancelled || controller.signal.aborted) return turn.end('cancelled');
    return turn.end('error', `The agent failed unexpectedly, so this turn ended: ${oneLine(error)}.`);
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    // Whatever is still pending — a card, a command — belongs to a turn that is over.
    controller.abort(new Error('the agent turn ended'));
  }
}

class TurnCancelled extends Error {
  constructor() {
    super('the turn was cancelled');
  }
}

/** The state of one turn. */
class Turn {
  private readonly tools: readonly AgentTool[];
  private readonly maxModelCalls: number;
  private readonly userMessages: string[];
  private readonly conversation: BaseMessage[];
  private readonly messages: BaseMessage[] = [];
  private readonly steps: ToolEndEvent[] = [];
  private modelCalls = 0;
  private idCounter = 0;

  constructor(
    private readonly options: AgentTurnOptions,
    private readonly signal: AbortSignal,
  ) {
    this.tools = options.tools ?? AGENT_TOOLS;
    const max = options.maxModelCalls ?? DEFAULT_MAX_MODEL_CALLS;
    this.maxModelCalls = Number.isInteger(max) && max >= 1 ? max : DEFAULT_MAX_MODEL_CALLS;
    const history = [...(options.history ?? [])];
    this.userMessages = [...history.filter((m) => HumanMessage.isInstance(m)).map(messageText), options.prompt].slice(-USER_MESSAGES_KEPT);
    const prompt = new HumanMessage(options.prompt);
    this.messages.push(prompt);
    // Slot 0 is the system prompt, rewritten before each call with the rung in force then.
    this.conversation = [new SystemMessage(''), ...history, prompt];
  }

  async run(): Promise<AgentTurnResult> {
    const model = this.options.model;
    if (typeof model.bindTools !== 'function') {
      return this.end('model-error', "The agent's model cannot call tools, so the agent cannot work with it. Configure a model with tool calling.");
    }
    for (;;) {
      if (this.signal.aborted) return this.end('cancelled');
      if (this.modelCalls >= this.maxModelCalls) return this.stepLimit();
      this.modelCalls++;
      emit(this.options.events, 'onModelCall', this.modelCalls);
      const rung = this.options.rung();
      this.conversation[0] = new SystemMessage(agentSystemPrompt(this.options.workspaceRoot, rung));
      let answer: BaseMessage;
      try {
        const bound = model.bindTools(this.tools.map((tool) => toolDefinition(tool, rung)));
        answer = await raceAbort(bound.invoke(this.conversation, { signal: this.signal }), this.signal);
      } catch (error) {
        if (error instanceof TurnCancelled || this.signal.aborted) return this.end('cancelled');
        const described = describeModelError(error, this.options.secrets ?? []).text;
        return this.end('model-error', `The agent's model failed, so this turn ended: ${described}.`);
      }
      const text = messageText(answer);
      if (text.trim() !== '') emit(this.options.events, 'onText', text);
      const calls = proposedToolCalls(answer, () => this.newId());
      if (calls.length === 0) {
        this.record(new AIMessage({ content: answer.content }));
        return this.end('answer', text.trim() !== '' ? text : '(The model ended its turn without a reply.)');
      }
      const pending = await this.runCalls(answer, calls);
      if (pending) return pending;
    }
  }

  /** Runs one answer's calls in order; returns the turn's end when one of them ends it. */
  private async runCalls(answer: BaseMessage, calls: ProposedToolCall[]): Promise<AgentTurnResult | undefined> {
    const validated: Array<{ call: ProposedToolCall; tool?: AgentTool; args?: Record<string, unknown>; error?: string; refused?: ToolEndEvent['refused'] }> = calls.map(
      (call, index) => {
        if (index >= MAX_TOOL_CALLS_PER_ANSWER) {
          return { call, error: `Not run: at most ${MAX_TOOL_CALLS_PER_ANSWER} tool calls are run from one answer. Call it again if you still need it.`, refused: 'not-run' as const };
        }
        const tool = this.tools.find((t) => t.name === call.name);
        if (!tool) {
          const names = this.tools.map((t) => t.name).join(', ');
          return { call, error: `Unknown tool ${JSON.stringify(printable(call.name))}. Nothing was run. The tools are: ${names}.`, refused: 'unknown-tool' as const };
        }
        const read = readToolArguments(call.arguments, tool.schema, tool.signature);
        if (!read.ok) return { call, tool, error: read.error, refused: 'malformed' as const };
        return { call, tool, args: read.args as Record<string, unknown> };
      },
    );
    // The answer as it goes back to the model: every call with an id, malformed ones with empty
    // arguments, so that each tool message below pairs with a call the provider accepts.
    this.record(
      new AIMessage({
        content: answer.content,
        tool_calls: validated.map(({ call, args }) => ({ id: call.id, name: call.name || 'unnamed_tool', args: args ?? {}, type: 'tool_call' as const })),
      }),
    );
    if (this.modelCalls >= this.maxModelCalls) {
      for (const { call } of validated) this.answer(call, { ok: false, text: 'Not run: the turn reached its step limit.' }, 'not-run');
      return this.stepLimit();
    }
    for (let i = 0; i < validated.length; i++) {
      const { call, tool, args, error, refused } = validated[i]!;
      if (this.signal.aborted) {
        this.answerRest(validated.slice(i).map((v) => v.call), 'Not run: the turn was cancelled.');
        return this.end('cancelled');
      }
      if (error !== undefined || !tool || !args) {
        this.answer(call, { ok: false, text: error ?? 'Not run.' }, refused ?? 'malformed');
        continue;
      }
      emit(this.options.events, 'onToolStart', { id: call.id, name: tool.name, args });
      let outcome: ToolOutcome;
      try {
        outcome = await raceAbort(tool.run(args, this.context()), this.signal);
      } catch (thrown) {
        if (thrown instanceof TurnCancelled || this.signal.aborted) {
          this.answer(call, { ok: false, text: 'Cancelled: the turn was stopped while this call was running.' });
          this.answerRest(validated.slice(i + 1).map((v) => v.call), 'Not run: the turn was cancelled.');
          return this.end('cancelled');
        }
        outcome = { ok: false, text: `The ${tool.name} tool failed: ${oneLine(thrown)}. Nothing more is known about this call.` };
      }
      this.answer(call, outcome);
      if (outcome.halt) {
        this.answerRest(validated.slice(i + 1).map((v) => v.call), 'Not run: the gate ended this run.');
        return this.end('halted', `Approvals Gate ended this run: ${outcome.decision?.reason ?? outcome.text}`);
      }
    }
    return undefined;
  }

  private context(): ToolContext {
    const o = this.options;
    return {
      workspaceRoot: o.workspaceRoot,
      home: o.home,
      rung: o.rung(),
      runGated: o.runGated,
      person: o.person,
      ...(o.negotiation ? { negotiation: o.negotiation } : {}),
      userMessages: this.userMessages,
      ...(o.capture ? { capture: o.capture } : {}),
      signal: this.signal,
    };
  }

  /** The tool message for one call, and the step and event that report it. */
  private answer(call: ProposedToolCall, outcome: ToolOutcome, refused?: ToolEndEvent['refused']): void {
    const step: ToolEndEvent = {
      id: call.id,
      name: call.name,
      ok: outcome.ok,
      text: outcome.text,
      ...(outcome.decision ? { decision: outcome.decision } : {}),
      ...(outcome.execution ? { execution: outcome.execution } : {}),
      ...(refused ? { refused } : {}),
    };
    this.steps.push(step);
    this.record(new ToolMessage({ content: outcome.text, tool_call_id: call.id, name: call.name || 'unnamed_tool', status: outcome.ok ? 'success' : 'error' }));
    emit(this.options.events, 'onToolEnd', step);
  }

  private answerRest(calls: readonly ProposedToolCall[], text: string): void {
    for (const call of calls) this.answer(call, { ok: false, text }, 'not-run');
  }

  private record(message: BaseMessage): void {
    this.messages.push(message);
    this.conversation.push(message);
  }

  private stepLimit(): AgentTurnResult {
    return this.end('step-limit', `Stopped after ${this.maxModelCalls} model calls without a final answer. Ask me to continue if there is more to do.`);
  }

  end(stoppedBy: AgentStopReason, text?: string): AgentTurnResult {
    this.answerUnanswered();
    return {
      stoppedBy,
      text: text ?? (stoppedBy === 'cancelled' ? 'Stopped: the turn was cancelled. Any approval card it had open was withdrawn, and no further command ran.' : ''),
      modelCalls: this.modelCalls,
      steps: [...this.steps],
      messages: [...this.messages],
    };
  }

  /** Any call still without its tool message (the turn was cut off by a bug) is answered "not run". */
  private answerUnanswered(): void {
    const answered = new Set(this.messages.filter((m) => ToolMessage.isInstance(m)).map((m) => (m as ToolMessage).tool_call_id));
    const last = [...this.messages].reverse().find((m) => AIMessage.isInstance(m)) as AIMessage | undefined;
    for (const call of last?.tool_calls ?? []) {
      if (call.id !== undefined && !answered.has(call.id)) {
        this.answer({ id: call.id, name: call.name, arguments: { parsed: call.args } }, { ok: false, text: 'Not run: the turn ended.' }, 'not-run');
      }
    }
  }

  private newId(): string {
    this.idCounter += 1;
    return `gate_call_${this.idCounter}`;
  }
}

/** The promise, or a `TurnCancelled` rejection as soon as `signal` aborts (the loser is left to settle). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new TurnCancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new TurnCancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** A name from the model, safe to quote back: printable ASCII, cut short. */
function printable(name: string): string {
  const clean = name.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean || '(no name)';
}
