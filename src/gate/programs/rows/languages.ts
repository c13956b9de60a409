import type { Word } from '../../reading/resolution';
import { flagged, valued, type ArgReading, type Arity, type Grammar, type LongOption } from '../grammar';
import type { Command, Form, OptionRole, PayloadKind, ProgramRow, Role } from '../row';
import { servesFolder } from './fileServers';

/**
 * Language runtimes, REPLs and the shells not in the lead's list (D§4.3). An entry for one of
 * them covers the scripts and modules it names; never inline code (`-e`, `-E`, `-r`, `--eval`,
 * `-p`, `-c`, `-x`), options that load code before the script (`--require`, `-M`, `-r`, `-l`),
 * debugger ports and servers, or remote code, unless the entry spells that option.
 *
 * Interactive prompts (tclsh, irb, ghci, jshell, the shells) run whatever they read: that is
 * `stdinCode`, not a form, so the GTFOBins "shell" entries that are only the bare program
 * (`tclsh`, `rc`, `posh`, `sash`, `pwsh`, `elvish`, `wish`, `irb`, `pry`, `ghci`, `jshell`,
 * `jjs`) and the code typed at their prompt (`tclsh` `load` of a library, a reverse shell
 * typed into `tclsh` or `jjs`) are covered by that flag.
 */

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

const text = (word: Word | undefined): string | null => (word !== undefined && word.kind === 'literal' ? word.value : null);
const raw = (word: Word | undefined): string => (word === undefined ? '' : word.kind === 'literal' ? word.value : word.raw);

/** A module specifier fetched from the network (a URL, or a registry package fetched on demand). */
const remoteSpecifier = (v: string | null): boolean => v === null || /^(https?:|npm:|jsr:)/i.test(v);

/** Python-style module names that serve the folder to the network. */
const serverModule = (v: string | null): boolean => v === null || v === 'http.server' || v === 'SimpleHTTPServer' || v === 'pydoc';

function form(role: Role, program: string, args: readonly Word[], index: number, value: Word | null, note: string, payload?: PayloadKind): Form {
  return { role, program, trigger: raw(args[index]), index, value, ...(payload !== undefined ? { payload } : {}), note };
}

/**
 * For shells whose `-c` is a flag that makes the first operand the command text (`csh -fc TEXT`):
 * the grammar reads `c` as taking a value, which is right for `-c TEXT` and `-fc TEXT`; in a
 * cluster where `c` is not last (`-cf TEXT`) the reader takes the rest of the cluster as the
 * value, so the text run is the first operand: report it too.
 */
function clusteredShellText(program: string, note: string): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (args, reading) => {
    const out: Form[] = [];
    for (const option of reading.options) {
      if (option.key !== 'c' || option.valueIndex !== null || option.value === null) continue;
      const first = reading.operandIndexes[0];
      if (first === undefined) continue;
      out.push(form('executor', program, args, option.index, args[first]!, note, 'shell-text'));
    }
    return out;
  };
}

/** JVM options (given to `java` itself, or after `-J` to a tool that starts a JVM) that load or run code. */
function jvmOptionForms(program: string, args: readonly Word[], index: number, option: string): Form[] {
  const out: Form[] = [];
  if (/^-(javaagent|agentpath|agentlib):/.test(option) || /^-Xrun/.test(option)) {
    out.push(form('loader', program, args, index, args[index]!, `${option.split(/[:=]/)[0]} loads an agent library into the JVM before the program`));
    if (/jdwp/.test(option) && /server=y/.test(option)) {
      out.push(form('listener', program, args, index, args[index]!, 'the jdwp agent with server=y opens a debugger port that can run code in the JVM'));
    }
  }
  if (/^-XX:(OnOutOfMemoryError|OnError)=/.test(option)) {
    const command = option.slice(option.indexOf('=') + 1);
    out.push({ ...form('executor', program, args, index, args[index]!, `${option.slice(0, option.indexOf('='))} runs the given shell command when the JVM fails`, 'shell-text'), payloadText: command });
  }
  if (/^-XX:(VMOptionsFile|Flags)=/.test(option)) {
    out.push(form('loader', program, args, index, args[index]!, 'reads more JVM options from the file, which may load agents'));
  }
  if (/^-Dcom\.sun\.management\.jmxremote/.test(option)) {
    out.push(form('listener', program, args, index, args[index]!, 'the jmxremote properties open a remote management port into the JVM'));
  }
  return out;
}

/**
 * The indexes of the option words of a JVM launcher, read word by word up to the first operand:
 * `-javaagent:…`, `-XX:…=…` and `-Dname=value` are whole words the grammar cannot key, and one
 * only known at run time (`-javaagent:$JAR`) is still an option here, where the reader would call
 * it an operand.
 */
function jvmOptionIndexes(args: readonly Word[], grammar: Grammar): number[] {
  const out: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = raw(args[i]);
    if (word === '--' || !word.startsWith('-')) break;
    out.push(i);
    const name = word.replace(/^--?/, '');
    const long = grammar.long?.[name];
    if (long !== undefined && (typeof long === 'string' ? long : long[0]) === 'value') i++;
  }
  return out;
}

/** `java`'s own options that load or run code. */
function javaRead(program: string, grammar: () => Grammar): (args: readonly Word[]) => Form[] {
  return (args) => jvmOptionIndexes(args, grammar()).flatMap((i) => jvmOptionForms(program, args, i, raw(args[i])));
}

/** `-J<jvm option>` of a JDK tool (jshell, jjs, jrunscript, scala, kotlin, groovy): the JVM options that load code. */
function jvmPassThroughRead(program: string, grammar: () => Grammar): (args: readonly Word[]) => Form[] {
  return (args) =>
    jvmOptionIndexes(args, grammar()).flatMap((i) => {
      const word = raw(args[i]);
      return word.startsWith('-J') && word.length > 2 ? jvmOptionForms(program, args, i, word.slice(2)) : [];
    });
}

// ---------------------------------------------------------------------------------------------
// node
// ---------------------------------------------------------------------------------------------

/** Node accepts `_` for `-` in every option name (`--inspect_brk`): both spellings of each. */
function nodeLong(options: Record<string, Arity>): Record<string, LongOption> {
  const out: Record<string, LongOption> = {};
  for (const [name, arity] of Object.entries(options)) {
    out[name] = arity;
    if (name.includes('-')) out[name.replace(/-/g, '_')] = arity;
  }
  return out;
}

function nodeSpell(...names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    out.push(name);
    if (name.startsWith('--') && name.slice(2).includes('-')) out.push(`--${name.slice(2).replace(/-/g, '_')}`);
  }
  return out;
}

const NODE_BUILTIN_REPORTERS = ['spec', 'tap', 'dot', 'junit', 'lcov'];

const NODE_ROW: ProgramRow = {
  names: ['node', 'nodejs'],
  category: 'interpreter',
  what: 'the Node.js JavaScript runtime',
  stdinCode: true,
  grammar: {
    short: 'eprC',
    flags: 'chiv',
    abbreviations: false,
    stopAtOperand: true,
    long: nodeLong({
      ...valued(
        'eval', 'print', 'require', 'import', 'loader', 'experimental-loader', 'conditions', 'env-file', 'env-file-if-exists',
        'input-type', 'experimental-default-type', 'experimental-policy', 'policy-integrity', 'experimental-sea-config',
        'openssl-config', 'icu-data-dir', 'snapshot-blob', 'build-snapshot-config', 'cpu-prof-dir', 'cpu-prof-interval',
        'cpu-prof-name', 'heap-prof-dir', 'heap-prof-interval', 'heap-prof-name', 'diagnostic-dir', 'disable-proto',
        'disable-warning', 'dns-result-order', 'heapsnapshot-near-heap-limit', 'heapsnapshot-signal', 'inspect-port',
        'debug-port', 'inspect-publish-uid', 'max-http-header-size', 'network-family-autoselection-attempt-timeout',
        'redirect-warnings', 'report-directory', 'report-dir', 'report-filename', 'report-signal', 'secure-heap',
        'secure-heap-min', 'test-concurrency', 'test-name-pattern', 'test-skip-pattern', 'test-reporter',
        'test-reporter-destination', 'test-shard', 'test-timeout', 'test-coverage-include', 'test-coverage-exclude',
        'test-coverage-branches', 'test-coverage-functions', 'test-coverage-lines', 'test-global-setup', 'title',
        'tls-cipher-list', 'tls-keylog', 'trace-event-categories', 'trace-event-file-pattern', 'trace-require-module',
        'unhandled-rejections', 'use-largepages', 'v8-pool-size', 'watch-path', 'watch-kill-signal', 'stack-trace-limit',
        'max-old-space-size', 'max-semi-space-size', 'run', 'localstorage-file', 'experimental-config-file',
        'experimental-test-isolation', 'test-isolation',
      ),
      ...flagged(
        'check', 'interactive', 'help', 'version', 'v8-options', 'test', 'watch', 'watch-preserve-output', 'enable-source-maps',
        'no-warnings', 'no-deprecation', 'trace-warnings', 'trace-deprecation', 'trace-uncaught', 'abort-on-uncaught-exception',
        'expose-gc', 'experimental-vm-modules', 'experimental-strip-types', 'experimental-transform-types', 'no-experimental-strip-types',
        'preserve-symlinks', 'preserve-symlinks-main', 'prof', 'prof-process', 'cpu-prof', 'heap-prof', 'build-snapshot',
        'completion-bash', 'experimental-test-coverage', 'test-only', 'test-force-exit', 'experimental-permission', 'permission',
        'jitless', 'frozen-intrinsics', 'pending-deprecation', 'throw-deprecation', 'no-addons', 'report-on-fatalerror',
        'report-on-signal', 'report-uncaught-exception', 'report-compact', 'experimental-default-config-file',
      ),
      inspect: 'optional',
      'inspect-brk': 'optional',
      'inspect-wait': 'optional',
    }),
  },
  options: [
    { role: 'executor', options: nodeSpell('-e', '--eval'), payload: 'code', example: 'require("child_process").execSync("id")', note: '-e runs the JavaScript given on the command line' },
    { role: 'executor', options: nodeSpell('-p', '--print'), payload: 'code', example: 'process.env', note: '-p runs the JavaScript given on the command line and prints its value' },
    { role: 'credentials', options: nodeSpell('-e', '--eval', '-p', '--print'), when: (v) => v !== null && /\bprocess\.env\b/.test(v), everyday: true, example: 'console.log(process.env)', note: 'inline code reading process.env may print environment variables (secrets among them)' },
    { role: 'loader', options: nodeSpell('-r', '--require'), example: './hook.js', note: '--require loads a module before the script' },
    { role: 'loader', options: nodeSpell('--import'), example: './hook.mjs', note: '--import loads an ES module before the script' },
    { role: 'loader', options: nodeSpell('--loader', '--experimental-loader'), example: './loader.mjs', note: '--loader installs a module that takes over how every import is loaded' },
    { role: 'loader', options: nodeSpell('--env-file', '--env-file-if-exists'), example: '.env', note: '--env-file reads variables from a file, NODE_OPTIONS included, which can load more code' },
    { role: 'loader', options: nodeSpell('--openssl-config'), example: 'openssl.cnf', note: '--openssl-config reads an OpenSSL configuration, which can load engine libraries' },
    { role: 'loader', options: nodeSpell('--snapshot-blob'), example: 'snap.blob', note: '--snapshot-blob starts from (or writes) a heap snapshot that holds code' },
    { role: 'loader', options: nodeSpell('--run'), example: 'build', note: '--run runs a script from package.json through the shell' },
    { role: 'loader', options: nodeSpell('--experimental-config-file'), example: 'node.config.json', note: '--experimental-config-file reads node options (preloads included) from a file' },
    { role: 'loader', options: nodeSpell('--test-global-setup'), example: 'setup.mjs', note: '--test-global-setup runs a module before and after the tests' },
    {
      role: 'loader',
      options: nodeSpell('--test-reporter'),
      when: (v) => v === null || !NODE_BUILTIN_REPORTERS.includes(v),
      example: './reporter.mjs',
      note: '--test-reporter with a path loads that module to report the tests',
    },
    {
      role: 'writer',
      options: nodeSpell('--test-reporter-destination'),
      when: (v) => v === null || (v !== 'stdout' && v !== 'stderr'),
      example: 'report.xml',
      note: '--test-reporter-destination writes the test report to the file',
    },
    {
      role: 'writer',
      options: nodeSpell('--redirect-warnings', '--tls-keylog', '--cpu-prof-dir', '--heap-prof-dir', '--diagnostic-dir', '--report-directory', '--report-dir', '--trace-event-file-pattern', '--experimental-sea-config', '--localstorage-file'),
      example: 'out',
      note: 'writes warnings, TLS keys, profiles, reports or a blob to the given place',
    },
    { role: 'listener', options: nodeSpell('--inspect', '--inspect-brk', '--inspect-wait'), example: '0.0.0.0:9229', note: '--inspect opens a debugger port through which anyone who reaches it can run code' },
  ],
  operands: [
    { role: 'listener', operand: 0, when: (t) => t === null || t === 'inspect', example: 'inspect', note: '`node inspect` starts the script with a debugger port open' },
  ],
  // `-pe CODE` is node's own alias of `--print --eval CODE` (the grammar reads it as `-p e`).
  read: (args, reading) =>
    args.flatMap((word, index) =>
      text(word) === '-pe' && args[index + 1] !== undefined && index < (reading.operandIndexes[0] ?? args.length) ? [form('executor', 'node', args, index, args[index + 1]!, '-pe runs the JavaScript given on the command line and prints its value', 'code')] : [],
    ),
  plain: ['app.js', 'server.js --port 3000', '--version', '-v', '--test', '--watch app.js', '--enable-source-maps dist/index.js', '-c app.js', 'app.js -e x'],
};

