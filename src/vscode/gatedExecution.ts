import { homedir } from 'node:os';
import type * as vscode from 'vscode';
import type { CaptureLog, CaptureRecord } from '../gate/capture/captureLog';
import type { SandboxPolicy } from '../gate/containment/sandboxPolicy';
import type { GrantStore } from '../gate/grants/grantStore';
import type { Decision } from '../gate/decision';
import type { ExecutionRecord } from '../gate/execution/executionRecord';
import type { NegotiationSession } from '../gate/negotiation';
import type { HumanAnswer, Person } from '../gate/person';
import { decide, type GateServices } from '../gate/pipeline';
import type { GatePolicy } from '../gate/policy';
import type { Rater } from '../gate/rater/raterContract';
import { gatePolicy } from '../gate/settings/effectiveSettings';
import { describeStops } from '../gate/containment/containedRun';
import { describeRefusedRerun, prepareRerun, rerunOfferFor, widenedPolicy, type RerunAdds } from '../gate/containment/rerunWidening';
import { CAPTURE_RERUNS } from '../gate/capture/captureLog';
import { readCommand } from '../gate/reading/reading';
import type { CardExtras } from '../protocol/cardView';
import type { RerunAnswer } from '../protocol/pendingDecisions';
import type { ApprovalPanel } from './approvalPanel';
import type { RaterProvider } from './raterProvider';
import type { RungSwitcher } from './rungSwitcher';
import type { TerminalRunner } from './terminalRunner';
import type { WideningGuard } from './wideningGuard';

/** What running an approved command produced (both runners return it). */
export type ExecutionResult = ExecutionRecord;

/** Runs an approved command (the terminal runner, or its child-process fallback). */
export interface CommandRunner {
  /**
   * `decision`: what approved the command; the sandbox's policy is made from it (D§13).
   * `options.policy`: run contained under exactly this policy (a person's widened rerun).
   */
  run(command: string, cwd: string, signal?: AbortSignal, decision?: Decision, options?: { policy?: SandboxPolicy }): Promise<ExecutionResult>;
  /**
   * The sandbox's policy the command would run under if a person approved it, for the card; `null`
   * (or absent) when it would not run contained.
   */
  containmentIfApproved?(command: string, cwd: string): SandboxPolicy | null;
}

/** A grant or an allow entry the person asked for on the card. */
export type GrantRequest =
  | { scope: 'session' | 'always' | 'deny-session'; command: string }
  | { scope: 'setting'; entry: { match: 'prefix' | 'glob'; pattern: string }; target: 'user' | 'workspace' };

export interface GatedExecutionParts {
  policy: () => GatePolicy;
  rater: () => Promise<Rater | null>;
  /** The card; `extras` carries what it shows besides the escalation (the containment policy). */
  person: Person & {
    ask(escalation: Parameters<Person['ask']>[0], signal?: AbortSignal, extras?: Omit<CardExtras, 'rerun'>): Promise<HumanAnswer | (HumanAnswer & { entry?: unknown })>;
    /**
     * The sandbox-stop card (D§13): a person's rerun with the card's additions, or not. Absent: no
     * rerun is ever offered. Only the card answers it; nothing an agent sends reaches it.
     */
    askRerun?(escalation: Parameters<Person['ask']>[0], signal: AbortSignal | undefined, extras: CardExtras & { rerun: NonNullable<CardExtras['rerun']> }): Promise<RerunAnswer>;
  };
  runner: CommandRunner;
  capture: CaptureLog;
  home: string;
  storeGrant: (grant: GrantRequest) => Promise<void>;
  log: vscode.LogOutputChannel;
  /**
   * The settings' state: a refusal (every command is refused: a value whose loss could narrow
   * the guard is unreadable) and the dropped values the card shows. Absent: nothing to say.
   */
  settings?: () => { refusal: string | null; warnings: readonly string[] };
}

