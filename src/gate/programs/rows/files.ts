import { literalWord, type Word } from '../../reading/resolution';
import { flagged, hasOption, optionValues, textOf, valued, type ArgReading, type Grammar } from '../grammar';
import { PLAIN_VARIABLES } from '../plainVariables';
import { commandText } from '../commandText';
import { type Command, type Form, type OptionRole, type ProgramRow, type Role, type WriteScope } from '../row';

/**
 * Files and text: coreutils and the other everyday readers and printers, the copy/move/delete
 * family, encoders, checksums, compressors and archivers (D§4.3).
 *
 * Most rows here are pure readers (`readOnly`): what they can do beyond printing is taken away
 * as forms (`iconv -o`, `shuf -o`, `xxd IN OUT`, `base64 -o` on BSD). The writers whose whole job
 * is writing (`cp`, `tee`, `rm`, `gzip`, `unzip`) mark that job `everyday`: an entry for the
 * program covers it, the preflight still reads where it lands. Where the target is implicit (an
 * archive extracted into the current folder, `gzip FILE` replacing FILE) a row reader reports it,
 * carried by the program word.
 */

// -------------------------------------------------------------------------------------------------
// Helpers for the row readers
// -------------------------------------------------------------------------------------------------

/** `alias NAME=VALUE…` (zsh's `alias -g`/`-s` too): each VALUE is shell text a later line may run. */
function aliasDefinitions(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  args.forEach((word, index) => {
    const text = word.kind === 'literal' ? word.value : word.raw;
    const eq = text.indexOf('=');
    if (eq <= 0 || text.startsWith('-') || text.startsWith('+')) return;
    const value: Word = word.kind === 'literal' ? literalWord(text.slice(eq + 1)) : { kind: 'opaque', raw: text.slice(eq + 1), expansions: word.expansions };
    forms.push({ role: 'executor', program: 'alias', trigger: 'alias', index, value, payload: 'shell-text', note: 'alias NAME=VALUE makes NAME run VALUE as shell code on a later line (zsh expands aliases in scripts)' });
  });
  return forms;
}

function shown(word: Word): string {
  return word.kind === 'literal' ? word.value : word.raw;
}

/** A form on the k-th operand of a reading (indexes into the reader's words). */
function onOperand(program: string, role: Role, reading: ArgReading, k: number, note: string, everyday = true): Form {
  const word = reading.operands[k]!;
  return { role, program, trigger: shown(word), index: reading.operandIndexes[k]!, value: word, ...(everyday ? { everyday: true } : {}), note };
}

/**
 * A form carried by the command word itself (index -1 of the words after it): a write whose
 * target the command does not spell, such as the current folder an archive is extracted into.
 */
function implicit(program: string, role: Role, target: string | null, note: string, scope?: WriteScope): Form {
  return { role, program, trigger: program, index: -1, value: target === null ? null : literalWord(target), everyday: true, ...(scope !== undefined ? { target: scope } : {}), note };
}

/** True when any of the options (short letters or long names, as keys) was given. */
function given(reading: ArgReading, ...keys: string[]): boolean {
  return hasOption(reading, ...keys);
}

/** The literal values of an option (null for an opaque one). */
function values(reading: ArgReading, ...keys: string[]): Array<string | null> {
  return optionValues(reading, ...keys).map((w) => textOf(w));
}

/** Compressors that replace each FILE operand by its (de)compressed twin, unless told to print or only look. */
function replacesOperands(program: string, keeps: readonly string[], note: string) {
  return (_args: readonly Word[], reading: ArgReading): Form[] => {
    if (given(reading, ...keeps)) return [];
    const out: Form[] = [];
    reading.operands.forEach((word, k) => {
      if (textOf(word) !== '-') out.push(onOperand(program, 'writer', reading, k, note));
    });
    return out;
  };
}

/**
 * `cp`/`mv`/`ln`/`install`: the last operand is the target unless `-t DIR` names it (then every
 * operand is a source). `ln TARGET` alone links into the current folder; `install -d` makes
 * every operand.
 */
function copyTarget(program: string, note: string) {
  return (_args: readonly Word[], reading: ArgReading): Form[] => {
    const count = reading.operands.length;
    if (count === 0 || given(reading, 't', 'target-directory')) return [];
    if (program === 'install' && given(reading, 'd', 'directory')) return reading.operands.map((_, k) => onOperand(program, 'writer', reading, k, 'install -d makes each folder it names'));
    if (program === 'ln' && count === 1) return [implicit(program, 'writer', '.', 'ln with one operand makes the link in the current folder')];
    return count >= 2 ? [onOperand(program, 'writer', reading, count - 1, note)] : [];
  };
}

/** A chmod/install mode that sets the set-user-ID or set-group-ID bit (null: not known, so yes). */
function setsIdBits(mode: string | null): boolean {
  if (mode === null) return true;
  if (/^[0-7]+$/.test(mode)) return mode.length >= 4 && (parseInt(mode[mode.length - 4]!, 8) & 6) !== 0;
  return /[+=][rwxXst]*s/.test(mode);
}

/** `host:path` (a colon before any slash): a remote archive reached through rsh/ssh. */
function remotePath(text: string | null): boolean {
  if (text === null) return true;
  const colon = text.indexOf(':');
  const slash = text.indexOf('/');
  return colon > 0 && (slash < 0 || colon < slash);
}

function url(text: string | null): boolean {
  return text === null || /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
}

// -------------------------------------------------------------------------------------------------
// Shared grammars
// -------------------------------------------------------------------------------------------------

const GREP_GRAMMAR: Grammar = {
  short: 'ABCDdefm',
  flags: 'EFGHILPRTUVZabchilnoqrsuvwxyz0123456789',
  long: {
    ...valued('regexp', 'file', 'max-count', 'label', 'binary-files', 'directories', 'devices', 'include', 'exclude', 'exclude-from', 'exclude-dir', 'before-context', 'after-context', 'context', 'group-separator'),
    ...flagged('extended-regexp', 'fixed-strings', 'basic-regexp', 'perl-regexp', 'ignore-case', 'no-ignore-case', 'word-regexp', 'line-regexp', 'null-data', 'no-messages', 'invert-match', 'version', 'help', 'byte-offset', 'line-number', 'no-line-number', 'line-buffered', 'with-filename', 'no-filename', 'only-matching', 'quiet', 'silent', 'text', 'recursive', 'dereference-recursive', 'files-without-match', 'files-with-matches', 'count', 'initial-tab', 'null', 'no-group-separator', 'binary', 'unix-byte-offsets'),
    color: 'optional',
    colour: 'optional',
  },
};

const CHECKSUM_GRAMMAR: Grammar = {
  short: 'l',
  flags: 'bctwz',
  long: { ...valued('length'), ...flagged('binary', 'check', 'tag', 'text', 'zero', 'ignore-missing', 'quiet', 'status', 'strict', 'warn', 'help', 'version') },
};

const BASE_GRAMMAR: Grammar = {
  // GNU: -w COLS; BSD/macOS: -b COUNT, -i FILE (input), -o FILE (output).
  short: 'bwo',
  flags: 'dDhi',
  long: { ...valued('wrap', 'break', 'input', 'output'), ...flagged('decode', 'ignore-garbage', 'help', 'version') },
};

const BASE_WRITER: OptionRole = {
  role: 'writer',
  options: ['-o', '--output'],
  when: (v) => v !== '-' && v !== '/dev/stdout',
  example: 'out.bin',
  note: '-o writes the encoded or decoded data to a file (BSD and macOS)',
};

const OWNER_GRAMMAR: Grammar = {
  flags: 'HLPRcfhv',
  long: { ...valued('from', 'reference'), ...flagged('changes', 'silent', 'quiet', 'verbose', 'dereference', 'no-dereference', 'no-preserve-root', 'preserve-root', 'recursive', 'help', 'version') },
};

/** `chown --reference=RFILE FILE…`: no owner operand, so the first operand is a file too. */
function referenceTakesOwner(program: string, note: string) {
  return (_args: readonly Word[], reading: ArgReading): Form[] =>
    reading.operands.length > 0 && given(reading, 'reference') ? [{ ...onOperand(program, 'writer', reading, 0, note), changes: 'owner' }] : [];
}

const COPY_LONG = {
  ...valued('no-preserve', 'sparse', 'suffix', 'target-directory'),
  ...flagged('archive', 'attributes-only', 'copy-contents', 'force', 'interactive', 'link', 'dereference', 'no-clobber', 'no-dereference', 'parents', 'recursive', 'remove-destination', 'strip-trailing-slashes', 'symbolic-link', 'no-target-directory', 'verbose', 'one-file-system', 'keep-directory-symlink', 'help', 'version'),
  backup: 'optional',
  preserve: 'optional',
  reflink: 'optional',
  context: 'optional',
  update: 'optional',
  debug: 'flag',
} as const;

const TARGET_DIRECTORY: OptionRole = {
  role: 'writer',
  options: ['-t', '--target-directory'],
  everyday: true,
  example: 'dest',
  note: '-t names the folder the files are put into',
};

const GZIP_GRAMMAR: Grammar = {
  short: 'S',
  flags: '123456789cdfhklLnNqrtvV',
  long: {
    ...valued('suffix'),
    ...flagged('stdout', 'to-stdout', 'decompress', 'uncompress', 'force', 'help', 'keep', 'list', 'license', 'no-name', 'name', 'quiet', 'recursive', 'rsyncable', 'synchronous', 'test', 'verbose', 'version', 'fast', 'best'),
  },
};
const GZIP_KEEPS = ['c', 'stdout', 'to-stdout', 'l', 'list', 't', 'test', 'h', 'help', 'V', 'version', 'L', 'license'];

const BZIP2_GRAMMAR: Grammar = {
  flags: '123456789cdfhkLqstvVz',
  long: flagged('decompress', 'compress', 'keep', 'force', 'test', 'stdout', 'quiet', 'verbose', 'license', 'version', 'small', 'fast', 'best', 'help'),
};
const BZIP2_KEEPS = ['c', 'stdout', 't', 'test', 'h', 'help', 'L', 'license', 'V', 'version'];

const XZ_GRAMMAR: Grammar = {
  short: 'SFCTM',
  flags: '0123456789zdtlkfceqvQhHV',
  long: {
    ...valued('suffix', 'format', 'check', 'threads', 'block-size', 'block-list', 'flush-timeout', 'memlimit-compress', 'memlimit-decompress', 'memlimit-mt-decompress', 'memlimit', 'memory'),
    ...flagged('compress', 'decompress', 'uncompress', 'test', 'list', 'keep', 'force', 'stdout', 'to-stdout', 'single-stream', 'no-sparse', 'ignore-check', 'extreme', 'no-adjust', 'quiet', 'verbose', 'no-warn', 'robot', 'info-memory', 'help', 'long-help', 'version', 'fast', 'best'),
    files: 'optional',
    files0: 'optional',
    lzma1: 'optional',
    lzma2: 'optional',
    x86: 'optional',
    arm: 'optional',
    armthumb: 'optional',
    arm64: 'optional',
    powerpc: 'optional',
    ia64: 'optional',
    sparc: 'optional',
    riscv: 'optional',
    delta: 'optional',
  },
};
const XZ_KEEPS = ['c', 'stdout', 'to-stdout', 't', 'test', 'l', 'list', 'h', 'help', 'H', 'long-help', 'V', 'version', 'info-memory'];

const ZSTD_GRAMMAR: Grammar = {
  short: 'oD',
  shortAttached: 'TBMbeiL',
  flags: '0123456789cdfhHklqrtvVzS',
  long: {
    ...valued('trace', 'filelist', 'output-dir-flat', 'output-dir-mirror', 'patch-from', 'auto-threads', 'stream-size', 'size-hint', 'target-compressed-block-size', 'format', 'maxdict', 'dictID', 'priority', 'memory', 'threads', 'block-size', 'split'),
    ...flagged('keep', 'rm', 'decompress', 'uncompress', 'compress', 'force', 'help', 'version', 'stdout', 'verbose', 'quiet', 'ultra', 'single-thread', 'rsyncable', 'no-dictID', 'test', 'list', 'train', 'progress', 'no-progress', 'sparse', 'no-sparse', 'check', 'no-check', 'asyncio', 'no-asyncio', 'content-size', 'no-content-size', 'pass-through', 'no-pass-through', 'mmap-dict', 'no-mmap-dict', 'show-default-cparams', 'exclude-compressed', 'compress-literals', 'no-compress-literals', 'row-match-finder', 'no-row-match-finder', 'best'),
    fast: 'optional',
    long: 'optional',
    adapt: 'optional',
    'train-cover': 'optional',
    'train-fastcover': 'optional',
    'train-legacy': 'optional',
  },
  abbreviations: false,
};
const ZSTD_WRITERS: OptionRole[] = [
  { role: 'writer', options: ['-o'], when: (v) => v !== '-' && v !== '/dev/stdout', everyday: true, example: 'out.zst', note: '-o names the file zstd writes' },
  { role: 'writer', options: ['--output-dir-flat', '--output-dir-mirror'], everyday: true, example: 'out', note: '--output-dir-* names the folder zstd writes its files into' },
  { role: 'writer', options: ['--trace'], example: 'trace.log', note: '--trace writes a trace log to the named file' },
];

const LZ4_GRAMMAR: Grammar = {
  short: 'D',
  shortAttached: 'Bbei',
  flags: '0123456789cdfhHklmqrtvVz',
  long: {
    ...flagged('rm', 'no-frame-crc', 'content-size', 'no-content-size', 'sparse', 'no-sparse', 'favor-decSpeed', 'best', 'list', 'compress', 'decompress', 'uncompress', 'stdout', 'to-stdout', 'force', 'help', 'keep', 'multiple', 'quiet', 'verbose', 'version', 'test'),
    fast: 'optional',
  },
  abbreviations: false,
};

/** GNU sharutils' uuencode/uudecode (AutoOpts), with the BSD letters (-p, -c, -i, -s). */
const SHARUTILS_GRAMMAR: Grammar = {
  short: 'or',
  shortAttached: 'Rv',
  flags: 'mecipsh!',
  long: {
    ...valued('output-file', 'load-opts'),
    ...flagged('base64', 'encode-file-name', 'ignore-chmod', 'help', 'more-help', 'no-load-opts'),
    version: 'optional',
    'save-opts': 'optional',
  },
};
const SHARUTILS_OPTION_FILES: readonly OptionRole[] = [
  { role: 'writer', options: ['-R', '--save-opts'], note: '--save-opts writes the current options to a configuration file' },
  { role: 'loader', options: ['-r', '--load-opts'], example: 'opts.cfg', note: '--load-opts reads options (an output file among them) from a file' },
];

// -------------------------------------------------------------------------------------------------
// Archivers with one-letter commands (7-Zip, RAR, ARJ)
// -------------------------------------------------------------------------------------------------

/** An extracting command: into the folder an operand ending in `/` names, or the current one. */
function extractsInto(program: string, skipOption: (reading: ArgReading) => boolean) {
  return (_args: readonly Word[], reading: ArgReading): Form[] => {
    if (skipOption(reading)) return [];
    const note = `${program} extracts the archive's files into a folder`;
    for (let k = 1; k < reading.operands.length; k++) {
      const text = textOf(reading.operands[k]);
      if (text === null || text.endsWith('/') || text.endsWith('\\')) return [{ ...onOperand(program, 'writer', reading, k, note), target: 'tree' }];
    }
    return [implicit(program, 'writer', '.', note, 'tree')];
  };
}

const ARCHIVE_WRITE_NOTE = 'the command creates or changes the archive file it names';

function archiveCommand(grammar: Grammar, options: readonly OptionRole[], extra: Partial<Command> = {}): Command {
  return { grammar, options, operands: [{ role: 'writer', operand: 0, everyday: true, example: 'backup.7z', note: ARCHIVE_WRITE_NOTE }], ...extra };
}

/** The commands again under their upper-case names: these archivers read commands case-insensitively. */
function anyCase(commands: Record<string, Command>): Record<string, Command> {
  const out: Record<string, Command> = { ...commands };
  for (const [name, command] of Object.entries(commands)) out[name.toUpperCase()] ??= command;
  return out;
}

/** Every letter, both cases: these archivers' switches are `-LETTERS[VALUE]` words, case-insensitive. */
const SWITCH_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// 7-Zip switches go anywhere on the line; their names are not case-sensitive.
const SEVENZIP_GRAMMAR: Grammar = { shortAttached: SWITCH_LETTERS, abbreviations: false };
const SEVENZIP_SWITCHES: readonly OptionRole[] = [
  { role: 'writer', options: ['-o', '-O'], everyday: true, target: 'tree', example: 'out', note: '-o names the folder 7-Zip extracts into' },
  { role: 'destructive', options: ['-s', '-S'], when: (v) => v === null || v.toLowerCase() === 'del', example: 'del', removesOperands: 'all-but-first', note: '-sdel deletes the source files once they are in the archive' },
  { role: 'network', options: ['-s', '-S'], when: (v) => v === null || v.toLowerCase().startsWith('eml'), example: 'eml', note: '-seml sends the archive by e-mail (Windows)' },
];
const sevenZipExtract = (program: string) => (_args: readonly Word[], reading: ArgReading): Form[] =>
  given(reading, 'o', 'O') || values(reading, 's', 'S').some((v) => v?.toLowerCase() === 'o')
    ? []
    : [implicit(program, 'writer', '.', `${program} extracts the archive's files into the current folder`, 'tree')];
