/**
 * Which shell each agent runs its shell tool's command in, as the hook sees it (agentShell.ts,
 * docs/agent-hooks.md, "Which shell runs the command"): set only when known for sure to be bash or zsh, else absent (`any`); an
 * explicit `--shell` on the hook's command line wins.
 */
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { agentShell, claudeCodeShellPath, claudeShellDefinitions, shellReport, type ShellProbe } from '../../../../src/cli/hooks/agentShell';
import { AGENTS } from '../../../../src/cli/hooks/agents';
import { shellOfCall } from '../../../../src/cli/hooks/hookCommand';
import { parseCliOptions } from '../../../../src/cli/options';

/** A machine with exactly these executable files. */
function probe(env: NodeJS.ProcessEnv, files: readonly string[], platform: NodeJS.Platform = 'linux'): ShellProbe {
  return { env, platform, executable: (file) => files.includes(file) };
}

const BOTH = ['/bin/bash', '/usr/bin/zsh'];

describe('agent shells: which shell each agent runs', () => {
  describe('Claude Code: $CLAUDE_CODE_SHELL, $SHELL, then zsh and bash', () => {
    const cases: Array<[string, NodeJS.ProcessEnv, readonly string[], 'bash' | 'zsh' | undefined]> = [
      ['SHELL=/usr/bin/zsh', { SHELL: '/usr/bin/zsh' }, BOTH, 'zsh'],
      ['SHELL=/bin/bash', { SHELL: '/bin/bash' }, BOTH, 'bash'],
      ['no SHELL: zsh first', {}, BOTH, 'zsh'],
      ['SHELL=/usr/bin/fish: zsh first', { SHELL: '/usr/bin/fish' }, BOTH, 'zsh'],
      ['SHELL=/usr/bin/fish, no zsh: bash', { SHELL: '/usr/bin/fish' }, ['/bin/bash'], 'bash'],
      ['SHELL names bash: bash first', { SHELL: '/opt/bash' }, BOTH, 'bash'],
      ['CLAUDE_CODE_SHELL wins', { SHELL: '/usr/bin/zsh', CLAUDE_CODE_SHELL: '/bin/bash' }, BOTH, 'bash'],
      ['CLAUDE_CODE_SHELL not executable: SHELL', { SHELL: '/usr/bin/zsh', CLAUDE_CODE_SHELL: '/nix/bin/bash' }, BOTH, 'zsh'],
      ['a path named other than bash or zsh: not for sure', { SHELL: '/opt/zsh-5.9/bin/zsh-static' }, ['/opt/zsh-5.9/bin/zsh-static', ...BOTH], undefined],
      ['zsh found on PATH', { PATH: '/opt/z/bin:/usr/bin' }, ['/opt/z/bin/zsh'], 'zsh'],
      ['no shell at all', { SHELL: '/usr/bin/zsh' }, [], undefined],
      ['a shell prefix wraps the command line', { SHELL: '/usr/bin/zsh', CLAUDE_CODE_SHELL_PREFIX: '/usr/local/bin/audit' }, BOTH, undefined],
      ['a relative CLAUDE_CODE_SHELL is tested by running it: not for sure', { CLAUDE_CODE_SHELL: 'zsh' }, BOTH, undefined],
    ];
    for (const [name, env, files, expected] of cases) {
      it(name, () => assert.equal(agentShell('claude-code', probe(env, files)), expected));
    }
    it('the path it picks', () => {
      assert.equal(claudeCodeShellPath(probe({ SHELL: '/bin/bash' }, ['/bin/bash', '/usr/bin/zsh'])), '/bin/bash');
      assert.equal(claudeCodeShellPath(probe({}, ['/usr/bin/bash', '/usr/local/bin/zsh'])), '/usr/local/bin/zsh');
    });
    it('not on Windows', () => assert.equal(agentShell('claude-code', probe({ SHELL: '/usr/bin/zsh' }, BOTH, 'win32')), undefined));
  });

  it('Codex: the model picks the shell of each call, which its hook input does not carry', () => {
    for (const env of [{ SHELL: '/bin/bash' }, { SHELL: '/usr/bin/zsh' }, {}]) assert.equal(agentShell('codex', probe(env, BOTH)), undefined);
  });

  it('Gemini CLI: bash -c off Windows', () => {
    assert.equal(agentShell('gemini', probe({ SHELL: '/usr/bin/zsh' }, BOTH)), 'bash');
    assert.equal(agentShell('gemini', probe({}, BOTH, 'win32')), undefined);
  });

  it('Copilot CLI: its bash tool runs bash; its powershell tool neither', () => {
    assert.equal(agentShell('copilot', probe({ SHELL: '/usr/bin/zsh' }, BOTH), 'bash'), 'bash');
    assert.equal(agentShell('copilot', probe({}, BOTH), 'powershell'), undefined);
  });

  it("Cursor: the user's terminal shell, not known for sure", () => {
    assert.equal(agentShell('cursor', probe({ SHELL: '/bin/bash' }, BOTH)), undefined);
  });

  it('the adapters put the shell on the call, from the real machine and the agent environment', function () {
    if (!existsSync('/usr/bin/zsh') || !existsSync('/bin/bash')) this.skip(); // scripts/ensureSystem.mjs installs zsh
    const cwd = '/tmp';
    const callOf = (agent: 'claude-code' | 'gemini' | 'codex' | 'copilot' | 'cursor', env: NodeJS.ProcessEnv) => {
      const input = AGENTS[agent].read(AGENTS[agent].sampleInput('ls', cwd), { PATH: '/usr/bin:/bin', ...env });
      assert.equal(input.kind, 'shell');
      return input.kind === 'shell' ? input.call.shell : 'not a shell call';
    };
    assert.equal(callOf('claude-code', { SHELL: '/usr/bin/zsh' }), 'zsh');
    assert.equal(callOf('claude-code', { SHELL: '/bin/bash' }), 'bash');
    assert.equal(callOf('gemini', { SHELL: '/usr/bin/zsh' }), 'bash');
    assert.equal(callOf('copilot', { SHELL: '/usr/bin/zsh' }), 'bash');
    assert.equal(callOf('codex', { SHELL: '/bin/bash' }), undefined);
    assert.equal(callOf('cursor', { SHELL: '/bin/bash' }), undefined);
  });

  it("--shell on the hook's command line wins over the agent's shell", () => {
    const call = { command: 'ls', cwd: '/tmp', askHonoured: false, shell: 'zsh' as const };
    assert.equal(shellOfCall(call, parseCliOptions(['hook', 'claude-code', '--shell', 'bash'])), 'bash');
    assert.equal(shellOfCall(call, parseCliOptions(['hook', 'claude-code', '--shell', 'any'])), 'any');
    assert.equal(shellOfCall(call, parseCliOptions(['hook', 'claude-code'])), 'zsh');
    assert.equal(shellOfCall({ ...call, shell: undefined }, parseCliOptions(['hook', 'codex'])), undefined);
  });

  it("Claude Code's shell asked: not without bubblewrap, not through a prefix; exported functions count", () => {
    const home = mkdtempSync(path.join(tmpdir(), 'agent-shell-'));
    try {
      const env = { HOME: home, PATH: '/usr/bin:/bin', SHELL: '/bin/bash' };
      const cache = path.join(home, 'state', 'shell-definitions.json');
      const none = claudeShellDefinitions(env, home, cache, { bwrapPlaces: [] });
      assert.equal(none.kind, 'unknown');
      if (none.kind === 'unknown') assert.match(none.why, /no shell snapshot in .*; the gate does not run the shell's start-up files .* without bubblewrap/);
      assert.ok(!existsSync(cache), 'nothing learned, nothing cached');
      const prefixed = claudeShellDefinitions({ ...env, CLAUDE_CODE_SHELL_PREFIX: '/usr/bin/logger-wrap' }, home, cache);
      assert.equal(prefixed.kind, 'unknown');
      if (prefixed.kind === 'unknown') assert.match(prefixed.why, /CLAUDE_CODE_SHELL_PREFIX/);
      const exported = claudeShellDefinitions({ ...env, 'BASH_FUNC_deploy%%': '() {  rm -rf /; }' }, home, cache);
      assert.equal(exported.kind, 'known');
      if (exported.kind === 'known') assert.ok(exported.functions.has('deploy'), 'bash imports a function exported in the environment');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('doctor: the shell each agent is read in, and the state of Claude Code\'s snapshots', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'agent-shell-'));
    try {
      const env = { HOME: home, PATH: '/usr/bin:/bin', SHELL: '/bin/bash' };
      assert.match(shellReport('codex', env, home, 'node hook.js hook codex').join('\n'), /reads commands as any/);
      assert.match(shellReport('gemini', env, home, 'node hook.js hook gemini').join('\n'), /reads commands as bash/);
      assert.match(shellReport('codex', env, home, 'node hook.js hook codex --shell zsh').join('\n'), /reads commands as zsh \(--shell/);
      const asked = shellReport('claude-code', env, home, 'node hook.js hook claude-code').join('\n');
      assert.match(asked, /aliases and functions: \d+ name\(s\) defined as alias or function in \/bin\/bash asked at [-0-9T:.]+Z \(\d+ ms\), no shell snapshot /);
      assert.match(asked, /without a snapshot .* the shell is asked in a read-only sandbox without network \(\/usr\/bin\/bwrap\)/);
      assert.match(shellReport('claude-code', env, home, 'node hook.js hook claude-code').join('\n'), /\/bin\/bash asked at .*, cached, no shell snapshot \(/);
      mkdirSync(path.join(home, '.claude', 'shell-snapshots'), { recursive: true });
      copyFileSync(path.join(__dirname, '../../../fixtures/shellSnapshots/claude-code-2.1.328-zsh.sh'), path.join(home, '.claude', 'shell-snapshots', 'snapshot-zsh-1-a.sh'));
      assert.match(shellReport('claude-code', env, home, 'node hook.js hook claude-code').join('\n'), /5 name\(s\) defined as alias or function in 1 snapshot/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