// ---------------------------------------------------------------------------------------------
// deno
// ---------------------------------------------------------------------------------------------

/** The options of `deno run` and of every subcommand that runs code with permissions. */
const DENO_RUN_GRAMMAR: Grammar = {
  short: 'cL',
  shortAttached: 'P',
  flags: 'ARWNESIqrhV',
  abbreviations: false,
  stopAtOperand: true,
  long: {
    ...valued('config', 'import-map', 'cert', 'location', 'seed', 'ext', 'log-level', 'preload', 'import', 'require', 'host', 'port', 'filter', 'name', 'root', 'output', 'target', 'include', 'exclude', 'icon', 'entrypoint', 'cwd', 'eval', 'eval-file', 'parallel', 'env'),
    ...flagged('allow-all', 'quiet', 'help', 'version', 'no-check', 'no-remote', 'no-npm', 'no-config', 'no-lock', 'no-prompt', 'cached-only', 'no-clear-screen', 'unstable', 'global', 'force', 'check', 'fix', 'print', 'tunnel', 'open', 'no-terminal', 'install', 'kernel', 'html', 'json', 'lcov', 'dry-run', 'recursive', 'latest', 'update', 'interactive', 'watch-exclude'),
    'allow-read': 'optional', 'allow-write': 'optional', 'allow-net': 'optional', 'allow-env': 'optional', 'allow-sys': 'optional',
    'allow-run': 'optional', 'allow-ffi': 'optional', 'allow-import': 'optional', 'allow-scripts': 'optional', 'allow-hrtime': 'optional',
    'deny-read': 'optional', 'deny-write': 'optional', 'deny-net': 'optional', 'deny-env': 'optional', 'deny-sys': 'optional',
    'deny-run': 'optional', 'deny-ffi': 'optional', 'deny-import': 'optional', 'permission-set': 'optional',
    inspect: 'optional', 'inspect-brk': 'optional', 'inspect-wait': 'optional', reload: 'optional', lock: 'optional',
    'node-modules-dir': 'optional', vendor: 'optional', 'v8-flags': 'optional', watch: 'optional', 'env-file': 'optional',
    frozen: 'optional', coverage: 'optional', 'unsafely-ignore-certificate-errors': 'optional',
  },
};

/** Permission grants: Deno's sandbox is the reason an entry for `deno run script.ts` is safe at all. */
const DENO_PERMISSION_ROLES: readonly OptionRole[] = [
  { role: 'destructive', options: ['-A', '--allow-all'], note: '-A lifts the sandbox: files, network, subprocesses and native code all allowed' },
  { role: 'destructive', options: ['-P', '--permission-set'], note: '-P grants the permissions a named set in the configuration lists' },
  { role: 'executor', options: ['--allow-run'], payload: 'program', note: '--allow-run lets the script start other programs (any program when none is named)' },
  { role: 'executor', options: ['--allow-scripts'], note: '--allow-scripts lets npm packages run their install scripts' },
  { role: 'loader', options: ['--allow-ffi'], note: '--allow-ffi lets the script load native libraries' },
  { role: 'writer', options: ['-W', '--allow-write'], note: '--allow-write lets the script write files (anywhere when no path is named)' },
  { role: 'network', options: ['-N', '--allow-net'], note: '--allow-net lets the script open network connections' },
  { role: 'network', options: ['-I', '--allow-import'], note: '--allow-import lets the script import code from remote hosts' },
  { role: 'listener', options: ['--inspect', '--inspect-brk', '--inspect-wait'], example: '0.0.0.0:9229', note: '--inspect opens a debugger port through which anyone who reaches it can run code' },
  { role: 'listener', options: ['--tunnel'], note: '--tunnel exposes the local server through a public tunnel' },
  { role: 'loader', options: ['--preload', '--import', '--require'], example: './setup.ts', note: '--preload runs a module before the main one' },
];

const DENO_REMOTE_OPERAND = { role: 'network' as const, operand: 0 as const, when: remoteSpecifier, example: 'https://example.com/mod.ts', note: 'runs code fetched from a URL or a registry package' };

const denoRun = (plain: readonly string[]): Command => ({ grammar: DENO_RUN_GRAMMAR, options: DENO_PERMISSION_ROLES, operands: [DENO_REMOTE_OPERAND], plain });
const denoPermitted = (plain: readonly string[]): Command => ({ grammar: DENO_RUN_GRAMMAR, options: DENO_PERMISSION_ROLES, plain });

const DENO_ROW: ProgramRow = {
  names: ['deno'],
  category: 'interpreter',
  what: 'the Deno JavaScript and TypeScript runtime',
  stdinCode: true,
  grammar: DENO_RUN_GRAMMAR,
  options: DENO_PERMISSION_ROLES,
  operands: [DENO_REMOTE_OPERAND],
  plain: ['--version', 'main.ts', '--allow-read main.ts', '--help'],
  subcommands: {
    run: denoRun(['main.ts', '--allow-read main.ts', '--allow-env --watch main.ts', '-R=./data main.ts', 'main.ts --port 8000']),
    serve: {
      grammar: DENO_RUN_GRAMMAR,
      role: { role: 'listener', note: '`deno serve` starts an HTTP server (on all addresses unless --host says otherwise)' },
      options: DENO_PERMISSION_ROLES,
      operands: [DENO_REMOTE_OPERAND],
    },
    eval: {
      grammar: DENO_RUN_GRAMMAR,
      operands: [{ role: 'executor', operand: 0, payload: 'code', example: 'Deno.exit(1)', note: '`deno eval` runs the code given on the command line, with every permission' }],
    },
    repl: {
      grammar: DENO_RUN_GRAMMAR,
      options: [
        ...DENO_PERMISSION_ROLES,
        { role: 'executor', options: ['--eval'], payload: 'code', example: 'Deno.exit(1)', note: '--eval runs the code given on the command line before the prompt' },
        { role: 'loader', options: ['--eval-file'], example: 'https://example.com/x.ts', note: '--eval-file runs the given files (URLs too) before the prompt' },
      ],
      plain: ['', '--quiet'],
    },
    x: { grammar: DENO_RUN_GRAMMAR, wrapper: { peel: false, note: '`deno x` runs a package\'s command, downloading it when missing' } },
    install: {
      grammar: { ...DENO_RUN_GRAMMAR, short: 'cLnfe', flags: 'ARWNESIqrhVg', stopAtOperand: false },
      options: [
        ...DENO_PERMISSION_ROLES,
        { role: 'writer', options: ['-g', '--global'], note: '--global installs a command into the user\'s bin folder' },
      ],
      operands: [{ role: 'network', operand: 'every', when: remoteSpecifier, example: 'https://example.com/cli.ts', note: 'installs code fetched from a URL or a registry package' }],
      plain: ['', '--frozen'],
    },
    uninstall: { role: { role: 'destructive', note: '`deno uninstall` removes an installed command or a dependency' } },
    compile: {
      grammar: { ...DENO_RUN_GRAMMAR, short: 'cLo' },
      options: [...DENO_PERMISSION_ROLES, { role: 'writer', options: ['-o', '--output'], everyday: true, note: '-o names the executable written' }],
      operands: [DENO_REMOTE_OPERAND],
      plain: ['main.ts', '--allow-read main.ts'],
    },
    task: {
      grammar: { ...DENO_RUN_GRAMMAR, short: 'cLf' },
      options: [{ role: 'executor', options: ['--eval'], payload: 'shell-text', example: 'rm -rf build', note: '`deno task --eval` runs the given text as a shell command' }],
      plain: ['', 'dev', 'build --watch'],
    },
    test: denoPermitted(['', 'tests/', '--allow-read', '--filter parse']),
    bench: denoPermitted(['', 'bench/']),
    fmt: {
      grammar: DENO_RUN_GRAMMAR,
      read: (args, reading) => (reading.options.some((o) => o.name === '--check') ? [] : [{ role: 'writer', program: 'deno fmt', trigger: 'fmt', index: -1, value: null, note: '`deno fmt` rewrites the source files in place' }]),
      plain: ['--check', '--check src/'],
    },
    lint: {
      grammar: DENO_RUN_GRAMMAR,
      options: [{ role: 'writer', options: ['--fix'], note: '--fix rewrites the source files in place' }],
      plain: ['', 'src/', '--json'],
    },
    doc: {
      grammar: { ...DENO_RUN_GRAMMAR, short: 'cL' },
      options: [{ role: 'writer', options: ['--output'], note: '--output names the folder the HTML documentation is written to' }],
      plain: ['mod.ts', '--json mod.ts'],
    },
    check: { grammar: DENO_RUN_GRAMMAR, plain: ['main.ts'] },
    // Not listed: `coverage` (`--output` writes a report anywhere), `approve-scripts`.
    ...Object.fromEntries(['add', 'completions', 'init', 'lsp', 'outdated', 'remove', 'types'].map((name) => [name, { grammar: DENO_RUN_GRAMMAR }])),
    info: { grammar: DENO_RUN_GRAMMAR, plain: ['', 'main.ts'] },
    cache: { grammar: DENO_RUN_GRAMMAR, operands: [{ ...DENO_REMOTE_OPERAND, operand: 'every', note: 'downloads the remote modules into the cache' }], plain: ['main.ts'] },
    upgrade: { role: { role: 'network', note: '`deno upgrade` downloads a new deno and replaces the running binary' } },
    publish: { role: { role: 'network', note: '`deno publish` uploads the package to the registry', publishes: true } },
    clean: { role: { role: 'destructive', note: '`deno clean` deletes the whole module cache' } },
    jupyter: {
      grammar: DENO_RUN_GRAMMAR,
      options: [
        { role: 'writer', options: ['--install'], note: '--install writes a Jupyter kernel specification' },
        { role: 'listener', options: ['--kernel'], note: '--kernel starts a kernel that listens for code to run' },
      ],
    },
  },
};

// ---------------------------------------------------------------------------------------------
// bun
// ---------------------------------------------------------------------------------------------

