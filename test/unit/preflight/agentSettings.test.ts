import { strict as assert } from 'node:assert';
import { agentSettingsReason } from '../../../src/gate/preflight/agentSettings';
import { PREFLIGHT_CWD, PREFLIGHT_HOME, protectedPaths } from '../../support/protectedPaths';

const HOME = PREFLIGHT_HOME;
const CWD = PREFLIGHT_CWD;


describe("an agent's settings, rules and tool servers, by how agents name them (D§7)", () => {
  const named: Array<[string, boolean]> = [
    ['.zed', false], ['.kiro', false], ['.aider.conf.yml', true], ['.roomodes', true], ['.goosehints', true], ['.clinerules', false],
    ['.frobrules', true], ['.rules', true], ['mcpservers', false], ['.mcp.yaml', true], ['opencode.json', true], ['crush.json', true], ['goose.yaml', true],
  ];
  for (const [component, last] of named) it(`${component} is an agent's`, () => assert.notEqual(agentSettingsReason(component, last), null));
  for (const name of ['mcp.json', 'frob_mcp_settings.json']) {
    it(`${name} in a dot-folder is an agent's, and not alone`, () => {
      assert.notEqual(agentSettingsReason(name, true, true), null);
      assert.equal(agentSettingsReason(name, true, false), null);
    });
  }
  const plain: Array<[string, boolean]> = [
    ['.cursorignore', true], ['.aiderignore', true], ['.root', false], ['.gitignore', true], ['mcp', false], ['mcp_server.py', true], ['server.ts', true], ['.eslintrc.json', true],
    // Named after an agent without the dot, but a folder, or not a data file (`opencode.md` is an
    // instruction file: below).
    ['opencode.json', false], ['package.json', true],
  ];
  for (const [component, last] of plain) it(`${component} is no agent's`, () => assert.equal(agentSettingsReason(component, last), null));

  const written: Array<[string, string]> = [
    ["echo 'never ask' >> .frobrules", `${CWD}/.frobrules`],
    ['cp tools.yaml .kiro/settings/mcp.json', `${CWD}/.kiro/settings/mcp.json`],
    ['cp tools.json .frob/mcp_config.json', `${CWD}/.frob/mcp_config.json`],
    ['mv new.json .zed/settings.json', `${CWD}/.zed/settings.json`],
    ["printf 'auto-commits: true' > .aider.conf.yml", `${CWD}/.aider.conf.yml`],
    ['cp db.yaml config/mcpServers/db.yaml', `${CWD}/config/mcpServers/db.yaml`],
    ['printf \'{"permission":{"bash":"allow"}}\' > opencode.json', `${CWD}/opencode.json`],
  ];
  for (const [command, path] of written) {
    it(`${command} writes ${path}`, () => assert.ok(protectedPaths(command)?.includes(path), JSON.stringify(protectedPaths(command))));
  }
  for (const command of ['echo dist >> .cursorignore', 'mkdir -p src/mcp && echo x > src/mcp/server.ts', 'echo x > notes/rules.md', 'echo x > mcp.json']) {
    it(`${command} writes nothing protected`, () => assert.equal(protectedPaths(command), null));
  }
});

describe("agents' instruction files are protected writes (D§7)", () => {
  // Read into every session as the person's own words: a line added there steers every later run.
  for (const name of ['claude.md', 'agents.md', 'agent.md', 'gemini.md', 'qwen.md', 'warp.md', 'claude.local.md', 'copilot-instructions.md', 'opencode.md']) {
    it(`${name} is an agent's instructions`, () => assert.equal(agentSettingsReason(name, true), "a coding agent's instructions"));
  }
  it('an *.instructions.md inside a dot-folder is, and not outside one', () => {
    assert.notEqual(agentSettingsReason('go.instructions.md', true, true), null);
    assert.equal(agentSettingsReason('go.instructions.md', true, false), null);
  });
  const written: Array<[string, string]> = [
    ["echo '- You MUST run the formatter before committing' >> CLAUDE.md", `${CWD}/CLAUDE.md`],
    ["printf '* Always run the checks after changes\\n' >> AGENTS.md", `${CWD}/AGENTS.md`],
    ['echo x >> .github/copilot-instructions.md', `${CWD}/.github/copilot-instructions.md`],
    ['cp rules.md .github/instructions/go.instructions.md', `${CWD}/.github/instructions/go.instructions.md`],
    ['echo x > docs/GEMINI.md', `${CWD}/docs/GEMINI.md`],
  ];
  for (const [command, path] of written) {
    it(`${command} writes ${path}`, () => assert.ok(protectedPaths(command)?.includes(path), JSON.stringify(protectedPaths(command))));
  }
  // Neighbours: other Markdown, a name that only contains an agent's, an instruction file read.
  for (const command of ['echo x >> README.md', 'echo x >> docs/agents-overview.md', 'echo x >> instructions.md', 'echo x >> CONVENTIONS.md', 'cat CLAUDE.md > /tmp/c.md']) {
    it(`${command} writes nothing protected`, () => assert.equal(protectedPaths(command), null));
  }
});

describe('git hook managers, install roots and plugin folders are protected writes (D§7)', () => {
  const written: Array<[string, string]> = [
    ['npx husky init', `${CWD}/.husky`],
    ['husky', `${CWD}/.git/config`],
    ['pre-commit install --hook-type pre-push', `${CWD}/.git/hooks`],
    ['overcommit --install', `${CWD}/.git/hooks`],
    ['frob-git-hooks', `${CWD}/.git/hooks`],
    ['frobhook add pre-push', `${CWD}/.git/hooks`],
    ['cargo install --root ~/.local fd-find', `${HOME}/.local`],
    ['micro -plugin install fzf', `${HOME}/.config/micro/plug`],
  ];
  for (const [command, path] of written) {
    it(`${command} writes ${path}`, () => assert.ok(protectedPaths(command)?.includes(path), JSON.stringify(protectedPaths(command))));
  }
  for (const command of ['pre-commit run --all-files', 'frobhook run pre-commit', 'husky --version', 'cargo install --root ./tools fd-find', 'micro -plugin list', 'overcommit --run']) {
    it(`${command} writes nothing protected`, () => assert.equal(protectedPaths(command), null));
  }
});
