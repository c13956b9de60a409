import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import type { Decision } from '../../../src/gate/decision';
import { baseConfig, filesystemOf } from '../../../src/gate/containment/sandbox';
import { sandboxPolicyFor, type SandboxPolicy, type SandboxPolicyInput } from '../../../src/gate/containment/sandboxPolicy';
import { seatbeltCommandLine, type SeatbeltProxy } from '../../../src/gate/containment/seatbeltProfile';

/**
 * The macOS path of the sandbox (D§13 "Containment"; docs/decisions.md "Containment: the sandbox's
 * policy"), held on the Seatbelt profile the library generates for a policy. Nothing here runs
 * `sandbox-exec`: the profile is read, with Seatbelt's rule order (the last matching rule wins)
 * applied to the `file-read*` and `file-write*` rules it contains.
 */

const APPROVED: Decision = { action: 'approve', stage: 'bypass', reason: 'bypass', resolution: { resolved: true, segments: [] } };
const PROXY: SeatbeltProxy = { httpPort: 40123, socksPort: 40123, authToken: 'token' };

/** The arguments a POSIX shell makes of the command line, as `Sandbox` runs it (`bash -c`). */
function argvOf(commandLine: string): string[] {
  const result = spawnSync('/bin/bash', ['--noprofile', '--norc', '-c', 'eval "set -- $1"; printf "%s\\0" "$@"', '_', commandLine], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.split('\0').slice(0, -1);
}

/** The profile `sandbox-exec -p` gets, and the shell and command it runs. */
function partsOf(commandLine: string): { profile: string; shell: string; command: string; env: string[] } {
  const argv = argvOf(commandLine);
  const at = argv.indexOf('/usr/bin/sandbox-exec');
  assert.ok(at > 0 && argv[at + 1] === '-p', `no sandbox-exec -p in ${argv.slice(0, 3).join(' ')}…`);
  assert.equal(argv[at + 4], '-c');
  assert.equal(argv.length, at + 6, 'nothing after the command');
  return { profile: argv[at + 2]!, shell: argv[at + 3]!, command: argv[at + 5]!, env: argv.slice(1, at) };
}

type Sexp = string | { str: string } | Sexp[];

/** Reads the profile's S-expressions (comments dropped; strings are JSON-escaped by the library). */
function readProfile(profile: string): Sexp[][] {
  const text = profile.split('\n').filter((line) => !line.trimStart().startsWith(';')).join('\n');
  let i = 0;
  const read = (): Sexp => {
    while (/\s/.test(text[i]!)) i++;
    if (text[i] === '(') {
      i++;
      const list: Sexp[] = [];
      for (;;) {
        while (/\s/.test(text[i]!)) i++;
        if (text[i] === ')') {
          i++;
          return list;
        }
        list.push(read());
      }
    }
    if (text[i] === '"') {
      const match = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i))!;
      i += match[0].length;
      return { str: JSON.parse(match[0]) as string };
    }
    const atom = /^[^\s()"]+/.exec(text.slice(i))![0];
    i += atom.length;
    return atom;
  };
  const forms: Sexp[][] = [];
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) return forms;
    forms.push(read() as Sexp[]);
  }
}

interface Rule { action: 'allow' | 'deny'; operations: string[]; filters: Sexp[][] }

function rulesOf(profile: string): Rule[] {
  return readProfile(profile).map((form) => ({
    action: form[0] as 'allow' | 'deny',
    operations: form.slice(1).filter((item): item is string => typeof item === 'string'),
    // `(with message …)` only labels the rule in the violation log.
    filters: form.slice(1).filter((item): item is Sexp[] => Array.isArray(item) && item[0] !== 'with'),
  }));
}

const text = (item: Sexp | undefined): string => (typeof item === 'object' && !Array.isArray(item) ? item.str : assert.fail(`not a string: ${JSON.stringify(item)}`));

/** Whether a path filter matches a path: `subpath` is the path and all below, `literal` the path. */
function matches(filter: Sexp[], path: string): boolean {
  switch (filter[0]) {
    case 'subpath': return path === text(filter[1]) || path.startsWith(text(filter[1]) + '/');
    case 'literal': return path === text(filter[1]);
    case 'regex': return new RegExp(text(filter[1])).test(path);
    case 'require-all': return filter.slice(1).every((item) => matches(item as Sexp[], path));
    case 'require-not': return !matches(filter[1] as Sexp[], path);
    default: return assert.fail(`a path filter this test does not read: ${JSON.stringify(filter)}`);
  }
}

/** Seatbelt's answer for `operation` on `path` from the rules that name that operation: last match wins, default deny. */
function decide(profile: string, operation: 'file-read*' | 'file-write*', path: string): 'allow' | 'deny' {
  let answer: 'allow' | 'deny' = 'deny';
  for (const rule of rulesOf(profile)) {
    if (!rule.operations.includes(operation)) continue;
    if (rule.filters.length === 0 || rule.filters.some((filter) => matches(filter, path))) answer = rule.action;
  }
  return answer;
}