const BUN_GRAMMAR: Grammar = {
  short: 'repFcdlt',
  flags: 'bivhy',
  abbreviations: false,
  stopAtOperand: true,
  long: {
    ...valued(
      'eval', 'print', 'preload', 'require', 'import', 'filter', 'config', 'define', 'loader', 'shell', 'env-file', 'cwd', 'port',
      'conditions', 'fetch-preconnect', 'max-http-header-size', 'dns-result-order', 'title', 'unhandled-rejections', 'console-depth',
      'elide-lines', 'user-agent', 'tsconfig-override', 'drop', 'main-fields', 'extension-order', 'jsx-factory', 'jsx-fragment',
      'jsx-import-source', 'jsx-runtime', 'install', 'outfile', 'outdir', 'target', 'format', 'external', 'timeout', 'test-name-pattern',
      'rerun-each', 'coverage-reporter', 'coverage-dir', 'reporter', 'reporter-outfile', 'registry', 'save-text-lockfile', 'backend',
      'cache-dir', 'cafile', 'ca', 'omit', 'linker', 'minify-syntax', 'sourcemap', 'public-path', 'entry-naming', 'root',
    ),
    ...flagged(
      'watch', 'hot', 'no-clear-screen', 'smol', 'if-present', 'no-install', 'prefer-offline', 'prefer-latest', 'expose-gc',
      'no-deprecation', 'throw-deprecation', 'zero-fill-buffers', 'no-addons', 'silent', 'version', 'revision', 'bun', 'help',
      'no-macros', 'jsx-side-effects', 'ignore-dce-annotations', 'preserve-symlinks', 'use-system-ca', 'use-openssl-ca', 'use-bundled-ca',
      'production', 'frozen-lockfile', 'dry-run', 'force', 'no-save', 'global', 'dev', 'optional', 'exact', 'trust', 'compile',
      'minify', 'bail', 'only', 'todo', 'coverage', 'update-snapshots', 'verbose', 'no-summary', 'no-progress', 'yarn', 'latest',
    ),
    inspect: 'optional',
    'inspect-brk': 'optional',
    'inspect-wait': 'optional',
  },
};

const BUN_RUNTIME_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: ['-e', '--eval'], payload: 'code', example: 'require("child_process").execSync("id")', note: '-e runs the JavaScript given on the command line' },
  { role: 'executor', options: ['-p', '--print'], payload: 'code', example: 'process.env', note: '-p runs the JavaScript given on the command line and prints its value' },
  { role: 'loader', options: ['-r', '--preload', '--require', '--import'], example: './hook.ts', note: '--preload runs a module before the script' },
  { role: 'loader', options: ['-c', '--config'], example: 'bunfig.toml', note: '--config reads a bunfig file, which can preload scripts' },
  { role: 'listener', options: ['--inspect', '--inspect-brk', '--inspect-wait'], example: '0.0.0.0:6499', note: '--inspect opens a debugger port through which anyone who reaches it can run code' },
];

const BUN_ROW: ProgramRow = {
  names: ['bun'],
  category: 'interpreter',
  what: 'the Bun JavaScript runtime, bundler and package manager',
  // `bun run -` reads the program from standard input.
  stdinCode: true,
  grammar: BUN_GRAMMAR,
  options: BUN_RUNTIME_ROLES,
  plain: ['index.ts', 'dev', '--watch index.ts', '--version', 'run build', 'test'],
  subcommands: {
    run: { grammar: BUN_GRAMMAR, options: BUN_RUNTIME_ROLES, plain: ['dev', 'build', 'script.ts', '--watch server.ts'] },
    test: { grammar: BUN_GRAMMAR, options: BUN_RUNTIME_ROLES, plain: ['', '--watch', 'src/parse.test.ts'] },
    x: { grammar: BUN_GRAMMAR, wrapper: { peel: false, note: '`bun x` runs a package\'s command, downloading it when missing' } },
    exec: { grammar: BUN_GRAMMAR, operands: [{ role: 'executor', operand: 0, payload: 'shell-text', example: 'rm -rf build', note: '`bun exec` runs the given text with Bun\'s shell' }] },
    create: { role: { role: 'executor', note: '`bun create` downloads a template package and runs its setup' } },
    c: { role: { role: 'executor', note: '`bun c` downloads a template package and runs its setup' } },
    upgrade: { role: { role: 'network', note: '`bun upgrade` downloads a new bun and replaces the running binary' } },
    publish: { role: { role: 'network', note: '`bun publish` uploads the package to the registry', publishes: true } },
    install: { grammar: BUN_GRAMMAR, options: [{ role: 'writer', options: ['-g', '--global'], note: '--global installs packages and their commands for the whole user' }], plain: ['', '--frozen-lockfile', '--production'] },
    i: { grammar: BUN_GRAMMAR, options: [{ role: 'writer', options: ['-g', '--global'], note: '--global installs packages and their commands for the whole user' }], plain: [''] },
    add: { grammar: BUN_GRAMMAR, options: [{ role: 'writer', options: ['-g', '--global'], note: '--global installs packages and their commands for the whole user' }], plain: ['zod', '-d typescript'] },
    build: { grammar: BUN_GRAMMAR, options: [{ role: 'writer', options: ['--outfile', '--outdir'], everyday: true, note: '--outdir names where the bundle is written' }], plain: ['./index.ts', './index.ts --minify'] },
    pm: {
      subcommands: {
        trust: { role: { role: 'executor', note: '`bun pm trust` lets packages run their install scripts, and runs them' } },
        cache: { subcommands: { rm: { role: { role: 'destructive', note: '`bun pm cache rm` deletes the package cache' } } } },
        ...Object.fromEntries(['bin', 'default-trusted', 'hash', 'hash-print', 'hash-string', 'ls', 'untrusted', 'whoami'].map((name) => [name, {}])),
      },
      plain: ['ls', 'bin'],
    },
    repl: { grammar: BUN_GRAMMAR, plain: [''] },
    // Not listed: `link` (puts a package in the user's global folder), `patch`; any other word is a
    // script or file bun runs.
    ...Object.fromEntries(['audit', 'info', 'init', 'outdated', 'remove', 'rm', 'update', 'why'].map((name) => [name, { grammar: BUN_GRAMMAR }])),
  },
};

// ---------------------------------------------------------------------------------------------
// perl, cpan, perlbug
// ---------------------------------------------------------------------------------------------

const PERL_ROW: ProgramRow = {
  names: ['perl'],
  category: 'interpreter',
  what: 'the Perl interpreter',
  stdinCode: true,
  grammar: {
    // -l and -0 take octal digits attached (`-l015`, `-0777`): read as flags, digits included, so
    // that `-lane CODE` still reads -e.
    short: 'eEI',
    shortAttached: 'MmidDxCVF',
    flags: 'aclnpsStTuUvwWXh0123456789',
    abbreviations: false,
    stopAtOperand: true,
    long: flagged('help', 'version'),
  },
  options: [
    { role: 'executor', options: ['-e', '-E'], payload: 'code', example: 'exec "/bin/sh"', note: '-e runs the Perl code given on the command line' },
    { role: 'loader', options: ['-M', '-m'], example: 'IO::Socket', note: '-M loads a module (running its import code) before the program' },
    { role: 'loader', options: ['-d'], note: '-d runs the program under the debugger or a Devel:: module, which run code of their own' },
    { role: 'writer', options: ['-i'], note: '-i edits the named files in place' },
  ],
  plain: ['script.pl', 'script.pl --verbose', '-w script.pl', '-c script.pl', '-v', '-I lib script.pl', '-T script.pl'],
};

const CPAN_ROW: ProgramRow = {
  names: ['cpan'],
  category: 'package',
  what: 'the CPAN command line client: installs Perl modules',
  stdinCode: true,
  grammar: { short: 'Mj', flags: 'hvVIgGCADOlLarpPJwxXcfimtTsuF', abbreviations: false, stopAtOperand: true },
  options: [
    { role: 'loader', options: ['-j'], example: 'MyConfig.pm', note: '-j loads a CPAN configuration file, which is Perl code' },
    { role: 'network', options: ['-M'], example: 'https://cpan.example.org/', note: '-M fetches modules from the given mirrors' },
    { role: 'destructive', options: ['-u'], note: '-u upgrades every installed module' },
    { role: 'writer', options: ['-a'], note: '-a writes an autobundle file listing the installed modules' },
    { role: 'writer', options: ['-g', '-G'], note: '-g downloads the distribution into the current folder' },
    { role: 'network', options: ['-p', '-P'], note: '-p pings the CPAN mirrors' },
  ],
  // `cpan Module` downloads, builds (running its Makefile.PL) and installs the module: the job.
  operands: [{ role: 'network', operand: 'every', everyday: true, example: 'Moose', note: 'downloads, builds and installs the named modules' }],
  plain: ['-l', '-v', '-J', '-h'],
};

const PERLBUG_ROW: ProgramRow = {
  names: ['perlbug', 'perlthanks'],
  category: 'misc',
  what: 'writes a bug report or thank-you note about perl and mails or saves it',
  grammar: { short: 'asbfFrecp', flags: 'vCStTdhDE', abbreviations: false, stopAtOperand: true },
  options: [
    { role: 'executor', options: ['-e'], payload: 'shell-text', example: 'vi', note: '-e names the editor command, which is run through the shell' },
    { role: 'writer', options: ['-F'], example: 'perlbug.rep', note: '-F writes the report to the file' },
    { role: 'network', options: ['-S'], note: '-S sends the report without asking' },
    { role: 'network', options: ['-a', '-c'], example: 'someone@example.com', note: '-a mails the report to the given address' },
  ],
  plain: ['-d', '-dv', '-h'],
};

// ---------------------------------------------------------------------------------------------
// ruby, irb, pry, byebug
// ---------------------------------------------------------------------------------------------

const RUBY_ROW: ProgramRow = {
  names: ['ruby'],
  category: 'interpreter',
  what: 'the Ruby interpreter',
  stdinCode: true,
  grammar: {
    short: 'eIrCFE',
    shortAttached: 'WTxiK0',
    flags: 'acdhlnpsSuUvwy',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('enable', 'disable', 'dump', 'encoding', 'external-encoding', 'internal-encoding', 'backtrace-limit', 'crash-report', 'parser'),
      ...flagged('version', 'verbose', 'copyright', 'help', 'jit', 'yjit', 'rjit', 'disable-gems', 'disable-did_you_mean', 'disable-all', 'enable-all'),
    },
  },
  options: [
    { role: 'executor', options: ['-e'], payload: 'code', example: 'exec "/bin/sh"', note: '-e runs the Ruby code given on the command line' },
    { role: 'loader', options: ['-r'], example: 'socket', note: '-r requires a library (running its code) before the program' },
    { role: 'listener', options: ['-r'], when: (v) => v === null || v === 'un', example: 'un', note: '-run loads the un library, whose httpd command serves the folder to the network' },
    { role: 'writer', options: ['-i'], note: '-i edits the named files in place' },
  ],
  plain: ['script.rb', '-w script.rb', '-c script.rb', '--version', '-I lib script.rb', 'bin/setup'],
};

const IRB_ROW: ProgramRow = {
  names: ['irb'],
  category: 'interpreter',
  what: 'the interactive Ruby prompt',
  stdinCode: true,
  grammar: {
    short: 'rIE',
    shortAttached: 'W',
    flags: 'fdUwvh',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('context-mode', 'prompt', 'prompt-mode', 'back-trace-limit'),
      ...flagged('echo', 'noecho', 'echo-on-assignment', 'noecho-on-assignment', 'truncate-echo-on-assignment', 'inspect', 'noinspect', 'multiline', 'nomultiline', 'singleline', 'nosingleline', 'colorize', 'nocolorize', 'autocomplete', 'noautocomplete', 'verbose', 'noverbose', 'simple-prompt', 'noprompt', 'single-irb', 'tracer', 'inf-ruby-mode', 'sample-book-mode', 'version', 'help', 'extra-doc-dir', 'regexp-completor', 'type-completor'),
    },
  },
  options: [{ role: 'loader', options: ['-r'], example: 'socket', note: '-r requires a library (running its code) before the prompt' }],
  plain: ['', '--simple-prompt', '-f', '--version', '--noecho'],
};

