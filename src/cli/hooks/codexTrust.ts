/**
 * Codex's hook trust. Codex (0.169) runs a user or project hook only once it is trusted — an
 * entry `[hooks.state."<key>"] trusted_hash = "sha256:…"` in `$CODEX_HOME/config.toml`, which its
 * TUI writes after a review — and `codex exec` skips an untrusted hook WITHOUT A WORD: the
 * command runs as if no gate were there. So `install codex` records the trust itself.
 *
 * The key and the hash come from Codex itself, never computed here: `codex app-server` answers
 * JSON-RPC over stdio (one JSON object a line): `initialize`, the `initialized` notification,
 * then `hooks/list {"cwds":[cwd]}`, whose answer lists every hook in force for that folder with
 * its `key`, `currentHash` and `trustStatus`. The hash covers the hook's definition: trust again
 * after every change to it.
 */
import { spawn } from 'node:child_process';

export interface CodexHookTrust {
  /** `…/.codex/hooks.json:pre_tool_use:0:0` */
  key: string;
  /** `sha256:…`, Codex's hash of the hook's current definition. */
  trustedHash: string;
  /** The hook's command line, so a caller can pick its own hook out of the list. */
  command?: string;
  /** Codex's status before trusting: `untrusted`, or `modified` (trusted once, changed since). */
  trustStatus?: string;
}

export interface CodexHookTrustOptions {
  /** Give up (and kill the app-server) after this long; default 30 s. */
  timeoutMs?: number;
}

/**
 * The trust entries of every hook Codex lists for `cwd` that is neither trusted yet nor managed
 * (a managed hook is trusted by its policy). Spawns `codexBin app-server` with `env` (its HOME or
 * CODEX_HOME says which config is read) and kills it once answered; rejects, never hangs, when it
 * fails to start, exits, answers an error or takes longer than the timeout.
 */
export async function codexHookTrust(
  codexBin: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  options: CodexHookTrustOptions = {},
): Promise<CodexHookTrust[]> {
  const result = await appServerCall(codexBin, env, cwd, 'hooks/list', { cwds: [cwd] }, options.timeoutMs ?? 30_000);
  const entries: CodexHookTrust[] = [];
  const data = isObject(result) && Array.isArray(result.data) ? result.data : [];
  for (const folder of data) {
    if (!isObject(folder) || !Array.isArray(folder.hooks)) continue;
    for (const hook of folder.hooks) {
      if (!isObject(hook) || typeof hook.key !== 'string' || typeof hook.currentHash !== 'string') continue;
      if (hook.trustStatus === 'trusted' || hook.isManaged === true) continue;
      if (entries.some((entry) => entry.key === hook.key)) continue;
      entries.push({
        key: hook.key,
        trustedHash: hook.currentHash,
        ...(typeof hook.command === 'string' ? { command: hook.command } : {}),
        ...(typeof hook.trustStatus === 'string' ? { trustStatus: hook.trustStatus } : {}),
      });
    }
  }
  return entries;
}

/** The config.toml lines that trust `entries`: one `[hooks.state."<key>"]` table each. */
export function codexTrustToml(entries: readonly Pick<CodexHookTrust, 'key' | 'trustedHash'>[]): string {
  return entries.map((entry) => `[hooks.state.${tomlString(entry.key)}]\ntrusted_hash = ${tomlString(entry.trustedHash)}\n`).join('\n');
}

const TABLE_HEADER = /^\s*\[/;
const TRUST_HEADER = /^\s*\[\s*hooks\s*\.\s*state\s*\.\s*("(?:[^"\\]|\\.)*")\s*\]\s*(?:#.*)?$/;
const TRUSTED_HASH = /^\s*trusted_hash\s*=/;

/** The key of a `[hooks.state."<key>"]` header line, or undefined. */
function trustHeaderKey(line: string): string | undefined {
  const match = TRUST_HEADER.exec(line);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]!.replace(/\\U([0-9a-fA-F]{8})/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))) as string;
  } catch {
    return undefined;
  }
}