export interface GatedCall {
  command: string;
  cwd: string;
  /** The tool that asked: `run_shell_command`, `approvalsGate_runInTerminal`, `command-palette`. */
  tool: string;
  justification?: string;
  negotiation?: NegotiationSession;
  userMessages?: readonly string[];
  signal?: AbortSignal;
}

/**
 * The one path from "an agent wants to run this" to "it ran" (or did not): the pipeline decides,
 * grants the person asked for are stored, and only an `approve` reaches the runner — which checks
 * the hardline floor once more right before it executes. Every surface (the palette command, `@gate`,
 * the language-model tool) goes through here, so they cannot disagree.
 */
export class GatedExecution {
  constructor(private readonly parts: GatedExecutionParts) {}

  /** Decides only (no execution): for `explain` and `prepareInvocation`. Never asks a person. */
  async decideOnly(command: string, cwd: string): Promise<Decision> {
    const refused = this.refusedBySettings();
    if (refused) return refused;
    return decide({ command, cwd, tool: 'explain' }, { ...(await this.services()), person: null, capture: undefined });
  }

  /**
   * An agent hook's escalation handed to the card (src/vscode/hookHandOff.ts): decided at the
   * `manual` rung with no allow entries, grants or default list, so what the floors and the deny
   * and escalate lists let through goes to the person. Nothing runs here (the agent runs it) and
   * no grant is stored (the hook reads its own settings). The card says who asks: `from` leads
   * the reason it shows.
   */
  async askOnCard(call: { command: string; cwd: string; tool: string; from: string; signal: AbortSignal }): Promise<Decision> {
    const refused = this.refusedBySettings();
    if (refused) return refused;
    const services = await this.services();
    const policy = { ...services.policy, rung: 'manual' as const, allow: [], defaultAllow: false, grants: [] };
    const person = this.parts.person;
    const saying: Person = { ask: (escalation, signal) => person.ask({ ...escalation, reason: `${call.from} ${escalation.reason}${this.warningNote()}` }, signal) };
    return decide({ command: call.command, cwd: call.cwd, tool: call.tool }, { ...services, policy, person: saying, signal: call.signal });
  }

