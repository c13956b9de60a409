// Lint rules that carry the project's layering (docs/architecture.md, "Folders"): one zone per
// folder. The gate, the agent and the CLI run under plain Node, so none of them may reach for the
// VS Code API; the card's browser code and the protocol module it shares with the host import
// neither vscode nor Node.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/** Node's own modules by their bare names (`fs`, `path` …); the `node:` forms are a pattern. */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith('node:'));
const BROWSER = 'webview-ui is browser code: no vscode, no Node, nothing from the host.';
const PLAIN_NODE = 'src/gate, src/agent and src/cli run under plain Node: no vscode import.';
const PROTOCOL = 'src/protocol is shared by host and webview: no vscode, no Node-only module.';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.e2e/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain CommonJS files loaded by mocha and the in-host runner.
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // webview-ui/: the card's browser code. No Node, no VS Code API, none of the host's folders,
    // and untrusted text never becomes HTML (the page itself is built host-side, src/vscode/cardPage.ts).
    files: ['webview-ui/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: BROWSER }, ...NODE_BUILTINS.map((name) => ({ name, message: BROWSER }))],
        patterns: [{ group: ['node:*', '**/vscode/**', '**/agent/**', '**/cli/**'], message: BROWSER }],
      }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='require']", message: BROWSER }],
      'no-restricted-properties': ['error',
        { property: 'innerHTML', message: 'Set untrusted text with textContent or DOM nodes.' },
        { property: 'outerHTML', message: 'Set untrusted text with textContent or DOM nodes.' },
        { property: 'insertAdjacentHTML', message: 'Set untrusted text with textContent or DOM nodes.' },
      ],
    },
  },
  {
    // src/gate/ (the decision engine), src/agent/ (a client of it) and src/cli/ run under plain Node:
    // no vscode, and nothing from src/vscode/.
    files: ['src/gate/**/*.ts', 'src/agent/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: PLAIN_NODE }],
        patterns: [{ group: ['**/vscode/**', '../vscode/*'], message: 'Layering: the gate, the agent and the CLI must not depend on src/vscode.' }],
      }],
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name='require'][arguments.0.value='vscode']",
        message: PLAIN_NODE,
      }],
    },
  },
  {
    // src/protocol/: the one message module host and webview both import. Neither vscode nor a
    // Node-only module (the rule sees direct imports; what it imports from src/gate is the gate's).
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: PROTOCOL }, ...NODE_BUILTINS.map((name) => ({ name, message: PROTOCOL }))],
        patterns: [{ group: ['node:*', '**/vscode/**', '../vscode/*'], message: PROTOCOL }],
      }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='require']", message: PROTOCOL }],
    },
  },
);
