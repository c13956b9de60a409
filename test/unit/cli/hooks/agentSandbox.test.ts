/**
 * `doctor`'s line on each agent's own sandbox (agentSandbox.ts; docs/decisions.md, "The agents'
 * own sandboxes, in doctor"): read from the files the agent layers, a later layer winning; off and
 * unreadable are said as such, with how to turn it on.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { agentSandboxReport } from '../../../../src/cli/hooks/agentSandbox';

describe("doctor: each agent's own sandbox", () => {
  let home: string;
  let project: string;
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'gate-sandbox-home-'));
    project = mkdtempSync(path.join(tmpdir(), 'gate-sandbox-project-'));
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  });
  const report = (agent: Parameters<typeof agentSandboxReport>[0], env: NodeJS.ProcessEnv = {}): string => agentSandboxReport(agent, env, home, project, 'linux');

  describe('Claude Code: sandbox.enabled in user, project and local settings', () => {
    it('is off when nothing sets it, and says how to turn it on', () => {
      write(path.join(home, '.claude', 'settings.json'), '{"hooks": {}}');
      const line = report('claude-code');
      assert.match(line, /^own sandbox: OFF \(sandbox\.enabled is not set\)/);
      assert.match(line, /"enabled": true, "allowUnsandboxedCommands": false/);
    });
    it('is on from the user settings, with the fallbacks that weaken it named', () => {
      write(path.join(home, '.claude', 'settings.json'), '{"sandbox": {"enabled": true}}');
      const line = report('claude-code');
      assert.match(line, /^own sandbox: on \(sandbox\.enabled in .*settings\.json\); but /);
      assert.match(line, /allowUnsandboxedCommands is not false/);
      assert.match(line, /failIfUnavailable is not true/);
    });
    it('is on with no caveat when it cannot fall back', () => {
      write(path.join(home, '.claude', 'settings.json'), '{"sandbox": {"enabled": true, "allowUnsandboxedCommands": false, "failIfUnavailable": true}}');
      assert.match(report('claude-code'), /^own sandbox: on \([^)]*\)$/);
    });
    it("a project's local settings turning it off win over the user's", () => {
      write(path.join(home, '.claude', 'settings.json'), '{"sandbox": {"enabled": true}}');
      write(path.join(project, '.claude', 'settings.local.json'), '{"sandbox": {"enabled": false}}');
      assert.match(report('claude-code'), /^own sandbox: OFF \(sandbox\.enabled is false in .*settings\.local\.json\)/);
    });
    it('honours CLAUDE_CONFIG_DIR', () => {
      write(path.join(home, 'elsewhere', 'settings.json'), '{"sandbox": {"enabled": true}}');
      assert.match(report('claude-code', { CLAUDE_CONFIG_DIR: path.join(home, 'elsewhere') }), /^own sandbox: on \(sandbox\.enabled in .*elsewhere/);
    });
    it('says it cannot tell when a settings file is not JSON', () => {
      write(path.join(project, '.claude', 'settings.json'), '{"sandbox": ');
      assert.match(report('claude-code'), /^own sandbox: cannot tell: .*settings\.json cannot be read/);
    });
  });

  describe('Gemini CLI: GEMINI_SANDBOX, then tools.sandbox', () => {
    it('is off by default', () => {
      assert.match(report('gemini'), /^own sandbox: OFF \(tools\.sandbox is not set\)/);
    });
    it('is on from tools.sandbox, a command name or an object', () => {
      write(path.join(home, '.gemini', 'settings.json'), '{"tools": {"sandbox": "docker"}}');
      assert.match(report('gemini'), /^own sandbox: on \(tools\.sandbox in /);
      write(path.join(project, '.gemini', 'settings.json'), '{"tools": {"sandbox": {"enabled": true, "command": "podman"}}}');
      assert.match(report('gemini'), /^own sandbox: on .*the network is open in it/);
    });
    it('GEMINI_SANDBOX wins over the settings', () => {
      write(path.join(home, '.gemini', 'settings.json'), '{"tools": {"sandbox": true}}');
      assert.match(report('gemini', { GEMINI_SANDBOX: 'false' }), /^own sandbox: OFF \(GEMINI_SANDBOX=false/);
    });
  });

  describe('Codex: sandbox_mode, a profile, default_permissions', () => {
    it('is on by default: Codex contains commands unless told otherwise', () => {
      assert.match(report('codex'), /^own sandbox: on by default/);
    });
    it('danger-full-access is off, and says how to turn it on', () => {
      write(path.join(home, '.codex', 'config.toml'), 'sandbox_mode = "danger-full-access"\n');
      assert.match(report('codex'), /^own sandbox: OFF \(sandbox_mode = "danger-full-access".*sandbox_mode = "workspace-write"/);
    });
    it("the selected profile's sandbox_mode wins", () => {
      write(path.join(home, '.codex', 'config.toml'), 'profile = "yolo"\nsandbox_mode = "workspace-write"\n[profiles.yolo]\nsandbox_mode = "danger-full-access"\n');
      assert.match(report('codex'), /^own sandbox: OFF/);
    });
    it('workspace-write with the network open says so', () => {
      write(path.join(home, '.codex', 'config.toml'), 'sandbox_mode = "workspace-write"\n[sandbox_workspace_write]\nnetwork_access = true\n');
      assert.match(report('codex'), /^own sandbox: on .*the network is open in it/);
    });
    it('says it cannot tell when config.toml is not TOML', () => {
      write(path.join(home, '.codex', 'config.toml'), 'sandbox_mode = \n');
      assert.match(report('codex'), /^own sandbox: cannot tell: .*config\.toml cannot be read/);
    });
  });

  it('Copilot CLI and Cursor: says what cannot be known from files', () => {
    assert.match(report('copilot'), /^own sandbox: no setting/);
    assert.match(report('cursor'), /^own sandbox: not in a file/);
  });
});
