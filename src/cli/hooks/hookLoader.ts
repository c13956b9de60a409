import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import Module from 'node:module';
import net from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import { cacheFolder } from './userFolders';
import { writeAnswer } from './answerFrame';
import {
  DEADLINE_SLACK_MS,
  acceptsConnection,
  FIRST_LINE_MS,
  MAX_HOOK_INPUT_BYTES,
  REPLACEMENT_WAIT_MS,
  MAX_REPLY_BYTES,
  WIRE_VERSION,
  buildName,
  claimServerStart,
  ownSocket,
  releaseServerStart,
  readServerLine,
  serverSocket,
  socketAddress,
  type HookRequest,
} from './hookServerWire';

/**
 * `dist/hook.js`, the command the agents run (D§16). It decides nothing itself; it finds the
 * decision in one of two places:
 *
 * 1. The hook server for this bundle (hookServer.ts), over a Unix socket in the gate's cache
 *    folder: it keeps the gate loaded, so a call costs a Node start and a round trip. Its answer
 *    is written only when it is well-formed; a server that is absent, refuses, breaks off or says
 *    something odd is passed over, and the call is decided here instead. A server that took the
 *    call and then stays silent past the deadline it announced gets the agent's refusal.
 * 2. Here: the hook bundle (`hook-main.js` beside this file), run from V8's code cache so that a
 *    call does not compile 1.7 MB of JavaScript each time (Node 20 has no compile cache of its
 *    own). Such a call first starts the server for the next ones (one call of many: startServer).
 *
 * `APPROVALS_GATE_HOOK_SERVER=off` keeps every call in its own process. docs/agent-hooks.md has
 * the design and docs/performance.md the figures.
 */
const bundle = path.join(__dirname, 'hook-main.js');
/** The longest a new server waits for the call that started it to exit before it loads the gate. */
const SERVER_LOAD_WAIT_MS = 2_000;
/** When a server writes the build's code cache, if there was none (loadBundle). */
const SERVER_CACHE_DELAY_MS = 30_000;

interface HookBundle {
  main(argv: readonly string[], input?: Buffer): Promise<void>;
  serve(socket: string, sessionAgent?: string): void;
  refuse(argv: readonly string[], why: string): void;
}

/**
 * The bundle's exports, run from the code cache when it can be (its name carries the Node version
 * and the bundle's size and time; V8 itself rejects data made for other source or flags — then
 * the bundle is compiled as usual and the cache written again). Anything that goes wrong with the
 * cache falls back to a plain `require`. The bundle has no `import()`: a script run from cached
 * data loses its dynamic-import callback (esbuild turns the rater's into `require`).
 */
function loadBundle(saveCache: 'on-exit' | 'later' = 'on-exit'): HookBundle {
  let prepared: { script: vm.Script; save: ((make: boolean) => void) | undefined } | undefined;
  try {
    const source = readFileSync(bundle, 'utf8');
    const file = path.join(cacheFolder(process.env), `${buildName(bundle)}.v8cache`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {
      // No cache yet.
    }
    const script = new vm.Script(Module.wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
    const save =
      cachedData === undefined || script.cachedDataRejected === true
        ? (make: boolean) => {
            try {
              if (make) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
              const partial = `${file}.${process.pid}`;
              writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
              renameSync(partial, file);
            } catch {
              // A cache that cannot be written costs time, nothing else.
            }
          }
        : undefined;
    prepared = { script, save };
  } catch {
    prepared = undefined;
  }
  if (prepared === undefined) return Module.createRequire(__filename)(bundle) as HookBundle;
  // Written after the run, so the cache holds the functions the run compiled too. A server writes
  // it once, SERVER_CACHE_DELAY_MS after it loaded (its first calls' functions in it), and only
  // into a folder that is still there: it may outlive a removed temporary home. Without this, a
  // build whose calls are all served (a server from the session's start) would never have one.
  const save = prepared.save;
  if (save && saveCache === 'on-exit') process.once('exit', () => save(true));
  if (save && saveCache === 'later') setTimeout(() => save(false), SERVER_CACHE_DELAY_MS).unref();
  const run = prepared.script.runInThisContext() as (exports: unknown, require: (id: string) => unknown, module: Module, filename: string, dirname: string) => void;
  const hookModule = new Module(bundle, module);
  hookModule.filename = bundle;
  hookModule.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(bundle));
  run.call(hookModule.exports, hookModule.exports, (id: string) => hookModule.require(id), hookModule, bundle, path.dirname(bundle));
  return hookModule.exports as HookBundle;
}

/** What came of asking the server. */
type Asked =
  | { kind: 'answer'; stdout: string; stderr: string; exitCode: 0 | 2 }
  /** Nobody listens: decide here and start a server. */
  | { kind: 'absent' }
  /**
   * A server took the connection but said nothing in time (its event loop stuck, say): decide here,
   * and put a new server in its place, or every call would wait for it again.
   */
  | { kind: 'stuck' }
  /** A server answered, but not with an answer to believe: decide here. */
  | { kind: 'passed-over' }
  /** The server took the call and went silent past its deadline: refuse. */
  | { kind: 'silent'; afterMs: number };

function askServer(address: string, request: HookRequest): Promise<Asked> {
  return new Promise((resolve) => {
    let settled = false;
    let deadlineMs: number | undefined;
    let received = '';
    const conn = net.connect(address);
    const finish = (asked: Asked): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      resolve(asked);
    };
    let timer = setTimeout(() => finish({ kind: 'stuck' }), FIRST_LINE_MS);
    conn.setEncoding('utf8');
    conn.once('connect', () => conn.write(`${JSON.stringify(request)}\n`));
    conn.on('error', () => finish(deadlineMs === undefined ? { kind: 'absent' } : { kind: 'passed-over' }));
    conn.on('close', () => finish(deadlineMs === undefined ? { kind: 'absent' } : { kind: 'passed-over' }));
    conn.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REPLY_BYTES) return finish({ kind: 'passed-over' });
      let newline: number;
      while ((newline = received.indexOf('\n')) !== -1) {
        const line = readServerLine(received.slice(0, newline));
        received = received.slice(newline + 1);
        if (line === undefined || line.kind === 'error') return finish({ kind: 'passed-over' });
        if (line.kind === 'answer') return finish(line);
        if (deadlineMs !== undefined) return finish({ kind: 'passed-over' });
        deadlineMs = line.ms;
        clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: 'silent', afterMs: line.ms + DEADLINE_SLACK_MS }), line.ms + DEADLINE_SLACK_MS);
      }
    });
  });
}

