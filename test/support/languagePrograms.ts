/**
 * Generated Python and JavaScript programs for the code readers' differential
 * (test/unit/programs/languageDifferential.test.ts): each runs one payload (a command through a
 * process API, or a deletion through a file API) in one of many spellings — quote forms and
 * escapes, variables, concatenation, f-strings and templates, join/format, aliases, getattr,
 * `__import__`, eval/exec, computed module names — among decoys (the same command in a comment, a
 * printed string, an unused variable). The payload is catastrophic (`rm -rf /`, `/etc`, `/usr`,
 * the home folder) or benign (`rm -rf ./build`, `echo hi`, `touch out.txt`); the program oracle's
 * recorders stand in for every program, so nothing real is deleted.
 */

import { Prng } from './commandGenerator';

export type ProgramLanguage = 'python' | 'javascript';

export interface LanguageProgram {
  language: ProgramLanguage;
  /** The code, as `python3 -c CODE` / `node -e CODE` get it. */
  code: string;
  /** The payload's target when it is catastrophic (`/`, `/etc`, `/usr`, `~`); null for a benign payload. */
  catastrophic: string | null;
  /** What the program does, for the report. */
  shape: string;
}

/** The generators' seeded PRNG (commandGenerator.ts's mulberry32), with a bound from 0. */
export class Random {
  private readonly prng: Prng;
  constructor(seed: number) {
    this.prng = new Prng(seed);
  }
  next(): number {
    return this.prng.next();
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return this.prng.int(0, n - 1);
  }
  pick<T>(items: readonly T[]): T {
    return this.prng.pick(items);
  }
  chance(p: number): boolean {
    return this.prng.chance(p);
  }
}

const CATASTROPHIC_TARGETS = ['/', '/etc', '/usr', '~'];
const BENIGN_COMMANDS: ReadonlyArray<readonly string[]> = [['rm', '-rf', './build'], ['echo', 'hi'], ['touch', 'out.txt'], ['ls', '-la'], ['date']];

// ---------------------------------------------------------------------------------------------
// Literals
// ---------------------------------------------------------------------------------------------

/** A Python string literal for `text` in a random quote form, with random escapes. */
function pyLiteral(r: Random, text: string): string {
  const form = r.pick(["'", '"', "'''", '"""', "r'", 'r"', "u'", "b'"]);
  const raw = form.startsWith('r');
  const bytes = form.startsWith('b');
  const quote = form.replace(/^[rub]/, '');
  let body = '';
  for (const c of text) {
    if (!raw && r.chance(0.15)) {
      const code = c.codePointAt(0)!;
      const escapes = [`\\x${code.toString(16).padStart(2, '0')}`, `\\${code.toString(8).padStart(3, '0')}`];
      if (!bytes) escapes.push(`\\u${code.toString(16).padStart(4, '0')}`);
      if (!bytes && c === '/') escapes.push('\\N{SOLIDUS}');
      body += r.pick(escapes);
    } else if (c === quote[0] || c === '\\') {
      if (raw) return pyLiteral(r, text); // a raw string cannot hold its quote: pick again
      body += '\\' + c;
    } else body += c;
  }
  const literal = `${form.slice(0, form.length - quote.length)}${quote}${body}${quote}`;
  return bytes ? `${literal}.decode()` : literal;
}

/** A JavaScript string literal for `text`: quotes or a template, with random escapes. */
function jsLiteral(r: Random, text: string): string {
  const quote = r.pick(["'", '"', '`']);
  let body = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (r.chance(0.15)) body += r.pick([`\\x${code.toString(16).padStart(2, '0')}`, `\\u${code.toString(16).padStart(4, '0')}`, `\\u{${code.toString(16)}}`]);
    else if (c === quote || c === '\\' || (quote === '`' && c === '$')) body += '\\' + c;
    else body += c;
  }
  return `${quote}${body}${quote}`;
}

/** `text` as an expression built from pieces (concatenation), each a literal. */
function pieces(r: Random, text: string, literal: (r: Random, t: string) => string): string {
  if (text.length < 2) return literal(r, text);
  const cut = 1 + r.int(text.length - 1);
  return `${literal(r, text.slice(0, cut))} + ${literal(r, text.slice(cut))}`;
}

// ---------------------------------------------------------------------------------------------
// Python
// ---------------------------------------------------------------------------------------------

