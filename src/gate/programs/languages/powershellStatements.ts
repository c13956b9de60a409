/**
 * PowerShell statements, read for the hardline floor (D§5; docs/decisions.md, "Windows command
 * lines and PowerShell statements") and handed to it as the POSIX shell text that does the same:
 *
 * - statements are split on `;`, newlines, `|`, `&&` and `||`; script blocks `{…}` and
 *   subexpressions `(…)`, `$(…)`, `@(…)` are read as statements of their own (they may run:
 *   `ForEach-Object {…}`, `(Get-WmiObject …).Win32Shutdown(5)`); comments are dropped;
 * - words: `'…'` (with `''`), `"…"` (with backtick escapes), here-strings, bare words; `$env:NAME`,
 *   `${env:NAME}`, `$HOME`, `~` and `[Environment]::GetFolderPath(…)` are the Windows profile's
 *   folders at their worst (hardline/windowsFolders.ts); any other variable is unknown;
 * - a command name is resolved through PowerShell's built-in aliases (`rm`, `ri`, `del`, `erase`,
 *   `rd`, `rmdir` are `Remove-Item`), parameters are bound by name with PowerShell's
 *   prefix-abbreviation (`-r`, `-Rec`, `-fo`) and `-Name:value`.
 *
 * What each form becomes: `Remove-Item [-Recurse] PATH…` is `rm [-r] -f -- PATH…` (with no path,
 * the items `Get-ChildItem PATH` or `Get-Item PATH` pipes in: `PATH\*` or `PATH`); `Stop-Computer`
 * and `Restart-Computer` (this machine) are `shutdown /s` and `shutdown /r`; WMI's
 * `Win32Shutdown(N)`, `Shutdown()` and `Reboot()` on `Win32_OperatingSystem` are `shutdown /l|/s|/r`;
 * shadow copies from `Get-WmiObject`/`Get-CimInstance Win32_ShadowCopy` piped into a deletion are
 * `vssadmin delete shadows /all`, user profiles (`Win32_UserProfile`) `rm -rf` of the profile folder; `Start-Process FILE -ArgumentList ARGS` is `FILE ARGS`;
 * `Invoke-Expression TEXT` is TEXT read again; a statement of string literals only is `printf` of
 * them (what it pipes on). Every other command (native programs, `Format-Volume`, `Clear-Disk`) is
 * its resolved name and words as they stand, for the floor's arms. `-WhatIf` runs nothing.
 *
 * There is no PowerShell here to prove it against: the rules are PowerShell's documented ones
 * (about_Parsing, about_Quoting_Rules, about_Parameters, Get-Alias), approximate where the floor's
 * reading stays safe (an ambiguous or unknown parameter is read as a switch).
 */
import { WINDOWS_PROFILE, windowsSpecialFolder, windowsVariableFolder } from '../../hardline/windowsFolders';
import { win32ShutdownCommand } from './windowsHosts';

/** A word of a statement: its value (null when only known at run time) and whether it was quoted. */
export interface PsWord {
  readonly value: string | null;
  readonly quoted: boolean;
}

/** One command of a pipeline. */
export interface PsCommand {
  readonly words: PsWord[];
  /** The command before it in the same pipeline, or null. */
  readonly pipedFrom: PsCommand | null;
  /** The statement's source text (for method calls: `.Delete()`, `.Win32Shutdown(5)`). */
  readonly source: string;
}

/** Longest code read, and deepest nesting of blocks and subexpressions followed. */
const MAX_CODE = 64 * 1024;
const MAX_DEPTH = 32;

/** PowerShell's built-in aliases of the cmdlets read here (Get-Alias), lower case. */
const ALIASES: Readonly<Record<string, string>> = {
  rm: 'remove-item', ri: 'remove-item', del: 'remove-item', erase: 'remove-item', rd: 'remove-item', rmdir: 'remove-item',
  gci: 'get-childitem', ls: 'get-childitem', dir: 'get-childitem', gi: 'get-item',
  saps: 'start-process', start: 'start-process', iex: 'invoke-expression',
  sc: 'set-content', clc: 'clear-content', mi: 'move-item', move: 'move-item', mv: 'move-item', rni: 'rename-item', ren: 'rename-item', kill: 'stop-process', spps: 'stop-process', gps: 'get-process', ps: 'get-process',
  gwmi: 'get-wmiobject', gcim: 'get-ciminstance', rwmi: 'remove-wmiobject', rcim: 'remove-ciminstance', icim: 'invoke-cimmethod', iwmi: 'invoke-wmimethod',
  '%': 'foreach-object', foreach: 'foreach-object', '?': 'where-object', where: 'where-object',
};

/** The cmdlet a command word names (aliases resolved), lower case. */
export function powerShellCommandName(word: string): string {
  const lower = word.toLowerCase();
  return ALIASES[lower] ?? lower;
}

/** Reads PowerShell code into its commands (see the module comment). Never throws. */
export function readPowerShell(code: string): PsCommand[] {
  const reader = new Reader(code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code);
  try {
    reader.statements(0, null);
  } catch {
    // Too deep or malformed: what was read so far stands.
  }
  return reader.out;
}

class Reader {
  readonly out: PsCommand[] = [];
  private i = 0;
  constructor(private readonly text: string) {}