const SEVENZIP_READ: Command = { grammar: SEVENZIP_GRAMMAR, options: SEVENZIP_SWITCHES };
const SEVENZIP_COMMANDS: Record<string, Command> = anyCase({
  a: archiveCommand(SEVENZIP_GRAMMAR, SEVENZIP_SWITCHES),
  u: archiveCommand(SEVENZIP_GRAMMAR, SEVENZIP_SWITCHES),
  d: archiveCommand(SEVENZIP_GRAMMAR, SEVENZIP_SWITCHES),
  rn: archiveCommand(SEVENZIP_GRAMMAR, SEVENZIP_SWITCHES),
  x: { grammar: SEVENZIP_GRAMMAR, options: SEVENZIP_SWITCHES, read: sevenZipExtract('7z x'), plain: ['-so archive.7z'] },
  e: { grammar: SEVENZIP_GRAMMAR, options: SEVENZIP_SWITCHES, read: sevenZipExtract('7z e') },
  l: { ...SEVENZIP_READ, plain: ['archive.7z', '-slt archive.zip'] },
  t: { ...SEVENZIP_READ, plain: ['archive.7z'] },
  h: SEVENZIP_READ,
  i: SEVENZIP_READ,
  b: SEVENZIP_READ,
});

const RAR_GRAMMAR: Grammar = { shortAttached: SWITCH_LETTERS, abbreviations: false };
const RAR_SWITCHES: readonly OptionRole[] = [
  { role: 'destructive', options: ['-d', '-D'], when: (v) => v === null || /^[fw]/i.test(v), example: 'f', note: '-df and -dw delete (or wipe) the files once they are archived' },
  { role: 'writer', options: ['-i', '-I'], when: (v) => v === null || /^log/i.test(v), example: 'log', note: '-ilog writes a log file' },
  { role: 'writer', options: ['-o', '-O'], when: (v) => v === null || /^p/i.test(v), everyday: true, example: 'pout', note: '-op names the folder the files are extracted into' },
];
const rarExtract = (program: string) => extractsInto(program, (reading) => values(reading, 'o', 'O').some((v) => v === null || /^p/i.test(v)));
const RAR_READ: Command = { grammar: RAR_GRAMMAR, options: RAR_SWITCHES };
const RAR_MOVE = { role: 'destructive' as const, note: 'the m command moves files into the archive, deleting the originals' };
function rarCommands(program: string, writes: boolean): Record<string, Command> {
  const extract = { grammar: RAR_GRAMMAR, options: RAR_SWITCHES };
  const commands: Record<string, Command> = {
    x: { ...extract, read: rarExtract(`${program} x`) },
    e: { ...extract, read: rarExtract(`${program} e`) },
    l: { ...RAR_READ, plain: ['archive.rar'] },
    lt: RAR_READ,
    lb: RAR_READ,
    v: RAR_READ,
    vt: RAR_READ,
    vb: RAR_READ,
    t: { ...RAR_READ, plain: ['archive.rar'] },
    p: { ...RAR_READ, plain: ['-inul archive.rar notes.txt'] },
  };
  if (writes) {
    for (const name of ['a', 'u', 'f', 'c', 'ch', 'd', 'k', 'r', 'rc', 'rn', 'rr', 'rv', 's']) commands[name] = archiveCommand(RAR_GRAMMAR, RAR_SWITCHES);
    commands['cw'] = { grammar: RAR_GRAMMAR, options: RAR_SWITCHES, operands: [{ role: 'writer', operand: 1, everyday: true, example: 'comment.txt', note: 'cw writes the archive comment to the named file' }] };
    commands['m'] = { grammar: RAR_GRAMMAR, options: RAR_SWITCHES, role: RAR_MOVE };
  }
  return anyCase(commands);
}

const ARJ_GRAMMAR: Grammar = { shortAttached: SWITCH_LETTERS, abbreviations: false };
const ARJ_SWITCHES: readonly OptionRole[] = [
  { role: 'destructive', options: ['-d', '-D'], note: '-d deletes the files once they are added to the archive' },
];
const ARJ_READ: Command = { grammar: ARJ_GRAMMAR, options: ARJ_SWITCHES };
const ARJ_COMMANDS: Record<string, Command> = anyCase({
  ...Object.fromEntries(['a', 'c', 'd', 'f', 'g', 'j', 'k', 'n', 'o', 'r', 'u', 'y'].map((name) => [name, archiveCommand(ARJ_GRAMMAR, ARJ_SWITCHES)])),
  m: { grammar: ARJ_GRAMMAR, options: ARJ_SWITCHES, role: { role: 'destructive', note: 'the m command moves files into the archive, deleting the originals' } },
  e: { grammar: ARJ_GRAMMAR, options: ARJ_SWITCHES, read: extractsInto('arj e', () => false) },
  x: { grammar: ARJ_GRAMMAR, options: ARJ_SWITCHES, read: extractsInto('arj x', () => false) },
  l: { ...ARJ_READ, plain: ['archive.arj'] },
  v: ARJ_READ,
  t: { ...ARJ_READ, plain: ['archive.arj'] },
  p: ARJ_READ,
  s: ARJ_READ,
  i: ARJ_READ,
  w: ARJ_READ,
});

// -------------------------------------------------------------------------------------------------
// The rows
// -------------------------------------------------------------------------------------------------

/**
 * A jq filter that reads the environment: `$ENV` or the builtin `env` (not a field `.env`, a
 * variable `$env`, a string `"env"` or part of a longer name).
 */
