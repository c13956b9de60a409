import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MAX_CARD_LINE_BYTES, readCardAnswer, type CardAnswer, type CardRequest } from './cardHandOffWire';
import { ownSocket, privateFolder, releaseSocketAddress, socketAddress } from './hookServerWire';

/**
 * The hook's side of the hand-off to the approval card (cardHandOffWire.ts): the first socket of
 * `sockets` that exists, is this user's and sits in a private folder is asked, and its answer is
 * believed only when it is exactly an answer line within `waitMs`. Anything else (no socket, a
 * refused connection, a broken or odd line, silence) is null: the hook then answers as it would
 * have without a card. Never throws.
 */
export async function askCard(request: CardRequest, sockets: readonly string[], waitMs: number): Promise<CardAnswer | null> {
  try {
    const socket = sockets.find((candidate) => existsSync(candidate));
    if (socket === undefined || waitMs <= 0 || !privateFolder(path.dirname(socket))) return null;
    if (!ownSocket(socket)) return null;
    const address = socketAddress(socket);
    if (address === undefined) return null;
    try {
      return await exchange(address, request, waitMs);
    } finally {
      releaseSocketAddress(address);
    }
  } catch {
    return null;
  }
}

function exchange(address: string, request: CardRequest, waitMs: number): Promise<CardAnswer | null> {
  return new Promise((resolve) => {
    let settled = false;
    let received = '';
    const conn = net.connect(address);
    const finish = (answer: CardAnswer | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), waitMs);
    conn.setEncoding('utf8');
    conn.once('connect', () => conn.write(`${JSON.stringify(request)}\n`));
    conn.on('error', () => finish(null));
    conn.on('close', () => finish(null));
    conn.on('data', (chunk: string) => {
      received += chunk;
      const newline = received.indexOf('\n');
      if (newline !== -1) return finish(readCardAnswer(received.slice(0, newline)) ?? null);
      if (received.length > MAX_CARD_LINE_BYTES) finish(null);
    });
  });
}