const PRY_ROW: ProgramRow = {
  names: ['pry'],
  category: 'interpreter',
  what: 'the Pry interactive Ruby prompt',
  stdinCode: true,
  grammar: {
    short: 'ercIsd',
    flags: 'fvh',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('exec', 'require', 'context', 'select-plugin', 'disable-plugin'),
      ...flagged('no-pager', 'no-history', 'no-color', 'no-plugins', 'plugins', 'installed-plugins', 'simple-prompt', 'noprompt', 'gem', 'version', 'help'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--exec'], payload: 'code', example: 'exec "/bin/sh"', note: '-e runs the Ruby code given on the command line before the prompt' },
    { role: 'executor', options: ['-c', '--context'], payload: 'code', example: 'system("id")', note: '--context evaluates the given Ruby expression to find the session\'s object' },
    { role: 'loader', options: ['-r', '--require'], example: './boot.rb', note: '-r requires a file (running its code) before the prompt' },
  ],
  plain: ['', '--simple-prompt', '-f', '--version', '--no-pager'],
};

const BYEBUG_ROW: ProgramRow = {
  names: ['byebug'],
  category: 'debugger',
  what: 'the byebug Ruby debugger',
  // Its prompt evaluates the Ruby typed at it. GTFOBins' entry (`byebug --no-stop script.rb`) runs
  // a named script: the job.
  stdinCode: true,
  grammar: {
    short: 'IrR',
    flags: 'dmqxstvh',
    // OptionParser accepts any unambiguous prefix of a long option.
    abbreviations: true,
    long: {
      ...valued('include', 'require', 'remote'),
      ...flagged('debug', 'post-mortem', 'no-post-mortem', 'quit', 'no-quit', 'rc', 'no-rc', 'stop', 'no-stop', 'trace', 'no-trace', 'version', 'help'),
    },
  },
  options: [
    { role: 'loader', options: ['-r', '--require'], example: './boot.rb', note: '-r requires a file (running its code) before the script' },
    { role: 'network', options: ['-R', '--remote'], example: 'example.com:8989', note: '--remote connects to a byebug server on another host' },
  ],
  plain: ['script.rb', '--no-stop script.rb', '-I lib script.rb', '--version'],
};

// ---------------------------------------------------------------------------------------------
// php, php-cgi
// ---------------------------------------------------------------------------------------------

/** php.ini settings (given with `-d`) that make PHP load or run code of its choosing. */
const PHP_CODE_SETTING = /^\s*(auto_prepend_file|auto_append_file|extension|zend_extension|extension_dir|opcache\.preload|ffi\.preload|unserialize_callback_func|xdebug\.|user_ini\.filename)/i;

const PHP_INI_ROLES: readonly OptionRole[] = [
  {
    role: 'loader',
    options: ['-d', '--define'],
    when: (v) => v === null || PHP_CODE_SETTING.test(v),
    example: 'auto_prepend_file=/tmp/x.php',
    note: '-d sets a php.ini entry that loads code (a prepended script or an extension)',
  },
  {
    role: 'executor',
    options: ['-d', '--define'],
    when: (v) => v === null || /^\s*sendmail_path\s*=/i.test(v),
    payload: 'shell-text',
    payloadText: (v) => v.slice(v.indexOf('=') + 1),
    example: 'sendmail_path=/tmp/x',
    note: '-d sendmail_path= names a command that mail() runs through the shell',
  },
  { role: 'loader', options: ['-c', '--php-ini'], example: '/tmp/php.ini', note: '-c reads the given php.ini, which can prepend scripts or load extensions' },
  { role: 'loader', options: ['-z', '--zend-extension'], example: '/tmp/x.so', note: '-z loads a Zend extension library' },
];

const PHP_ROW: ProgramRow = {
  names: ['php'],
  category: 'interpreter',
  what: 'the PHP command line interpreter',
  stdinCode: true,
  grammar: {
    short: 'cdfrBREFSzt',
    flags: 'aCehHilmnqsvw',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('php-ini', 'define', 'file', 'run', 'process-begin', 'process-code', 'process-file', 'process-end', 'zend-extension', 'server', 'docroot', 'rf', 'rfunction', 'rc', 'rclass', 're', 'rextension', 'rz', 'rzendextension', 'ri', 'rextinfo'),
      ...flagged('no-php-ini', 'syntax-highlight', 'syntax-highlighting', 'strip', 'lint', 'interactive', 'info', 'modules', 'version', 'help', 'hide-args', 'ini', 'no-chdir', 'no-header'),
    },
  },
  options: [
    { role: 'executor', options: ['-r', '--run'], payload: 'code', example: 'system("id");', note: '-r runs the PHP code given on the command line' },
    { role: 'executor', options: ['-B', '--process-begin', '-R', '--process-code', '-E', '--process-end'], payload: 'code', example: 'system("id");', note: '-R runs the given PHP code for every input line (-B before, -E after)' },
    ...PHP_INI_ROLES,
    { role: 'listener', options: ['-S', '--server'], when: (v) => v === null || !/^(localhost|127\.[0-9.]+|\[::1\])(:[0-9]+)?$/.test(v), example: '0.0.0.0:8000', note: '-S on an address other than loopback starts the built-in web server, which runs the folder\'s PHP files for whoever connects' },
  ],
  // `-S ADDR` on a network address publishes its document root (`-t DIR`, the current folder by default): fileServers.ts.
  read: servesFolder('php -S', { folderOptions: ['-t', '--docroot'], bindOptions: ['-S', '--server'], loopbackDefault: true, operand: false }),
  plain: ['script.php', '-l index.php', '-v', '-m', '-d memory_limit=512M script.php', 'vendor/bin/phpunit', '-f script.php'],
};

const PHP_CGI_ROW: ProgramRow = {
  names: ['php-cgi'],
  category: 'interpreter',
  what: 'the CGI and FastCGI build of the PHP interpreter',
  stdinCode: true,
  grammar: { short: 'bcdfzT', flags: 'aCehilmnqsvw', abbreviations: false, stopAtOperand: true },
  options: [
    { role: 'listener', options: ['-b'], example: '0.0.0.0:9000', note: '-b binds a FastCGI server to the address, running PHP for whoever connects' },
    ...PHP_INI_ROLES.map((role) => ({ ...role, options: role.options.filter((o) => !o.startsWith('--')) })),
  ],
  plain: ['index.php', '-v', '-q index.php', '-f index.php'],
};

// ---------------------------------------------------------------------------------------------
// lua, luajit
// ---------------------------------------------------------------------------------------------

const LUA_ROW: ProgramRow = {
  names: ['lua'],
  category: 'interpreter',
  what: 'the Lua interpreter',
  stdinCode: true,
  grammar: { short: 'el', flags: 'ivEW', abbreviations: false, stopAtOperand: true },
  options: [
    { role: 'executor', options: ['-e'], payload: 'code', example: 'os.execute("/bin/sh")', note: '-e runs the Lua code given on the command line' },
    { role: 'loader', options: ['-l'], example: 'socket', note: '-l requires a library (running its code) before the script' },
  ],
  plain: ['script.lua', '-v', 'script.lua arg1', '-W script.lua'],
};

const LUAJIT_ROW: ProgramRow = {
  names: ['luajit'],
  category: 'interpreter',
  what: 'the LuaJIT just-in-time Lua interpreter',
  stdinCode: true,
  grammar: { short: 'elj', shortAttached: 'O', flags: 'ivEb', abbreviations: false, stopAtOperand: true },
  options: [
    { role: 'executor', options: ['-e'], payload: 'code', example: 'os.execute("/bin/sh")', note: '-e runs the Lua code given on the command line' },
    { role: 'loader', options: ['-l'], example: 'socket', note: '-l requires a library (running its code) before the script' },
    {
      role: 'loader',
      options: ['-j'],
      when: (v) => v === null || !/^(on|off|flush)$/.test(v),
      example: 'dump=/tmp/x',
      note: '-j with a command loads a jit.* module, which may write a log file',
    },
    { role: 'writer', options: ['-b'], note: '-b compiles a script and writes the bytecode to the output file' },
  ],
  plain: ['script.lua', '-v', '-O3 script.lua', '-joff script.lua'],
};

// ---------------------------------------------------------------------------------------------
// tclsh, wish, expect
// ---------------------------------------------------------------------------------------------

const TCLSH_ROW: ProgramRow = {
  names: ['tclsh'],
  category: 'interpreter',
  what: 'the Tcl shell',
  // No inline-code option: the GTFOBins functions (a shell, `load` of a library, a reverse shell)
  // are Tcl typed on standard input.
  stdinCode: true,
  grammar: { singleDash: true, abbreviations: false, stopAtOperand: true, long: valued('encoding') },
  plain: ['', 'script.tcl', 'script.tcl arg', '-encoding utf-8 script.tcl'],
};

const WISH_ROW: ProgramRow = {
  names: ['wish'],
  category: 'interpreter',
  what: 'the Tcl shell with the Tk window toolkit',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: { ...valued('display', 'geometry', 'name', 'use', 'visual', 'colormap', 'encoding'), ...flagged('sync', 'help') },
  },
  plain: ['', 'app.tcl', '-name demo app.tcl', '-geometry 800x600 app.tcl'],
};

const EXPECT_ROW: ProgramRow = {
  names: ['expect'],
  category: 'interpreter',
  what: 'the Expect Tcl interpreter that drives interactive programs',
  stdinCode: true,
  grammar: { short: 'cfbD', flags: 'dinNvh', abbreviations: false, stopAtOperand: true },
  options: [{ role: 'executor', options: ['-c'], payload: 'code', example: 'spawn /bin/sh; interact', note: '-c runs the Expect commands given on the command line' }],
  plain: ['script.exp', '-f script.exp', '-d script.exp', '-v'],
};

// ---------------------------------------------------------------------------------------------
// R, Rscript
// ---------------------------------------------------------------------------------------------

const R_LONG = {
  ...valued('file', 'encoding', 'debugger', 'debugger-args', 'gui', 'min-vsize', 'max-vsize', 'min-nsize', 'max-nsize', 'max-ppsize', 'max-connections', 'max-mem-size', 'arch', 'default-packages'),
  ...flagged('save', 'no-save', 'no-environ', 'no-site-file', 'no-init-file', 'restore', 'no-restore', 'no-restore-data', 'no-restore-history', 'vanilla', 'quiet', 'silent', 'no-echo', 'slave', 'interactive', 'verbose', 'args', 'no-readline', 'version', 'help'),
};

const R_ROW: ProgramRow = {
  names: ['r'],
  category: 'interpreter',
  what: 'the R statistics language',
  stdinCode: true,
  grammar: { short: 'edgf', flags: 'qsh', abbreviations: false, long: R_LONG },
  options: [
    { role: 'executor', options: ['-e'], payload: 'code', example: 'system("/bin/sh")', note: '-e runs the R code given on the command line' },
    { role: 'executor', options: ['-d', '--debugger'], payload: 'program', example: 'gdb', note: '--debugger runs R under the named debugger program' },
  ],
  plain: ['--vanilla', '--no-save -q', '--version', '-f analysis.R', '--no-save --file=analysis.R'],
  subcommands: {
    CMD: {
      subcommands: {
        INSTALL: { role: { role: 'loader', note: '`R CMD INSTALL` installs a package into the library, running its configure and build scripts' } },
        REMOVE: { role: { role: 'destructive', note: '`R CMD REMOVE` deletes installed packages' } },
      },
      plain: ['BATCH analysis.R', 'check mypkg_1.0.tar.gz', 'build mypkg'],
    },
  },
};

const RSCRIPT_ROW: ProgramRow = {
  names: ['rscript'],
  category: 'interpreter',
  what: 'runs R scripts',
  // `Rscript -` reads the program from standard input.
  stdinCode: true,
  grammar: { short: 'e', abbreviations: false, stopAtOperand: true, long: R_LONG },
  options: [{ role: 'executor', options: ['-e'], payload: 'code', example: 'system("/bin/sh")', note: '-e runs the R code given on the command line' }],
  plain: ['script.R', '--vanilla script.R', 'script.R input.csv', '--version'],
};

// ---------------------------------------------------------------------------------------------
// julia, octave, gnuplot
// ---------------------------------------------------------------------------------------------

