import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { cacheFolder } from './userFolders';

/**
 * What the hook's client (`dist/hook.js`, hookLoader.ts) and the hook server (hookServer.ts) say
 * to each other over a Unix socket, and where that socket is. This module is part of the loader's
 * bundle, so it imports node built-ins and userFolders.ts only.
 *
 * One connection is one hook call. The client sends one line, the request; the server answers
 * with at most two lines: `{v, deadlineMs}` once the settings are read (how long the decision may
 * take from then on), then `{v, stdout, stderr, exitCode}`, the hook's answer as the process
 * itself would have written it. A server that cannot take the call answers `{v, error}`.
 *
 * One more request is not a hook call: `{v, leave: BUILD}`, which a newly started server sends to
 * the servers of older builds in its folder (see {@link readBuild}); such a server closes its
 * socket, finishes the calls it holds and exits. Old servers that do not know it answer an error.
 */

export const WIRE_VERSION = 1;

/** Hook input larger than this is refused unread (a shell command is never near it). */
export const MAX_HOOK_INPUT_BYTES = 4 * 1024 * 1024;
/** A request line: the input, the environment and the command line, with room to spare. */
export const MAX_REQUEST_BYTES = MAX_HOOK_INPUT_BYTES * 2 + 1024 * 1024;
/** A reply line (an answer quotes the command at most a few times). */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;
/** The longest deadline a server may announce: the rater's largest budget (600 s) and the hook's margin. */
export const MAX_DEADLINE_MS = 700_000;
/**
 * How long the client waits for the server's first line before it decides in its own process.
 * A live server sends it within milliseconds (the settings files are small).
 */
export const FIRST_LINE_MS = 1_000;
/** How long a call held by a stuck server waits for the replacement another call is starting (hookLoader.ts). */
export const REPLACEMENT_WAIT_MS = 1_500;
/**
 * How long a client's claim to start a server (`hook-….start`, {@link claimServerStart}) keeps
 * other clients from starting one too: longer than a server takes to come up on a busy machine.
 */
export const START_CLAIM_MS = 10_000;
/** What the client allows beyond the announced deadline before it refuses on its own. */
export const DEADLINE_SLACK_MS = 5_000;
/** Unix socket paths longer than this do not fit `sockaddr_un` (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

/** `{v, leave: BUILD}`: the server of a newer build, BUILD, has started; older ones leave. */
export interface LeaveRequest {
  v: typeof WIRE_VERSION;
  leave: string;
}

export interface HookRequest {
  v: typeof WIRE_VERSION;
  /** `hook AGENT [options]`, as the client was started with. */
  argv: string[];
  /** The agent's JSON, as read from the client's standard input. */
  stdin: string;
  /** The client's environment: settings folders, the rater's key variable, the project folder. */
  env: Record<string, string>;
  cwd: string;
}

/** A line of JSON that holds an object, or what it is instead (`is not JSON`, `is not an object`). */
export function jsonObjectLine(line: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'is not JSON';
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : 'is not an object';
}

/** Whether a socket file there is this user's own (anyone else's is never asked). */
export function ownSocket(socket: string): boolean {
  try {
    const stat = lstatSync(socket);
    return stat.isSocket() && stat.uid === process.getuid?.();
  } catch {
    return false;
  }
}

export type ServerLine = { kind: 'deadline'; ms: number } | { kind: 'answer'; stdout: string; stderr: string; exitCode: 0 | 2 } | { kind: 'error'; why: string };

/**
 * A line from the server, checked field by field; anything else is undefined (the client then
 * decides in its own process: a server that says something odd is never believed).
 */
export function readServerLine(line: string): ServerLine | undefined {
  const o = jsonObjectLine(line);
  if (typeof o === 'string' || o.v !== WIRE_VERSION) return undefined;
  const keys = Object.keys(o).sort().join(',');
  if (keys === 'deadlineMs,v' && Number.isInteger(o.deadlineMs) && (o.deadlineMs as number) > 0 && (o.deadlineMs as number) <= MAX_DEADLINE_MS) {
    return { kind: 'deadline', ms: o.deadlineMs as number };
  }
  if (keys === 'exitCode,stderr,stdout,v' && typeof o.stdout === 'string' && typeof o.stderr === 'string' && (o.exitCode === 0 || o.exitCode === 2)) {
    return { kind: 'answer', stdout: o.stdout, stderr: o.stderr, exitCode: o.exitCode };
  }
  if (keys === 'error,v' && typeof o.error === 'string') return { kind: 'error', why: o.error };
  return undefined;
}

/** A request line as the server reads it, or why it is not one. */
export function readRequest(line: string): HookRequest | LeaveRequest | string {
  const o = jsonObjectLine(line);
  if (typeof o === 'string') return `the request ${o}`;
  if (o.v !== WIRE_VERSION) return `the request is not of version ${WIRE_VERSION}`;
  if (Object.keys(o).sort().join(',') === 'leave,v') {
    return typeof o.leave === 'string' && readBuild(`${o.leave}.sock`) !== undefined ? { v: WIRE_VERSION, leave: o.leave } : 'the request names no build';
  }
  if (!Array.isArray(o.argv) || o.argv.length < 2 || o.argv.length > 64 || !o.argv.every((a) => typeof a === 'string') || o.argv[0] !== 'hook') return 'the request has no hook command line';
  if (typeof o.stdin !== 'string') return 'the request has no input';
  if (typeof o.cwd !== 'string' || !path.isAbsolute(o.cwd)) return 'the request has no absolute folder';
  if (typeof o.env !== 'object' || o.env === null || Array.isArray(o.env) || !Object.values(o.env).every((v) => typeof v === 'string')) return 'the request has no environment';
  return { v: WIRE_VERSION, argv: o.argv as string[], stdin: o.stdin, env: o.env as Record<string, string>, cwd: o.cwd };
}