  /** Decides and, when approved, runs. */
  async run(call: GatedCall): Promise<{ decision: Decision; execution?: ExecutionResult }> {
    const refused = this.refusedBySettings();
    if (refused) {
      this.parts.log.warn(`reject [settings] ${oneLine(call.command)} — ${oneLine(refused.reason)}`);
      return { decision: refused };
    }
    const pendingGrants: GrantRequest[] = [];
    const person = this.parts.person;
    // The card may carry an edited allow entry with "Always allow…"; it is stored as a setting
    // after the pipeline accepted the answer (the pipeline itself refuses grants it does not offer).
    const listeningPerson: Person = {
      ask: async (escalation, signal) => {
        const note = this.warningNote();
        const answer = await person.ask(note === '' ? escalation : { ...escalation, reason: `${escalation.reason}${note}` }, signal, this.cardExtras(call));
        const entry = (answer as { entry?: { match: 'prefix' | 'glob'; pattern: string; scope: 'user' | 'workspace' } }).entry;
        if (answer.kind === 'allow-always' && entry) {
          pendingGrants.push({ scope: 'setting', entry: { match: entry.match, pattern: entry.pattern }, target: entry.scope });
        }
        return answer;
      },
    };
    let captured: CaptureRecord | undefined;
    const services: GateServices = {
      ...(await this.services()),
      person: listeningPerson,
      onCaptureRecord: (record) => (captured = record),
      onGrant: (grant) => pendingGrants.push(grant),
      ...(call.negotiation ? { negotiation: call.negotiation } : {}),
      ...(call.userMessages ? { userMessages: call.userMessages } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    };
    const decision = await decide(
      { command: call.command, cwd: call.cwd, tool: call.tool, ...(call.justification !== undefined ? { justification: call.justification } : {}) },
      services,
    );
    this.parts.log.info(`${decision.action} [${decision.stage}] ${oneLine(call.command)} — ${oneLine(decision.reason)}`);
    if (decision.action === 'approve' || decision.stage === 'human') {
      for (const grant of pendingGrants) {
        // A grant is only stored when the person's answer was accepted as an approval or a session refusal.
        if (decision.action === 'approve' || grant.scope === 'deny-session') await this.parts.storeGrant(grant);
      }
    }
    if (decision.action !== 'approve') return { decision };
    if (call.signal?.aborted) {
      return { decision: { ...decision, action: 'reject', stage: 'human', reason: 'The call was cancelled before the command ran.' } };
    }
    const first = await this.parts.runner.run(call.command, call.cwd, call.signal, decision);
    // The capture log keeps the policy it ran under and the sandbox's stops (D§12, D§13).
    if (captured) this.parts.capture.noteRun(captured, first);
    const execution = first.refused ? first : await this.offerReruns(call, decision, first, captured);
    if (execution.refused) return { decision: execution.refused, execution };
    return { decision, execution };
  }

  /**
   * After a run the sandbox stopped (D§13 "Containment"; docs/decisions.md "A person can rerun what
   * the sandbox stopped"): the sandbox-stop card offers the person one rerun with exactly the stopped
   * paths and hosts added (`rerunOfferFor`), or says why none is offered (a note on the result). A
   * rerun runs contained under the widened policy, goes through the runner like any run (the
   * exec-time recheck included), is recorded on the call's capture record, and its result is the
   * call's. Nothing is stored. Its own stops may be offered again, up to {@link CAPTURE_RERUNS}.
   */
  private async offerReruns(call: GatedCall, decision: Decision, first: ExecutionResult, captured: CaptureRecord | undefined): Promise<ExecutionResult> {
    const person = this.parts.person;
    let execution = first;
    for (let round = 0; round <= CAPTURE_RERUNS; round++) {
      const stops = execution.sandboxStops ?? [];
      const policy = execution.containment;
      if (!execution.started || stops.length === 0 || !policy || !person.askRerun) return execution;
      if (decision.stage === 'bypass') {
        // The bypass rung asks nobody (D§2): the stop is reported, and no card holds the agent up.
        execution.notes.push('No rerun with a wider sandbox is offered at the bypass rung, which asks nobody.');
        return execution;
      }
      if (round === CAPTURE_RERUNS) {
        execution.notes.push(`No further rerun with a wider sandbox is offered: ${CAPTURE_RERUNS} per call.`);
        return execution;
      }
      const offer = rerunOfferFor(stops, policy, { cwd: call.cwd, home: this.parts.home });
      if (!offer.offered) {
        const why = describeRefusedRerun(offer.refused);
        execution.notes.push(why);
        this.parts.log.info(`no rerun ${oneLine(call.command)} — ${oneLine(why)}`);
        return execution;
      }
      const widened = widenedPolicy(policy, offer.adds);
      const escalation = { reading: readCommand(call.command, { home: this.parts.home, shell: 'bash' }), stage: decision.stage, reason: describeStops(stops).join(' '), ...(decision.outcome ? { outcome: decision.outcome } : {}) };
      const answer = await person.askRerun(escalation, call.signal, { rerun: { stops, adds: offer.adds, exitCode: execution.exitCode }, containment: { policy: widened, home: this.parts.home } });
      if (answer.kind !== 'rerun-widened' || call.signal?.aborted) {
        const said = answer.kind === 'reject' && answer.reason ? ` (${answer.reason})` : '';
        execution.notes.push(
          answer.kind === 'reject' ? `A person chose not to rerun it with a wider sandbox${said}.` : 'Nothing was rerun with a wider sandbox: the card closed or the call was cancelled.',
        );
        return execution;
      }
      // Offered again from the same stops, unchanged since the card showed it; missing files made empty.
      const problem = prepareRerun(stops, policy, { cwd: call.cwd, home: this.parts.home }, offer.adds);
      if (problem !== null) {
        execution.notes.push(problem);
        this.parts.log.warn(`no rerun ${oneLine(call.command)} — ${oneLine(problem)}`);
        return execution;
      }
      this.parts.log.info(`rerun [human] ${oneLine(call.command)} — ${addsInWords(offer.adds)}`);
      const rerun = await this.parts.runner.run(call.command, call.cwd, call.signal, decision, { policy: widened });
      rerun.notes.unshift(`Rerun by a person's choice after a sandbox stop, with the sandbox widened for this run only: ${addsInWords(offer.adds)}.`);
      if (captured) this.parts.capture.noteRerun(captured, rerun, offer.adds);
      if (rerun.refused) return rerun;
      execution = rerun;
    }
    return execution;
  }

  /**
   * What the card shows besides the escalation: the sandbox's policy when the runner would run the
   * approved command contained (D§13 "Containment"; built by the runner, the one place that builds
   * it for a run). A policy that cannot be built leaves the card without it, never without a card.
   */
  private cardExtras(call: GatedCall): CardExtras {
    try {
      const policy = this.parts.runner.containmentIfApproved?.(call.command, call.cwd) ?? null;
      return policy ? { containment: { policy, home: this.parts.home } } : {};
    } catch (error) {
      this.parts.log.warn(`The card shows no sandbox policy: it could not be built (${error instanceof Error ? error.message : String(error)}).`);
      return {};
    }
  }

  /** A rejection when the settings cannot be used as written (SettingsService.refusal), else null. */
  private refusedBySettings(): Decision | null {
    const refusal = this.parts.settings?.().refusal ?? null;
    if (refusal === null) return null;
    return { action: 'reject', stage: 'gate-error', reason: refusal, resolution: { resolved: false, mechanisms: [] } };
  }

  /** The dropped settings values, as a note after the card's reason ('' when none). */
  private warningNote(): string {
    const warnings = this.parts.settings?.().warnings ?? [];
    if (warnings.length === 0) return '';
    return ` (Settings warning: ${warnings.length} value(s) of your settings were dropped, so the gate asks about what they would have allowed: ${warnings.slice(0, 3).join('; ')}${warnings.length > 3 ? '; …' : ''}.)`;
  }

  private async services(): Promise<GateServices> {
    return {
      policy: this.parts.policy(),
      rater: await this.parts.rater(),
      person: null,
      home: this.parts.home,
      capture: this.parts.capture,
    };
  }
}

/** What a rerun adds, in words: `may write /opt/x; may connect to api.example.com:443`. */
function addsInWords(adds: RerunAdds): string {
  return [...adds.paths.map((path) => `may write ${path}${adds.creates.includes(path) ? ' (created empty for it)' : ''}`), ...adds.hosts.map((host) => `may connect to ${host}`)].join('; ');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** The extension's parts the gated path is built from. */
export interface GatedExecutionWiring {
  widening: WideningGuard;
  grants: GrantStore;
  rung: RungSwitcher;
  rater: RaterProvider;
  panel: ApprovalPanel;
  runner: TerminalRunner;
  capture: CaptureLog;
  log: vscode.LogOutputChannel;
  storeGrant: (grant: GrantRequest) => Promise<void>;
  settings?: () => { refusal: string | null; warnings: readonly string[] };
}

/**
 * The gated path of the extension. The policy is read afresh at each decision: the settings in
 * force (after the widening guard) with the workspace's grants, at the rung in force now (D§3);
 * the rater likewise; the card is the person.
 */
export function createGatedExecution(wiring: GatedExecutionWiring): GatedExecution {
  const { widening, grants, rung, rater } = wiring;
  return new GatedExecution({
    policy: () => ({ ...gatePolicy(widening.settings, grants.policyEntries()), rung: rung.rung }),
    rater: () => rater.current(),
    person: wiring.panel,
    runner: wiring.runner,
    capture: wiring.capture,
    home: homedir(),
    log: wiring.log,
    storeGrant: wiring.storeGrant,
    ...(wiring.settings ? { settings: wiring.settings } : {}),
  });
}