const JULIA_ROW: ProgramRow = {
  names: ['julia'],
  category: 'interpreter',
  what: 'the Julia language',
  stdinCode: true,
  grammar: {
    short: 'eELJCHtpmP',
    shortAttached: 'Og',
    flags: 'vhqi',
    // getopt_long with a leading `+`: options stop at the program file, prefixes are accepted.
    abbreviations: true,
    stopAtOperand: true,
    long: {
      ...valued(
        'eval', 'print', 'post-boot', 'load', 'sysimage', 'cpu-target', 'home', 'threads', 'gcthreads', 'procs', 'machine-file', 'machinefile', 'startup-file',
        'sysimage-native-code', 'compiled-modules', 'pkgimages', 'handle-signals', 'history-file', 'banner', 'color', 'compile',
        'depwarn', 'inline', 'check-bounds', 'math-mode', 'bug-report', 'heap-size-hint', 'trace-compile', 'output-o', 'output-bc',
        'output-unopt-bc', 'output-jit-bc', 'output-ji', 'output-asm', 'output-incremental', 'image-codegen', 'module',
        'warn-overwrite', 'warn-scope', 'min-optlevel',
      ),
      ...flagged('version', 'help', 'help-hidden', 'quiet', 'interactive', 'lisp'),
      project: 'optional', optimize: 'optional', 'debug-info': 'optional', 'code-coverage': 'optional', 'track-allocation': 'optional', worker: 'optional',
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--eval', '-E', '--print', '-P', '--post-boot'], payload: 'code', example: 'run(`/bin/sh`)', note: '-e runs the Julia code given on the command line' },
    { role: 'loader', options: ['-L', '--load'], example: 'setup.jl', note: '-L runs the given file before the program' },
    { role: 'loader', options: ['-J', '--sysimage'], example: 'custom.so', note: '--sysimage starts from the given system image, which holds compiled code' },
    { role: 'network', options: ['--machine-file', '--machinefile'], example: 'hosts.txt', note: '--machine-file starts workers on the listed hosts over ssh' },
    { role: 'network', options: ['--bug-report'], example: 'rr', note: '--bug-report records the session and uploads it' },
    {
      role: 'writer',
      options: ['--output-o', '--output-bc', '--output-unopt-bc', '--output-jit-bc', '--output-ji', '--output-asm', '--trace-compile'],
      when: (v) => v === null || v !== 'stderr',
      example: 'out.o',
      note: 'writes compiled output or a compile trace to the given file',
    },
  ],
  plain: ['script.jl', '--project=. script.jl', '-t 4 script.jl', '--version', '-q', '--startup-file=no script.jl'],
};

const OCTAVE_ROW: ProgramRow = {
  names: ['octave', 'octave-cli'],
  category: 'interpreter',
  what: 'GNU Octave, a MATLAB-like numeric language',
  stdinCode: true,
  grammar: {
    short: 'p',
    flags: 'qfxiWHVvdh',
    abbreviations: true,
    long: {
      ...valued('eval', 'path', 'exec-path', 'image-path', 'info-file', 'info-program', 'doc-cache-file', 'texi-macros-file', 'built-in-docstrings-file'),
      ...flagged('persist', 'quiet', 'silent', 'norc', 'no-init-file', 'no-init-path', 'no-site-file', 'echo-commands', 'interactive', 'no-window-system', 'no-gui', 'gui', 'no-history', 'verbose', 'version', 'traditional', 'braindead', 'line-editing', 'no-line-editing', 'debug', 'debug-jit', 'jit-compiler', 'no-jit', 'help', 'no-init-all', 'server'),
    },
  },
  options: [
    { role: 'executor', options: ['--eval'], payload: 'code', example: 'system("/bin/sh")', note: '--eval runs the Octave code given on the command line' },
    { role: 'executor', options: ['--info-program'], payload: 'program', example: '/tmp/x', note: '--info-program names the program run to show documentation' },
  ],
  plain: ['script.m', '--no-gui', '-q script.m', '--version', '--no-gui --norc script.m'],
};

const GNUPLOT_ROW: ProgramRow = {
  names: ['gnuplot'],
  category: 'interpreter',
  what: 'the gnuplot plotting program and its command language',
  stdinCode: true,
  grammar: {
    short: 'ec',
    flags: 'pdsVh',
    abbreviations: false,
    long: flagged('persist', 'default-settings', 'slow', 'version', 'help'),
  },
  options: [{ role: 'executor', options: ['-e'], payload: 'code', example: 'system("/bin/sh")', note: '-e runs the gnuplot commands given on the command line (they can run shell commands)' }],
  plain: ['plot.gp', '-p plot.gp', '-c script.gp 1 2', '--version'],
};

// ---------------------------------------------------------------------------------------------
// ghc, ghci, runghc
// ---------------------------------------------------------------------------------------------

/** GHC's options that name a program run as a phase of the compilation. */
const GHC_PGM = ['-pgmF', '-pgmL', '-pgmP', '-pgmc', '-pgmcxx', '-pgma', '-pgml', '-pgmlm', '-pgmdll', '-pgmwindres', '-pgmlibtool', '-pgms', '-pgmlo', '-pgmlc', '-pgmi', '-pgmranlib', '-pgmar', '-pgmotool', '-pgminstall_name_tool', '-pgmjs'];

const GHC_GRAMMAR: Grammar = {
  singleDash: true,
  abbreviations: false,
  long: {
    ...valued('e', 'o', 'odir', 'hidir', 'stubdir', 'dumpdir', 'outputdir', 'hiedir', 'package', 'package-id', 'package-db', 'x', 'framework', 'framework-path', 'ghci-script', 'fplugin', 'fplugin-opt', 'this-unit-id', 'main-is', 'osuf', 'hisuf', 'hcsuf', 'tmpdir', 'working-dir', 'unit', 'home-unit'),
    ...Object.fromEntries(GHC_PGM.map((p) => [p.slice(1), 'value' as const])),
    ...flagged('interactive', 'make', 'c', 'S', 'E', 'M', 'O', 'O0', 'O1', 'O2', 'Wall', 'Werror', 'w', 'threaded', 'dynamic', 'static', 'shared', 'v', 'v0', 'v1', 'v2', 'version', 'numeric-version', 'info', 'supported-languages', 'help', 'no-link', 'rtsopts', 'prof', 'fforce-recomp', 'no-keep-hi-files', 'no-keep-o-files', 'F', 'cpp', 'XTemplateHaskell'),
  },
};

const GHC_CODE_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: ['-e'], payload: 'code', example: 'System.Process.callCommand "/bin/sh"', note: '-e runs the Haskell expression given on the command line' },
  { role: 'executor', options: GHC_PGM, payload: 'program', example: '/tmp/x', note: '-pgm names a program run as a compilation phase (preprocessor, compiler, linker)' },
  { role: 'loader', options: ['-fplugin'], example: 'My.Plugin', note: '-fplugin loads a compiler plugin, which runs code while compiling' },
  { role: 'loader', options: ['-ghci-script'], example: 'setup.ghci', note: '-ghci-script runs the given GHCi script' },
];

const GHC_ROW: ProgramRow = {
  names: ['ghc'],
  category: 'build',
  what: 'the Glasgow Haskell compiler',
  grammar: GHC_GRAMMAR,
  options: [
    ...GHC_CODE_ROLES,
    { role: 'executor', options: ['--interactive'], payload: 'code', note: '--interactive starts GHCi, which runs the Haskell it reads' },
    { role: 'writer', options: ['-o'], everyday: true, example: 'app', note: '-o names the program written' },
  ],
  plain: ['Main.hs', '--make Main.hs', '-O2 Main.hs', '--version', '-Wall -c Foo.hs'],
};

const GHCI_ROW: ProgramRow = {
  names: ['ghci'],
  category: 'interpreter',
  what: 'the interactive Haskell prompt of GHC',
  stdinCode: true,
  grammar: GHC_GRAMMAR,
  options: GHC_CODE_ROLES,
  plain: ['', 'Main.hs', '-v0', '--version'],
};

const RUNGHC_ROW: ProgramRow = {
  names: ['runghc', 'runhaskell'],
  category: 'interpreter',
  what: 'runs a Haskell program without compiling it first',
  // Without a file it reads the program from standard input (not verified on every version).
  stdinCode: true,
  grammar: { short: 'f', abbreviations: false, stopAtOperand: true, long: { ...valued('ghc-arg', 'ghc'), ...flagged('help', 'version') } },
  options: [
    { role: 'executor', options: ['-f', '--ghc'], payload: 'program', example: '/tmp/x', note: '-f names the program used as the compiler' },
    {
      role: 'executor',
      options: ['--ghc-arg'],
      when: (v) => v === null || /^-(e|pgm|fplugin|ghci-script)/.test(v),
      example: '-e',
      note: '--ghc-arg passes GHC an option that runs code or a program',
    },
  ],
  plain: ['Main.hs', 'Main.hs arg', 'script.hs --flag'],
};

// ---------------------------------------------------------------------------------------------
// erl, escript, elixir, iex
// ---------------------------------------------------------------------------------------------

const ERL_ROW: ProgramRow = {
  names: ['erl'],
  category: 'interpreter',
  what: 'the Erlang runtime and shell',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('eval', 's', 'run', 'S', 'name', 'sname', 'setcookie', 'pa', 'pz', 'boot', 'config', 'mode', 'env', 'args_file', 'remsh', 'kernel', 'man', 'boot_var', 'code_path_choice', 'emu_type', 'hosts', 'id', 'proto_dist', 'epmd_module', 'stdlib', 'sasl', 'start_epmd'),
      ...flagged('noshell', 'noinput', 'detached', 'heart', 'hidden', 'extra', 'compile', 'make', 'nostick', 'version', 'oldshell', 'smp', 'connect_all', 'init_debug', 'emu_args', 'nouser'),
    },
  },
  options: [
    { role: 'executor', options: ['-eval'], payload: 'code', example: 'os:cmd("id")', note: '-eval runs the Erlang expression given on the command line' },
    { role: 'executor', options: ['-s', '-run', '-S'], payload: 'code', example: 'os', note: '-s calls a function of the named module at start' },
    { role: 'loader', options: ['-args_file'], example: 'vm.args', note: '-args_file reads more options (code to run included) from a file' },
    { role: 'loader', options: ['-boot'], example: 'start', note: '-boot starts the node from the given boot script' },
    { role: 'listener', options: ['-name', '-sname'], example: 'node1', note: '-name starts a distributed node that others holding the cookie can run code on' },
    { role: 'network', options: ['-remsh'], example: 'node1@host', note: '-remsh opens a shell on another Erlang node' },
  ],
  plain: ['', '-pa ebin', '-noshell -pa _build/default/lib/app/ebin', '-config sys.config'],
};

const ESCRIPT_ROW: ProgramRow = {
  names: ['escript'],
  category: 'interpreter',
  what: 'runs Erlang scripts',
  grammar: { flags: 'cdisn', abbreviations: false, stopAtOperand: true },
  plain: ['script.escript', 'script.escript arg', '-s script.escript'],
};

const ELIXIR_GRAMMAR: Grammar = {
  singleDash: true,
  abbreviations: false,
  stopAtOperand: true,
  long: {
    ...valued('e', 'eval', 'r', 'pr', 'pa', 'pz', 'S', 'app', 'cookie', 'sname', 'name', 'boot', 'boot-var', 'erl', 'erl-config', 'vm-args', 'logger-otp-reports', 'logger-sasl-reports', 'rpc-eval', 'dot-iex', 'remsh'),
    ...flagged('v', 'version', 'short-version', 'help', 'h', 'no-halt', 'hidden', 'werl', 'no-pry'),
  },
};

const ELIXIR_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: ['-e', '--eval'], payload: 'code', example: 'System.cmd("id", [])', note: '-e runs the Elixir code given on the command line' },
  { role: 'executor', options: ['--rpc-eval'], example: 'node1@host', note: '--rpc-eval runs the code that follows the node name on that node' },
  { role: 'loader', options: ['-r', '-pr'], example: 'setup.exs', note: '-r requires the given files (running them) before the script' },
  { role: 'loader', options: ['--erl-config', '--vm-args', '--boot'], example: 'vm.args', note: 'reads VM settings from a file, which can run code at start' },
  {
    role: 'executor',
    options: ['--erl'],
    when: (v) => v === null || /-(eval|s|run|S|args_file)\b/.test(v),
    payload: 'code',
    example: '-eval os:cmd("id")',
    note: '--erl passes the Erlang VM switches that run code',
  },
  { role: 'listener', options: ['--sname', '--name'], example: 'node1', note: '--sname starts a distributed node that others holding the cookie can run code on' },
];