/**
 * The socket of the server for this bundle, or undefined when there must be none. Its name carries
 * the Node version and the bundle's size and time, so a client never asks a server that runs other
 * code; it lives in the gate's cache folder (`~/.cache/approvals-gate`, guarded by the
 * protected-write floor), which must be a folder of this user that nobody else can enter.
 */
export function serverSocket(env: NodeJS.ProcessEnv, bundle: string): string | undefined {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  const off = env.APPROVALS_GATE_HOOK_SERVER;
  if (off !== undefined && /^(0|off|false|no)$/i.test(off)) return undefined;
  return path.join(cacheFolder(env), `${buildName(bundle)}.sock`);
}

/**
 * The name of a build of the hook bundle, shared by its server's socket (`NAME.sock`), its V8
 * code cache (`NAME.v8cache`) and the claim to start its server (`NAME.start`):
 * `hook-NODEVERSION-ARCH-SIZE-MTIME`, so that other code (another bundle, another Node) never
 * meets this build's files. A build is newer than another when its bundle was written later.
 */
export function buildName(bundle: string): string {
  const stat = statSync(bundle);
  return `hook-${process.version}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}`;
}

/** The gate's hook files in the cache folder, by kind (each `BUILD` + the suffix). */
export const BUILD_FILE_KINDS = ['sock', 'v8cache', 'start', 'v8cache-partial'] as const;
export type BuildFileKind = (typeof BUILD_FILE_KINDS)[number];

/**
 * What a file name in the cache folder says of the build it belongs to, or undefined when it is not
 * one of the hook's files ({@link buildName}; a partial code cache is `NAME.v8cache.PID`).
 */
export function readBuild(file: string): { build: string; kind: BuildFileKind; mtimeMs: number } | undefined {
  const m = /^(hook-v[0-9]+\.[0-9]+\.[0-9]+-[a-z0-9]+-[0-9]+-([0-9]+))\.(sock|v8cache|start|v8cache\.[0-9]+)$/.exec(file);
  if (!m) return undefined;
  const kind: BuildFileKind = m[3]!.startsWith('v8cache.') ? 'v8cache-partial' : (m[3] as BuildFileKind);
  return { build: m[1]!, kind, mtimeMs: Number(m[2]) };
}

/**
 * Claims the start of the server for `socket` (its `BUILD.start` file, made only if absent), so
 * that of the calls that find no server, or a stuck one, at the same time, one starts the next
 * server. A claim older than {@link START_CLAIM_MS} is stale (its server never came up) and taken
 * over. The server removes the claim once it listens (releaseServerStart).
 */
export function claimServerStart(socket: string, now = Date.now()): boolean {
  const claim = startClaim(socket);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(claim, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) return false;
      try {
        const stat = lstatSync(claim);
        if (!stat.isFile() || stat.uid !== process.getuid?.() || now - stat.mtimeMs < START_CLAIM_MS) return false;
        unlinkSync(claim);
      } catch {
        // Gone meanwhile: try again.
      }
    }
  }
  return false;
}

/** Removes the claim to start the server for `socket`, if it is this user's file. */
export function releaseServerStart(socket: string): void {
  const claim = startClaim(socket);
  try {
    const stat = lstatSync(claim);
    if (stat.isFile() && stat.uid === process.getuid?.()) unlinkSync(claim);
  } catch {
    // No claim.
  }
}

function startClaim(socket: string): string {
  return socket.replace(/\.sock$/, '.start');
}

/**
 * The address to listen on or connect to for `socket`, once its folder is known to be private
 * ({@link privateFolder}); undefined when it is not, or when no address will do. On Linux it is
 * the file reached through an open handle of the folder (`/proc/self/fd/N/NAME`): the folder
 * checked is the folder used, whatever happens to its path afterwards (a parent folder someone
 * else owns cannot swap it), and a path too long for a socket address (a deep temporary home)
 * still fits. Elsewhere it is the path itself, when it fits. The handle stays open for the life of
 * the process (a client lives for one call, a server serves from that one folder).
 */
export function socketAddress(socket: string): string | undefined {
  const folder = path.dirname(socket);
  if (process.platform === 'linux' && PROC_FD) {
    let fd: number;
    try {
      fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    const address = `/proc/self/fd/${fd}/${path.basename(socket)}`;
    if (isPrivate(fstatSync(fd)) && Buffer.byteLength(address) <= MAX_SOCKET_PATH) return address;
    closeSync(fd);
    return undefined;
  }
  return privateFolder(folder) && Buffer.byteLength(socket) <= MAX_SOCKET_PATH ? socket : undefined;
}

/**
 * Closes the folder handle an address of {@link socketAddress} holds (`/proc/self/fd/N/NAME`), for
 * a process that makes many (a hook server asking cards) or needs one only to bind.
 */
export function releaseSocketAddress(address: string): void {
  const fd = /^\/proc\/self\/fd\/([0-9]+)\//.exec(address)?.[1];
  if (fd !== undefined) closeSync(Number(fd));
}

/** Whether the open-handle form of {@link socketAddress} can be used here. */
const PROC_FD = existsSync('/proc/self/fd');

/** Whether `folder` is a real folder (not a link) of this user with no access for anyone else. */
export function privateFolder(folder: string): boolean {
  try {
    return isPrivate(lstatSync(folder));
  } catch {
    return false;
  }
}

function isPrivate(stat: Stats): boolean {
  return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0;
}

/** Whether something accepts a connection at a socket address within a second (doctor, a second window). */
export function acceptsConnection(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = net.connect(address);
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      conn.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 1_000);
    conn.once('connect', () => done(true));
    conn.once('error', () => done(false));
  });
}
