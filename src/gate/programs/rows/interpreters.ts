import { flagged, type ArgReading } from '../grammar';
import { literalWord, type Word } from '../../reading/resolution';
import type { Form, ProgramRow } from '../row';
import { servedFolderForm } from './fileServers';

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
  const listener: Form = { role: 'listener', program: 'python3', trigger: '-m', index, value: module.value, note: `-m ${name} serves on a network address, not only this machine` };
  if (name !== 'http.server') return [listener];
  // What it serves: `-d`/`--directory DIR` (`--directory=DIR`, `-dDIR`), the current folder by default.
  const at = after.findIndex((w) => w.kind === 'literal' && /^(-d|--directory)(=|$)|^-d./.test(w.value));
  const flag = at === -1 ? null : (after[at] as { value: string; kind: 'literal' }).value;
  const attached = flag === null ? null : flag.startsWith('--directory=') ? flag.slice(12) : /^-d./.test(flag) ? flag.slice(2) : null;
  const folder = flag === null ? literalWord('.') : attached !== null ? literalWord(attached) : (after[at + 1] ?? literalWord('.'));
  return [listener, servedFolderForm('python3 -m http.server', folder, index)];
}

/**
 * `python3 -m MODULE ARGS…` for the standard modules that write files named in their arguments
 * (where a module has a row of its own, `pip`, `pytest`, the write-target reader reads its words
 * against that row, `runsModule`): zipfile and tarfile extract into a folder, json.tool writes its
 * output file, venv makes environments, cProfile and profile write their statistics with `-o`. A module's writer is its job: the forms are
 * for the floors (protected write), and an entry for `python3 -m MODULE` covers them.
 */
const MODULE_VALUED: Readonly<Record<string, readonly string[]>> = {
  'json.tool': ['--indent'],
  venv: ['--prompt'],
  virtualenv: ['-p', '--python', '--prompt', '--activators', '--seeder', '--creator', '--discovery', '--pip', '--setuptools', '--wheel', '--extra-search-dir'],
};

function moduleWriters(args: readonly Word[], reading: ArgReading): Form[] {
  const module = reading.options.find((o) => o.key === 'm');
  if (module === undefined || module.value === null || module.value.kind !== 'literal') return [];
  const at = (module.valueIndex ?? module.index) + 1;
  const after = args.slice(at);
  const words = after.map((w) => (w.kind === 'literal' ? w.value : null));
  const writer = (k: number, target: 'file' | 'tree', note: string): Form => ({ role: 'writer', program: 'python3', trigger: '-m', index: at + k, value: after[k]!, target, everyday: true, note });
  // The module's options that take a value (its argparse): their values are no operands.
  const valued = MODULE_VALUED[module.value.value] ?? [];
  const operands = (): number[] => {
    const found: number[] = [];
    for (let k = 0; k < words.length; k++) {
      const w = words[k] ?? null;
      if (w === '--') {
        for (let j = k + 1; j < words.length; j++) found.push(j);
        break;
      }
      if (w !== null && w.startsWith('-') && w !== '-') {
        if (valued.includes(w)) k++;
        continue;
      }
      found.push(k);
    }
    return found;
  };
  const out: Form[] = [];
  switch (module.value.value) {
    case 'zipfile':
    case 'tarfile': {
      const extract = words.findIndex((w) => w === '-e' || w === '--extract');
      if (extract >= 0 && after[extract + 2] !== undefined) out.push(writer(extract + 2, 'tree', `-m ${module.value.value} -e extracts the archive into that folder`));
      const create = words.findIndex((w) => w === '-c' || w === '--create');
      if (create >= 0 && after[create + 1] !== undefined) out.push(writer(create + 1, 'file', `-m ${module.value.value} -c writes the archive to that file`));
      break;
    }
    case 'json.tool': {
      const files = operands();
      if (files.length >= 2) out.push(writer(files[1]!, 'file', '-m json.tool writes the formatted JSON to its second file'));
      break;
    }
    case 'venv':
    case 'virtualenv':
      for (const k of operands()) out.push(writer(k, 'tree', `-m ${module.value.value} writes into that folder`));
      break;
    case 'cProfile':
    case 'profile': {
      const o = words.findIndex((w) => w === '-o');
      if (o >= 0 && after[o + 1] !== undefined) out.push(writer(o + 1, 'file', `-m ${module.value.value} -o writes the statistics to that file`));
      break;
    }
  }
  return out;
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
    read: (args, reading) => [...moduleServer(args, reading), ...moduleWriters(args, reading)],
    runsModule: { options: ['-m'], note: '-m NAME runs the module NAME with the words after it as its arguments' },
    plain: ['script.py', '-m pytest -q', 'script.py --flag value', '-u script.py', '--version', '-V'],
  },
];
