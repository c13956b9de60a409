import { literalWord, type Word } from '../../reading/resolution';
import { flagged, readArgs, textOf, valued, type ArgReading, type Grammar } from '../grammar';
import type { Command, Form, OptionRole, ProgramRow, WrapperReading } from '../row';
import { GO_ROW, leavesWorkspace, rewritesOperands } from './build';

/**
 * Everyday linters, formatters, coverage tools and small task runners.
 *
 * As for black, ruff, eslint and prettier (build.ts): reading the project's files, and rewriting
 * the files a fixer is given, is the job an entry for the program is written for (an `everyday`
 * writer). What is a form is everything that points the program at other code or another place: a
 * Ruby file to require, a plugin, another configuration that can load plugins, a report or cache
 * written to a chosen path, a program run under it. Options a row does not list are unknown to
 * the reader and taken at their worst.
 */

/** Not standard output or standard error named as a file (`-o -`, `--output stdout`). */
function namesFile(value: string | null): boolean {
  return value === null || !['-', 'stdout', 'stderr'].includes(value);
}

/** {@link rewritesOperands}, only when one of `needs` is given: a checker that rewrites with `-w`/`-i`. */
function rewritesOperandsWith(program: string, needs: readonly string[], keeps: readonly string[], note: string) {
  const rewrite = rewritesOperands(program, keeps, note);
  return (args: readonly Word[], reading: ArgReading): Form[] => (reading.options.some((o) => needs.includes(o.name) || needs.includes(o.key)) ? rewrite(args, reading) : []);
}

// ---------------------------------------------------------------------------------------------
// rubocop
// ---------------------------------------------------------------------------------------------