/** Standard input, whole, or its first MAX + 1 bytes (the bundle then refuses it as too large). */
async function readInput(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buffer);
    size += buffer.length;
    if (size > MAX_HOOK_INPUT_BYTES) break;
  }
  return Buffer.concat(chunks);
}

function fileAt(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Starts the server for `socket` apart from this process (it outlives it), when the folder is
 * private and no other call has claimed the start (claimServerStart): of the calls that find no
 * server, or the same stuck one, at the same time, one starts the next. `seen` is the socket file
 * as this call found it (undefined: none); once the claim is held, a socket that is no longer that
 * file is another call's new server, and none is started. A stuck server's socket is taken away
 * first, so that later calls do not wait for it (it leaves once its loop runs again and sees that).
 */
function startServer(socket: string, seen: Stats | undefined, stuck: boolean, sessionAgent?: string): 'started' | 'another' | 'none' {
  mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
  const address = socketAddress(socket);
  if (address === undefined) return 'none';
  if (!claimServerStart(address)) return 'another';
  const now = fileAt(address);
  const same = now === undefined || seen === undefined ? now === seen : now.ino === seen.ino && now.ctimeMs === seen.ctimeMs;
  if (!same) {
    releaseServerStart(address);
    return 'another';
  }
  if (stuck) unlinkSync(address);
  // In place of a stuck server, other calls are waiting for the new one: it loads at once.
  // Started at a session's start, it prepares for that session's first call (hookEntry.ts prepareSession).
  const mode = stuck ? ['now'] : sessionAgent !== undefined ? ['session', sessionAgent] : [];
  const server = spawn(process.execPath, [__filename, 'hook-server', socket, ...mode], { detached: true, stdio: 'ignore', cwd: path.dirname(socket), env: process.env });
  // A server that cannot be started is no answer to this call, which is being decided here.
  server.on('error', () => undefined);
  server.unref();
  return 'started';
}

/**
 * The replacement of a stuck server that another call is starting, once it listens (a socket of
 * this user that is not the stuck one's), within {@link REPLACEMENT_WAIT_MS}; undefined if none.
 */
async function replacement(socket: string, stuck: Stats | undefined): Promise<string | undefined> {
  const address = socketAddress(socket);
  if (address === undefined) return undefined;
  const until = Date.now() + REPLACEMENT_WAIT_MS;
  for (;;) {
    const now = fileAt(address);
    if (now !== undefined && ownSocket(address) && (stuck === undefined || now.ino !== stuck.ino || now.ctimeMs !== stuck.ctimeMs)) return address;
    if (Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function request(argv: string[], input: Buffer): HookRequest {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { v: WIRE_VERSION, argv, stdin: input.toString('utf8'), env, cwd: process.cwd() };
}

function writeServerAnswer(asked: Extract<Asked, { kind: 'answer' }>): void {
  process.exitCode = asked.exitCode;
  writeAnswer(asked.stdout, asked.stderr, asked.exitCode);
}

async function viaServer(argv: string[]): Promise<void> {
  const input = await readInput();
  let socket: string | undefined;
  let asked: Asked = { kind: 'absent' };
  let seen: Stats | undefined;
  try {
    socket = serverSocket(process.env, bundle);
    const address = socket !== undefined && input.length <= MAX_HOOK_INPUT_BYTES ? socketAddress(socket) : undefined;
    if (address !== undefined) seen = fileAt(address);
    if (address !== undefined && ownSocket(address)) {
      asked = await askServer(address, request(argv, input));
    }
  } catch {
    asked = { kind: 'passed-over' };
  }
  if (asked.kind === 'answer') return writeServerAnswer(asked);
  // The next server is started before this call decides (a small process forks faster, and the
  // server comes up while this one decides); the decision is this process's all the same.
  if ((asked.kind === 'absent' || asked.kind === 'stuck') && socket !== undefined && input.length <= MAX_HOOK_INPUT_BYTES) {
    let start: ReturnType<typeof startServer> = 'none';
    try {
      start = startServer(socket, seen, asked.kind === 'stuck');
    } catch {
      // No server: the next call is decided in its own process again.
    }
    // Of many calls held by the same stuck server (a burst), one starts the replacement and decides
    // here; the others ask the replacement once it listens rather than each loading the gate at
    // once. Anything but its well-formed answer: decided here, as any call.
    if (asked.kind === 'stuck' && start === 'another') {
      try {
        const address = await replacement(socket, seen);
        if (address !== undefined) asked = await askServer(address, request(argv, input));
      } catch {
        asked = { kind: 'passed-over' };
      }
      if (asked.kind === 'answer') return writeServerAnswer(asked);
    }
  }
  const hook = loadBundle();
  if (asked.kind === 'silent') return hook.refuse(argv, `the gate's hook server took the call and did not answer within ${Math.round(asked.afterMs / 1000)} s`);
  await hook.main(argv, input);
}

/**
 * `warm AGENT`, what `install` registers as the agent's session-start hook where the agent has one
 * (registrations.ts): starts this bundle's hook server when none answers, so that the session's
 * first shell command is a client call (docs/agent-hooks.md, "A server from the session's start").
 * It decides nothing, prints nothing and reads nothing; whatever happens it exits 0 (a session
 * start must never fail for it), and every PreToolUse call still finds its decision as ever: from
 * a server's well-formed answer, or in its own process. A server that accepts the connection is
 * left as it is (one that is stuck is replaced by the next call, viaServer); the new server starts
 * loading the gate as soon as this process has exited.
 */
async function warm(agent: string): Promise<void> {
  process.exitCode = 0;
  const socket = serverSocket(process.env, bundle);
  if (socket === undefined) return;
  mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
  const address = socketAddress(socket);
  if (address === undefined) return;
  const seen = fileAt(address);
  if (seen !== undefined && ownSocket(address) && (await acceptsConnection(address))) return;
  startServer(socket, seen, false, agent);
}

// Blocks (exit 2) unless an answer is written: where the agents read exit 2 as a refusal, a
// crash of this loader refuses too.
process.exitCode = 2;
const argv = process.argv.slice(2);
if (argv[0] === 'hook-server' && argv[1] !== undefined) {
  // The call that started this server is still deciding: the bundle is loaded once that call has
  // exited (this process is then another's child) or after SERVER_LOAD_WAIT_MS, so that the two do
  // not share the CPU and the first call of a session is no slower for starting a server; at once
  // (`now`) when it replaces a stuck server, since other calls are waiting for it then. The
  // server writes the code cache only when none was there, later, into its folder if it is still
  // there (loadBundle). Started by `warm AGENT` (`session AGENT`), it first prepares for the
  // session's first call (hookEntry.ts prepareSession).
  const socket = argv[1];
  const parent = process.ppid;
  const since = Date.now();
  const wait = setInterval(() => {
    if (argv[2] !== 'now' && process.ppid === parent && Date.now() - since < SERVER_LOAD_WAIT_MS) return;
    clearInterval(wait);
    loadBundle('later').serve(socket, argv[2] === 'session' ? argv[3] : undefined);
  }, 10);
} else if (argv[0] === 'warm') {
  warm(argv[1] ?? '').catch(() => {
    process.exitCode = 0;
  });
} else if (argv[0] === 'hook') {
  viaServer(argv).catch((error: unknown) => {
    process.stderr.write(`approvals-gate: the hook failed (${error instanceof Error ? error.message : String(error)}); the command is refused\n`);
    process.exitCode = 2;
  });
} else {
  void loadBundle().main(argv);
}
