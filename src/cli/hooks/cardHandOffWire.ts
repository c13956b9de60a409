import { createHash } from 'node:crypto';
import path from 'node:path';
import { jsonObjectLine } from './hookServerWire';
import { cacheFolder } from './userFolders';

/**
 * The hand-off of an agent hook's escalation to the approval card (D§16): when the extension runs
 * for a workspace, it listens on a per-user socket named after that folder, in the gate's cache
 * folder (this user's, mode 0700; the socket 0600). A hook whose call escalates asks there
 * first, so a person answers on the card instead of the agent's prompt. One request line, one
 * answer line, JSON. Shared by the hook (cardHandOff.ts) and the extension (src/vscode/hookHandOff.ts).
 */

export const CARD_WIRE_VERSION = 1;

/**
 * How the hook's note on dropped settings values begins inside a card request's `reason`
 * (hookCommand.ts `settingsWarning`): the extension puts that note on the card.
 */
export const SETTINGS_WARNING_START = '(Settings warning:';
/** Longest line either side reads. */
export const MAX_CARD_LINE_BYTES = 1024 * 1024;

export interface CardRequest {
  v: typeof CARD_WIRE_VERSION;
  /** The agent's name (`claude-code`) and label (`Claude Code`). */
  agent: string;
  agentLabel: string;
  command: string;
  cwd: string;
  /** Why the hook's own decision escalated. */
  reason: string;
}

/**
 * The card's answer: what the person decided (or the extension's floors and deny lists), or
 * `unavailable` when nobody answered there (the hook then asks as it would have).
 */
export interface CardAnswer {
  v: typeof CARD_WIRE_VERSION;
  action: 'approve' | 'reject' | 'halt' | 'unavailable';
  reason: string;
}

/** The socket the extension listens on for a workspace folder. */
export function cardSocket(folder: string, env: NodeJS.ProcessEnv): string {
  const key = createHash('sha256').update(path.resolve(folder)).digest('hex').slice(0, 32);
  return path.join(cacheFolder(env), `card-${key}.sock`);
}

/** The sockets a call in `cwd` may be handed to: its folder's, then each parent folder's. */
export function cardSocketsFor(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const sockets: string[] = [];
  for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
    sockets.push(cardSocket(folder, env));
    if (path.dirname(folder) === folder) return sockets;
  }
}

/** `APPROVALS_GATE_CARD=off` keeps every escalation with the agent's own prompt. */
export function cardHandOffOff(env: NodeJS.ProcessEnv): boolean {
  const value = env.APPROVALS_GATE_CARD;
  return value !== undefined && /^(0|off|false|no)$/i.test(value);
}

const ACTIONS: ReadonlySet<string> = new Set(['approve', 'reject', 'halt', 'unavailable']);

/** An answer line with exactly the fields of {@link CardAnswer}, else undefined. */
export function readCardAnswer(line: string): CardAnswer | undefined {
  const r = jsonObjectLine(line);
  if (typeof r === 'string') return undefined;
  if (Object.keys(r).sort().join(',') !== 'action,reason,v') return undefined;
  if (r.v !== CARD_WIRE_VERSION || typeof r.action !== 'string' || !ACTIONS.has(r.action) || typeof r.reason !== 'string') return undefined;
  return { v: CARD_WIRE_VERSION, action: r.action as CardAnswer['action'], reason: r.reason };
}

/** A request line with exactly the fields of {@link CardRequest}, else what is wrong with it. */
export function readCardRequest(line: string): CardRequest | string {
  const r = jsonObjectLine(line);
  if (typeof r === 'string') return `the request ${r}`;
  if (Object.keys(r).sort().join(',') !== 'agent,agentLabel,command,cwd,reason,v') return 'the request has other fields than a card request';
  if (r.v !== CARD_WIRE_VERSION) return `the request speaks version ${JSON.stringify(r.v)}, not ${CARD_WIRE_VERSION}`;
  for (const key of ['agent', 'agentLabel', 'command', 'cwd', 'reason'] as const) {
    if (typeof r[key] !== 'string') return `${key} is not a string`;
  }
  if (!path.isAbsolute(r.cwd as string)) return 'cwd is not an absolute path';
  return r as unknown as CardRequest;
}