// Ruby's OptionParser takes unique prefixes of long options (`--req` is `--require`), and so
// does this row's reader.
const RUBOCOP_ROW: ProgramRow = {
  names: ['rubocop'],
  category: 'build',
  what: 'the RuboCop Ruby linter and formatter (its -a/-A fixes rewrite the files it is given: its job)',
  grammar: {
    short: 'rcofsC',
    flags: 'aAxlDESFdLVvhP',
    abbreviations: true,
    long: {
      ...valued('require', 'plugin', 'config', 'out', 'format', 'stdin', 'cache', 'cache-root', 'only', 'except', 'fail-level', 'exclude-limit'),
      'show-cops': 'optional',
      'show-docs-url': 'optional',
      ...flagged(
        'autocorrect', 'auto-correct', 'autocorrect-all', 'auto-correct-all', 'safe-auto-correct', 'fix-layout', 'lint', 'display-cop-names', 'no-display-cop-names', 'extra-details', 'display-style-guide',
        'fail-fast', 'force-exclusion', 'force-default-config', 'ignore-parent-exclusion', 'ignore-unrecognized-cops', 'display-only-fail-level-offenses', 'display-only-correctable', 'display-only-safe-correctable',
        'debug', 'list-target-files', 'verbose-version', 'version', 'help', 'parallel', 'no-parallel', 'color', 'no-color', 'display-time', 'only-guide-cops', 'stderr', 'no-offense-counts',
        'no-auto-gen-timestamp', 'auto-gen-only-exclude', 'auto-gen-config', 'no-exclude-limit', 'init', 'disable-uncorrectable', 'editor-mode', 'raise-cop-error', 'enable-pending-cops', 'disable-pending-cops', 'regenerate-todo',
      ),
    },
  },
  options: [
    { role: 'loader', options: ['-r', '--require'], example: './evil.rb', note: '-r/--require loads a Ruby file or gem (an extension or formatter), whose code runs' },
    { role: 'loader', options: ['--plugin'], example: '/tmp/plugin.rb', note: '--plugin loads a RuboCop plugin, Ruby code that runs' },
    // A .rubocop.yml can `require:` Ruby files and list `plugins:`: another one loads code.
    { role: 'loader', options: ['-c', '--config'], example: '/tmp/.rubocop.yml', note: '-c uses another configuration, which can require Ruby files and plugins' },
    { role: 'writer', options: ['-o', '--out'], target: 'file', example: '/tmp/report.txt', note: '-o writes the report to the named file' },
    { role: 'writer', options: ['--cache-root'], target: 'tree', example: '/tmp/cache', note: '--cache-root writes RuboCop’s cache into that folder' },
    // Correcting the files it inspects is what an entry for rubocop is written for, as for `ruff --fix`.
    { role: 'writer', options: ['-a', '--autocorrect', '--auto-correct', '-A', '--autocorrect-all', '--auto-correct-all', '--safe-auto-correct', '-x', '--fix-layout'], everyday: true, note: '-a/-A/-x correct the inspected files in place' },
    { role: 'writer', options: ['--auto-gen-config', '--regenerate-todo', '--init', '--disable-uncorrectable'], note: '--auto-gen-config/--init write .rubocop.yml and .rubocop_todo.yml; --disable-uncorrectable adds disable comments to the files' },
  ],
  // Not read (unknown, at their worst): the server options (`--server`, `--start-server`), which
  // leave a process running; `--lsp` and `--mcp`; `--profile` and `--memory`, which write reports.
  plain: ['', 'lib', 'app spec --format progress', '-a lib/foo.rb', '-A', '--only Style/StringLiterals lib', '-P --fail-level warning', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Python: isort, autoflake, codespell, coverage.py
// ---------------------------------------------------------------------------------------------

// --settings-path names a configuration of isort's own (INI or TOML options); its sort-order and
// formatter plugins are installed packages named by entry point, not files.
const ISORT_ROW: ProgramRow = {
  names: ['isort'],
  category: 'build',
  what: 'isort, the Python import sorter (rewrites the files it is given: its job)',
  grammar: {
    short: 'lmpoasbf',
    flags: 'cdqvVhe',
    // argparse takes unique prefixes of long options, as here.
    abbreviations: true,
    long: {
      ...valued('settings-path', 'settings-file', 'settings', 'sp', 'line-length', 'line-width', 'multi-line', 'project', 'thirdparty', 'add-import', 'rm', 'remove-import', 'skip', 'extend-skip', 'sg', 'skip-glob', 'extend-skip-glob', 'profile', 'src', 'src-path', 'py', 'python-version', 'filename', 'ext', 'extension', 'builtin', 'future', 'known-local-folder', 'sd', 'section-default', 'lines-after-imports', 'lai', 'wrap-length', 'indent'),
      ...flagged('check-only', 'check', 'diff', 'df', 'stdout', 'quiet', 'verbose', 'version', 'help', 'atomic', 'show-files', 'show-config', 'float-to-top', 'force-single-line-imports', 'sl', 'ca', 'combine-as', 'tc', 'trailing-comma', 'overwrite-in-place', 'gitignore', 'skip-gitignore', 'filter-files', 'only-modified', 'color', 'balanced', 'force-sort-within-sections', 'fss', 'ff', 'honor-noqa', 'dont-follow-links'),
    },
  },
  read: rewritesOperands('isort', ['-c', '--check-only', '--check', '--diff', '--df', '-d', '--stdout', '--show-files', '--show-config'], 'isort rewrites the Python files it is given (below a folder too)'),
  // Not read: -j/--jobs (an optional count), --virtual-env and --conda-env (another environment).
  plain: ['.', 'src tests', '--check-only --diff .', '--profile black src', '-c app.py'],
};

const AUTOFLAKE_ROW: ProgramRow = {
  names: ['autoflake'],
  category: 'build',
  what: 'autoflake, which removes unused Python imports and variables (prints a diff; -i rewrites the files)',
  grammar: {
    short: 'j',
    flags: 'icsrvh',
    abbreviations: true,
    long: {
      ...valued('jobs', 'exclude', 'imports', 'config', 'stdin-display-name'),
      ...flagged('in-place', 'check', 'check-diff', 'stdout', 'recursive', 'verbose', 'quiet', 'version', 'help', 'expand-star-imports', 'remove-all-unused-imports', 'ignore-init-module-imports', 'remove-duplicate-keys', 'remove-unused-variables', 'remove-rhs-for-unused-variables', 'ignore-pass-statements', 'ignore-pass-after-docstring'),
    },
  },
  options: [
    // Rewriting the files it is given is what an entry for autoflake is written for, as for black.
    { role: 'writer', options: ['-i', '--in-place'], everyday: true, note: '-i rewrites the files it is given in place' },
  ],
  read: rewritesOperandsWith('autoflake', ['-i', '--in-place'], ['-c', '--check', '--check-diff', '-s', '--stdout'], 'autoflake -i rewrites the Python files it is given (below a folder with -r)'),
  plain: ['app.py', '-r src', '--check app.py', '--remove-all-unused-imports app.py', '--stdout app.py'],
};

// The dictionaries, ignore-word lists and configuration files it reads are data.
const CODESPELL_ROW: ProgramRow = {
  names: ['codespell'],
  category: 'build',
  what: 'codespell, which finds common misspellings (prints them; -w fixes them in the files)',
  grammar: {
    short: 'DILSxiqABCr',
    flags: 'dcwsefHhv',
    abbreviations: true,
    long: {
      ...valued('dictionary', 'ignore-words', 'ignore-words-list', 'skip', 'exclude-file', 'interactive', 'quiet-level', 'after-context', 'before-context', 'context', 'config', 'toml', 'builtin', 'ignore-regex', 'uri-regex', 'uri-ignore-words-list', 'ignore-multiline-regex', 'regex'),
      ...flagged('disable-colors', 'enable-colors', 'write-changes', 'summary', 'count', 'hard-encoding-detection', 'check-filenames', 'check-hidden', 'help', 'version'),
    },
  },
  options: [
    // Fixing the misspellings it finds is what an entry for codespell is written for, as for `ruff --fix`.
    { role: 'writer', options: ['-w', '--write-changes'], everyday: true, note: '-w fixes the misspellings in the files it checks (those below the current folder when none is named)' },
  ],
  read: rewritesOperandsWith('codespell', ['-w', '--write-changes'], [], 'codespell -w rewrites the files it is given (below a folder too)'),
  plain: ['', 'src docs', '-L teh,fo README.md', '--skip "*.lock" .', '--count .'],
};

/** coverage.py's options shared by its report commands (their data and configuration). */
const COVERAGE_COMMON: Grammar['long'] = {
  ...valued('rcfile', 'data-file', 'debug', 'include', 'omit', 'fail-under', 'precision', 'contexts', 'sort', 'format', 'title', 'directory', 'output', 'concurrency', 'context', 'source', 'save-signal'),
  ...flagged('help', 'ignore-errors', 'show-missing', 'skip-covered', 'no-skip-covered', 'skip-empty', 'show-contexts', 'pretty-print', 'quiet', 'keep', 'append', 'branch', 'module', 'pylib', 'parallel-mode', 'timid', 'version'),
};
// optparse takes unique prefixes of long options (`--rc` is `--rcfile`), as here.
const COVERAGE_REPORT_GRAMMAR: Grammar = { short: 'od', flags: 'imqah', abbreviations: true, long: COVERAGE_COMMON };

const COVERAGE_OPTIONS: readonly OptionRole[] = [
  // A configuration file can name `plugins`: Python modules coverage imports and runs.
  { role: 'loader', options: ['--rcfile'], example: '/tmp/coveragerc', note: '--rcfile uses another configuration, whose plugins are Python modules that run' },
  { role: 'writer', options: ['--data-file'], target: 'file', example: '/tmp/.coverage', note: '--data-file reads and writes the coverage data in the named file' },
];

const coverageLevel = (extra: Partial<Command> = {}): Command => ({ grammar: COVERAGE_REPORT_GRAMMAR, ...extra, options: [...COVERAGE_OPTIONS, ...(extra.options ?? [])] });

/** `coverage run` reads its own options up to the program; `-m` is a flag (the first operand is the module). */
const COVERAGE_RUN_GRAMMAR: Grammar = { short: '', flags: 'amLph', abbreviations: true, stopAtOperand: true, long: COVERAGE_COMMON };

/**
 * `coverage run [OPTIONS] SCRIPT ARGS…` runs the script with Python, and `coverage run -m MODULE
 * ARGS…` the module: the command it runs is `python3 SCRIPT ARGS…` or `python3 -m MODULE ARGS…`,
 * judged by the python3 row (a script of the project is what an entry for it covers; `-m pytest
 * --junitxml=F` is read against pytest's row).
 */
function coverageRuns(args: readonly Word[]): WrapperReading {
  const reading = readArgs(args, COVERAGE_RUN_GRAMMAR);
  const options = reading.options.map((o) => ({ name: o.name, key: o.key, value: o.value }));
  if (reading.options.some((o) => o.name === '-h' || o.name === '--help')) return { options, inner: [], shellText: null, assignments: [], exact: reading.exact };
  const module = reading.options.some((o) => o.name === '-m' || o.name === '--module');
  const rest = args.slice(reading.next);
  if (rest.length === 0) return { options, inner: [], shellText: null, assignments: [], exact: reading.exact };
  return { options, inner: [literalWord('python3'), ...(module ? [literalWord('-m')] : []), ...rest], shellText: null, assignments: [], exact: reading.exact };
}

const COVERAGE_ROW: ProgramRow = {
  names: ['coverage'],
  category: 'build',
  what: 'coverage.py, which measures which Python code a run executes and reports it',
  grammar: { flags: 'h', abbreviations: false, long: flagged('help', 'version') },
  subcommands: {
    run: {
      grammar: COVERAGE_RUN_GRAMMAR,
      options: COVERAGE_OPTIONS,
      wrapper: { peel: true, read: coverageRuns, noCommand: ['-h', '--help'], note: 'coverage run runs the Python script (or with -m, the module) given, with its arguments, as python3 would' },
      plain: ['-m pytest', '--branch -m pytest -q tests', 'manage.py test', '-p --source=app -m unittest discover'],
    },
    html: coverageLevel({
      options: [{ role: 'writer', options: ['-d', '--directory'], target: 'tree', example: '/tmp/htmlcov', note: 'html -d writes the HTML report into the named folder' }],
      plain: ['', '--skip-covered', '--title "Coverage" --fail-under 80'],
    }),
    annotate: coverageLevel({
      options: [{ role: 'writer', options: ['-d', '--directory'], target: 'tree', example: '/tmp/annotated', note: 'annotate -d writes the annotated copies of the sources into the named folder' }],
      plain: [''],
    }),
    ...Object.fromEntries(
      ['xml', 'json', 'lcov'].map((verb) => [
        verb,
        coverageLevel({
          options: [{ role: 'writer', options: ['-o', '--output'], when: namesFile, target: 'file', example: '/tmp/report', note: `${verb} -o writes the report to the named file` }],
          plain: ['', '-o -', '-i'],
        }),
      ]),
    ),
    report: coverageLevel({ plain: ['', '-m', '--show-missing --skip-covered', '--fail-under 90', '--format=markdown'] }),
    // erase deletes coverage's own data file; combine merges the data files into it.
    erase: coverageLevel({ plain: [''] }),
    combine: coverageLevel({ plain: ['', '--keep', '-a'] }),
    debug: coverageLevel({ plain: ['sys', 'config'] }),
    help: coverageLevel({ plain: ['', 'run'] }),
  },
  plain: ['--version', 'report', 'run -m pytest', 'html', 'xml'],
};

// ---------------------------------------------------------------------------------------------
// YAML, Go, Swift, Nix, spelling
// ---------------------------------------------------------------------------------------------

// Its configuration (-c FILE, -d DATA) is YAML of its own rules: no code. It writes nothing.
const YAMLLINT_ROW: ProgramRow = {
  names: ['yamllint'],
  category: 'build',
  what: 'yamllint, the YAML linter (reads the files and prints problems)',
  readOnly: true,
  grammar: {
    short: 'cdf',
    flags: 'svh',
    abbreviations: true,
    long: { ...valued('config-file', 'config-data', 'format'), ...flagged('strict', 'no-warnings', 'list-files', 'version', 'help') },
  },
  plain: ['.', '-s .github/workflows', '-c .yamllint.yml config/', '-d relaxed docker-compose.yml', '-f parsable .', '--list-files .'],
};

/** The report files of golangci-lint v2 (`--output.text.path FILE`; `stdout` and `stderr` are not files). */
const GOLANGCI_OUTPUTS = ['text', 'json', 'tab', 'html', 'checkstyle', 'code-climate', 'junit-xml', 'teamcity', 'sarif'].map((format) => `output.${format}.path`);

// pflag: no abbreviations, `--name=value` or `--name value`.
const GOLANGCI_GRAMMAR: Grammar = {
  short: 'cjED',
  flags: 'nvhd',
  abbreviations: false,
  long: {
    ...valued('config', 'concurrency', 'timeout', 'build-tags', 'modules-download-mode', 'issues-exit-code', 'enable', 'disable', 'enable-only', 'default', 'new-from-rev', 'new-from-patch', 'max-issues-per-linter', 'max-same-issues', 'path-prefix', 'path-mode', 'color', 'cpu-profile-path', 'mem-profile-path', 'trace-path', 'output.text.colors', 'output.text.print-issued-lines', 'output.text.print-linter-name', ...GOLANGCI_OUTPUTS),
    ...flagged('verbose', 'help', 'version', 'no-config', 'fix', 'fast-only', 'new', 'new-from-merge-base', 'whole-files', 'uniq-by-line', 'show-stats', 'allow-parallel-runners', 'allow-serial-runners', 'print-resources-usage', 'tests', 'diff', 'stdin', 'json', 'short', 'format', 'debug'),
  },
};
const GOLANGCI_OPTIONS: readonly OptionRole[] = [
  // A configuration can name Go plugins (`linters.settings.custom.NAME.path: x.so`), loaded into the linter.
  { role: 'loader', options: ['-c', '--config'], example: '/tmp/.golangci.yml', note: '-c uses another configuration, which can load Go plugin files (.so) into the linter' },
  { role: 'writer', options: GOLANGCI_OUTPUTS.map((name) => `--${name}`), when: namesFile, target: 'file', example: '/tmp/report.json', note: '--output.FORMAT.path writes the report to the named file' },
  { role: 'writer', options: ['--cpu-profile-path', '--mem-profile-path', '--trace-path'], target: 'file', example: '/tmp/cpu.out', note: '--cpu-profile-path/--mem-profile-path/--trace-path write profiles to the named file' },
];
const golangciLevel = (extra: Partial<Command> = {}): Command => ({ grammar: GOLANGCI_GRAMMAR, ...extra, options: [...GOLANGCI_OPTIONS, ...(extra.options ?? [])] });

const GOLANGCI_ROW: ProgramRow = {
  names: ['golangci-lint'],
  category: 'build',
  what: 'golangci-lint, a runner of Go linters (its --fix rewrites the linted files: its job)',
  grammar: GOLANGCI_GRAMMAR,
  options: GOLANGCI_OPTIONS,
  subcommands: {
    run: golangciLevel({
      // Fixing the files it lints is what an entry for golangci-lint is written for, as for `ruff --fix`.
      options: [{ role: 'writer', options: ['--fix'], everyday: true, note: '--fix rewrites the linted files' }],
      plain: ['', './...', '--timeout 5m ./...', '-E gosec ./pkg/...', '--new-from-rev HEAD~1'],
    }),
    // fmt rewrites the Go files of the packages it is given (the current one by default), as gofmt -w.
    fmt: golangciLevel({ read: rewritesOperands('golangci-lint fmt', ['-d', '--diff', '--stdin'], 'golangci-lint fmt rewrites the Go files it is given (below a folder too)'), plain: ['--diff ./...'] }),
    linters: golangciLevel({ plain: ['', '--json'] }),
    formatters: golangciLevel({ plain: [''] }),
    config: golangciLevel({ subcommands: { path: golangciLevel({ plain: [''] }), verify: golangciLevel({ plain: [''] }) } }),
    cache: golangciLevel({ subcommands: { status: golangciLevel({ plain: [''] }), clean: golangciLevel({ plain: [''] }) } }),
    version: golangciLevel({ plain: ['', '--short'] }),
    help: golangciLevel({ plain: ['', 'linters'] }),
    migrate: golangciLevel({ role: { role: 'writer', note: 'golangci-lint migrate rewrites the configuration file in the v2 format' } }),
    // `custom` builds a golangci-lint with the module plugins .custom-gcl.yml names, fetched from their sources.
    custom: golangciLevel({ role: { role: 'executor', note: 'golangci-lint custom downloads and builds a linter binary with module plugins, whose code runs' } }),
  },
  // Not listed: `completion` (prints shell code, unread).
  plain: ['run', 'run ./...', 'linters', 'version', 'config verify'],
};

// Its configuration is YAML: rules turned on and off, and custom rules written as regular
// expressions only, so another --config loads no code. Parent and child configurations may be
// fetched from a URL; they hold the same kind of data.
const SWIFTLINT_GRAMMAR: Grammar = {
  abbreviations: false,
  long: {
    ...valued('config', 'reporter', 'output', 'baseline', 'write-baseline', 'cache-path', 'path', 'only-rule', 'compiler-log-path', 'compile-commands', 'working-directory'),
    ...flagged('fix', 'autocorrect', 'format', 'no-cache', 'quiet', 'strict', 'lenient', 'force-exclude', 'use-alternative-excluding', 'use-script-input-files', 'use-stdin', 'in-process-sourcekit', 'progress', 'enable-all-rules', 'help', 'version', 'silence-deprecation-warnings', 'check-for-updates', 'enabled', 'disabled'),
  },
};
const SWIFTLINT_OPTIONS: readonly OptionRole[] = [
  // Correcting the files it lints is what an entry for swiftlint is written for, as for `ruff --fix`.
  { role: 'writer', options: ['--fix', '--autocorrect'], everyday: true, note: '--fix corrects the linted files in place' },
  { role: 'writer', options: ['--output', '--write-baseline'], target: 'file', example: '/tmp/report.txt', note: '--output/--write-baseline write the report or the baseline to the named file' },
  { role: 'writer', options: ['--cache-path'], target: 'tree', example: '/tmp/cache', note: '--cache-path writes SwiftLint’s cache into that folder' },
];
const SWIFTLINT_ROW: ProgramRow = {
  names: ['swiftlint'],
  category: 'build',
  what: 'SwiftLint, the Swift linter (lint is its default command; --fix rewrites the linted files)',
  grammar: SWIFTLINT_GRAMMAR,
  options: SWIFTLINT_OPTIONS,
  subcommands: {
    lint: { grammar: SWIFTLINT_GRAMMAR, options: SWIFTLINT_OPTIONS, plain: ['', 'Sources', '--strict --quiet', '--reporter json', '--fix Sources'] },
    analyze: { grammar: SWIFTLINT_GRAMMAR, options: SWIFTLINT_OPTIONS, plain: ['--compiler-log-path build.log'] },
    rules: { grammar: SWIFTLINT_GRAMMAR, plain: ['', '--enabled', 'force_cast'] },
    version: { grammar: SWIFTLINT_GRAMMAR, plain: [''] },
    help: { grammar: SWIFTLINT_GRAMMAR, plain: ['', 'lint'] },
  },
  // `swiftlint PATH` lints PATH; the other verbs are not read: `docs` opens a browser,
  // `generate-docs` and `baseline` write files of their choosing.
  operands: [{ role: 'writer', operand: 0, when: (v) => v === null || ['docs', 'generate-docs', 'baseline'].includes(v), example: 'generate-docs', note: 'a swiftlint verb this row does not read (docs, generate-docs, baseline), or one only known at run time' }],
  plain: ['', 'lint', 'lint --strict', 'rules', 'version', '--fix'],
};

// Go's flag package: one or two dashes, `-name=value` or `-name value`, options end at the first file.
const MISSPELL_ROW: ProgramRow = {
  names: ['misspell'],
  category: 'build',
  what: 'misspell, which corrects commonly misspelled English words (prints them; -w fixes the files)',
  grammar: {
    singleDash: true,
    abbreviations: false,
    stopAtOperand: true,
    long: {
      ...valued('f', 'i', 'j', 'locale', 'o'),
      ...Object.fromEntries(['w', 'q', 'v', 'error', 'legal', 'debug', 'source', 'h', 'help'].map((n) => [n, 'optional' as const])),
    },
  },
  options: [
    // Fixing the misspellings it finds is what an entry for misspell is written for, as for `ruff --fix`.
    { role: 'writer', options: ['-w', '--w'], when: (v) => v !== 'false', everyday: true, note: '-w fixes the misspellings in the files it is given' },
    { role: 'writer', options: ['-o', '--o'], when: namesFile, target: 'file', example: '/tmp/report.txt', note: '-o writes the report to the named file' },
  ],
  // `-w=false` turns the rewrite off, as go's flag package reads a boolean.
  read: (args, reading) => rewritesOperandsWith('misspell', ['-w', '--w'], [], 'misspell -w rewrites the files it is given (below a folder too)')(args, { ...reading, options: reading.options.filter((o) => textOf(o.value) !== 'false') }),
  plain: ['.', 'README.md docs', '-error .', '-locale US .', '-i colour .'],
};

// Its configuration (dprint.json) lists plugins: WebAssembly modules and process plugins
// (executables) fetched from URLs, which run. Formatting the files it includes is its job.
const DPRINT_GRAMMAR: Grammar = {
  short: 'c',
  flags: 'hV',
  abbreviations: false,
  long: {
    ...valued('config', 'plugins', 'excludes', 'includes', 'excludes-override', 'includes-override', 'log-level', 'stdin', 'incremental'),
    ...flagged('allow-node-modules', 'allow-no-files', 'diff', 'list-different', 'skip-stable-format', 'staged', 'verbose', 'help', 'version'),
  },
};
const DPRINT_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '--config'], example: 'https://example.com/dprint.json', note: '-c uses another configuration (a path or a URL), whose plugins are downloaded and run' },
  { role: 'loader', options: ['--plugins'], example: 'https://example.com/plugin.wasm', note: '--plugins names plugins (WebAssembly modules or executables) to download and run' },
];
const dprintLevel = (extra: Partial<Command> = {}): Command => ({ grammar: DPRINT_GRAMMAR, ...extra, options: [...DPRINT_OPTIONS, ...(extra.options ?? [])] });
const DPRINT_ROW: ProgramRow = {
  names: ['dprint'],
  category: 'build',
  what: 'dprint, a pluggable code formatter (fmt rewrites the files its configuration includes: its job)',
  grammar: DPRINT_GRAMMAR,
  options: DPRINT_OPTIONS,
  subcommands: {
    // Formatting in place is what an entry for dprint is written for, as for `prettier --write`.
    fmt: dprintLevel({ role: { role: 'writer', everyday: true, note: 'dprint fmt rewrites the files it formats (those its configuration includes, or the ones named)' }, plain: [] }),
    check: dprintLevel({ plain: ['', '--list-different', 'src/a.ts'] }),
    'output-file-paths': dprintLevel({ plain: [''] }),
    'output-resolved-config': dprintLevel({ plain: [''] }),
    'output-format-times': dprintLevel({ plain: [''] }),
    license: dprintLevel({ plain: [''] }),
    'editor-info': dprintLevel({ plain: [''] }),
    'clear-cache': dprintLevel({ role: { role: 'writer', note: 'dprint clear-cache deletes dprint’s cache of downloaded plugins' } }),
    config: dprintLevel({
      subcommands: {
        init: dprintLevel({ role: { role: 'writer', note: 'dprint config init writes a dprint.json' } }),
        update: dprintLevel({ role: { role: 'loader', note: 'dprint config update changes the configured plugins to their latest releases, which then run' } }),
        add: dprintLevel({ role: { role: 'loader', note: 'dprint config add adds a plugin to the configuration, which then runs' } }),
      },
    }),
    upgrade: dprintLevel({ role: { role: 'destructive', note: 'dprint upgrade downloads and replaces the dprint program' } }),
  },
  // Not listed: `lsp` and `editor-service` (long-running servers), `completions` (prints shell code).
  plain: ['check', 'check --list-different', 'output-file-paths', '--version'],
};

