/**
 * `doctor`'s line about the hook server (install.ts, hookServerStatus): each state it can find,
 * set up for real in a temporary cache folder, with a real listening socket for "running".
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hookServerStatus } from '../../../../src/cli/hooks/install';
import { serverSocket } from '../../../../src/cli/hooks/hookServerWire';

describe('doctor: the hook server line', () => {
  let root: string;
  let dist: string;
  let env: NodeJS.ProcessEnv;
  let command: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'hook-status-'));
    dist = path.join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'hook-main.js'), '// the bundle');
    env = { HOME: path.join(root, 'home'), XDG_CACHE_HOME: path.join(root, 'cache') };
    command = `'${process.execPath}' '${path.join(dist, 'hook.js')}' hook claude-code`;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names each state: off, no folder, a folder others may enter, no server, a server, a dead socket', async function () {
    if (process.platform === 'win32') this.skip();
    assert.match(await hookServerStatus(command, { ...env, APPROVALS_GATE_HOOK_SERVER: 'off' }), /^hook server: off/);
    assert.match(await hookServerStatus('my-own-logger', env), /cannot tell/);
    assert.match(await hookServerStatus(command, env), /^hook server: none yet/);
    const socket = serverSocket(env, path.join(dist, 'hook-main.js'))!;
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o755 });
    chmodSync(path.dirname(socket), 0o755);
    assert.match(await hookServerStatus(command, env), /^hook server: NOT USED: .* mode 0700/);
    chmodSync(path.dirname(socket), 0o700);
    assert.match(await hookServerStatus(command, env), /^hook server: not running/);
    const server = net.createServer((conn) => conn.end());
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      assert.equal(await hookServerStatus(command, env), `hook server: running (${socket})`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    // A server killed outright leaves its socket file behind, with nobody listening on it.
    spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    assert.ok(existsSync(socket));
    assert.match(await hookServerStatus(command, env), /^hook server: a socket nobody answers on/);
  });
});
