/**
 * The shared approximate reader for every interpreter without a tokenizer of its own (Perl, Ruby,
 * PHP, Lua, R, Julia, Tcl, PowerShell, Emacs Lisp, Vim, make, m4, ed, …), driven by one row per
 * language (rows.ts): its quote and comment forms, the names of its process and deletion APIs,
 * its home expressions. It never claims to read the code exactly; it hands the floor:
 * - every string literal, as approximate shell text;
 * - after each process API name, the literals (and, for languages whose commands are bare words,
 *   the words) up to the end of the call or statement, joined by blanks (`system("rm", "-rf", "/")`);
 * - after each deletion API name, `rm -rf --` of the path literal or home expression that follows
 *   (`FileUtils.rm_rf(Dir.home)` reads as `rm -rf -- ~`);
 * - for languages that are commands (`shellLike`: Tcl, PowerShell, Vim `!`, ed `!`, make recipes),
 *   each line as approximate shell text.
 * Approximate means the floor reads the text through its tolerant reader: it may refuse more than
 * the code does, never see less of the literals than the code holds.
 */
import { GENERIC_ROW, homeExpressionsOf, languageRowFor, LISTING_WORDS, MOVE_WORDS, NETWORK_WORDS, OPEN_WORDS, TRUNCATION_WORDS, withHomeSpelt, WRITE_WORDS, type LanguageRow } from './rows';
import { CREDENTIAL_HINT } from './reader';
import { DELETING_VERBS, nameWords } from './tokens';
import { credentialKind, isRawBlockDevicePath } from '../../hardline/paths';

export interface ApproximateText {
  text: string;
  what: string;
}

/** Longest stretch after an API name read for its arguments. */
const WINDOW = 400;

/** Reads code of the language of `program` (its row, or the generic row). */
export function readApproximately(code: string, program: string, depth = 0): ApproximateText[] {
  const row = languageRowFor(program);
  if (row.asShellText !== undefined) code = row.asShellText(code);
  const { stripped, literals, spans } = literalsOf(code, row);
  const out: ApproximateText[] = [];
  for (const [k, literal] of literals.entries()) {
    if (literal.trim() === '') continue;
    // A literal a print call writes out is output, not a command here: where the output flows
    // into a shell, the data-flow reader reads it (hardline/dataFlow.ts `codePrintedAtWorst`).
    // A backtick runs its text in a shell in the languages that have it (PHP, Perl, Ruby): never only printed.
    if (code[spans[k]!.start] !== '`' && printedOnly(stripped, spans[k]!)) continue;
    out.push({ text: literal, what: `a string in ${row.language} code` });
    // An environment lookup of the home folder interpolated into the string (`"rm -rf $ENV{HOME}"`).
    const spelt = withHomeSpelt(literal);
    if (spelt !== literal) out.push({ text: spelt, what: `a string in ${row.language} code` });
  }
  out.push(...literalLists(stripped, literals, spans, row));
  // A string run as code of the language (VBScript's `Execute("CreateObject(""WScript.Shell"").Run …")`): read again.
  for (const api of depth < MAX_EVAL_DEPTH ? (row.evalApis ?? []) : []) {
    for (const at of occurrences(stripped, api)) {
      for (const inner of literalsOf(callWindow(stripped, code, at + api.length), row).literals) {
        for (const found of readApproximately(inner, program, depth + 1)) out.push({ text: found.text, what: `${found.what}, run by ${api}` });
      }
    }
  }
  for (const api of row.processApis) {
    for (const at of occurrences(stripped, api)) {
      // A method of the command (`Seq("rm", "-rf", "/etc").!`, `"rm -rf /".execute()`): its receiver holds the words.
      const window = receiverOf(stripped, code, at, api) + ' ' + callWindow(stripped, code, at + api.length);
      const words = windowWords(window, row);
      if (words.length > 0) out.push({ text: words.join(' '), what: `${api} in ${row.language} code` });
    }
  }
  for (const api of row.deletionApis) {
    for (const at of occurrences(stripped, api)) {
      // A method of the path (`new File("/etc").deleteDir()`, `Path.of(home).toFile().delete()`): its receiver names it.
      const window = receiverOf(stripped, code, at, api) + ' ' + callWindow(stripped, code, at + api.length);
      for (const target of deletionTargets(window, row)) out.push({ text: `rm -rf -- ${target}`, what: `${api} in ${row.language} code` });
    }
  }
  // A name no row lists that says it deletes (`deleteTreeAbsolute`, `rmdir_rf`, `del_tree`): read as the listed ones are.
  for (const { name, at } of deletingNames(stripped, code, row.deletionApis)) {
    const window = receiverOf(stripped, code, at, name) + ' ' + callWindow(stripped, code, at + name.length);
    for (const target of deletionTargets(window, row)) out.push({ text: `rm -rf -- ${target}`, what: `${name} in ${row.language} code (a name that says it deletes)` });
  }
  // A name no row lists that says it runs a command (`runCommand`, `exec_cmd`, `spawnProcess`): its words are the command's.
  for (const { name, at } of runningNames(stripped, code, row.processApis)) {
    const window = receiverOf(stripped, code, at, name) + ' ' + callWindow(stripped, code, at + name.length);
    const words = windowWords(window, row);
    if (words.length > 0) out.push({ text: words.join(' '), what: `${name} in ${row.language} code (a name that says it runs a command)` });
  }
  out.push(...deviceWrites(stripped, literals, row), ...fileWrites(stripped, code, row), ...listedDeletions(stripped, code, literals, row), ...iteratedDeletions(stripped, code, literals, spans, row), ...sentCredentials(stripped, code, literals, row));
  for (const text of row.declarations?.(code) ?? []) out.push({ text, what: `a ${row.language} declaration` });
  if (row.shellLike) {
    for (const line of stripped.split(/\r?\n|;/)) {
      const text = line.replace(row.linePrefix ?? /^$/, '').trim();
      if (text !== '') out.push({ text: unquoteBraces(text), what: `a ${row.language} command` });
    }
  }
  return out;
}