  /** Statements until `close` (or the end). */
  statements(depth: number, close: string | null): void {
    if (depth > MAX_DEPTH) throw new Error('too deep');
    let words: PsWord[] = [];
    let start = this.i;
    let pipedFrom: PsCommand | null = null;
    const end = (piped: boolean): void => {
      const source = this.text.slice(start, this.i);
      if (words.length > 0) {
        const command: PsCommand = { words, pipedFrom, source };
        this.out.push(command);
        pipedFrom = piped ? command : null;
      } else if (!piped) {
        pipedFrom = null;
      }
      words = [];
    };
    const text = this.text;
    while (this.i < text.length) {
      const c = text[this.i]!;
      if (c === close) {
        end(false);
        this.i++;
        return;
      }
      if (c === '`' && (text[this.i + 1] === '\n' || text[this.i + 1] === '\r')) {
        this.i += 2;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r' || c === ',') {
        this.i++;
        continue;
      }
      if (c === '#') {
        while (this.i < text.length && text[this.i] !== '\n') this.i++;
        continue;
      }
      if (c === '<' && text[this.i + 1] === '#') {
        const endAt = text.indexOf('#>', this.i + 2);
        this.i = endAt === -1 ? text.length : endAt + 2;
        continue;
      }
      if (c === ';' || c === '\n' || ((c === '&' || c === '|') && text[this.i + 1] === c)) {
        end(false);
        this.i += c === ';' || c === '\n' ? 1 : 2;
        start = this.i;
        continue;
      }
      if (c === '|') {
        end(true);
        this.i++;
        start = this.i;
        continue;
      }
      // The call and dot-source operators at the start of a command: the next word is the command.
      if ((c === '&' || c === '.') && words.length === 0 && /\s/.test(text[this.i + 1] ?? '')) {
        this.i++;
        continue;
      }
      if (c === '>' || (/[0-9*]/.test(c) && text[this.i + 1] === '>')) {
        this.redirect();
        continue;
      }
      if (c === '{') {
        this.i++;
        this.nested(depth, '}');
        words.push({ value: null, quoted: false });
        continue;
      }
      if (c === '(' || ((c === '$' || c === '@') && text[this.i + 1] === '(')) {
        // An argument stands apart from what precedes it; `.Method(0)` is a call's arguments.
        const argument = words.length > 0 && /[\s:,]/.test(text[this.i - 1] ?? '');
        this.i += c === '(' ? 1 : 2;
        const before = this.out.length;
        this.nested(depth, ')');
        // A subexpression given as an argument hands its output to the command (`-Body (CMD |
        // Out-String)`): read as piped into it, so what it prints reaches what the command does.
        if (argument && pipedFrom === null && this.out.length > before) pipedFrom = this.out[this.out.length - 1]!;
        words.push({ value: null, quoted: false });
        this.skipMemberTail();
        continue;
      }
      if (c === ')' || c === '}') {
        // A closer with no opener here: stop the statement, read on.
        end(false);
        this.i++;
        start = this.i;
        continue;
      }
      words.push(this.word());
    }
    end(false);
  }

  /** A block or subexpression: its statements join the output; the outer statement goes on after it. */
  private nested(depth: number, close: string): void {
    this.statements(depth + 1, close);
  }