/** The rules about network operations, as text. */
function networkRules(profile: string): string[] {
  return rulesOf(profile).filter((rule) => rule.operations.some((operation) => operation.startsWith('network')) || rule.filters.some((filter) => filter[0] === 'socket-domain')).map((rule) => JSON.stringify(rule));
}

describe('containment: the macOS Seatbelt profile the library generates for a policy (D§13, docs/decisions.md "Containment")', () => {
  let root: string;
  let home: string;
  let workspace: string;
  let temp: string;
  let outside: string;
  const input = (extra: Partial<SandboxPolicyInput> = {}): SandboxPolicyInput => ({
    command: 'true', cwd: workspace, home, decision: APPROVED, workspaceFolders: [workspace], tempFolder: temp, ...extra,
  });
  const profileFor = async (policy: SandboxPolicy, proxy: SeatbeltProxy | null = PROXY) => partsOf(await seatbeltCommandLine('echo hi', policy, { proxy: proxy ?? undefined, commandId: 'test' })).profile;

  beforeEach(() => {
    // The library resolves symlinks in what it puts in the profile (macOS: /tmp is /private/tmp).
    root = realpathSync(mkdtempSync(join(tmpdir(), 'seatbelt-')));
    home = join(root, 'home');
    workspace = join(root, 'projects', 'app');
    temp = join(root, 'tmp');
    outside = join(root, 'shared-cache');
    for (const dir of [home, workspace, temp, outside, join(workspace, '.git', 'hooks'), join(workspace, '.vscode'), join(workspace, 'src'), join(home, '.ssh'), join(home, '.aws')]) {
      mkdirSync(dir, { recursive: true });
    }
    writeFileSync(join(workspace, '.vscode', 'tasks.json'), '{}');
    writeFileSync(join(workspace, '.git', 'HEAD'), '');
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'KEY');
    writeFileSync(join(home, '.aws', 'credentials'), '[default]');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is what the library\'s own manager produces on macOS for the same configuration (pinned 0.0.78)', async () => {
    // The manager picks its backend from process.platform; faked for this one call (mocha runs
    // one test at a time), with the proxy the manager has (none unless a test in this process
    // started the shared sandbox). A library update that changes its mapping fails here.
    const policy = sandboxPolicyFor(input({ approved: { paths: [outside] } }));
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    let fromManager: string;
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    try {
      SandboxManager.updateConfig(baseConfig(policy.hosts));
      fromManager = await SandboxManager.wrapWithSandbox('echo hi', '/bin/bash', filesystemOf(policy), undefined, { commandId: 'test' });
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
    const port = SandboxManager.getProxyPort();
    const proxy = port === undefined ? undefined : { httpPort: port, socksPort: SandboxManager.getSocksProxyPort()!, authToken: SandboxManager.getProxyAuthToken() };
    assert.ok(fromManager.includes('/usr/bin/sandbox-exec -p'), 'the manager took its macOS path');
    assert.equal(await seatbeltCommandLine('echo hi', policy, { proxy, commandId: 'test' }), fromManager);
  });

  it('lets the command write the workspace folder and the temp folder (subpath rules), and nothing beside them', async () => {
    const profile = await profileFor(sandboxPolicyFor(input()));
    const allowed = rulesOf(profile).filter((rule) => rule.action === 'allow' && rule.operations.includes('file-write*')).flatMap((rule) => rule.filters);
    assert.ok(allowed.some((filter) => filter[0] === 'subpath' && text(filter[1]) === workspace), 'the workspace is a subpath rule');
    assert.ok(allowed.some((filter) => filter[0] === 'subpath' && text(filter[1]) === temp), 'the temp folder is a subpath rule');
    assert.equal(decide(profile, 'file-write*', join(workspace, 'src', 'index.ts')), 'allow');
    assert.equal(decide(profile, 'file-write*', join(temp, 'build', 'out.o')), 'allow');
    assert.equal(decide(profile, 'file-write*', join(root, 'projects', 'other', 'file')), 'deny');
    assert.equal(decide(profile, 'file-write*', join(home, '.bashrc')), 'deny');
  });

  it('keeps the protected places inside the workspace (D§7) unwritable, and unmovable', async () => {
    const profile = await profileFor(sandboxPolicyFor(input()));
    for (const path of [join(workspace, '.git', 'hooks', 'pre-commit'), join(workspace, '.vscode', 'tasks.json')]) {
      assert.equal(decide(profile, 'file-write*', path), 'deny', `${path} should not be writable`);
    }
    assert.equal(decide(profile, 'file-write*', join(workspace, '.git', 'HEAD')), 'allow', 'the rest of .git stays writable');
    // Renaming the folder away would get around the deny: the library denies unlink/create on it.
    const moveDenied = rulesOf(profile).filter((rule) => rule.action === 'deny' && rule.operations.includes('file-write-unlink')).flatMap((rule) => rule.filters);
    assert.ok(moveDenied.some((filter) => matches(filter, join(workspace, '.git', 'hooks'))), '.git/hooks cannot be moved away');
    assert.ok(moveDenied.some((filter) => matches(filter, join(workspace, '.vscode'))), '.vscode cannot be moved away');
  });

  it('hides the credential stores of the hardline floor\'s credential class (~/.ssh, ~/.aws)', async () => {
    const profile = await profileFor(sandboxPolicyFor(input()));
    for (const path of [join(home, '.ssh', 'id_ed25519'), join(home, '.aws', 'credentials'), join(home, '.ssh')]) {
      assert.equal(decide(profile, 'file-read*', path), 'deny', `${path} should not be readable`);
    }
    assert.equal(decide(profile, 'file-read*', join(workspace, 'src', 'index.ts')), 'allow');
    assert.equal(decide(profile, 'file-read*', join(home, '.profile')), 'allow', 'the rest of home stays readable');
  });

  it('with no hosts approved, the network is the library\'s proxy on loopback and nothing else', async () => {
    const platform = process.platform;
    const policy = sandboxPolicyFor(input({ command: 'true' }));
    assert.deepEqual(policy.hosts, []);
    const line = await seatbeltCommandLine('echo hi', policy, { proxy: PROXY });
    const { profile, env } = partsOf(line);
    assert.ok(rulesOf(profile).some((rule) => rule.action === 'deny' && rule.operations.includes('default')), 'the profile denies by default');
    assert.deepEqual(networkRules(profile), [
      '{"action":"allow","operations":["network-bind"],"filters":[["local","ip",{"str":"localhost:40123"}]]}',
      '{"action":"allow","operations":["network-inbound"],"filters":[["local","ip",{"str":"localhost:40123"}]]}',
      '{"action":"allow","operations":["network-outbound"],"filters":[["remote","ip",{"str":"localhost:40123"}]]}',
    ]);
    assert.ok(env.some((entry) => /^HTTPS_PROXY=http:\/\/[^@/]+:token@localhost:40123$/.test(entry)), `clients are pointed at the proxy: ${env.join(' ')}`);
    // ssh goes through the proxy with macOS's nc, whatever platform made the line; ours is unchanged.
    assert.ok(env.some((entry) => entry.startsWith('GIT_SSH_COMMAND=') && entry.includes("ProxyCommand='nc -X 5 -x localhost:40123 %h %p'")), 'the macOS ssh proxy command');
    assert.equal(process.platform, platform);
    // Hosts are the proxy's allow list, not the profile's: an approved host opens no direct connection.
    const withHost = await profileFor(sandboxPolicyFor(input({ approved: { hosts: ['example.com'] } })));
    assert.deepEqual(networkRules(withHost), networkRules(profile));
    // Without a proxy running there is no network at all.
    assert.deepEqual(networkRules(await profileFor(policy, null)), []);
  });

  it('makes a path a person approved for this command writable, and only then', async () => {
    const target = join(outside, 'objects', 'pack');
    assert.equal(decide(await profileFor(sandboxPolicyFor(input())), 'file-write*', target), 'deny');
    assert.equal(decide(await profileFor(sandboxPolicyFor(input({ approved: { paths: [outside] } }))), 'file-write*', target), 'allow');
  });

  it('escapes paths with quotes, spaces and shell syntax: the shell and Seatbelt both see the path as it is', async () => {
    workspace = join(root, 'projects', `it's a "quoted" $(touch pwned) dir`);
    mkdirSync(join(workspace, '.git', 'hooks'), { recursive: true });
    const command = `printf '%s\\n' "it's" > "${workspace}/out"`;
    const line = await seatbeltCommandLine(command, sandboxPolicyFor(input()), { proxy: PROXY });
    const parts = partsOf(line);
    assert.equal(parts.command, command, 'the command reaches the shell inside unchanged');
    assert.equal(parts.shell, '/bin/bash');
    const allowed = rulesOf(parts.profile).filter((rule) => rule.action === 'allow' && rule.operations.includes('file-write*')).flatMap((rule) => rule.filters);
    assert.ok(allowed.some((filter) => filter[0] === 'subpath' && text(filter[1]) === workspace), 'the workspace is one string in a subpath rule');
    assert.ok(parts.profile.includes(`(subpath ${JSON.stringify(workspace)})`), 'quotes are backslash-escaped inside the SBPL string');
    assert.equal(decide(parts.profile, 'file-write*', join(workspace, 'out')), 'allow');
    assert.equal(decide(parts.profile, 'file-write*', join(workspace, '.git', 'hooks', 'pre-push')), 'deny');
  });
});