function pyTarget(r: Random, target: string): string {
  if (target !== '~') return pyLiteral(r, target);
  return r.pick(['os.path.expanduser("~")', 'os.environ["HOME"]', 'os.getenv("HOME")', 'str(pathlib.Path.home())', 'os.path.expanduser(' + pyLiteral(r, '~') + ')']);
}

/** A Python expression for the shell text `words.join(' ')`, where the last word may be a target expression. */
function pyText(r: Random, words: readonly string[], targetExpr: string | null): string {
  const fixed = targetExpr === null ? words : words.slice(0, -1);
  const text = fixed.join(' ');
  if (targetExpr === null) {
    switch (r.int(5)) {
      case 0: return pieces(r, text, pyLiteral);
      case 1: return `" ".join([${words.map((w) => pyLiteral(r, w)).join(', ')}])`;
      case 2: return `"{}".format(${pyLiteral(r, text)})`;
      case 3: return `"%s" % ${pyLiteral(r, text)}`;
      default: return pyLiteral(r, text);
    }
  }
  switch (r.int(4)) {
    case 0: return `${pyLiteral(r, text + ' ')} + ${targetExpr}`;
    // Python before 3.12 takes no backslash inside a replacement field.
    case 1: return targetExpr.includes('\\') ? `${pyLiteral(r, text + ' ')} + ${targetExpr}` : `f"${text.replace(/[{}]/g, (c) => c + c)} {${targetExpr.replace(/"/g, "'")}}"`;
    case 2: return `" ".join([${fixed.map((w) => pyLiteral(r, w)).join(', ')}, ${targetExpr}])`;
    default: return `"${text} %s" % ${targetExpr}`;
  }
}

function pyList(r: Random, words: readonly string[], targetExpr: string | null): string {
  const items = words.map((w, k) => (targetExpr !== null && k === words.length - 1 ? targetExpr : pyLiteral(r, w)));
  return r.chance(0.2) ? `(${items.join(', ')},)` : `[${items.join(', ')}]`;
}

function pythonProgram(r: Random): LanguageProgram {
  const catastrophicTarget = r.chance(0.5) ? r.pick(CATASTROPHIC_TARGETS) : null;
  const words = catastrophicTarget !== null ? ['rm', '-rf', catastrophicTarget] : [...r.pick(BENIGN_COMMANDS)];
  const targetExpr = catastrophicTarget !== null && (catastrophicTarget === '~' || r.chance(0.3)) ? pyTarget(r, catastrophicTarget) : null;
  const head = ['import os', 'import subprocess', 'import pathlib', 'import sys'];
  const lines: string[] = [];
  let shape: string;
  const text = (): string => pyText(r, words, targetExpr);
  const list = (): string => pyList(r, words, targetExpr);
  switch (r.int(16)) {
    case 0: shape = 'os.system(text)'; lines.push(`os.system(${text()})`); break;
    case 1: shape = 'subprocess.run(text, shell=True)'; lines.push(`subprocess.run(${text()}, shell=True)`); break;
    case 2: shape = 'subprocess.run(list)'; lines.push(`subprocess.run(${list()})`); break;
    case 3: shape = 'subprocess.call/check_call/Popen(list)'; lines.push(`subprocess.${r.pick(['call', 'check_call', 'Popen'])}(${list()})${r.chance(0.5) ? '' : ''}`); break;
    case 4: shape = 'os.popen(text)'; lines.push(`os.popen(${text()}).read()`); break;
    case 5: shape = 'os.spawnvp'; lines.push(`os.spawnvp(os.P_WAIT, ${pyLiteral(r, words[0]!)}, ${list()})`); break;
    case 6: shape = 'os.execvp'; lines.push(`os.execvp(${pyLiteral(r, words[0]!)}, ${list()})`); break;
    case 7: shape = 'variable'; lines.push(`cmd = ${text()}`, `os.system(cmd)`); break;
    case 8: shape = 'from-import alias'; head.push(`from os import system as ${r.pick(['s', 'run_it', 'x'])}`); lines.push(`${head[head.length - 1]!.split(' ').pop()}(${text()})`); break;
    case 9: shape = 'import as'; head.push('import subprocess as sp'); lines.push(`sp.call(${text()}, shell=True)`); break;
    case 10: shape = 'getattr'; lines.push(`getattr(os, ${pieces(r, 'system', pyLiteral)})(${text()})`); break;
    case 11: shape = '__import__'; lines.push(`__import__(${pyLiteral(r, 'os')}).system(${text()})`); break;
    case 12: shape = 'exec of a string'; lines.push(`exec(${JSON.stringify(`os.system(${pyText(r, words, targetExpr)})`)})`); break;
    case 13: shape = 'subprocess.getoutput'; lines.push(`subprocess.getoutput(${text()})`); break;
    case 14: {
      // A deletion through a file API: only the home folder (the run's own folder) or a subfolder.
      shape = 'shutil.rmtree';
      head.push('import shutil');
      const home = catastrophicTarget !== null;
      lines.push(`shutil.rmtree(${home ? pyTarget(r, '~') : pyLiteral(r, 'sub')}, ignore_errors=True)`);
      return finish(r, 'python', head, lines, home ? '~' : null, shape);
    }
    default: shape = 'os.system(chr…)'; lines.push(`os.system(${words.join(' ').split('').map((c) => (r.chance(0.3) ? `chr(${c.codePointAt(0)})` : pyLiteral(r, c))).join(' + ')})`); if (targetExpr !== null) return pythonProgram(r); break;
  }
  return finish(r, 'python', head, lines, catastrophicTarget, shape);
}