  /**
   * `.Member` and `[…]` after a subexpression, skipped (the statement's source keeps them); a
   * method's arguments `(…)` are read next as a subexpression of their own.
   */
  private skipMemberTail(): void {
    const match = /^(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])*/.exec(this.text.slice(this.i, this.i + 4096));
    this.i += match?.[0].length ?? 0;
  }

  /** `>f`, `>>f`, `2>&1`, `*>$null`: the redirection and its target, dropped. */
  private redirect(): void {
    const text = this.text;
    if (text[this.i] !== '>') this.i++;
    while (text[this.i] === '>') this.i++;
    if (text[this.i] === '&') {
      this.i += 2;
      return;
    }
    while (text[this.i] === ' ' || text[this.i] === '\t') this.i++;
    this.word();
  }

  /** One word: strings, bare words, type-member calls, with the profile's variables expanded. */
  private word(): PsWord {
    const text = this.text;
    const rest = text.slice(this.i, this.i + 512);
    const folder = GET_FOLDER_PATH.exec(rest);
    if (folder !== null) {
      this.i += folder[0].length;
      const name = folder[1] ?? folder[2] ?? folder[3] ?? '';
      const tail = this.bareTail();
      const path = windowsSpecialFolder(name);
      return { value: path === null || tail === null ? null : path + tail, quoted: false };
    }
    const c = text[this.i]!;
    if (c === '@' && (text[this.i + 1] === "'" || text[this.i + 1] === '"') && /^@['"][ \t]*\r?\n/.test(rest)) {
      const quote = text[this.i + 1]!;
      const open = text.indexOf('\n', this.i) + 1;
      const closeAt = text.indexOf(`\n${quote}@`, open);
      const body = text.slice(open, closeAt === -1 ? text.length : closeAt).replace(/\r$/, '');
      this.i = closeAt === -1 ? text.length : closeAt + 3;
      return { value: quote === "'" ? body : expandString(body), quoted: true };
    }
    if (c === "'") {
      let value = '';
      this.i++;
      while (this.i < text.length) {
        const d = text[this.i]!;
        if (d === "'" && text[this.i + 1] === "'") {
          value += "'";
          this.i += 2;
        } else if (d === "'") {
          this.i++;
          break;
        } else {
          value += d;
          this.i++;
        }
      }
      return { value, quoted: true };
    }
    if (c === '"') {
      let body = '';
      this.i++;
      while (this.i < text.length) {
        const d = text[this.i]!;
        if (d === '`' && this.i + 1 < text.length) {
          body += d + text[this.i + 1]!;
          this.i += 2;
        } else if (d === '"' && text[this.i + 1] === '"') {
          body += '`"';
          this.i += 2;
        } else if (d === '"') {
          this.i++;
          break;
        } else {
          body += d;
          this.i++;
        }
      }
      return { value: expandString(body), quoted: true };
    }
    const tail = this.bareTail();
    return { value: tail === null ? null : expandBare(tail), quoted: false };
  }

  /** The rest of a bare word (up to a blank or an operator); null when it holds an expression. */
  private bareTail(): string | null {
    const text = this.text;
    let value = '';
    let known = true;
    while (this.i < text.length) {
      const d = text[this.i]!;
      if (d === '$' && text[this.i + 1] === '{') {
        // `${env:NAME}`: braces are part of the variable.
        const close = text.indexOf('}', this.i);
        const end = close === -1 ? text.length : close + 1;
        value += text.slice(this.i, end);
        this.i = end;
        continue;
      }
      if (/[\s;|,{}()]/.test(d) || (d === '&' && value === '')) break;
      if (d === '`' && this.i + 1 < text.length) {
        value += text[this.i + 1]!;
        this.i += 2;
        continue;
      }
      if (d === "'" || d === '"') {
        // A quoted part inside a bare word (`C:\"Program Files"`).
        const inner = this.word();
        if (inner.value === null) known = false;
        else value += inner.value;
        continue;
      }
      value += d;
      this.i++;
    }
    return known ? value : null;
  }
}

/** `[Environment]::GetFolderPath('X')`, `[System.Environment]::GetFolderPath([Environment+SpecialFolder]::X)`. */
const GET_FOLDER_PATH =
  /^\[(?:System\.)?Environment\]::GetFolderPath\(\s*(?:'([A-Za-z]+)'|"([A-Za-z]+)"|\[(?:System\.)?Environment\+SpecialFolder\]::([A-Za-z]+))\s*\)/i;

/** `$env:NAME`, `${env:NAME}`, `$HOME` at the start of a word: the profile's folder, or null when not one. */
const LEADING_VARIABLE = /^(?:\$env:([A-Za-z_][A-Za-z0-9_()]*)|\$\{env:([^}]+)\}|\$(HOME)(?![A-Za-z0-9_]))/i;

function variableFolder(match: RegExpExecArray): string | null {
  if (match[3] !== undefined) return WINDOWS_PROFILE;
  return windowsVariableFolder((match[1] ?? match[2])!);
}

/** A bare word's value: `~`, the profile's variables; any other `$` makes it unknown. */
function expandBare(word: string): string | null {
  if (word === '~' || word.startsWith('~\\') || word.startsWith('~/')) word = WINDOWS_PROFILE + word.slice(1);
  const match = LEADING_VARIABLE.exec(word);
  if (match !== null) {
    const folder = variableFolder(match);
    if (folder === null) return null;
    word = folder + word.slice(match[0].length);
  }
  // `-Confirm:$false` and `-Recurse:$true` are parameters with a constant value.
  if (/^-[A-Za-z]+:\$(?:true|false)$/i.test(word)) return word;
  return word.includes('$') ? null : word;
}

