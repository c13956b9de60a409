import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { agentNamed } from './agents';
import { hookOutput } from './hookMain';
import { MAX_HOOK_INPUT_BYTES, MAX_REQUEST_BYTES, WIRE_VERSION, readRequest, socketAddress } from './hookServerWire';

/**
 * The hook server (D§16, docs/agent-hooks.md "Start-up"): one process per user and bundle that
 * keeps the gate loaded, so an agent's hook call costs a Node start and a socket round trip
 * instead of loading the program table each time. `dist/hook.js` starts it after a call it had to
 * decide itself, and asks it first from then on; every call is decided by the same `hookOutput`
 * as in the hook's own process, with the client's command line, environment and folder.
 *
 * It decides nothing the client could not: a client that gets no well-formed answer decides in its
 * own process. It leaves when nobody asked for {@link HOOK_SERVER_IDLE_MS}, when its socket is
 * removed or replaced, and on any error of its own.
 */

export const HOOK_SERVER_IDLE_MS = 10 * 60_000;
/** A client that has not sent its whole request by then is cut off. */
const REQUEST_READ_MS = 10_000;
/** How often the server checks that its socket is still its own. */
const SOCKET_CHECK_MS = 2_000;

export function serveHooks(socket: string): void {
  process.on('uncaughtException', () => process.exit(1));
  process.on('unhandledRejection', () => process.exit(1));
  process.umask(0o077);
  // The client made the folder before it started this server; a folder that is gone since (a
  // temporary home removed) is not made again, and one that others can enter is not served in.
  const address = socketAddress(socket);
  if (address === undefined) process.exit(0);

  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;
  const restartIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => process.exit(0), HOOK_SERVER_IDLE_MS);
  };

  const server = net.createServer((conn) => {
    clearTimeout(idle);
    inFlight++;
    serveConnection(conn).finally(() => {
      inFlight--;
      if (inFlight === 0) restartIdle();
    });
  });
  server.maxConnections = 64;
  listen(server, socket, address, () => {
    chmodSync(socket, 0o600);
    // Its inode and change time: a socket made later in its place may get the same inode number.
    const own = lstatSync(socket);
    setInterval(() => {
      try {
        const now = lstatSync(socket);
        if (now.ino === own.ino && now.ctimeMs === own.ctimeMs) return;
      } catch {
        // Removed (its folder too, perhaps): leave.
      }
      process.exit(0);
    }, SOCKET_CHECK_MS).unref();
    restartIdle();
  });
}

/**
 * Listens on `socket` (at `address`, see socketAddress); a socket file nobody answers on is stale
 * and replaced, a live one means another server: leave.
 */
function listen(server: net.Server, socket: string, address: string, ready: () => void): void {
  server.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') process.exit(1);
    const probe = net.connect(address);
    probe.once('connect', () => process.exit(0));
    probe.once('error', () => {
      try {
        unlinkSync(socket);
      } catch {
        process.exit(1);
      }
      server.once('error', () => process.exit(1));
      server.listen(address, ready);
    });
  });
  server.listen(address, ready);
}

/** Reads one request line, answers it, closes. Never rejects. */
async function serveConnection(conn: net.Socket): Promise<void> {
  const send = (line: object): void => {
    if (!conn.destroyed) conn.write(`${JSON.stringify({ v: WIRE_VERSION, ...line })}\n`);
  };
  try {
    const line = await requestLine(conn);
    if (line === undefined) return;
    const request = readRequest(line);
    if (typeof request === 'string') return send({ error: request });
    const agent = agentNamed(request.argv[1] ?? '');
    if (!agent) return send({ error: 'the request names no agent the gate knows' });
    if (Buffer.byteLength(request.stdin) > MAX_HOOK_INPUT_BYTES) return send({ error: 'the hook input is too large' });
    const output = await hookOutput(agent, request.argv, request.stdin, request.env, request.cwd, (deadlineMs) => send({ deadlineMs }));
    send({ stdout: output.stdout, stderr: output.stderr, exitCode: output.exitCode === 0 ? 0 : 2 });
  } catch (error) {
    send({ error: `the hook server failed (${error instanceof Error ? error.message : String(error)})` });
  } finally {
    conn.end();
  }
}

/** The first line the client sends (without its newline), or undefined when none came in time or it was too long. */
function requestLine(conn: net.Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (line: string | undefined): void => {
      conn.setTimeout(0);
      conn.removeAllListeners('data');
      resolve(line);
    };
    conn.setTimeout(REQUEST_READ_MS, () => {
      conn.destroy();
      done(undefined);
    });
    conn.on('error', () => done(undefined));
    conn.on('end', () => done(undefined));
    conn.on('data', (chunk: Buffer) => {
      const newline = chunk.indexOf(0x0a);
      chunks.push(newline === -1 ? chunk : chunk.subarray(0, newline));
      size += chunk.length;
      if (newline !== -1) return done(Buffer.concat(chunks).toString('utf8'));
      if (size > MAX_REQUEST_BYTES) {
        conn.destroy();
        done(undefined);
      }
    });
  });
}