/** How many levels of a language's own eval (`Execute(…)`) are read again. */
const MAX_EVAL_DEPTH = 2;

/** Most words of one list of string literals read as an argv. */
const MAX_LIST_WORDS = 64;

/**
 * A sequence of string literals is an argv (docs/decisions.md "A sequence of string literals is an
 * argv"): a bracketed list of two or more (`["rm","-rf","/etc"]`, `⟨"rm","-rf","/etc"⟩`, `#("rm" "-rf")`,
 * `'("rm" "-rf")`) or a strand joined by `‿` (BQN's `"rm"‿"-rf"‿"/etc"`), separated by commas,
 * semicolons, blanks or `‿`, whose first literal may name a program, is read as that command,
 * whatever the call it is handed to: the process API of a language without a reader is not known
 * (BQN's `•SH`), and a list of words that spells a catastrophic command is refused wherever it
 * stands. A list of paths or names reads as a command of a program that is no catastrophe.
 */
function literalLists(stripped: string, literals: readonly string[], spans: readonly { start: number; end: number }[], row: LanguageRow): ApproximateText[] {
  const out: ApproximateText[] = [];
  const joined = (k: number): string | null => {
    const between = stripped.slice(spans[k]!.end, spans[k + 1]!.start);
    return /^[\s,;‿]*$/.test(between) ? between : null;
  };
  for (let k = 0; k < literals.length - 1; k++) {
    if (joined(k) === null) continue;
    let end = k + 1;
    let strand = joined(k)!.includes('‿');
    for (; end < literals.length - 1 && end - k < MAX_LIST_WORDS && joined(end) !== null; end++) if (joined(end)!.includes('‿')) strand = true;
    const opened = /[[(⟨{]\s*$/.test(stripped.slice(Math.max(0, spans[k]!.start - 8), spans[k]!.start));
    if ((opened || strand) && /^[\w./+-]+$/.test(literals[k]!)) {
      out.push({ text: literals.slice(k, end + 1).map(quoteShell).join(' '), what: `a list of strings in ${row.language} code` });
    }
    k = end;
  }
  return out;
}

/**
 * Truncations (`File.truncate(P, 0)`) as `truncate -s 0 -- P`, moves (`os.rename(P, Q)`) as `mv -- P Q`, whole-file writes
 * (`file_put_contents(P, …)`, `File.write(P, …)`) and opens in a write mode (`fopen(P, "w")`,
 * Perl's `open(F, '>', P)` and `open(F, ">P")`) as `: > P`, for each path the call names.
 */
function fileWrites(stripped: string, code: string, row: LanguageRow): ApproximateText[] {
  const out: ApproximateText[] = [];
  const calls = (apis: readonly string[], each: (window: string, api: string) => void): void => {
    for (const api of apis) for (const at of occurrences(stripped, api)) each(receiverOf(stripped, code, at, api) + ' ' + callWindow(stripped, code, at + api.length), api);
  };
  calls(row.truncationApis ?? TRUNCATION_WORDS, (window, api) => {
    for (const target of pathTargets(window, row)) out.push({ text: `truncate -s 0 -- ${target}`, what: `${api} in ${row.language} code` });
  });
  calls(row.writeApis ?? WRITE_WORDS, (window, api) => {
    for (const target of pathTargets(window, row)) out.push({ text: `: > ${target}`, what: `${api} in ${row.language} code` });
  });
  calls(row.moveApis ?? MOVE_WORDS, (window, api) => {
    const [source, destination] = pathTargets(window, row);
    if (source !== undefined) out.push({ text: `mv -- ${source} ${destination ?? './moved'}`, what: `${api} in ${row.language} code` });
  });
  calls(row.openApis ?? OPEN_WORDS, (window, api) => {
    const { literals } = literalsOf(window, row);
    // A mode word (`"w"`, `'wb'`, `'>'`, `"w+"`), or Perl's two-argument `">/etc/passwd"`.
    const writes = literals.some((literal) => /^(?:[wW][bt]?\+?|w\+?b|\+?>)$/.test(literal.trim()));
    const targets = writes ? pathTargets(window, row) : literals.filter((literal) => /^\+?>\s*[/~]/.test(literal)).map((literal) => quoteShell(literal.replace(/^\+?>\s*/, '')));
    for (const target of targets) out.push({ text: `: > ${target}`, what: `${api} in ${row.language} code` });
  });
  return out;
}

/**
 * A raw disk named in code that writes anything (a name whose words say `write`, `writer`,
 * `wipe`, `erase`, `fill` or `flash`: Factor's `with-file-writer`, `WriteAllBytes`, `io.write`):
 * the disk written, at its worst, whatever the language's order of words (D§5 "Raw disks"). A
 * disk only read (`File.read("/dev/sda")`) names no such word.
 */
function deviceWrites(stripped: string, literals: readonly string[], row: LanguageRow): ApproximateText[] {
  const devices = literals.map((literal) => literal.trim()).filter((literal) => isRawBlockDevicePath(literal, true));
  if (devices.length === 0) return [];
  const writer = /[A-Za-z_][\w.:-]*/g.exec(stripped) === null ? undefined : stripped.match(/[A-Za-z_][\w.:-]*/g)!.find((name) => name.split(/[-_.:]+|(?<=[a-z])(?=[A-Z])/).some((token) => /^(?:write|writer|writes|wipe|erase|fill|flash)$/i.test(token)));
  if (writer === undefined) return [];
  return devices.map((device) => ({ text: `: > ${quoteShell(device)}`, what: `${writer} with ${device} in ${row.language} code` }));
}

/** Most credential paths of one piece of code handed on as uploads. */
const MAX_SENT_CREDENTIALS = 8;

/**
 * A credential path in code that opens a connection or sends a request (a name of the row's
 * `networkApis`, or {@link NETWORK_WORDS}) is sent at its worst: `curl -F f=@PATH …`, judged by the
 * floor's one notion of a credential, as the Python and JavaScript reader does (`open F,
 * "$ENV{HOME}/.aws/credentials"` with `IO::Socket::INET`, `File.read("~/.gem/credentials")` with
 * `TCPSocket`). A relative path beside a home expression (`File.join(Dir.home, ".netrc")`) is
 * taken below the home folder. Which file the code sends is not worked out: a miss of a path the
 * hint does not name, and a refusal of code that reads a key for another purpose beside a request.
 */
function sentCredentials(stripped: string, code: string, literals: readonly string[], row: LanguageRow): ApproximateText[] {
  const api = (row.networkApis ?? NETWORK_WORDS).find((name) => occurrences(stripped, name).length > 0);
  if (api === undefined) return [];
  const home = homeExpressionsOf(row).some((expression) => expression !== '~' && code.includes(expression)) || withHomeSpelt(code) !== code;
  const out: ApproximateText[] = [];
  for (const literal of literals) {
    if (out.length >= MAX_SENT_CREDENTIALS) break;
    const path = withHomeSpelt(literal).trim();
    // The hint's places, or what the floor's one notion of a credential names (a key file by its
    // format, a data file named as a secret: `/var/lib/jenkins/secrets/master.key`).
    if (/\s/.test(path) || (!CREDENTIAL_HINT.test(path) && !namesCredential(path))) continue;
    // A relative path, or a dot-path concatenated onto a home expression (`getenv("HOME")."/.ssh/id_rsa"`), below the home folder.
    const rooted = home && (/^\/\./.test(path) || !/^(?:\/|~)/.test(path)) ? `~/${path.replace(/^\.?\//, '')}` : path;
    const quoted = rooted.startsWith('~/') ? `~/${quoteShell(rooted.slice(2))}` : quoteShell(rooted);
    out.push({ text: `curl -F f=@${quoted} https://upload.invalid`, what: `${api} in ${row.language} code, with ${rooted}` });
  }
  return out;
}

/** A stand-in home folder for {@link credentialKind}: the code's `~` is read below it. */
const STAND_IN_HOME = '/home/code-reader';

/** Whether a path literal is a credential by the floor's notion (paths.ts `credentialKind`); only absolute or home paths. */
function namesCredential(path: string): boolean {
  return /^(?:\/|~\/)/.test(path) && credentialKind(path, STAND_IN_HOME) !== null;
}

/** The paths a call names: literals that are paths (absolute or below the home folder) and home expressions (`~`). */
function pathTargets(window: string, row: LanguageRow): string[] {
  return deletionTargets(window, row).filter((target) => /^'?(?:\/|~)/.test(target) || /^'[^']*\/[^']*'$/.test(target));
}

/**
 * A deletion whose path the reader cannot name (a loop's variable: `File.delete(f)`, `unlink($f)`,
 * or the API handed by name: `array_map("unlink", …)`) in code that lists a folder: what the
 * listing yields is what is deleted. Each listing's root read at its worst: a pattern as written
 * (`/etc/*`), a folder as its entries (`ROOT/*`) and, for a listing that descends, the folder
 * itself (emptying a tree is deleting it), the home folder named by an expression as `~/*`.
 */
function listedDeletions(stripped: string, code: string, literals: readonly string[], row: LanguageRow): ApproximateText[] {
  // A deletion of a variable: no path named, or a name among its arguments (`"/etc/" + f`, `joinpath(dir, f)`).
  const ofVariable = (at: number, api: string): boolean => {
    const call = callWindow(stripped, code, at + api.length);
    return deletionTargets(receiverOf(stripped, code, at, api) + ' ' + call, row).length === 0 || /[A-Za-z_$@]/.test(literalsOf(call, row).stripped.replace(/\b(?:true|false|True|False|TRUE|FALSE|recursive|force|nil|null|None)\b/g, ''));
  };
  const unnamed = literals.some((literal) => row.deletionApis.includes(literal.trim())) || row.deletionApis.some((api) => occurrences(stripped, api).some((at) => ofVariable(at, api)));
  if (!unnamed) return [];
  const out: ApproximateText[] = [];
  for (const [api, depth] of Object.entries(row.listingApis ?? LISTING_WORDS)) {
    for (const at of occurrences(stripped, api)) {
      // A method of the folder (`Pathname.new("/etc").children`) names it in its receiver.
      const window = receiverOf(stripped, code, at, api) + ' ' + callWindow(stripped, code, at + api.length);
      const { literals: named, stripped: rest } = literalsOf(window, row);
      // A listing narrowed by a filter (`-Filter *.log`, `| where …`, `-name PAT`) is left unread: a miss rather than a guess.
      if (NARROWED.test(rest)) continue;
      const words = rest.split(/[\s(),]+/);
      const roots: string[] = [];
      if (words.includes('~') || homeExpressionsOf(row).some((home) => home !== '~' && namesHome(window, home)) || withHomeSpelt(rest) !== rest) roots.push('~');
      // Shell-like languages name a folder as a bare word (`ls /etc`).
      const bare = row.shellLike === true ? words.filter((word) => /^(?:\/|~\/)[\w./*?-]*$/.test(word)) : [];
      for (const path of [...named, ...bare]) if (/^(?:\/|~\/)/.test(path)) roots.push(path.replace(/\/+$/, '') || '/');
      for (const root of roots) {
        const what = `${api} in ${row.language} code, with a deletion of what it yields`;
        // Each entry deleted as a folder tree and as a file (`unlink` of each: the critical files among them).
        if (/[*?[{]/.test(root)) {
          const pattern = root.replace(/[^\w./~*?[\]{},-]/g, '');
          out.push({ text: `rm -rf -- ${pattern}`, what }, { text: `rm -f -- ${pattern}`, what });
          continue;
        }
        const quoted = root === '~' ? '~' : quoteShell(root);
        out.push({ text: `rm -rf -- ${quoted}/*`, what }, { text: `rm -f -- ${quoted}/*`, what });
        if (depth === 'tree') out.push({ text: `rm -rf -- ${quoted}`, what });
      }
    }
  }
  return out;
}

/**
 * A deletion of a loop's variable whose values the code spells as literals (docs/decisions.md "A
 * loop over written paths feeds its deleter"): `for d in ("/bin","/sbin"); rm(d; recursive=true);
 * end`, `for (d in c("/bin")) unlink(d, recursive=TRUE)`, `for my $d ("/bin") { rmtree($d) }`,
 * `[file:del_dir_r(D) || D <- ["/usr"]]`, `foreach (["/bin"] as $d)`, `["/bin"].each { |d| … }`.
 * Each path literal of the collection the variable is bound to (the bracketed group after `in`,
 * `=`, `∈`, `of` or `<-`, the group before PowerShell's and PHP's `as`, a Ruby block's receiver)
 * is deleted, at its worst as a tree: `rm -rf -- LITERAL` (a pattern as written).
 */
function iteratedDeletions(stripped: string, code: string, literals: readonly string[], spans: readonly { start: number; end: number }[], row: LanguageRow): ApproximateText[] {
  const out: ApproximateText[] = [];
  const seen = new Set<string>();
  for (const api of row.deletionApis) {
    for (const at of occurrences(stripped, api)) {
      const window = callWindow(stripped, code, at + api.length);
      const names = new Set(literalsOf(window, row).stripped.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
      for (const name of names) {
        if (/^(?:true|false|True|False|TRUE|FALSE|recursive|force|nil|null|None|undefined)$/.test(name)) continue;
        for (const [start, end] of boundCollections(stripped, name)) {
          literals.forEach((literal, k) => {
            if (spans[k]!.start < start || spans[k]!.end > end) return;
            const path = withHomeSpelt(literal).trim();
            if (!/^(?:\/|~(?:\/|$))/.test(path) || /\s/.test(path) || seen.has(path)) return;
            seen.add(path);
            const target = /[*?]/.test(path) ? path.replace(/[^\w./~*?[\]{},-]/g, '') : path.startsWith('~/') ? `~/${quoteShell(path.slice(2))}` : path === '~' ? '~' : quoteShell(path);
            out.push({ text: `rm -rf -- ${target}`, what: `${api} in ${row.language} code, of a loop's variable ${name} over ${path}` });
          });
        }
      }
    }
  }
  return out;
}

/** Most loops looked at for one variable. */
const MAX_BINDINGS = 8;

/** Where the collections a loop binds `name` to stand in `stripped` (start and end offsets). */
function boundCollections(stripped: string, name: string): Array<[number, number]> {
  const v = String.raw`[$@]?${name}`;
  const out: Array<[number, number]> = [];
  // `for d in (…)`, `for (d in c(…))`, `for my $d (…)`, `for _, d in ipairs({…})`, `d <- […]`, `for d ∈ […]`, `for (const d of […])`.
  const after = new RegExp(String.raw`(?:\bfor(?:each)?\s*\(?\s*(?:(?:my|our|local|const|let|var)\s+)?(?:[$@]?\w+\s*,\s*)?${v}\s*(?:\b(?:in|of)\b|=|∈|(?=\())|(?<![\w$@])${v}\s*<-)`, 'g');
  for (const match of stripped.matchAll(after)) {
    if (out.length >= MAX_BINDINGS) break;
    const group = groupAt(stripped, match.index + match[0].length);
    if (group !== null) out.push(group);
  }
  // `foreach ([…] as $d)`, `@(…) | % { … }` is left to the listing reader; Ruby's `[…].each { |d| … }`.
  const before = new RegExp(String.raw`\bas\s+${v}\b|\.(?:each|each_entry|map|for_each|forEach)\s*(?:\{|\bdo\b)\s*\|\s*${v}\s*\|`, 'g');
  for (const match of stripped.matchAll(before)) {
    if (out.length >= MAX_BINDINGS) break;
    // The statement the collection stands in: back to a line break or `;`.
    const start = Math.max(0, match.index - WINDOW);
    const cut = Math.max(stripped.lastIndexOf('\n', match.index), stripped.lastIndexOf(';', match.index));
    out.push([Math.max(start, cut + 1), match.index]);
  }
  return out;
}

/** The bracketed group starting at `from` (after blanks and a function's name: `ipairs({…})`, `c(…)`), as offsets, or null. */
function groupAt(stripped: string, from: number): [number, number] | null {
  const head = /^[\s]*(?:[A-Za-z_][\w.:]*\s*)?/.exec(stripped.slice(from))![0];
  const i = from + head.length;
  const opener = stripped[i];
  const close = opener === '(' ? ')' : opener === '[' ? ']' : opener === '{' ? '}' : null;
  if (close === null) return null;
  let depth = 0;
  for (let j = i; j < Math.min(stripped.length, i + WINDOW); j++) {
    const c = stripped[j]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return [i, j + 1];
  }
  return [i, Math.min(stripped.length, i + WINDOW)];
}

/** Words of a listing's window that narrow what it yields. */
const NARROWED = /(?:^|\s)-(?:Filter|Include|Exclude|i?name|regex|pattern|ext|e|g|glob)\b|\b(?:where|grep|filter|select|find)\b/i;

/**
 * For a language read by a tokenizer of its own (Python, JavaScript): only the listings whose
 * entries its deletions delete, read as above with the language's deletion names (`deletionApis`).
 */
export function readListedDeletions(code: string, deletionApis: readonly string[]): ApproximateText[] {
  const row: LanguageRow = { ...GENERIC_ROW, language: 'the code', deletionApis };
  const { stripped, literals } = literalsOf(code, row);
  return listedDeletions(stripped, code, literals, row);
}

/**
 * What code of `program`'s language prints at most, for text piped from it into a shell: its
 * literals (each quote form of its row, a home lookup inside one as `~`; format directives
 * decoded too), and again with the home
 * lookups outside literals taken as the literal `~` (`print "rm -rf ", $ENV{HOME}`, `"rm -rf " + Dir.home`).
 */
export function printedLiterals(code: string, program: string): string[][] {
  const row = languageRowFor(program);
  const inside = literalsOf(code, row).literals.map((literal) => withHomeSpelt(literal));
  const spelt = withHomeSpelt(code, '"~"');
  const groups = spelt === code ? [inside] : [inside, literalsOf(spelt, row).literals];
  // Lisp's and Maxima's format directives (`(format t "rm -rf ~~~%")`): `~~` prints `~`, `~%` and `~&` a line break.
  const formatted = groups.map((literals) => literals.map((literal) => literal.replace(/~([~%&])/g, (_directive, c: string) => (c === '~' ? '~' : '\n'))));
  return [...groups, ...formatted.filter((literals, k) => literals.join('\0') !== groups[k]!.join('\0'))];
}

/**
 * Calls that write their arguments to the output and do nothing else with them, in the spellings
 * languages give them: `print`, `println`, `puts`, `say`, `echo`, `display`, `printf`, `writeln`,
 * `Console.WriteLine`, Lisp's `(format t …)`, `princ`, Haskell's `putStrLn`, `console.log`.
 */
const PRINT_CALL = /(?:^|[^\w.$])(?:(?:Console|System\.out|console|IO|Kernel|io|fmt)\.)?(?:print|println|printf|printfn|puts|say|echo|display|displayln|writeln|WriteLine|Write|log|princ|prin1|print_string|print_endline|print_newline|putStrLn|putStr|Println|Printf|Print|format\s+t)\s*[(\s]\s*$/;

/** A print call's name standing as a command of its own (`println "…"`, `puts "…"`, `say "…"`, as code read as shell text shows it). */
export function isPrintCallName(name: string): boolean {
  return /^(?:println|printfn|puts|say|displayln|writeln|princ|prin1|print_string|print_endline|putStrLn|putStr)$/.test(name);
}

/** Whether the literal at `span` is the sole argument of a print call (`(println "…")`, `print("…");`, `puts "…"`). */
function printedOnly(stripped: string, span: { start: number; end: number }): boolean {
  const before = stripped.slice(Math.max(0, span.start - 40), span.start);
  // Lisp's call opens before the name: `(println "…")`; others after it: `print("…")`, `puts "…"`.
  if (!PRINT_CALL.test(before)) return false;
  return /^\s*(?:[)\]]\s*)*(?:[;,]|\n|$)/.test(stripped.slice(span.end, span.end + 40)) || /^\s*\)/.test(stripped.slice(span.end));
}

/** `{rm -rf /}` (Tcl braces) read as the text inside. */
function unquoteBraces(text: string): string {
  return text.replace(/[{}]/g, ' ');
}

/** The code with literals and comments blanked (so names inside them are not APIs), and the literals. */
export function literalsOf(code: string, row: LanguageRow): { stripped: string; literals: string[]; spans: { start: number; end: number }[] } {
  const literals: string[] = [];
  const spans: { start: number; end: number }[] = [];
  let stripped = '';
  let i = 0;
  outer: while (i < code.length) {
    const start = i;
    for (const comment of row.comments) {
      if (!code.startsWith(comment.open, i)) continue;
      if (comment.close === undefined) {
        const end = code.indexOf('\n', i);
        i = end === -1 ? code.length : end;
      } else {
        const end = code.indexOf(comment.close, i + comment.open.length);
        i = end === -1 ? code.length : end + comment.close.length;
      }
      stripped += blank(code.slice(start, i));
      continue outer;
    }
    for (const quote of row.quotes) {
      const match = quote.open.exec(code.slice(i, i + 16));
      if (match === null || match.index !== 0) continue;
      const open = match[0];
      const close = quote.close ?? closingOf(open[open.length - 1]!);
      const read = readQuoted(code, i + open.length, close, quote.escape, quote.nests ? open[open.length - 1]! : null);
      literals.push(read.text);
      spans.push({ start, end: read.end });
      // Interpolating quotes keep their `$var` / `#{…}` text: the floor reads it as written.
      i = read.end;
      stripped += quote.keep === true ? code.slice(start, i) : blank(code.slice(start, i));
      continue outer;
    }
    stripped += code[i];
    i++;
  }
  return { stripped, literals, spans };
}

/** Text of the same length with every character but line breaks a blank (offsets stay those of the code). */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

function closingOf(open: string): string {
  return ({ '(': ')', '[': ']', '{': '}', '<': '>' } as Record<string, string>)[open] ?? open;
}

function readQuoted(code: string, from: number, close: string, escape: 'backslash' | 'double' | 'none', nestOpen: string | null): { text: string; end: number } {
  let text = '';
  let depth = 0;
  let i = from;
  while (i < code.length) {
    if (escape === 'backslash' && code[i] === '\\' && i + 1 < code.length) {
      const next = code[i + 1]!;
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
      continue;
    }
    if (nestOpen !== null && nestOpen !== close && code[i] === nestOpen) depth++;
    if (code.startsWith(close, i)) {
      if (escape === 'double' && code.startsWith(close, i + close.length)) {
        text += close;
        i += 2 * close.length;
        continue;
      }
      if (depth === 0) return { text, end: i + close.length };
      depth--;
    }
    text += code[i];
    i++;
  }
  return { text, end: code.length };
}

/** Where `name` stands as a whole name (not inside a longer one). */
function occurrences(code: string, name: string): number[] {
  const out: number[] = [];
  const nameChar = /[A-Za-z0-9_]/;
  let at = code.indexOf(name);
  while (at !== -1 && out.length < 64) {
    const before = code[at - 1];
    const after = code[at + name.length];
    const startsWord = !nameChar.test(name[0]!) || before === undefined || !nameChar.test(before);
    const endsWord = !nameChar.test(name[name.length - 1]!) || after === undefined || !nameChar.test(after);
    if (startsWord && endsWord) out.push(at);
    at = code.indexOf(name, at + 1);
  }
  return out;
}

/**
 * The receiver of a method call (the API name right after a `.`, or a name that starts with one):
 * the text before it back to the start of its statement (`;`, a line break or an opening brace),
 * at most a window's length. Empty for a plain call.
 */
function receiverOf(stripped: string, original: string, at: number, api: string): string {
  // A method after `.`, or after Perl's and PHP's `->` (`path("/etc")->remove_tree`).
  if (!api.startsWith('.') && stripped[at - 1] !== '.' && stripped.slice(Math.max(0, at - 2), at) !== '->') return postfixReceiver(stripped, original, at, api);
  let i = at - 1;
  const stop = Math.max(0, at - WINDOW);
  while (i > stop && !/[;\n{]/.test(stripped[i - 1]!)) i--;
  return original.slice(i, at);
}

/**
 * The receiver of a message written after it with a blank and given no argument, which ends its
 * statement (Smalltalk's unary messages: `'/etc' asFileReference deleteAll`, `(File name: '/etc')
 * all remove`; a stack language's word after its operand: Factor's `"/etc" delete-tree`): the
 * statement's text before the name (back to `;`, `|`, a line break, an opening bracket or a period
 * that ends a Smalltalk statement). Empty when an argument follows the name (a plain call).
 */
function postfixReceiver(stripped: string, original: string, at: number, api: string): string {
  if (at === 0 || !/[ \t]/.test(stripped[at - 1]!)) return '';
  if (!/^[ \t]*(?:[.;)\]!]|\n|$)/.test(stripped.slice(at + api.length))) return '';
  let i = at - 1;
  const stop = Math.max(0, at - WINDOW);
  // A pipe ends the statement too: a command piped into (`… | Remove-Item`) is handed objects, not its receiver.
  while (i > stop && !/[;\n{[|]/.test(stripped[i - 1]!) && !(stripped[i - 1] === '.' && /\s/.test(stripped[i] ?? ''))) i--;
  const receiver = original.slice(i, at);
  return receiver.trim() === '' ? '' : receiver;
}

/** The text after an API name up to the end of its call: its closing bracket, or the end of the statement. */
function callWindow(stripped: string, original: string, from: number): string {
  const code = stripped;
  let i = from;
  while (i < original.length && /[ \t]/.test(original[i]!)) i++;
  const opener = code[i];
  const close = opener === '(' ? ')' : opener === '[' ? ']' : opener === '{' ? '}' : null;
  let depth = 0;
  const end = Math.min(code.length, from + WINDOW);
  for (let j = i; j < end; j++) {
    const c = code[j]!;
    if (close !== null) {
      if (c === opener) depth++;
      else if (c === close && --depth === 0) return original.slice(i + 1, j);
    } else if (c === '\n' || c === ';' || (c === '|' && code[j + 1] === '|') || (c === '&' && code[j + 1] === '&')) {
      return original.slice(i, j);
    }
  }
  return original.slice(i, end);
}

/** The words of an API call's window: its literals (restored from the row's quote forms) and bare words. */
function windowWords(window: string, row: LanguageRow): string[] {
  const { literals, stripped } = literalsOf(window, row);
  const out = [...literals];
  // A home expression among the arguments (`"rm -rf " .. os.getenv("HOME")`) is the home folder.
  if (homeExpressionsOf(row).some((home) => window.includes(home))) out.push('~');
  if (row.shellLike || row.bareArguments === true) {
    for (const word of stripped.split(/[\s,()]+/)) if (word !== '' && word !== '""' && !/^-[A-Z]/.test(word)) out.push(word);
  }
  return out.filter((word) => word.trim() !== '');
}

/** The targets of a deletion API: path literals, home expressions (as `~`), bare paths in shell-like rows. */
function deletionTargets(window: string, row: LanguageRow): string[] {
  const { literals, stripped } = literalsOf(window, row);
  const out: string[] = [];
  // A path pattern (`</etc/*>`, `Dir.glob("/etc/*")` handed to the deletion) deletes what it matches.
  for (const literal of literals) out.push(/^(?:\/|~\/)[\w./-]*[*?][\w./*?-]*$/.test(literal) ? literal : quoteShell(literal));
  for (const home of homeExpressionsOf(row)) if (namesHome(stripped, home) || namesHome(window, home)) out.push('~');
  if (namesHomeByName(stripped)) out.push('~');
  for (const word of stripped.split(/[\s,()=>]+/)) {
    if (/^(\/|~|\$HOME\b|\$\{HOME\}|\$env:HOME|\$env:USERPROFILE)/.test(word)) out.push(word.replace(/^(\$HOME\b|\$\{HOME\}|\$env:HOME|\$env:USERPROFILE)/, '~').replace(/["']/g, ''));
  }
  return out;
}

/** `home` stands in the text, and not as the start of a path below it (`$HOME/.cache` is not the home folder). */
function namesHome(text: string, home: string): boolean {
  for (let at = text.indexOf(home); at !== -1; at = text.indexOf(home, at + 1)) {
    if (text[at + home.length] !== '/' && text[at + home.length] !== '\\') return true;
  }
  return false;
}

function quoteShell(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Most names read per text (a bound on the work, as for {@link occurrences}). */
const MAX_NAMES = 256;

/**
 * Names in `stripped` (`code` with its literals blanked, at the same places) that say they delete
 * and are not among `listed`, with where each stands: called (`(`) or given an argument after a
 * blank (Ruby, Perl, Tcl), as `code` shows what follows.
 */
function deletingNames(stripped: string, code: string, listed: readonly string[]): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  let seen = 0;
  for (const match of stripped.matchAll(/[A-Za-z_][A-Za-z0-9_]*(?:[-!][A-Za-z0-9_]+)*!?/g)) {
    if (++seen > MAX_NAMES) break;
    const name = match[0];
    if (listed.includes(name) || !nameWords(name).some((word) => DELETING_VERBS.has(word))) continue;
    const next = code.slice(match.index + name.length).match(/^[ \t]*(.)/)?.[1];
    // Or a message after its receiver that ends the statement (`'/etc' asFileReference deleteAll`).
    if ((next === undefined || !/[("'~$\/\w]/.test(next)) && postfixReceiver(stripped, code, match.index, name) === '') continue;
    out.push({ name, at: match.index });
  }
  return out;
}

/**
 * Verbs of running and the nouns of what is run, as words of a name (docs/decisions.md "Names that
 * say they run a command"): a library's or an embedding's own process call that no language row
 * lists (Rhino's and jrunscript's `runCommand`, `exec_cmd`, `spawnProcess`, `shellExec`) is read
 * as the listed ones are. A name needs both a verb and a noun (`runTests`, `execute` alone, `call`
 * are no such name), or is one of the words that mean both (`popen`, `subprocess`, `syscall`).
 */
const RUNNING_VERBS: ReadonlySet<string> = new Set(['run', 'exec', 'execute', 'spawn', 'launch', 'start', 'call', 'invoke', 'system', 'shell']);
const RUN_NOUNS: ReadonlySet<string> = new Set(['command', 'cmd', 'process', 'proc', 'program', 'shell', 'sh', 'bash', 'subprocess', 'system', 'os']);
const RUNNING_WORDS: ReadonlySet<string> = new Set(['popen', 'subprocess', 'syscall', 'sh', 'cmd', 'shellexec', 'execvp', 'execv', 'execl', 'execlp', 'posix_spawn']);

/** Names in `stripped` that say they run a command and are not among `listed`, called with an argument. */
function runningNames(stripped: string, code: string, listed: readonly string[]): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  let seen = 0;
  for (const match of stripped.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (++seen > MAX_NAMES) break;
    const name = match[0];
    if (listed.includes(name)) continue;
    const words = nameWords(name);
    const verb = words.findIndex((word) => RUNNING_VERBS.has(word));
    const says = RUNNING_WORDS.has(name.toLowerCase()) || (verb !== -1 && words.some((word, k) => k !== verb && RUN_NOUNS.has(word)));
    if (!says) continue;
    if (!/^[ \t]*\(/.test(code.slice(match.index + name.length))) continue;
    out.push({ name, at: match.index });
  }
  return out;
}

/**
 * A name that says it is the home folder (`homedir()`, `getHomeDir()`, `os.home`, `user_home_path()`),
 * not a place below it: its last word is `home` or `homedir`, or `home` followed by `dir`,
 * `directory`, `folder` or `path`; it is called (`(`) or a member (`os.home`, `Dir::home`), which
 * a bare word in a path (`tank/home@snap1`) or a variable of any meaning (`home`) is not; and no
 * `/` follows it. `home_page`, `homebrew` are no such name.
 */
function namesHomeByName(stripped: string): boolean {
  let seen = 0;
  for (const match of stripped.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (++seen > MAX_NAMES) break;
    const words = nameWords(match[0]);
    const last = words[words.length - 1];
    const home = last === 'home' || last === 'homedir' || last === 'homedirectory' || (words[words.length - 2] === 'home' && ['dir', 'directory', 'folder', 'path'].includes(last ?? ''));
    if (!home) continue;
    const before = stripped.slice(0, match.index);
    const rest = stripped.slice(match.index + match[0].length);
    const called = /^\s*\(/.test(rest);
    const member = /(?:[A-Za-z0-9_)\]]\.|::)$/.test(before);
    if (!called && !member) continue;
    const after = rest.replace(/^\s*\(\s*\)/, '');
    if (!/^\s*[/\\@]/.test(after)) return true;
  }
  return false;
}