const ELIXIR_ROW: ProgramRow = {
  names: ['elixir'],
  category: 'interpreter',
  what: 'the Elixir language',
  grammar: ELIXIR_GRAMMAR,
  options: ELIXIR_ROLES,
  plain: ['script.exs', '-v', '--version', 'script.exs arg', '-pa _build/dev/lib/app/ebin script.exs'],
};

const IEX_ROW: ProgramRow = {
  names: ['iex'],
  category: 'interpreter',
  what: 'the interactive Elixir shell',
  stdinCode: true,
  grammar: ELIXIR_GRAMMAR,
  options: [
    ...ELIXIR_ROLES,
    { role: 'loader', options: ['--dot-iex'], example: 'setup.iex.exs', note: '--dot-iex runs the given file at start instead of .iex.exs' },
    { role: 'network', options: ['--remsh'], example: 'node1@host', note: '--remsh opens a shell on another node' },
  ],
  plain: ['', '-S mix', 'script.exs', '--version'],
};

// ---------------------------------------------------------------------------------------------
// java and the JDK's script tools, scala, groovy, kotlin
// ---------------------------------------------------------------------------------------------

const JAVA_ROW: ProgramRow = {
  names: ['java'],
  category: 'interpreter',
  what: 'the Java virtual machine launcher',
  // GTFOBins' shell for java is a class file it runs (`java Shell`): running a named class or jar is the job.
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('cp', 'classpath', 'class-path', 'p', 'module-path', 'upgrade-module-path', 'add-modules', 'enable-native-access', 'limit-modules', 'patch-module', 'add-reads', 'add-exports', 'add-opens', 'source', 'describe-module', 'd', 'm', 'module'),
      ...flagged('jar', 'version', 'showversion', 'show-version', 'help', 'h', '?', 'ea', 'da', 'esa', 'dsa', 'enableassertions', 'disableassertions', 'verbose', 'server', 'client', 'list-modules', 'show-module-resolution', 'dry-run', 'validate-modules', 'enable-preview', 'disable-@files', 'X', 'Xshare:auto', 'Xshare:off', 'Xint', 'Xcomp', 'Xmixed'),
    },
  },
  // `-javaagent:`, `-agentlib:`, `-XX:OnError=` and the rest are whole words the grammar cannot key.
  read: javaRead('java', () => JAVA_ROW.grammar!),
  operands: [{ role: 'loader', operand: 0, when: (t) => t === null || t.startsWith('@'), example: '@options.txt', note: 'an @file operand reads more java options, which may load agents' }],
  plain: ['-jar app.jar', '-cp build/classes com.example.Main', 'Main.java', '-Xmx2g -jar app.jar', '--version', '-Dspring.profiles.active=dev -jar app.jar'],
};

const JSHELL_ROW: ProgramRow = {
  names: ['jshell'],
  category: 'interpreter',
  what: 'the interactive Java prompt',
  stdinCode: true,
  grammar: {
    shortAttached: 'JRC',
    flags: 'qsvhX',
    abbreviations: false,
    long: {
      ...valued('class-path', 'module-path', 'add-modules', 'add-exports', 'startup', 'feedback', 'execution'),
      ...flagged('enable-preview', 'no-startup', 'version', 'show-version', 'help', 'help-extra'),
    },
  },
  options: [
    { role: 'loader', options: ['--startup'], example: 'setup.jsh', note: '--startup runs the given startup scripts before the prompt' },
    {
      role: 'network',
      options: ['--execution'],
      when: (v) => v === null || /hostname|launch\(false\)|remote/i.test(v),
      example: 'jdi:hostname(example.com),launch(false)',
      note: '--execution runs the snippets in a JVM on another host',
    },
  ],
  read: (args, reading) => {
    const out: Form[] = [];
    for (const option of reading.options) {
      if ((option.key === 'J' || option.key === 'R') && option.value !== null) {
        const value = text(option.value);
        if (value !== null) out.push(...jvmOptionForms('jshell', args, option.index, value));
      }
    }
    return out;
  },
  plain: ['', 'script.jsh', '-q', '--class-path lib/x.jar', '--version'],
};

const JJS_ROW: ProgramRow = {
  names: ['jjs'],
  category: 'interpreter',
  what: 'the Nashorn JavaScript shell of older JDKs',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('cp', 'classpath', 't', 'timezone', 'language', 'module-path', 'add-modules', 'locale'),
      ...flagged('scripting', 'strict', 'fx', 'doe', 'dump-on-error', 'fv', 'fullversion', 'v', 'version', 'h', 'help', 'ot', 'optimistic-types'),
    },
  },
  read: jvmPassThroughRead('jjs', () => JJS_ROW.grammar!),
  plain: ['', 'script.js', '-scripting script.js', '-version'],
};

const JRUNSCRIPT_ROW: ProgramRow = {
  names: ['jrunscript'],
  category: 'interpreter',
  what: 'the JDK\'s command line script runner',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: { ...valued('classpath', 'cp', 'l', 'e', 'encoding', 'f'), ...flagged('q', 'help', 'h', '?') },
  },
  options: [{ role: 'executor', options: ['-e'], payload: 'code', example: 'exec("/bin/sh")', note: '-e runs the script given on the command line' }],
  read: jvmPassThroughRead('jrunscript', () => JRUNSCRIPT_ROW.grammar!),
  plain: ['script.js', '-l js script.js', '-q', '-f script.js'],
};

const SCALA_ROW: ProgramRow = {
  names: ['scala'],
  category: 'interpreter',
  what: 'the Scala runner and REPL',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('e', 'i', 'cp', 'classpath', 'toolcp', 'execute-script', 'execute-scala', 'execute-java', 'script-snippet', 'scala-snippet', 'java-snippet', 'dep', 'dependency', 'S', 'scala-version', 'repository', 'r', 'main-class', 'M', 'java-opt', 'O', 'jvm', 'workspace'),
      ...flagged('nc', 'save', 'version', 'help', 'h', 'power', 'howtorun:script', 'howtorun:object', 'howtorun:jar'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--execute-script', '--execute-scala', '--execute-java', '--script-snippet', '--scala-snippet', '--java-snippet'], payload: 'code', example: 'sys.process.Process("id").!', note: '-e runs the Scala code given on the command line' },
    { role: 'loader', options: ['-i'], example: 'setup.sc', note: '-i loads the given file into the REPL first' },
  ],
  read: jvmPassThroughRead('scala', () => SCALA_ROW.grammar!),
  plain: ['script.sc', 'Main.scala', '-version', 'run .', 'compile .'],
};

const GROOVY_ROW: ProgramRow = {
  names: ['groovy'],
  category: 'interpreter',
  what: 'the Groovy language for the JVM',
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: {
      // Clusters of -n/-p/-i with -e (`-ne CODE`) are spelled out: the grammar reads whole words.
      ...valued('e', 'ne', 'pe', 'ie', 'cp', 'classpath', 'c', 'encoding', 'b', 'basescript', 'configscript', 'disableopt'),
      ...flagged('n', 'p', 'i', 'l', 'a', 'd', 'debug', 'v', 'version', 'h', 'help', 'pa', 'parameters', 'pr', 'enable-preview', 'compile-static', 'type-checked', 'indy'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '-ne', '-pe', '-ie'], payload: 'code', example: '"id".execute()', note: '-e runs the Groovy code given on the command line' },
    { role: 'writer', options: ['-i', '-ie'], note: '-i edits the processed files in place' },
    { role: 'listener', options: ['-l'], note: '-l listens on a port and runs the script for every line received' },
    { role: 'loader', options: ['--configscript'], example: 'config.groovy', note: '--configscript runs a compiler configuration script' },
  ],
  read: jvmPassThroughRead('groovy', () => GROOVY_ROW.grammar!),
  plain: ['script.groovy', '-cp lib/x.jar script.groovy', '--version', 'script.groovy arg1'],
};

const KOTLIN_ROW: ProgramRow = {
  names: ['kotlin'],
  category: 'interpreter',
  what: 'the Kotlin runner and REPL',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: { ...valued('cp', 'classpath', 'e', 'expression', 'howtorun', 'compiler-path'), ...flagged('no-reflect', 'no-stdlib', 'version', 'help', 'h') },
  },
  options: [{ role: 'executor', options: ['-e', '-expression'], payload: 'code', example: 'Runtime.getRuntime().exec("id")', note: '-e runs the Kotlin expression given on the command line' }],
  read: jvmPassThroughRead('kotlin', () => KOTLIN_ROW.grammar!),
  plain: ['app.jar', 'MainKt', '-cp app.jar MainKt', 'script.main.kts', '-version'],
};

// ---------------------------------------------------------------------------------------------
// Lisps, Schemes, OCaml, Prolog, S-Lang
// ---------------------------------------------------------------------------------------------

const CLISP_ROW: ProgramRow = {
  names: ['clisp'],
  category: 'interpreter',
  what: 'GNU CLISP, a Common Lisp',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('B', 'K', 'M', 'm', 't', 'L', 'N', 'E', 'p', 'lp', 'i', 'o', 'x', 'on-error'),
      ...flagged('h', 'help', 'version', 'license', 'q', 'quiet', 'silent', 'v', 'verbose', 'repl', 'w', 'I', 'disable-readline', 'ansi', 'traditional', 'modern', 'C', 'norc', 'c', 'l'),
    },
  },
  options: [
    { role: 'executor', options: ['-x'], payload: 'code', example: '(ext:run-shell-command "/bin/sh")', note: '-x runs the Lisp expressions given on the command line' },
    { role: 'loader', options: ['-i'], example: 'init.lisp', note: '-i loads the given init files first' },
    { role: 'loader', options: ['-M', '-K'], example: 'custom.mem', note: '-M starts from the given memory image, which holds code' },
    { role: 'writer', options: ['-c'], note: '-c compiles the given files, writing compiled files next to them' },
  ],
  plain: ['script.lisp', '-q script.lisp', '--version', '-norc script.lisp'],
};

const GUILE_ROW: ProgramRow = {
  names: ['guile'],
  category: 'interpreter',
  what: 'GNU Guile, a Scheme',
  stdinCode: true,
  grammar: {
    short: 'sclLeCx',
    flags: 'qhv',
    abbreviations: false,
    stopAtOperand: true,
    long: { ...valued('use-srfi', 'language'), ...flagged('no-auto-compile', 'fresh-auto-compile', 'auto-compile', 'debug', 'no-debug', 'help', 'version'), listen: 'optional' },
  },
  options: [
    { role: 'executor', options: ['-c'], payload: 'code', example: '(system "/bin/sh")', note: '-c runs the Scheme expression given on the command line' },
    { role: 'executor', options: ['-e'], payload: 'code', example: 'main', note: '-e calls the named procedure with the command line arguments' },
    { role: 'loader', options: ['-l'], example: 'setup.scm', note: '-l loads the given Scheme file first' },
    { role: 'listener', options: ['--listen'], example: '37146', note: '--listen starts a REPL server on a port or socket' },
  ],
  plain: ['script.scm', '-s script.scm', '--version', '-L . script.scm', '--no-auto-compile script.scm'],
};