/** Miller DSL that runs a command: `system(…)`, `exec(…)`, `os.system`, or output redirected `| "CMD"`. */
const MILLER_RUNS = /\b(?:system|exec)\s*\(|\|\s*"/;
/** Text that is a Miller DSL expression rather than a file or verb word: a field, a block, an assignment or a call. */
const MILLER_DSL = /[$@{}=(]/;

const JQ_READS_ENV = /\$ENV\b|(?<![\w$."])env(?![\w"])/;

/** A jq filter that loads modules (`import "m" as m;`, `include "m";`): code the gate does not see, which may read the environment. */
const JQ_LOADS_MODULE = /(?<![\w$."])(import|include)(?![\w"])/;

/** xsv's commands; the options that take a value, as its commands' usage texts say. */
const XSV_VERBS = ['cat', 'count', 'fixlengths', 'flatten', 'fmt', 'frequency', 'headers', 'index', 'input', 'join', 'partition', 'sample', 'reverse', 'search', 'select', 'slice', 'sort', 'split', 'stats', 'table', 'help', '--version', '--help', '--list'];
const XSV_GRAMMAR: Grammar = {
  short: 'sdojlcteptw',
  flags: 'nhivNRa',
  abbreviations: false,
  long: {
    ...valued('select', 'delimiter', 'output', 'jobs', 'limit', 'condense', 'separator', 'out-delimiter', 'quote', 'escape', 'start', 'end', 'len', 'index', 'size', 'width', 'pad', 'seed', 'filename', 'prefix-length', 'length'),
    ...flagged('no-headers', 'help', 'version', 'list', 'crlf', 'ascii', 'quote-always', 'asc', 'no-nulls', 'just-names', 'intersect', 'no-quoting', 'left', 'right', 'full', 'cross', 'nulls', 'invert-match', 'ignore-case', 'numeric', 'reverse', 'everything', 'mode', 'cardinality', 'median', 'drop'),
  },
};
const XSV_OUTPUT: readonly OptionRole[] = [{ role: 'writer', options: ['-o', '--output'], target: 'file', example: '/tmp/out.csv', note: '-o writes the result to the named file' }];
/** The short options that take a value in each csvkit tool, besides the common ones (-d, -q, -u, -p, -z, -e, -L, -K). */
const CSVKIT_SHORT: Readonly<Record<string, string>> = { csvcut: 'cC', csvlook: '', csvstat: 'c', csvgrep: 'cmrf', csvsort: 'c', csvformat: 'DUQPM', csvjson: 'ik', csvstack: 'gn', csvjoin: 'c' };
const CSVKIT_LONG = ['delimiter', 'quotechar', 'quoting', 'escapechar', 'maxfieldsize', 'encoding', 'locale', 'skip-lines', 'null-value', 'date-format', 'datetime-format', 'out-delimiter', 'out-quotechar', 'out-quoting', 'out-escapechar', 'lat', 'lon', 'type', 'geojson-type'];

export const FILE_ROWS: readonly ProgramRow[] = [
  // --- Readers and printers of the default allow list -------------------------------------------
  {
    names: ['ls', 'dir', 'vdir'],
    category: 'file',
    what: 'lists folder contents',
    readOnly: true,
    grammar: {
      short: 'ITw',
      flags: '1ABCDFGHLNQRSUXZabcdfghiklmnopqrstuvx',
      long: {
        ...valued('block-size', 'format', 'hide', 'indicator-style', 'ignore', 'quoting-style', 'sort', 'time', 'time-style', 'tabsize', 'width'),
        ...flagged('all', 'almost-all', 'author', 'escape', 'ignore-backups', 'directory', 'dired', 'file-type', 'full-time', 'group-directories-first', 'no-group', 'human-readable', 'si', 'dereference-command-line', 'dereference-command-line-symlink-to-dir', 'inode', 'kibibytes', 'dereference', 'numeric-uid-gid', 'literal', 'hide-control-chars', 'show-control-chars', 'quote-name', 'reverse', 'recursive', 'size', 'context', 'zero', 'help', 'version'),
        color: 'optional',
        classify: 'optional',
        hyperlink: 'optional',
      },
    },
    printsPaths: { narrowing: ['-I', '--ignore', '--hide'], namesUnless: ['-d', '--directory'] },
    plain: ['', '-la', '-lah src', '--color=auto', '-1 /tmp', '-R --sort=size docs'],
  },
  {
    // eza (and exa, the project it continues): ls with colours, a tree view and git columns.
    names: ['eza', 'exa'],
    category: 'file',
    what: 'lists folder contents (a modern ls)',
    readOnly: true,
    grammar: {
      short: 'LIstwX',
      flags: '1lGxRTFaAdDfrbBghHimnSuUM@oZ',
      long: {
        ...valued('level', 'ignore-glob', 'sort', 'time', 'time-style', 'width', 'git-ignore-glob'),
        ...flagged('oneline', 'long', 'grid', 'across', 'recurse', 'tree', 'classify', 'all', 'almost-all', 'list-dirs', 'only-dirs', 'only-files', 'reverse', 'group-directories-first', 'group-directories-last', 'git-ignore', 'binary', 'bytes', 'group', 'header', 'links', 'inode', 'modified', 'changed', 'accessed', 'created', 'numeric', 'blocksize', 'mounts', 'extended', 'octal-permissions', 'context', 'git', 'git-repos', 'git-repos-no-status', 'no-git', 'no-permissions', 'no-filesize', 'no-user', 'no-time', 'no-icons', 'total-size', 'hyperlink', 'absolute', 'follow-symlinks', 'dereference', 'smart-group', 'help', 'version'),
        color: 'optional',
        colour: 'optional',
        icons: 'optional',
        'color-scale': 'optional',
        'colour-scale': 'optional',
        'color-scale-mode': 'value',
        'colour-scale-mode': 'value',
      },
    },
    printsPaths: { narrowing: ['-I', '--ignore-glob'], namesUnless: ['-d', '--list-dirs'], descends: ['-L', '--level'] },
    plain: ['', '-la', '--tree --level=2 src', '-l --git', '--icons -1 docs'],
  },
  {
    names: ['lsd'],
    category: 'file',
    what: 'lists folder contents (an ls with icons)',
    readOnly: true,
    grammar: {
      short: 'IX',
      flags: '1aAlFRdhirStvXUNZL',
      long: {
        ...valued('depth', 'ignore-glob', 'blocks', 'date', 'group-dirs', 'size', 'sort', 'permission', 'config-file', 'icon', 'icon-theme', 'color', 'hyperlink', 'truncate-owner-after', 'truncate-owner-marker'),
        ...flagged('all', 'almost-all', 'long', 'oneline', 'classify', 'recursive', 'tree', 'directory-only', 'human-readable', 'inode', 'reverse', 'sizesort', 'timesort', 'versionsort', 'extensionsort', 'gitsort', 'no-sort', 'git', 'total-size', 'dereference', 'literal', 'header', 'ignore-config', 'no-symlink', 'context', 'system-protected', 'help', 'version'),
      },
    },
    printsPaths: { narrowing: ['-I', '--ignore-glob'], namesUnless: ['-d', '--directory-only'], descends: ['--depth'] },
    plain: ['', '-la', '--tree --depth 2 src', '-1 docs'],
  },
  {
    // dust (du-dust): du's sizes drawn as bars, the largest entries first.
    names: ['dust'],
    category: 'file',
    what: 'prints disk usage of folders as a chart',
    readOnly: true,
    grammar: {
      short: 'dnXIzvewtoSTM',
      flags: 'pLxsrcCbBRfiPDFjAym',
      long: {
        ...valued('depth', 'number-of-lines', 'ignore-directory', 'ignore-all-in-file', 'min-size', 'invert-filter', 'filter', 'terminal_width', 'output-format', 'stack-size', 'threads', 'mtime', 'atime', 'ctime', 'files0-from', 'collapse', 'filetime'),
        ...flagged('full-paths', 'dereference-links', 'limit-filesystem', 'apparent-size', 'reverse', 'no-colors', 'force-colors', 'no-percent-bars', 'bars-on-right', 'screen-reader', 'skip-total', 'filecount', 'ignore_hidden', 'ignore-hidden', 'file_types', 'file-types', 'no-progress', 'print-errors', 'only-dir', 'only-file', 'output-json', 'help', 'version'),
      },
    },
    printsPaths: { narrowing: ['-X', '--ignore-directory', '-v', '--invert-filter', '-e', '--filter'], descends: ['-d', '--depth'] },
    plain: ['', '-d 2 ~', '-r -n 20 /var', '-s src'],
  },
  {
    // WSL's converter between Linux and Windows paths: it prints the other spelling of its operand.
    names: ['wslpath'],
    category: 'file',
    what: 'prints a path converted between its WSL and Windows spellings',
    readOnly: true,
    grammar: { flags: 'auwm' },
    plain: ['-w ~/project', "-u 'C:\\Users'", '-m .'],
  },
  {
    names: ['cat'],
    category: 'text',
    printsAtWorst: 'file-contents',
    what: 'prints files one after another',
    stdinData: 'plain',
    readOnly: true,
    grammar: { flags: 'AETbenstuv', long: flagged('show-all', 'number-nonblank', 'show-ends', 'number', 'squeeze-blank', 'show-tabs', 'show-nonprinting', 'help', 'version') },
    plain: ['README.md', '-n src/index.ts', 'a.txt b.txt', '-A Makefile', '-'],
  },
  {
    names: ['head'],
    category: 'text',
    printsAtWorst: 'file-contents',
    what: 'prints the first lines or bytes of files',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 'cn', flags: 'qvz0123456789', long: { ...valued('bytes', 'lines'), ...flagged('quiet', 'silent', 'verbose', 'zero-terminated', 'help', 'version') } },
    plain: ['README.md', '-n 20 log.txt', '-c 100 data.bin', '--lines=5 a b'],
  },
  {
    names: ['tail'],
    category: 'text',
    printsAtWorst: 'file-contents',
    what: 'prints the last lines or bytes of files, or follows them',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'cns',
      flags: 'Ffqvz0123456789',
      long: { ...valued('bytes', 'lines', 'max-unchanged-stats', 'pid', 'sleep-interval'), ...flagged('quiet', 'silent', 'retry', 'verbose', 'zero-terminated', 'help', 'version'), follow: 'optional' },
    },
    plain: ['log.txt', '-n 50 build.log', '-f server.log', '-F --pid=1234 out.log', '-c 200 data.bin'],
  },
  {
    names: ['wc'],
    category: 'text',
    what: 'counts lines, words and bytes',
    stdinData: 'plain',
    readOnly: true,
    grammar: { flags: 'Lclmw', long: { ...valued('files0-from', 'total'), ...flagged('bytes', 'chars', 'lines', 'max-line-length', 'words', 'help', 'version') } },
    plain: ['-l src/a.ts', 'README.md', '-c data.bin', '-w notes.txt'],
  },
  {
    names: ['pwd'],
    category: 'file',
    what: 'prints the current folder',
    readOnly: true,
    grammar: { flags: 'LP', long: flagged('logical', 'physical', 'help', 'version') },
    plain: ['', '-P'],
  },
  {
    // Shell builtins that change the folder the rest of the line runs in. They read and print
    // nothing else; the floors follow the folder they choose (programs/pathResolver.ts), and
    // every later segment needs its own entry, so a `cd` never lets the rest of a line through.
    names: ['cd', 'pushd', 'popd', 'dirs'],
    category: 'file',
    what: 'changes (or lists) the folder the shell works in',
    readOnly: true,
    grammar: { flags: 'LPe@nclpv', abbreviations: false },
    plain: ['src', '..', '-', '', '-P /tmp', '+1'],
  },
  {
    // Hardware listings: they read sysfs and the PCI/block device tables and print them.
    // lspci's -F reads a dump file and -i/-p read id and module files; none writes.
    names: ['lspci', 'lsusb'],
    category: 'system',
    what: 'lists PCI devices or USB devices',
    readOnly: true,
    grammar: { short: 'sdiApFHoO', flags: 'mtvnkxbDPQMaflOSTJNdrpzueEU', abbreviations: false },
    plain: ['', '-v', '-k', '-f', '-t'],
  },
  {
    // lsblk prints the machine's disks: their names flow into the next command at worst.
    names: ['lsblk'],
    category: 'system',
    what: 'lists block devices',
    readOnly: true,
    printsAtWorst: 'block-devices',
    grammar: {
      short: 'oeIxQEwT',
      flags: 'abdDfJlmMnOpPrsStuzAhVHiky',
      long: { ...valued('output', 'exclude', 'include', 'sort', 'filter', 'dedup', 'width', 'sysroot', 'properties-by', 'tree'), ...flagged('nodeps', 'paths', 'noheadings', 'list', 'json', 'raw', 'pairs', 'all', 'bytes', 'fs', 'perms', 'topology', 'scsi', 'nvme', 'virtio', 'zoned', 'inverse', 'ascii', 'output-all', 'discard', 'merge', 'help', 'version', 'list-columns') },
      abbreviations: false,
    },
    plain: ['', '-f', '-dno NAME', '-o NAME,SIZE,MOUNTPOINT', '-J', '-p'],
  },
  {
    // bash's completion builtin. `-G PATTERN` prints the paths the pattern matches (`compgen -G
    // '/etc/*'` lists /etc). The resolver leaves every compgen line unresolved (`-C`/`-F` run a
    // command or a function, `-W` expands words): no entry or rating approves one, so the row
    // holds only what the floor's tolerant reader needs, and no plain lines (none resolves).
    names: ['compgen'],
    category: 'misc',
    what: 'prints the completions of a word (file names, commands, matches of a pattern)',
    grammar: { short: 'AGWCFXPSoV', flags: 'abcdefgjksuv', abbreviations: false },
    printsPaths: { globs: ['-G'], descends: [] },
    plain: [],
  },
  {
    // The shell builtin: how each name would be found (alias, function, builtin, file); runs nothing.
    names: ['type'],
    category: 'misc',
    what: 'says how the shell would run each name',
    readOnly: true,
    grammar: { flags: 'afptP', abbreviations: false },
    plain: ['node', '-a ls', '-t cd', '-P git'],
  },
  {
    // The shell builtin, in the forms the resolver reads: `alias`, `alias -p`, `alias NAME…` print
    // aliases; any word with `=` defines one, and the resolver leaves such a line unresolved.
    names: ['alias'],
    category: 'misc',
    what: 'prints the shell\'s aliases (the forms that define one are never read)',
    readOnly: true,
    // Strict: `-p` is its only option. Not every word only prints (NAME=VALUE defines), so the
    // row is not one whose words a glob or xargs may supply (`xargs alias` stays a prompt).
    grammar: { flags: 'p', abbreviations: false },
    strict: true,
    // zsh expands aliases in scripts and `zsh -c` (bash with expand_aliases): a later line runs the value.
    read: (args) => aliasDefinitions(args),
    plain: ['', '-p', 'll', 'gs gl'],
  },
  {
    // GNU grep has no option that writes a file or runs a program (`-f`, `--exclude-from` read).
    names: ['grep', 'egrep', 'fgrep'],
    category: 'text',
    what: 'searches files for lines matching a pattern',
    stdinData: 'plain',
    readOnly: true,
    grammar: GREP_GRAMMAR,
    plain: ['-rn TODO src', '-i error log.txt', '-E "foo|bar" file.txt', "--include='*.ts' -r import .", '-c main -- a.c', '-e x -f patterns.txt data'],
  },
  {
    // zgrep runs gzip -cdfq and grep on each file; it takes grep's options.
    names: ['zgrep', 'zegrep', 'zfgrep'],
    category: 'text',
    what: 'searches compressed files for lines matching a pattern',
    readOnly: true,
    grammar: GREP_GRAMMAR,
    plain: ['error /var/log/syslog.2.gz', '-i warn logs.gz', '-c TODO notes.txt.gz'],
  },
  {
    names: ['stat'],
    category: 'file',
    what: 'prints file or file-system status',
    readOnly: true,
    grammar: { short: 'c', flags: 'Lft', long: { ...valued('cached', 'format', 'printf'), ...flagged('dereference', 'file-system', 'terse', 'help', 'version') } },
    plain: ['README.md', '-c %s file.bin', '--format="%n %y" src/a.ts', '-f /'],
  },
  {
    names: ['which'],
    category: 'file',
    what: 'prints where a command is found on PATH',
    readOnly: true,
    grammar: { flags: 'as', long: flagged('all', 'skip-alias', 'skip-functions', 'skip-dot', 'skip-tilde', 'show-dot', 'show-tilde', 'tty-only', 'read-alias', 'read-functions', 'help', 'version') },
    plain: ['node', '-a python3', 'git npm'],
  },
  {
    // The shell builtin takes -n, -e and -E only; /bin/echo also --help and --version.
    names: ['echo'],
    category: 'text',
    what: 'prints its arguments',
    readOnly: true,
    grammar: { flags: 'neE', abbreviations: false },
    plain: ['hello', '-n done', "-e 'a\\tb'", '"build finished"', ''],
  },
  {
    names: ['whoami'],
    category: 'system',
    what: 'prints the current user name',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: [''],
  },
  {
    names: ['uname'],
    category: 'system',
    what: 'prints the kernel name, release and machine',
    readOnly: true,
    grammar: { flags: 'aimnoprsv', long: flagged('all', 'kernel-name', 'nodename', 'kernel-release', 'kernel-version', 'machine', 'processor', 'hardware-platform', 'operating-system', 'help', 'version') },
    plain: ['', '-a', '-r', '-sm'],
  },
  {
    names: ['cut'],
    category: 'text',
    printsAtWorst: 'file-contents',
    what: 'prints selected fields or columns of lines',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 'bcdf', flags: 'nsz', long: { ...valued('bytes', 'characters', 'delimiter', 'fields', 'output-delimiter'), ...flagged('complement', 'only-delimited', 'zero-terminated', 'help', 'version') } },
    plain: ['-d: -f1 /etc/passwd', '-c1-10 file.txt', "-d ',' -f 2,3 data.csv", '--fields=1 --delimiter=, x.csv'],
  },
  {
    names: ['tr'],
    category: 'text',
    what: 'translates or deletes characters of standard input',
    stdinData: 'plain',
    readOnly: true,
    grammar: { flags: 'Ccdst', long: flagged('complement', 'delete', 'squeeze-repeats', 'truncate-set1', 'help', 'version') },
    plain: ["a-z A-Z", "-d '\\r'", "-s ' '", "-cd '[:alnum:]'"],
  },
  {
    // diff runs no helper program and writes nothing (`-l` pipes through the fixed `pr`).
    names: ['diff'],
    category: 'text',
    what: 'compares files line by line',
    readOnly: true,
    grammar: {
      short: 'CDFISUWXx',
      flags: 'BENTZabcdeilnpqrstuvwy0123456789',
      long: {
        ...valued('width', 'show-function-line', 'label', 'tabsize', 'exclude', 'exclude-from', 'starting-file', 'from-file', 'to-file', 'ignore-matching-lines', 'ifdef', 'old-group-format', 'new-group-format', 'unchanged-group-format', 'changed-group-format', 'line-format', 'old-line-format', 'new-line-format', 'unchanged-line-format', 'horizon-lines', 'palette'),
        ...flagged('normal', 'brief', 'report-identical-files', 'ed', 'rcs', 'side-by-side', 'left-column', 'suppress-common-lines', 'show-c-function', 'expand-tabs', 'initial-tab', 'suppress-blank-empty', 'paginate', 'recursive', 'no-dereference', 'new-file', 'unidirectional-new-file', 'ignore-file-name-case', 'no-ignore-file-name-case', 'ignore-case', 'ignore-tab-expansion', 'ignore-trailing-space', 'ignore-space-change', 'ignore-all-space', 'ignore-blank-lines', 'text', 'strip-trailing-cr', 'minimal', 'speed-large-files', 'help', 'version'),
        context: 'optional',
        unified: 'optional',
        color: 'optional',
      },
    },
    plain: ['-u a.txt b.txt', '-ru src/ old/', '--color=auto a b', '-q dir1 dir2', '-U 5 x y'],
  },
  {
    names: ['cmp'],
    category: 'text',
    what: 'compares two files byte by byte',
    readOnly: true,
    grammar: { short: 'in', flags: 'blsv', long: { ...valued('ignore-initial', 'bytes'), ...flagged('print-bytes', 'verbose', 'quiet', 'silent', 'help', 'version') } },
    plain: ['a.bin b.bin', '-s old new', '-l -n 100 x y'],
  },
  {
    names: ['du'],
    category: 'file',
    what: 'prints disk usage of files and folders',
    readOnly: true,
    grammar: {
      short: 'BXdt',
      flags: '0DHLPSabchklmsx',
      long: { ...valued('block-size', 'max-depth', 'files0-from', 'threshold', 'time-style', 'exclude-from', 'exclude'), ...flagged('null', 'all', 'apparent-size', 'bytes', 'total', 'dereference-args', 'summarize', 'human-readable', 'inodes', 'dereference', 'count-links', 'no-dereference', 'separate-dirs', 'si', 'one-file-system', 'help', 'version'), time: 'optional' },
    },
    // Every folder (with -a every file) at every depth, unless summarised or limited in depth.
    printsPaths: { narrowing: ['--exclude', '-X', '--exclude-from', '-t', '--threshold'], descends: ['-d', '--max-depth', '-s', '--summarize'] },
    plain: ['-sh .', '-h --max-depth=1 src', '-sh node_modules', "-a --exclude='*.o' build"],
  },
  {
    // mlocate, plocate and BSD locate: the paths in the file database that hold a pattern. A
    // pattern that is an absolute path (`/etc/`) matches, at worst, that folder and everything
    // under it: read as a root of the listing, as is a regexp anchored on a folder (`-r '^/etc/'`).
    // On names only (`-b`), by another regexp, counted or limited, it is not read (a miss rather than a guess).
    names: ['locate', 'plocate', 'mlocate', 'slocate'],
    category: 'file',
    what: 'prints the paths in the file database that hold a pattern',
    readOnly: true,
    grammar: {
      short: 'dlnr',
      flags: '0AHLNPSVabcehiqsw',
      long: { ...valued('database', 'limit', 'regexp'), ...flagged('all', 'basename', 'count', 'existing', 'follow', 'help', 'ignore-case', 'literal', 'nofollow', 'null', 'quiet', 'regex', 'statistics', 'stdio', 'version', 'wholename') },
    },
    printsPaths: { narrowing: ['-b', '--basename', '-r', '--regexp', '--regex', '-c', '--count', '-l', '-n', '--limit', '-S', '--statistics'], descends: [], regexps: ['-r', '--regexp'] },
    plain: ['libfoo.so', '-i readme', '-c bashrc', '-b -0 config.yaml'],
  },
  {
    names: ['df'],
    category: 'file',
    what: 'prints free space of file systems',
    readOnly: true,
    // Every mounted file system, its device and mount point (`/` among them).
    printsAtWorst: 'mounts',
    grammar: {
      short: 'Btx',
      flags: 'HPTahiklv',
      long: { ...valued('block-size', 'type', 'exclude-type'), ...flagged('all', 'human-readable', 'si', 'inodes', 'local', 'no-sync', 'portability', 'sync', 'total', 'print-type', 'help', 'version'), output: 'optional' },
    },
    plain: ['', '-h', '-h .', '-T -x tmpfs', '--output=source,avail /'],
  },
  {
    names: ['basename'],
    category: 'text',
    what: 'prints a path without its folders (and suffix)',
    readOnly: true,
    grammar: { short: 's', flags: 'az', long: { ...valued('suffix'), ...flagged('multiple', 'zero', 'help', 'version') } },
    plain: ['/usr/bin/node', 'src/index.ts .ts', '-s .c -a a.c b.c'],
  },
  {
    names: ['dirname'],
    category: 'text',
    what: 'prints the folder part of a path',
    readOnly: true,
    grammar: { flags: 'z', long: flagged('zero', 'help', 'version') },
    plain: ['/usr/bin/node', 'src/a/b.ts'],
  },
  {
    names: ['realpath'],
    category: 'file',
    what: 'prints the resolved absolute path',
    readOnly: true,
    grammar: { flags: 'LPemqsz', long: { ...valued('relative-to', 'relative-base'), ...flagged('canonicalize-existing', 'canonicalize-missing', 'logical', 'physical', 'quiet', 'strip', 'no-symlinks', 'zero', 'help', 'version') } },
    // It prints the paths of its operands (`realpath ~/* | xargs rm -rf`); read as a lister of
    // them, the folders' contents counted too (at worst, never less).
    printsPaths: {},
    plain: ['.', 'src/../README.md', '--relative-to=. /tmp/x', '-m new/file'],
  },
  {
    names: ['readlink'],
    category: 'file',
    what: 'prints where a symbolic link points',
    readOnly: true,
    grammar: { flags: 'efmnqsvz', long: flagged('canonicalize', 'canonicalize-existing', 'canonicalize-missing', 'no-newline', 'quiet', 'silent', 'verbose', 'zero', 'help', 'version') },
    // Canonicalising, it prints the paths of its operands, as realpath does.
    printsPaths: { needs: ['-f', '-e', '-m', '--canonicalize', '--canonicalize-existing', '--canonicalize-missing'] },
    plain: ['-f ./bin/tool', 'link', '-e /usr/bin/python3'],
  },

  // --- Copying, moving, linking, creating and deleting -----------------------------------------
  {
    // GTFOBins file-write (`cp /dev/stdin FILE`) is cp's own job: its target is everyday.
    names: ['cp'],
    category: 'file',
    what: 'copies files and folders',
    grammar: { short: 'St', flags: 'HLPRTZabdfilnprsuvx', long: COPY_LONG },
    options: [TARGET_DIRECTORY],
    read: copyTarget('cp', 'cp writes its last operand (the copy, or the folder it copies into)'),
    // The sources are read (`cp /dev/sda disk.img`); the target is the writer form above.
    deviceReads: { operands: 'all-but-last' },
    plain: ['--version', '--help'],
  },
  {
    // GTFOBins file-write (moving a prepared file over the target) is mv's own job.
    names: ['mv'],
    category: 'file',
    what: 'moves or renames files and folders',
    grammar: {
      short: 'St',
      flags: 'TZbfinuv',
      long: { ...valued('suffix', 'target-directory'), ...flagged('force', 'interactive', 'no-clobber', 'strip-trailing-slashes', 'no-target-directory', 'verbose', 'context', 'exchange', 'no-copy', 'debug', 'help', 'version'), backup: 'optional', update: 'optional' },
    },
    options: [TARGET_DIRECTORY],
    read: copyTarget('mv', 'mv puts the files at its last operand (a new name, or a folder)'),
    movesSources: true,
    plain: ['--version', '--help'],
  },
  {
    names: ['ln'],
    category: 'file',
    what: 'makes hard or symbolic links',
    grammar: {
      short: 'St',
      flags: 'FLPTbdfinrsv',
      long: { ...valued('suffix', 'target-directory'), ...flagged('directory', 'force', 'interactive', 'logical', 'no-dereference', 'physical', 'relative', 'symbolic', 'no-target-directory', 'verbose', 'help', 'version'), backup: 'optional' },
    },
    options: [TARGET_DIRECTORY],
    read: copyTarget('ln', 'ln makes the link at its last operand'),
    plain: ['--version', '--help'],
  },
  {
    names: ['install'],
    category: 'file',
    what: 'copies files and sets their mode and owner',
    grammar: {
      short: 'Sgmot',
      flags: 'CDTZbcdpsv',
      long: { ...valued('group', 'mode', 'owner', 'strip-program', 'suffix', 'target-directory'), ...flagged('compare', 'directory', 'preserve-timestamps', 'strip', 'no-target-directory', 'verbose', 'preserve-context', 'debug', 'help', 'version'), backup: 'optional', context: 'optional' },
    },
    options: [
      TARGET_DIRECTORY,
      { role: 'executor', options: ['--strip-program'], payload: 'program', example: './evil', note: '--strip-program runs the named program on each installed file' },
      { role: 'destructive', options: ['-m', '--mode'], when: setsIdBits, example: '6777', note: '-m with a set-user-ID or set-group-ID bit makes the installed program run with its owner\'s rights' },
    ],
    read: copyTarget('install', 'install writes its last operand (the file, or the folder it installs into)'),
    plain: ['--version', '--help'],
  },
  {
    names: ['rm'],
    category: 'file',
    what: 'deletes files and folders',
    grammar: { flags: 'IRdfirv', long: { ...flagged('force', 'one-file-system', 'no-preserve-root', 'recursive', 'dir', 'verbose', 'help', 'version'), interactive: 'optional', 'preserve-root': 'optional' } },
    operands: [{ role: 'destructive', operand: 'every', everyday: true, changes: 'deletes', example: 'build', note: 'rm deletes each operand' }],
    plain: ['--version', '--help'],
  },
  {
    // trash-cli's trash-put moves each operand (folders whole) into the trash of its file system:
    // gone from where it was, as with `rm -r`, though it can be restored. The floors read it so.
    names: ['trash-put'],
    category: 'file',
    what: 'moves files and folders to the trash (trash-cli)',
    grammar: { short: '', flags: 'dfirRvh', abbreviations: false, long: { ...valued('trash-dir'), ...flagged('directory', 'force', 'interactive', 'recursive', 'verbose', 'help', 'version', 'print-completion') } },
    operands: [{ role: 'destructive', operand: 'every', changes: 'deletes', example: 'old-report.pdf', note: 'trash-put moves each operand to the trash, folders with their contents' }],
    options: [{ role: 'writer', options: ['--trash-dir'], target: 'tree', example: '/tmp/trash', note: '--trash-dir moves the files into the named folder instead of the trash' }],
    read: (_args, reading) =>
      reading.operands.length === 0
        ? []
        : [{ role: 'executor', program: 'trash-put', trigger: 'trash-put', index: reading.operandIndexes[0]!, value: reading.operands[0]!, payload: 'shell-text', payloadText: commandText([literalWord('rm'), literalWord('-r'), literalWord('-f'), literalWord('--'), ...reading.operands]), note: 'trash-put removes its operands from their places as rm -r -f would' }],
    // As for del-cli, an entry for `trash-put` alone does not vouch for what rm -r -f of its operands does: an entry must spell them.
    plain: ['--version', '--help'],
  },
  {
    // GNU patch writes the files the diff names, below the current folder (or -d DIR); it refuses
    // absolute names and `..`, but a diff may name any file of the folder (`.git/hooks/…`). With
    // an ORIGFILE operand it patches that file only; with -o, it writes only that file.
    names: ['patch'],
    category: 'file',
    what: 'applies a diff to the files it names',
    grammar: {
      short: 'pFiorDVBYzgd',
      flags: 'lcenuNRbEZTtfsv',
      long: {
        ...valued('strip', 'fuzz', 'input', 'output', 'reject-file', 'ifdef', 'quoting-style', 'version-control', 'prefix', 'basename-prefix', 'suffix', 'get', 'directory', 'reject-format', 'read-only'),
        merge: 'optional',
        ...flagged('ignore-whitespace', 'context', 'ed', 'normal', 'unified', 'forward', 'reverse', 'remove-empty-files', 'set-utc', 'set-time', 'backup', 'backup-if-mismatch', 'no-backup-if-mismatch', 'batch', 'force', 'quiet', 'silent', 'verbose', 'dry-run', 'posix', 'binary', 'version', 'help'),
      },
    },
    options: [
      { role: 'writer', options: ['-o', '--output'], when: (v) => v !== '-', everyday: true, target: 'file', example: 'patched.c', note: '-o writes the patched result to the named file' },
      { role: 'writer', options: ['-r', '--reject-file'], when: (v) => v !== '-', target: 'file', example: '/tmp/rejects', note: '-r writes the hunks that did not apply to the named file' },
      { role: 'writer', options: ['-B', '--prefix', '-Y', '--basename-prefix'], example: '/tmp/backup/', note: '-B/-Y put the backup copies under a prefix, which may name another folder' },
      { role: 'executor', options: ['-g', '--get'], when: (v) => v === null || !/^-?0*$/.test(v), example: '1', note: '-g runs the version-control programs (RCS, SCCS, Perforce) to check out the files the diff names' },
      { role: 'loader', options: ['-e', '--ed'], note: '-e hands the diff to ed as a script (whose ! lines ran commands in older versions of patch)' },
    ],
    read: (_args, reading) => {
      if (hasOption(reading, 'dry-run', 'help', 'v', 'version')) return [];
      if (hasOption(reading, 'o', 'output')) return [];
      if (reading.operands.length > 0) return [onOperand('patch', 'writer', reading, 0, 'patch writes the file it is given', true)].map((form) => ({ ...form, target: 'file' as const }));
      const folder = reading.options.filter((o) => o.name === '-d' || o.name === '--directory').pop();
      const note = 'patch writes the files the diff names, below the folder it works in';
      if (folder !== undefined) return [{ role: 'writer', program: 'patch', trigger: folder.name, index: folder.valueIndex ?? folder.index, value: folder.value, everyday: true, target: 'tree', note }];
      return [implicit('patch', 'writer', '.', note, 'tree')];
    },
    plain: ['--dry-run -p1 -i fix.diff', 'src/parser.c fix.diff', '-o out.c src/parser.c fix.diff', '--version'],
  },
  {
    // diffstat reads a diff (files or standard input) and prints a histogram; -o and -e send its
    // output and errors to files instead.
    names: ['diffstat'],
    category: 'text',
    what: 'prints a histogram of the changes a diff makes',
    readOnly: true,
    grammar: { short: 'DefnNoprSw', flags: 'bcCEhkKlmqRstTuvV', abbreviations: false },
    options: [{ role: 'writer', options: ['-o', '-e'], target: 'file', example: '/tmp/stat.txt', note: '-o/-e write the output or the errors to the named file' }],
    plain: ['', 'fix.diff', '-p1 changes.patch', '-C -w 80 fix.diff'],
  },
  {
    // xsv reads CSV files; -o names a file to write instead of standard output, and index,
    // partition and split write files of their own.
    names: ['xsv'],
    category: 'text',
    what: 'xsv, a toolkit of CSV commands (count, select, search, stats, table …)',
    readOnly: true,
    grammar: XSV_GRAMMAR,
    options: XSV_OUTPUT,
    subcommands: {
      ...Object.fromEntries(['cat', 'count', 'fixlengths', 'flatten', 'fmt', 'frequency', 'input', 'join', 'sample', 'reverse', 'select', 'sort', 'stats', 'table'].map((verb) => [verb, { grammar: XSV_GRAMMAR, options: XSV_OUTPUT }])),
      headers: { grammar: { ...XSV_GRAMMAR, short: 'sdolcteptw' }, options: XSV_OUTPUT },
      search: { grammar: XSV_GRAMMAR, options: XSV_OUTPUT },
      slice: { grammar: { ...XSV_GRAMMAR, short: `${XSV_GRAMMAR.short}i`, flags: 'nhvNRa' }, options: XSV_OUTPUT },
      index: { grammar: XSV_GRAMMAR, options: XSV_OUTPUT, role: { role: 'writer', note: 'xsv index writes an index file next to the CSV file (FILE.idx) or to -o' } },
      partition: { grammar: XSV_GRAMMAR, options: XSV_OUTPUT, operands: [{ role: 'writer', operand: 1, target: 'tree', example: 'out', note: 'xsv partition writes one CSV file per value into the named folder' }] },
      split: { grammar: XSV_GRAMMAR, options: XSV_OUTPUT, operands: [{ role: 'writer', operand: 0, target: 'tree', example: 'out', note: 'xsv split writes the chunks into the named folder' }] },
    },
    operands: [{ role: 'writer', operand: 0, when: (v) => v === null || !XSV_VERBS.includes(v), example: 'x-unknown-verb', note: 'an xsv command this row does not know (or one only known at run time)' }],
    plain: ['count data.csv', 'stats data.csv', 'search -s city Berlin data.csv', 'select 1,3 data.csv', 'headers data.csv', 'table'],
  },
  ...(['csvcut', 'csvlook', 'csvstat', 'csvgrep', 'csvsort', 'csvformat', 'csvjson', 'csvstack', 'csvjoin'] as const).map(
    (name): ProgramRow => ({
      // csvkit's tools read CSV files and print (csvsql and in2csv, which write, are not among them).
      names: [name],
      category: 'text',
      what: `csvkit's ${name}, which reads CSV files and prints the result`,
      readOnly: true,
      grammar: { short: `dqupzeLK${CSVKIT_SHORT[name]}`, flags: 'tbSHvlVIhnxrmaiy', long: { ...valued(...CSVKIT_LONG), ...flagged('tabs', 'doublequote', 'skipinitialspace', 'blanks', 'no-header-row', 'verbose', 'linenumbers', 'zero', 'version', 'no-inference', 'help', 'names', 'delete-empty-rows', 'reverse', 'invert-match', 'any-match', 'ignore-case', 'csv', 'json', 'count', 'no-number-ellipsis', 'stream', 'no-leading-zeroes', 'no-grouping-separator', 'outer', 'left', 'right', 'use-sheet-names', 'names-only', 'nulls', 'non-nulls', 'unique', 'min', 'max', 'sum', 'mean', 'median', 'stdev', 'len', 'freq', 'out-tabs', 'out-no-doublequote', 'out-asv', 'out-lineterminator'), 'max-rows': 'value', 'max-columns': 'value', 'max-column-width': 'value', 'max-precision': 'value', 'freq-count': 'value', 'indent': 'value', 'key': 'value', 'format': 'value', 'sheet': 'value', 'schema': 'value', 'groups': 'value', 'group-name': 'value', 'encoding-xls': 'value', 'sniff-limit': 'value', 'regex': 'value', 'match': 'value', 'file': 'value', 'columns': 'value', 'not-columns': 'value' } },
      plain: ['-c 1,3 data.csv', 'data.csv', '-n data.csv'],
    }),
  ),
  {
    // npm's del-cli (`npx del-cli`): deletes what its glob patterns match, folders with what is in
    // them, which the floors read as `rm -r -f` of the patterns.
    names: ['del-cli'],
    category: 'file',
    what: 'deletes files and folders matched by glob patterns (npm del-cli)',
    grammar: { flags: 'fdvh', long: { force: ['flag', 'f'], 'dry-run': ['flag', 'd'], verbose: ['flag', 'v'], help: ['flag', 'h'], version: 'flag' }, abbreviations: false },
    strict: true,
    // Not its everyday job for an entry: the floors read what it deletes as `rm -r -f`, a payload
    // an entry for `del-cli` alone cannot vouch for; an entry must spell the patterns (`del-cli dist`).
    operands: [{ role: 'destructive', operand: 'every', changes: 'deletes', example: 'dist', note: 'del-cli deletes what each pattern matches, folders with their contents' }],
    read: (args, reading) =>
      reading.operands.length === 0 || hasOption(reading, 'd', 'h', 'version')
        ? []
        : [{ role: 'executor', program: 'del-cli', trigger: 'del-cli', index: reading.operandIndexes[0]!, value: reading.operands[0]!, payload: 'shell-text', payloadText: commandText([literalWord('rm'), literalWord('-r'), literalWord('-f'), literalWord('--'), ...reading.operands]), note: 'del-cli deletes its patterns as rm -r -f would' }],
    plain: ['--version', '--help'],
  },
  {
    names: ['rmdir'],
    category: 'file',
    what: 'deletes empty folders',
    grammar: { flags: 'pv', long: flagged('ignore-fail-on-non-empty', 'parents', 'verbose', 'help', 'version') },
    operands: [{ role: 'destructive', operand: 'every', everyday: true, changes: 'deletes', example: 'empty-dir', note: 'rmdir deletes each (empty) folder it names' }],
    plain: ['--version', '--help'],
  },
  {
    // coreutils unlink: removes exactly one file (no options but --help/--version).
    names: ['unlink'],
    category: 'file',
    what: 'deletes one file',
    grammar: { long: flagged('help', 'version') },
    operands: [{ role: 'destructive', operand: 'every', everyday: true, changes: 'deletes', example: 'old.txt', note: 'unlink deletes the file it names' }],
    plain: ['--version', '--help'],
  },
  {
    // GTFOBins file-write (`shred -u FILE`) is its own job: overwriting and deleting the operands.
    names: ['shred'],
    category: 'file',
    what: 'overwrites files to destroy their contents',
    grammar: { short: 'ns', flags: 'fuvxz', long: { ...valued('iterations', 'random-source', 'size'), ...flagged('force', 'verbose', 'exact', 'zero', 'help', 'version'), remove: 'optional' } },
    operands: [{ role: 'destructive', operand: 'every', everyday: true, example: 'secret.txt', note: 'shred overwrites each file it names (and deletes it with -u)' }],
    plain: ['--version', '--help'],
  },
  {
    // BleachBit: `-s`/`--shred FILE…` overwrites and deletes each file or folder (with what it
    // holds); `-c`/`--clean` and `-p`/`--preview` take cleaner names (caches, logs), not paths.
    names: ['bleachbit'],
    category: 'file',
    what: 'deletes caches and logs by cleaner name, or shreds the files it is given',
    strict: true,
    grammar: { short: 'o', flags: 'lpcsvh', long: { ...valued('overwrite'), ...flagged('list', 'list-cleaners', 'preview', 'clean', 'shred', 'wipe-free-space', 'sysinfo', 'update-winapp2', 'gui', 'exit', 'no-uac', 'pot', 'version', 'help', 'all-but-warning', 'debug', 'debug-log') } },
    options: [
      { role: 'destructive', options: ['-s', '--shred'], removesOperands: 'every', note: '--shred overwrites and deletes each file and folder it is given' },
      { role: 'destructive', options: ['-c', '--clean'], note: '--clean deletes what the named cleaners cover (caches, logs, history)' },
    ],
    plain: ['--list', '--preview firefox.cache', '--version'],
  },
  {
    // GTFOBins file-write (`… | tee FILE`) is tee's own job: its files are everyday.
    names: ['tee'],
    category: 'text',
    what: 'copies standard input to standard output and to files',
    stdinData: 'writes',
    grammar: { flags: 'aip', long: { ...flagged('append', 'ignore-interrupts', 'help', 'version'), 'output-error': 'optional' } },
    appendsWith: ['a', 'append'],
    operands: [{ role: 'writer', operand: 'every', everyday: true, example: 'out.log', note: 'tee writes (or with -a appends) its input to each file it names' }],
    plain: ['', '--version', '-p'],
  },
  {
    // Only `of=FILE` writes; `if=FILE` reads. Writing a block device is the hardline floor's.
    names: ['dd'],
    category: 'file',
    what: 'copies and converts data block by block',
    grammar: { long: flagged('help', 'version') },
    operands: [{ role: 'writer', operand: 'every', when: (t) => t === null || t.startsWith('of='), everyday: true, example: 'of=disk.img', note: 'of= names the file dd writes' }],
    // dd reads the device its `if=` names (`dd if=/dev/sda of=disk.img`); `of=` is the writer above.
    deviceReads: { keys: ['if'] },
    plain: ['if=disk.img bs=1M count=1 status=none', '--version', 'if=/dev/urandom bs=16 count=1'],
  },
  {
    // Privilege escalation with a set-user-ID mode (GTFOBins) is a carve-out; other modes are its job.
    names: ['chmod'],
    category: 'file',
    what: 'changes file mode bits',
    grammar: { flags: 'Rcfv', long: { ...valued('reference'), ...flagged('changes', 'silent', 'quiet', 'verbose', 'no-preserve-root', 'preserve-root', 'recursive', 'help', 'version') } },
    operands: [
      { role: 'destructive', operand: 0, when: setsIdBits, example: 'u+s', note: 'a set-user-ID or set-group-ID mode makes a program run with its owner\'s rights' },
      { role: 'writer', operand: 'all-but-first', everyday: true, changes: 'permissions', example: 'script.sh', note: 'chmod changes the mode of each file it names' },
    ],
    // `chmod -x FILE` (a mode that looks like options) and `--reference=RFILE FILE`: the first operand is a file too.
    read: (_args, reading) =>
      reading.operands.length > 0 && (given(reading, 'reference') || reading.options.some((o) => o.name.length === 2 && 'rwxXstugoa'.includes(o.key)))
        ? [{ ...onOperand('chmod', 'writer', reading, 0, 'chmod changes the mode of each file it names'), changes: 'permissions' }]
        : [],
    plain: ['--version', '--help'],
  },
  {
    names: ['chown'],
    category: 'file',
    what: 'changes file owner and group',
    grammar: OWNER_GRAMMAR,
    operands: [{ role: 'writer', operand: 'all-but-first', everyday: true, changes: 'owner', example: 'file.txt', note: 'chown changes the owner of each file it names' }],
    read: referenceTakesOwner('chown', 'chown changes the owner of each file it names'),
    plain: ['--version', '--help'],
  },
  {
    names: ['chgrp'],
    category: 'file',
    what: 'changes file group',
    grammar: OWNER_GRAMMAR,
    operands: [{ role: 'writer', operand: 'all-but-first', everyday: true, changes: 'owner', example: 'file.txt', note: 'chgrp changes the group of each file it names' }],
    read: referenceTakesOwner('chgrp', 'chgrp changes the group of each file it names'),
    plain: ['--version', '--help'],
  },
  {
    // Modes are words such as `+i`, `-a`, `=e`: the operands that are not modes are the files.
    names: ['chattr'],
    category: 'file',
    what: 'changes file attributes on Linux file systems',
    grammar: { short: 'pv', flags: 'RVf' },
    // The attributes are the file's (`+i` makes it immutable): changing them outside the workspace is a write there (D§7).
    operands: [{ role: 'writer', operand: 'every', when: (t) => t === null || !/^[-+=]/.test(t), everyday: true, changes: 'permissions', target: 'file', example: 'file.txt', note: 'chattr changes the attributes of each file it names' }],
    plain: ['-V'],
  },
  {
    // The BSDs' and macOS's file flags (`schg`, `uchg`, `hidden`, `nodump`): the first operand is the flags.
    names: ['chflags'],
    category: 'file',
    what: 'changes file flags on the BSDs and macOS (immutable, append-only, hidden)',
    grammar: { flags: 'RHLPfhvx' },
    operands: [{ role: 'writer', operand: 'all-but-first', everyday: true, changes: 'permissions', target: 'file', example: 'file.txt', note: 'chflags changes the flags of each file it names' }],
    plain: ['-h'],
  },
  {
    names: ['setfacl'],
    category: 'file',
    what: 'changes file access control lists',
    grammar: {
      short: 'mMxX',
      flags: 'bkndRLPvh',
      long: { ...valued('modify', 'modify-file', 'remove', 'remove-file', 'set', 'set-file', 'restore'), ...flagged('remove-all', 'remove-default', 'no-mask', 'mask', 'default', 'recursive', 'logical', 'physical', 'test', 'version', 'help') },
    },
    options: [{ role: 'writer', options: ['--restore'], everyday: true, example: 'acls.txt', note: '--restore sets the access lists of every file named in a saved dump' }],
    // Each file named is a write target, as chmod's are: giving a user reading of a credential store
    // (`setfacl -m u:dev:r /etc/shadow`) is a write there (D§7).
    operands: [{ role: 'writer', operand: 'every', everyday: true, changes: 'permissions', target: 'file', example: 'file.txt', note: 'setfacl changes the access list of each file it names' }],
    plain: ['--version', '--help'],
  },
  {
    // `setcap CAPS FILE [CAPS FILE]…`: granting a capability that leads to root is a carve-out.
    names: ['setcap'],
    category: 'system',
    what: 'sets file capabilities',
    grammar: { short: 'n', flags: 'hqrv', long: flagged('license') },
    operands: [
      {
        role: 'destructive',
        operand: 'every',
        when: (t) => t === null || /cap_(setuid|setgid|sys_admin|sys_ptrace|sys_module|sys_rawio|dac_override|dac_read_search|chown|fowner|setfcap|setpcap|net_admin|bpf)|^all|^=|,=|^[a-z_,]*all[+=]/i.test(t),
        example: 'cap_setuid+ep',
        note: 'the capability granted lets the program become root or bypass file permissions',
      },
      { role: 'writer', operand: 'every', when: (t) => t === null || !/^(cap_|all|=|-$)/i.test(t), everyday: true, example: 'bin/tool', note: 'setcap changes the capabilities of each file it names' },
    ],
    plain: ['-h'],
  },
  {
    names: ['mkdir'],
    category: 'file',
    what: 'makes folders',
    grammar: { short: 'm', flags: 'Zpv', long: { ...valued('mode'), ...flagged('parents', 'verbose', 'help', 'version'), context: 'optional' } },
    operands: [{ role: 'writer', operand: 'every', everyday: true, example: 'build', note: 'mkdir makes each folder it names' }],
    plain: ['--version', '--help'],
  },
  {
    names: ['touch'],
    category: 'file',
    what: 'creates files or changes their times',
    grammar: { short: 'drt', flags: 'acfhm', long: { ...valued('date', 'reference', 'time'), ...flagged('no-create', 'no-dereference', 'help', 'version') } },
    operands: [{ role: 'writer', operand: 'every', everyday: true, changes: 'times', example: 'new.txt', note: 'touch creates each file it names, or updates its times' }],
    plain: ['--version', '--help'],
  },
  {
    names: ['truncate'],
    category: 'file',
    what: 'shrinks or extends files to a size',
    grammar: { short: 'rs', flags: 'co', long: { ...valued('reference', 'size'), ...flagged('no-create', 'io-blocks', 'help', 'version') } },
    operands: [{ role: 'writer', operand: 'every', everyday: true, changes: 'truncates', example: 'log.txt', note: 'truncate cuts or extends each file it names (its cut contents are lost)' }],
    plain: ['--version', '--help'],
  },
  {
    // GTFOBins shell: `split --filter=CMD` hands each piece to a shell command.
    names: ['split'],
    category: 'file',
    what: 'splits a file into pieces',
    grammar: {
      short: 'Cablnt',
      flags: 'deux',
      long: { ...valued('suffix-length', 'additional-suffix', 'bytes', 'line-bytes', 'filter', 'lines', 'number', 'separator'), ...flagged('elide-empty-files', 'unbuffered', 'verbose', 'help', 'version'), 'numeric-suffixes': 'optional', 'hex-suffixes': 'optional' },
    },
    options: [{ role: 'executor', options: ['--filter'], payload: 'shell-text', example: 'sh -c id', note: '--filter runs a shell command for each piece instead of writing files' }],
    read: (_args, reading) => {
      if (given(reading, 'help', 'version')) return [];
      const note = 'split writes the pieces as files named by a prefix';
      if (reading.operands.length >= 2) return [onOperand('split', 'writer', reading, 1, note)];
      return given(reading, 'filter') ? [] : [implicit('split', 'writer', 'x', note)];
    },
    plain: ['--version', '--help'],
  },
  {
    names: ['csplit'],
    category: 'file',
    what: 'splits a file into pieces at context lines',
    grammar: { short: 'bfn', flags: 'ksz', long: { ...valued('suffix-format', 'prefix', 'digits'), ...flagged('keep-files', 'suppress-matched', 'quiet', 'silent', 'elide-empty-files', 'help', 'version') } },
    options: [{ role: 'writer', options: ['-f', '--prefix', '-b', '--suffix-format'], everyday: true, example: 'part', note: 'the prefix and suffix format name the files csplit writes' }],
    read: (_args, reading) =>
      given(reading, 'f', 'prefix', 'help', 'version') ? [] : [implicit('csplit', 'writer', 'xx', 'csplit writes the pieces as files named xx00, xx01, …')],
    plain: ['--version', '--help'],
  },
  {
    names: ['paste'],
    category: 'text',
    what: 'joins lines of files side by side',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 'd', flags: 'sz', long: { ...valued('delimiters'), ...flagged('serial', 'zero-terminated', 'help', 'version') } },
    plain: ['a.txt b.txt', '-d, -s list.txt', '- -'],
  },
  {
    names: ['join'],
    category: 'text',
    what: 'joins lines of two sorted files on a common field',
    readOnly: true,
    grammar: { short: '12aejotv', flags: 'iz', long: flagged('ignore-case', 'check-order', 'nocheck-order', 'header', 'zero-terminated', 'help', 'version') },
    plain: ['a.txt b.txt', '-t, -1 2 -2 1 x.csv y.csv', '-a 1 left right'],
  },
  {
    names: ['comm'],
    category: 'text',
    what: 'compares two sorted files line by line',
    stdinData: 'plain',
    readOnly: true,
    grammar: { flags: '123z', long: { ...valued('output-delimiter'), ...flagged('check-order', 'nocheck-order', 'total', 'zero-terminated', 'help', 'version') } },
    plain: ['-12 a.txt b.txt', '-3 old new', 'x y'],
  },
  {
    names: ['nl'],
    category: 'text',
    what: 'numbers the lines of files',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'bdfhilnsvw',
      flags: 'p',
      long: { ...valued('body-numbering', 'section-delimiter', 'footer-numbering', 'header-numbering', 'line-increment', 'join-blank-lines', 'number-format', 'number-separator', 'starting-line-number', 'number-width'), ...flagged('no-renumber', 'help', 'version') },
    },
    plain: ['file.txt', '-ba src/main.c', '-w 3 -s ": " notes'],
  },
  {
    names: ['od'],
    category: 'text',
    what: 'dumps files in octal, hex and other formats',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'AjNSt',
      shortAttached: 'w',
      flags: 'abcdfilosvx',
      long: { ...valued('address-radix', 'endian', 'skip-bytes', 'read-bytes', 'format'), ...flagged('output-duplicates', 'traditional', 'help', 'version'), strings: 'optional', width: 'optional' },
    },
    plain: ['-c file.bin', '-An -tx1 -N16 data', '-x /dev/urandom -N 8'],
  },
  {
    // xxd names its output file as a second operand, with or without -r (GTFOBins file-write:
    // `xxd -r - FILE`). Options are one word each, told apart by their first letter.
    names: ['xxd'],
    category: 'text',
    what: 'makes a hex dump, or turns one back into binary',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('c', 'cols', 'g', 'groupsize', 'l', 'len', 'n', 'name', 'o', 'offset', 's', 'seek', 'R'),
        ...flagged('a', 'autoskip', 'b', 'bits', 'C', 'capitalize', 'E', 'EBCDIC', 'e', 'h', 'help', 'i', 'include', 'p', 'ps', 'postscript', 'plain', 'r', 'revert', 'd', 'u', 'uppercase', 'v', 'version'),
      },
    },
    operands: [{ role: 'writer', operand: 1, example: 'out.bin', note: 'a second operand is the file xxd writes its output to' }],
    plain: ['file.bin', '-l 64 data.bin', '-ps key.der', '-r -p hex.txt', '-c 8 -g 1 a.out', '-s 0x100 -l 32 image.png'],
  },
  {
    names: ['hexdump', 'hd'],
    category: 'text',
    what: 'dumps files in hex, octal or a chosen format',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'efns',
      flags: 'bcCdoxvLhV',
      long: { ...valued('format', 'format-file', 'length', 'skip'), ...flagged('one-byte-octal', 'one-byte-char', 'canonical', 'two-bytes-decimal', 'two-bytes-octal', 'two-bytes-hex', 'no-squeezing', 'help', 'version'), color: 'optional' },
    },
    plain: ['-C file.bin', '-n 64 -C data', "-e '16/1 \"%02x \" \"\\n\"' x"],
  },
  {
    names: ['base64', 'base32'],
    category: 'text',
    what: 'encodes or decodes base64 (base32)',
    stdinData: 'plain',
    readOnly: true,
    grammar: BASE_GRAMMAR,
    options: [BASE_WRITER],
    plain: ['file.bin', '-d token.txt', '-w0 key.pem', '--decode', ''],
  },
  {
    names: ['basenc'],
    category: 'text',
    what: 'encodes or decodes data in a chosen base',
    readOnly: true,
    grammar: {
      short: 'w',
      flags: 'di',
      long: { ...valued('wrap'), ...flagged('base64', 'base64url', 'base32', 'base32hex', 'base16', 'base2msbf', 'base2lsbf', 'decode', 'ignore-garbage', 'z85', 'help', 'version') },
    },
    plain: ['--base64 file.bin', '-d --base32 data', '--base16 -w0 x'],
  },
  {
    // The Python base58 tool (argparse): -d/--decode, -c/--check.
    names: ['base58'],
    category: 'text',
    what: 'encodes or decodes base58',
    readOnly: true,
    grammar: { flags: 'dch', long: flagged('decode', 'check', 'help') },
    plain: ['file.bin', '--decode', '-d'],
  },
  {
    // The Ruby gem's tool (-w/--wrap COLUMN, -d/--decode) and the C one (also -i, -n).
    names: ['ascii85'],
    category: 'text',
    what: 'encodes or decodes Ascii85',
    readOnly: true,
    grammar: { short: 'w', flags: 'dinhVy', long: { ...valued('wrap'), ...flagged('decode', 'help', 'version') } },
    plain: ['file.bin', '--decode', '-d'],
  },
  {
    // `uuencode [INFILE] NAME`: NAME is only written into the encoded text; the output is stdout.
    // GNU sharutils (AutoOpts) also saves and loads option files (-R, -r).
    names: ['uuencode'],
    category: 'text',
    what: 'encodes a file in uuencode or base64 text',
    readOnly: true,
    grammar: SHARUTILS_GRAMMAR,
    options: SHARUTILS_OPTION_FILES,
    plain: ['file.bin file.bin', '-m file.bin name', 'name'],
  },
  {
    // uudecode writes the file named inside its input unless -o (or -p on BSD) says where.
    names: ['uudecode'],
    category: 'text',
    what: 'decodes uuencoded text into the file it names',
    grammar: SHARUTILS_GRAMMAR,
    options: [
      ...SHARUTILS_OPTION_FILES,
      { role: 'writer', options: ['-o', '--output-file'], when: (v) => v !== '-' && v !== '/dev/stdout', everyday: true, example: 'out.bin', note: '-o names the file uudecode writes' },
    ],
    read: (_args, reading) =>
      given(reading, 'o', 'output-file', 'p', 'h', 'help', 'version', 'more-help')
        ? []
        : [implicit('uudecode', 'writer', null, 'uudecode writes the file whose name is inside the encoded input')],
    plain: ['-o /dev/stdout data.uu', '-o - x.uu', '--help'],
  },
  {
    names: ['md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum'],
    category: 'text',
    what: 'prints or checks message digests of files',
    stdinData: 'plain',
    readOnly: true,
    grammar: CHECKSUM_GRAMMAR,
    plain: ['file.tar.gz', '-c SHA256SUMS', '--check --ignore-missing sums.txt', 'a b c', '--tag x'],
  },
  {
    names: ['cksum'],
    category: 'text',
    what: 'prints or checks checksums of files',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'al',
      flags: 'cwz',
      long: { ...valued('algorithm', 'length'), ...flagged('check', 'tag', 'untagged', 'zero', 'ignore-missing', 'quiet', 'status', 'strict', 'warn', 'base64', 'raw', 'debug', 'help', 'version') },
    },
    plain: ['file.bin', '-a sha256 x', '--algorithm=blake2b -l 256 y'],
  },
  {
    names: ['tac'],
    category: 'text',
    printsAtWorst: 'file-contents',
    what: 'prints files with their lines in reverse order',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 's', flags: 'br', long: { ...valued('separator'), ...flagged('before', 'regex', 'help', 'version') } },
    plain: ['log.txt', '-s , list', 'a b'],
  },
  {
    names: ['rev'],
    category: 'text',
    what: 'reverses the characters of each line',
    stdinData: 'plain',
    readOnly: true,
    grammar: { flags: 'Vh0', long: flagged('zero', 'help', 'version') },
    plain: ['file.txt', ''],
  },
  {
    names: ['fold'],
    category: 'text',
    what: 'wraps lines to a width',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 'w', flags: 'bs', long: { ...valued('width'), ...flagged('bytes', 'spaces', 'help', 'version') } },
    plain: ['-w 80 notes.txt', '-s -w40 x'],
  },
  {
    names: ['fmt'],
    category: 'text',
    what: 'reflows paragraphs of text',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 'gpw', flags: 'cstu0123456789', long: { ...valued('prefix', 'width', 'goal'), ...flagged('crown-margin', 'split-only', 'tagged-paragraph', 'uniform-spacing', 'help', 'version') } },
    plain: ['-w 72 README', '-u notes.txt'],
  },
  {
    names: ['pr'],
    category: 'text',
    what: 'paginates text for printing',
    readOnly: true,
    grammar: {
      short: 'DhlNowW',
      shortAttached: 'einsS',
      flags: 'FJTacdfmrtv0123456789',
      long: {
        ...valued('columns', 'date-format', 'header', 'length', 'first-line-number', 'indent', 'width', 'page-width', 'pages'),
        ...flagged('across', 'show-control-chars', 'double-space', 'form-feed', 'join-lines', 'merge', 'no-file-warnings', 'omit-header', 'omit-pagination', 'show-nonprinting', 'help', 'version'),
        'expand-tabs': 'optional',
        'output-tabs': 'optional',
        'number-lines': 'optional',
        separator: 'optional',
        'sep-string': 'optional',
      },
    },
    plain: ['-2 list.txt', '-h Report -l 60 data', '-t -n file'],
  },
  {
    names: ['expand'],
    category: 'text',
    what: 'turns tabs into spaces',
    stdinData: 'plain',
    readOnly: true,
    grammar: { short: 't', flags: 'i0123456789', long: { ...valued('tabs'), ...flagged('initial', 'help', 'version') } },
    plain: ['-t 4 main.c', 'Makefile'],
  },
  {
    names: ['unexpand'],
    category: 'text',
    what: 'turns spaces into tabs',
    readOnly: true,
    grammar: { short: 't', flags: 'a0123456789', long: { ...valued('tabs'), ...flagged('all', 'first-only', 'help', 'version') } },
    plain: ['-a notes.txt', '-t 4 x'],
  },
  {
    names: ['numfmt'],
    category: 'text',
    what: 'converts numbers to and from human-readable units',
    readOnly: true,
    grammar: {
      short: 'd',
      flags: 'z',
      long: {
        ...valued('delimiter', 'field', 'format', 'from', 'from-unit', 'invalid', 'padding', 'round', 'suffix', 'to', 'to-unit', 'unit-separator'),
        header: 'optional',
        ...flagged('debug', 'grouping', 'zero-terminated', 'help', 'version'),
      },
    },
    plain: ['--to=iec 1048576', '--from=auto 1K', '--field=2 --to=si'],
  },
  {
    names: ['column'],
    category: 'text',
    what: 'formats input into columns or tables',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'nONlEHRTWripcos',
      flags: 'tdeLJxhV',
      long: {
        ...valued('table-name', 'table-order', 'table-columns', 'table-columns-limit', 'table-noextreme', 'table-hide', 'table-right', 'table-truncate', 'table-wrap', 'tree', 'tree-id', 'tree-parent', 'output-width', 'output-separator', 'separator'),
        ...flagged('table', 'table-noheadings', 'table-header-repeat', 'keep-empty-lines', 'json', 'fillrows', 'help', 'version'),
      },
    },
    plain: ['-t -s, data.csv', '-t', '-x list.txt'],
  },
  {
    // jq reads the environment (`$ENV`, `env`), so it is not a default-allow reader; it has no
    // option that writes or runs a program. `--arg NAME VALUE` and its kin take two words; the
    // reader can give an option one value only, so the second is read as an operand.
    // Read-only: jq has no builtin that runs a command or writes a file. What an entry must
    // spell: reading the environment ($ENV, env), a filter from a file (-f), and modules (-L,
    // import, include), which may read it. ~/.jq, sourced into every filter, is a protected path.
    names: ['jq'],
    category: 'text',
    what: 'filters and transforms JSON',
    stdinData: 'plain',
    readOnly: true,
    options: [
      { role: 'loader', options: ['-f', '--from-file'], note: 'the filter is read from a file the gate does not see (it may read the environment)' },
      { role: 'loader', options: ['-L'], note: 'jq looks for modules in the named folder' },
    ],
    grammar: {
      short: 'L',
      flags: 'CMRScenrsjaf0h',
      long: {
        ...valued('arg', 'argjson', 'slurpfile', 'rawfile', 'indent', 'from-file'),
        ...flagged('tab', 'args', 'jsonargs', 'null-input', 'raw-input', 'slurp', 'compact-output', 'raw-output', 'raw-output0', 'join-output', 'ascii-output', 'sort-keys', 'color-output', 'monochrome-output', 'unbuffered', 'stream', 'stream-errors', 'seq', 'exit-status', 'help', 'version', 'build-configuration'),
      },
      abbreviations: false,
    },
    operands: [
      { role: 'credentials', operand: 0, when: (v) => v !== null && JQ_READS_ENV.test(v), example: '$ENV', note: 'a filter using $ENV or env prints environment variables (secrets among them)' },
      { role: 'loader', operand: 0, when: (v) => v !== null && JQ_LOADS_MODULE.test(v), example: 'include "m"; .', note: 'the filter loads jq modules from files the gate does not see' },
    ],
    plain: ['. package.json', '-r .version package.json', "'.[] | .name' data.json", '-c . x.json', '-n 1+1', '.env config.json', '\'.name == "env"\' x.json'],
  },
  {
    // Miller: a verb chain (`sort -f a then head -n 5`) over CSV/TSV/JSON records. The `put` and
    // `filter` verbs take an expression of Miller's DSL, which is code: `system(…)` and `exec(…)`
    // run commands and a `| "CMD"` redirect of print/tee/emit pipes into one (docs/decisions.md
    // "Data tools whose expressions run commands").
    names: ['mlr', 'miller'],
    category: 'text',
    what: 'Miller: filters, reshapes and converts CSV, TSV and JSON records',
    grammar: {
      short: 'sn',
      flags: 'nIS',
      long: {
        ...valued('from', 'ifs', 'ofs', 'ips', 'ops', 'irs', 'ors', 'fs', 'ps', 'rs', 'load', 'mload', 'nr-progress-mod', 'records-per-batch', 'tz', 'ofmt', 'files'),
        ...flagged('icsv', 'ocsv', 'csv', 'itsv', 'otsv', 'tsv', 'ijson', 'ojson', 'json', 'ijsonl', 'ojsonl', 'jsonl', 'inidx', 'onidx', 'ixtab', 'oxtab', 'ipprint', 'opprint', 'imd', 'omd', 'c2j', 'c2p', 'c2t', 'c2m', 't2c', 't2j', 'j2c', 'j2t', 'implicit-csv-header', 'headerless-csv-output', 'allow-ragged-csv-input', 'no-auto-flatten', 'no-auto-unflatten', 'barred', 'right', 'help', 'version', 'in-place', 'no-color', 'no-fflush'),
      },
    },
    options: [
      { role: 'writer', options: ['-I', '--in-place'], note: '-I rewrites the input files in place' },
      { role: 'loader', options: ['--load', '--mload'], example: 'lib.mlr', note: '--load reads DSL definitions from files the gate does not see' },
    ],
    operands: [
      { role: 'executor', operand: 'every', payload: 'code', when: (v) => v !== null && MILLER_RUNS.test(v), example: '$x = system("id")', note: 'the DSL expression runs commands (system, exec, or a | "command" redirect)' },
      { role: 'executor', operand: 'every', payload: 'code', when: (v) => v !== null && !MILLER_RUNS.test(v) && MILLER_DSL.test(v), example: '$z = $x . $y', everyday: true, note: 'a put or filter expression, read for what it prints' },
    ],
    plain: ['--icsv --opprint sort -f name data.csv', '--icsv --ojson head -n 5 then cut -f id,name data.csv', '--c2j cat data.csv', "--icsv --ojson put '$z = $x . $y' data.csv", "--icsv filter '$x > 3' data.csv"],
  },
  {
    // Two programs share the name: kislyuk's (Python argparse, a jq wrapper: -i/--in-place) and
    // mikefarah's (Go: -i/--inplace, -s/--split-exp writes one file per document). The grammar is
    // their union.
    names: ['yq'],
    category: 'text',
    what: 'filters and transforms YAML (and JSON, XML, TOML)',
    grammar: {
      short: 'wopIsL',
      flags: 'CMRSYcehinrjyaNPv0',
      long: {
        ...valued('width', 'output-format', 'input-format', 'indent', 'split-exp', 'front-matter', 'expression', 'from-file', 'arg', 'argjson', 'slurpfile', 'rawfile', 'yaml-output-grammar-version', 'yml-out-ver', 'xml-attribute-prefix', 'xml-content-name', 'csv-separator', 'properties-separator', 'lua-prefix'),
        ...flagged('yaml-output', 'yml-output', 'yaml-roundtrip', 'yml-roundtrip', 'indentless-lists', 'indentless', 'in-place', 'inplace', 'null-input', 'raw-output', 'unwrapScalar', 'no-doc', 'prettyPrint', 'colors', 'no-colors', 'exit-status', 'tab', 'args', 'jsonargs', 'help', 'version', 'verbose'),
      },
    },
    options: [
      { role: 'writer', options: ['-i', '--in-place', '--inplace'], note: '-i rewrites the input files in place' },
      { role: 'writer', options: ['-s', '--split-exp'], example: '.name', note: '-s (mikefarah yq) writes each document to a file named by the expression' },
    ],
    // With -i the files rewritten are the operands after the expression (none is the expression
    // when -e, --expression or --from-file gives it): each a write target of its own (D§7).
    read: (_args, reading) => {
      if (!hasOption(reading, 'i', 'in-place', 'inplace')) return [];
      const skip = hasOption(reading, 'e', 'expression', 'from-file') ? 0 : 1;
      return reading.operands.slice(skip).map((word, k): Form => ({
        role: 'writer',
        program: 'yq',
        trigger: word.kind === 'literal' ? word.value : word.raw,
        index: reading.operandIndexes[k + skip]!,
        value: word,
        target: 'file',
        everyday: true,
        note: '-i rewrites this file in place',
      }));
    },
    plain: ['.version config.yaml', "-r '.spec.containers[].image' pod.yaml", '-o json . x.yml', 'e . docker-compose.yml'],
  },
  {
    // GTFOBins file-write: `iconv -o FILE`.
    names: ['iconv'],
    category: 'text',
    what: 'converts text from one character encoding to another',
    readOnly: true,
    grammar: { short: 'fot', flags: 'Vcls', long: { ...valued('from-code', 'to-code', 'output'), ...flagged('list', 'silent', 'verbose', 'help', 'usage', 'version') } },
    options: [{ role: 'writer', options: ['-o', '--output'], example: 'out.txt', note: '-o writes the converted text to a file' }],
    plain: ['-f latin1 -t utf-8 old.txt', '-l', '--from-code=UTF-16 --to-code=UTF-8 x'],
  },
  {
    names: ['strings'],
    category: 'text',
    what: 'prints the printable strings in a file',
    stdinData: 'plain',
    readOnly: true,
    grammar: {
      short: 'nteTUs',
      flags: 'adfhowvV0123456789',
      long: { ...valued('bytes', 'radix', 'encoding', 'target', 'unicode', 'output-separator'), ...flagged('all', 'data', 'print-file-name', 'include-all-whitespace', 'help', 'version') },
    },
    plain: ['a.out', '-n 8 firmware.bin', '-a -t x lib.so'],
  },
  {
    names: ['readelf'],
    category: 'text',
    what: 'prints information about ELF files',
    readOnly: true,
    grammar: {
      short: 'xpR',
      shortAttached: 'w',
      flags: 'aAcCdDegHhiIlLnNPrsStTuUvVWz',
      long: {
        ...valued('hex-dump', 'string-dump', 'relocated-dump', 'sym-base', 'dwarf-depth', 'dwarf-start', 'ctf', 'ctf-parent', 'ctf-symbols', 'ctf-strings', 'unicode', 'sframe'),
        ...flagged('all', 'file-header', 'program-headers', 'segments', 'section-headers', 'sections', 'section-groups', 'section-details', 'headers', 'symbols', 'syms', 'dyn-syms', 'lto-syms', 'notes', 'relocs', 'unwind', 'dynamic', 'version-info', 'arch-specific', 'use-dynamic', 'archive-index', 'demangle', 'no-demangle', 'recurse-limit', 'no-recurse-limit', 'process-links', 'decompress', 'wide', 'silent-truncation', 'histogram', 'lint', 'enable-checks', 'help', 'version'),
        'debug-dump': 'optional',
      },
    },
    plain: ['-h a.out', '-a lib.so', '-Ws build/app', '--dyn-syms -W x'],
  },
  {
    names: ['objdump'],
    category: 'text',
    what: 'prints information about object files and disassembles them',
    readOnly: true,
    grammar: {
      short: 'bEIjmMP',
      shortAttached: 'W',
      flags: 'aCdDefFgGhHilLprRsStTUvVwxz',
      long: {
        ...valued('private', 'target', 'architecture', 'section', 'disassembler-options', 'include', 'unicode', 'start-address', 'stop-address', 'insn-width', 'adjust-vma', 'prefix', 'prefix-strip', 'dwarf-depth', 'dwarf-start', 'ctf-parent', 'visualize-jumps', 'disassembler-color', 'endian'),
        ...flagged('archive-headers', 'file-headers', 'private-headers', 'section-headers', 'headers', 'all-headers', 'disassemble-all', 'source', 'full-contents', 'debugging', 'debugging-tags', 'stabs', 'process-links', 'syms', 'dynamic-syms', 'reloc', 'dynamic-reloc', 'version', 'info', 'help', 'file-start-context', 'line-numbers', 'file-offsets', 'recurse-limit', 'no-recurse-limit', 'wide', 'disassemble-zeroes', 'no-addresses', 'prefix-addresses', 'show-raw-insn', 'no-show-raw-insn', 'show-all-symbols', 'special-syms', 'inlines', 'dwarf-check', 'no-demangle'),
        disassemble: 'optional',
        dwarf: 'optional',
        'source-comment': 'optional',
        ctf: 'optional',
        sframe: 'optional',
        demangle: 'optional',
      },
    },
    plain: ['-d a.out', '-h lib.so', '-M intel -d app', '--syms x.o'],
  },
  {
    // `--plugin` loads a shared library into nm; `@FILE` reads more options (a plugin among them).
    names: ['nm'],
    category: 'text',
    what: 'lists the symbols of object files',
    readOnly: true,
    grammar: {
      short: 'ft',
      flags: 'ABCDPSUVWXaeghjlnoprsuv',
      long: {
        ...valued('format', 'ifunc-chars', 'plugin', 'radix', 'target', 'unicode', 'size-sort'),
        ...flagged('debug-syms', 'print-file-name', 'no-demangle', 'recurse-limit', 'no-recurse-limit', 'dynamic', 'extern-only', 'just-symbols', 'line-numbers', 'numeric-sort', 'no-sort', 'portability', 'reverse-sort', 'print-size', 'print-armap', 'quiet', 'special-syms', 'synthetic', 'undefined-only', 'defined-only', 'no-weak', 'with-symbol-versions', 'without-symbol-versions', 'export-symbols', 'help', 'version'),
        demangle: 'optional',
      },
    },
    options: [{ role: 'loader', options: ['--plugin'], example: './plugin.so', note: '--plugin loads a shared library into nm' }],
    operands: [{ role: 'loader', operand: 'every', when: (t) => t === null || t.startsWith('@'), example: '@opts.txt', note: '@FILE reads more options from a file, a plugin to load among them' }],
    plain: ['a.out', '-D lib.so', '-C --defined-only app.o', '-u x.o'],
  },
  {
    // GTFOBins file-write: `shuf -e DATA -o FILE`.
    names: ['shuf'],
    category: 'text',
    what: 'prints its input lines in random order',
    readOnly: true,
    grammar: { short: 'ino', flags: 'erz', long: { ...valued('input-range', 'head-count', 'output', 'random-source'), ...flagged('echo', 'repeat', 'zero-terminated', 'help', 'version') } },
    options: [{ role: 'writer', options: ['-o', '--output'], example: 'out.txt', note: '-o writes the shuffled lines to a file' }],
    plain: ['list.txt', '-n 1 names.txt', '-i 1-10', '-e a b c'],
  },
  {
    names: ['look'],
    category: 'text',
    what: 'prints lines of a sorted file that begin with a string',
    readOnly: true,
    grammar: { short: 't', flags: 'abdfhV', long: { ...valued('terminate'), ...flagged('alternative', 'alphanum', 'ignore-case', 'help', 'version') } },
    plain: ['prefix', '-f abc words.txt'],
  },
  {
    // `ptx -G INPUT OUTPUT` (the traditional mode) writes its second operand.
    names: ['ptx'],
    category: 'text',
    what: 'makes a permuted index of the words of files',
    readOnly: true,
    grammar: {
      short: 'FMSWbgiow',
      flags: 'AGORTfrt',
      long: { ...valued('flag-truncation', 'macro-name', 'sentence-regexp', 'word-regexp', 'break-file', 'gap-size', 'ignore-file', 'only-file', 'width'), ...flagged('auto-reference', 'traditional', 'right-side-refs', 'ignore-case', 'references', 'typeset-mode', 'help', 'version'), format: 'value' },
    },
    read: (_args, reading) =>
      given(reading, 'G', 'traditional') && reading.operands.length >= 2
        ? [onOperand('ptx', 'writer', reading, 1, 'in the traditional mode (-G) a second operand is the file ptx writes', false)]
        : [],
    plain: ['notes.txt', '-A -w 60 a b'],
  },
  {
    // tic compiles entries into the terminfo database (~/.terminfo, or the system one as root);
    // -C, -I, -L, -K translate to standard output and -c only checks. GTFOBins: file-read only.
    names: ['tic'],
    category: 'file',
    what: 'compiles terminfo descriptions',
    grammar: { short: 'eoR', shortAttached: 'vwQ', flags: '01aCDcfGgIKLNqrsTtUVWx' },
    options: [{ role: 'writer', options: ['-o'], everyday: true, example: 'out', note: '-o names the folder tic writes compiled entries into' }],
    read: (_args, reading) =>
      given(reading, 'o', 'C', 'I', 'L', 'K', 'c', 'D', 'V', 'Q', '0', '1')
        ? []
        : [implicit('tic', 'writer', '~/.terminfo', 'tic writes the compiled entries into the terminfo database')],
    plain: ['-C xterm.src', '-c my.ti', '-V'],
  },

  // --- Compressors ------------------------------------------------------------------------------
  {
    names: ['gzip', 'gunzip'],
    category: 'archive',
    what: 'compresses or decompresses files with gzip',
    grammar: GZIP_GRAMMAR,
    read: replacesOperands('gzip', GZIP_KEEPS, 'gzip replaces each file with its compressed (or decompressed) version'),
    plain: ['-c file.txt', '-dc archive.gz', '-l archive.gz', '-t x.gz', '', '--version'],
  },
  {
    names: ['zcat', 'gzcat'],
    category: 'archive',
    what: 'prints gzip-compressed files decompressed',
    readOnly: true,
    grammar: GZIP_GRAMMAR,
    plain: ['log.gz', '-f maybe.txt', 'a.gz b.gz'],
  },
  {
    names: ['bzip2', 'bunzip2'],
    category: 'archive',
    what: 'compresses or decompresses files with bzip2',
    grammar: BZIP2_GRAMMAR,
    read: replacesOperands('bzip2', BZIP2_KEEPS, 'bzip2 replaces each file with its compressed (or decompressed) version'),
    plain: ['-c file.txt', '-dc archive.bz2', '-t x.bz2', ''],
  },
  {
    names: ['bzcat'],
    category: 'archive',
    what: 'prints bzip2-compressed files decompressed',
    readOnly: true,
    grammar: BZIP2_GRAMMAR,
    plain: ['log.bz2', '-s a.bz2'],
  },
  {
    names: ['xz', 'unxz', 'lzma', 'unlzma'],
    category: 'archive',
    what: 'compresses or decompresses files with xz',
    grammar: XZ_GRAMMAR,
    options: [{ role: 'writer', options: ['--files', '--files0'], everyday: true, example: 'list.txt', note: '--files reads the names of the files to replace from a list' }],
    read: replacesOperands('xz', XZ_KEEPS, 'xz replaces each file with its compressed (or decompressed) version'),
    plain: ['-c file.txt', '-dc archive.xz', '-l archive.xz', '-T0 -c big.tar', ''],
  },
  {
    names: ['xzcat', 'lzcat'],
    category: 'archive',
    what: 'prints xz-compressed files decompressed',
    readOnly: true,
    grammar: XZ_GRAMMAR,
    plain: ['log.xz', 'a.xz b.xz'],
  },
  {
    names: ['zstd', 'unzstd', 'zstdmt'],
    category: 'archive',
    what: 'compresses or decompresses files with Zstandard',
    grammar: ZSTD_GRAMMAR,
    options: [
      ...ZSTD_WRITERS,
      { role: 'destructive', options: ['--rm'], everyday: true, note: '--rm deletes each input file once it has been (de)compressed' },
      { role: 'writer', options: ['--filelist'], everyday: true, example: 'list.txt', note: '--filelist reads the names of the files to (de)compress from a list' },
    ],
    read: (_args, reading) => {
      if (given(reading, 'c', 'stdout', 't', 'test', 'l', 'list', 'o', 'output-dir-flat', 'output-dir-mirror', 'h', 'H', 'help', 'V', 'version', 'b', 'e', 'show-default-cparams')) return [];
      if (given(reading, 'train', 'train-cover', 'train-fastcover', 'train-legacy')) return [implicit('zstd', 'writer', 'dictionary', 'zstd --train writes the dictionary to a file named dictionary')];
      const out: Form[] = [];
      reading.operands.forEach((word, k) => {
        if (textOf(word) !== '-') out.push(onOperand('zstd', 'writer', reading, k, 'zstd writes a compressed (or decompressed) copy beside each file'));
      });
      return out;
    },
    plain: ['-c file.txt', '-dc archive.zst', '-l archive.zst', '-t x.zst', '-19 -T0 -c big.tar', ''],
  },
  {
    names: ['zstdcat'],
    category: 'archive',
    what: 'prints Zstandard-compressed files decompressed',
    readOnly: true,
    grammar: ZSTD_GRAMMAR,
    // zstdcat only prints: for it, writing a file is no everyday job (the default allow list covers zstdcat).
    options: [...ZSTD_WRITERS.map((role) => ({ ...role, everyday: false })), { role: 'destructive', options: ['--rm'], note: '--rm deletes each input file once it has been decompressed' }],
    plain: ['log.zst', 'a.zst b.zst'],
  },
  {
    names: ['lz4', 'unlz4'],
    category: 'archive',
    what: 'compresses or decompresses files with LZ4',
    grammar: LZ4_GRAMMAR,
    options: [{ role: 'destructive', options: ['--rm'], everyday: true, note: '--rm deletes each input file once it has been (de)compressed' }],
    read: (args, reading) => {
      const note = 'lz4 writes a compressed (or decompressed) file: the second operand, or one beside each input';
      // Without -m (or -r) a second operand is the output file, and the first is only read.
      if (reading.operands.length === 2 && !given(reading, 'm', 'multiple', 'r', 'c', 'stdout', 'to-stdout', 't', 'test', 'list', 'b', 'h', 'H', 'help', 'V', 'version')) {
        return textOf(reading.operands[1]) === 'stdout' ? [] : [onOperand('lz4', 'writer', reading, 1, note)];
      }
      return replacesOperands('lz4', ['c', 'stdout', 'to-stdout', 't', 'test', 'list', 'b', 'h', 'H', 'help', 'V', 'version'], note)(args, reading);
    },
    plain: ['-c file.txt', '-dc archive.lz4', '-t x.lz4', '--list a.lz4', ''],
  },
  {
    names: ['lz4cat'],
    category: 'archive',
    what: 'prints LZ4-compressed files decompressed',
    readOnly: true,
    grammar: LZ4_GRAMMAR,
    options: [{ role: 'destructive', options: ['--rm'], note: '--rm deletes each input file once it has been decompressed' }],
    plain: ['log.lz4', 'a.lz4 b.lz4'],
  },

  // --- Archivers --------------------------------------------------------------------------------
  {
    names: ['7z', '7za', '7zr'],
    category: 'archive',
    what: '7-Zip, the archiver',
    grammar: SEVENZIP_GRAMMAR,
    options: SEVENZIP_SWITCHES,
    subcommands: SEVENZIP_COMMANDS,
  },
  {
    // GNU cpio. GTFOBins shell: `--rsh-command` runs a program for a `host:` archive (a form);
    // GTFOBins file-write (`cpio -p DIR`, `cpio -i`) is its job: extracting and copying files.
    names: ['cpio'],
    category: 'archive',
    what: 'copies files into and out of cpio or tar archives',
    grammar: {
      short: 'CDEFHIMORW',
      flags: '0aAbBcdfilLmnoprsStuvV',
      long: {
        ...valued('io-size', 'directory', 'pattern-file', 'file', 'format', 'message', 'owner', 'rsh-command', 'block-size', 'rename-batch-file', 'warning'),
        ...flagged('null', 'reset-access-time', 'append', 'swap', 'make-directories', 'nonmatching', 'extract', 'link', 'dereference', 'preserve-modification-time', 'numeric-uid-gid', 'create', 'pass-through', 'rename', 'swap-bytes', 'swap-halfwords', 'list', 'unconditional', 'verbose', 'dot', 'absolute-filenames', 'no-absolute-filenames', 'force-local', 'no-preserve-owner', 'only-verify-crc', 'quiet', 'sparse', 'to-stdout', 'device-independent', 'reproducible', 'ignore-devno', 'renumber-inodes', 'help', 'usage', 'version'),
      },
    },
    options: [
      { role: 'executor', options: ['--rsh-command'], payload: 'program', example: '/bin/sh', note: '--rsh-command names the program cpio runs to reach a remote archive' },
      { role: 'network', options: ['-F', '--file', '-I', '-O'], when: remotePath, example: 'host:backup.cpio', note: 'a host:path archive is read or written on another machine' },
      { role: 'writer', options: ['-O'], everyday: true, example: 'out.cpio', note: '-O names the archive cpio writes' },
    ],
    read: (_args, reading) => {
      const out: Form[] = [];
      if (given(reading, 'i', 'extract') && !given(reading, 't', 'list', 'to-stdout', 'only-verify-crc')) {
        const dir = values(reading, 'D', 'directory')[0];
        out.push(implicit('cpio', 'writer', dir === undefined ? '.' : dir, 'cpio -i extracts the archive\'s files into the current folder', 'tree'));
      }
      if (given(reading, 'o', 'create', 'A', 'append')) {
        for (const option of reading.options) {
          if (option.key !== 'F' && option.key !== 'file') continue;
          out.push({ role: 'writer', program: 'cpio', trigger: option.name, index: option.index, value: option.value, everyday: true, note: 'with -o, -F names the archive cpio writes' });
        }
      }
      if (given(reading, 'p', 'pass-through') && reading.operands.length > 0) {
        out.push(onOperand('cpio', 'writer', reading, 0, 'cpio -p copies the files it reads into this folder'));
      }
      return out;
    },
    plain: ['-t < archive.cpio', '-itv -F initrd.cpio', '--version', '-o -H newc'],
  },
  {
    // `ar KEY[MODS] [RELPOS] [COUNT] ARCHIVE [MEMBER…]`; the key may be written as an option cluster.
    names: ['ar'],
    category: 'archive',
    what: 'makes, changes and extracts from ar archives (static libraries)',
    grammar: { long: { ...valued('target', 'output', 'record-libdeps', 'plugin'), ...flagged('thin', 'help', 'version') }, flags: 'dmpqrstxabcDfilMNoOPsSTuUvV' },
    options: [
      { role: 'loader', options: ['--plugin'], example: './plugin.so', note: '--plugin loads a shared library into ar' },
      { role: 'writer', options: ['--output'], everyday: true, example: 'out', note: '--output names the folder ar extracts into' },
    ],
    operands: [{ role: 'loader', operand: 'every', when: (t) => t === null || t.startsWith('@'), example: '@opts.txt', note: '@FILE reads more options from a file, a plugin to load among them' }],
    read: (_args, reading) => {
      const clustered = reading.options.filter((o) => o.name.length === 2).map((o) => o.key).join('');
      // `ar -M`: an MRI script read from standard input creates and saves archives.
      if (clustered === 'M') return [implicit('ar', 'writer', null, 'ar -M runs a script from standard input that creates and saves archives')];
      let key = clustered;
      let at = 0;
      if (!/[dmpqrstx]/.test(key)) {
        const first = textOf(reading.operands[0]);
        if (first === null) return reading.operands.length > 0 ? [onOperand('ar', 'writer', reading, 0, 'ar with a key only known at run time may change or extract', false)] : [];
        key = first.replace(/^-/, '');
        at = 1;
      }
      if (/[abi]/.test(key) && /[mqr]/.test(key)) at += 1;
      if (/N/.test(key)) at += 1;
      if (/[dmqrs]/.test(key) && at < reading.operands.length) return [onOperand('ar', 'writer', reading, at, 'ar changes the archive it names')];
      if (/x/.test(key) && !given(reading, 'output')) return [implicit('ar', 'writer', '.', 'ar x extracts the members into the current folder')];
      return [];
    },
    plain: ['t libfoo.a', 'p lib.a member.o', 'tv libc.a', '--version'],
  },
  {
    // GTFOBins file-write (`arj e ARCHIVE DIR/`) is extraction, arj's own job.
    names: ['arj'],
    category: 'archive',
    what: 'the ARJ archiver',
    grammar: ARJ_GRAMMAR,
    options: ARJ_SWITCHES,
    subcommands: ARJ_COMMANDS,
  },
  {
    // POSIX pax: no option letters is list, -r reads (extracts), -w writes, -rw copies into a folder.
    names: ['pax'],
    category: 'archive',
    what: 'the POSIX archiver (lists, extracts, writes and copies)',
    grammar: { short: 'bfopsxBEGTU', flags: 'acdijklnrtuvwzDHLOPXYZ0' },
    read: (_args, reading) => {
      const reads = given(reading, 'r');
      const writes = given(reading, 'w');
      if (reads && writes) return reading.operands.length > 0 ? [onOperand('pax', 'writer', reading, reading.operands.length - 1, 'pax -rw copies the files into the last operand')] : [];
      if (reads) return [implicit('pax', 'writer', '.', 'pax -r extracts the archive\'s files into the current folder', 'tree')];
      if (writes) {
        return reading.options
          .filter((o) => o.key === 'f')
          .map((o) => ({ role: 'writer' as const, program: 'pax', trigger: o.name, index: o.index, value: o.value, everyday: true, note: 'pax -w -f names the archive it writes' }));
      }
      return [];
    },
    plain: ['-f archive.tar', '-v -f backup.pax', '-w src'],
  },
  {
    // -d is where files go (its job); -K keeps set-user-ID bits (GTFOBins) and -: allows `../`.
    names: ['unzip'],
    category: 'archive',
    what: 'lists, tests and extracts zip archives',
    grammar: { short: 'dP', flags: 'cfhlnopqtuvzCDKLMNTUVWXZajsx:^$/' },
    options: [
      { role: 'writer', options: ['-d'], everyday: true, target: 'tree', example: 'out', note: '-d names the folder unzip extracts into' },
      { role: 'destructive', options: ['-K'], note: '-K keeps set-user-ID and set-group-ID bits of the extracted files' },
      { role: 'destructive', options: ['-:'], note: '-: lets the archive write outside the target folder (../ paths)' },
    ],
    read: (_args, reading) =>
      given(reading, 'd', 'l', 't', 'v', 'z', 'p', 'c', 'Z', 'T', 'h')
        ? []
        : reading.operands.length > 0
          ? [implicit('unzip', 'writer', '.', 'unzip extracts the archive\'s files into the current folder', 'tree')]
          : [],
    plain: ['-l archive.zip', '-t build.zip', '-p bundle.zip manifest.json', '-v x.zip', '-Z -1 x.zip', ''],
  },
  {
    names: ['rar'],
    category: 'archive',
    what: 'the RAR archiver',
    grammar: RAR_GRAMMAR,
    options: RAR_SWITCHES,
    subcommands: rarCommands('rar', true),
  },
  {
    names: ['unrar'],
    category: 'archive',
    what: 'lists, tests and extracts RAR archives',
    grammar: RAR_GRAMMAR,
    options: RAR_SWITCHES,
    subcommands: rarCommands('unrar', false),
  },

  // --- Other converters and writers --------------------------------------------------------------
  {
    // Converts the files it names in place (its job); -n IN OUT writes OUT instead (GTFOBins
    // file-write, also its job). Options are whole words (`-ul`, `-iso`), not clusters.
    names: ['dos2unix', 'unix2dos', 'mac2unix', 'unix2mac'],
    category: 'text',
    what: 'converts line endings between DOS, Mac and Unix',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('c', 'convmode', 'D', 'display-enc', 'n', 'newfile'),
        ...flagged('ascii', 'iso', '7', 'b', 'keep-bom', 'e', 'add-eol', 'f', 'force', 'gb', 'gb18030', 'h', 'help', 'k', 'keepdate', 'L', 'license', 'l', 'newline', 'm', 'add-bom', 'O', 'to-stdout', 'o', 'oldfile', 'q', 'quiet', 'r', 'remove-bom', 's', 'safe', 'u', 'keep-utf16', 'ul', 'assume-utf16le', 'ub', 'assume-utf16be', 'v', 'verbose', 'F', 'follow-symlink', 'R', 'replace-symlink', 'S', 'skip-symlink', 'V', 'version', 'allow-chown', 'no-allow-chown', '437', '850', '860', '863', '865', '1252'),
        i: 'optional',
        info: 'optional',
      },
    },
    read: (_args, reading) => {
      if (given(reading, 'O', 'to-stdout', 'i', 'info', 'h', 'help', 'V', 'version', 'L', 'license')) return [];
      return reading.operands.map((_, k) => onOperand('dos2unix', 'writer', reading, k, 'dos2unix rewrites each file it names (or writes the new file of -n)'));
    },
    plain: ['-O file.txt', '--version', '-i notes.txt', ''],
  },
  {
    // GTFOBins: `csvtool call CMD` runs CMD through a shell (shell), `-o FILE` writes (file-write).
    names: ['csvtool'],
    category: 'text',
    what: 'queries and transforms CSV files',
    readOnly: true,
    // OCaml Arg: -t SEP, -u SEP, -o FILE, -z, anywhere among the words; no clusters.
    grammar: { short: 'tuo', flags: 'z', long: flagged('help'), abbreviations: false },
    options: [{ role: 'writer', options: ['-o'], example: 'out.csv', note: '-o writes the result to a file' }],
    read: (_args, reading) => {
      const verb = textOf(reading.operands[0]);
      if (reading.operands.length < 2 || (verb !== null && verb !== 'call')) return [];
      const word = reading.operands[1]!;
      return [{ role: 'executor', program: 'csvtool', trigger: verb ?? shown(reading.operands[0]!), index: reading.operandIndexes[1]!, value: word, payload: 'shell-text', note: 'call runs a shell command for each row' }];
    },
    plain: ['col 1,3 data.csv', '-t TAB readable x.tsv', 'height data.csv', 'namedcol name,age people.csv'],
  },
  {
    names: ['sponge'],
    category: 'text',
    what: 'soaks up standard input and writes it to a file',
    passesInput: true,
    grammar: { flags: 'ah' },
    operands: [{ role: 'writer', operand: 0, everyday: true, example: 'out.txt', note: 'sponge writes (or with -a appends) its input to the file it names' }],
    plain: ['', '-h'],
  },
  {
    // Options are whole words after one or two dashes. Network: a URL to read, or the DTD or
    // schema to validate with; the document itself may also name external entities, so not readOnly.
    names: ['xmllint'],
    category: 'text',
    what: 'parses, checks and formats XML',
    grammar: {
      singleDash: true,
      abbreviations: false,
      long: {
        ...valued('o', 'output', 'encode', 'path', 'dtdvalid', 'dtdvalidfpi', 'relaxng', 'schema', 'schematron', 'xpath', 'pattern', 'maxmem', 'pretty', 'insert', 'max-ampl'),
        ...flagged('version', 'debug', 'shell', 'debugent', 'copy', 'recover', 'huge', 'noent', 'noenc', 'nocdata', 'nodict', 'nsclean', 'nowarning', 'pedantic', 'noblanks', 'nonet', 'nocompact', 'htmlout', 'nowrap', 'valid', 'postvalid', 'dtdattr', 'loaddtd', 'dropdtd', 'timing', 'repeat', 'html', 'xmlout', 'nodefdtd', 'push', 'pushsmall', 'memory', 'testIO', 'auto', 'xinclude', 'noxincludenode', 'nofixup-base-uris', 'nsclean', 'format', 'compress', 'c14n', 'c14n11', 'exc-c14n', 'stream', 'walker', 'sax', 'sax1', 'chkregister', 'catalogs', 'nocatalogs', 'noout', 'quiet', 'oldxml10', 'load-trailing', 'noblanks', 'big-lines'),
      },
    },
    options: [
      { role: 'writer', options: ['-o', '--output'], example: 'out.xml', note: '--output writes the result to a file' },
      { role: 'writer', options: ['--shell'], note: '--shell opens xmllint\'s own shell, whose commands save and write files' },
      { role: 'network', options: ['--dtdvalid', '--relaxng', '--schema', '--schematron', '--path'], when: url, example: 'http://example.com/s.xsd', note: 'a URL here is fetched from the network' },
    ],
    operands: [{ role: 'network', operand: 'every', when: url, example: 'http://example.com/a.xml', note: 'a URL operand is fetched from the network' }],
    plain: ['--noout config.xml', '--format pom.xml', "--xpath '//version/text()' pom.xml", '--schema s.xsd --noout doc.xml'],
  },
  {
    // GNU Wget2: fetching its URLs (and saving them) is its job; a log file, cookies, an upload,
    // a startup file or a password helper are carve-outs. GTFOBins lists wget's upload and
    // file-write functions; wget2 takes the same options.
    names: ['wget2'],
    category: 'network',
    what: 'GNU Wget2, the downloader',
    grammar: {
      short: 'aBDeiIlnoOPQRAtTUwX',
      flags: '46bcdEFhHkKmNpqrSvVx',
      long: {
        ...valued('output-file', 'append-output', 'execute', 'input-file', 'base', 'tries', 'output-document', 'timeout', 'wait', 'quota', 'directory-prefix', 'level', 'accept', 'reject', 'domains', 'exclude-domains', 'include-directories', 'exclude-directories', 'user-agent', 'header', 'user', 'password', 'http-user', 'http-password', 'post-data', 'post-file', 'body-data', 'body-file', 'method', 'referer', 'load-cookies', 'save-cookies', 'ca-certificate', 'ca-directory', 'certificate', 'private-key', 'limit-rate', 'bind-address', 'dns-timeout', 'connect-timeout', 'read-timeout', 'waitretry', 'cut-dirs', 'default-page', 'config', 'local-encoding', 'remote-encoding', 'restrict-file-names', 'secure-protocol', 'progress', 'use-askpass', 'hsts-file', 'hpkp-file', 'stats-dns', 'stats-site', 'stats-server', 'stats-tls', 'stats-ocsp', 'proxy-user', 'proxy-password', 'max-threads', 'accept-regex', 'reject-regex', 'regex-type', 'http-proxy', 'https-proxy', 'no-proxy', 'netrc-file', 'ocsp-file', 'tls-session-file', 'gnupg-homedir', 'dns-caching', 'filter-urls', 'filter-mime-type', 'cookie-suffixes', 'e-robots', 'max-redirect', 'chunk-size', 'bind-interface'),
        ...flagged('help', 'version', 'background', 'debug', 'quiet', 'verbose', 'no-verbose', 'force-html', 'continue', 'timestamping', 'server-response', 'spider', 'recursive', 'mirror', 'page-requisites', 'convert-links', 'backup-converted', 'no-parent', 'span-hosts', 'no-clobber', 'no-directories', 'force-directories', 'no-host-directories', 'adjust-extension', 'content-disposition', 'no-check-certificate', 'check-certificate', 'inet4-only', 'inet6-only', 'https-only', 'no-robots', 'keep-session-cookies', 'no-cookies', 'no-config', 'ask-password', 'xattr', 'metalink', 'no-metalink', 'http2', 'no-http2', 'compression', 'no-compression', 'force-progress', 'no-tcp-fastopen', 'hsts', 'no-hsts'),
      },
    },
    options: [
      { role: 'writer', options: ['-O', '--output-document'], when: (v) => v !== '-', everyday: true, example: 'page.html', note: '-O names the file the download is saved to' },
      { role: 'writer', options: ['-P', '--directory-prefix'], everyday: true, example: 'downloads', note: '-P names the folder downloads are saved into' },
      { role: 'writer', options: ['-o', '--output-file', '-a', '--append-output', '--save-cookies', '--hsts-file', '--hpkp-file', '--tls-session-file', '--ocsp-file', '--stats-dns', '--stats-site', '--stats-server', '--stats-tls', '--stats-ocsp'], example: 'log.txt', note: 'the option writes a log, cookies or statistics to the named file' },
      { role: 'network', options: ['--post-file', '--body-file'], example: 'secrets.txt', note: '--post-file sends the contents of a local file to the server' },
      { role: 'loader', options: ['-e', '--execute'], example: 'output_document=/tmp/x', note: '-e runs a startup-file command, which can change where files go or what runs' },
      { role: 'loader', options: ['--config'], example: 'wget2rc', note: '--config reads a startup file that can change where files go or what runs' },
      { role: 'executor', options: ['--use-askpass'], payload: 'program', example: './askpass', note: '--use-askpass runs the named program to get credentials' },
      { role: 'network', options: ['-i', '--input-file'], everyday: true, example: 'urls.txt', note: '-i downloads every URL listed in a file' },
    ],
    operands: [{ role: 'network', operand: 'every', everyday: true, example: 'https://example.com/file.tar.gz', note: 'wget2 downloads each URL it names' }],
    plain: ['--version', '--help'],
  },

  // --- Small printers and calculators --------------------------------------------------------------
  {
    names: ['seq'],
    category: 'text',
    what: 'prints a sequence of numbers',
    readOnly: true,
    grammar: { short: 'fs', flags: 'w', long: { ...valued('format', 'separator'), ...flagged('equal-width', 'help', 'version') } },
    plain: ['10', '1 5', '-w 1 2 10', '-s, 3'],
  },
  {
    names: ['expr'],
    category: 'text',
    what: 'evaluates an expression and prints the result',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: ['1 + 2', 'length abc', 'index abc b'],
  },
  {
    // GNU bc (and Gavin Howard's bc on BSD and macOS) has no shell escape and no file output.
    names: ['bc'],
    category: 'text',
    what: 'the arbitrary-precision calculator',
    readOnly: true,
    grammar: { short: 'ef', flags: 'hilqswvcCgPR', long: { ...valued('expression', 'file'), ...flagged('help', 'interactive', 'mathlib', 'quiet', 'standard', 'warn', 'version') } },
    plain: ['-l', '-q calc.bc', ''],
  },
  {
    // dc runs the rest of a line after `!` as a shell command (GTFOBins shell: `dc -e '!/bin/sh'`),
    // and `?` runs a line it reads from standard input.
    names: ['dc'],
    category: 'interpreter',
    what: 'the reverse-Polish calculator',
    stdinCode: true,
    grammar: { short: 'ef', flags: 'hV', long: { ...valued('expression', 'file'), ...flagged('help', 'version') } },
    options: [
      {
        role: 'executor',
        options: ['-e', '--expression'],
        when: (v) => v === null || /[!?]/.test(v),
        payload: 'shell-text',
        payloadText: (v) => {
          const bang = v.indexOf('!');
          if (bang < 0) return null;
          const rest = v.slice(bang + 1);
          const end = rest.indexOf('\n');
          return end < 0 ? rest : rest.slice(0, end);
        },
        example: '!id',
        note: '-e with ! runs a shell command (with ? a line read from standard input)',
      },
    ],
    plain: ["-e '2 3 + p'", 'calc.dc', '--version'],
  },
  {
    names: ['test', '['],
    category: 'misc',
    what: 'evaluates a condition (exit status only)',
    readOnly: true,
    grammar: { abbreviations: false },
    plain: ['-f package.json', '-d src', '-n abc', '1 -lt 2'],
  },
  {
    names: ['sleep'],
    category: 'misc',
    what: 'waits for a time',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: ['1', '0.5', '2m'],
  },
  {
    names: ['yes'],
    category: 'text',
    what: 'prints a line over and over',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: ['', 'n'],
  },
  {
    names: ['true'],
    category: 'misc',
    what: 'does nothing, successfully',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: [''],
  },
  {
    names: ['false'],
    category: 'misc',
    what: 'does nothing, unsuccessfully',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: [''],
  },
  {
    // The shell builtin: the shell running the line stops there (`npm test || exit 0`), so the
    // commands after it do not run. zsh reads its operand as arithmetic; the resolver leaves a
    // status that is not a plain number unresolved there.
    names: ['exit'],
    category: 'misc',
    what: 'ends the shell running the line, with a status',
    readOnly: true,
    grammar: {},
    plain: ['', '0', '1'],
  },
  {
    // `tput init`/`reset` send set-up strings to the terminal: still only output.
    names: ['tput'],
    category: 'misc',
    what: 'prints terminal capabilities and control strings',
    readOnly: true,
    grammar: { short: 'T', flags: 'SVx' },
    plain: ['cols', 'lines', 'setaf 1', 'sgr0', '-T xterm colors'],
  },
  {
    names: ['clear'],
    category: 'misc',
    what: 'clears the terminal screen',
    readOnly: true,
    grammar: { short: 'T', flags: 'Vx' },
    plain: ['', '-x'],
  },
  {
    // Every form is a credential source for the hardline floor (`printenv HOME | nc …` is refused
    // like any other). Bare, it prints the whole environment, and `printenv NAME` a value that is
    // a secret for all the table knows: forms an entry must spell. Only for the names that hold
    // folders, search paths or the user's name (PLAIN_VARIABLES) is printing the program's
    // everyday job, so the default list covers `printenv PATH` (entries made from the same set).
    names: ['printenv'],
    category: 'system',
    what: 'prints environment variables',
    grammar: { flags: '0', long: flagged('null', 'help', 'version') },
    read: (_args, reading) => {
      if (reading.exact && hasOption(reading, 'help', 'version')) return [];
      const names = reading.operands.map(textOf);
      const plain = reading.exact && names.length > 0 && names.every((name) => name !== null && PLAIN_VARIABLES.has(name));
      const first = reading.operands[0];
      const note = plain ? 'prints the values of the variables named (folders and names, no secret)' : 'prints the environment, or the values of the variables named (secrets among them)';
      return [{ role: 'credentials', program: 'printenv', trigger: first?.raw ?? 'printenv', index: reading.operandIndexes[0] ?? -1, value: first ?? null, ...(plain ? { everyday: true } : {}), note }];
    },
    plain: ['HOME', 'PATH', 'USER SHELL', '--version'],
  },
  {
    names: ['id'],
    category: 'system',
    what: 'prints user and group identity',
    readOnly: true,
    grammar: { flags: 'GZagnruz', long: flagged('context', 'group', 'groups', 'name', 'real', 'user', 'zero', 'help', 'version') },
    plain: ['', '-u', '-un', 'root', '-Gn'],
  },
  {
    names: ['lscpu'],
    category: 'system',
    what: 'prints the processors and their caches (util-linux)',
    // Reads /proc and /sys (or the copy of them `-s DIR` names) and prints; nothing it is given runs or is written.
    readOnly: true,
    grammar: { short: 's', long: { ...flagged('all', 'online', 'offline', 'bytes', 'caches', 'extended', 'parse', 'json', 'hex', 'physical', 'raw', 'output-all', 'help', 'version'), ...valued('sysroot', 'hierarchic') } },
    plain: ['', '-J', '-e', '--caches', '-p=cpu,core'],
  },
  {
    names: ['lsb_release'],
    category: 'system',
    what: 'prints the Linux distribution the machine runs (LSB)',
    readOnly: true,
    grammar: { flags: 'vidrcash', long: flagged('version', 'id', 'description', 'release', 'codename', 'all', 'short', 'help') },
    plain: ['-a', '-cs', '-d'],
  },
  {
    names: ['whatis', 'apropos'],
    category: 'pager',
    what: 'searches the manual page names and descriptions (man-db)',
    // They read man-db's index and print one line a page; no pager or formatter runs. `-C` reads
    // another man-db configuration (the one that names man's programs): carved out, as for man.
    readOnly: true,
    grammar: { short: 'CLmMs', flags: 'dvrwelaV?', long: { ...valued('config-file', 'locale', 'systems', 'manpath', 'sections', 'section'), ...flagged('debug', 'verbose', 'regex', 'wildcard', 'exact', 'long', 'and', 'help', 'usage', 'version') } },
    options: [{ role: 'loader', options: ['-C', '--config-file'], example: '/tmp/man.conf', note: '-C reads another man-db configuration, which names the programs man-db runs' }],
    plain: ['ls', '-s 1 printf', '-k socket', 'grep sed'],
  },
  {
    names: ['who'],
    category: 'system',
    what: 'prints who is logged in (coreutils)',
    readOnly: true,
    grammar: { flags: 'abdHlmpqrstTuw', long: flagged('all', 'boot', 'dead', 'heading', 'ips', 'login', 'lookup', 'process', 'count', 'runlevel', 'short', 'time', 'mesg', 'users', 'message', 'writable', 'help', 'version') },
    options: [{ role: 'network', options: ['--lookup'], note: '--lookup asks DNS for the hosts users logged in from' }],
    plain: ['', '-a', '-b', 'am i', '-H -u'],
  },
  {
    names: ['w'],
    category: 'system',
    what: 'prints who is logged in and what they run (procps)',
    readOnly: true,
    grammar: { flags: 'husfoiV', long: flagged('no-header', 'no-current', 'short', 'from', 'old-style', 'ip-addr', 'pids', 'help', 'version') },
    plain: ['', '-h', 'root', '-s'],
  },
  {
    names: ['tty'],
    category: 'system',
    what: 'prints the terminal on standard input',
    readOnly: true,
    grammar: { flags: 's', long: flagged('silent', 'quiet', 'help', 'version') },
    plain: ['', '-s'],
  },
  {
    names: ['arch'],
    category: 'system',
    what: 'prints the machine architecture',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: [''],
  },
  {
    names: ['factor'],
    category: 'text',
    what: 'prints the prime factors of numbers',
    readOnly: true,
    // Strict: coreutils' factor has only these options. The Factor language's interpreter has
    // the same name: its `-e=CODE` runs the code (read by the approximate reader, D§5 "Code in
    // other languages"); any other option is neither program's known one.
    strict: true,
    grammar: { short: 'e', long: flagged('exponents', 'help', 'version'), flags: 'h' },
    options: [{ role: 'executor', options: ['-e'], payload: 'code', example: '=2 3 + .', note: "-e=CODE is the Factor language's interpreter running the code" }],
    plain: ['42', '12 15', ''],
  },
  {
    // glibc's getconf -v SPEC runs the getconf program for SPEC from GETCONF_DIR, a path built
    // from the word given.
    names: ['getconf'],
    category: 'system',
    what: 'prints system configuration values (glibc)',
    readOnly: true,
    grammar: { short: 'v', flags: 'a' },
    options: [{ role: 'executor', options: ['-v'], payload: 'program', example: 'POSIX_V7_LP64_OFF64', note: '-v SPEC runs the getconf program named after SPEC' }],
    plain: ['PAGESIZE', '-a', 'NAME_MAX /tmp', 'LONG_BIT'],
  },
  {
    // `vmstat 1 3` prints three reports a second apart: still only output.
    names: ['vmstat'],
    category: 'system',
    what: 'prints memory, process and disk statistics (procps)',
    readOnly: true,
    grammar: { short: 'pSc', flags: 'afmnsdDwtyhV', long: { ...flagged('active', 'forks', 'slabs', 'one-header', 'stats', 'disk', 'disk-sum', 'wide', 'timestamp', 'no-first', 'help', 'version'), ...valued('partition', 'unit') } },
    plain: ['', '1 3', '-s', '-d', '-S M 2 5'],
  },
  {
    names: ['lsmod'],
    category: 'system',
    what: 'prints the loaded kernel modules (kmod)',
    readOnly: true,
    grammar: { flags: 'hV', long: flagged('syslog', 'verbose', 'help', 'version') },
    plain: [''],
  },
  {
    names: ['shasum'],
    category: 'text',
    what: 'prints or checks SHA digests of files (Perl)',
    readOnly: true,
    grammar: {
      short: 'a',
      flags: 'bctU0qswhv',
      long: { ...valued('algorithm'), ...flagged('binary', 'check', 'tag', 'text', 'UNIVERSAL', '01', 'ignore-missing', 'quiet', 'status', 'strict', 'warn', 'help', 'version') },
    },
    plain: ['-a 256 file.tar.gz', '-c SHA1SUMS', 'a b', '--algorithm 512 x'],
  },
  {
    names: ['nproc'],
    category: 'system',
    what: 'prints the number of processors',
    readOnly: true,
    grammar: { long: { ...flagged('all', 'help', 'version'), ...valued('ignore') } },
    plain: ['', '--all', '--ignore=1'],
  },
  {
    names: ['uptime'],
    category: 'system',
    what: 'prints how long the system has been running and its load',
    readOnly: true,
    grammar: { flags: 'hpsV', long: flagged('container', 'help', 'pretty', 'raw', 'since', 'version') },
    plain: ['', '-p', '-s'],
  },
  {
    // `-s N` repeats every N seconds: still only output.
    names: ['free'],
    category: 'system',
    what: 'prints memory use',
    readOnly: true,
    grammar: { short: 'sc', flags: 'bkmgthlwvLV', long: { ...flagged('bytes', 'kibi', 'mebi', 'gibi', 'tebi', 'pebi', 'kilo', 'mega', 'giga', 'tera', 'peta', 'human', 'si', 'lohi', 'total', 'committed', 'wide', 'line', 'help', 'version'), ...valued('seconds', 'count') } },
    plain: ['', '-h', '-m', '-s 1 -c 2'],
  },
  {
    names: ['groups'],
    category: 'system',
    what: 'prints the groups a user is in',
    readOnly: true,
    grammar: { long: flagged('help', 'version') },
    plain: ['', 'root'],
  },
  {
    names: ['locale'],
    category: 'system',
    what: 'prints locale settings',
    readOnly: true,
    grammar: { flags: 'Vackmv', long: flagged('all-locales', 'charmaps', 'category-name', 'keyword-name', 'verbose', 'help', 'usage', 'version') },
    plain: ['', '-a', 'charmap', '-k LC_TIME'],
  },
  {
    // With an operand or -F it sets the host name.
    names: ['hostname'],
    category: 'system',
    what: 'prints (or sets) the host name',
    readOnly: true,
    grammar: { short: 'F', flags: 'AabdfiIsyVh', long: { ...valued('file'), ...flagged('alias', 'all-fqdns', 'boot', 'domain', 'fqdn', 'long', 'ip-address', 'all-ip-addresses', 'short', 'yp', 'nis', 'help', 'version') } },
    options: [{ role: 'destructive', options: ['-F', '--file'], example: '/etc/hostname', note: '-F sets the host name from a file' }],
    operands: [{ role: 'destructive', operand: 'every', example: 'newname', note: 'a name operand sets the machine\'s host name' }],
    plain: ['', '-f', '-I', '-s'],
  },
  {
    // Two programs share the name. Perl rename: the first operand is Perl code run for each file
    // (`rename unlink *` deletes them); util-linux rename: `rename FROM TO FILE…`. Only a plain
    // `s///`, `y///` or `tr///` without code flags, or a suffix such as `.htm`, is not code.
    names: ['rename', 'prename', 'file-rename'],
    category: 'file',
    what: 'renames files by an expression or a substitution',
    grammar: { short: 'eE', flags: 'vnfd0osialh', long: { ...flagged('verbose', 'nono', 'no-act', 'dry-run', 'force', 'filename', 'nopath', 'fullpath', 'path', 'no-overwrite', 'symlink', 'interactive', 'all', 'last', 'help', 'version', 'man'), unicode: 'optional' } },
    options: [{ role: 'executor', options: ['-e', '-E'], when: (v) => !plainRenameExpression(v), payload: 'code', example: 'system("id")', note: '-e and -E give Perl code that rename runs for each file' }],
    read: (_args, reading) => {
      if (given(reading, 'e', 'E', 'help', 'version', 'man')) return [];
      if (reading.operands.length === 0) return [];
      const code = textOf(reading.operands[0]);
      if (plainRenameExpression(code)) return [];
      return [{ role: 'executor', program: 'rename', trigger: shown(reading.operands[0]!), index: reading.operandIndexes[0]!, value: reading.operands[0]!, payload: 'code', note: 'perl rename runs its first operand as Perl code for each file' }];
    },
    operands: [{ role: 'writer', operand: 'all-but-first', everyday: true, example: 'old.txt', note: 'rename gives each file it names a new name' }],
    plain: ['--version', '-h'],
  },
  {
    names: ['mktemp'],
    category: 'file',
    what: 'creates a temporary file or folder with a unique name',
    grammar: { short: 'p', flags: 'dqtu', long: { ...valued('suffix'), ...flagged('directory', 'dry-run', 'quiet', 'help', 'version'), tmpdir: 'optional' } },
    options: [{ role: 'writer', options: ['-p', '--tmpdir'], everyday: true, example: 'build', note: '-p names the folder the temporary file is created in' }],
    operands: [{ role: 'writer', operand: 0, everyday: true, example: 'build.XXXXXX', note: 'the template names where the temporary file is created' }],
    plain: ['', '-d', '-u', '--version'],
  },
];

/** A perl-rename expression that only substitutes or transliterates (no `e` flag, no interpolated code). */
function plainRenameExpression(code: string | null): boolean {
  if (code === null) return false;
  if (/^\.[A-Za-z0-9_-]+$/.test(code)) return true;
  // A regex code block (`(?{…})`, `(??{…})`) runs Perl code even in a constant pattern.
  if (/\(\*?\?{1,2}\{|\(\*\{/.test(code)) return false;
  // In the pattern `$` may only be an anchor; in the replacement only `$1`…`$9` and `$&`.
  const pattern = String.raw`(?:[^/\\@$]|\\.|\$(?=[/|)]))*`;
  const replacement = String.raw`(?:[^/\\@$]|\\.|\$[0-9&])*`;
  if (new RegExp(String.raw`^s/${pattern}/${replacement}/[gimsxr]*$`).test(code)) return true;
  return new RegExp(String.raw`^(?:y|tr)/${replacement}/${replacement}/[cdsr]*$`).test(code);
}