// ---------------------------------------------------------------------------------------------
// JavaScript
// ---------------------------------------------------------------------------------------------

function jsTarget(r: Random, target: string): string {
  if (target !== '~') return jsLiteral(r, target);
  return r.pick(['require("os").homedir()', 'process.env.HOME', 'process.env["HOME"]', "require('node:os').homedir()"]);
}

function jsText(r: Random, words: readonly string[], targetExpr: string | null): string {
  const fixed = targetExpr === null ? words : words.slice(0, -1);
  const text = fixed.join(' ');
  if (targetExpr === null) {
    switch (r.int(4)) {
      case 0: return pieces(r, text, jsLiteral);
      case 1: return `[${words.map((w) => jsLiteral(r, w)).join(', ')}].join(" ")`;
      case 2: return `\`${text.replace(/[`$\\]/g, (c) => '\\' + c)}\``;
      default: return jsLiteral(r, text);
    }
  }
  switch (r.int(3)) {
    case 0: return `${jsLiteral(r, text + ' ')} + ${targetExpr}`;
    case 1: return `\`${text.replace(/[`$\\]/g, (c) => '\\' + c)} \${${targetExpr}}\``;
    default: return `[${fixed.map((w) => jsLiteral(r, w)).join(', ')}, ${targetExpr}].join(" ")`;
  }
}

function jsArgs(r: Random, words: readonly string[], targetExpr: string | null): string {
  return `[${words.slice(1).map((w, k) => (targetExpr !== null && k === words.length - 2 ? targetExpr : jsLiteral(r, w))).join(', ')}]`;
}