/** A double-quoted string's value: backtick escapes, the profile's variables; other `$…` make it unknown. */
function expandString(body: string): string | null {
  let out = '';
  for (let k = 0; k < body.length; k++) {
    const c = body[k]!;
    if (c === '`' && k + 1 < body.length) {
      const next = body[k + 1]!;
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next === '0' ? '' : next;
      k++;
      continue;
    }
    if (c === '$') {
      const match = LEADING_VARIABLE.exec(body.slice(k));
      const folder = match === null ? null : variableFolder(match);
      if (match === null || folder === null) return null;
      out += folder;
      k += match[0].length - 1;
      continue;
    }
    out += c;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------

/** A cmdlet's parameters that the reading needs: which take a value, which are positional. */
interface CmdletParameters {
  readonly valued: readonly string[];
  readonly switches: readonly string[];
  /** Parameter names in position order. */
  readonly positional: readonly string[];
  /** Aliases of parameter names (`lp` → `literalpath`). */
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The common parameters every cmdlet takes (about_CommonParameters). */
const COMMON_VALUED = ['erroraction', 'warningaction', 'informationaction', 'progressaction', 'errorvariable', 'warningvariable', 'informationvariable', 'outvariable', 'outbuffer', 'pipelinevariable'];
const COMMON_SWITCHES = ['verbose', 'debug', 'whatif', 'confirm'];
const COMMON_ALIASES = { ea: 'erroraction', wa: 'warningaction', ia: 'informationaction', proga: 'progressaction', ev: 'errorvariable', wv: 'warningvariable', iv: 'informationvariable', ov: 'outvariable', ob: 'outbuffer', pv: 'pipelinevariable', vb: 'verbose', db: 'debug', wi: 'whatif', cf: 'confirm' };

const CMDLETS: Readonly<Record<string, CmdletParameters>> = {
  'remove-item': {
    valued: ['path', 'literalpath', 'filter', 'include', 'exclude', 'credential', 'stream'],
    switches: ['recurse', 'force'],
    positional: ['path'],
    aliases: { pspath: 'literalpath', lp: 'literalpath' },
  },
  'get-childitem': {
    valued: ['path', 'literalpath', 'filter', 'include', 'exclude', 'depth', 'attributes'],
    switches: ['recurse', 'force', 'name', 'directory', 'file', 'hidden', 'readonly', 'system', 'followsymlink'],
    positional: ['path', 'filter'],
    aliases: { pspath: 'literalpath', lp: 'literalpath', s: 'recurse', ad: 'directory', af: 'file', ah: 'hidden', as: 'system', ar: 'readonly' },
  },
  'get-item': { valued: ['path', 'literalpath', 'filter', 'include', 'exclude', 'stream', 'credential'], switches: ['force'], positional: ['path'], aliases: { pspath: 'literalpath', lp: 'literalpath' } },
  'stop-computer': { valued: ['computername', 'credential', 'wsmanauthentication', 'asjob', 'throttlelimit', 'impersonation', 'dcomauthentication', 'protocol'], switches: ['force'], positional: ['computername', 'credential'], aliases: { cn: 'computername', __server: 'computername', server: 'computername', addr: 'computername' } },
  'restart-computer': { valued: ['computername', 'credential', 'wsmanauthentication', 'timeout', 'for', 'delay', 'throttlelimit', 'impersonation', 'dcomauthentication', 'protocol'], switches: ['force', 'wait', 'asjob'], positional: ['computername', 'credential'], aliases: { cn: 'computername', __server: 'computername', server: 'computername', addr: 'computername' } },
  'start-process': {
    valued: ['filepath', 'argumentlist', 'credential', 'workingdirectory', 'redirectstandardinput', 'redirectstandardoutput', 'redirectstandarderror', 'verb', 'windowstyle', 'environment'],
    switches: ['loaduserprofile', 'nonewwindow', 'passthru', 'wait', 'usenewenvironment'],
    positional: ['filepath', 'argumentlist'],
    aliases: { fp: 'filepath', path: 'filepath', pspath: 'filepath', lp: 'filepath', args: 'argumentlist', rsi: 'redirectstandardinput', rso: 'redirectstandardoutput', rse: 'redirectstandarderror', lup: 'loaduserprofile', nnw: 'nonewwindow' },
  },
  'invoke-expression': { valued: ['command'], switches: [], positional: ['command'] },
  'set-content': { valued: ['path', 'literalpath', 'value', 'filter', 'include', 'exclude', 'encoding', 'stream', 'credential'], switches: ['force', 'nonewline', 'passthru', 'asbytestream'], positional: ['path', 'value'], aliases: { pspath: 'literalpath', lp: 'literalpath' } },
  'clear-content': { valued: ['path', 'literalpath', 'filter', 'include', 'exclude', 'stream', 'credential'], switches: ['force'], positional: ['path'], aliases: { pspath: 'literalpath', lp: 'literalpath' } },
  'out-file': { valued: ['filepath', 'literalpath', 'encoding', 'inputobject', 'width'], switches: ['append', 'force', 'noclobber', 'nonewline'], positional: ['filepath', 'encoding'], aliases: { path: 'filepath', pspath: 'literalpath', lp: 'literalpath' } },
  'move-item': { valued: ['path', 'literalpath', 'destination', 'filter', 'include', 'exclude', 'credential'], switches: ['force', 'passthru'], positional: ['path', 'destination'], aliases: { pspath: 'literalpath', lp: 'literalpath' } },
  'rename-item': { valued: ['path', 'literalpath', 'newname', 'credential'], switches: ['force', 'passthru'], positional: ['path', 'newname'], aliases: { pspath: 'literalpath', lp: 'literalpath' } },
  // Hyper-V: `Stop-VM [-Name] NAME… [-TurnOff] [-Force]` or VMs piped in; `Get-VM [-Name] NAME…` lists them.
  'stop-vm': { valued: ['name', 'vm', 'computername', 'credential', 'cimsession'], switches: ['turnoff', 'force', 'save', 'passthru', 'asjob'], positional: ['name'], aliases: { vmname: 'name' } },
  'get-vm': { valued: ['name', 'id', 'computername', 'credential', 'cimsession', 'clustergroup'], switches: [], positional: ['name'], aliases: { vmname: 'name' } },
  'stop-process': { valued: ['name', 'id', 'inputobject'], switches: ['force', 'passthru'], positional: ['id'], aliases: { processname: 'name', pn: 'name' } },
  'get-process': { valued: ['name', 'id', 'inputobject', 'computername', 'module', 'includeusername'], switches: ['fileversioninfo'], positional: ['name'], aliases: { processname: 'name', pid: 'id', cn: 'computername' } },
  // WslManagementPS: `Remove-WslDistribution [-Name] NAME…` (wildcards) or `-Distribution` objects piped in.
  'remove-wsldistribution': { valued: ['name', 'distribution'], switches: ['passthru', 'confirm'], positional: ['name'] },
  // Microsoft.PowerShell.LocalAccounts: `Remove-LocalUser [-Name] NAME…`, `-SID`, or `-InputObject`/piped users.
  'remove-localuser': { valued: ['name', 'sid', 'inputobject'], switches: ['confirm'], positional: ['name'] },
};

/** A command's words bound to its cmdlet's parameters: values by parameter, and the switches given. */
interface Bound {
  readonly values: Map<string, Array<string | null>>;
  readonly switches: Map<string, boolean>;
}

/** The parameter a given name means (exact, alias, or the one parameter it is a prefix of); null when ambiguous or unknown. */
function parameterNamed(given: string, spec: CmdletParameters): string | null {
  const lower = given.toLowerCase();
  const all = [...spec.valued, ...spec.switches, ...COMMON_VALUED, ...COMMON_SWITCHES];
  if (all.includes(lower)) return lower;
  const aliases: Record<string, string> = { ...COMMON_ALIASES, ...spec.aliases };
  if (Object.prototype.hasOwnProperty.call(aliases, lower)) return aliases[lower]!;
  const candidates = all.filter((name) => name.startsWith(lower));
  return candidates.length === 1 ? candidates[0]! : null;
}

function bind(words: readonly PsWord[], spec: CmdletParameters): Bound {
  const values = new Map<string, Array<string | null>>();
  const switches = new Map<string, boolean>();
  const add = (name: string, value: string | null): void => {
    const list = values.get(name);
    if (list === undefined) values.set(name, [value]);
    else list.push(value);
  };
  let position = 0;
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    const text = word.value;
    const parameter = !word.quoted && text !== null && /^-[A-Za-z_?]/.test(text) ? /^-([A-Za-z_?][A-Za-z0-9_]*)(?::(.*))?$/.exec(text) : null;
    if (parameter === null) {
      const name = spec.positional[position++];
      if (name !== undefined) add(name, text);
      else add('', text);
      continue;
    }
    const name = parameterNamed(parameter[1]!, spec);
    const valued = name !== null && (spec.valued.includes(name) || COMMON_VALUED.includes(name));
    if (valued) {
      if (parameter[2] !== undefined) add(name, parameter[2]);
      else add(name, words[++k]?.value ?? null);
      continue;
    }
    // A switch (or a parameter not known here, read as one): `-Name:$false` turns it off.
    switches.set(name ?? parameter[1]!.toLowerCase(), parameter[2] === undefined || !/^\$false$/i.test(parameter[2]));
  }
  return { values, switches };
}

// ---------------------------------------------------------------------------------------------
// The shell text that does the same
// ---------------------------------------------------------------------------------------------

/** A value as one POSIX shell word; an unknown one as a word no arm takes for a path. */
function quote(value: string | null): string {
  if (value === null) return '"$POWERSHELL_VALUE"';
  return /^[A-Za-z0-9_./:=+,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** How many levels of `Invoke-Expression` text are read again. */
const MAX_REREAD = 4;

/**
 * The PowerShell code as POSIX shell text that does what it does (see the module comment): one
 * line per command, pipes kept between commands that are still commands of their own.
 */
export function powerShellAsShell(code: string, level = 0): string {
  const commands = readPowerShell(code);
  const lines: string[] = [];
  const rendered = new Map<PsCommand, string>();
  for (const command of commands) {
    const text = renderCommand(command, level);
    rendered.set(command, text);
    if (text === '') continue;
    const before = command.pipedFrom === null ? undefined : rendered.get(command.pipedFrom);
    // Piped on only when the command before is still its own text (not replaced by this one).
    if (before !== undefined && before !== '' && lines[lines.length - 1] === before && !REPLACES_PRODUCER.has(text.split(' ')[0]!)) {
      lines[lines.length - 1] = `${before} | ${text}`;
      rendered.set(command, `${before} | ${text}`);
    } else {
      lines.push(text);
    }
  }
  return lines.join('\n');
}

/** Renderings that already take in what the command before produced. */
const REPLACES_PRODUCER = new Set(['rm', 'vssadmin', 'taskkill', 'kill', 'wsl.exe', 'userdel', 'stop-vm']);

function renderCommand(command: PsCommand, level: number): string {
  const first = command.words[0]!;
  // A statement of values only (`'select disk 1', 'clean'`): what it pipes on.
  if (first.quoted || first.value === null) {
    if (command.words.every((word) => word.quoted && word.value !== null)) return `printf '%s\\n' ${command.words.map((word) => quote(word.value)).join(' ')}`;
    return windowsMethods(command) ?? '';
  }
  const name = powerShellCommandName(first.value);
  const args = command.words.slice(1);
  const spec = CMDLETS[name];
  const bound = spec === undefined ? null : bind(args, spec);
  if (bound !== null && bound.switches.get('whatif') === true) return '';
  switch (name) {
    case 'remove-item':
      return removeItem(command, bound!);
    case 'stop-computer':
    case 'restart-computer': {
      const hosts = bound!.values.get('computername') ?? [];
      if (hosts.some((host) => host === null || !/^(?:localhost|\.|127\.0\.0\.1|::1)$/i.test(host))) return '';
      return name === 'stop-computer' ? 'shutdown /s /t 0' : 'shutdown /r /t 0';
    }
    case 'start-process': {
      const file = bound!.values.get('filepath')?.[0];
      if (file === undefined || file === null) return '';
      const argumentList = (bound!.values.get('argumentlist') ?? []).concat(bound!.values.get('') ?? []);
      if (argumentList.some((value) => value === null)) return [quote(file), ...argumentList.map(quote)].join(' ');
      return [quote(file), ...windowsCommandLineWords(argumentList.join(' ')).map(quote)].join(' ');
    }
    case 'invoke-expression': {
      const text = bound!.values.get('command')?.[0];
      return text === undefined || text === null || level >= MAX_REREAD ? '' : powerShellAsShell(text, level + 1).replace(/\n/g, '; ');
    }
    case 'stop-process':
      return stopProcess(command, bound!);
    case 'stop-vm':
      return stopVm(command, bound!);
    case 'set-content':
    case 'clear-content':
    case 'out-file': {
      // The file's content replaced (emptied, or what flows in): `: > PATH` (an appending Out-File leaves it).
      if (bound!.switches.get('append') === true || ['filter', 'include', 'exclude'].some((parameter) => bound!.values.has(parameter))) return '';
      const paths = [...(bound!.values.get('path') ?? []), ...(bound!.values.get('filepath') ?? []), ...(bound!.values.get('literalpath') ?? [])];
      return paths.map((path) => `: > ${quote(path)}`).join('; ');
    }
    case 'move-item':
    case 'rename-item': {
      // Moved or renamed away: `mv`, the item's folder keeping the new name.
      if (['filter', 'include', 'exclude'].some((parameter) => bound!.values.has(parameter))) return '';
      const paths = [...(bound!.values.get('path') ?? []), ...(bound!.values.get('literalpath') ?? [])];
      const destination = bound!.values.get('destination')?.[0] ?? bound!.values.get('newname')?.[0] ?? null;
      return paths.length === 0 ? '' : `mv -f -- ${paths.map(quote).join(' ')} ${quote(destination)}`;
    }
    case 'remove-wsldistribution': {
      // Unregistering deletes the distribution's virtual disk, as `wsl --unregister NAME` does; a
      // name only known at run time, or the distributions piped in, at their worst every one.
      const names = bound!.values.get('name') ?? [];
      return `wsl.exe --unregister ${names.length === 0 ? quote(null) : names.map(quote).join(' ')}`;
    }
    case 'remove-localuser': {
      // The account removed, as `userdel NAME` removes a Linux one (its profile folder stays).
      const names = bound!.values.get('name') ?? [];
      return `userdel -- ${names.length === 0 ? quote(null) : names.map(quote).join(' ')}`;
    }
    case 'remove-wmiobject':
    case 'remove-ciminstance':
    case 'foreach-object':
      return windowsMethods(command) ?? shadowCopyDeletion(command) ?? '';
    default:
      return windowsMethods(command) ?? [quote(first.value), ...args.map((word) => quote(word.value))].join(' ');
  }
}

/** `Remove-Item [-Recurse] PATH…` as `rm`; with no path, what `Get-ChildItem`/`Get-Item` pipes in. */
function removeItem(command: PsCommand, bound: Bound): string {
  // A filter narrows what is deleted: left to the other layers.
  if (['filter', 'include', 'exclude'].some((name) => bound.values.has(name))) return '';
  let paths = [...(bound.values.get('path') ?? []), ...(bound.values.get('literalpath') ?? [])];
  let recurse = bound.switches.get('recurse') === true;
  if (paths.length === 0) {
    paths = pipedItems(command.pipedFrom);
    // `Get-ChildItem -Recurse PATH | Remove-Item`: every entry at every depth, as `rm -r PATH/*`.
    const source = command.pipedFrom;
    if (source !== null && source.words[0]?.value !== null && powerShellCommandName(source.words[0]?.value ?? '') === 'get-childitem') {
      recurse ||= bind(source.words.slice(1), CMDLETS['get-childitem']!).switches.get('recurse') === true;
    }
  }
  if (paths.length === 0) return '';
  // A registry key (`HKLM:\SYSTEM`, `Registry::HKEY_LOCAL_MACHINE\…`) is deleted as `reg delete` deletes it.
  const keys = paths.map((path) => (path === null ? null : REGISTRY_PATH.exec(path))).filter((match) => match !== null);
  if (keys.length > 0) return keys.map((match) => `reg delete ${quote(`${match![1]}\\${match![2] ?? ''}`.replace(/\\+$/, ''))} /f`).join('; ');
  return `rm ${recurse ? '-r ' : ''}-f -- ${paths.map(quote).join(' ')}`;
}

/**
 * `Stop-Process -Name NAME…` as `taskkill /f /im NAME…` (the floor knows which processes the
 * session or the system cannot live without); with neither name nor id, what an unfiltered
 * `Get-Process` pipes in: every process, `kill -9 -1`.
 */
function stopProcess(command: PsCommand, bound: Bound): string {
  const names = [...(bound.values.get('name') ?? []), ...(bound.values.get('id') ?? []).filter((value) => value !== null && !/^[0-9]+$/.test(value))];
  if (names.length > 0) return `taskkill /f ${names.map((name) => `/im ${quote(name)}`).join(' ')}`;
  if (bound.values.has('id') || bound.values.has('inputobject')) return '';
  const source = command.pipedFrom;
  const sourceName = source?.words[0]?.value;
  if (source === null || sourceName === null || sourceName === undefined || !/^(?:get-process|gps|ps)$/i.test(sourceName)) return '';
  const listed = bind(source.words.slice(1), CMDLETS['get-process']!);
  if (listed.values.size > 0) {
    const named = listed.values.get('name') ?? [];
    return named.length > 0 && listed.values.size === 1 ? `taskkill /f ${named.map((name) => `/im ${quote(name)}`).join(' ')}` : '';
  }
  return 'kill -9 -1';
}

/**
 * `Stop-VM -TurnOff` (power cut) or `-Force` of every virtual machine of this host, as
 * `Stop-VM -TurnOff '*'` (windows.ts judges it: docs/decisions.md "Every virtual machine's disks
 * and power"): a name `*`, or the VMs an unnamed `Get-VM` (or `Get-VM *`) of this host pipes in,
 * through filters that do not name a VM (`Where-Object {$_.State -eq 'Running'}`, `Select-Object
 * -ExpandProperty VMName`). A VM named, or another host's (`-ComputerName`), is left to the other layers.
 */
function stopVm(command: PsCommand, bound: Bound): string {
  if (bound.switches.get('turnoff') !== true && bound.switches.get('force') !== true) return '';
  if (bound.values.has('computername') || bound.values.has('cimsession')) return '';
  const switches = `${bound.switches.get('turnoff') === true ? ' -TurnOff' : ''}${bound.switches.get('force') === true ? ' -Force' : ''}`;
  const names = bound.values.get('name') ?? [];
  if (names.length > 0) return names.includes('*') ? `stop-vm${switches} '*'` : '';
  if (bound.values.has('vm')) return '';
  for (let source = command.pipedFrom; source !== null; source = source.pipedFrom) {
    const name = source.words[0]?.value;
    if (name === null || name === undefined) return '';
    const cmdlet = powerShellCommandName(name);
    if (cmdlet === 'get-vm') {
      const listed = bind(source.words.slice(1), CMDLETS['get-vm']!);
      const named = listed.values.get('name') ?? [];
      const every = [...listed.values.keys()].every((key) => key === 'name') && (named.length === 0 || named.every((value) => value === '*'));
      return every ? `stop-vm${switches} '*'` : '';
    }
    // A filter or a projection that does not name a VM keeps every one of them (at worst).
    if (!/^(?:where-object|select-object|select|sort-object|sort)$/.test(cmdlet) || (cmdlet === 'where-object' && /name/i.test(source.source))) return '';
  }
  return '';
}

/** A path of PowerShell's registry drives: the hive and the key below it. */
const REGISTRY_PATH = /^(?:Microsoft\.PowerShell\.Core\\)?(?:Registry::)?(HKLM|HKCU|HKU|HKCR|HKCC|HKEY_[A-Z_]+):?\\?(.*)$/i;

/** The items an unfiltered `Get-ChildItem PATH` (`PATH\*`) or `Get-Item PATH` pipes on; none when filtered or unknown. */
function pipedItems(source: PsCommand | null): Array<string | null> {
  const name = source === null ? null : source.words[0]?.value;
  if (source === null || name === null || name === undefined) return [];
  const cmdlet = powerShellCommandName(name);
  if (cmdlet !== 'get-childitem' && cmdlet !== 'get-item') return [];
  const bound = bind(source.words.slice(1), CMDLETS[cmdlet]!);
  if (['filter', 'include', 'exclude', 'attributes'].some((parameter) => bound.values.has(parameter)) || bound.values.has('')) return [];
  if (['hidden', 'readonly', 'system', 'name'].some((parameter) => bound.switches.get(parameter) === true)) return [];
  const paths = [...(bound.values.get('path') ?? []), ...(bound.values.get('literalpath') ?? [])];
  if (cmdlet === 'get-item') return paths;
  return paths.map((path) => (path === null ? null : `${path.replace(/[\\/]+$/, '')}\\*`));
}

/** WMI's power methods on `Win32_OperatingSystem` (`.Win32Shutdown(5)`, `.Shutdown()`, `Invoke-CimMethod -MethodName Reboot`). */
function windowsMethods(command: PsCommand): string | null {
  const source = command.source;
  const deletion = WMI_DELETIONS.find(([wmiClass]) => wmiClass.test(source));
  if (deletion !== undefined && /\.Delete\(\s*\)|Remove-(?:Wmi|Cim)\w*|\br(?:wmi|cim)\b/i.test(source)) return deletion[1];
  // The class named in the statement itself, or in a statement piping its instances in
  // (`Get-CimInstance Win32_OperatingSystem | Invoke-CimMethod -MethodName Win32Shutdown …`).
  let osObject = /Win32_OperatingSystem/i.test(source) || /\.Win32Shutdown(?:Tracker)?\(|-MethodName\s+['"]?Win32Shutdown/i.test(source);
  for (let from = command.pipedFrom; !osObject && from !== null; from = from.pipedFrom) osObject = /Win32_OperatingSystem/i.test(from.source);
  if (!osObject) return null;
  const call = /(?:\.|-MethodName\s+['"]?|-Name\s+['"]?)(Win32Shutdown(?:Tracker)?|Shutdown|Reboot)\b\s*(?:\(\s*(?:[0-9]+\s*,\s*)?(?:['"][^'"]*['"]\s*,\s*)?([0-9]+)?|.*?-Arguments\s*@\{\s*Flags\s*=\s*([0-9]+))?/i.exec(source);
  if (call === null) return null;
  const method = call[1]!.toLowerCase();
  if (method === 'reboot') return 'shutdown /r /t 0';
  if (method === 'shutdown') return 'shutdown /s /t 0';
  return win32ShutdownCommand(Number(call[2] ?? call[3] ?? '1'));
}

/**
 * WMI classes whose instances, deleted, take what the floor guards: shadow copies (the volume's
 * backups, as `vssadmin delete shadows`) and user profiles (each account's profile folder and
 * registry hive, read at their worst as this user's profile folder).
 */
const WMI_DELETIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Win32_ShadowCopy/i, 'vssadmin delete shadows /all /quiet'],
  [/Win32_UserProfile/i, `rm -rf -- '${WINDOWS_PROFILE}'`],
];

/** Shadow copies or profiles piped into a deletion (`Get-WmiObject Win32_ShadowCopy | Remove-WmiObject`). */
function shadowCopyDeletion(command: PsCommand): string | null {
  for (let source = command.pipedFrom; source !== null; source = source.pipedFrom) {
    const deletion = WMI_DELETIONS.find(([wmiClass]) => wmiClass.test(source.source));
    if (deletion !== undefined) return /\.Delete\(\s*\)/i.test(command.source) || !/foreach/i.test(command.words[0]?.value ?? '') ? deletion[1] : null;
  }
  return null;
}

/**
 * A Windows command line split into words as the C runtime splits it for a program: blanks
 * outside double quotes, the quotes removed (backslashes before a quote are not read here).
 */
export function windowsCommandLineWords(line: string): string[] {
  return (line.match(/(?:"[^"]*"?|[^\s"]+)+/g) ?? []).map((part) => part.replace(/"/g, ''));
}

/**
 * Whether PowerShell reads its code from standard input (about_Pwsh, "-File -", "-Command -"):
 * `-File -`, `-Command -`, the operand `-`, or no code, script or encoded command at all (input
 * that is not a terminal is then read as commands). The text fed in is code.
 */
export function powerShellReadsStdin(words: readonly string[]): boolean {
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    const parameter = /^[-/]{1,2}([A-Za-z]+)(?::.*)?$/.exec(word);
    if (parameter === null) return word === '-';
    const name = parameter[1]!.toLowerCase();
    if (name === 'file' || name === 'f' || 'command'.startsWith(name) || name === 'commandwithargs' || name === 'cwa') return words[k + 1] === '-';
    if (name === 'e' || name === 'ec' || ('encodedcommand'.startsWith(name) && name.length >= 2 && name !== 'ex' && !name.startsWith('encodeda'))) return false;
    if (VALUED_PARAMETERS.some((prefix) => name.startsWith(prefix))) k++;
  }
  return true;
}

/**
 * The PowerShell code a `pwsh`/`powershell` command line runs: `-Command` (or `-c`, any prefix;
 * the rest of the line), `-EncodedCommand` (base64 of UTF-16LE), `-CommandWithArgs`, and for
 * Windows PowerShell (`powershell`) a first word that is no parameter (it reads the line as the
 * command). `words` are the argv after the program, as text. `-File` runs a script the gate cannot read.
 */
export function powerShellCode(program: string, words: readonly string[]): string[] {
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    const parameter = /^[-/]{1,2}([A-Za-z]+)(?::.*)?$/.exec(word);
    if (parameter === null) return program === 'powershell' ? [words.slice(k).join(' ')] : [];
    const name = parameter[1]!.toLowerCase();
    if (name === 'file' || name === 'f') return [];
    if ('command'.startsWith(name) || name === 'commandwithargs' || name === 'cwa') return [words.slice(k + 1).join(' ')];
    if (name === 'e' || name === 'ec' || ('encodedcommand'.startsWith(name) && name.length >= 2 && name !== 'ex' && !name.startsWith('encodeda'))) {
      const value = words[k + 1];
      return value === undefined ? [] : [decodedCommand(value)];
    }
    if (VALUED_PARAMETERS.some((prefix) => name.startsWith(prefix))) k++;
  }
  return [];
}

/** pwsh's parameters that take a value (by their shortest prefix). */
const VALUED_PARAMETERS = ['config', 'cus', 'w', 'ex', 'ep', 'encodeda', 'ea', 'settings', 'wo', 'wd', 'inp', 'if', 'o', 'of', 'psconsolefile', 'version', 'v'];

/** `-EncodedCommand`'s value: base64 of UTF-16LE text (the value itself when it is not base64). */
export function decodedCommand(value: string): string {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(value)) return value;
  return Buffer.from(value, 'base64').toString('utf16le');
}