// --experimental-config names a TOML file of its own options: no code.
const ALEJANDRA_ROW: ProgramRow = {
  names: ['alejandra'],
  category: 'build',
  what: 'Alejandra, the Nix code formatter (rewrites the files it is given: its job)',
  grammar: {
    short: 'etx',
    flags: 'cqhV',
    abbreviations: false,
    long: { ...valued('exclude', 'threads', 'experimental-config'), ...flagged('check', 'quiet', 'help', 'version') },
  },
  read: rewritesOperands('alejandra', ['-c', '--check'], 'alejandra rewrites the Nix files it is given (below a folder too)'),
  plain: ['--check .', '-c flake.nix', '-q --check nix', '--version'],
};

// ---------------------------------------------------------------------------------------------
// lcov
// ---------------------------------------------------------------------------------------------

// Perl's Getopt::Long: unique prefixes of long options (as here), long options also with one
// dash (`-output-file F`) and in any case (`--Output-File`): those are read by `lcovOddSpellings`.
const LCOV_GRAMMAR: Grammar = {
  short: 'dbotkaerl',
  flags: 'czihvq',
  abbreviations: true,
  long: {
    ...valued('directory', 'base-directory', 'output-file', 'test-name', 'kernel-directory', 'add-tracefile', 'extract', 'remove', 'list', 'diff', 'ignore-errors', 'exclude', 'include', 'memory', 'filter', 'gcov-tool', 'config-file', 'rc', 'substitute', 'omit-lines', 'erase-functions', 'version-script', 'criteria-script', 'annotate-script', 'resolve-script', 'context-script'),
    parallel: 'optional',
    ...flagged('capture', 'zerocounters', 'initial', 'help', 'version', 'quiet', 'summary', 'no-external', 'external', 'branch-coverage', 'no-checksum', 'checksum', 'compat-libtool', 'no-compat-libtool', 'no-recursion', 'follow', 'keep-going', 'list-full-path', 'no-list-full-path', 'no-markers', 'derive-func-data', 'no-function-coverage', 'function-coverage'),
  },
};
const LCOV_ROW: ProgramRow = {
  names: ['lcov'],
  category: 'build',
  what: 'lcov, which collects gcov coverage data into tracefiles and combines them',
  grammar: LCOV_GRAMMAR,
  options: [
    { role: 'writer', options: ['-o', '--output-file'], target: 'file', example: '/tmp/coverage.info', note: '-o writes the tracefile to the named file' },
    { role: 'writer', options: ['-z', '--zerocounters'], note: '-z deletes the .gcda coverage counters below the folders given with -d' },
    { role: 'executor', options: ['--gcov-tool'], payload: 'program', example: '/tmp/gcov', note: '--gcov-tool names the program lcov runs on each data file' },
    { role: 'executor', options: ['--version-script', '--criteria-script', '--annotate-script', '--resolve-script', '--context-script'], payload: 'program', example: '/tmp/script', note: 'the --*-script options name programs lcov runs' },
    // lcov evaluates these as Perl expressions (`s/a/b/`), where a Perl /e modifier runs code.
    { role: 'executor', options: ['--substitute', '--omit-lines', '--erase-functions'], payload: 'code', example: 's/x/`id`/e', note: '--substitute/--omit-lines/--erase-functions are Perl expressions lcov evaluates' },
    // An lcovrc can set the gcov tool and every script above.
    { role: 'loader', options: ['--config-file', '--rc'], example: '/tmp/lcovrc', note: '--config-file/--rc set lcov settings, among them the gcov tool and scripts it runs' },
  ],
  read: lcovOddSpellings,
  plain: ['--summary coverage.info', '--list coverage.info', '-q --summary app.info', '--version'],
};

