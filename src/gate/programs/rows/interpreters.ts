import { flagged, type ArgReading } from '../grammar';
import { literalWord, type Word } from '../../reading/resolution';
import type { Form, ProgramRow } from '../row';

/** Loopback addresses: a server bound there is only reachable from this machine. */
const LOOPBACK = /^(localhost|127\.[0-9.]+|::1|\[::1\])$/;

/**
 * `python3 -m http.server [-b ADDR] [PORT]` serves the folder on every address unless `-b`/`--bind`
 * names loopback; `-m pydoc -p PORT` serves on localhost unless `-n HOST` names another host.
 */
function moduleServer(args: readonly Word[], reading: ArgReading): Form[] {
  const module = reading.options.find((o) => o.key === 'm');
  if (module === undefined || module.value === null) return [];
  const name = module.value.kind === 'literal' ? module.value.value : null;
  if (name !== 'http.server' && name !== 'pydoc') return [];
  const after = args.slice((module.valueIndex ?? module.index) + 1);
  if (after.some((w) => w.kind === 'literal' && (w.value === '-h' || w.value === '--help'))) return [];
  const bound = after.findIndex((w) => w.kind === 'literal' && /^(-b|--bind|-n|--bind=.*|-b.+|-n.+)$/.test(w.value));
  let host: string | null = null;
  let given = false;
  if (bound >= 0) {
    given = true;
    const word = after[bound] as { value: string; kind: 'literal' };
    const attached = word.value.startsWith('--bind=') ? word.value.slice(7) : /^-[bn]./.test(word.value) ? word.value.slice(2) : null;
    const value = attached !== null ? literalWord(attached) : after[bound + 1];
    host = value !== undefined && value.kind === 'literal' ? value.value : null;
  } else if (after.some((w) => w.kind !== 'literal')) {
    given = true;
  }
  const opens = name === 'http.server' ? !given || host === null || !LOOPBACK.test(host) : given && (host === null || !LOOPBACK.test(host));
  if (!opens) return [];
  const index = module.valueIndex ?? module.index;
  return [{ role: 'listener', program: 'python3', trigger: '-m', index, value: module.value, note: `-m ${name} serves on a network address, not only this machine` }];
}

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
      { role: 'listener', options: ['-m'], when: (v) => v === 'SimpleHTTPServer', example: 'SimpleHTTPServer', note: '-m SimpleHTTPServer serves the folder to the network' },
    ],
    read: moduleServer,
    runsModule: { options: ['-m'], note: '-m NAME runs the module NAME with the words after it as its arguments' },
    plain: ['script.py', '-m pytest -q', 'script.py --flag value', '-u script.py', '--version', '-V'],
  },
];