const SBCL_ROW: ProgramRow = {
  names: ['sbcl'],
  category: 'interpreter',
  what: 'Steel Bank Common Lisp',
  stdinCode: true,
  grammar: {
    abbreviations: false,
    long: {
      ...valued('core', 'dynamic-space-size', 'control-stack-size', 'tls-limit', 'sysinit', 'userinit', 'eval', 'load', 'script'),
      ...flagged('noinform', 'no-sysinit', 'no-userinit', 'disable-debugger', 'quit', 'non-interactive', 'end-runtime-options', 'end-toplevel-options', 'disable-ldb', 'lose-on-corruption', 'merge-core-pages', 'no-merge-core-pages', 'help', 'version', 'noprint', 'debug-environment'),
    },
  },
  options: [
    { role: 'executor', options: ['--eval'], payload: 'code', example: '(run-program "/bin/sh" nil)', note: '--eval runs the Lisp form given on the command line' },
    { role: 'loader', options: ['--load'], example: 'setup.lisp', note: '--load runs the given file before the prompt' },
    { role: 'loader', options: ['--core'], example: 'custom.core', note: '--core starts from the given core image, which holds code' },
    { role: 'loader', options: ['--sysinit', '--userinit'], example: 'init.lisp', note: '--userinit runs the given file instead of the init file' },
  ],
  plain: ['--script build.lisp', '--non-interactive --no-userinit', '--version', '--noinform', ''],
};

/** Racket letters that take a value, in the order a collapsed cluster hands them the next words. */
const RACKET_VALUED = 'eftlpruNXSAIGRWOLEkYZJ';

const RACKET_ROW: ProgramRow = {
  names: ['racket'],
  category: 'interpreter',
  what: 'the Racket language',
  stdinCode: true,
  grammar: {
    short: RACKET_VALUED,
    flags: 'minvVcqUCjMdbhyKz',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('eval', 'load', 'require', 'lib', 'script', 'require-script', 'name', 'collects', 'search', 'addon', 'config', 'compiled', 'warn', 'stdout', 'syslog', 'exec'),
      ...flagged('main', 'repl', 'no-lib', 'version', 'no-compiled', 'no-init-file', 'no-user-path', 'cross', 'no-jit', 'compile-any', 'no-delay', 'binary', 'help', 'kernel', 'make'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--eval'], payload: 'code', example: '(system "/bin/sh")', note: '-e runs the Racket expressions given on the command line' },
    { role: 'network', options: ['-p'], example: 'owner/pkg', note: '-p requires a PLaneT package, downloading it when missing' },
  ],
  // Racket lets several value-taking letters share one cluster, each taking the next word in turn
  // (`-Ne NAME EXPR`): the reader gives the whole rest to the first, so the others are read here.
  read: (args, reading) => {
    const out: Form[] = [];
    for (let i = 0; i < Math.min(reading.next, args.length); i++) {
      const word = text(args[i]);
      if (word === null || !/^-[A-Za-z]{2,}$/.test(word)) continue;
      const letters = word.slice(1);
      let taken = 0;
      let first = true;
      for (const letter of letters) {
        if (!RACKET_VALUED.includes(letter)) continue;
        taken++;
        if (first) {
          first = false;
          continue;
        }
        const value = args[i + taken];
        if (letter === 'e') out.push(form('executor', 'racket', args, i, value ?? null, '-e runs the Racket expressions given on the command line', 'code'));
        if (letter === 'p') out.push(form('network', 'racket', args, i, value ?? null, '-p requires a PLaneT package, downloading it when missing'));
      }
    }
    return out;
  },
  plain: ['main.rkt', '-t main.rkt', '-l racket/base -t main.rkt', '--version', '-u main.rkt arg'],
};

const OCAML_ROW: ProgramRow = {
  names: ['ocaml'],
  category: 'interpreter',
  what: 'the OCaml toplevel',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('I', 'init', 'open', 'ppx', 'w', 'warn-error', 'alert', 'args', 'args0', 'color', 'error-style', 'keywords'),
      ...flagged('noinit', 'nopromptcont', 'noprompt', 'nostdlib', 'stdin', 'version', 'vnum', 'v', 'verbose', 'no-version', 'rectypes', 'principal', 'labels', 'nolabels', 'no-app-funct', 'noassert', 'unsafe', 'safe-string', 'unsafe-string', 'safer-matching', 'short-paths', 'strict-sequence', 'strict-formats', 'absname', 'no-absname', 'i-variance', 'warn-help', 'help'),
    },
  },
  options: [
    { role: 'executor', options: ['-ppx'], payload: 'program', example: '/tmp/x', note: '-ppx runs the given preprocessor program on every phrase' },
    { role: 'loader', options: ['-init'], example: 'setup.ml', note: '-init runs the given file instead of .ocamlinit' },
    { role: 'loader', options: ['-args', '-args0'], example: 'args.txt', note: '-args reads more options from the file' },
  ],
  plain: ['script.ml', '-noinit script.ml', '-version', '', '-I +unix unix.cma script.ml'],
};

const SWIPL_ROW: ProgramRow = {
  names: ['swipl'],
  category: 'interpreter',
  what: 'SWI-Prolog',
  stdinCode: true,
  grammar: {
    short: 'gtfFslxpo',
    flags: 'cbOqvh',
    abbreviations: false,
    long: {
      ...Object.fromEntries(['home', 'stack-limit', 'table-space', 'shared-table-space', 'on-error', 'on-warning', 'dump-runtime-variables', 'signals', 'threads', 'packs', 'tty', 'debug', 'debug-on-interrupt', 'pldoc'].map((n) => [n, 'optional' as const])),
      ...flagged('quiet', 'help', 'version', 'arch', 'abi-version', 'no-packs', 'no-signals', 'no-threads', 'no-pce', 'no-tty', 'traditional', 'win-app', 'nosignals'),
    },
  },
  options: [
    { role: 'executor', options: ['-g'], payload: 'code', example: 'shell("/bin/sh")', note: '-g runs the given goal at start' },
    { role: 'executor', options: ['-t'], payload: 'code', example: 'shell("/bin/sh")', note: '-t runs the given goal as the top level' },
    { role: 'loader', options: ['-f', '-F'], when: (v) => v === null || v !== 'none', example: 'init.pl', note: '-f loads the given file instead of the init file' },
    { role: 'loader', options: ['-s'], example: 'setup.pl', note: '-s loads the given file first' },
    { role: 'loader', options: ['-x'], example: 'app.state', note: '-x starts from the given saved state, which holds code' },
    { role: 'listener', options: ['--pldoc'], example: '4000', note: '--pldoc starts the documentation web server' },
    { role: 'writer', options: ['-o'], example: 'app', note: '-o writes the compiled program to the file' },
  ],
  plain: ['', 'main.pl', '-q main.pl', '--version', '--stack-limit=2g main.pl'],
};

const SLSH_ROW: ProgramRow = {
  names: ['slsh'],
  category: 'interpreter',
  what: 'the S-Lang shell',
  stdinCode: true,
  grammar: { short: 'e', flags: 'gnitqv', abbreviations: false, stopAtOperand: true, long: { ...valued('init'), ...flagged('help', 'version', 'no-readline', 'quiet') } },
  options: [
    { role: 'executor', options: ['-e'], payload: 'code', example: 'system("/bin/sh")', note: '-e runs the S-Lang code given on the command line' },
    { role: 'loader', options: ['--init'], example: 'init.sl', note: '--init runs the given file instead of the init file' },
  ],
  plain: ['script.sl', '-n script.sl', '--version', ''],
};

// ---------------------------------------------------------------------------------------------
// Shells
// ---------------------------------------------------------------------------------------------

function cShell(names: string[], what: string, flags: string, plain: string[], long?: Record<string, Arity>): ProgramRow {
  const note = '-c runs the given text as shell commands';
  return {
    names,
    category: 'shell',
    what,
    stdinCode: true,
    grammar: { short: 'c', shortAttached: names[0] === 'tcsh' ? 'D' : '', flags, abbreviations: false, stopAtOperand: true, ...(long ? { long } : {}) },
    options: [{ role: 'executor', options: ['-c'], payload: 'shell-text', example: 'rm -rf build', note }],
    read: clusteredShellText(names[0]!, note),
    plain,
  };
}

const CSH_ROW = cShell(['csh'], 'the C shell', 'befimnstvVxX', ['', 'script.csh', '-f script.csh', '-fe script.csh']);
const TCSH_ROW = cShell(['tcsh'], 'the TENEX C shell', 'bdefFilmnqstvVxX', ['', 'script.csh', '-f script.csh', '--version'], flagged('help', 'version'));
const RC_ROW = cShell(['rc'], 'the Plan 9 rc shell', 'deiIlnopsvxV', ['', 'script.rc', '-e script.rc', '-l']);

const POSH_ROW: ProgramRow = {
  names: ['posh'],
  category: 'shell',
  what: 'the Policy-compliant Ordinary SHell, a small POSIX shell',
  stdinCode: true,
  grammar: { short: 'co', flags: 'abCefhilmnprsuvx', abbreviations: false, stopAtOperand: true },
  options: [{ role: 'executor', options: ['-c'], payload: 'shell-text', example: 'rm -rf build', note: '-c runs the given text as shell commands' }],
  read: clusteredShellText('posh', '-c runs the given text as shell commands'),
  plain: ['', 'script.sh', '-e script.sh', '-n script.sh', 'script.sh arg'],
};

const SASH_ROW: ProgramRow = {
  names: ['sash'],
  category: 'shell',
  what: 'the stand-alone shell with built-in commands',
  stdinCode: true,
  grammar: { short: 'cfp', flags: 'qa', abbreviations: false, stopAtOperand: true },
  options: [{ role: 'executor', options: ['-c'], payload: 'shell-text', example: 'rm -rf build', note: '-c runs the given text as shell commands' }],
  plain: ['', '-f script.sash', '-q', '-p sash-prompt'],
};

const ELVISH_ROW: ProgramRow = {
  names: ['elvish'],
  category: 'shell',
  what: 'the Elvish shell',
  stdinCode: true,
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    // `-c` is a flag that makes the first operand the code; read as taking it, which is the same
    // unless another flag stands between them.
    long: { ...valued('c', 'rc', 'deprecation-level', 'log', 'sock', 'db'), ...flagged('norc', 'compileonly', 'json', 'help', 'version', 'buildinfo', 'i', 'daemon') },
  },
  options: [
    { role: 'executor', options: ['-c'], payload: 'code', example: 'rm -rf build', note: '-c runs the given Elvish code' },
    { role: 'loader', options: ['-rc'], example: 'setup.elv', note: '-rc runs the given file instead of the rc file' },
    { role: 'writer', options: ['-log'], example: 'elvish.log', note: '-log writes a debug log to the file' },
  ],
  plain: ['', 'script.elv', '-norc script.elv', '-version', '-compileonly script.elv'],
};

/**
 * PowerShell's parameters, in the order pwsh matches them: a parameter is any prefix of its name
 * at least as long as its shortest form, in any letter case (`-c`, `-com`, `-COMMAND`, `-nop`).
 */
const PWSH_PARAMETERS: ReadonlyArray<{ name: string; min: string[]; value: boolean; role?: { role: Role; payload?: PayloadKind; note: string } }> = [
  { name: 'help', min: ['h', '?'], value: false },
  { name: 'login', min: ['l'], value: false },
  { name: 'version', min: ['v'], value: false },
  { name: 'nologo', min: ['nol'], value: false },
  { name: 'noexit', min: ['noe'], value: false },
  { name: 'noprofileloadtime', min: ['noprofileloadtime'], value: false },
  { name: 'noprofile', min: ['nop'], value: false },
  { name: 'noninteractive', min: ['noni'], value: false },
  { name: 'sshservermode', min: ['sshs'], value: false },
  { name: 'interactive', min: ['i'], value: false },
  { name: 'configurationfile', min: ['configurationfile'], value: true, role: { role: 'loader', note: '-ConfigurationFile starts a session from a configuration, which can run scripts' } },
  { name: 'configurationname', min: ['config'], value: true },
  { name: 'custompipename', min: ['cus'], value: true },
  { name: 'commandwithargs', min: ['commandwithargs', 'cwa'], value: true, role: { role: 'executor', payload: 'code', note: '-CommandWithArgs runs the PowerShell code given on the command line' } },
  { name: 'command', min: ['c'], value: true, role: { role: 'executor', payload: 'code', note: '-Command runs the PowerShell code given on the command line' } },
  { name: 'windowstyle', min: ['w'], value: true },
  { name: 'file', min: ['f'], value: true },
  { name: 'executionpolicy', min: ['ex', 'ep'], value: true },
  { name: 'encodedcommand', min: ['e', 'ec'], value: true, role: { role: 'executor', payload: 'code', note: '-EncodedCommand runs the base64-encoded PowerShell code given' } },
  { name: 'encodedarguments', min: ['encodeda', 'ea'], value: true },
  { name: 'settingsfile', min: ['settings'], value: true },
  { name: 'sta', min: ['sta'], value: false },
  { name: 'mta', min: ['mta'], value: false },
  { name: 'workingdirectory', min: ['wo', 'wd'], value: true },
  { name: 'inputformat', min: ['inp', 'if'], value: true },
  { name: 'outputformat', min: ['o', 'of'], value: true },
];