/** lcov's long options that have no role: spelled oddly, they are still read as harmless. */
const LCOV_ROLES = /^(output-file|zerocounters|gcov-tool|config-file|rc|substitute|omit-lines|erase-functions|.*-script)$/;

/**
 * Getopt::Long takes `-output-file F` as `--output-file F` (where a getopt reader sees `-o` with
 * the value `utput-file`) and `--GCOV-TOOL` as `--gcov-tool`. Such a word (up to `--`) is a form
 * of its own, taken at its worst, unless it spells in full a long option that has no role here.
 */
function lcovOddSpellings(args: readonly Word[]): Form[] {
  const out: Form[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word.kind !== 'literal') continue;
    if (word.value === '--') break;
    const single = /^-[A-Za-z][A-Za-z-]+(=.*)?$/.test(word.value);
    const cased = /^--[^=]*[A-Z]/.test(word.value);
    if (!single && !cased) continue;
    const name = word.value.replace(/^-+/, '').replace(/=.*$/, '').toLowerCase();
    if (LCOV_GRAMMAR.long?.[name] !== undefined && !LCOV_ROLES.test(name)) continue;
    out.push({ role: 'executor', program: 'lcov', trigger: word.value, index, value: null, note: `${word.value} is a long option spelled as Getopt::Long reads it (one dash, or capitals), taken at its worst` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Task and script runners: hereby, nr, richgo
// ---------------------------------------------------------------------------------------------

const HEREBY_ROW: ProgramRow = {
  names: ['hereby'],
  category: 'build',
  what: 'hereby, a JavaScript task runner for the tasks of Herebyfile.mjs (the project’s own Herebyfile is its job)',
  grammar: {
    short: '',
    flags: 'hT',
    abbreviations: false,
    long: { ...valued('herebyfile'), ...flagged('help', 'version', 'tasks', 'tasks-simple', 'dry-run') },
  },
  options: [{ role: 'loader', options: ['--herebyfile'], example: '/tmp/Herebyfile.mjs', note: '--herebyfile runs the tasks of another Herebyfile, JavaScript that runs' }],
  plain: ['', 'build', 'test lint', '--tasks', '--dry-run build'],
};

/**
 * nr (the `ni` package): `nr NAME ARGS…` runs the package.json script NAME with the project's
 * package manager (`npm run`, `pnpm run`, `yarn run`, `bun run`), the words after it given to the
 * script. `-C DIR` works in another folder. With bun, `bun run FILE` runs a file: a first operand
 * that names a file is not a script name.
 */
const NR_ROW: ProgramRow = {
  names: ['nr'],
  category: 'package',
  what: 'nr, from the ni package, which runs a package.json script with the project’s package manager',
  grammar: { short: 'C', flags: 'hv', abbreviations: false, stopAtOperand: true, long: flagged('help', 'version') },
  options: [
    { role: 'loader', when: leavesWorkspace, options: ['-C'], example: '/tmp/project', note: '-C works in another folder, running that package.json’s scripts' },
  ],
  operands: [
    { role: 'executor', operand: 0, when: (v) => v === null || v.includes('/') || /\.(m|c)?(j|t)sx?$/.test(v), example: './evil.ts', note: 'a first word naming a file is run as a program (bun run FILE), not a script of the project' },
  ],
  plain: ['build', 'dev', 'test --watch', 'lint -- --fix', '-C packages/web build'],
};

/**
 * richgo: runs `go` with the same words and colours the output of `go test` (`richgo test ./...`
 * is `go test ./...`). Its words are go's, read with the go row's subcommands, options and roles
 * (`richgo test -exec /tmp/x` runs the test binary through /tmp/x, as go test does).
 */
const RICHGO_ROW: ProgramRow = {
  ...GO_ROW,
  names: ['richgo'],
  what: 'richgo, which runs go with the same words (go test above all) and colours its output',
  plain: ['test ./...', 'test -v -run TestX ./pkg', 'test -count=1 ./...', 'vet ./...'],
};

export const LINTER_ROWS: readonly ProgramRow[] = [
  RUBOCOP_ROW,
  ISORT_ROW,
  AUTOFLAKE_ROW,
  CODESPELL_ROW,
  COVERAGE_ROW,
  YAMLLINT_ROW,
  GOLANGCI_ROW,
  SWIFTLINT_ROW,
  MISSPELL_ROW,
  DPRINT_ROW,
  ALEJANDRA_ROW,
  LCOV_ROW,
  HEREBY_ROW,
  NR_ROW,
  RICHGO_ROW,
];
