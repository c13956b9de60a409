// Lint rules that carry the project's layering: the gate runs under plain Node,
// so nothing under src/gate/ may reach for the VS Code API.
import tseslint from 'typescript-eslint';

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
    // The card is browser code: no Node, no VS Code API, and untrusted text never becomes HTML.
    files: ['webview-ui/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'webview-ui is browser code.' }],
        patterns: [{ group: ['node:*', '**/vscode/**'], message: 'webview-ui is browser code.' }],
      }],
      'no-restricted-properties': ['error',
        { property: 'innerHTML', message: 'Set untrusted text with textContent or DOM nodes.' },
        { property: 'outerHTML', message: 'Set untrusted text with textContent or DOM nodes.' },
        { property: 'insertAdjacentHTML', message: 'Set untrusted text with textContent or DOM nodes.' },
      ],
    },
  },
  {
    files: ['src/gate/**/*.ts', 'src/cli/**/*.ts', 'src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/gate, src/cli and src/protocol run under plain Node: no vscode import.' }],
        patterns: [{ group: ['**/vscode/**', '../vscode/*'], message: 'Layering: the gate must not depend on src/vscode.' }],
      }],
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name='require'][arguments.0.value='vscode']",
        message: 'src/gate, src/cli and src/protocol run under plain Node: no vscode import.',
      }],
    },
  },
);
