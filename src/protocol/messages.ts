import * as z from 'zod';
import { ACTIONS, OUTCOMES, STAGES } from '../gate/decision';
import { plainDataProblem } from './plainData';

/**
 * The one message module of the approval card (D§10). The extension (`src/vscode/approvalPanel.ts`)
 * and the webview (`webview-ui/`) both import it, and both run every message they RECEIVE
 * through `parseWebviewMessage` / `parseHostMessage` before acting on it.
 *
 * Rules of the protocol:
 * - Every object schema is strict: an unknown key is a malformed message, not an ignored one.
 * - Every string and list has a bound; anything larger is malformed.
 * - Before zod, `plainDataProblem` refuses prototypes, accessors and `__proto__` keys.
 * - Handshake: the webview posts `ready` once it listens; the extension answers with a snapshot.
 * - The extension only ever sends whole snapshots (`seq` grows), never deltas, so a webview that
 *   reloads or misses a message is put right by the next snapshot.
 * - A decision names a card id and carries a request id; the extension answers every decide it
 *   can attribute with an `ack` echoing that request id.
 *
 * Browser-safe: imports zod and pure constants only (the webview bundle includes this file).
 */

/** Protocol version carried by `ready`; bumped when a message shape changes incompatibly. */
export const PROTOCOL_VERSION = 1;

/** The exact text the attack banner requires before it will run the command. */
export const RUN_ANYWAY_TEXT = 'run anyway';

/** Bounds. Chosen so that a real message is far below them and a hostile one is cut off early. */
export const LIMITS = {
  /** Card and request ids: opaque tokens. */
  idPattern: /^[A-Za-z0-9_-]{1,64}$/,
  /** Reason typed with a rejection (handed to the agent). */
  rejectReasonChars: 1000,
  /** Pattern typed in the "Always allow…" editor. */
  entryPatternChars: 2000,
  /** Size budget of one webview → extension message (see `plainDataProblem`). */
  webviewMessageUnits: 16 * 1024,
  /** Size budget of one extension → webview message. */
  hostMessageUnits: 64 * 1024 * 1024,
  /** Longest command text a card carries whole; longer ones are cut, visibly (`commandLength`). */
  commandChars: 1024 * 1024,
  /** Longest other untrusted text on a card (reasons, transcript commands, recent commands). */
  textChars: 8 * 1024,
  /** Cards in one snapshot; `total` says how many are pending in all. */
  cardsPerSnapshot: 100,
  /** Recent commands offered to the "Always allow…" preview. */
  recentCommands: 50,
  /** Transcript rows on one card (the negotiation keeps at most 64). */
  transcriptRows: 64,
  /** Marked ranges on one command (sites and hosts). */
  ranges: 200_000,
  /** Distinct hidden characters listed on one card. */
  hiddenKinds: 256,
  /** Entries in other short lists (preflight findings, hosts, mechanisms, suggestions, offers). */
  shortList: 64,
  /** Places or hosts of each kind the containment summary names; the rest is a count. */
  containmentShown: 5,
  /** Largest count the containment summary carries (a search finds at most a few thousand). */
  containmentCount: 1_000_000,
} as const;

const MESSAGE_DEPTH = 12;

// ── Shared pieces ─────────────────────────────────────────────────────────────────────────

const Id = z.string().regex(LIMITS.idPattern);
const Text = z.string().max(LIMITS.textChars);
const Index = z.number().int().min(0).max(LIMITS.commandChars);

/**
 * What the person can answer on the card. `cancelled` is the extension's own and never sent.
 * `rerun-widened` is offered only on a sandbox-stop card (`CardView.sandboxRerun`): rerun the
 * command once with exactly the paths and hosts the card names added to its sandbox.
 */
export const ANSWER_KINDS = ['run-once', 'allow-session', 'allow-always', 'reject', 'reject-session', 'run-anyway', 'rerun-widened'] as const;

/** The only answers a sandbox-stop card offers: rerun once, wider, or leave the result as it is. */
export const RERUN_OFFERS = ['rerun-widened', 'reject'] as const satisfies readonly AnswerKind[];
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/**
 * Places where the shell composes commands or substitutes text into one (D§10), as the
 * extension found them in the command text. The webview marks each one.
 */
