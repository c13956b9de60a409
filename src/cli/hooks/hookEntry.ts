import { hookMain } from './hookMain';

/**
 * The hook's own bundle (`dist/hook-main.js`, loaded by `dist/hook.js`): only what `hook AGENT`
 * needs, so each agent call starts without the rest of the CLI. Arguments as for the CLI:
 * `hook AGENT [options]`. hookMain never rejects; should it, the exit code stays 2 (blocks).
 */
hookMain(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 2;
  },
);