function pwshParameter(given: string): (typeof PWSH_PARAMETERS)[number] | null {
  const lower = given.toLowerCase();
  for (const p of PWSH_PARAMETERS) {
    if (p.min.includes(lower)) return p;
    if (p.name.startsWith(lower) && p.min.some((m) => lower.length >= m.length && m.length > 0 && p.name.startsWith(m))) return p;
  }
  return null;
}

/** The spellings the declared roles name exactly (the grammar reads them; the reader below takes the rest). */
const PWSH_EXACT = new Set(['-Command', '-command', '-c', '-CommandWithArgs', '-commandwithargs', '-cwa', '-EncodedCommand', '-encodedcommand', '-e', '-ec', '-ConfigurationFile', '-configurationfile']);

const PWSH_LONG: Record<string, LongOption> = (() => {
  const out: Record<string, LongOption> = {};
  const cased: Record<string, string> = {
    help: 'Help', login: 'Login', version: 'Version', nologo: 'NoLogo', noexit: 'NoExit', noprofileloadtime: 'NoProfileLoadTime', noprofile: 'NoProfile',
    noninteractive: 'NonInteractive', sshservermode: 'SSHServerMode', interactive: 'Interactive', configurationfile: 'ConfigurationFile',
    configurationname: 'ConfigurationName', custompipename: 'CustomPipeName', commandwithargs: 'CommandWithArgs', command: 'Command',
    windowstyle: 'WindowStyle', file: 'File', executionpolicy: 'ExecutionPolicy', encodedcommand: 'EncodedCommand', encodedarguments: 'EncodedArguments',
    settingsfile: 'SettingsFile', sta: 'STA', mta: 'MTA', workingdirectory: 'WorkingDirectory', inputformat: 'InputFormat', outputformat: 'OutputFormat',
  };
  for (const p of PWSH_PARAMETERS) {
    const arity: Arity = p.value ? 'value' : 'flag';
    for (const spelling of new Set([p.name, cased[p.name] ?? p.name, ...p.min])) out[spelling] = [arity, p.name];
  }
  return out;
})();

/**
 * PowerShell's parameters read in every letter case and prefix (`-COMMAND`, `-comm`, `-EncodedC`).
 * `windows`: Windows PowerShell (powershell.exe), which reads its first operand as a command, not
 * a script file. The code given as several words (after `-Command`, or powershell.exe's operands)
 * is joined into one text: each word that separates statements or pipeline elements there (`;`,
 * `|`, `&&`, `||`, or a word ending in one) starts a command of its own, so an allow entry must
 * spell it (D§4.3: `powershell.exe Get-ChildItem X ';' Remove-Item Y` is not covered by an entry
 * for `powershell.exe Get-ChildItem`).
 */
function pwshRead(windows: boolean): (args: readonly Word[]) => Form[] {
  return (args) => {
    const out: Form[] = [];
    let i = 0;
    let code = -1;
    while (i < args.length) {
      const word = text(args[i]);
      if (word === null || !word.startsWith('-') || word === '-' || word === '--') break;
      const parameter = pwshParameter(word.replace(/^--?/, '').replace(/:.*$/, ''));
      if (parameter === null) break;
      if (parameter.role !== undefined && !PWSH_EXACT.has(word)) {
        out.push(form(parameter.role.role, 'pwsh', args, i, args[i + 1] ?? null, parameter.role.note, parameter.role.payload));
      }
      if (parameter.name === 'command' || parameter.name === 'commandwithargs') code = i + 1;
      if (parameter.name === 'command' || parameter.name === 'commandwithargs' || parameter.name === 'file') break;
      i += parameter.value ? 2 : 1;
    }
    if (code === -1 && windows && i < args.length && !/\.ps1$/i.test(text(args[i]) ?? '')) code = i;
    for (let k = code + 1; code !== -1 && k < args.length; k++) {
      const word = text(args[k]);
      if (word !== null && /(?:^|[^`]);$|^(?:;|\||&&|\|\|)$|(?:^|[^`])\|$/.test(word)) {
        out.push(form('executor', 'pwsh', args, k, args[k + 1] ?? null, 'a statement or pipeline separator in PowerShell code given as words starts a command of its own'));
      }
    }
    return out;
  };
}

const PWSH_ROW: ProgramRow = {
  // Not `powershell`: Windows PowerShell reads its first operand as a command, not a script file.
  names: ['pwsh'],
  category: 'shell',
  what: 'PowerShell (pwsh; powershell.exe is Windows PowerShell, run from WSL)',
  stdinCode: true,
  grammar: { singleDash: true, abbreviations: false, stopAtOperand: true, long: PWSH_LONG },
  options: [
    { role: 'executor', options: ['-Command', '-command', '-c'], payload: 'code', example: 'Remove-Item -Recurse build', note: '-Command runs the PowerShell code given on the command line' },
    { role: 'executor', options: ['-CommandWithArgs', '-commandwithargs', '-cwa'], payload: 'code', example: 'Remove-Item $args', note: '-CommandWithArgs runs the PowerShell code given on the command line' },
    { role: 'executor', options: ['-EncodedCommand', '-encodedcommand', '-e', '-ec'], payload: 'code', example: 'ZQBjAGgAbwA=', note: '-EncodedCommand runs the base64-encoded PowerShell code given' },
    { role: 'loader', options: ['-ConfigurationFile', '-configurationfile'], example: 'session.pssc', note: '-ConfigurationFile starts a session from a configuration, which can run scripts' },
  ],
  // Every other letter case and prefix of the same parameters (`-COMMAND`, `-comm`, `-EncodedC`).
  read: pwshRead(false),
  plain: ['script.ps1', '-NoProfile -File build.ps1', '-File ./build.ps1 -Target Release', '-Version', '-nop -f script.ps1', ''],
};

/** Windows PowerShell (powershell.exe, run from WSL): pwsh's row, its first operand read as code. */
const POWERSHELL_ROW: ProgramRow = {
  ...PWSH_ROW,
  names: ['powershell'],
  read: pwshRead(true),
  plain: ['-NoProfile -File build.ps1', '-File ./build.ps1 -Target Release', '-Version', '-nop -f script.ps1', '', 'Get-Volume'],
};

// ---------------------------------------------------------------------------------------------
// Python REPLs (the interpreters themselves are the lead's)
// ---------------------------------------------------------------------------------------------

const IPYTHON_ROW: ProgramRow = {
  names: ['ipython', 'ipython3'],
  category: 'interpreter',
  what: 'the IPython interactive Python shell',
  stdinCode: true,
  grammar: {
    short: 'cm',
    flags: 'ihV',
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued(
        'profile', 'profile-dir', 'ipython-dir', 'log-level', 'config', 'ext', 'autocall', 'colors', 'logfile', 'logappend', 'cache-size', 'gui', 'editor',
        'InteractiveShellApp.code_to_run', 'TerminalIPythonApp.code_to_run', 'InteractiveShellApp.exec_lines', 'TerminalIPythonApp.exec_lines',
        'InteractiveShellApp.exec_files', 'TerminalIPythonApp.exec_files', 'InteractiveShellApp.extensions', 'TerminalIPythonApp.extensions',
        'InteractiveShellApp.extra_extensions', 'TerminalIPythonApp.extra_extensions', 'InteractiveShellApp.module_to_run', 'TerminalIPythonApp.module_to_run',
      ),
      ...flagged('no-banner', 'banner', 'quick', 'quiet', 'debug', 'init', 'pdb', 'no-pdb', 'classic', 'simple-prompt', 'no-simple-prompt', 'confirm-exit', 'no-confirm-exit', 'term-title', 'no-term-title', 'automagic', 'no-automagic', 'autoindent', 'no-autoindent', 'color-info', 'nosep', 'pprint', 'no-pprint', 'help-all', 'version', 'help'),
      pylab: 'optional',
      matplotlib: 'optional',
    },
  },
  options: [
    { role: 'executor', options: ['-c', '--InteractiveShellApp.code_to_run', '--TerminalIPythonApp.code_to_run'], payload: 'code', example: 'import os; os.system("id")', note: '-c runs the Python code given on the command line' },
    { role: 'executor', options: ['--InteractiveShellApp.exec_lines', '--TerminalIPythonApp.exec_lines'], payload: 'code', example: 'import os', note: 'exec_lines runs the given Python lines at start' },
    {
      role: 'loader',
      options: ['--ext', '--config', '--InteractiveShellApp.exec_files', '--TerminalIPythonApp.exec_files', '--InteractiveShellApp.extensions', '--TerminalIPythonApp.extensions', '--InteractiveShellApp.extra_extensions', '--TerminalIPythonApp.extra_extensions'],
      example: 'myext',
      note: '--ext loads an extension (or a Python configuration file) at start',
    },
    { role: 'writer', options: ['--logfile', '--logappend'], example: 'session.log', note: '--logfile writes the session to the file' },
    { role: 'listener', options: ['-m', '--InteractiveShellApp.module_to_run', '--TerminalIPythonApp.module_to_run'], when: serverModule, example: 'http.server', note: '-m http.server serves the folder to the network' },
  ],
  subcommands: {
    kernel: { role: { role: 'listener', note: '`ipython kernel` starts a kernel that listens on ports for code to run' } },
  },
  plain: ['', 'script.py', '--no-banner', '--profile=dev', '-i script.py', '--version'],
};

const BPYTHON_ROW: ProgramRow = {
  names: ['bpython'],
  category: 'interpreter',
  what: 'the bpython interactive Python shell',
  stdinCode: true,
  grammar: {
    short: 'lL',
    flags: 'iqhVp',
    // argparse accepts any unambiguous prefix of a long option.
    abbreviations: true,
    stopAtOperand: true,
    long: { ...valued('config', 'log-level', 'log-output'), ...flagged('interactive', 'quiet', 'help', 'version', 'paste') },
  },
  options: [{ role: 'writer', options: ['-L', '--log-output'], example: 'bpython.log', note: '--log-output writes the debug log to the file' }],
  plain: ['', 'script.py', '-i script.py', '--version', '-q'],
};

export const LANGUAGE_ROWS: readonly ProgramRow[] = [
  NODE_ROW,
  DENO_ROW,
  BUN_ROW,
  PERL_ROW,
  CPAN_ROW,
  PERLBUG_ROW,
  RUBY_ROW,
  IRB_ROW,
  PRY_ROW,
  BYEBUG_ROW,
  PHP_ROW,
  PHP_CGI_ROW,
  LUA_ROW,
  LUAJIT_ROW,
  TCLSH_ROW,
  WISH_ROW,
  EXPECT_ROW,
  R_ROW,
  RSCRIPT_ROW,
  JULIA_ROW,
  OCTAVE_ROW,
  GNUPLOT_ROW,
  GHC_ROW,
  GHCI_ROW,
  RUNGHC_ROW,
  ERL_ROW,
  ESCRIPT_ROW,
  ELIXIR_ROW,
  IEX_ROW,
  JAVA_ROW,
  JSHELL_ROW,
  JJS_ROW,
  JRUNSCRIPT_ROW,
  SCALA_ROW,
  GROOVY_ROW,
  KOTLIN_ROW,
  CLISP_ROW,
  GUILE_ROW,
  SBCL_ROW,
  RACKET_ROW,
  OCAML_ROW,
  SWIPL_ROW,
  SLSH_ROW,
  CSH_ROW,
  TCSH_ROW,
  RC_ROW,
  POSH_ROW,
  SASH_ROW,
  ELVISH_ROW,
  PWSH_ROW,
  POWERSHELL_ROW,
  IPYTHON_ROW,
  BPYTHON_ROW,
];