export const SITE_KINDS = [
  'separator', // ;  ;;
  'background', // &
  'and', // &&
  'or', // ||
  'pipe', // |  |&
  'newline', // an unquoted line break: a new command
  'substitution', // $( … )
  'backtick', // ` … `
  'arithmetic', // $(( … ))
  'process-substitution', // <( … )  >( … )
  'subshell', // ( … )
  'redirect', // >  >>  <  2>&1  &>  >|  <>
  'heredoc', // <<  <<-  <<<
  'comment', // # — the rest of the line does not run
  'unclosed-quote', // a quote that never closes: what follows is read as if unquoted
] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

const Range = { start: Index, end: Index };

export const CompositionSiteSchema = z.strictObject({ ...Range, kind: z.enum(SITE_KINDS) });
export type CompositionSite = z.infer<typeof CompositionSiteSchema>;

/** A host written with non-ASCII letters, located in the command, with its ASCII (punycode) form. */
export const HostMarkSchema = z.strictObject({ ...Range, ascii: z.string().max(1024).nullable() });
export type HostMark = z.infer<typeof HostMarkSchema>;

// ── The card ──────────────────────────────────────────────────────────────────────────────

/** A count and the first few of a list the card summarises (never the whole list: D§10 bounds). */
function firstFew<T extends z.ZodType>(item: T) {
  return z
    .strictObject({ count: z.number().int().min(0).max(LIMITS.containmentCount), first: z.array(item).max(LIMITS.containmentShown) })
    .refine((few) => few.first.length <= few.count, 'names more than it counts');
}

/** A place in the sandbox's policy and why it is there (`~` stands for the home folder). */
const PolicyPlaceSchema = z.strictObject({ path: Text, why: Text });

/**
 * What a command the extension runs itself would be allowed to do if approved: its sandbox's
 * policy (D§13 "Containment"; docs/decisions.md "Containment: the sandbox's policy"), summarised.
 * `hosts.count` 0 is no network at all.
 */
export const ContainmentSummarySchema = z.strictObject({
  /** The folders it may write: the workspace folders, the temp folder, what a person added. */
  writable: firstFew(Text),
  /** The protected places inside them that stay unwritable (D§7). */
  notWritable: firstFew(PolicyPlaceSchema),
  /** The credential places it cannot read. */
  unreadable: firstFew(PolicyPlaceSchema),
  /** The hosts it may reach (`host` or `host:port`). */
  hosts: firstFew(Text),
});
export type ContainmentSummary = z.infer<typeof ContainmentSummarySchema>;

/**
 * What the sandbox stopped when the command ran, and what a person's rerun would add to its policy
 * (D§13 "Containment"; docs/decisions.md "A person can rerun what the sandbox stopped"): the paths
 * made writable and the hosts made reachable, exactly and whole — a card that cannot name every one
 * is not built, so nobody is asked to widen what they cannot see.
 */
export const SandboxRerunSchema = z
  .strictObject({
    /** The command's exit status when the sandbox stopped it (`null`: none to trust). */
    exitCode: z.number().int().nullable(),
    stops: z.array(z.strictObject({ kind: z.enum(['write', 'read', 'network']), target: Text })).min(1).max(LIMITS.shortList),
    /** `creates`: the paths of `paths` that do not exist yet, made as empty files right before the rerun. */
    adds: z.strictObject({ paths: z.array(Text).max(LIMITS.shortList), hosts: z.array(Text).max(LIMITS.shortList), creates: z.array(Text).max(LIMITS.shortList) }),
  })
  .refine((rerun) => rerun.adds.paths.length + rerun.adds.hosts.length > 0, 'a rerun that adds nothing is not offered')
  .refine((rerun) => rerun.adds.creates.every((path) => rerun.adds.paths.includes(path)), 'creates a path it does not add');
export type SandboxRerun = z.infer<typeof SandboxRerunSchema>;