function javascriptProgram(r: Random): LanguageProgram {
  const catastrophicTarget = r.chance(0.5) ? r.pick(CATASTROPHIC_TARGETS) : null;
  const words = catastrophicTarget !== null ? ['rm', '-rf', catastrophicTarget] : [...r.pick(BENIGN_COMMANDS)];
  const targetExpr = catastrophicTarget !== null && (catastrophicTarget === '~' || r.chance(0.3)) ? jsTarget(r, catastrophicTarget) : null;
  const cp = r.pick(['"child_process"', "'node:child_process'", '`child_process`']);
  const head: string[] = [];
  const lines: string[] = [];
  let shape: string;
  const text = (): string => jsText(r, words, targetExpr);
  const args = (): string => jsArgs(r, words, targetExpr);
  switch (r.int(14)) {
    case 0: shape = 'execSync(text)'; lines.push(`require(${cp}).execSync(${text()});`); break;
    case 1: shape = 'const cp; cp.execSync'; head.push(`const cp = require(${cp});`); lines.push(`cp.execSync(${text()}, { stdio: "ignore" });`); break;
    case 2: shape = 'destructured alias'; head.push(`const { execSync: run } = require(${cp});`); lines.push(`run(${text()});`); break;
    case 3: shape = 'spawnSync(prog, args)'; lines.push(`require(${cp}).spawnSync(${jsLiteral(r, words[0]!)}, ${args()});`); break;
    case 4: shape = 'execFileSync(prog, args)'; lines.push(`try { require(${cp}).execFileSync(${jsLiteral(r, words[0]!)}, ${args()}); } catch (e) {}`); break;
    case 5: shape = 'spawnSync(text, {shell})'; lines.push(`require(${cp}).spawnSync(${text()}, { shell: true });`); break;
    case 6: shape = 'variable'; lines.push(`let c = ${text()};`, `require(${cp}).execSync(c);`); break;
    case 7: shape = 'computed module name'; lines.push(`require("child_" + "process").execSync(${text()});`); break;
    case 8: shape = 'eval of a string'; lines.push(`eval(${JSON.stringify(`require(${cp}).execSync(${jsText(r, words, targetExpr)})`)});`); break;
    case 9: shape = 'Function of a string'; lines.push(`new Function("require", ${JSON.stringify(`require(${cp}).execSync(${jsText(r, words, targetExpr)})`)})(require);`); break;
    case 10: shape = 'exec(text) async'; lines.push(`require(${cp}).exec(${text()});`); break;
    case 11: shape = 'fromCharCode'; if (targetExpr !== null) return javascriptProgram(r); lines.push(`require(${cp}).execSync(String.fromCharCode(${words.join(' ').split('').map((c) => c.codePointAt(0)).join(', ')}));`); break;
    case 12: {
      shape = 'fs.rmSync';
      const home = catastrophicTarget !== null;
      lines.push(`try { require(${r.pick(['"fs"', '"node:fs"'])}).rmSync(${home ? jsTarget(r, '~') : jsLiteral(r, 'sub')}, { recursive: true, force: true }); } catch (e) {}`);
      return finish(r, 'javascript', head, lines, home ? '~' : null, shape);
    }
    default: shape = 'import().then'; lines.push(`import(${cp}).then((m) => m.execSync(${text()}));`); break;
  }
  return finish(r, 'javascript', head, lines, catastrophicTarget, shape);
}

// ---------------------------------------------------------------------------------------------
// Decoys and assembly
// ---------------------------------------------------------------------------------------------

/** Lines that hold a catastrophic command as data only: a comment, a printed string, an unused variable. */
function decoys(r: Random, language: ProgramLanguage): string[] {
  const out: string[] = [];
  const command = `rm -rf ${r.pick(['/', '/etc', '/usr'])}`;
  for (let k = r.int(3); k > 0; k--) {
    if (language === 'python') {
      out.push(
        r.pick([
          `# os.system("${command}")`,
          `note${r.int(1000)} = ${pyLiteral(r, command)}`,
          `print(${pyLiteral(r, 'about to run ' + command)}[:0], end="")`,
          `"""docstring: os.system('${command}')"""`,
          `data${r.int(1000)} = {"k": ${pyLiteral(r, command)}}`,
        ]),
      );
    } else {
      out.push(
        r.pick([
          `// require("child_process").execSync("${command}")`,
          `/* execSync("${command}") */`,
          `const note${r.int(1_000_000)} = ${jsLiteral(r, command)};`,
          `process.stdout.write(${jsLiteral(r, command)}.slice(0, 0));`,
          `const re${r.int(1_000_000)} = /rm -rf \\//;`,
        ]),
      );
    }
  }
  return out;
}

function finish(r: Random, language: ProgramLanguage, head: string[], lines: string[], catastrophic: string | null, shape: string): LanguageProgram {
  // Decoys before or after the payload lines, which keep their order (a variable before its use,
  // os.execvp last: it replaces the process).
  const before = decoys(r, language);
  const after = shape === 'os.execvp' ? [] : decoys(r, language);
  const separator = language === 'python' ? '\n' : r.pick(['\n', ' ']);
  // On one line, a line comment would swallow the rest: a block comment says the same.
  const oneLine = (line: string): string => (separator === ' ' && line.startsWith('//') ? `/*${line.slice(2)} */` : line);
  return { language, code: [...head, ...before, ...lines, ...after].map(oneLine).join(separator), catastrophic, shape };
}

/** `count` programs for `seed`, alternating languages. */
export function languagePrograms(seed: number, count: number): LanguageProgram[] {
  const r = new Random(seed);
  return Array.from({ length: count }, (_, k) => (k % 2 === 0 ? pythonProgram(r) : javascriptProgram(r)));
}
