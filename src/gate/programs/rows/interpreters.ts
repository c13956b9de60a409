import { flagged } from '../grammar';
import type { ProgramRow } from '../row';

/**
 * Interpreters: an entry for one covers the scripts and modules it names, never inline code
 * (`-c`, `-e`, `-r`, `--eval`, `-p`) unless the entry spells that option (D§4.3).
 */
export const INTERPRETER_ROWS: readonly ProgramRow[] = [
  {
    names: ['python3', 'python', 'python2', 'pypy3', 'pypy'],
    category: 'interpreter',
    what: 'the Python interpreter',
    stdinCode: true,
    grammar: { short: 'cmWXQ', flags: 'bBdEhiIOPqsSuvVx3', long: { ...flagged('help', 'version'), 'check-hash-based-pycs': 'value' }, stopAtOperand: true },
    options: [
      { role: 'executor', options: ['-c'], payload: 'code', example: 'import os; os.system("id")', note: '-c runs the Python code given on the command line' },
      { role: 'credentials', options: ['-c'], when: (v) => v !== null && /\bos\.(environ|getenv|environb)\b|\bgetenv\s*\(/.test(v), everyday: true, example: 'import os; print(os.environ)', note: '-c code reading os.environ may print environment variables (secrets among them)' },
      { role: 'listener', options: ['-m'], when: (v) => v === 'http.server' || v === 'SimpleHTTPServer' || v === 'pydoc', example: 'http.server', note: '-m http.server serves the folder to the network' },
    ],
    runsModule: { options: ['-m'], note: '-m NAME runs the module NAME with the words after it as its arguments' },
    plain: ['script.py', '-m pytest -q', 'script.py --flag value', '-u script.py', '--version', '-V'],
  },
];