export const CardViewSchema = z.strictObject({
  id: Id,
  /** The command as it will run (cut only when longer than `LIMITS.commandChars`). */
  command: z.string().max(LIMITS.commandChars),
  /** Length of the whole command; larger than `command.length` when the card shows a cut. */
  commandLength: z.number().int().min(0),
  sites: z.array(CompositionSiteSchema).max(LIMITS.ranges),
  hostMarks: z.array(HostMarkSchema).max(LIMITS.ranges),
  /** Look-alike hosts found in the command, each with its ASCII form (`null`: none exists). */
  lookalikeHosts: z.array(z.strictObject({ host: Text, ascii: z.string().max(1024).nullable() })).max(LIMITS.shortList),
  /** Hidden characters, one row per distinct character: its visible escape and how often it occurs. */
  hidden: z.array(z.strictObject({ escape: z.string().max(16), kind: z.string().max(32), count: z.number().int().min(1) })).max(LIMITS.hiddenKinds),
  stage: z.enum(STAGES),
  outcome: z.enum(OUTCOMES).optional(),
  reason: Text,
  rule: z.strictObject({ list: z.string().max(32), entry: Text, source: Text }).optional(),
  preflight: z.array(z.strictObject({ arm: z.string().max(32), reason: Text, rewroteRating: z.boolean() })).max(LIMITS.shortList),
  /**
   * Allow entries that almost cover the command: the entry, and why not with what would be covered
   * (docs/decisions.md, "Near misses"), said next to the reason.
   */
  nearMiss: z.array(z.strictObject({ entry: Text, text: Text })).max(LIMITS.shortList).optional(),
  /**
   * What each simple command does, from its segment record (docs/decisions.md "Effects in words
   * come from the record"): the segment's number (1 = first) and one effect in words with its place
   * (`deletes out, coverage (rm)`), or what the gate could not read.
   */
  effects: z.array(z.strictObject({ segment: z.number().int().min(1).max(LIMITS.commandChars), text: Text })).max(LIMITS.shortList).optional(),
  /**
   * What the command may do if approved, when the extension runs it itself in the OS sandbox
   * (`approvalsGate.sandbox: on`); absent when the agent runs it (a hook's card) or the sandbox is off.
   */
  containment: ContainmentSummarySchema.optional(),
  /** What the program table says the command's programs do with these arguments (D§4.3). */
  forms: z.array(z.strictObject({ where: Text, role: z.string().max(32), note: Text })).max(LIMITS.shortList).optional(),
  rating: z
    .strictObject({
      outcome: z.enum(OUTCOMES),
      flooredOutcome: z.enum(OUTCOMES),
      reason: Text,
      source: Text,
      failClosed: z.string().max(32).optional(),
      tripwire: z.boolean().optional(),
    })
    .optional(),
  /** Why the gate could not read the command exactly (resolver mechanisms), when it could not. */
  unresolved: z.array(z.string().max(64)).max(LIMITS.shortList).optional(),
  transcript: z
    .array(
      z.strictObject({
        round: z.number().int().min(1).max(10_000),
        command: Text,
        justification: Text.optional(),
        outcome: z.enum(OUTCOMES),
        reason: Text,
        action: z.enum(ACTIONS),
      }),
    )
    .max(LIMITS.transcriptRows),
  /** Exactly what "Always allow in this workspace" stores; absent when that button is not offered. */
  grantPreview: z.string().max(LIMITS.commandChars).optional(),
  /** Starting points for the "Always allow…" editor (prefix entries). */
  suggestedEntries: z.array(Text).max(LIMITS.shortList),
  /** Recent commands the "Always allow…" editor previews its entry against. */
  recentCommands: z.array(Text).max(LIMITS.recentCommands),
  /** The attack banner (D§10): only `run-anyway` and `reject` are offered. */
  attack: z.boolean(),
  /**
   * A sandbox-stop card (D§13): the command ran and the sandbox stopped it; the card offers only a
   * person's rerun with `adds` (`rerun-widened`) or leaving it (`reject`).
   */
  sandboxRerun: SandboxRerunSchema.optional(),
  /** The answers this card offers; the extension accepts no other. */
  offers: z.array(z.enum(ANSWER_KINDS)).min(1).max(ANSWER_KINDS.length),
})
  // The rerun is offered on a sandbox-stop card and nowhere else; that card offers nothing else.
  .refine(
    (card) => (card.sandboxRerun !== undefined) === card.offers.includes('rerun-widened'),
    'rerun-widened is offered exactly on a sandbox-stop card',
  )
  .refine((card) => card.sandboxRerun === undefined || card.offers.every((kind) => (RERUN_OFFERS as readonly string[]).includes(kind)), 'a sandbox-stop card offers only rerun-widened and reject');
export type CardView = z.infer<typeof CardViewSchema>;

// ── Webview → extension ───────────────────────────────────────────────────────────────────

/** A prefix or glob allow entry written in the "Always allow…" editor. */
export const EditedAllowEntrySchema = z.strictObject({
  match: z.enum(['prefix', 'glob']),
  pattern: z.string().min(1).max(LIMITS.entryPatternChars),
  scope: z.enum(['user', 'workspace']),
});
export type EditedAllowEntry = z.infer<typeof EditedAllowEntrySchema>;

