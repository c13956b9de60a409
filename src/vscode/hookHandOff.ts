import { chmodSync, existsSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as vscode from 'vscode';
import { CARD_WIRE_VERSION, MAX_CARD_LINE_BYTES, cardHandOffOff, cardSocket, readCardRequest, SETTINGS_WARNING_START, type CardAnswer } from '../cli/hooks/cardHandOffWire';
import { acceptsConnection, privateFolder, releaseSocketAddress, socketAddress } from '../cli/hooks/hookServerWire';
import type { Decision } from '../gate/decision';
import type { GatedExecution } from './gatedExecution';

/**
 * The extension's side of the hand-off of agent hooks' escalations (cardHandOffWire.ts): one
 * socket per workspace folder, in the gate's cache folder (this user's, 0700), the socket 0600.
 * A request becomes a card (GatedExecution.askOnCard); the person's answer goes back as one
 * line. A window that finds another one answering on a folder's socket leaves it to that one.
 * The hook believes an approval only from here, and only what a person gave.
 */
export function createHookHandOff(gate: GatedExecution, log: vscode.LogOutputChannel): vscode.Disposable {
  const servers = new Map<string, { server: net.Server; socket: string }>();
  const env = process.env;

  const listen = async (folder: string): Promise<void> => {
    const socket = cardSocket(folder, env);
    const cache = path.dirname(socket);
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    if (!privateFolder(cache)) {
      log.warn(`Agent hooks: ${cache} is not a folder of this user with mode 0700; escalations stay with the agents' own prompts.`);
      return;
    }
    const address = socketAddress(socket);
    if (address === undefined) return;
    const server = net.createServer((conn) => serve(conn, gate, log));
    try {
      if (existsSync(socket)) {
        if (await acceptsConnection(address)) {
          log.info(`Agent hooks: another window answers escalations for ${folder}.`);
          return;
        }
        unlinkSync(socket);
      }
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(address, () => resolve());
      });
    } finally {
      releaseSocketAddress(address);
    }
    chmodSync(socket, 0o600);
    servers.set(folder, { server, socket });
    log.info(`Agent hooks: escalations for ${folder} come to the card (${socket}).`);
  };

  const sync = (): void => {
    if (cardHandOffOff(env) || process.platform === 'win32') return;
    const folders = new Set((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath));
    for (const [folder, entry] of servers) {
      if (folders.has(folder)) continue;
      close(entry);
      servers.delete(folder);
    }
    for (const folder of folders) {
      if (servers.has(folder)) continue;
      listen(folder).catch((error: unknown) => log.warn(`Agent hooks: cannot listen for ${folder}: ${error instanceof Error ? error.message : String(error)}`));
    }
  };

  sync();
  const watcher = vscode.workspace.onDidChangeWorkspaceFolders(() => sync());
  return new vscode.Disposable(() => {
    watcher.dispose();
    for (const entry of servers.values()) close(entry);
    servers.clear();
  });
}

/** Stops listening and removes the socket, unless another window has put its own there since. */
function close(entry: { server: net.Server; socket: string }): void {
  entry.server.close();
  try {
    if (lstatSync(entry.socket).isSocket()) unlinkSync(entry.socket);
  } catch {
    // Already gone.
  }
}

/** One hook's request: read its line, ask the card, answer, close. A hook that goes away cancels the card. */
function serve(conn: net.Socket, gate: GatedExecution, log: vscode.LogOutputChannel): void {
  const cancel = new AbortController();
  let received = '';
  let asked = false;
  conn.setEncoding('utf8');
  conn.on('error', () => cancel.abort());
  conn.on('close', () => cancel.abort());
  const reply = (answer: CardAnswer): void => {
    if (!conn.destroyed) conn.end(`${JSON.stringify(answer)}\n`);
  };
  conn.on('data', (chunk: string) => {
    if (asked) return;
    received += chunk;
    const newline = received.indexOf('\n');
    if (newline === -1) {
      if (received.length > MAX_CARD_LINE_BYTES) reply({ v: CARD_WIRE_VERSION, action: 'unavailable', reason: 'The request is too long.' });
      return;
    }
    asked = true;
    const request = readCardRequest(received.slice(0, newline));
    if (typeof request === 'string') return reply({ v: CARD_WIRE_VERSION, action: 'unavailable', reason: `The request cannot be read: ${request}.` });
    gate
      .askOnCard({
        command: request.command,
        cwd: request.cwd,
        tool: `hook:${request.agent}`,
        from: `${request.agentLabel} (an agent hook, outside VS Code) asks to run this command; the agent runs it if you allow it.${hookSettingsWarning(request.reason)}`,
        signal: cancel.signal,
      })
      .then((decision) => {
        log.info(`Agent hooks: ${request.agentLabel}: ${decision.action} [${decision.stage}] ${request.command.slice(0, 200)} (the hook: ${request.reason.slice(0, 200)})`);
        reply(answerOf(decision));
      })
      .catch((error: unknown) => reply({ v: CARD_WIRE_VERSION, action: 'unavailable', reason: `The card failed: ${error instanceof Error ? error.message : String(error)}` }));
  });
}

/** The hook's note on its dropped settings values, for the card (or ''). */
function hookSettingsWarning(reason: string): string {
  const at = reason.indexOf(SETTINGS_WARNING_START);
  return at < 0 ? '' : ` ${reason.slice(at, at + 600)}`;
}

/** The decision on the card as the hook's answer: only a person's approval approves. */
export function answerOf(decision: Decision): CardAnswer {
  if (decision.action === 'approve') {
    return decision.stage === 'human'
      ? { v: CARD_WIRE_VERSION, action: 'approve', reason: 'A person approved this command on the Approvals Gate card in VS Code.' }
      : { v: CARD_WIRE_VERSION, action: 'unavailable', reason: `Approved without a person (${decision.stage}): left to the agent's own prompt.` };
  }
  if (decision.action === 'reject' || decision.action === 'halt') return { v: CARD_WIRE_VERSION, action: decision.action, reason: decision.reason };
  return { v: CARD_WIRE_VERSION, action: 'unavailable', reason: decision.reason };
}