/**
 * config.toml's text with `entries` trusted: the `trusted_hash` of an existing
 * `[hooks.state."<key>"]` table is replaced in place (the table's other keys stay), and a table is
 * appended for each key not there yet. Appending a second table for a key Codex already lists as
 * `modified` would be a duplicate TOML table, and then Codex does not start at all
 * ("Error loading config.toml: … duplicate key"). Only the table form Codex itself writes is
 * recognised; text elsewhere is kept byte for byte.
 */
export function withCodexTrust(configText: string, entries: readonly Pick<CodexHookTrust, 'key' | 'trustedHash'>[]): string {
  const wanted = new Map(entries.map((entry) => [entry.key, entry.trustedHash]));
  const lines = configText.split('\n');
  const out: string[] = [];
  let current: string | undefined;
  let headerIndex = -1;
  let hashWritten = false;
  const closeTable = () => {
    if (current === undefined) return;
    // A table of ours without a trusted_hash line: the line goes right after its header.
    if (!hashWritten) out.splice(headerIndex + 1, 0, `trusted_hash = ${tomlString(wanted.get(current)!)}`);
    wanted.delete(current);
    current = undefined;
  };
  for (const line of lines) {
    if (TABLE_HEADER.test(line)) {
      closeTable();
      const key = trustHeaderKey(line);
      if (key !== undefined && wanted.has(key)) {
        current = key;
        headerIndex = out.length;
        hashWritten = false;
      }
      out.push(line);
      continue;
    }
    if (current !== undefined && TRUSTED_HASH.test(line)) {
      if (!hashWritten) out.push(`trusted_hash = ${tomlString(wanted.get(current)!)}`);
      hashWritten = true;
      continue;
    }
    out.push(line);
  }
  closeTable();
  const rest = entries.filter((entry) => wanted.has(entry.key));
  if (rest.length === 0) return out.join('\n');
  let text = out.join('\n');
  if (text !== '' && !text.endsWith('\n')) text += '\n';
  return text + (text === '' ? '' : '\n') + codexTrustToml(rest);
}

/** config.toml's text without the `[hooks.state."<key>"]` tables of `keys` (for uninstall). */
export function withoutCodexTrust(configText: string, keys: readonly string[]): string {
  const drop = new Set(keys);
  const out: string[] = [];
  let dropping = false;
  for (const line of configText.split('\n')) {
    if (TABLE_HEADER.test(line)) {
      const key = trustHeaderKey(line);
      dropping = key !== undefined && drop.has(key);
    }
    if (!dropping) out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** A TOML basic string: quotes, backslashes and control characters escaped. */
function tomlString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (char === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return out + '"';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Starts the app-server, initializes it, sends one request and resolves to its `result`. */
function appServerCall(
  codexBin: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  method: string,
  params: unknown,
  timeoutMs: number,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(codexBin, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let settled = false;
    let buffer = '';
    let stderr = '';
    const finish = (error: Error | undefined, value?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(value);
    };
    const fail = (why: string) => {
      const tail = stderr.trim().split('\n').slice(-3).join(' | ');
      finish(new Error(`codex app-server ${method}: ${why}${tail ? ` (stderr: ${tail})` : ''}`));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    child.on('error', (error) => fail(`could not start ${codexBin}: ${error.message}`));
    child.on('exit', (code, signal) => fail(`exited (${signal ?? code}) before answering`));
    child.stdin.on('error', () => {
      // the app-server went away; 'exit' says so
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line) continue;
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          continue; // not a JSON-RPC line
        }
        // Notifications (configWarning, status changes …) come interleaved; wait for id 2.
        if (!isObject(message) || message.id !== 2) {
          if (isObject(message) && message.id === 1 && isObject(message.error)) fail(`initialize failed: ${JSON.stringify(message.error)}`);
          continue;
        }
        if (isObject(message.error)) fail(`error ${JSON.stringify(message.error)}`);
        else if (!('result' in message)) fail(`an answer without a result: ${line.slice(0, 500)}`);
        else finish(undefined, message.result);
        return;
      }
    });
    const requests = [
      { id: 1, method: 'initialize', params: { clientInfo: { name: 'approvals-gate', version: '1' } } },
      { method: 'initialized' },
      { id: 2, method, params },
    ];
    child.stdin.write(requests.map((request) => JSON.stringify(request) + '\n').join(''));
  });
}