const RejectReason = z.string().max(LIMITS.rejectReasonChars).optional();

/** The person's answer, mirroring `HumanAnswer` (src/gate/person.ts) minus `cancelled`. */
export const CardAnswerSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('run-once') }),
  z.strictObject({ kind: z.literal('allow-session') }),
  z.strictObject({ kind: z.literal('allow-always'), entry: EditedAllowEntrySchema.optional() }),
  z.strictObject({ kind: z.literal('reject'), reason: RejectReason }),
  z.strictObject({ kind: z.literal('reject-session'), reason: RejectReason }),
  z.strictObject({ kind: z.literal('run-anyway'), typed: z.literal(RUN_ANYWAY_TEXT) }),
  // No paths or hosts travel with it: the extension reruns with the offer it made on that card.
  z.strictObject({ kind: z.literal('rerun-widened') }),
]);
export type CardAnswer = z.infer<typeof CardAnswerSchema>;

export const ReadyMessageSchema = z.strictObject({ type: z.literal('ready'), protocol: z.literal(PROTOCOL_VERSION) });
export const DecideMessageSchema = z.strictObject({
  type: z.literal('decide'),
  requestId: Id,
  cardId: Id,
  answer: CardAnswerSchema,
});
export const WebviewMessageSchema = z.discriminatedUnion('type', [ReadyMessageSchema, DecideMessageSchema]);
export type ReadyMessage = z.infer<typeof ReadyMessageSchema>;
export type DecideMessage = z.infer<typeof DecideMessageSchema>;
export type WebviewMessage = z.infer<typeof WebviewMessageSchema>;

// ── Extension → webview ───────────────────────────────────────────────────────────────────

export const SnapshotMessageSchema = z.strictObject({
  type: z.literal('snapshot'),
  /** Grows with every snapshot of one panel; the webview ignores one older than it has shown. */
  seq: z.number().int().min(0),
  /** Pending cards in all (the snapshot holds at most `LIMITS.cardsPerSnapshot`). */
  total: z.number().int().min(0),
  cards: z.array(CardViewSchema).max(LIMITS.cardsPerSnapshot),
});
export const AckMessageSchema = z.strictObject({
  type: z.literal('ack'),
  requestId: Id,
  accepted: z.boolean(),
  /** Why a decision was refused, or what was done; plain text shown to the person. */
  reason: Text,
});
export const HostMessageSchema = z.discriminatedUnion('type', [SnapshotMessageSchema, AckMessageSchema]);
export type SnapshotMessage = z.infer<typeof SnapshotMessageSchema>;
export type AckMessage = z.infer<typeof AckMessageSchema>;
export type HostMessage = z.infer<typeof HostMessageSchema>;

// ── Parsing on receipt ────────────────────────────────────────────────────────────────────

export type Parsed<T> = { ok: true; message: T } | { ok: false; problem: string };

/** Reads a message the webview posted. Never throws; a refusal says why in one bounded line. */
export function parseWebviewMessage(raw: unknown): Parsed<WebviewMessage> {
  return parseWith(WebviewMessageSchema, raw, LIMITS.webviewMessageUnits);
}

/** Reads a message the extension posted. Never throws. */
export function parseHostMessage(raw: unknown): Parsed<HostMessage> {
  return parseWith(HostMessageSchema, raw, LIMITS.hostMessageUnits);
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, maxUnits: number): Parsed<T> {
  const problem = plainDataProblem(raw, { maxUnits, maxDepth: MESSAGE_DEPTH });
  if (problem) return { ok: false, problem };
  let result: ReturnType<typeof schema.safeParse>;
  try {
    result = schema.safeParse(raw);
  } catch {
    return { ok: false, problem: 'the message could not be validated' };
  }
  if (result.success) return { ok: true, message: result.data };
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(message)'}: ${issue.message}`);
  return { ok: false, problem: issues.join('; ').slice(0, 500) };
}

/**
 * The request id of a message that failed validation, when it has a well-formed one, so the
 * extension can still tell the webview "refused" and the person is not left waiting.
 */
export function attributableRequestId(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const descriptor = Object.getOwnPropertyDescriptor(raw, 'requestId');
  const value: unknown = descriptor && 'value' in descriptor ? descriptor.value : undefined;
  return typeof value === 'string' && LIMITS.idPattern.test(value) ? value : null;
}
