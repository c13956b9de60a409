import { chmodSync, lstatSync, readdirSync, unlinkSync, type Stats } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { agentNamed } from './agents';
import { hookOutput } from './hookMain';
import {
  MAX_HOOK_INPUT_BYTES,
  MAX_REQUEST_BYTES,
  START_CLAIM_MS,
  WIRE_VERSION,
  readBuild,
  readRequest,
  releaseServerStart,
  socketAddress,
} from './hookServerWire';

/**
 * The hook server (D§16, docs/agent-hooks.md "Start-up"): one process per user and bundle that
 * keeps the gate loaded, so an agent's hook call costs a Node start and a socket round trip
 * instead of loading the program table each time. `dist/hook.js` starts it when a call finds none
 * (or, `warm AGENT`, when the agent's session starts), and asks it first from then on; every call is decided by the same `hookOutput`
 * as in the hook's own process, with the client's command line, environment and folder.
 *
 * It decides nothing the client could not: a client that gets no well-formed answer decides in its
 * own process. It leaves when nobody asked for {@link HOOK_SERVER_IDLE_MS}, when its socket is
 * removed or replaced, when the server of a newer build tells it to (tidyFolder), and on any error
 * of its own.
 */

export const HOOK_SERVER_IDLE_MS = 10 * 60_000;
/** A client that has not sent its whole request by then is cut off. */
const REQUEST_READ_MS = 10_000;
/** How often the server checks that its socket is still its own. */
const SOCKET_CHECK_MS = 2_000;
/**
 * A socket nobody answers on is removed by a starting server only when it is older than this: a
 * server that has just bound its socket and not yet listened refuses connections for a moment.
 */
const DEAD_SOCKET_AGE_MS = 5_000;
/** A partial code cache (`NAME.v8cache.PID`) older than this was left by a writer that died. */
const PARTIAL_CACHE_AGE_MS = 60_000;

/**
 * `prepare` runs once, after the gate is loaded and before the server listens: what the session's
 * first call would otherwise do first (hookEntry.ts `prepareSession`; a server started at the
 * session's start). It blocks nothing a call waits for (nobody can connect yet) and its failure is
 * ignored: the call then does it itself.
 */
export function serveHooks(socket: string, prepare?: () => void): void {
  process.on('uncaughtException', () => process.exit(1));
  process.on('unhandledRejection', () => process.exit(1));
  process.umask(0o077);
  // The client made the folder before it started this server; a folder that is gone since (a
  // temporary home removed) is not made again, and one that others can enter is not served in.
  const address = socketAddress(socket);
  if (address === undefined) process.exit(0);
  const build = readBuild(path.basename(socket));
  if (build?.kind !== 'sock') process.exit(1);

  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;
  let leaving = false;
  let own: Stats | undefined;
  const restartIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => process.exit(0), HOOK_SERVER_IDLE_MS);
  };
  /**
   * Finishes the calls it holds, then exits. Not `server.close()`: closing a listening Unix socket
   * removes the file at its path, which may by then be the socket of the server that replaced it.
   */
  const leave = (): void => {
    if (leaving) return;
    leaving = true;
    clearTimeout(idle);
    if (inFlight === 0) process.exit(0);
  };

  const server = net.createServer((conn) => {
    clearTimeout(idle);
    inFlight++;
    serveConnection(conn, (newer) => {
      // Only a build written after this one sends it away (a second installation of the same or an
      // older build keeps its server). Its socket goes first, so that no client asks it again.
      if (newer.mtimeMs <= build.mtimeMs) return;
      try {
        if (own && sameFile(own, socket)) unlinkSync(socket);
      } catch {
        // Gone already.
      }
      leave();
    }).finally(() => {
      inFlight--;
      if (inFlight > 0) return;
      if (leaving) process.exit(0);
      restartIdle();
    });
  });
  server.maxConnections = 64;
  try {
    prepare?.();
  } catch {
    // The first call does it itself.
  }
  listen(server, socket, address, () => {
    chmodSync(socket, 0o600);
    // Its inode and change time (taken after the chmod, the last change it makes): a socket made
    // later in its place may get the same inode number.
    const mine = lstatSync(socket);
    own = mine;
    setInterval(() => {
      if (!sameFile(mine, socket)) leave();
    }, SOCKET_CHECK_MS).unref();
    restartIdle();
    releaseServerStart(address);
    tidyFolder(path.dirname(address), build);
  });
}

/** Whether the file at `file` is still `was` (same inode, unchanged since); false when it is gone. */
function sameFile(was: Stats, file: string): boolean {
  try {
    const now = lstatSync(file);
    return now.ino === was.ino && now.dev === was.dev && now.ctimeMs === was.ctimeMs;
  } catch {
    return false;
  }
}

/**
 * Listens on `socket` (at `address`, see socketAddress); a socket file nobody answers on is stale
 * and replaced, a live one means another server: leave. `ready` runs once, when listening.
 */
function listen(server: net.Server, socket: string, address: string, ready: () => void): void {
  server.once('listening', ready);
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
      server.listen(address);
    });
  });
  server.listen(address);
}

/**
 * What a newly listening server does in its cache folder (`folder`, the handle its address holds),
 * once: the servers of older builds are told to leave; sockets nobody answers on, code caches of
 * older builds (their servers are leaving; a build still in use writes its cache again on its next
 * call), partial code caches and stale start claims are removed. Only the hook's own file names
 * (readBuild), only files of this user, never through a link; the folder is private (socketAddress).
 */
function tidyFolder(folder: string, own: { build: string; mtimeMs: number }): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const file = readBuild(name);
    if (file === undefined || (file.build === own.build && file.kind !== 'v8cache-partial')) continue;
    const at = path.join(folder, name);
    let stat: Stats;
    try {
      stat = lstatSync(at);
    } catch {
      continue;
    }
    if (stat.uid !== process.getuid?.()) continue;
    const remove = (): void => {
      try {
        unlinkSync(at);
      } catch {
        // Gone already.
      }
    };
    if (file.kind === 'sock') {
      if (!stat.isSocket()) continue;
      const conn = net.connect(at);
      conn.once('connect', () => {
        if (file.mtimeMs < own.mtimeMs) conn.end(`${JSON.stringify({ v: WIRE_VERSION, leave: own.build })}\n`);
        else conn.destroy();
      });
      conn.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && now - stat.ctimeMs > DEAD_SOCKET_AGE_MS && sameFile(stat, at)) remove();
      });
      conn.on('data', () => undefined);
    } else if (stat.isFile()) {
      if (file.kind === 'v8cache' && file.mtimeMs < own.mtimeMs) remove();
      else if (file.kind === 'v8cache-partial' && now - stat.mtimeMs > PARTIAL_CACHE_AGE_MS) remove();
      else if (file.kind === 'start' && now - stat.mtimeMs > START_CLAIM_MS) remove();
    }
  }
}

/**
 * Reads one request line, answers it, closes; a leave request (a newer build's server) goes to
 * `onLeave` instead. Never rejects.
 */
async function serveConnection(conn: net.Socket, onLeave: (newer: { mtimeMs: number }) => void): Promise<void> {
  const send = (line: object): void => {
    if (!conn.destroyed) conn.write(`${JSON.stringify({ v: WIRE_VERSION, ...line })}\n`);
  };
  try {
    const line = await requestLine(conn);
    if (line === undefined) return;
    const request = readRequest(line);
    if (typeof request === 'string') return send({ error: request });
    if ('leave' in request) {
      const newer = readBuild(`${request.leave}.sock`);
      if (newer) onLeave(newer);
      return;
    }
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
