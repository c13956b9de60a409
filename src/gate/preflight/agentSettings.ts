/**
 * The settings, rules and tool servers of coding agents and AI editors, wherever they lie (D§7,
 * D§16; docs/decisions.md "An agent's settings, rules and tool servers, by how agents name
 * them"). An agent that rewrites them approves itself (`yes-always`, `always_allow_tool_actions`),
 * tells the next session to run commands without asking (a rules file), or adds a program the
 * agent starts (an MCP server): a protected write that no allow entry lifts.
 *
 * The agents are many and new ones appear; what they share is how they name these places:
 * - a dot-folder or dot-file named after the agent (`.zed/`, `.continue/`, `.aider.conf.yml`,
 *   `.roomodes`, `.goosehints`, `.clinerules`), for the agents of {@link AGENT_NAMES}, and a data
 *   file named after one without the dot (`opencode.json`, `crush.json`: their project settings);
 * - a dot-file or dot-folder named for rules, of any agent (`.windsurfrules`, `.cursorrules`,
 *   `.rules`, `.somethingrules/`);
 * - a list of MCP servers: a folder named for them (`mcpServers/`, `mcp_servers/`), or a data file
 *   whose name has the word `mcp` (`mcp.json`, `cline_mcp_settings.json`) inside a dot-folder
 *   (`.frob/mcp.json`) or a dot-file itself (`.mcp.yaml`). A bare `mcp.json` in a project's folder
 *   is a project's data file (no agent reads it there).
 *
 * - an instruction file, read into every session as the person's own words (D§7; docs/decisions.md
 *   "Agents' instruction files are protected writes"): named for agents or for one agent in
 *   Markdown (`AGENTS.md`, `AGENT.md`, `CLAUDE.md`, `CLAUDE.local.md`, `GEMINI.md`, `QWEN.md`,
 *   `WARP.md`), an agent's `NAME-instructions.md` (`.github/copilot-instructions.md`) and an
 *   `*.instructions.md` inside a dot-folder (`.github/instructions/go.instructions.md`).
 *
 * Left out: ignore files (`.cursorignore`, `.aiderignore`: what the agent does not read), a
 * convention file an agent reads only when told to (aider's `CONVENTIONS.md`, named by `--read`
 * or its settings, which are protected); a code folder named `mcp` (`src/mcp/server.ts`) is a
 * project's code.
 */

/** Coding agents and AI editors that keep settings under a dot-name of their own. */
const AGENT_NAMES: readonly string[] = [
  'aider', 'zed', 'continue', 'roo', 'kiro', 'windsurf', 'cline', 'amazonq', 'opencode', 'goose', 'augment', 'junie', 'trae', 'qwen',
  'kilocode', 'crush', 'cursor', 'claude', 'gemini', 'codex', 'copilot', 'codeium', 'tabnine', 'cody', 'void', 'pearai', 'amp', 'devin', 'openhands', 'plandex', 'tabby',
  'warp',
];

const AGENT_DOT_NAME = new RegExp(String.raw`^\.(?:${AGENT_NAMES.join('|')})(?:$|[._-](?!ignore$)|rules|modes|hints|rc)`);

/** An agent's settings file named after it, without a dot, as some keep it in the project's folder (`opencode.json`, `crush.json`). */
const AGENT_SETTINGS_FILE = new RegExp(String.raw`^(?:${AGENT_NAMES.join('|')})\.(?:json|jsonc|ya?ml|toml)$`);

/**
 * An instruction file in Markdown named for agents or for one (`agents.md`, `claude.md`,
 * `claude.local.md`), or an agent's `NAME-instructions.md` (`copilot-instructions.md`).
 */
const INSTRUCTION_FILE = new RegExp(String.raw`^(?:agents?|${AGENT_NAMES.join('|')})(?:[._-]local)?\.md$|^(?:${AGENT_NAMES.join('|')})[._-]instructions\.md$`);

/** A dot-name for rules: `.cursorrules`, `.windsurfrules`, `.rules`. */
const RULES_DOT_NAME = /^\.[a-z0-9_-]*rules(?:\.md|\.mdc|\.txt)?$/;

/** A folder of MCP servers. */
const MCP_FOLDER = /^\.?mcp[-_]?servers?$/;
/** A data file whose name has the word `mcp`. */
const MCP_FILE = /(?:^|[._-])mcp(?:[._-]|servers?)[^/]*\.(?:json|jsonc|ya?ml|toml)$|^\.?mcp\.(?:json|jsonc|ya?ml|toml)$/;

/**
 * Why a path component (lower case) names an agent's settings, rules or tool servers, or null.
 * `last`: it is the path's file name (MCP data files are judged by it); `inDotFolder`: a component
 * before it starts with a dot.
 */
export function agentSettingsReason(component: string, last: boolean, inDotFolder = false): string | null {
  if (component.charCodeAt(0) === 0x2e) {
    if (AGENT_DOT_NAME.test(component)) return "a coding agent's settings";
    if (RULES_DOT_NAME.test(component)) return "a coding agent's rules";
  }
  if (last && AGENT_SETTINGS_FILE.test(component)) return "a coding agent's settings";
  if (last && (INSTRUCTION_FILE.test(component) || (inDotFolder && component.endsWith('.instructions.md')))) return "a coding agent's instructions";
  if (MCP_FOLDER.test(component)) return 'MCP servers an agent starts';
  if (last && (inDotFolder || component.charCodeAt(0) === 0x2e) && MCP_FILE.test(component)) return 'MCP servers an agent starts';
  return null;
}
