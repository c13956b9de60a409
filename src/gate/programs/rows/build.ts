import { literalWord, type Word } from '../../reading/resolution';
import { flagged, readArgs, valued, type ArgReading, type Grammar, type ReadOption } from '../grammar';
import { shellStartupWrites, writes } from './settingsStores';
import type { Command, Form, OperandRole, OptionRole, ProgramRow, Role, WrapperReading } from '../row';
import { commandText } from '../commandText';
import { staysBelow } from '../containerBinds';

/**
 * When a build tool's "work on another project" option (`make -C DIR`, `cargo --manifest-path P`,
 * `mvn -f DIR`, `composer --working-dir DIR`, `swift build --package-path DIR`) is a carve-out: its
 * value may lead out of the workspace (absolute, `~`, `..`) or is only known at run time. A
 * project below the working folder is the workspace's own, as `cd DIR && make` is (entries cover
 * that already; docs/decisions.md "A project below the working folder is the workspace's own").
 */
export function leavesWorkspace(value: string | null): boolean {
  return value === null || !staysBelow(value);
}

/**
 * Package managers, task runners, build tools, compilers, test runners and linters.
 *
 * What these programs do with the project they are started in (run `package.json` scripts, a
 * Makefile's recipes, `build.rs`, `setup.py`, `conftest.py`, a `CMakeLists.txt`, a Gemfile) is
 * their everyday job: an entry for the program covers it. That is also why several GTFOBins
 * functions (a `package.json` script, `composer run-script`, `cmake` of a `CMakeLists.txt`,
 * `bundle install` of a Gemfile, `go run`, `cabal exec`, `uv run`) are not forms of their own: they
 * run the project's own files, or (wrappers with `peel: true`) a command that an entry must cover by
 * itself. What is a form is everything that points the program at other code: another project
 * folder, another configuration, a plugin, a shell or program to use, a package to download and
 * run, code on the command line.
 */

// ---------------------------------------------------------------------------------------------
// Shared tests on values
// ---------------------------------------------------------------------------------------------

/** A URL, a VCS address or an scp-like `git@host:` address (null: unknown, so yes). */
function isUrl(v: string | null): boolean {
  return v === null || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v) || /^(git\+|git@|hg\+|svn\+|bzr\+)/.test(v);
}

/** A file-system path rather than a bare name (null: unknown, so yes). */
function isPath(v: string | null): boolean {
  return v === null || v === '.' || v === '..' || /^(\.{1,2}\/|\/|~)/.test(v) || v.includes('/') || /^file:/.test(v);
}

/** Not a loopback address (null: unknown or missing, which for these servers means all addresses). */
function notLoopback(v: string | null): boolean {
  return v === null || !/^(localhost|127\.[0-9.]+|::1|\[::1\])(:[0-9]+)?$/.test(v);
}

/** Environment or make variables that decide which program, shell or library runs. */
const RUNNING_VARIABLES =
  /^(SHELL|\.SHELLFLAGS|MAKE|MAKEFLAGS|MFLAGS|MAKEFILES|GNUMAKEFLAGS|LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|PATH|BASH_ENV|ENV|NODE_OPTIONS|PYTHONPATH|PYTHONSTARTUP|RUBYOPT|RUBYLIB|PERL5OPT|PERL5LIB|GIT_[A-Z_]+|CC|CXX|CPP|LD|AR|AS|FC|RUSTC_WRAPPER|RUSTC|CARGO|GOFLAGS|CFLAGS|CXXFLAGS|LDFLAGS|CPPFLAGS)$/;

/** `NAME=value` (a variable assignment as an operand). */
function assignmentName(v: string | null): string | null {
  if (v === null) return null;
  const m = /^([A-Za-z_.][A-Za-z0-9_.]*)\+?[:?!]?=/.exec(v);
  return m ? m[1]! : null;
}

// ---------------------------------------------------------------------------------------------
// Shared readers
// ---------------------------------------------------------------------------------------------

function textOf(word: Word | null | undefined): string | null {
  return word && word.kind === 'literal' ? word.value : null;
}

function roleMatches(option: ReadOption, role: OptionRole): boolean {
  for (const spelled of role.options) {
    if (spelled === option.name || spelled === option.key) return true;
    if (spelled.startsWith('--') && option.candidates.length > 1 && option.candidates.includes(spelled.slice(2))) return true;
  }
  return false;
}

function formOf(program: string, role: OptionRole | OperandRole, option: { name: string; index: number; value: Word | null }): Form {
  const text = textOf(option.value);
  const payloadText = role.payloadText !== undefined && text !== null ? role.payloadText(text) : null;
  return {
    role: role.role,
    program,
    trigger: option.name,
    index: option.index,
    value: option.value,
    ...(role.payload !== undefined ? { payload: role.payload } : {}),
    ...(payloadText !== null ? { payloadText } : {}),
    ...(role.everyday === true ? { everyday: true } : {}),
    note: role.note,
  };
}

/**
 * For programs that read their global options anywhere on the line (npm's nopt, cargo's and
 * pip's global flags): the global roles found after the word the top level stopped at, so that
 * `npm ls --script-shell=x` or `pip list --python /x` is seen whatever the subcommand. The top
 * level's own options (before the subcommand) are found by the table already. It also serves
 * CLIs whose options may follow an operand that is not a subcommand (`vitest src/a.test.ts -c x`).
 */
function globalsAnywhere(
  program: string,
  grammar: Grammar,
  roles: readonly OptionRole[],
  /** Subcommands whose own level repeats these roles: read there, not here. */
  known: readonly string[] = [],
): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (args, reading) => {
    const forms: Form[] = [];
    if (reading.next >= args.length) return forms;
    const first = textOf(reading.operands[0]);
    if (first !== null && known.includes(first)) return forms;
    const again = readArgs(args, { ...grammar, stopAtOperand: false });
    for (const option of again.options) {
      if (option.index < reading.next) continue;
      for (const role of roles) {
        if (!roleMatches(option, role)) continue;
        if (role.when !== undefined && !role.when(textOf(option.value))) continue;
        forms.push(formOf(program, role, option));
      }
    }
    return forms;
  };
}

/**
 * nopt (npm, npx, pnpm) reads a one-dash word that is not a shorthand but names (or abbreviates)
 * a long option as that long option: `npm -prefix /x`, `npx -script-shell=/bin/sh`.
 */
function noptSingleDash(program: string, grammar: Grammar, roles: readonly OptionRole[], shorthands: readonly string[]): (args: readonly Word[]) => Form[] {
  const names = Object.keys(grammar.long ?? {});
  return (args) => {
    const forms: Form[] = [];
    for (let k = 0; k < args.length; k++) {
      const t = textOf(args[k]);
      if (t === '--') break;
      if (t === null || !/^-[^-]/.test(t) || t.length < 3) continue;
      const eq = t.indexOf('=');
      const body = t.slice(1, eq < 0 ? undefined : eq);
      if (shorthands.includes(body)) continue;
      const fits = names.includes(body) ? [body] : names.filter((n) => n.startsWith(body));
      if (fits.length !== 1) continue;
      const name = fits[0]!;
      const entry = grammar.long![name]!;
      const arity = typeof entry === 'string' ? entry : entry[0];
      const value: Word | null = eq >= 0 ? literalWord(t.slice(eq + 1)) : arity === 'value' ? (args[k + 1] ?? null) : null;
      const option: ReadOption = { name: `--${name}`, key: name, candidates: [name], value, index: k, valueIndex: null, known: true };
      for (const role of roles) {
        if (!roleMatches(option, role)) continue;
        if (role.when !== undefined && !role.when(textOf(option.value))) continue;
        forms.push(formOf(program, role, { name: t, index: k, value: option.value }));
      }
    }
    return forms;
  };
}

/** npm's multi-letter shorthands (`-dd`, `-ws`, `-reg`…), which nopt expands before it reads long names. */
const NPM_SHORTHANDS = ['enjoy-by', 'dd', 'ddd', 'quiet', 'silent', 'verbose', 'desc', 'help', 'local', 'no', 'porcelain', 'readonly', 'reg', 'iwr', 'ws'];

/** Every unambiguous prefix of each name in `all` that belongs to one of `wanted`. */
function abbreviations(all: readonly string[], wanted: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of wanted) {
    for (let n = 1; n < name.length; n++) {
      const prefix = name.slice(0, n);
      if (all.includes(prefix)) continue;
      const fits = all.filter((other) => other.startsWith(prefix));
      if (fits.length === 1 && fits[0] === name) out.set(prefix, name);
    }
  }
  return out;
}

/**
 * For CLIs that accept an abbreviated subcommand (npm's `abbrev`, Symfony Console): the first
 * operand, when it abbreviates one of the dangerous subcommands, is that subcommand's form.
 */
function abbreviatedSubcommand(
  program: string,
  all: readonly string[],
  dangerous: Readonly<Record<string, { role: Role; note: string; publishes?: true }>>,
): (args: readonly Word[], reading: ArgReading) => Form[] {
  const table = abbreviations(all, Object.keys(dangerous));
  return (_args, reading) => {
    const first = textOf(reading.operands[0]);
    // A verb only known at run time may be any of the dangerous ones: the reading is not sure.
    if (first === null && reading.operands.length > 0) throw new Error('the subcommand is only known at run time');
    if (first === null) return [];
    const full = table.get(first);
    if (full === undefined) return [];
    const { role, note, publishes } = dangerous[full]!;
    const forms: Form[] = [{ role, program, trigger: first, index: reading.operandIndexes[0]!, value: null, note }];
    // A publisher uploads the folder it runs in (Command.role.publishes): a form of its own.
    if (publishes === true) forms.push({ role: 'network', program, trigger: first, index: reading.operandIndexes[0]!, value: literalWord('.'), sends: true, everyday: true, note: `${program} ${full} uploads the folder it runs in` });
    return forms;
  };
}

function both(...readers: Array<(args: readonly Word[], reading: ArgReading) => readonly Form[]>): (args: readonly Word[], reading: ArgReading) => Form[] {
  return (args, reading) => readers.flatMap((read) => [...read(args, reading)]);
}

/** Words of the form `@FILE`: more arguments read from a file the gate cannot see. */
const ARGUMENT_FILE: OperandRole = {
  role: 'loader',
  operand: 'every',
  when: (v) => v === null || (v.startsWith('@') && v.length > 1),
  example: '@args.txt',
  note: '`@FILE` reads more options from a file, which could name any program or plugin',
};

// ---------------------------------------------------------------------------------------------
// npm, npx (one configuration reader, nopt: options anywhere, unique prefixes accepted)
// ---------------------------------------------------------------------------------------------

const NPM_VALUED =
  '_auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before browser ca cache cache-max cache-min cafile call cert cidr color cpu depth diff diff-dst-prefix diff-src-prefix diff-unified editor expect-result-count expect-results expires fetch-retries fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout git globalconfig heading https-proxy include init-author-email init-author-name init-author-url init-license init-module init-type init-version init.author.email init.author.name init.author.url init.license init.module init.version install-strategy key libc local-address location lockfile-version loglevel logs-dir logs-max name maxsockets message min-release-age min-release-age-exclude node-gyp node-options noproxy omit only orgs optional os otp package pack-destination packages prefix preid production provenance-file proxy registry replace-registry-host save-prefix sbom-format sbom-type scope scopes packages-and-scopes-permission orgs-permission password token-description script-shell searchexclude searchlimit searchopts searchstaleness shell tag tag-version-prefix umask user-agent userconfig viewer which workspace';
const NPM_FLAGS =
  'all allow-same-version audit bin-links bypass-2fa commit-hooks dangerously-allow-all-scripts description dev diff-ignore-all-space diff-name-only diff-no-prefix diff-text dry-run engine-strict force foreground-scripts format-package-lock fund git-tag-version global global-style if-present ignore-scripts include-staged include-workspace-root include-attestations init-private install-links json legacy-bundling legacy-peer-deps link long offline omit-lockfile-registry-resolved package-lock package-lock-only parseable allow-scripts-pending allow-scripts-pin prefer-dedupe prefer-offline prefer-online progress provenance read-only rebuild-bundle save save-bundle save-dev save-exact save-optional save-peer save-prod packages-all shrinkwrap sign-git-commit sign-git-tag strict-peer-deps strict-allow-scripts strict-ssl timing unicode update-notifier usage version versions workspaces-update workspaces yes help quiet silent verbose local';

/** npm 11's configuration definitions: `-c` is `--call`, `-C` `--prefix`, `-w` `--workspace`, `-L` `--location`, `-m` `--message`. */
const NPM_GRAMMAR: Grammar = {
  short: 'cCwLm',
  flags: 'dqsafglpSBDEOPhHvyn',
  long: { ...valued(...NPM_VALUED.split(' ')), ...flagged(...NPM_FLAGS.split(' ')) },
};

/** npm's configuration options that choose a program, a shell, code, another configuration or another project. */
const NPM_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--script-shell'], payload: 'program', example: '/bin/sh', note: '--script-shell runs every package script through the named program' },
  { role: 'executor', options: ['-c', '--call'], payload: 'shell-text', example: 'rm -rf ~', note: '-c/--call runs the given shell text with the package binaries on PATH' },
  { role: 'executor', options: ['--shell'], payload: 'program', example: '/bin/sh', note: '--shell names the shell npm exec and npm explore start' },
  { role: 'executor', options: ['--editor'], payload: 'program', example: 'vim', note: '--editor names the program npm edit and npm config edit start' },
  { role: 'executor', options: ['--browser'], payload: 'program', when: (v) => v !== 'false', example: 'firefox', note: '--browser names the program npm starts to open web pages' },
  { role: 'executor', options: ['--viewer'], payload: 'program', when: (v) => v === null || !['man', 'browser', 'woman'].includes(v), example: '/tmp/viewer', note: '--viewer names the program npm help shows pages with' },
  { role: 'executor', options: ['--git'], payload: 'program', example: '/tmp/git', note: '--git names the program npm runs for git dependencies and version commits' },
  { role: 'executor', options: ['--node-gyp'], payload: 'program', example: '/tmp/gyp', note: '--node-gyp names the program that builds native add-ons' },
  { role: 'loader', options: ['--node-options'], example: '--require=./x.js', note: '--node-options passes Node options (such as --require) to every script npm runs' },
  { role: 'loader', options: ['--userconfig', '--globalconfig'], example: './npmrc', note: '--userconfig/--globalconfig read another npmrc, which can set the script shell or any option' },
  { role: 'loader', options: ['--init-module'], example: './init.js', note: '--init-module runs the named JavaScript file for npm init' },
  { role: 'loader', when: leavesWorkspace, options: ['-C', '--prefix'], example: '/tmp/project', note: '-C/--prefix works on another folder, running that package.json’s scripts' },
  { role: 'network', options: ['--registry', '--proxy', '--https-proxy'], example: 'https://registry.example.com', note: '--registry/--proxy make npm fetch packages through another server' },
  { role: 'loader', options: ['--allow-scripts', '--dangerously-allow-all-scripts'], example: 'esbuild', note: '--allow-scripts/--dangerously-allow-all-scripts let dependencies’ install scripts run' },
];

/** A package spec that is not a registry name: git, a URL, a GitHub `user/repo`, a tarball or a folder. */
function npmSpecIsCode(v: string | null): boolean {
  if (v === null) return true;
  const at = v.indexOf('@', 1);
  const parts = at > 0 ? [v, v.slice(at + 1)] : [v];
  return parts.some((p) => {
    const spec = p.replace(/^npm:/, '');
    if (p.startsWith('npm:')) return false;
    return /^(git\+|git:|git@|github:|gitlab:|bitbucket:|gist:|https?:|file:|link:|\.|\/|~)/.test(spec) || /\.(tgz|tar\.gz|tar)$/.test(spec) || (spec.includes('/') && !spec.startsWith('@'));
  });
}

const NPM_GLOBAL: readonly OptionRole[] = [
  { role: 'writer', options: ['-g', '--global'], note: '-g installs or links packages machine-wide, putting their commands on PATH' },
  { role: 'writer', options: ['-L', '--location'], when: (v) => v === null || v === 'global', example: 'global', note: '--location=global installs or links packages machine-wide' },
];

const NPM_INSTALL: Command = {
  grammar: NPM_GRAMMAR,
  options: NPM_GLOBAL,
  operands: [{ role: 'loader', operand: 'every', when: npmSpecIsCode, example: 'git+https://example.com/x.git', note: 'installing from git, a URL, a tarball or a folder runs that code’s install scripts' }],
  plain: ['', 'lodash', '--save-dev typescript', 'react@18 --legacy-peer-deps', '@types/node@20 -D'],
};

const NPM_PLAIN_LEVEL: Command = { grammar: NPM_GRAMMAR };

const npmRunner = (note: string): Command => ({ grammar: NPM_GRAMMAR, role: { role: 'executor', note } });

const NPM_EXEC: Command = {
  grammar: NPM_GRAMMAR,
  strict: true,
  role: { role: 'executor', note: 'npm exec runs a package’s command, downloading the package when it is missing' },
  wrapper: { peel: false, note: 'npm exec runs the named package binary or command' },
};

const NPM_INIT: Command = {
  grammar: NPM_GRAMMAR,
  operands: [{ role: 'executor', operand: 0, example: 'vite', note: 'npm init NAME downloads and runs the create-NAME package' }],
  plain: ['', '-y', '--yes --scope=@me'],
};

const NPM_CONFIG: Command = {
  grammar: NPM_GRAMMAR,
  subcommands: {
    set: { grammar: NPM_GRAMMAR, role: { role: 'destructive', note: 'npm config set changes settings (the script shell, the registry) that later npm commands obey' } },
    delete: { grammar: NPM_GRAMMAR, role: { role: 'destructive', note: 'npm config delete changes settings that later npm commands obey' } },
    edit: { grammar: NPM_GRAMMAR, role: { role: 'executor', note: 'npm config edit starts an editor on the npmrc' } },
    fix: NPM_PLAIN_LEVEL,
    get: { grammar: NPM_GRAMMAR, plain: ['registry'] },
    list: { grammar: NPM_GRAMMAR, plain: ['', '-l', '--json'] },
  },
};

const npmPublishing = (note: string): Command => ({ grammar: NPM_GRAMMAR, role: { role: 'destructive', note } });

const npmWithChanges = (changing: readonly string[], note: string, reading: readonly string[]): Command => ({
  grammar: NPM_GRAMMAR,
  subcommands: {
    ...Object.fromEntries(changing.map((s) => [s, { grammar: NPM_GRAMMAR, role: { role: 'destructive' as const, note } }])),
    ...Object.fromEntries(reading.map((s) => [s, NPM_PLAIN_LEVEL])),
  },
});

const NPM_SUBCOMMANDS: Record<string, Command> = {
  ...Object.fromEntries(['install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'update', 'up', 'u', 'upgrade', 'udpate', 'install-test', 'it'].map((s) => [s, NPM_INSTALL])),
  ...Object.fromEntries(['link', 'ln'].map((s) => [s, { ...NPM_INSTALL, role: { role: 'writer' as const, note: 'npm link puts a symlink to a package in the machine-wide folder (and its commands on PATH)' }, plain: [] }])),
  ...Object.fromEntries(['uninstall', 'unlink', 'remove', 'rm', 'r', 'un'].map((s) => [s, { grammar: NPM_GRAMMAR, options: NPM_GLOBAL, plain: ['lodash'] }])),
  ...Object.fromEntries(['exec', 'x'].map((s) => [s, NPM_EXEC])),
  ...Object.fromEntries(['init', 'create', 'innit'].map((s) => [s, NPM_INIT])),
  // `npm explore PKG -- CMD` runs CMD in the package's folder below node_modules (without one, an
  // interactive shell): a wrapper whose command the floors read; an entry naming it covers the
  // command unless that has a form an entry must spell, as for the environment runners.
  explore: {
    ...npmRunner('npm explore starts a shell (or runs a command) inside an installed package'),
    wrapper: { environmentOnly: true, peel: false, skip: 1, note: 'npm explore PKG -- CMD runs CMD inside the installed package PKG' },
  },
  edit: npmRunner('npm edit starts an editor inside an installed package'),
  ...Object.fromEntries(['config', 'c'].map((s) => [s, NPM_CONFIG])),
  set: { grammar: NPM_GRAMMAR, role: { role: 'destructive', note: 'npm set changes settings (the script shell, the registry) that later npm commands obey' } },
  get: { grammar: NPM_GRAMMAR, plain: ['registry'] },
  'approve-scripts': { grammar: NPM_GRAMMAR, role: { role: 'destructive', note: 'npm approve-scripts lets the named dependencies’ install scripts run from now on' } },
  'install-scripts': npmWithChanges(['approve'], 'npm install-scripts approve lets the named dependencies’ install scripts run from now on', ['ls', 'deny', 'prune']),
  pkg: npmWithChanges(['set', 'delete', 'fix'], 'npm pkg set/delete rewrites package.json, scripts included', ['get']),
  publish: { grammar: NPM_GRAMMAR, role: { role: 'destructive', note: 'npm publish uploads the package to the registry for everyone', publishes: true } },
  unpublish: npmPublishing('npm unpublish removes a published package from the registry'),
  deprecate: npmPublishing('npm deprecate marks published versions as deprecated for everyone'),
  undeprecate: npmPublishing('npm undeprecate changes the published state of a package'),
  'dist-tag': npmWithChanges(['add', 'rm'], 'npm dist-tag add/rm changes which version users of a tag install', ['ls']),
  'dist-tags': npmWithChanges(['add', 'rm'], 'npm dist-tag add/rm changes which version users of a tag install', ['ls']),
  owner: npmWithChanges(['add', 'rm'], 'npm owner add/rm changes who may publish the package', ['ls']),
  author: npmWithChanges(['add', 'rm'], 'npm owner add/rm changes who may publish the package', ['ls']),
  access: npmWithChanges(['grant', 'revoke', 'set'], 'npm access grant/revoke/set changes who can read or publish a package', ['list', 'get']),
  team: npmWithChanges(['create', 'destroy', 'add', 'rm'], 'npm team create/destroy/add/rm changes an organisation’s teams', ['ls']),
  org: npmWithChanges(['set', 'rm'], 'npm org set/rm changes an organisation’s members', ['ls']),
  token: npmWithChanges(['create', 'revoke'], 'npm token create/revoke makes or cancels registry credentials', ['list']),
  ...Object.fromEntries(['run', 'run-script', 'rum', 'urn'].map((s) => [s, { grammar: NPM_GRAMMAR, plain: ['build', 'lint -- --fix', 'test --if-present'] }])),
  ...Object.fromEntries(['test', 't', 'tst', 'start', 'stop', 'restart', 'ci', 'clean-install', 'ic', 'install-clean', 'install-ci-test', 'cit', 'clean-install-test', 'sit', 'diff', 'find-dupes', 'll', 'la', 'shrinkwrap', 'completion', 'star', 'stars', 'unstar', 'home', 'issues', 'ls', 'list', 'outdated', 'audit', 'view', 'info', 'show', 'v', 'search', 'explain', 'why', 'pack', 'prefix', 'root', 'version', 'rebuild', 'rb', 'dedupe', 'prune', 'fund', 'doctor', 'ping', 'help', 'query', 'sbom', 'cache', 'whoami', 'docs', 'bugs', 'repo'].map((s) => [s, NPM_PLAIN_LEVEL])),
};

const NPM_COMMANDS = [
  'access', 'adduser', 'approve-scripts', 'audit', 'bugs', 'cache', 'ci', 'completion', 'config', 'dedupe', 'deny-scripts', 'deprecate', 'diff', 'dist-tag', 'docs', 'doctor', 'edit', 'exec', 'explain', 'explore', 'find-dupes', 'fund', 'get', 'help', 'help-search', 'init', 'install', 'install-ci-test', 'install-scripts', 'install-test', 'link', 'll', 'login', 'logout', 'ls', 'org', 'outdated', 'owner', 'pack', 'ping', 'pkg', 'prefix', 'profile', 'prune', 'publish', 'query', 'rebuild', 'repo', 'restart', 'root', 'run', 'sbom', 'search', 'set', 'shrinkwrap', 'stage', 'star', 'stars', 'start', 'stop', 'team', 'test', 'token', 'trust', 'undeprecate', 'uninstall', 'unpublish', 'unstar', 'update', 'version', 'view', 'whoami',
  'author', 'home', 'issues', 'info', 'show', 'find', 'add', 'unlink', 'remove', 'rm', 'r', 'un', 'rb', 'list', 'ln', 'create', 'i', 'it', 'cit', 'u', 'up', 'c', 's', 'se', 'tst', 't', 'ddp', 'v', 'run-script', 'clean-install', 'clean-install-test', 'x', 'why', 'la', 'verison', 'ic', 'innit', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'install-clean', 'isntall-clean', 'hlep', 'dist-tags', 'upgrade', 'udpate', 'rum', 'sit', 'urn', 'ogr', 'add-user',
];

const NPM_ROW: ProgramRow = {
  names: ['npm'],
  category: 'package',
  what: 'the Node.js package manager',
  grammar: NPM_GRAMMAR,
  options: NPM_OPTIONS,
  subcommands: NPM_SUBCOMMANDS,
  // npm reads its configuration options anywhere on the line, and takes any unique prefix of a subcommand.
  read: both(
    globalsAnywhere('npm', NPM_GRAMMAR, NPM_OPTIONS),
    noptSingleDash('npm', NPM_GRAMMAR, NPM_OPTIONS, NPM_SHORTHANDS),
    abbreviatedSubcommand('npm', NPM_COMMANDS, {
      exec: { role: 'executor', note: 'npm exec runs a package’s command, downloading the package when it is missing' },
      explore: { role: 'executor', note: 'npm explore starts a shell inside an installed package' },
      edit: { role: 'executor', note: 'npm edit starts an editor inside an installed package' },
      init: { role: 'executor', note: 'npm init NAME downloads and runs the create-NAME package' },
      create: { role: 'executor', note: 'npm create NAME downloads and runs the create-NAME package' },
      config: { role: 'destructive', note: 'npm config can change settings that later npm commands obey' },
      publish: { role: 'destructive', note: 'npm publish uploads the package to the registry for everyone', publishes: true },
      unpublish: { role: 'destructive', note: 'npm unpublish removes a published package from the registry' },
    }),
  ),
  plain: ['--version', 'test', 'run build', 'install', 'ci --ignore-scripts', 'ls --depth=0', 'outdated --json'],
};

/** npx: `npm exec` with its own reading of the options before the package (`-p` is `--package`). */
const NPX_GRAMMAR: Grammar = { ...NPM_GRAMMAR, short: 'cCwLmpn', long: { ...NPM_GRAMMAR.long, ...valued('package', 'node-arg', 'npm'), ...flagged('no-install') } };

const NPX_ROW: ProgramRow = {
  names: ['npx'],
  category: 'package',
  what: 'runs a command from a Node.js package, downloading the package when it is missing (npm exec)',
  grammar: NPX_GRAMMAR,
  strict: true,
  options: NPM_OPTIONS,
  read: noptSingleDash('npx', NPX_GRAMMAR, NPM_OPTIONS, NPM_SHORTHANDS),
  wrapper: { peel: false, noCommand: ['--version', '-v', '--help', '-h'], note: 'npx runs the named package’s command, which an entry for npx alone does not cover' },
};

// ---------------------------------------------------------------------------------------------
// Go (the flag package: one or two dashes, `-name=value` or `-name value`, no prefixes)
// ---------------------------------------------------------------------------------------------

/** Both spellings go accepts, and the test binary's `-test.NAME` twin for test flags. */
function goFlag(names: readonly string[], test = false): string[] {
  return names.flatMap((n) => [`-${n}`, `--${n}`, ...(test ? [`-test.${n}`, `--test.${n}`] : [])]);
}

const GO_VALUED =
  'C p covermode coverpkg asmflags buildmode compiler gccgoflags gcflags installsuffix ldflags mod modfile overlay pgo pkgdir tags toolexec o exec vettool run bench count cpu timeout coverprofile cpuprofile memprofile blockprofile mutexprofile trace outputdir skip fuzz fuzztime fuzzminimizetime list memprofilerate blockprofilerate mutexprofilefraction parallel benchtime shuffle f reuse';
const GO_PROFILES = ['coverprofile', 'cpuprofile', 'memprofile', 'blockprofile', 'mutexprofile', 'trace', 'outputdir'];
const GO_OPTIONAL =
  'a n race msan asan cover v work x linkshared modcacherw trimpath buildvcs json c i args failfast short benchmem fullpath cache testcache modcache fuzzcache r e m u t deps export find test compiled tool retracted versions changed w';

const GO_GRAMMAR: Grammar = {
  singleDash: true,
  abbreviations: false,
  stopAtOperand: true,
  long: {
    ...valued(...GO_VALUED.split(' ')),
    ...valued(...GO_PROFILES.map((n) => `test.${n}`), 'test.run', 'test.count', 'test.timeout', 'test.bench', 'test.cpu', 'test.parallel'),
    ...Object.fromEntries(GO_OPTIONAL.split(' ').map((n) => [n, 'optional' as const])),
    ...Object.fromEntries(['test.v', 'test.short', 'test.failfast', 'test.benchmem'].map((n) => [n, 'optional' as const])),
  },
};

/** `go test` reads its flags after the packages too (testflag), the other subcommands stop at the first package. */
const GO_TEST_GRAMMAR: Grammar = { ...GO_GRAMMAR, stopAtOperand: false };

const GO_ROLES: readonly OptionRole[] = [
  { role: 'executor', options: goFlag(['exec']), payload: 'program', example: '/tmp/runner', note: '-exec runs the built program through the named program' },
  { role: 'executor', options: goFlag(['toolexec']), payload: 'program', example: '/tmp/wrap', note: '-toolexec runs every compiler and linker step through the named program' },
  { role: 'executor', options: goFlag(['vettool']), payload: 'program', example: '/tmp/analyser', note: '-vettool runs the named program as the vet analyser' },
  {
    role: 'executor',
    options: goFlag(['ldflags']),
    payload: 'program',
    when: (v) => v === null || /extld/.test(v),
    example: '-extld=/tmp/linker',
    note: '-ldflags -extld= names the program used as the external linker',
  },
  { role: 'writer', options: goFlag(['o']), target: 'file', example: '/usr/local/bin/tool', note: '-o writes the built binary (or test binary) to a chosen path' },
  { role: 'writer', options: goFlag(GO_PROFILES, true), target: 'file', example: 'prof.out', note: 'the profile and trace flags write files (-outputdir chooses where)' },
  { role: 'writer', options: goFlag(['pkgdir']), target: 'tree', example: '/tmp/pkg', note: '-pkgdir writes compiled packages to a chosen folder' },
  { role: 'loader', options: goFlag(['modfile']), example: '/tmp/alt.mod', note: '-modfile reads (and updates) another module file, which can replace any dependency' },
  { role: 'loader', options: goFlag(['overlay']), example: '/tmp/overlay.json', note: '-overlay swaps source files for others named in a JSON file' },
];

const goLevel = (extra: Partial<Command> = {}): Command => ({ grammar: GO_GRAMMAR, options: GO_ROLES, ...extra });

export const GO_ROW: ProgramRow = {
  names: ['go'],
  category: 'build',
  what: 'the Go toolchain',
  // Only -C (change folder, first) comes before the subcommand.
  grammar: { singleDash: true, abbreviations: false, long: { C: 'value', h: 'flag', help: 'flag' } },
  subcommands: {
    build: goLevel({ plain: ['./...', '-v -trimpath ./cmd/tool', '-tags integration .'] }),
    install: goLevel({ plain: ['./cmd/tool', 'golang.org/x/tools/gopls@latest'] }),
    // go run compiles and runs the named Go code: that is its job (GTFOBins' go shell, reverse and
    // bind shells and file read/write are all a Go program written to a file and then `go run`).
    run: goLevel({ plain: ['.', 'main.go --port 8080', './cmd/server -v'] }),
    test: goLevel({ grammar: GO_TEST_GRAMMAR, plain: ['./...', '-run TestX -v ./pkg', '-count=1 -race ./...', './... -short'] }),
    vet: goLevel({ plain: ['./...'] }),
    list: goLevel({ plain: ['-m all', "-f '{{.Dir}}' ./...", '-json ./...'] }),
    get: goLevel({ plain: ['golang.org/x/sync@latest', '-u ./...'] }),
    clean: goLevel({
      options: [
        ...GO_ROLES,
        { role: 'destructive', options: goFlag(['modcache', 'fuzzcache']), note: 'go clean -modcache/-fuzzcache deletes the whole module cache or the fuzzing corpus' },
      ],
      plain: ['', '-testcache', '-cache'],
    }),
    fmt: goLevel({ plain: ['./...'] }),
    fix: goLevel(),
    doc: goLevel({ plain: ['fmt.Println', '-all ./pkg'] }),
    mod: goLevel({ grammar: GO_TEST_GRAMMAR, plain: ['tidy', 'download', 'graph', 'why -m golang.org/x/net', 'init example.com/m'] }),
    work: goLevel({ grammar: GO_TEST_GRAMMAR, plain: ['sync', 'use ./a'] }),
    version: goLevel({ plain: ['', '-m ./bin/tool'] }),
    env: {
      grammar: { singleDash: true, abbreviations: false, long: { json: 'optional', u: 'optional', w: 'optional', changed: 'optional' } },
      options: [{ role: 'destructive', options: ['-w', '--w', '-u', '--u'], note: 'go env -w/-u writes settings (GOFLAGS, GOTOOLCHAIN, GOPROXY) that later go commands obey' }],
      // The file is the one `GOENV` names (`go env GOENV`): by default in the user's configuration folder.
      read: (_args, reading) => (reading.options.some((option) => ['-w', '--w', '-u', '--u'].includes(option.name)) ? [writes('go', '-w', '~/.config/go/env', 'file', 'go env -w/-u rewrites the go env file, whose settings later go commands obey')] : []),
      plain: ['', 'GOPATH', '-json GOOS GOARCH'],
    },
    generate: { grammar: GO_GRAMMAR, role: { role: 'executor', note: 'go generate runs the commands written in //go:generate lines' } },
    tool: { grammar: GO_GRAMMAR, role: { role: 'executor', note: 'go tool runs tool programs, including ones the module declares' } },
    // Not listed: `bug` (opens a browser), `telemetry` (writes the user's Go settings).
    help: { grammar: GO_GRAMMAR, plain: ['modules'] },
  },
  plain: ['version', 'build ./...', 'test ./...', 'env GOPATH', 'mod tidy', '-C sub build .'],
};


// ---------------------------------------------------------------------------------------------
// pnpm, pnpx, yarn, bunx, corepack
// ---------------------------------------------------------------------------------------------

/** pnpm reads options with nopt as npm does; -C is --dir, -F --filter, -w --workspace-root, -c --shell-mode. */
const PNPM_GRAMMAR: Grammar = {
  short: 'CFL',
  flags: 'wrcsdgDPOEhvyfu',
  long: {
    ...valued('dir', 'filter', 'filter-prod', 'reporter', 'loglevel', 'workspace-concurrency', 'resume-from', 'test-pattern', 'changed-files-ignore-pattern', 'registry', 'script-shell', 'node-options', 'store-dir', 'virtual-store-dir', 'global-dir', 'global-bin-dir', 'modules-dir', 'lockfile-dir', 'package-import-method', 'node-linker', 'config-dir', 'userconfig', 'package', 'allow-build', 'prefix', 'proxy', 'https-proxy', 'tag', 'otp', 'access', 'publish-branch', 'location', 'shell-emulator', 'use-node-version', 'node-version', 'cpu', 'os', 'libc', 'depth', 'only', 'prod', 'dev', 'long', 'json', 'parseable', 'global'),
    ...flagged('workspace-root', 'recursive', 'shell-mode', 'silent', 'color', 'no-color', 'aggregate-output', 'stream', 'use-stderr', 'parallel', 'report-summary', 'sort', 'reverse', 'help', 'version', 'frozen-lockfile', 'ignore-scripts', 'offline', 'prefer-offline', 'save-dev', 'save-prod', 'save-optional', 'save-exact', 'save-peer', 'yes', 'force', 'if-present', 'no-bail', 'fail-if-no-match', 'include-workspace-root', 'interactive', 'latest', 'dry-run', 'no-git-checks'),
  },
};
// `global`, `json` and similar are flags in pnpm: keep them out of the valued list.
const PNPM_LONG = { ...PNPM_GRAMMAR.long, ...flagged('global', 'json', 'parseable', 'long', 'dev', 'prod') };
const PNPM: Grammar = { ...PNPM_GRAMMAR, long: PNPM_LONG };

const PNPM_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--script-shell'], payload: 'program', example: '/bin/sh', note: '--script-shell runs every package script through the named program' },
  { role: 'executor', options: ['-c', '--shell-mode'], note: '-c/--shell-mode hands the command to sh as shell text' },
  { role: 'loader', options: ['--node-options'], example: '--require=./x.js', note: '--node-options passes Node options (such as --require) to every script pnpm runs' },
  { role: 'loader', options: ['--userconfig', '--config-dir'], example: './npmrc', note: '--userconfig/--config-dir read another configuration, which can set the script shell' },
  { role: 'loader', when: leavesWorkspace, options: ['-C', '--dir', '--prefix'], example: '/tmp/project', note: '-C/--dir works on another folder, running that package.json’s scripts' },
  { role: 'network', options: ['--registry', '--proxy', '--https-proxy'], example: 'https://registry.example.com', note: '--registry/--proxy make pnpm fetch packages through another server' },
];

const PNPM_ADD: Command = {
  grammar: PNPM,
  options: [{ role: 'writer', options: ['-g', '--global'], note: '-g installs packages machine-wide, putting their commands on PATH' }],
  operands: [{ role: 'loader', operand: 'every', when: npmSpecIsCode, example: 'github:user/repo', note: 'adding from git, a URL, a tarball or a folder runs that code’s install scripts' }],
  plain: ['', 'lodash', '-D typescript', '--filter web react@18'],
};

const PNPM_DLX: Command = {
  grammar: PNPM,
  strict: true,
  role: { role: 'executor', note: 'pnpm dlx downloads a package and runs its command' },
  wrapper: { peel: false, note: 'pnpm dlx runs the named package’s command' },
};

const pnpmRole = (role: Role, note: string): Command => ({ grammar: PNPM, role: { role, note } });

const PNPM_ROW: ProgramRow = {
  names: ['pnpm'],
  category: 'package',
  what: 'a Node.js package manager',
  grammar: PNPM,
  options: PNPM_OPTIONS,
  subcommands: {
    ...Object.fromEntries(['add', 'install', 'i', 'update', 'up', 'upgrade', 'link', 'ln'].map((s) => [s, PNPM_ADD])),
    dlx: PNPM_DLX,
    create: { grammar: PNPM, operands: [{ role: 'executor', operand: 0, example: 'vite', note: 'pnpm create NAME downloads and runs the create-NAME package' }] },
    // pnpm exec runs a command of the project (node_modules/.bin on PATH): an entry must cover that command.
    exec: { grammar: { ...PNPM, stopAtOperand: true }, wrapper: { peel: true, note: 'pnpm exec runs the command with the project’s binaries on PATH' } },
    config: {
      grammar: PNPM,
      subcommands: {
        set: pnpmRole('destructive', 'pnpm config set changes settings that later pnpm commands obey'),
        delete: pnpmRole('destructive', 'pnpm config delete changes settings that later pnpm commands obey'),
        get: { grammar: PNPM, plain: ['registry'] },
        list: { grammar: PNPM, plain: [''] },
      },
    },
    'approve-builds': pnpmRole('destructive', 'pnpm approve-builds lets packages’ build scripts run from now on'),
    publish: { grammar: PNPM, role: { role: 'destructive', note: 'pnpm publish uploads the package to the registry for everyone', publishes: true } },
    // Where it writes (the shell's start-up file) is read by writeTargets.ts's package manager reader.
    setup: pnpmRole('writer', 'pnpm setup writes pnpm’s folder into the shell’s start-up file'),
    'self-update': pnpmRole('destructive', 'pnpm self-update replaces the pnpm program'),
    env: pnpmRole('writer', 'pnpm env installs and switches Node.js versions'),
    ...Object.fromEntries(['run', 'run-script', 'test', 't', 'start', 'remove', 'rm', 'uninstall', 'un', 'list', 'ls', 'why', 'outdated', 'audit', 'rebuild', 'prune', 'fetch', 'pack', 'store', 'root', 'bin', 'licenses', 'dedupe', 'import', 'deploy', 'patch', 'patch-commit', 'init'].map((s) => [s, { grammar: PNPM }])),
  },
  // An unknown first word is a script of package.json or a command of the project (pnpm exec).
  // Not peeled: `pnpm NAME` runs package.json's script NAME when there is one, so an entry for the
  // command NAME (`true`, `test`) says nothing about what runs.
  wrapper: { peel: false, projectScript: true, noCommand: ['--version', '-v', '--help', '-h'], note: 'pnpm NAME runs the script NAME, or else the command NAME with the project’s binaries on PATH' },
  read: both(globalsAnywhere('pnpm', PNPM, PNPM_OPTIONS.filter((r) => !r.options.includes('-c'))), noptSingleDash('pnpm', PNPM, PNPM_OPTIONS, [])),
  plain: ['install', 'test', 'run build', 'add -D vitest', '--filter web run build', 'ls --depth 0', '--version'],
};

const PNPX_ROW: ProgramRow = {
  names: ['pnpx'],
  category: 'package',
  what: 'pnpm dlx under its old name: downloads a package and runs its command',
  grammar: PNPM,
  strict: true,
  options: PNPM_OPTIONS,
  wrapper: { peel: false, noCommand: ['--version', '-v', '--help', '-h'], note: 'pnpx runs the named package’s command, which an entry for pnpx alone does not cover' },
};

const YARN_GRAMMAR: Grammar = {
  short: '',
  flags: 'sDPOEWTAiegvhyf',
  abbreviations: false,
  long: {
    ...valued('cwd', 'use-yarnrc', 'modules-folder', 'cache-folder', 'global-folder', 'link-folder', 'preferred-cache-folder', 'registry', 'proxy', 'https-proxy', 'network-timeout', 'network-concurrency', 'mutex', 'otp', 'emoji', 'package', 'tag', 'access', 'new-version', 'message', 'pattern', 'top-level'),
    ...flagged('silent', 'verbose', 'offline', 'prefer-offline', 'frozen-lockfile', 'immutable', 'pure-lockfile', 'ignore-scripts', 'ignore-engines', 'ignore-optional', 'ignore-platform', 'production', 'prod', 'no-lockfile', 'non-interactive', 'no-progress', 'no-default-rc', 'json', 'force', 'flat', 'check-files', 'dev', 'peer', 'optional', 'exact', 'tilde', 'caret', 'help', 'version', 'quiet', 'recursive', 'interactive', 'latest', 'inline-builds', 'mode'),
  },
};

const YARN_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', when: leavesWorkspace, options: ['--cwd'], example: '/tmp/project', note: '--cwd works on another folder, running that package.json’s scripts' },
  { role: 'loader', options: ['--use-yarnrc'], example: './yarnrc', note: '--use-yarnrc reads another configuration, which can change the script shell' },
  { role: 'network', options: ['--registry', '--proxy', '--https-proxy'], example: 'https://registry.example.com', note: '--registry/--proxy make yarn fetch packages through another server' },
];

const yarnRole = (role: Role, note: string): Command => ({ grammar: YARN_GRAMMAR, role: { role, note } });

const YARN_ADD: Command = {
  grammar: YARN_GRAMMAR,
  operands: [{ role: 'loader', operand: 'every', when: npmSpecIsCode, example: 'github:user/repo', note: 'adding from git, a URL, a tarball or a folder runs that code’s install scripts' }],
  plain: ['lodash', '-D typescript', 'react@18 --exact'],
};

const YARN_DANGEROUS: Readonly<Record<string, { role: Role; note: string }>> = {
  dlx: { role: 'executor', note: 'yarn dlx downloads a package and runs its command' },
  node: { role: 'executor', note: 'yarn node runs Node.js with the given arguments' },
  exec: { role: 'executor', note: 'yarn exec runs a command with the project’s binaries on PATH' },
  create: { role: 'executor', note: 'yarn create NAME downloads and runs the create-NAME package' },
};

const YARN_ROW: ProgramRow = {
  names: ['yarn', 'yarnpkg'],
  category: 'package',
  what: 'a Node.js package manager (Yarn 1 and Yarn Berry)',
  grammar: YARN_GRAMMAR,
  options: YARN_OPTIONS,
  subcommands: {
    ...Object.fromEntries(['add', 'install', 'upgrade', 'up'].map((s) => [s, YARN_ADD])),
    dlx: { grammar: YARN_GRAMMAR, role: YARN_DANGEROUS.dlx!, wrapper: { peel: false, note: 'yarn dlx runs the named package’s command' } },
    create: { grammar: YARN_GRAMMAR, operands: [{ role: 'executor', operand: 0, example: 'vite', note: 'yarn create NAME downloads and runs the create-NAME package' }] },
    exec: { grammar: { ...YARN_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'yarn exec runs the command with the project’s binaries on PATH' } },
    node: yarnRole('executor', 'yarn node runs Node.js with the given arguments (code or scripts)'),
    global: {
      grammar: YARN_GRAMMAR,
      subcommands: {
        add: { ...YARN_ADD, role: { role: 'writer', note: 'yarn global add installs packages machine-wide, putting their commands on PATH' }, plain: [] },
        remove: { grammar: YARN_GRAMMAR, plain: ['lodash'] },
        list: { grammar: YARN_GRAMMAR, plain: [''] },
        bin: { grammar: YARN_GRAMMAR, plain: [''] },
      },
    },
    config: {
      grammar: YARN_GRAMMAR,
      subcommands: {
        set: yarnRole('destructive', 'yarn config set changes settings that later yarn commands obey'),
        delete: yarnRole('destructive', 'yarn config delete changes settings that later yarn commands obey'),
        unset: yarnRole('destructive', 'yarn config unset changes settings that later yarn commands obey'),
        get: { grammar: YARN_GRAMMAR, plain: ['npmRegistryServer'] },
        list: { grammar: YARN_GRAMMAR, plain: [''] },
      },
    },
    plugin: {
      grammar: YARN_GRAMMAR,
      subcommands: {
        import: yarnRole('loader', 'yarn plugin import installs a plugin that runs inside every later yarn command'),
        list: { grammar: YARN_GRAMMAR, plain: [''] },
      },
    },
    set: { grammar: YARN_GRAMMAR, subcommands: { version: yarnRole('loader', 'yarn set version downloads a yarn release that the project then runs') } },
    policies: yarnRole('loader', 'yarn policies set-version downloads a yarn release that the project then runs'),
    publish: { grammar: YARN_GRAMMAR, role: { role: 'destructive', note: 'yarn publish uploads the package to the registry for everyone', publishes: true } },
    npm: { grammar: YARN_GRAMMAR, subcommands: { publish: { grammar: YARN_GRAMMAR, role: { role: 'destructive', note: 'yarn npm publish uploads the package to the registry for everyone', publishes: true } } } },
    // yarn workspace NAME COMMAND: the command is a yarn command of its own.
    workspace: {
      grammar: { ...YARN_GRAMMAR, stopAtOperand: true },
      read: (_args, reading) => {
        const sub = textOf(reading.operands[1]);
        const found = sub === null ? (reading.operands.length > 1 ? { role: 'executor' as const, note: 'the yarn command run in the workspace is only known at run time' } : undefined) : YARN_DANGEROUS[sub];
        return found ? [{ role: found.role, program: 'yarn workspace', trigger: sub ?? '', index: reading.operandIndexes[1]!, value: null, note: found.note }] : [];
      },
      plain: ['web build', 'api add lodash'],
    },
    ...Object.fromEntries(['run', 'test', 'start', 'remove', 'list', 'info', 'why', 'outdated', 'audit', 'pack', 'init', 'cache', 'bin', 'versions', 'licenses', 'check', 'autoclean', 'import', 'constraints', 'dedupe', 'explain', 'up', 'workspaces'].map((s) => [s, { grammar: YARN_GRAMMAR }])),
  },
  // An unknown first word is a script of package.json, or else a binary of the project.
  // Not peeled, as pnpm's: the script NAME of package.json runs first when there is one.
  wrapper: { peel: false, projectScript: true, noCommand: ['--version', '-v', '--help', '-h'], note: 'yarn NAME runs the script NAME, or else the project’s binary NAME' },
  read: globalsAnywhere('yarn', YARN_GRAMMAR, YARN_OPTIONS),
  plain: ['', 'install --frozen-lockfile', 'test --watch', 'add -D jest', 'run lint', 'workspace web build'],
};

const BUNX_ROW: ProgramRow = {
  names: ['bunx'],
  category: 'package',
  what: 'runs a command from an npm package with Bun, downloading the package when it is missing',
  grammar: { short: 'p', flags: 'h', long: { ...valued('package'), ...flagged('bun', 'silent', 'verbose', 'help', 'no-install') }, stopAtOperand: true, abbreviations: false },
  strict: true,
  wrapper: { peel: false, noCommand: ['--help', '-h'], note: 'bunx runs the named package’s command, which an entry for bunx alone does not cover' },
};

const COREPACK_ROW: ProgramRow = {
  names: ['corepack'],
  category: 'package',
  what: 'Node.js’s manager of package-manager versions (npm, pnpm, yarn)',
  grammar: { flags: 'hv', long: flagged('help', 'version'), abbreviations: false },
  subcommands: {
    enable: { grammar: { long: valued('install-directory') }, role: { role: 'writer', note: 'corepack enable writes pnpm/yarn shims next to the node binary' } },
    disable: { grammar: { long: valued('install-directory') }, role: { role: 'writer', note: 'corepack disable removes package-manager shims next to the node binary' } },
    install: { grammar: { flags: 'g', long: flagged('global', 'cache-only') }, plain: [''] },
    use: { plain: ['pnpm@9'] },
    up: { plain: [''] },
    prepare: { plain: ['--activate'] },
    pack: { grammar: { short: 'o', long: valued('output') }, plain: ['pnpm@9'] },
    hydrate: { plain: ['corepack.tgz'] },
  },
  // `corepack pnpm …` fetches the pinned version and runs it: the pnpm/yarn/npm row reads the rest.
  wrapper: { peel: true, noCommand: ['--version', '-v', '--help', '-h'], note: 'corepack NAME runs the project’s pinned version of that package manager' },
  plain: ['--version', 'use pnpm@9', 'pnpm install', 'yarn --version'],
};

// ---------------------------------------------------------------------------------------------
// Python packaging: pip, pipx, uv, uvx, poetry, pipenv, conda/mamba/micromamba, easy_install
// ---------------------------------------------------------------------------------------------

/** A requirement that is not a bare index name: a URL, VCS, archive or local folder runs that code's build. */
function pipSpecIsCode(v: string | null): boolean {
  if (v === null) return true;
  const at = / @ /.exec(v) ? v.split(' @ ')[1]!.trim() : v;
  return isUrl(at) || isPath(at) || /\.(whl|zip|tar\.gz|tgz|tar\.bz2)$/.test(at) || /^[a-z]+\+/.test(at);
}

const PIP_GENERAL_VALUED = ['python', 'log', 'keyring-provider', 'proxy', 'retries', 'timeout', 'exists-action', 'trusted-host', 'cert', 'client-cert', 'cache-dir', 'use-feature', 'use-deprecated', 'resume-retries', 'log-file', 'local-log'];
const PIP_GENERAL_FLAGS = ['help', 'debug', 'isolated', 'require-virtualenv', 'verbose', 'version', 'quiet', 'no-input', 'no-cache-dir', 'disable-pip-version-check', 'no-color', 'no-python-version-warning'];
const PIP_COMMAND_VALUED = [
  'requirement', 'constraint', 'editable', 'target', 'platform', 'python-version', 'implementation', 'abi', 'root', 'prefix', 'src', 'upgrade-strategy', 'config-settings', 'global-option', 'no-binary', 'only-binary', 'progress-bar', 'root-user-action', 'report', 'index-url', 'extra-index-url', 'find-links', 'dest', 'wheel-dir', 'build-option', 'path', 'exclude', 'format', 'algorithm', 'editor', 'group', 'build-constraint',
];
const PIP_COMMAND_FLAGS = [
  'no-deps', 'pre', 'dry-run', 'user', 'upgrade', 'force-reinstall', 'ignore-installed', 'ignore-requires-python', 'no-build-isolation', 'use-pep517', 'check-build-dependencies', 'break-system-packages', 'compile', 'no-compile', 'no-warn-script-location', 'no-warn-conflicts', 'prefer-binary', 'require-hashes', 'no-clean', 'no-index', 'yes', 'outdated', 'uptodate', 'editable-only', 'local', 'not-required', 'all', 'files', 'global', 'site', 'json', 'list-format',
];

const PIP_GRAMMAR: Grammar = {
  short: 'rcetidfwbp',
  flags: 'hvVqUIyoulaC',
  long: { ...valued(...PIP_GENERAL_VALUED, ...PIP_COMMAND_VALUED), ...flagged(...PIP_GENERAL_FLAGS, ...PIP_COMMAND_FLAGS) },
};
// `-C` is --config-settings (a value) in pip install; pip list's -l/-u/-o and uninstall's -y are flags.
const PIP_INSTALL_GRAMMAR: Grammar = { ...PIP_GRAMMAR, short: 'rcetifC', flags: 'hvVqUIy' };
/** Before the subcommand pip reads only its general options. */
const PIP_TOP_GRAMMAR: Grammar = { flags: 'hvVq', long: { ...valued(...PIP_GENERAL_VALUED), ...flagged(...PIP_GENERAL_FLAGS) } };

const PIP_GENERAL: readonly OptionRole[] = [
  { role: 'executor', options: ['--python'], payload: 'program', example: '/tmp/python', note: '--python re-runs pip under the named interpreter' },
  { role: 'writer', options: ['--log', '--log-file', '--local-log'], example: '/tmp/pip.log', note: '--log appends a log to the named file' },
  { role: 'network', options: ['--proxy'], example: 'http://proxy.example.com:3128', note: '--proxy sends pip’s traffic through the named server' },
];

const PIP_SOURCES: readonly OptionRole[] = [
  { role: 'network', options: ['-i', '--index-url', '--extra-index-url'], example: 'https://pypi.example.com/simple', note: '-i/--extra-index-url fetch packages from another index' },
  { role: 'loader', options: ['-f', '--find-links'], example: 'https://example.com/wheels/', note: '-f/--find-links take packages from another page or folder' },
];

const PIP_INSTALL: Command = {
  grammar: PIP_INSTALL_GRAMMAR,
  options: [
    ...PIP_SOURCES,
    { role: 'loader', options: ['-e', '--editable'], example: '.', note: '-e installs a folder or VCS project, running its build code' },
    { role: 'writer', options: ['-t', '--target', '--prefix', '--root', '--src'], target: 'tree', example: '/usr/lib/python3/dist-packages', note: '--target/--prefix/--root install into a chosen folder' },
    { role: 'writer', options: ['--report'], target: 'file', targetText: (v) => (v === '-' ? null : v), example: 'report.json', note: '--report writes a JSON report to the named file' },
    { role: 'destructive', options: ['--break-system-packages'], note: '--break-system-packages lets pip change the Python packages the system itself manages' },
  ],
  operands: [
    { role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'installing from a URL, VCS, archive or folder runs that code’s setup' },
    { role: 'network', operand: 'every', when: (v) => v !== null && isUrl(v.includes(' @ ') ? v.split(' @ ')[1]!.trim() : v), example: 'https://example.com/x.tar.gz', note: 'a URL requirement is downloaded from that host' },
  ],
  plain: ['requests', "'flask>=2'", '-r requirements.txt', '-U pip', '--user black==24.1.0', '--no-deps -r requirements-dev.txt'],
};

const pipLevel = (extra: Partial<Command> = {}): Command => ({ grammar: PIP_GRAMMAR, options: PIP_GENERAL, ...extra, ...(extra.options ? { options: [...PIP_GENERAL, ...extra.options] } : {}) });

/** `pip config set|unset` writes the user's configuration file (`--global`/`--site` others elsewhere; the user's is the one always read). */
const PIP_CONFIG_FILE: OperandRole = { role: 'writer', operand: 0, target: 'file', targetText: () => '~/.config/pip/pip.conf', example: 'global.index-url', note: 'writes pip\'s configuration file' };

const PIP_ROW: ProgramRow = {
  names: ['pip', 'pip3'],
  category: 'package',
  what: 'the Python package installer',
  grammar: PIP_TOP_GRAMMAR,
  options: PIP_GENERAL,
  subcommands: {
    install: { ...PIP_INSTALL, options: [...PIP_GENERAL, ...PIP_INSTALL.options!] },
    download: pipLevel({
      grammar: PIP_INSTALL_GRAMMAR,
      options: [...PIP_SOURCES, { role: 'writer', options: ['-d', '--dest'], example: '/tmp/out', note: '-d writes the downloaded files into the named folder' }],
      operands: PIP_INSTALL.operands!,
      plain: ['requests'],
    }),
    wheel: pipLevel({
      grammar: PIP_INSTALL_GRAMMAR,
      options: [...PIP_SOURCES, { role: 'writer', options: ['-w', '--wheel-dir'], example: '/tmp/wheels', note: '-w writes the built wheels into the named folder' }],
      operands: PIP_INSTALL.operands!,
      plain: ['requests'],
    }),
    config: pipLevel({
      options: [{ role: 'executor', options: ['--editor'], payload: 'program', example: '/bin/sh -s', note: '--editor names the program pip config edit starts' }],
      subcommands: {
        set: pipLevel({ role: { role: 'destructive', note: 'pip config set changes settings (the index, trusted hosts) that later pip commands obey' }, operands: [PIP_CONFIG_FILE] }),
        unset: pipLevel({ role: { role: 'destructive', note: 'pip config unset changes settings that later pip commands obey' }, operands: [PIP_CONFIG_FILE] }),
        edit: pipLevel({ role: { role: 'executor', note: 'pip config edit starts an editor on the configuration file' } }),
        list: pipLevel({ plain: [''] }),
        get: pipLevel({ plain: ['global.index-url'] }),
        debug: pipLevel({ plain: [''] }),
      },
    }),
    ...Object.fromEntries(['list', 'freeze', 'show', 'check', 'inspect', 'hash', 'search', 'index', 'debug', 'help', 'cache', 'uninstall', 'completion'].map((s) => [s, pipLevel({ plain: s === 'list' ? ['', '--outdated', '-o --format=json'] : s === 'show' ? ['requests'] : undefined })])),
  },
  plain: ['--version', 'list', 'install requests', 'show -f requests', 'freeze'],
};

const PIPX_GRAMMAR: Grammar = {
  short: '',
  flags: 'hvq',
  long: {
    ...valued('python', 'spec', 'pip-args', 'index-url', 'editor', 'include-deps', 'suffix', 'preinstall', 'fetch-missing-python', 'global', 'skip', 'backend'),
    ...flagged('help', 'version', 'verbose', 'quiet', 'force', 'system-site-packages', 'include-injected', 'include-apps', 'no-cache', 'path', 'pypackages', 'editable', 'all-shells', 'short', 'json', 'skip-maintenance', 'with-suffix', 'fetch-python', 'include-deps'),
  },
};
const PIPX_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--python'], payload: 'program', when: (v) => v === null || v.includes('/'), example: '/tmp/python', note: '--python names the interpreter the environment runs' },
  { role: 'network', options: ['--index-url'], example: 'https://pypi.example.com/simple', note: '--index-url fetches packages from another index' },
  { role: 'loader', options: ['--pip-args'], example: '--index-url=https://x', note: '--pip-args hands more options to pip, which can name other sources' },
];
const PIPX_ROW: ProgramRow = {
  names: ['pipx'],
  category: 'package',
  what: 'installs and runs Python applications in their own environments',
  grammar: PIPX_GRAMMAR,
  options: PIPX_OPTIONS,
  subcommands: {
    run: { grammar: { ...PIPX_GRAMMAR, stopAtOperand: true }, options: PIPX_OPTIONS, wrapper: { peel: false, note: 'pipx run downloads (or takes a script file) and runs the named application' } },
    install: { grammar: PIPX_GRAMMAR, options: PIPX_OPTIONS, operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'installing from a URL, VCS or folder runs that code’s setup' }], plain: ['black', 'poetry --force'] },
    inject: { grammar: PIPX_GRAMMAR, options: PIPX_OPTIONS, operands: [{ role: 'loader', operand: 'all-but-first', when: pipSpecIsCode, example: './plugin', note: 'injecting from a URL, VCS or folder runs that code’s setup' }], plain: ['poetry poetry-plugin-export'] },
    runpip: { grammar: { ...PIPX_GRAMMAR, stopAtOperand: true }, role: { role: 'executor', note: 'pipx runpip runs pip with any arguments inside an application’s environment' } },
    ...Object.fromEntries(['list', 'upgrade', 'upgrade-all', 'uninstall', 'uninstall-all', 'reinstall', 'reinstall-all', 'ensurepath', 'environment', 'completions', 'interpreter', 'upgrade-shared', 'pin', 'unpin'].map((s) => [s, { grammar: PIPX_GRAMMAR, options: PIPX_OPTIONS }])),
  },
  plain: ['list', 'install black', 'upgrade-all', '--version'],
};

const UV_VALUED = [
  'directory', 'project', 'config-file', 'cache-dir', 'color', 'python-preference', 'allow-insecure-host', 'index', 'default-index', 'index-url', 'extra-index-url', 'find-links', 'index-strategy', 'keyring-provider', 'resolution', 'prerelease', 'fork-strategy', 'exclude-newer', 'exclude-newer-package', 'link-mode', 'config-setting', 'config-settings-package', 'no-build-isolation-package', 'no-build-package', 'no-binary-package', 'refresh-package', 'reinstall-package', 'upgrade-package', 'python', 'python-platform', 'extra', 'group', 'only-group', 'no-group', 'no-extra', 'with', 'with-editable', 'with-requirements', 'env-file', 'package', 'from', 'requirements', 'requirement', 'constraints', 'constraint', 'overrides', 'override', 'build-constraints', 'target', 'prefix', 'output-file', 'out-dir', 'install-dir', 'index-url', 'publish-url', 'token', 'username', 'password', 'trusted-publishing', 'check-url', 'editable', 'optional', 'dev-group', 'bounds', 'branch', 'tag', 'rev', 'marker', 'script', 'name', 'app', 'lib', 'build-backend', 'vcs', 'description', 'author-from', 'seed', 'prompt', 'relocatable', 'format', 'depth', 'prune', 'invert', 'universal', 'emit-index-annotation', 'default-groups', 'sbom-format', 'torch-backend', 'bump',
];
const UV_FLAGS = [
  'quiet', 'verbose', 'native-tls', 'offline', 'no-progress', 'no-config', 'no-cache', 'help', 'version', 'no-python-downloads', 'managed-python', 'no-managed-python', 'frozen', 'locked', 'no-sync', 'no-dev', 'dev', 'all-extras', 'all-groups', 'isolated', 'active', 'no-project', 'module', 'script', 'gui-script', 'upgrade', 'reinstall', 'refresh', 'no-build', 'no-binary', 'no-build-isolation', 'compile-bytecode', 'system', 'break-system-packages', 'user', 'no-deps', 'strict', 'dry-run', 'force', 'inexact', 'no-editable', 'no-install-project', 'no-install-workspace', 'all-packages', 'preview', 'no-env-file', 'exact', 'seed', 'allow-existing', 'clear',
];
const UV_GRAMMAR: Grammar = { short: 'pfCPiw', flags: 'qvhVnUm', abbreviations: false, long: { ...valued(...UV_VALUED), ...flagged(...UV_FLAGS) } };

const UV_GLOBAL: readonly OptionRole[] = [
  { role: 'loader', options: ['--config-file'], example: '/tmp/uv.toml', note: '--config-file reads another uv configuration (indexes, build settings)' },
  { role: 'loader', when: leavesWorkspace, options: ['--directory', '--project'], example: '/tmp/project', note: '--directory/--project work on another project, running its build code' },
  { role: 'network', options: ['--index', '--default-index', '-i', '--index-url', '--extra-index-url'], example: 'https://pypi.example.com/simple', note: '--index/--index-url fetch packages from another index' },
  { role: 'loader', options: ['-f', '--find-links'], example: 'https://example.com/wheels/', note: '-f/--find-links take packages from another page or folder' },
  { role: 'executor', options: ['-p', '--python'], payload: 'program', when: (v) => v === null || v.includes('/'), example: '/tmp/python', note: '--python PATH names the interpreter that runs' },
];
const UV_WITH: readonly OptionRole[] = [
  { role: 'loader', options: ['--with', '--with-editable', '--with-requirements'], example: 'rich', note: '--with adds packages to the environment for this run (their code is then importable and may run)' },
  { role: 'loader', options: ['--env-file'], example: '.env.evil', note: '--env-file sets environment variables (PATH, LD_PRELOAD) from a file' },
];
const uvLevel = (extra: Partial<Command> = {}): Command => ({ grammar: UV_GRAMMAR, ...extra, options: [...UV_GLOBAL, ...(extra.options ?? [])] });

const UV_PIP_INSTALL: Command = uvLevel({
  grammar: { ...UV_GRAMMAR, short: `${UV_GRAMMAR.short}er` },
  options: [
    { role: 'loader', options: ['-e', '--editable'], example: '.', note: '-e installs a folder or VCS project, running its build code' },
    { role: 'writer', options: ['--target', '--prefix'], example: '/tmp/site', note: '--target/--prefix install into a chosen folder' },
    { role: 'destructive', options: ['--break-system-packages', '--system'], note: '--system/--break-system-packages change the system’s own Python packages' },
  ],
  operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'installing from a URL, VCS, archive or folder runs that code’s setup' }],
  plain: ['requests', '-r requirements.txt'],
});

const UV_RUN: Command = uvLevel({
  grammar: { ...UV_GRAMMAR, stopAtOperand: true },
  options: UV_WITH,
  // uv run runs a command (or a script) in the project's environment: an entry must cover that command.
  wrapper: { peel: true, note: 'uv run runs the command in the project’s environment' },
});

const UV_TOOL_RUN: Command = uvLevel({
  grammar: { ...UV_GRAMMAR, stopAtOperand: true },
  options: UV_WITH,
  wrapper: { peel: false, note: 'uv tool run (uvx) downloads a package and runs its command' },
});

const UV_ROW: ProgramRow = {
  names: ['uv'],
  category: 'package',
  what: 'a Python package and project manager',
  grammar: UV_GRAMMAR,
  options: UV_GLOBAL,
  subcommands: {
    run: UV_RUN,
    tool: uvLevel({
      subcommands: {
        run: UV_TOOL_RUN,
        install: uvLevel({ options: UV_WITH, operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'installing from a URL, VCS or folder runs that code’s setup' }], read: () => UV_TOOL_WRITES('install') }),
        uninstall: uvLevel({ read: () => UV_TOOL_WRITES('uninstall') }),
        upgrade: uvLevel({ read: () => UV_TOOL_WRITES('upgrade') }),
        'update-shell': uvLevel({ read: () => shellStartupWrites('uv', 'tool update-shell', [], 'uv tool update-shell puts the tools’ folder on PATH in the shell’s start-up file') }),
        ...Object.fromEntries(['list', 'dir'].map((s) => [s, uvLevel()])),
      },
    }),
    pip: uvLevel({
      subcommands: {
        install: UV_PIP_INSTALL,
        sync: uvLevel({ options: UV_PIP_INSTALL.options!.slice(UV_GLOBAL.length), plain: ['requirements.txt'] }),
        ...Object.fromEntries(['compile', 'uninstall', 'freeze', 'list', 'show', 'tree', 'check'].map((s) => [s, uvLevel()])),
      },
    }),
    add: uvLevel({ operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'adding from a URL, VCS or folder runs that code’s setup' }], plain: ['requests', '--dev pytest'] }),
    publish: uvLevel({ role: { role: 'destructive', note: 'uv publish uploads the package to the index for everyone', publishes: true } }),
    self: uvLevel({ subcommands: { update: uvLevel({ role: { role: 'destructive', note: 'uv self update replaces the uv program' } }), version: uvLevel({ plain: [''] }) } }),
    ...Object.fromEntries(['sync', 'lock', 'remove', 'init', 'venv', 'tree', 'export', 'build', 'python', 'cache', 'version', 'help', 'format'].map((s) => [s, uvLevel()])),
  },
  plain: ['sync', 'lock', 'add requests', 'pip install requests', 'venv', '--version', 'tree'],
};

/** `uv tool install|uninstall|upgrade` change the programs in ~/.local/bin (and their environments in ~/.local/share/uv/tools). */
const UV_TOOL_WRITES = (verb: string): Form[] => [writes('uv', `tool ${verb}`, '~/.local/bin', 'tree', `uv tool ${verb} changes the tools’ programs in ~/.local/bin, on PATH for every later command`)];

const UVX_ROW: ProgramRow = {
  names: ['uvx'],
  category: 'package',
  what: 'uv tool run: downloads a Python package and runs its command',
  grammar: { ...UV_GRAMMAR, stopAtOperand: true },
  options: [...UV_GLOBAL, ...UV_WITH],
  wrapper: { peel: false, noCommand: ['--version', '-V', '--help', '-h'], note: 'uvx runs the named package’s command, which an entry for uvx alone does not cover' },
};

const POETRY_GRAMMAR: Grammar = {
  short: 'CPEG',
  flags: 'hqvVnD',
  abbreviations: false,
  long: {
    ...valued('directory', 'project', 'group', 'only', 'without', 'with', 'extras', 'source', 'python', 'output', 'format', 'repository', 'username', 'password', 'cert', 'client-cert', 'build', 'priority', 'editable', 'lock', 'dist-dir', 'executable', 'name', 'description', 'author', 'license', 'dependency', 'dev-dependency', 'readme'),
    ...flagged('help', 'quiet', 'verbose', 'version', 'ansi', 'no-ansi', 'no-interaction', 'no-plugins', 'no-cache', 'dry-run', 'sync', 'no-root', 'no-directory', 'all-extras', 'compile', 'only-root', 'dev', 'allow-prereleases', 'unset', 'list', 'local', 'all', 'full-path', 'skip-existing', 'clean', 'no-update', 'latest', 'outdated', 'top-level', 'tree', 'why', 'next-phase', 'short', 'check', 'strict', 'lock'),
  },
};
const POETRY_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', when: leavesWorkspace, options: ['-C', '--directory', '-P', '--project'], example: '/tmp/project', note: '--directory/--project work on another project, running its build code' },
];
const poetryLevel = (extra: Partial<Command> = {}): Command => ({ grammar: POETRY_GRAMMAR, ...extra, options: [...POETRY_OPTIONS, ...(extra.options ?? [])] });
const POETRY_ROW: ProgramRow = {
  names: ['poetry'],
  category: 'package',
  what: 'a Python project and dependency manager',
  grammar: POETRY_GRAMMAR,
  options: POETRY_OPTIONS,
  subcommands: {
    // poetry run runs a command in the project's environment: an entry must cover that command.
    run: poetryLevel({ grammar: { ...POETRY_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'poetry run runs the command in the project’s virtual environment' } }),
    shell: poetryLevel({ role: { role: 'executor', note: 'poetry shell starts an interactive shell in the environment' } }),
    add: poetryLevel({ operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'adding from a URL, VCS or folder runs that code’s setup' }], plain: ['requests', '--group dev pytest'] }),
    self: poetryLevel({
      subcommands: {
        add: poetryLevel({ role: { role: 'loader', note: 'poetry self add installs a plugin that runs inside every later poetry command' } }),
        install: poetryLevel({ role: { role: 'loader', note: 'poetry self install installs plugins that run inside every later poetry command' } }),
        update: poetryLevel({ role: { role: 'destructive', note: 'poetry self update replaces the poetry program' } }),
        show: poetryLevel({ plain: ['plugins'] }),
      },
    }),
    config: poetryLevel({
      // KEY VALUE or --unset writes the user's configuration (`--local`: the project's poetry.toml).
      read: (_args, reading) => {
        const unset = reading.options.some((option) => option.name === '--unset');
        if (!unset && reading.operands.length < 2) return [];
        const local = reading.options.some((option) => option.name === '--local');
        return [writes('poetry', 'config', local ? 'poetry.toml' : '~/.config/pypoetry/config.toml', 'file', 'poetry config writes poetry’s settings (repositories, credentials, the virtualenv) that later commands obey')];
      },
      options: [{ role: 'destructive', options: ['--unset'], note: 'poetry config --unset changes settings that later commands obey' }], operands: [{ role: 'destructive', operand: 1, when: (v) => v !== null, example: 'https://example.com', note: 'poetry config KEY VALUE changes settings (repositories, the virtualenv) that later commands obey' }], plain: ['--list', 'virtualenvs.in-project'] }),
    publish: poetryLevel({ role: { role: 'destructive', note: 'poetry publish uploads the package to the index for everyone', publishes: true } }),
    source: poetryLevel({ subcommands: { add: poetryLevel({ role: { role: 'network', note: 'poetry source add makes the project fetch packages from another index' } }), show: poetryLevel({ plain: [''] }) } }),
    ...Object.fromEntries(['install', 'update', 'lock', 'show', 'build', 'check', 'new', 'init', 'remove', 'version', 'search', 'env', 'export', 'about', 'list', 'help', 'cache', 'sync', 'debug', 'python'].map((s) => [s, poetryLevel()])),
  },
  plain: ['install', 'lock --no-update', 'show --tree', 'build', 'version patch', '--version'],
};

const PIPENV_GRAMMAR: Grammar = {
  short: 'r',
  flags: 'hvqd',
  abbreviations: false,
  long: {
    ...valued('python', 'pypi-mirror', 'categories', 'requirements', 'extra-pip-args', 'index', 'extra-index-url', 'dev-packages', 'quiet', 'output'),
    ...flagged('where', 'venv', 'py', 'envs', 'rm', 'bare', 'man', 'support', 'site-packages', 'clear', 'verbose', 'version', 'help', 'dev', 'system', 'deploy', 'ignore-pipfile', 'skip-lock', 'pre', 'keep-outdated', 'selective-upgrade', 'dry-run', 'graph', 'reverse', 'json', 'json-tree', 'all', 'fancy', 'anyway', 'lock', 'outdated'),
  },
};
const PIPENV_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--python'], payload: 'program', when: (v) => v === null || v.includes('/'), example: '/tmp/python', note: '--python PATH names the interpreter the environment runs' },
  { role: 'network', options: ['--pypi-mirror', '--index', '--extra-index-url'], example: 'https://pypi.example.com/simple', note: '--pypi-mirror/--index fetch packages from another index' },
  { role: 'destructive', options: ['--rm'], note: '--rm deletes the project’s virtual environment' },
];
const pipenvLevel = (extra: Partial<Command> = {}): Command => ({ grammar: PIPENV_GRAMMAR, ...extra, options: [...PIPENV_OPTIONS, ...(extra.options ?? [])] });
const PIPENV_ROW: ProgramRow = {
  names: ['pipenv'],
  category: 'package',
  what: 'a Python dependency and virtual-environment manager',
  grammar: PIPENV_GRAMMAR,
  options: PIPENV_OPTIONS,
  subcommands: {
    run: pipenvLevel({ grammar: { ...PIPENV_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'pipenv run runs the command in the project’s virtual environment' } }),
    shell: pipenvLevel({ role: { role: 'executor', note: 'pipenv shell starts an interactive shell in the environment' } }),
    install: pipenvLevel({
      options: [{ role: 'loader', options: ['-e'], example: '.', note: '-e installs a folder or VCS project, running its build code' }],
      grammar: { ...PIPENV_GRAMMAR, short: 're' },
      operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'installing from a URL, VCS or folder runs that code’s setup' }],
      plain: ['', 'requests', '--dev pytest', '--deploy'],
    }),
    ...Object.fromEntries(['uninstall', 'lock', 'sync', 'update', 'upgrade', 'graph', 'check', 'clean', 'requirements', 'scripts', 'open', 'verify', 'audit'].map((s) => [s, pipenvLevel()])),
  },
  plain: ['install', 'lock', 'graph', '--venv', 'sync --dev'],
};

/** rye: a Python project manager (rye 0.4x `--help`); `run` runs a project script or a command of its environment. */
const RYE_GRAMMAR: Grammar = {
  short: 'opr',
  flags: 'hvqVfca',
  abbreviations: false,
  long: {
    ...valued('pyproject', 'features', 'git', 'url', 'path', 'branch', 'tag', 'rev', 'extras', 'python', 'env-file', 'repository-url', 'username', 'token', 'sign', 'identity', 'cert', 'set', 'set-bool', 'set-int', 'unset', 'get', 'format', 'build-system', 'license', 'name', 'min-py', 'requirements', 'dev-requirements', 'include-dep', 'extra-requirement', 'toolchain', 'skip', 'bump'),
    features: 'value', out: ['value', 'o'], package: ['value', 'p'], repository: ['value', 'r'], all: ['flag', 'a'],
    ...flagged('help', 'verbose', 'quiet', 'version', 'dev', 'optional', 'pre', 'pin', 'sync', 'no-sync', 'no-lock', 'update-all', 'all-features', 'force', 'clean', 'sdist', 'wheel', 'yes', 'skip-existing', 'check', 'fix', 'show-path', 'show', 'no-pth', 'no-readme', 'virtual', 'private', 'no-import', 'installed-deps', 'relative', 'list', 'json', 'compile', 'no-dev', 'skip-save'),
  },
};
const RYE_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', when: leavesWorkspace, options: ['--pyproject'], example: '/tmp/other/pyproject.toml', note: '--pyproject works on another project, running its build code' },
];
const ryeLevel = (extra: Partial<Command> = {}): Command => ({ grammar: RYE_GRAMMAR, ...extra, options: [...RYE_OPTIONS, ...(extra.options ?? [])] });
const RYE_SOURCE_IS_CODE: OptionRole = { role: 'loader', options: ['--git', '--url', '--path'], example: 'https://example.com/x.git', note: 'adding from a URL, VCS or folder runs that code\'s setup' };
const RYE_INSTALL = ryeLevel({
  role: { role: 'loader', note: 'installs a package as a global tool, whose commands rye puts on PATH' },
  options: [RYE_SOURCE_IS_CODE],
  read: () => [writes('rye', 'install', '~/.rye/tools', 'tree', 'rye install writes the tool\'s environment under ~/.rye/tools'), writes('rye', 'install', '~/.rye/shims', 'tree', 'rye install puts the tool\'s commands in ~/.rye/shims, on PATH')],
});
const RYE_ROW: ProgramRow = {
  names: ['rye'],
  category: 'package',
  what: 'a Python project and toolchain manager',
  grammar: RYE_GRAMMAR,
  options: RYE_OPTIONS,
  subcommands: {
    // As `mise exec` does: the command runs here with the project's environment on PATH.
    run: ryeLevel({ grammar: { ...RYE_GRAMMAR, stopAtOperand: true }, wrapper: { environmentOnly: true, peel: false, note: 'rye run runs a script of pyproject.toml or a command of the project\'s environment' } }),
    shell: ryeLevel({ role: { role: 'executor', note: 'rye shell starts an interactive shell in the environment' } }),
    add: ryeLevel({ options: [RYE_SOURCE_IS_CODE], operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'adding from a URL, VCS or folder runs that code\'s setup' }], plain: ['requests', '--dev pytest'] }),
    install: RYE_INSTALL,
    // `rye config --set KEY=VALUE` writes ~/.rye/config.toml (proxies, the default toolchain, sources).
    config: ryeLevel({
      read: (_args, reading) => (reading.options.some((option) => ['--set', '--set-bool', '--set-int', '--unset'].includes(option.name)) ? [writes('rye', 'config', '~/.rye/config.toml', 'file', 'rye config writes rye\'s settings, which later commands obey')] : []),
      plain: ['--show-path', '--get default.toolchain'],
    }),
    publish: ryeLevel({ role: { role: 'destructive', note: 'rye publish uploads the package to the index for everyone', publishes: true } }),
    build: ryeLevel({ options: [...RYE_OPTIONS, { role: 'writer', options: ['-o', '--out'], target: 'tree', example: '/tmp/dist', note: '--out writes the built packages into that folder' }], plain: ['', '--wheel'] }),
    fmt: ryeLevel({ plain: ['', '--check'] }),
    lint: ryeLevel({ plain: ['', '--fix'] }),
    self: ryeLevel({ subcommands: { update: ryeLevel({ role: { role: 'destructive', note: 'rye self update replaces the rye program' } }), uninstall: ryeLevel({ role: { role: 'destructive', note: 'rye self uninstall removes rye and its toolchains' } }), completion: ryeLevel() } }),
    toolchain: ryeLevel({ subcommands: { register: ryeLevel({ role: { role: 'loader', note: 'rye toolchain register adds an interpreter from any path, which later commands run' } }), ...Object.fromEntries(['fetch', 'list', 'remove'].map((s) => [s, ryeLevel()])) }, plain: ['list'] }),
    tools: ryeLevel({ subcommands: { install: RYE_INSTALL, ...Object.fromEntries(['list', 'uninstall'].map((s) => [s, ryeLevel()])) }, plain: ['list'] }),
    ...Object.fromEntries(['sync', 'lock', 'test', 'fetch', 'init', 'list', 'make-req', 'pin', 'remove', 'show', 'uninstall', 'version', 'help'].map((s) => [s, ryeLevel()])),
  },
  plain: ['sync', 'test', 'lint', 'fmt --check', 'build', '--version', 'config --show-path'],
};

/** pixi: a conda-based project and environment manager (pixi 0.x `--help`). */
const PIXI_GRAMMAR: Grammar = {
  short: 'emcp',
  flags: 'hvqVags',
  abbreviations: false,
  long: {
    environment: ['value', 'e'], 'manifest-path': ['value', 'm'], channel: ['value', 'c'], platform: ['value', 'p'],
    ...valued('feature', 'color', 'pypi-keyring-provider', 'concurrent-solves', 'concurrent-downloads', 'tls-no-verify', 'auth-file', 'pinning-strategy', 'git', 'branch', 'tag', 'rev', 'subdir', 'format', 'sort-by', 'fields', 'env', 'revalidate', 'executable', 'spec', 'with', 'expose', 'depth'),
    ...flagged('help', 'verbose', 'quiet', 'version', 'locked', 'frozen', 'no-install', 'no-lockfile-update', 'pypi', 'host', 'build', 'editable', 'no-progress', 'json', 'explicit', 'invert', 'all', 'dry-run', 'clean-env', 'force-activate', 'skip-deps', 'no-deps', 'global', 'extended', 'system'),
  },
};
const PIXI_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', when: leavesWorkspace, options: ['-m', '--manifest-path'], example: '/tmp/other/pixi.toml', note: '--manifest-path works on another project, whose tasks and activation scripts pixi runs' },
  { role: 'network', options: ['-c', '--channel'], when: (v) => v === null || isUrl(v), example: 'https://conda.example.com/channel', note: '-c URL fetches packages from another channel' },
];
/** `pixi run WORDS…`: the words joined are one command line of pixi's shell when one of them holds shell syntax (or is only known at run time). */
function pixiShellText(_args: readonly Word[], reading: ArgReading): Form[] {
  const first = reading.operands[0];
  if (first === undefined) return [];
  const texts = reading.operands.map((word) => (word.kind === 'literal' ? word.value : null));
  if (texts.every((text) => text !== null && !/[\s;&|<>()$`\\"'*?~{}[\]#=!]/.test(text))) return [];
  const line = texts.map((text, k) => text ?? reading.operands[k]!.raw).join(' ');
  return [{ role: 'executor', program: 'pixi run', trigger: first.raw, index: reading.operandIndexes[0]!, value: first, payload: 'shell-text', payloadText: line, note: 'pixi run hands its words, joined, to its shell as one command line' }];
}
/** `pixi config set|unset|append|prepend`: the project's .pixi/config.toml, or with `--global`/`--system` the user's or the machine's. */
function pixiConfigWrites(verb: string): NonNullable<Command['read']> {
  return (_args, reading) => {
    const has = (name: string): boolean => reading.options.some((option) => option.name === name);
    const path = has('--system') || has('-s') ? '/etc/pixi/config.toml' : has('--global') || has('-g') ? '~/.pixi/config.toml' : '.pixi/config.toml';
    return [writes('pixi', `config ${verb}`, path, 'file', 'pixi config writes pixi\'s settings, which later commands obey')];
  };
}
const pixiLevel = (extra: Partial<Command> = {}): Command => ({ grammar: PIXI_GRAMMAR, ...extra, options: [...PIXI_OPTIONS, ...(extra.options ?? [])] });
const PIXI_ROW: ProgramRow = {
  names: ['pixi'],
  category: 'package',
  what: 'a conda-based project, environment and task manager',
  grammar: PIXI_GRAMMAR,
  options: PIXI_OPTIONS,
  // Not listed: `auth` (writes registry credentials), `global` but `list` (installs commands on PATH),
  // `upload` (sends a package), `exec`/`x` (fetch and run a package), `shell-hook`, `self-update`.
  subcommands: {
    // A task of pixi.toml, or a command: its words joined are read by pixi's own shell, so a word
    // with shell syntax (`pixi run 'rm -rf ~ && x'`) is shell text, not a program's name.
    ...Object.fromEntries(['run', 'r'].map((s) => [s, pixiLevel({ grammar: { ...PIXI_GRAMMAR, stopAtOperand: true }, read: pixiShellText, wrapper: { environmentOnly: true, peel: false, note: 'pixi run runs a task of pixi.toml or a command in the project\'s environment' } })])),
    shell: pixiLevel({ role: { role: 'executor', note: 'pixi shell starts an interactive shell in the environment' } }),
    add: pixiLevel({ options: [{ role: 'loader', options: ['--git'], example: 'https://example.com/x.git', note: 'adding from a git repository builds and runs that code' }], operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'adding from a URL, VCS or folder runs that code\'s setup' }], plain: ['numpy', '--pypi requests'] }),
    a: pixiLevel({ options: [{ role: 'loader', options: ['--git'], example: 'https://example.com/x.git', note: 'adding from a git repository builds and runs that code' }], operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: 'git+https://example.com/x.git', note: 'adding from a URL, VCS or folder runs that code\'s setup' }] }),
    // `config set|unset|append|prepend` write pixi's settings (`--global`: ~/.pixi/config.toml); `config edit` opens an editor.
    config: pixiLevel({
      subcommands: {
        list: pixiLevel(),
        ls: pixiLevel(),
        edit: pixiLevel({ role: { role: 'executor', note: 'pixi config edit opens the configuration in an editor' } }),
        ...Object.fromEntries(['set', 'unset', 'append', 'prepend'].map((s) => [s, pixiLevel({ read: pixiConfigWrites(s) })])),
      },
      plain: ['list'],
    }),
    // `pixi global` installs environments and their commands for the user (~/.pixi).
    global: pixiLevel({
      subcommands: {
        list: pixiLevel(),
        ls: pixiLevel(),
        edit: pixiLevel({ role: { role: 'executor', note: 'pixi global edit opens the global manifest in an editor' } }),
        ...Object.fromEntries(['install', 'add', 'remove', 'uninstall', 'sync', 'expose', 'update', 'upgrade', 'upgrade-all'].map((s) => [s, pixiLevel({ read: () => [writes('pixi', `global ${s}`, '~/.pixi', 'tree', 'pixi global changes the user\'s global environments and the commands it puts on PATH (~/.pixi/bin)')] })])),
      },
      plain: ['list'],
    }),
    clean: pixiLevel({ subcommands: { cache: pixiLevel({ role: { role: 'destructive', note: 'pixi clean cache deletes the user\'s package cache' } }) } }),
    ...Object.fromEntries(['install', 'i', 'list', 'ls', 'tree', 't', 'info', 'lock', 'reinstall', 'remove', 'rm', 'update', 'upgrade', 'init', 'search', 'task', 'workspace', 'project', 'completion', 'build', 'import'].map((s) => [s, pixiLevel()])),
  },
  plain: ['install', 'run test', 'add numpy', 'list', 'tree', 'info', 'config list', 'global list'],
};

const CONDA_GRAMMAR: Grammar = {
  short: 'npcf',
  flags: 'hqvyVdS',
  long: {
    ...valued('name', 'prefix', 'channel', 'file', 'cwd', 'set', 'add', 'append', 'prepend', 'remove', 'remove-key', 'get', 'env', 'system', 'json-file', 'subdir', 'platform', 'solver', 'repodata-fn', 'experimental', 'override-channels-file', 'clone', 'revision', 'root-prefix', 'rc-file', 'shell', 'dry-run-format', 'log-level', 'file-format', 'kind'),
    ...flagged('help', 'quiet', 'verbose', 'yes', 'version', 'json', 'dry-run', 'offline', 'override-channels', 'use-local', 'no-deps', 'only-deps', 'force', 'all', 'update-deps', 'no-capture-output', 'live-stream', 'debug-wrapper-scripts', 'show', 'show-sources', 'describe', 'validate', 'write-default', 'copy', 'no-pin', 'no-shortcuts', 'insecure', 'keep-env', 'no-builds', 'from-history'),
  },
};
const CONDA_OPTIONS: readonly OptionRole[] = [
  { role: 'network', options: ['-c', '--channel'], when: (v) => v === null || isUrl(v) || v.includes('/'), example: 'https://conda.example.com/channel', note: '-c URL fetches packages from another channel' },
  { role: 'loader', options: ['--rc-file'], example: '/tmp/condarc', note: '--rc-file reads another configuration' },
];
const CONDA_CONFIG_WRITES = new Set(['--set', '--add', '--append', '--prepend', '--remove', '--remove-key']);
const condaLevel = (extra: Partial<Command> = {}): Command => ({ grammar: CONDA_GRAMMAR, ...extra, options: [...CONDA_OPTIONS, ...(extra.options ?? [])] });
const CONDA_ROW: ProgramRow = {
  // mamba and micromamba take the same subcommands and options for everything below.
  names: ['conda', 'mamba', 'micromamba'],
  category: 'package',
  what: 'the conda package and environment manager (and its faster twins mamba and micromamba)',
  grammar: CONDA_GRAMMAR,
  options: CONDA_OPTIONS,
  subcommands: {
    run: condaLevel({ grammar: { ...CONDA_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'conda run runs the command inside a conda environment' } }),
    config: condaLevel({
      options: [{ role: 'destructive', options: ['--set', '--add', '--append', '--prepend', '--remove', '--remove-key'], note: 'conda config --set/--add changes settings (channels, the solver) that later commands obey' }],
      // It writes ~/.condarc (or the file of --file, the environment's with --env): outside the workspace.
      read: (_args, reading) => {
        if (!reading.options.some((option) => CONDA_CONFIG_WRITES.has(option.name))) return [];
        const file = textOf(reading.options.find((option) => option.name === '--file')?.value);
        return [writes('conda', 'config', file ?? '~/.condarc', 'file', 'conda config --set/--add writes conda’s configuration (channels, the solver) that every later conda command obeys')];
      },
      plain: ['--show', '--show-sources', '--get channels'],
    }),
    init: condaLevel({
      role: { role: 'writer', note: 'conda init writes start-up code into the shells’ rc files' },
      read: (_args, reading) => shellStartupWrites('conda', 'init', reading.operands.map(textOf), 'conda init writes start-up code into the shells’ rc files'),
    }),
    shell: condaLevel({
      subcommands: {
        init: condaLevel({
          role: { role: 'writer', note: 'micromamba shell init writes start-up code into the shells’ rc files' },
          read: (args) => shellStartupWrites('micromamba', 'shell init', args.map((word) => (word.kind === 'literal' ? word.value : null)), 'micromamba shell init writes start-up code into the shells’ rc files'),
        }),
      },
    }),
    env: condaLevel({
      subcommands: {
        remove: condaLevel({ role: { role: 'destructive', note: 'conda env remove deletes a whole environment' } }),
        list: condaLevel({ plain: [''] }),
        export: condaLevel({ plain: ['--from-history'] }),
        create: condaLevel({ plain: ['-f environment.yml'] }),
        update: condaLevel({ plain: ['-f environment.yml --prune'] }),
      },
    }),
    remove: condaLevel({ options: [{ role: 'destructive', options: ['--all'], note: 'conda remove --all deletes a whole environment' }], plain: ['numpy'] }),
    ...Object.fromEntries(['install', 'create', 'update', 'upgrade', 'list', 'info', 'search', 'clean', 'activate', 'deactivate', 'compare', 'notices', 'doctor', 'package', 'repoquery'].map((s) => [s, condaLevel()])),
  },
  plain: ['list', 'install -y numpy', 'create -n py312 python=3.12', 'info --envs', 'env list'],
};

const EASY_INSTALL_ROW: ProgramRow = {
  names: ['easy_install'],
  category: 'package',
  what: 'setuptools’ old package installer',
  grammar: {
    short: 'dsfibSx',
    flags: 'hzZaUmNeDkqvr',
    long: { ...valued('install-dir', 'script-dir', 'find-links', 'index-url', 'build-directory', 'site-dirs', 'allow-hosts', 'optimize'), ...flagged('help', 'zip-ok', 'always-copy', 'upgrade', 'multi-version', 'no-deps', 'editable', 'record', 'user', 'dry-run', 'quiet', 'verbose', 'version', 'exclude-scripts', 'local-snapshots-ok', 'always-unzip', 'no-find-links', 'build-deps', 'version') },
  },
  options: [
    { role: 'writer', options: ['-d', '--install-dir', '-s', '--script-dir'], example: '/usr/local/lib/x', note: '-d/-s install into a chosen folder' },
    { role: 'network', options: ['-i', '--index-url', '-f', '--find-links'], example: 'https://example.com/simple', note: '-i/-f fetch packages from another index or page' },
  ],
  // Installing any package runs its setup.py: that is the program's job. A folder, URL or archive is code from elsewhere.
  operands: [{ role: 'loader', operand: 'every', when: pipSpecIsCode, example: '.', note: 'installing a folder, URL or archive runs that code’s setup.py' }],
  plain: ['requests', '-U six', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Rust: cargo, rustc, rustdoc, rustfmt, rustup
// ---------------------------------------------------------------------------------------------

/** Cargo configuration keys whose value names a program that runs, or code that is loaded. */
const CARGO_RUNNING_KEY =
  /(^|\.)(runner|linker|ar|rustc|rustc-wrapper|rustc-workspace-wrapper|rustdoc|rustflags|rustdocflags|credential-provider|global-credential-providers|proxy|git-fetch-with-cli)$|^(alias|env|target|registries|source|patch|paths|unstable|host)(\.|$)/;

function cargoConfigRole(v: string | null): 'executor' | 'loader' | null {
  if (v === null) return 'executor';
  const eq = v.indexOf('=');
  if (eq < 0) return 'loader';
  const key = v.slice(0, eq).trim().replace(/["']/g, '');
  if (/^(env|paths|patch|source|registries)(\.|$)/.test(key)) return 'loader';
  return CARGO_RUNNING_KEY.test(key) ? 'executor' : null;
}

const CARGO_VALUED =
  'color config explain message-format package exclude bin example test bench features profile jobs target target-dir artifact-dir out-dir manifest-path lockfile-path root index registry git branch tag rev path version vers list-style root token add remove limit depth prefix invert edges format-version filter-platform charset format rename default-features precise breaking';
const CARGO_FLAGS =
  'version list verbose quiet locked offline frozen help future-incompat-report workspace all lib bins examples tests benches all-targets all-features no-default-features release keep-going unit-graph timings ignore-rust-version no-run no-fail-fast doc no-deps open document-private-items force allow-dirty allow-staged allow-no-vcs broken-code edition edition-idioms dry-run no-verify no-track debug undo duplicates all-features check recursive exact';
const CARGO_GRAMMAR: Grammar = { short: 'CZpFjtl', flags: 'Vvqhrf', abbreviations: false, long: { ...valued(...CARGO_VALUED.split(' ')), ...flagged(...CARGO_FLAGS.split(' ')) } };

const CARGO_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--config'], payload: 'program', when: (v) => cargoConfigRole(v) === 'executor', example: 'target.x86_64-unknown-linux-gnu.runner="/tmp/run"', note: '--config sets a runner, linker, rustc wrapper or alias: a program cargo then runs' },
  { role: 'loader', options: ['--config'], when: (v) => cargoConfigRole(v) === 'loader', example: '/tmp/cargo.toml', note: '--config PATH (or env., patch., source. keys) loads settings that change what is built and run' },
  { role: 'loader', when: leavesWorkspace, options: ['--manifest-path'], example: '/tmp/other/Cargo.toml', note: '--manifest-path builds another crate, running its build scripts' },
  { role: 'loader', when: leavesWorkspace, options: ['-C'], example: '/tmp/other', note: '-C works in another folder, building that crate and running its build scripts' },
  { role: 'writer', options: ['--target-dir', '--artifact-dir', '--out-dir'], target: 'tree', example: '/tmp/out', note: '--target-dir/--artifact-dir write the build output into a chosen folder' },
];

const cargoLevel = (extra: Partial<Command> = {}): Command => ({ grammar: CARGO_GRAMMAR, ...extra, options: [...CARGO_OPTIONS, ...(extra.options ?? [])] });

const CARGO_SUBCOMMANDS: Record<string, Command> = {
  ...Object.fromEntries(['build', 'b', 'check', 'c', 'test', 't', 'bench', 'doc', 'd', 'clippy', 'fix', 'fmt', 'tree', 'metadata', 'package', 'update', 'fetch', 'generate-lockfile', 'locate-project', 'pkgid', 'report', 'rustc', 'rustdoc', 'verify-project', 'version', 'clean', 'new', 'init', 'add', 'remove', 'rm', 'search', 'uninstall', 'vendor', 'help', 'info', 'login', 'logout', 'tree'].map((s) => [s, cargoLevel()])),
  // cargo run builds and runs the package's own binary: that is its job.
  run: cargoLevel({ plain: ['--release', '--bin server -- --port 8080', '-p app'] }),
  r: cargoLevel(),
  install: cargoLevel({
    options: [
      { role: 'loader', options: ['--path'], example: '/tmp/crate', note: 'cargo install --path builds and installs the crate in that folder' },
      { role: 'network', options: ['--git', '--index', '--registry'], example: 'https://example.com/x.git', note: 'cargo install --git/--index fetches the crate from another host' },
      { role: 'writer', options: ['--root'], target: 'tree', example: '/usr/local', note: 'cargo install --root installs the binaries (ROOT/bin) and its records into a chosen folder' },
    ],
    plain: ['ripgrep', 'cargo-edit --locked', '--version 1.0.0 serde_json'],
  }),
  publish: cargoLevel({ role: { role: 'destructive', note: 'cargo publish uploads the crate to the registry for everyone, for good', publishes: true } }),
  yank: cargoLevel({ role: { role: 'destructive', note: 'cargo yank withdraws a published version for everyone' } }),
  owner: cargoLevel({ options: [{ role: 'destructive', options: ['-a', '--add', '-r', '--remove'], note: 'cargo owner --add/--remove changes who may publish the crate' }], grammar: { ...CARGO_GRAMMAR, short: 'CZpFjtar', flags: 'Vvqhl' }, plain: ['--list'] }),
};

const CARGO_TOP: Command = {
  grammar: CARGO_GRAMMAR,
  options: CARGO_OPTIONS,
  subcommands: CARGO_SUBCOMMANDS,
  plain: ['build --release', 'test', 'check --all-targets', 'clippy -- -D warnings', 'fmt --check', 'run', '--version', 'doc --no-deps', 'add serde --features derive'],
};

const CARGO_ROW: ProgramRow = {
  names: ['cargo'],
  category: 'build',
  what: 'Rust’s build tool and package manager',
  ...CARGO_TOP,
  // `cargo -C DIR` runs in DIR: `--target-dir out` is DIR/out.
  workingFolder: ['-C'],
  // `cargo +TOOLCHAIN …` (rustup's proxy): the usual channels are read as the same command; any other
  // toolchain name is left unread (it may be a linked folder of programs, see `rustup toolchain link`).
  subcommands: { ...CARGO_SUBCOMMANDS, '+stable': CARGO_TOP, '+nightly': { ...CARGO_TOP, plain: [] }, '+beta': { ...CARGO_TOP, plain: [] } },
  read: (args, reading) => {
    const first = textOf(reading.operands[0]);
    if (first !== null && first.startsWith('+') && !['+stable', '+nightly', '+beta'].includes(first)) throw new Error(`the toolchain ${first} may be any folder of programs`);
    // An external subcommand (cargo-NAME on PATH): cargo's global options are still read.
    return globalsAnywhere('cargo', CARGO_GRAMMAR, CARGO_OPTIONS, [...Object.keys(CARGO_SUBCOMMANDS), '+stable', '+nightly', '+beta'])(args, reading);
  },
};

/** `-C NAME=VALUE` codegen settings that name a program or load code. */
function rustcCodegen(v: string | null): boolean {
  return v === null || /^(linker|ar|link-args?|llvm-args|passes)=/.test(v.trim());
}

const RUSTC_GRAMMAR: Grammar = {
  short: 'LloAWDFCZ',
  flags: 'gOhVv',
  long: {
    ...valued('cfg', 'check-cfg', 'crate-type', 'crate-name', 'edition', 'emit', 'print', 'out-dir', 'explain', 'target', 'allow', 'warn', 'force-warn', 'deny', 'forbid', 'cap-lints', 'codegen', 'extern', 'sysroot', 'error-format', 'json', 'color', 'diagnostic-width', 'remap-path-prefix', 'remap-path-scope'),
    ...flagged('help', 'test', 'version', 'verbose'),
  },
  abbreviations: false,
};

const RUSTC_ROW: ProgramRow = {
  names: ['rustc'],
  category: 'build',
  what: 'the Rust compiler',
  grammar: RUSTC_GRAMMAR,
  options: [
    // Writing the compiled program is the compiler's job (GTFOBins' rustc file-write is `-o`).
    { role: 'writer', options: ['-o', '--out-dir'], everyday: true, example: 'app', note: '-o/--out-dir write the compiled output to a chosen path' },
    { role: 'writer', options: ['--emit', '--print'], when: (v) => v === null || v.includes('='), example: 'asm=/tmp/out.s', note: '--emit/--print KIND=PATH write to a chosen file' },
    { role: 'executor', options: ['-C', '--codegen'], payload: 'program', when: rustcCodegen, example: 'linker=/tmp/ld', note: '-C linker=/ar= names the program used to link; link-args/llvm-args pass options to it' },
    { role: 'loader', options: ['-Z'], when: (v) => v === null || /^(codegen-backend|llvm-plugins|self-profile)/.test(v), example: 'codegen-backend=/tmp/backend.so', note: '-Z codegen-backend=/llvm-plugins= load a shared library into the compiler' },
    { role: 'loader', options: ['--extern'], when: (v) => v === null || v.includes('='), example: 'mac=/tmp/libmac.so', note: '--extern NAME=PATH can load a procedural-macro library that runs while compiling' },
  ],
  operands: [ARGUMENT_FILE],
  plain: ['main.rs', '--edition 2021 -O src/main.rs', '--version', '--explain E0308', '--crate-type lib lib.rs'],
};

const RUSTDOC_ROW: ProgramRow = {
  names: ['rustdoc'],
  category: 'build',
  what: 'Rust’s documentation generator (and doctest runner)',
  grammar: {
    short: 'woLCeAWDFZr',
    flags: 'hVv',
    abbreviations: false,
    long: {
      ...valued('output-format', 'output', 'out-dir', 'crate-name', 'crate-type', 'library-path', 'cfg', 'check-cfg', 'extern', 'extern-html-root-url', 'codegen', 'test-args', 'test-run-directory', 'target', 'markdown-css', 'html-in-header', 'html-before-content', 'html-after-content', 'markdown-before-content', 'markdown-after-content', 'markdown-playground-url', 'extend-css', 'sysroot', 'playground-url', 'crate-version', 'default-theme', 'default-setting', 'theme', 'check-theme', 'resource-suffix', 'edition', 'color', 'error-format', 'diagnostic-width', 'json', 'allow', 'warn', 'force-warn', 'deny', 'forbid', 'cap-lints', 'index-page', 'static-root-path', 'persist-doctests', 'test-runtool', 'test-runtool-arg', 'runtool', 'runtool-arg', 'test-builder', 'test-builder-wrapper', 'emit', 'merge-doctests', 'remap-path-prefix', 'scrape-examples-output-path', 'scrape-examples-target-crate', 'with-examples', 'merge', 'include-parts-dir', 'parts-out-dir', 'doctest-build-arg', 'plugin-path', 'passes', 'plugins', 'input-format'),
      ...flagged('help', 'version', 'verbose', 'document-private-items', 'document-hidden-items', 'test', 'markdown-no-toc', 'display-doctest-warnings', 'sort-modules-by-appearance', 'enable-index-page', 'show-coverage', 'check', 'generate-redirect-map', 'no-run', 'show-type-layout', 'no-capture', 'generate-link-to-definition', 'scrape-tests', 'html-no-source', 'disable-minification', 'generate-macro-expansion', 'no-defaults', 'extern-html-root-takes-precedence'),
    },
  },
  options: [
    // Writing the documentation folder is rustdoc's job (GTFOBins' rustdoc file-write is `-o`).
    { role: 'writer', options: ['-o', '--out-dir', '--output'], everyday: true, example: 'target/doc', note: '-o/--out-dir write the documentation into a chosen folder' },
    { role: 'writer', options: ['--persist-doctests', '--scrape-examples-output-path', '--parts-out-dir'], example: '/tmp/keep', note: '--persist-doctests and the examples/parts outputs write files to a chosen path' },
    { role: 'executor', options: ['--test-runtool', '--runtool', '--test-builder', '--test-builder-wrapper'], payload: 'program', example: '/tmp/tool', note: '--test-runtool/--test-builder name a program that builds or runs the doctests' },
    { role: 'executor', options: ['-C', '--codegen'], payload: 'program', when: rustcCodegen, example: 'linker=/tmp/ld', note: '-C linker= names the program used to link doctests' },
    { role: 'loader', options: ['--extern'], when: (v) => v === null || v.includes('='), example: 'mac=/tmp/libmac.so', note: '--extern NAME=PATH can load a procedural-macro library that runs while compiling' },
    { role: 'loader', options: ['--plugin-path', '--plugins'], example: '/tmp/plugins', note: '--plugin-path/--plugins load plugins (older rustdoc)' },
  ],
  operands: [ARGUMENT_FILE],
  plain: ['src/lib.rs', '--test README.md', '--version', '--crate-name mylib src/lib.rs'],
};

const RUSTFMT_ROW: ProgramRow = {
  names: ['rustfmt'],
  category: 'build',
  what: 'the Rust code formatter (rewrites the files it is given: its job)',
  grammar: { short: '', flags: 'lvqVh', abbreviations: false, long: { ...valued('emit', 'config-path', 'edition', 'style-edition', 'color', 'print-config', 'config'), ...flagged('check', 'backup', 'files-with-diff', 'verbose', 'quiet', 'version', 'help', 'unstable-features', 'error-on-unformatted', 'skip-children') } },
  options: [{ role: 'writer', options: ['--print-config'], example: 'default', note: '--print-config KIND PATH writes the configuration to a file' }],
  plain: ['src/main.rs', '--check src/lib.rs', '--edition 2021 src/main.rs', '--version'],
};

const RUSTUP_GRAMMAR: Grammar = {
  flags: 'vqhV',
  abbreviations: false,
  long: { ...valued('toolchain', 'profile', 'component', 'target', 'path', 'default-host', 'default-toolchain'), ...flagged('verbose', 'quiet', 'help', 'version', 'install', 'no-self-update', 'force', 'force-non-host', 'allow-downgrade', 'no-modify-path', 'nonexistent', 'installed', 'quiet', 'std', 'book', 'reference', 'path', 'yes', 'no-update-default-toolchain') },
};
const rustupRole = (role: Role, note: string): Command => ({ grammar: RUSTUP_GRAMMAR, role: { role, note } });
const RUSTUP_ROW: ProgramRow = {
  names: ['rustup'],
  category: 'build',
  what: 'the Rust toolchain installer and manager',
  grammar: RUSTUP_GRAMMAR,
  subcommands: {
    toolchain: {
      grammar: RUSTUP_GRAMMAR,
      subcommands: {
        link: rustupRole('loader', 'rustup toolchain link makes any folder of programs a toolchain that rustc/cargo then run'),
        uninstall: rustupRole('destructive', 'rustup toolchain uninstall deletes an installed toolchain'),
        install: { grammar: RUSTUP_GRAMMAR, plain: ['nightly'] },
        list: { grammar: RUSTUP_GRAMMAR, plain: [''] },
      },
    },
    // rustup run TOOLCHAIN CMD: the toolchain decides which program CMD is (it may be a linked folder).
    run: { grammar: { ...RUSTUP_GRAMMAR, stopAtOperand: true }, wrapper: { peel: false, skip: 1, note: 'rustup run runs the command with the named toolchain’s programs first on PATH' } },
    self: { grammar: RUSTUP_GRAMMAR, subcommands: { uninstall: rustupRole('destructive', 'rustup self uninstall deletes rustup and every toolchain'), update: { grammar: RUSTUP_GRAMMAR, plain: [''] } } },
    ...Object.fromEntries(['install', 'uninstall', 'default', 'show', 'update', 'check', 'target', 'component', 'override', 'which', 'doc', 'man', 'set', 'completions', 'help'].map((s) => [s, { grammar: RUSTUP_GRAMMAR }])),
  },
  plain: ['show', 'update', 'default stable', 'component add clippy', 'target add wasm32-unknown-unknown', '--version'],
};

// gofmt: prints the formatted source; -w rewrites the files in place.
const GOFMT_ROW: ProgramRow = {
  names: ['gofmt'],
  category: 'build',
  what: 'the Go source formatter',
  readOnly: true,
  grammar: { singleDash: true, abbreviations: false, long: { ...valued('r', 'cpuprofile'), ...Object.fromEntries(['l', 'w', 'd', 'e', 's', 'h', 'help'].map((n) => [n, 'optional' as const])) } },
  options: [
    { role: 'writer', options: ['-w', '--w'], when: (v) => v !== 'false', note: '-w rewrites the files in place' },
    { role: 'writer', options: ['-cpuprofile', '--cpuprofile'], example: 'cpu.out', note: '-cpuprofile writes a profile to the named file' },
  ],
  plain: ['-l .', '-d main.go', '-s -l ./...', 'main.go'],
};

// ---------------------------------------------------------------------------------------------
// Task runners: make, just, task
// ---------------------------------------------------------------------------------------------

const MAKE_GRAMMAR: Grammar = {
  short: 'CEfIoW',
  shortAttached: 'O',
  flags: 'bmBdehijklLnpqrRsStvw',
  long: {
    directory: ['value', 'C'],
    eval: ['value', 'E'],
    file: ['value', 'f'],
    makefile: ['value', 'f'],
    'include-dir': ['value', 'I'],
    'old-file': ['value', 'o'],
    'assume-old': ['value', 'o'],
    'what-if': ['value', 'W'],
    'new-file': ['value', 'W'],
    'assume-new': ['value', 'W'],
    jobs: ['optional', 'j'],
    'load-average': ['optional', 'l'],
    'max-load': ['optional', 'l'],
    'output-sync': ['optional', 'O'],
    debug: 'optional',
    shuffle: 'optional',
    'jobserver-auth': 'optional',
    'jobserver-style': 'optional',
    ...flagged('always-make', 'environment-overrides', 'help', 'ignore-errors', 'keep-going', 'check-symlink-times', 'just-print', 'dry-run', 'recon', 'print-data-base', 'question', 'no-builtin-rules', 'no-builtin-variables', 'silent', 'quiet', 'no-silent', 'no-keep-going', 'stop', 'touch', 'trace', 'version', 'print-directory', 'no-print-directory', 'warn-undefined-variables'),
  },
};

const MAKE_ROW: ProgramRow = {
  names: ['make', 'gmake'],
  category: 'build',
  what: 'GNU make: runs the recipes of a Makefile (the project’s own Makefile is its job)',
  grammar: MAKE_GRAMMAR,
  // `make -C DIR` runs in DIR: a relative file its options name is found from there.
  workingFolder: ['-C', '--directory'],
  // `make -f -` reads the makefile (recipes and all) from standard input.
  stdinCodeForm: { dashOptions: ['-f', '--file', '--makefile'] },
  options: [
    { role: 'executor', options: ['-E', '--eval'], payload: 'code', example: '$(shell id)', note: '-E/--eval reads the text as Makefile code, which can run any command ($(shell …), recipes)' },
    { role: 'loader', options: ['-f', '--file', '--makefile'], example: '/tmp/evil.mk', note: '-f reads another makefile, whose recipes then run' },
    { role: 'loader', when: leavesWorkspace, options: ['-C', '--directory'], example: '/tmp/other', note: '-C runs the makefile of another folder' },
    { role: 'loader', options: ['-I', '--include-dir'], example: '/tmp/inc', note: '-I searches another folder for the makefiles that include directives read' },
  ],
  operands: [
    { role: 'executor', operand: 'every', when: (v) => v === null || (assignmentName(v) !== null && !/^(MAKEFILES|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS)$/.test(assignmentName(v)!)), example: 'SHELL=/tmp/sh', note: 'NAME=VALUE overrides a variable of the makefile (SHELL, CC, a recipe’s command)' },
    { role: 'loader', operand: 'every', when: (v) => v !== null && /^(MAKEFILES|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS)$/.test(assignmentName(v) ?? ''), example: 'MAKEFILES=/tmp/evil.mk', note: 'MAKEFILES=/MAKEFLAGS= make make read more makefiles or options' },
  ],
  plain: ['', 'build', '-j8 test', '-k all install', '-n clean', '--no-print-directory -s lint', '-j 4 build'],
};

const JUST_ROW: ProgramRow = {
  names: ['just'],
  category: 'build',
  what: 'a command runner for the recipes of a justfile (the project’s own justfile is its job)',
  grammar: {
    short: 'fdc',
    flags: 'hVnqluegs',
    abbreviations: false,
    long: {
      ...valued('justfile', 'working-directory', 'shell', 'shell-arg', 'set', 'chooser', 'color', 'command-color', 'dotenv-filename', 'dotenv-path', 'list-heading', 'list-prefix', 'show', 'completions', 'dump-format', 'timestamp-format', 'usage', 'request', 'alias-style', 'tempdir', 'command', 'ceiling'),
      ...flagged('help', 'version', 'dry-run', 'quiet', 'list', 'unsorted', 'evaluate', 'variables', 'summary', 'dump', 'edit', 'init', 'fmt', 'check', 'choose', 'yes', 'verbose', 'unstable', 'shell-command', 'global-justfile', 'no-dotenv', 'no-deps', 'no-aliases', 'one', 'clear-shell-args', 'highlight', 'no-highlight', 'explain', 'timestamp', 'allow-missing', 'changelog', 'groups'),
    },
  },
  options: [
    { role: 'loader', options: ['-f', '--justfile', '-g', '--global-justfile'], example: '/tmp/evil.just', note: '-f/--justfile reads another justfile, whose recipes then run' },
    { role: 'loader', when: leavesWorkspace, options: ['-d', '--working-directory'], example: '/tmp/other', note: '--working-directory runs recipes in another folder' },
    { role: 'executor', options: ['--shell', '--shell-arg'], payload: 'program', example: '/tmp/sh', note: '--shell names the program the recipes are handed to' },
    { role: 'executor', options: ['-c', '--command'], payload: 'shell-argv', example: 'id', note: '--command runs the given command with the justfile’s environment' },
    { role: 'executor', options: ['--chooser'], payload: 'shell-text', example: 'sh -c id', note: '--chooser names the command --choose runs to pick a recipe' },
    { role: 'executor', options: ['--set'], example: 'cmd', note: '--set NAME VALUE overrides a variable that recipes use' },
    { role: 'executor', options: ['-e', '--edit'], note: '--edit starts an editor on the justfile' },
    { role: 'loader', options: ['--dotenv-path', '--dotenv-filename'], example: '/tmp/env', note: '--dotenv-path loads environment variables (PATH, LD_PRELOAD) from another file' },
    { role: 'writer', options: ['--fmt', '--init'], note: '--fmt/--init write the justfile' },
  ],
  operands: [
    { role: 'executor', operand: 'every', when: (v) => v === null || assignmentName(v) !== null, example: 'cmd=id', note: 'NAME=VALUE overrides a variable that recipes use' },
    { role: 'loader', operand: 0, when: (v) => v !== null && v.includes('/') && assignmentName(v) === null, example: '../other/build', note: 'a first argument with a slash runs a recipe of the justfile in that folder' },
  ],
  plain: ['', 'build', 'test --release', '--list', '-n deploy', 'fmt-check'],
};

const TASK_ROW: ProgramRow = {
  // Two programs share the name: go-task (Taskfile.yml) and Taskwarrior (a to-do list). Both are read.
  names: ['task'],
  category: 'build',
  what: 'go-task, a runner for Taskfile.yml tasks (or Taskwarrior, the to-do manager of the same name)',
  grammar: {
    short: 'CdIotT',
    flags: 'cnxfghijlaspyvw',
    abbreviations: false,
    long: {
      ...valued('concurrency', 'dir', 'interval', 'output', 'output-group-begin', 'output-group-end', 'taskfile', 'sort', 'timeout', 'cacert', 'cert', 'cert-key', 'remote-cache-dir', 'cache-expiry'),
      ...flagged('color', 'dry', 'exit-code', 'force', 'global', 'help', 'init', 'insecure', 'json', 'list', 'list-all', 'no-status', 'parallel', 'silent', 'yes', 'status', 'summary', 'verbose', 'version', 'watch', 'download', 'offline', 'clear-cache', 'experiments', 'output-group-error-only', 'nested', 'trusted-hosts'),
    },
  },
  options: [
    { role: 'loader', options: ['-t', '--taskfile'], example: 'https://example.com/Taskfile.yml', note: '-t/--taskfile reads another Taskfile (a path or, with remote taskfiles, a URL), whose tasks then run' },
    { role: 'loader', when: leavesWorkspace, options: ['-d', '--dir'], example: '/tmp/other', note: '-d runs the Taskfile of another folder' },
    { role: 'loader', options: ['-g', '--global'], note: '-g runs the Taskfile in the home folder' },
    { role: 'network', options: ['--insecure', '--download'], note: '--insecure/--download fetch remote Taskfiles (over plain HTTP with --insecure)' },
    { role: 'writer', options: ['-i', '--init'], note: '--init writes a Taskfile' },
  ],
  operands: [
    { role: 'executor', operand: 'every', when: (v) => v === null || v === 'execute' || v === 'edit', example: 'execute', note: 'Taskwarrior’s task execute runs an external command, and task edit starts an editor' },
    { role: 'executor', operand: 'every', when: (v) => v === null || (assignmentName(v) !== null && !v.startsWith('rc.')), example: 'CMD=id', note: 'NAME=VALUE overrides a variable the tasks’ commands use' },
    { role: 'loader', operand: 'every', when: (v) => v !== null && (v.startsWith('rc:') || v.startsWith('rc.')), example: 'rc:/tmp/taskrc', note: 'rc:FILE / rc.NAME=VALUE give Taskwarrior another configuration (hooks, the editor)' },
  ],
  plain: ['', 'build', '--list', 'test -- -v', '-p lint test'],
};

// ---------------------------------------------------------------------------------------------
// JVM builds: gradle, mvn, ant, sbt; bazel
// ---------------------------------------------------------------------------------------------

const GRADLE_ROW: ProgramRow = {
  // gradlew is the project's wrapper script: it downloads the distribution the project pins and runs it.
  names: ['gradle', 'gradlew'],
  category: 'build',
  what: 'the Gradle build tool (the project’s build scripts are its job)',
  grammar: {
    short: 'bcpIgxDPM',
    flags: 'qidswvStmaUh?',
    abbreviations: false,
    long: {
      ...valued('build-file', 'settings-file', 'project-dir', 'init-script', 'gradle-user-home', 'exclude-task', 'system-prop', 'project-prop', 'include-build', 'project-cache-dir', 'console', 'warning-mode', 'priority', 'max-workers', 'dependency-verification', 'write-verification-metadata', 'update-locks', 'gradle-version', 'distribution-type', 'gradle-distribution-url', 'gradle-distribution-sha256-sum', 'network-timeout', 'configuration-cache-problems', 'watch-fs', 'problems-report', 'export-keys', 'task-graph', 'property'),
      ...flagged('help', 'version', 'quiet', 'info', 'debug', 'warn', 'stacktrace', 'full-stacktrace', 'scan', 'no-scan', 'offline', 'refresh-dependencies', 'rerun-tasks', 'rerun', 'dry-run', 'parallel', 'no-parallel', 'build-cache', 'no-build-cache', 'configure-on-demand', 'continue', 'continuous', 'daemon', 'no-daemon', 'foreground', 'stop', 'status', 'write-locks', 'configuration-cache', 'no-configuration-cache', 'no-rebuild', 'profile', 'refresh-keys', 'no-watch-fs', 'all', 'no-problems-report'),
    },
  },
  options: [
    { role: 'loader', options: ['-b', '--build-file', '-c', '--settings-file'], example: '/tmp/evil.gradle', note: '-b/-c read another build or settings script, which is code' },
    { role: 'loader', when: leavesWorkspace, options: ['-p', '--project-dir'], example: '/tmp/other', note: '-p builds another project, running its build scripts' },
    { role: 'loader', options: ['-I', '--init-script'], example: '/tmp/init.gradle', note: '-I runs an init script before the build' },
    { role: 'loader', options: ['-g', '--gradle-user-home'], example: '/tmp/home', note: '-g uses another Gradle home, whose init.d scripts and properties then run' },
    { role: 'loader', options: ['--include-build'], example: '/tmp/plugin', note: '--include-build adds another build, whose scripts and plugins run' },
    { role: 'network', options: ['--scan'], note: '--scan uploads a report of the build to a build-scan server' },
    // `gradle wrapper --gradle-distribution-url URL` (tasks and options mix freely, so it is read anywhere).
    { role: 'loader', options: ['--gradle-distribution-url'], example: 'https://example.com/gradle.zip', note: '--gradle-distribution-url makes ./gradlew download and run another Gradle distribution' },
  ],
  plain: ['build', 'test --info', 'clean assemble', ':app:run', 'dependencies --configuration runtimeClasspath', '--version'],
};

/**
 * exec-maven-plugin's `exec` goal runs the program its `exec.executable` property names with the
 * `exec.args` property as its arguments (split as a command line: blanks, single and double
 * quotes), so `-Dexec.executable=P -Dexec.args='A B'` is the command `P A B`. Read whatever the
 * goals: a POM may bind `exec:exec` to any phase, and the property alone says nothing harmless.
 */
function mavenExecProperties(_args: readonly Word[], reading: ArgReading): Form[] {
  let executable: ReadOption | null = null;
  let execArgs: ReadOption | null = null;
  for (const option of reading.options) {
    if (option.name !== '-D' && option.name !== '--define') continue;
    const text = option.value === null ? null : option.value.kind === 'literal' ? option.value.value : option.value.raw;
    if (text?.startsWith('exec.executable=') === true) executable = option;
    else if (text?.startsWith('exec.args=') === true) execArgs = option;
  }
  if (executable === null || executable.value === null) return [];
  const valueOf = (option: ReadOption): string => {
    const word = option.value!;
    const text = word.kind === 'literal' ? word.value : word.raw;
    return text.slice(text.indexOf('=') + 1);
  };
  const program = valueOf(executable);
  const text = `'${program.replace(/'/g, `'\\''`)}'${execArgs === null || execArgs.value === null ? '' : ` ${valueOf(execArgs)}`}`;
  // An opaque word among the two makes the text approximate (the payload reader goes by the value's kind).
  const value = execArgs?.value?.kind === 'opaque' ? execArgs.value : executable.value;
  return [{ role: 'executor', program: 'mvn', trigger: '-Dexec.executable', index: executable.index, value, payload: 'shell-text', payloadText: text, note: 'exec:exec runs exec.executable with exec.args as its command line' }];
}

const MAVEN_ROW: ProgramRow = {
  names: ['mvn', 'mvnw'],
  category: 'build',
  what: 'Apache Maven (the project’s pom.xml and its plugins are its job)',
  // Commons CLI with multi-letter short names (-pl, -rf, -gs, -ntp): read as clusters, with the
  // letters that start them (p, r) taking the rest as a value so that no later word is mistaken.
  grammar: {
    short: 'bDfPlstTpr',
    flags: 'aBCceghmnNoqUvVXdu',
    long: {
      ...valued('builder', 'define', 'file', 'activate-profiles', 'log-file', 'settings', 'global-settings', 'toolchains', 'global-toolchains', 'threads', 'projects', 'resume-from', 'color', 'encrypt-master-password', 'encrypt-password'),
      ...flagged('also-make', 'also-make-dependents', 'batch-mode', 'strict-checksums', 'lax-checksums', 'check-plugin-updates', 'errors', 'fail-at-end', 'fail-fast', 'fail-never', 'help', 'legacy-local-repository', 'non-recursive', 'no-plugin-registry', 'no-plugin-updates', 'no-snapshot-updates', 'no-transfer-progress', 'offline', 'quiet', 'update-snapshots', 'update-plugins', 'version', 'show-version', 'debug', 'non-interactive', 'ignore-transitive-repositories'),
    },
  },
  options: [
    { role: 'loader', options: ['-f', '--file'], when: (v) => (v === null || !['ae', 'f', 'n'].includes(v)) && leavesWorkspace(v), example: '/tmp/other/pom.xml', note: '-f builds another POM, whose plugins then run' },
    { role: 'loader', options: ['-s', '--settings', '--global-settings'], when: (v) => v === null || v !== 'u', example: '/tmp/settings.xml', note: '-s/-gs read other settings (repositories, mirrors, profiles)' },
    { role: 'loader', options: ['-t', '--toolchains', '--global-toolchains'], when: (v) => v === null || !['p', 'r'].includes(v), example: '/tmp/toolchains.xml', note: '-t/-gt read other toolchains, naming the JDK programs that run' },
    { role: 'writer', options: ['-l', '--log-file'], when: (v) => v === null || v !== 'lr', example: '/tmp/build.log', note: '-l writes the build log to the named file' },
    {
      role: 'executor',
      options: ['-D', '--define'],
      when: (v) => v === null || /^(exec\.(executable|args|mainClass)|maven\.(ext\.class\.path|repo\.local)|jvm|argLine|maven\.surefire\.debug)/.test(v),
      example: 'exec.executable=/bin/sh',
      note: '-Dexec.executable= (and argLine, maven.ext.class.path) choose a program, JVM options or extensions that run',
    },
  ],
  read: mavenExecProperties,
  operands: [
    { role: 'loader', operand: 'every', when: (v) => v === null || (v.split(':').length >= 3 && !v.startsWith('-')), example: 'org.example:evil-plugin:1.0:run', note: 'GROUP:ARTIFACT:VERSION:GOAL downloads that plugin and runs its goal' },
  ],
  plain: ['package', 'clean install -DskipTests', '-B -ntp verify', '-pl core -am test', 'dependency:tree', '-q -o compile', '--version'],
};

const ANT_ROW: ProgramRow = {
  names: ['ant'],
  category: 'build',
  what: 'Apache Ant (the project’s build.xml is its job)',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('buildfile', 'file', 'f', 'lib', 'logger', 'listener', 'inputhandler', 'propertyfile', 'find', 's', 'nice', 'logfile', 'l', 'main', 'D'),
      ...flagged('help', 'h', 'projecthelp', 'p', 'version', 'diagnostics', 'quiet', 'q', 'silent', 'S', 'verbose', 'v', 'debug', 'd', 'emacs', 'e', 'noinput', 'keep-going', 'k', 'noclasspath', 'autoproxy', 'nouserlib'),
    },
  },
  options: [
    { role: 'loader', options: ['-buildfile', '-file', '-f', '-find', '-s'], example: '/tmp/evil.xml', note: '-f/-buildfile/-find read another build file, whose tasks then run' },
    { role: 'loader', options: ['-lib', '-logger', '-listener', '-inputhandler', '-main'], example: '/tmp/x.jar', note: '-lib/-logger/-listener/-main load Java classes into Ant' },
    { role: 'loader', options: ['-propertyfile'], example: '/tmp/p.properties', note: '-propertyfile sets properties from a file, which can change what the build runs' },
    { role: 'writer', options: ['-logfile', '-l'], example: '/tmp/ant.log', note: '-logfile writes the log to the named file' },
  ],
  plain: ['', 'compile', 'clean dist', '-q test', '-projecthelp', '-version'],
};

const SBT_ROW: ProgramRow = {
  names: ['sbt'],
  category: 'build',
  what: 'the Scala build tool (the project’s build.sbt is its job)',
  grammar: {
    singleDash: true,
    abbreviations: false,
    long: {
      ...valued('sbt-dir', 'sbt-boot', 'ivy', 'mem', 'jvm-debug', 'sbt-jar', 'sbt-version', 'sbt-launch-dir', 'java-home', 'sbt-create', 'D', 'J', 'server', 'port'),
      ...flagged('help', 'h', 'verbose', 'v', 'debug', 'd', 'batch', 'no-colors', 'no-share', 'no-global', 'client', 'timings', 'traces', 'no-server', 'version', 'V', 'numeric-version', 'script-version', 'allow-empty', 'color'),
    },
  },
  options: [
    { role: 'listener', options: ['-jvm-debug', '--jvm-debug'], example: '5005', note: '-jvm-debug opens a Java debugger port, through which any code can run' },
    { role: 'executor', options: ['-java-home', '--java-home'], payload: 'program', example: '/tmp/jdk', note: '-java-home runs the java program of another folder' },
    { role: 'loader', options: ['-sbt-jar', '--sbt-jar', '-sbt-dir', '--sbt-dir', '-sbt-boot', '--sbt-boot'], example: '/tmp/sbt.jar', note: '-sbt-jar/-sbt-dir run another sbt launcher or global plugins' },
  ],
  operands: [{ role: 'executor', operand: 'every', when: (v) => v === null || /^\s*(eval|console|consoleQuick|set)\b/.test(v), payload: 'code', example: 'eval sys.process.Process("id").!', note: 'sbt eval/set/console run Scala code given on the command line or typed in' }],
  plain: ['compile', 'test', 'clean package', "'testOnly com.example.MySpec'", '-batch test', '--client compile'],
};

const BAZEL_VALUED =
  'bazelrc output_base output_user_root server_javabase host_jvm_args config run_under script_path override_repository override_module repo_env action_env test_env define registry remote_executor remote_cache bes_backend bes_results_url remote_header jobs compilation_mode copt cxxopt linkopt host_copt test_output test_filter test_arg test_timeout platforms extra_toolchains crosstool_top compiler cpu output_groups target_pattern_file keep_going_count experimental_remote_downloader disk_cache build_event_json_file build_event_text_file build_event_binary_file execution_log_json_file execution_log_binary_file profile explain subcommands_output_file local_cpu_resources local_ram_resources workspace_status_command credential_helper tool_tag noinvocation_policy invocation_policy';
const BAZEL_GRAMMAR: Grammar = { short: 'kjcs', abbreviations: false, long: valued(...BAZEL_VALUED.split(' ')) };
const BAZEL_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['--bazelrc'], example: '/tmp/bazelrc', note: '--bazelrc reads other startup and build options' },
  { role: 'executor', options: ['--run_under'], payload: 'shell-text', example: 'sh -c id', note: '--run_under runs the built target (or test) through the given command' },
  { role: 'executor', options: ['--workspace_status_command', '--credential_helper'], payload: 'program', example: '/tmp/status.sh', note: '--workspace_status_command/--credential_helper run the named program' },
  { role: 'executor', options: ['--server_javabase'], payload: 'program', example: '/tmp/jdk', note: '--server_javabase runs the Bazel server on another JVM' },
  { role: 'writer', options: ['--script_path', '--build_event_json_file', '--build_event_text_file', '--build_event_binary_file', '--execution_log_json_file', '--execution_log_binary_file', '--profile', '--explain', '--subcommands_output_file'], example: '/tmp/out', note: 'these options write a script, log or profile to the named file' },
  { role: 'loader', options: ['--override_repository', '--override_module'], example: 'rules_x=/tmp/evil', note: '--override_repository/--override_module swap a dependency for another folder' },
  { role: 'loader', options: ['--repo_env', '--action_env', '--test_env'], when: (v) => v === null || RUNNING_VARIABLES.test(v.split('=')[0]!), example: 'LD_PRELOAD=/tmp/x.so', note: '--action_env/--repo_env set PATH, LD_PRELOAD or a compiler for every build step' },
  { role: 'network', options: ['--remote_executor', '--remote_cache', '--bes_backend', '--registry', '--experimental_remote_downloader'], example: 'grpcs://remote.example.com', note: '--remote_executor/--remote_cache/--bes_backend send the build (or its events) to another server' },
];
const bazelLevel = (extra: Partial<Command> = {}): Command => ({ grammar: BAZEL_GRAMMAR, options: BAZEL_OPTIONS, ...extra });
const BAZEL_ROW: ProgramRow = {
  names: ['bazel', 'bazelisk'],
  category: 'build',
  what: 'the Bazel build tool (bazelisk picks the version; the project’s BUILD files are its job)',
  grammar: BAZEL_GRAMMAR,
  options: BAZEL_OPTIONS,
  subcommands: {
    // bazel run builds and runs the named target: that is its job.
    ...Object.fromEntries(['build', 'test', 'run', 'query', 'cquery', 'aquery', 'clean', 'info', 'fetch', 'sync', 'coverage', 'mod', 'shutdown', 'version', 'help', 'dump', 'license', 'print_action', 'canonicalize-flags', 'analyze-profile', 'vendor'].map((s) => [s, bazelLevel()])),
  },
  plain: ['build //...', 'test //pkg:all --test_output=errors', 'run //cmd:server', "query 'deps(//app)'", 'version'],
};

// ---------------------------------------------------------------------------------------------
// cmake, ninja, meson
// ---------------------------------------------------------------------------------------------

const CMAKE_E_RUNS = ['env', 'time', 'chdir'];
const CMAKE_E_DELETES = ['rm', 'remove', 'remove_directory', 'rmdir'];
const CMAKE_E_WRITES = ['copy', 'copy_directory', 'copy_directory_if_different', 'copy_if_different', 'copy_if_newer', 'copy_directory_if_newer', 'rename', 'make_directory', 'touch', 'touch_nocreate', 'create_symlink', 'create_hardlink', 'tar'];

/** `-D NAME=VALUE` cache entries that load CMake code or name a program that runs. */
function cmakeDefineRuns(v: string | null): boolean {
  if (v === null) return true;
  const name = v.split('=')[0]!.split(':')[0]!;
  return /TOOLCHAIN_FILE$|PROJECT_INCLUDE|PROJECT_INCLUDE_BEFORE|PROJECT_TOP_LEVEL_INCLUDES|_PROJECT_.*_INCLUDE|_LAUNCHER$|_COMPILER$|^CMAKE_(LINKER|AR|RANLIB|MAKE_PROGRAM|USER_MAKE_RULES_OVERRIDE|MODULE_PATH)|^CMAKE_.*_COMPILER_LAUNCHER$|_LINKER_LAUNCHER$|^CMAKE_CROSSCOMPILING_EMULATOR$/.test(name);
}

/**
 * `cmake -E COMMAND ARGS…` (first on the line) is a small portable shell: each command that runs,
 * deletes, moves or writes is the Unix command it stands for, given to the floors as a command
 * line of its own (`cmake -E remove_directory /` is `rm -r -f -- /`, `cmake -E chdir D CMD` is
 * `cd D && CMD`). CMake's `rm` takes the options of rm (`-r`, `-R`, `-f`, `--`).
 */
const CMAKE_E_AS: Readonly<Record<string, readonly string[] | ((rest: readonly Word[]) => string)>> = {
  rm: ['rm'],
  remove: (rest) => commandText([literalWord('rm'), literalWord('-f'), literalWord('--'), ...rest.filter((w) => !(w.kind === 'literal' && w.value === '-f'))]),
  remove_directory: ['rm', '-r', '-f', '--'],
  rename: ['mv', '--'],
  copy: ['cp'],
  copy_if_different: ['cp'],
  copy_if_newer: ['cp'],
  copy_directory: ['cp', '-r'],
  copy_directory_if_different: ['cp', '-r'],
  copy_directory_if_newer: ['cp', '-r'],
  create_symlink: ['ln', '-s', '--'],
  create_hardlink: ['ln', '--'],
  make_directory: ['mkdir', '-p', '--'],
  touch: ['touch', '--'],
  touch_nocreate: ['touch', '-c', '--'],
  tar: ['tar'],
  env: ['env'],
  time: [],
  chdir: (rest) => (rest.length === 0 ? '' : `cd -- ${commandText([rest[0]!])} && ${commandText(rest.slice(1))}`),
};

function readCmakeE(args: readonly Word[]): Form[] {
  const first = args[0];
  if (first === undefined || first.kind !== 'literal' || first.value !== '-E') return [];
  const command = args[1];
  if (command === undefined) return [];
  if (command.kind !== 'literal') throw new Error(`cmake -E ${command.raw}: the command is only known at run time`);
  const as = Object.prototype.hasOwnProperty.call(CMAKE_E_AS, command.value) ? CMAKE_E_AS[command.value]! : null;
  if (as === null) return [];
  const rest = args.slice(2);
  const text = typeof as === 'function' ? as(rest) : commandText([...as.map(literalWord), ...rest]);
  if (text === '') return [];
  return [{ role: 'executor', program: 'cmake', trigger: command.value, index: 1, value: command, payload: 'shell-text', payloadText: text, note: `cmake -E ${command.value} does what the command it stands for does` }];
}

const CMAKE_ROW: ProgramRow = {
  names: ['cmake'],
  category: 'build',
  what: 'CMake: configures and builds projects (the project’s CMakeLists.txt is its job)',
  grammar: {
    short: 'SBCDUGTAPEj',
    flags: 'NLWHhv',
    abbreviations: false,
    long: {
      ...valued('toolchain', 'install-prefix', 'preset', 'build', 'install', 'open', 'graphviz', 'log-level', 'trace-format', 'trace-source', 'trace-redirect', 'profiling-format', 'profiling-output', 'debug-find-pkg', 'debug-find-var', 'config', 'target', 'parallel', 'prefix', 'component', 'default-directory-permissions', 'workflow', 'list-presets', 'system-information', 'help-full', 'help-manual', 'help-command', 'help-module', 'help-policy', 'help-property', 'help-variable'),
      ...flagged('fresh', 'log-context', 'debug-trycompile', 'debug-output', 'debug-find', 'trace', 'trace-expand', 'warn-uninitialized', 'no-warn-unused-cli', 'check-system-vars', 'compile-no-warning-as-error', 'help', 'version', 'find-package', 'clean-first', 'verbose', 'strip', 'resolve-package-references'),
    },
  },
  options: [
    { role: 'loader', options: ['-C'], example: '/tmp/init.cmake', note: '-C runs a CMake script to fill the cache first' },
    { role: 'loader', options: ['-P'], example: '/tmp/script.cmake', note: '-P runs a CMake script (which can run any command)' },
    { role: 'loader', options: ['--toolchain'], example: '/tmp/toolchain.cmake', note: '--toolchain runs a toolchain file, which is CMake code naming the compilers' },
    { role: 'loader', options: ['-D'], when: cmakeDefineRuns, example: 'CMAKE_PROJECT_INCLUDE=/tmp/x.cmake', note: '-D of a toolchain file, a project include, a launcher or a compiler loads CMake code or names a program that runs' },
    { role: 'loader', options: ['-S'], when: (v) => v === null || (v !== '.' && v !== '..'), example: '/tmp/other', note: '-S configures the sources of another folder, running its CMakeLists.txt' },
    { role: 'executor', options: ['-E'], when: (v) => v === null || CMAKE_E_RUNS.includes(v), example: 'env', note: 'cmake -E env/time/chdir runs the command that follows' },
    { role: 'destructive', options: ['-E'], when: (v) => v !== null && CMAKE_E_DELETES.includes(v), example: 'rm', note: 'cmake -E rm/remove_directory deletes files' },
    { role: 'writer', options: ['-E'], when: (v) => v !== null && CMAKE_E_WRITES.includes(v), example: 'copy', note: 'cmake -E copy/rename/touch/make_directory/tar write files' },
    { role: 'writer', options: ['--install', '--prefix'], example: '/usr/local', note: 'cmake --install copies the built files into the install prefix' },
    { role: 'writer', options: ['--graphviz', '--trace-redirect', '--profiling-output', '--system-information'], example: '/tmp/out', note: 'these options write a graph, trace or profile to the named file' },
  ],
  read: readCmakeE,
  // `cmake -P /dev/stdin` (or `-P -`) runs the CMake script it reads on standard input.
  stdinCodeForm: { dashOptions: ['-P'] },
  plain: ['-S . -B build', '--build build -j 8', '-B build -DCMAKE_BUILD_TYPE=Release', '--build build --target test', '--version', '--preset default'],
};

const NINJA_ROW: ProgramRow = {
  names: ['ninja'],
  category: 'build',
  what: 'the Ninja build executor (the build.ninja of the folder is its job)',
  grammar: { short: 'Cfjkldtw', flags: 'nvh', stopAtOperand: false, long: flagged('version', 'verbose', 'quiet', 'help') },
  options: [
    { role: 'loader', when: leavesWorkspace, options: ['-C'], example: '/tmp/other', note: '-C runs the build file of another folder' },
    { role: 'loader', options: ['-f'], example: '/tmp/evil.ninja', note: '-f reads another build file, whose commands then run' },
    { role: 'listener', options: ['-t'], when: (v) => v === null || v === 'browse', example: 'browse', note: 'ninja -t browse starts a web server showing the build graph' },
  ],
  plain: ['', 'all -j 8', '-t compdb', '-t clean', '-v test'],
};

const MESON_GRAMMAR: Grammar = {
  short: 'DCj',
  flags: 'hvq',
  long: {
    ...valued('native-file', 'cross-file', 'prefix', 'bindir', 'libdir', 'buildtype', 'backend', 'wrap-mode', 'default-library', 'destdir', 'wrapper', 'gdb-path', 'suite', 'no-suite', 'setup', 'repeat', 'timeout-multiplier', 'num-processes', 'test-args', 'formats', 'include-subprojects', 'only', 'skip-subprojects', 'tags', 'vsenv', 'dump', 'dump-format', 'workdir', 'interactive', 'logbase', 'type', 'sourcedir', 'language', 'name', 'version', 'build', 'executable', 'force-fallback-for', 'pkgconfig.relocatable', 'reconfigure', 'clearcache', 'jobs', 'load-average', 'types', 'allow-dirty', 'num-threads', 'clean'),
    ...flagged('help', 'wipe', 'fresh', 'reconfigure', 'clearcache', 'errorlogs', 'verbose', 'quiet', 'gdb', 'list', 'benchmark', 'print-errorlogs', 'no-rebuild', 'only-changed', 'dry-run', 'skip-subprojects', 'strip', 'no-tests', 'allow-dirty', 'werror', 'fatal-meson-warnings'),
  },
};
const MESON_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['--native-file', '--cross-file'], example: '/tmp/machine.ini', note: '--native-file/--cross-file name the compilers and programs the build runs' },
];
const mesonLevel = (extra: Partial<Command> = {}): Command => ({ grammar: MESON_GRAMMAR, ...extra, options: [...MESON_OPTIONS, ...(extra.options ?? [])] });
const MESON_ROW: ProgramRow = {
  names: ['meson'],
  category: 'build',
  what: 'the Meson build system (the project’s meson.build is its job)',
  grammar: MESON_GRAMMAR,
  subcommands: {
    setup: mesonLevel({ plain: ['build', 'build --buildtype=release', '--wipe build'] }),
    configure: mesonLevel(),
    compile: mesonLevel({ plain: ['-C build'] }),
    test: mesonLevel({
      options: [{ role: 'executor', options: ['--wrapper', '--gdb-path'], payload: 'shell-text', example: 'sh -c id', note: 'meson test --wrapper runs every test through the given command' }],
      plain: ['-C build', '--print-errorlogs'],
    }),
    install: mesonLevel({ options: [{ role: 'writer', options: ['--destdir'], example: '/tmp/root', note: '--destdir installs into a chosen folder' }] }),
    // meson devenv runs a command in the build's development environment: an entry must cover that command.
    devenv: mesonLevel({ grammar: { ...MESON_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'meson devenv runs the command with the build’s environment' } }),
    wrap: mesonLevel({ subcommands: { install: mesonLevel({ role: { role: 'network', note: 'meson wrap install downloads a dependency definition from WrapDB' } }) } }),
    rewrite: mesonLevel({ role: { role: 'writer', note: 'meson rewrite edits meson.build files' } }),
    ...Object.fromEntries(['dist', 'init', 'introspect', 'subprojects', 'env2mfile', 'format', 'fmt', 'help'].map((s) => [s, mesonLevel()])),
  },
  // `meson BUILDDIR` is an old spelling of `meson setup BUILDDIR`.
  plain: ['setup build', 'compile -C build', 'test -C build', 'introspect --targets build', '--version'],
};

// ---------------------------------------------------------------------------------------------
// autoconf, autoreconf, autoheader, m4
// ---------------------------------------------------------------------------------------------

// m4 code in configure.ac can run commands: the project's own file is the programs' job. The
// GTFOBins shells for these three set AUTOM4TE= in the environment, which the assignment rule
// (D§4.3: only a short list of harmless names may precede a matched command) already refuses.
function autotoolsRow(name: string, what: string, extraValued: string[], writes: boolean): ProgramRow {
  return {
    names: [name],
    category: 'build',
    what,
    grammar: {
      short: 'BIWotm',
      flags: 'hVvdfiisS',
      long: {
        ...valued('prepend-include', 'include', 'warnings', 'output', 'trace', ...extraValued),
        ...flagged('help', 'version', 'verbose', 'debug', 'force', 'initialization', 'install', 'symlink', 'make', 'no-recursive'),
      },
    },
    options: [
      { role: 'loader', options: ['-B', '--prepend-include', '-I', '--include'], example: '/tmp/m4', note: '-B/-I search another folder for m4 macro files, which can run commands' },
      ...(writes ? [{ role: 'writer' as const, options: ['-o', '--output'], everyday: true, example: 'configure', note: '-o writes the generated script to a chosen file' }] : []),
    ],
    plain: ['', '-f', '--version', '-i -v'],
  };
}

const AUTOCONF_ROW = autotoolsRow('autoconf', 'generates a configure script from configure.ac', [], true);
const AUTORECONF_ROW = autotoolsRow('autoreconf', 'reruns autoconf, automake and the other autotools for a project', [], false);
const AUTOHEADER_ROW = autotoolsRow('autoheader', 'generates a config.h.in template from configure.ac', [], false);

const M4_ROW: ProgramRow = {
  names: ['m4'],
  category: 'interpreter',
  what: 'the m4 macro processor (its input is a program: syscmd and esyscmd run commands)',
  // m4 with no file reads its macros from standard input (GTFOBins' m4 shells pipe esyscmd in).
  stdinCode: true,
  grammar: {
    short: 'DUILtFRBHNSoW',
    shortAttached: 'd',
    flags: 'sPQEGgi',
    long: {
      define: ['value', 'D'],
      undefine: ['value', 'U'],
      include: ['value', 'I'],
      'nesting-limit': ['value', 'L'],
      trace: ['value', 't'],
      'freeze-state': ['value', 'F'],
      'reload-state': ['value', 'R'],
      'error-output': ['value', 'o'],
      'word-regexp': ['value', 'W'],
      debug: ['optional', 'd'],
      debugfile: 'optional',
      arglength: 'value',
      'hashsize': 'value',
      ...flagged('help', 'version', 'synclines', 'prefix-builtins', 'quiet', 'silent', 'fatal-warnings', 'traditional', 'gnu', 'interactive', 'warn-macro-sequence'),
    },
  },
  options: [
    { role: 'executor', options: ['-D', '--define'], payload: 'code', when: (v) => v === null || /syscmd|include|sinclude/.test(v), example: 'x=esyscmd(id)', note: '-D NAME=TEXT defines a macro whose text runs a command when it is expanded' },
    { role: 'loader', options: ['-R', '--reload-state'], example: '/tmp/state.m4f', note: '-R loads frozen macro definitions, which can run commands' },
    { role: 'loader', options: ['-I', '--include'], example: '/tmp/m4', note: '-I searches another folder for included files' },
    { role: 'writer', options: ['-F', '--freeze-state', '-o', '--error-output', '--debugfile'], example: '/tmp/out', note: '-F/--debugfile/-o write the frozen state, a debug trace or errors to a file' },
  ],
  plain: ['macros.m4', '-P input.m4', '--version', '-s file.m4'],
};

// ---------------------------------------------------------------------------------------------
// Compilers, assemblers, linkers: gcc/cc/g++/c++/c89/c99, clang/clang++, ld, as, nasm, cobc, distcc
// ---------------------------------------------------------------------------------------------

interface WordScan {
  readonly words: readonly Word[];
  at(k: number): string | null;
}

function scanOf(words: readonly Word[]): WordScan {
  return { words, at: (k) => textOf(words[k]) };
}

/** A form found by one of the word scanners below (index into the words after the program). */
function found(program: string, role: Role, trigger: string, index: number, value: Word | null, note: string, payload?: 'program'): Form {
  return { role, program, trigger, index, value, note, ...(payload ? { payload } : {}) };
}

/**
 * gcc's and clang's many-letter single-dash options, which a getopt grammar cannot hold: the
 * wrapper program, plugins, spec and config files, the linker program and linker plugins.
 */
function compilerWords(program: string): (args: readonly Word[]) => Form[] {
  return (args) => {
    const w = scanOf(args);
    const forms: Form[] = [];
    for (let k = 0; k < args.length; k++) {
      const t = w.at(k);
      if (t === null) continue;
      const next = args[k + 1] ?? null;
      // `-wrapper PROG,ARG,…` runs each pass as `PROG ARG… PASS …`: read as that command's text (the
      // commas are the word breaks), the floor's at-worst reading of the program and its arguments.
      if (t === '-wrapper' || t === '--wrapper') forms.push({ ...found(program, 'executor', t, k, next, '-wrapper runs every compiler pass through the named program (and its arguments)'), ...(next === null ? {} : { payload: 'shell-text' as const, payloadText: next.raw.split(',').join(' ') }) });
      else if (/^--?(fplugin|fpass-plugin)=/.test(t)) forms.push(found(program, 'loader', t, k, null, '-fplugin= loads a shared library into the compiler'));
      else if (/^--?specs(=|$)/.test(t)) forms.push(found(program, 'loader', t, k, t.includes('=') ? null : next, '-specs= reads a spec file, which decides which programs the driver runs'));
      else if (/^--config(=|$)/.test(t) || /^--config-(system|user)-dir=/.test(t)) forms.push(found(program, 'loader', t, k, t.includes('=') ? null : next, '--config reads more options from a configuration file'));
      else if (/^-fuse-ld=.*\//.test(t) || /^--ld-path=/.test(t)) forms.push(found(program, 'executor', t, k, null, '-fuse-ld=PATH/--ld-path= runs the named program as the linker', 'program'));
      else if (/^-Wl,.*(-plugin|--plugin)/.test(t)) forms.push(found(program, 'loader', t, k, null, '-Wl,-plugin loads a shared library into the linker'));
      else if ((t === '-Xlinker' || t === '-Xclang' || t === '-Xassembler') && /plugin|^-load$/.test(w.at(k + 1) ?? 'plugin')) forms.push(found(program, 'loader', t, k, next, '-Xclang -load / -Xlinker -plugin load a shared library into the compiler or linker'));
      else if (t === '-MF' || t === '-aux-info' || t === '-dumpdir') forms.push(found(program, 'writer', t, k, next, '-MF/-aux-info write dependency or declaration files to a chosen path'));
      else if (/^-MF./.test(t)) forms.push(found(program, 'writer', t, k, null, '-MF writes the dependency file to a chosen path'));
    }
    return forms;
  };
}

const GCC_GRAMMAR: Grammar = {
  short: 'oBIlLDUxTuze',
  flags: 'cSEgOwvpsPCHMnNqrtWfmdXiAbFGhjkVyYZQRK',
  abbreviations: false,
  long: { ...valued('param', 'sysroot', 'output', 'include-directory', 'language'), ...flagged('help', 'version', 'verbose', 'pipe', 'coverage', 'save-temps', 'target-help') },
};

const COMPILER_OPTIONS: readonly OptionRole[] = [
  // Writing the compiled output is a compiler's job (GTFOBins' gcc file-write is `-o`).
  { role: 'writer', options: ['-o', '--output'], everyday: true, target: 'file', example: 'app', note: '-o writes the compiled output to a chosen path' },
  { role: 'executor', options: ['-B'], when: (v) => v === null || !['static', 'dynamic', 'symbolic'].includes(v), example: '/tmp/tools/', note: '-B makes the driver run its passes (cc1, as, ld) from another folder' },
];

function compilerRow(names: string[], what: string): ProgramRow {
  return {
    names,
    category: 'build',
    what,
    grammar: GCC_GRAMMAR,
    options: COMPILER_OPTIONS,
    operands: [ARGUMENT_FILE],
    read: compilerWords(names[0]!),
    plain: ['-O2 -Wall -c main.c', 'hello.c', '-std=c11 -I include -DDEBUG src/a.c src/b.c -lm', '--version', '-E -x c -', '-dumpversion'],
  };
}

const GCC_ROW = compilerRow(['gcc', 'cc', 'g++', 'c++', 'c89', 'c99'], 'the GNU C/C++ compiler driver (cc, c++, c89 and c99 are its POSIX names)');
const CLANG_ROW = compilerRow(['clang', 'clang++'], 'the LLVM C/C++ compiler driver');

const LD_ROW: ProgramRow = {
  names: ['ld'],
  category: 'build',
  what: 'the GNU linker',
  grammar: {
    short: 'aAbcefFGhIlLmoRTuyYzP',
    flags: 'dEgMnNOqrsStvVxXiBQ',
    abbreviations: true,
    long: {
      ...valued('architecture', 'format', 'mri-script', 'dependency-file', 'entry', 'auxiliary', 'filter', 'gpsize', 'soname', 'dynamic-linker', 'library', 'library-path', 'sysroot', 'output', 'out-implib', 'plugin', 'plugin-opt', 'script', 'Map', 'trace-symbol', 'undefined', 'rpath', 'rpath-link', 'version-script', 'dynamic-list', 'wrap', 'defsym', 'section-start', 'Ttext', 'Tdata', 'Tbss', 'hash-style', 'build-id', 'image-base', 'emulation', 'audit', 'depaudit'),
      ...flagged('help', 'version', 'verbose', 'print-map', 'nmagic', 'omagic', 'export-dynamic', 'no-export-dynamic', 'static', 'shared', 'pie', 'no-pie', 'relocatable', 'strip-all', 'strip-debug', 'gc-sections', 'as-needed', 'no-as-needed', 'whole-archive', 'no-whole-archive', 'start-group', 'end-group', 'trace', 'eh-frame-hdr', 'no-undefined', 'fatal-warnings', 'Bstatic', 'Bdynamic', 'Bsymbolic'),
    },
  },
  options: [
    { role: 'writer', options: ['-o', '--output'], everyday: true, target: 'file', example: 'a.out', note: '-o writes the linked program to a chosen path' },
    { role: 'loader', options: ['-plugin', '--plugin'], example: '/tmp/plugin.so', note: '-plugin loads a shared library into the linker' },
    { role: 'writer', options: ['-Map', '--Map', '--dependency-file', '--out-implib'], example: 'out.map', note: '-Map/--dependency-file write a map or dependency file to a chosen path' },
    { role: 'loader', options: ['-P', '--audit', '--depaudit'], example: '/tmp/audit.so', note: '--audit/-P name an audit library the produced program will load' },
  ],
  operands: [ARGUMENT_FILE],
  // getopt_long_only: `-plugin` and `-Map` are long options with one dash.
  read: (args) => {
    const forms: Form[] = [];
    args.forEach((word, k) => {
      const t = textOf(word);
      if (t === null) return;
      if (t === '-plugin' || t.startsWith('-plugin=')) forms.push(found('ld', 'loader', t, k, t.includes('=') ? null : (args[k + 1] ?? null), '-plugin loads a shared library into the linker'));
      if (t === '-Map' || t.startsWith('-Map=')) forms.push(found('ld', 'writer', t, k, t.includes('=') ? null : (args[k + 1] ?? null), '-Map writes a link map to a chosen path'));
    });
    return forms;
  },
  plain: ['--version', '-r a.o b.o', '--verbose main.o -lc'],
};

const AS_ROW: ProgramRow = {
  names: ['as'],
  category: 'build',
  what: 'the GNU assembler',
  grammar: { short: 'oI', flags: 'DfgJKLMRvVWwZ', long: { ...valued('MD', 'defsym', 'debug-prefix-map', 'multibyte-handling', 'listing-lhs-width', 'listing-rhs-width', 'listing-cont-lines'), ...flagged('help', 'version', 'statistics', 'execstack', 'noexecstack', 'gen-debug', 'gstabs', 'gdwarf-5', 'fatal-warnings', 'warn', 'no-warn', 'mri', 'keep-locals') } },
  options: [
    { role: 'writer', options: ['-o'], everyday: true, example: 'out.o', note: '-o writes the object file to a chosen path' },
    { role: 'writer', options: ['--MD'], example: 'deps.d', note: '--MD writes dependency information to a chosen file' },
  ],
  operands: [ARGUMENT_FILE],
  read: (args) => {
    const forms: Form[] = [];
    args.forEach((word, k) => {
      const t = textOf(word);
      if (t !== null && /^-a[a-z]*=/.test(t)) forms.push(found('as', 'writer', t, k, null, '-a…=FILE writes a listing to a chosen file'));
    });
    return forms;
  },
  plain: ['start.s', '--64 boot.s', '--version'],
};

const NASM_ROW: ProgramRow = {
  names: ['nasm'],
  category: 'build',
  what: 'the Netwide Assembler',
  grammar: { short: 'oflLIiPpDdUuWwZFOXM', flags: 'agsetvhE', abbreviations: false, long: { ...valued('prefix', 'postfix', 'gprefix', 'gpostfix', 'lprefix', 'lpostfix', 'before', 'limit-passes', 'limit-stalled-loops', 'limit-macro-levels', 'limit-macro-tokens', 'limit-mmacros', 'limit-rep', 'limit-eval', 'limit-lines', 'pragma', 'debug-prefix-map'), ...flagged('help', 'version', 'keep-all', 'reproducible', 'no-line') } },
  options: [
    { role: 'writer', options: ['-o'], everyday: true, example: 'out.o', note: '-o writes the object file to a chosen path' },
    { role: 'writer', options: ['-l', '-Z'], example: 'out.lst', note: '-l/-Z write a listing or the error messages to a chosen file' },
  ],
  operands: [ARGUMENT_FILE],
  plain: ['-f elf64 boot.asm', '-f bin -I inc/ loader.asm', '-v'],
};

const COBC_ROW: ProgramRow = {
  names: ['cobc'],
  category: 'build',
  what: 'the GnuCOBOL compiler',
  grammar: { short: 'oIlLDAQKkTt', shortAttached: 'jP', flags: 'xmbECScgdFvhVwWXOr', long: { job: 'optional', ...valued('output', 'include', 'conf', 'std', 'tlines', 'list-reserved', 'save-temps', 'MT', 'MF'), ...flagged('help', 'version', 'info', 'verbose', 'free', 'fixed', 'debug', 'list-intrinsics', 'list-mnemonics', 'list-system', 'list-exceptions', 'fsyntax-only', 'frelax-syntax-checks') } },
  options: [
    { role: 'writer', options: ['-o', '--output'], everyday: true, example: 'prog', note: '-o writes the compiled program to a chosen path' },
    { role: 'executor', options: ['-j', '--job'], note: '-j runs the program right after compiling it' },
    { role: 'executor', options: ['-A', '-Q'], when: (v) => v === null || /wrapper|plugin|-B|specs/.test(v), example: '-wrapper /bin/sh,-s', note: '-A/-Q pass options to the C compiler or linker, which can name a wrapper program or plugin' },
    { role: 'writer', options: ['-T', '-t', '--MF'], example: 'prog.lst', note: '-t/-T write a listing to a chosen file' },
  ],
  plain: ['-x prog.cob', '-m module.cob', '--version', '-free -x hello.cbl'],
};

const DISTCC_ROW: ProgramRow = {
  names: ['distcc'],
  category: 'build',
  what: 'runs a compiler, sending the work to other machines (DISTCC_HOSTS)',
  grammar: { stopAtOperand: true, flags: 'j', long: flagged('help', 'version', 'show-hosts', 'show-principal', 'scan-includes') },
  // distcc CMD runs CMD (locally, or its compile steps remotely): an entry for distcc does not cover it.
  wrapper: { peel: false, noCommand: ['--help', '--version', '--show-hosts', '-j', '--show-principal'], note: 'distcc runs the compiler command that follows, possibly on another host' },
};

// ---------------------------------------------------------------------------------------------
// Python test runners and type checkers: pytest, tox, nox, mypy, pyright
// ---------------------------------------------------------------------------------------------

/** pytest -o NAME=VALUE settings that load code or add options. */
function pytestIniRuns(v: string | null): boolean {
  return v === null || /^\s*(addopts|pythonpath|required_plugins|plugins)\s*=/.test(v);
}

const PYTEST_ROW: ProgramRow = {
  names: ['pytest', 'py.test'],
  category: 'build',
  what: 'the pytest test runner (the project’s tests and conftest.py files are its job)',
  grammar: {
    short: 'kmpWco',
    flags: 'xsqvrlhVS',
    abbreviations: false,
    long: {
      ...valued('maxfail', 'pdbcls', 'capture', 'durations', 'durations-min', 'verbosity', 'tb', 'color', 'code-highlight', 'pastebin', 'junit-xml', 'junitxml', 'junit-prefix', 'pythonwarnings', 'ignore', 'ignore-glob', 'deselect', 'confcutdir', 'doctest-glob', 'doctest-report', 'config-file', 'rootdir', 'basetemp', 'override-ini', 'assert', 'import-mode', 'log-level', 'log-format', 'log-date-format', 'log-cli-level', 'log-cli-format', 'log-cli-date-format', 'log-file', 'log-file-mode', 'log-file-level', 'log-file-format', 'log-file-date-format', 'log-auto-indent', 'log-disable', 'report-log', 'cov', 'cov-report', 'cov-config', 'cov-fail-under', 'numprocesses', 'dist', 'maxprocesses', 'timeout', 'reruns', 'reruns-delay', 'html', 'benchmark-save', 'benchmark-json', 'benchmark-storage', 'hypothesis-profile', 'hypothesis-seed', 'lfnf', 'last-failed-no-failures', 'rsyncdir', 'tx', 'json-report-file'),
      ...flagged('exitfirst', 'last-failed', 'lf', 'failed-first', 'ff', 'new-first', 'nf', 'cache-show', 'cache-clear', 'stepwise', 'sw', 'stepwise-skip', 'showlocals', 'no-showlocals', 'quiet', 'verbose', 'full-trace', 'pdb', 'trace', 'runxfail', 'strict-markers', 'strict-config', 'strict', 'fixtures', 'funcargs', 'fixtures-per-test', 'markers', 'help', 'version', 'collect-only', 'co', 'pyargs', 'continue-on-collection-errors', 'noconftest', 'keep-duplicates', 'doctest-modules', 'doctest-continue-on-collection-errors', 'setup-only', 'setup-show', 'setup-plan', 'disable-warnings', 'disable-pytest-warnings', 'no-header', 'no-summary', 'no-fold-skipped', 'disable-plugin-autoload', 'debug', 'sw-skip', 'looponfail', 'boxed', 'forked', 'no-cov'),
    },
  },
  options: [
    { role: 'loader', options: ['-p'], when: (v) => v === null || !v.startsWith('no:'), example: 'evil_plugin', note: '-p NAME imports a module as a pytest plugin' },
    { role: 'loader', options: ['-o', '--override-ini'], when: pytestIniRuns, example: 'addopts=-p evil', note: '-o addopts=/pythonpath=/required_plugins= add options, import paths or plugins' },
    { role: 'loader', options: ['-c', '--config-file'], example: '/tmp/pytest.ini', note: '-c reads another configuration, which can add options and plugins' },
    { role: 'loader', options: ['--pdbcls'], example: 'evil:Debugger', note: '--pdbcls imports the named class as the debugger' },
    { role: 'destructive', options: ['--basetemp'], example: '/home/me/work', note: '--basetemp empties the named folder first (pytest removes it if it exists)' },
    { role: 'writer', options: ['--junit-xml', '--junitxml', '--log-file', '--report-log', '--benchmark-json', '--json-report-file', '--html', '--debug'], target: 'file', example: '/tmp/report.xml', note: 'these options write a report or log to the named file' },
    // pytest-cov: `--cov-report=TYPE:PATH`; a bare TYPE writes to its default place (or the terminal).
    { role: 'writer', options: ['--cov-report'], when: (v) => v === null || /^(xml|json|lcov|markdown|markdown-append):./.test(v), target: 'file', targetText: afterColon, example: 'xml:/tmp/cov.xml', note: '--cov-report=xml:PATH writes the coverage report to the named file' },
    { role: 'writer', options: ['--cov-report'], when: (v) => v !== null && /^(html|annotate):./.test(v), target: 'tree', targetText: afterColon, example: 'html:/tmp/cov', note: '--cov-report=html:DIR writes the coverage report into the named folder' },
    { role: 'network', options: ['--pastebin'], example: 'all', note: '--pastebin uploads the test session log to a paste service' },
  ],
  plain: ['', '-q', 'tests/test_api.py -x -vv', '-k "parse and not slow"', '--lf', '-m integration --maxfail=2', '--cov=src'],
};

const RSPEC_FORMATTERS = ['progress', 'p', 'documentation', 'd', 'html', 'h', 'json', 'j', 'failures', 'f', 'bisect-drb'];
const RSPEC_ROW: ProgramRow = {
  names: ['rspec'],
  category: 'build',
  what: 'the RSpec test runner for Ruby (the project’s specs and spec_helper are its job)',
  grammar: {
    short: 'IrOfoPEte',
    flags: 'bcpwXvhn',
    abbreviations: false,
    long: {
      ...valued('require', 'options', 'default-path', 'order', 'seed', 'failure-exit-code', 'error-exit-code', 'drb-port', 'format', 'out', 'deprecation-out', 'pattern', 'exclude-pattern', 'example', 'example-matches', 'tag'),
      bisect: 'optional', 'fail-fast': 'optional', profile: 'optional',
      ...flagged('no-fail-fast', 'drb', 'no-drb', 'backtrace', 'color', 'colour', 'force-color', 'force-colour', 'no-color', 'no-colour', 'no-profile', 'dry-run', 'warnings', 'init', 'version', 'help', 'only-failures', 'next-failure'),
    },
  },
  options: [
    { role: 'loader', options: ['-I', '-r', '--require'], example: '/tmp/evil.rb', note: '-I/-r add a load path or require a Ruby file before the specs' },
    { role: 'loader', options: ['-O', '--options', '--default-path'], example: '/tmp/.rspec', note: '-O reads another options file (which can require code); --default-path runs specs of another folder' },
    { role: 'loader', options: ['-f', '--format'], when: (v) => v === null || !RSPEC_FORMATTERS.includes(v), example: 'Evil::Formatter', note: '-f with a class name uses a custom formatter (code loaded with -r)' },
    { role: 'writer', options: ['-o', '--out', '--deprecation-out'], target: 'file', example: '/tmp/rspec.txt', note: '-o/--deprecation-out write the report to the named file' },
    { role: 'network', options: ['-X', '--drb', '--drb-port'], example: '8989', note: '--drb runs the specs on a DRb server, which receives them over a socket' },
    { role: 'writer', options: ['--init'], note: '--init writes .rspec and spec/spec_helper.rb' },
  ],
  plain: ['', 'spec/models', 'spec/models/user_spec.rb:42', '--format documentation', '--only-failures', '-t focus --seed 1234'],
};

const SCONS_ROW: ProgramRow = {
  names: ['scons'],
  category: 'build',
  what: 'the SCons build tool (runs the project’s SConstruct, Python code: its job)',
  grammar: {
    short: 'fCjYI',
    flags: 'cDhHikmnqQrRsSuUvw',
    abbreviations: false,
    long: {
      ...valued('file', 'makefile', 'sconstruct', 'directory', 'jobs', 'repository', 'srcdir', 'include-dir', 'site-dir', 'debug', 'tree', 'config', 'cache-debug', 'taskmastertrace', 'profile', 'install-sandbox', 'max-drift', 'warn', 'warning', 'hash-format', 'hash-chunksize', 'md5-chunksize', 'duplicate', 'diskcheck', 'stack-size', 'experimental', 'package-type'),
      ...flagged('clean', 'remove', 'dry-run', 'just-print', 'recon', 'no-exec', 'question', 'silent', 'quiet', 'keep-going', 'ignore-errors', 'help', 'help-options', 'version', 'implicit-cache', 'implicit-deps-changed', 'implicit-deps-unchanged', 'no-site-dir', 'interactive', 'random', 'cache-disable', 'no-cache', 'cache-force', 'cache-populate', 'cache-readonly', 'cache-show', 'enable-virtualenv', 'ignore-virtualenv', 'up', 'search-up', 'no-keep-going', 'stop', 'print-directory', 'no-print-directory', 'touch'),
    },
  },
  options: [
    { role: 'loader', options: ['-f', '--file', '--makefile', '--sconstruct', '-C', '--directory', '-Y', '--repository', '--srcdir', '-I', '--include-dir', '--site-dir'], example: '/tmp/SConstruct', note: 'these options run another SConstruct or load build code (site_scons, SConscripts) from another folder' },
    { role: 'loader', options: ['-u', '-U', '-D', '--up', '--search-up'], note: '-u/-U/-D look for the SConstruct in the folders above, and run it' },
    { role: 'writer', options: ['--taskmastertrace', '--profile'], target: 'file', when: (v) => v !== '-', example: '/tmp/trace.txt', note: '--taskmastertrace/--profile write to the named file' },
    { role: 'writer', options: ['--install-sandbox'], target: 'tree', example: '/tmp/sandbox', note: '--install-sandbox installs the targets below the named folder' },
    { role: 'loader', options: ['--interactive'], note: '--interactive reads build commands from standard input' },
  ],
  plain: ['', '-j8', '-c', '-Q debug=1', 'install'],
};

/** The path of a `TYPE:PATH` value (`xml:cov.xml`). */
function afterColon(value: string): string | null {
  const colon = value.indexOf(':');
  return colon < 0 ? null : value.slice(colon + 1) || null;
}

const TOX_GRAMMAR: Grammar = {
  short: 'cexnpqvmf',
  flags: 'rhV',
  long: {
    ...valued('conf', 'root', 'workdir', 'override', 'installpkg', 'discover', 'runner', 'exit-and-dump-after', 'result-json', 'hashseed', 'force-dep', 'colored', 'labels', 'factors', 'skip-env', 'parallel', 'parallel-no-spinner', 'devenv', 'env', 'list-dependencies'),
    ...flagged('help', 'version', 'recreate', 'no-recreate-pkg', 'skip-missing-interpreters', 'skip-pkg-install', 'develop', 'notest', 'parallel-live', 'no-provision', 'no-recreate-provision', 'quiet', 'verbose', 'core', 'no-list-dependencies', 'sitepackages', 'alwayscopy'),
  },
};
const TOX_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '--conf', '--root'], example: '/tmp/tox.ini', note: '-c/--root use another configuration, whose commands then run' },
  { role: 'executor', options: ['-x', '--override'], example: 'testenv.commands=sh -c id', note: '-x/--override replaces configuration values, commands included' },
  { role: 'loader', options: ['--installpkg'], example: '/tmp/x.whl', note: '--installpkg installs the given package file into the environments' },
  { role: 'executor', options: ['--discover'], payload: 'program', example: '/tmp/python', note: '--discover names interpreters to use first' },
  { role: 'writer', options: ['--result-json'], example: '/tmp/r.json', note: '--result-json writes a report to the named file' },
];
const toxLevel = (extra: Partial<Command> = {}): Command => ({ grammar: TOX_GRAMMAR, ...extra, options: [...TOX_OPTIONS, ...(extra.options ?? [])] });
const TOX_ROW: ProgramRow = {
  names: ['tox'],
  category: 'build',
  what: 'runs the project’s test environments (tox.ini: its job)',
  grammar: TOX_GRAMMAR,
  options: TOX_OPTIONS,
  subcommands: {
    ...Object.fromEntries(['run', 'r', 'run-parallel', 'p', 'depends', 'de', 'list', 'l', 'config', 'c', 'quickstart', 'q', 'legacy', 'le'].map((s) => [s, toxLevel()])),
    devenv: toxLevel({ role: { role: 'writer', note: 'tox devenv creates a development environment in a chosen folder' } }),
    d: toxLevel({ role: { role: 'writer', note: 'tox devenv creates a development environment in a chosen folder' } }),
    // tox exec runs a command inside an environment: an entry must cover that command.
    exec: toxLevel({ wrapper: { peel: true, afterDashDash: true, note: 'tox exec runs the command inside a test environment' } }),
    e: toxLevel({ wrapper: { peel: true, afterDashDash: true, note: 'tox exec runs the command inside a test environment' } }),
  },
  read: globalsAnywhere('tox', TOX_GRAMMAR, TOX_OPTIONS, ['run', 'r', 'run-parallel', 'p', 'depends', 'de', 'list', 'l', 'config', 'c', 'quickstart', 'q', 'legacy', 'le', 'devenv', 'd', 'exec', 'e']),
  plain: ['', '-e py312', 'run -e lint', '-p auto', 'list', '-e py -- -k slow'],
};

const NOX_ROW: ProgramRow = {
  names: ['nox'],
  category: 'build',
  what: 'runs the sessions of the project’s noxfile.py (its job)',
  grammar: {
    short: 'fsektpP',
    flags: 'lrRxhV',
    long: {
      ...valued('noxfile', 'sessions', 'session', 'keywords', 'tags', 'python', 'pythons', 'force-python', 'extra-python', 'extra-pythons', 'envdir', 'report', 'default-venv-backend', 'force-venv-backend', 'download-python', 'script-venv-backend', 'verbose'),
      ...flagged('help', 'version', 'list', 'list-sessions', 'json', 'reuse-existing-virtualenvs', 'reuse-venv', 'no-reuse-existing-virtualenvs', 'stop-on-first-error', 'no-stop-on-first-error', 'error-on-missing-interpreters', 'no-error-on-missing-interpreters', 'error-on-external-run', 'install-only', 'no-install', 'non-interactive', 'no-color', 'forcecolor', 'add-timestamp', 'no-venv', 'script-mode'),
    },
  },
  options: [
    { role: 'loader', options: ['-f', '--noxfile'], example: '/tmp/noxfile.py', note: '-f runs another noxfile (Python code)' },
    { role: 'writer', options: ['--report', '--envdir'], example: '/tmp/out', note: '--report/--envdir write a report or the environments to a chosen path' },
    { role: 'executor', options: ['--force-python', '--extra-python', '--extra-pythons', '-P'], payload: 'program', when: (v) => v === null || v.includes('/'), example: '/tmp/python', note: '--force-python PATH runs the sessions with another interpreter' },
  ],
  plain: ['', '-s tests', '-l', '-s lint -- --fix', '-R'],
};

const MYPY_REPORTS = ['any-exprs-report', 'cobertura-xml-report', 'html-report', 'linecount-report', 'linecoverage-report', 'lineprecision-report', 'txt-report', 'xml-report', 'xslt-html-report', 'xslt-txt-report', 'junit-xml'];
const MYPY_ROW: ProgramRow = {
  names: ['mypy'],
  category: 'build',
  what: 'the mypy static type checker for Python',
  grammar: {
    short: 'mpc',
    flags: 'hvV',
    long: {
      ...valued('config-file', 'python-executable', 'python-version', 'platform', 'custom-typeshed-dir', 'cache-dir', 'exclude', 'package', 'module', 'command', 'always-true', 'always-false', 'disable-error-code', 'enable-error-code', 'shadow-file', 'junit-format', 'find-occurrences', 'enable-incomplete-feature', 'untyped-calls-exclude', 'deprecated-calls-exclude', 'sqlite-cache', 'output', ...MYPY_REPORTS),
      ...flagged('help', 'version', 'verbose', 'strict', 'install-types', 'non-interactive', 'ignore-missing-imports', 'follow-imports', 'no-site-packages', 'no-silence-site-packages', 'warn-unused-configs', 'show-error-codes', 'pretty', 'show-traceback', 'no-incremental', 'check-untyped-defs', 'disallow-untyped-defs', 'explicit-package-bases', 'namespace-packages', 'warn-unused-ignores', 'warn-return-any', 'no-error-summary', 'show-column-numbers', 'show-error-context', 'scripts-are-modules', 'fast-module-lookup'),
    },
  },
  options: [
    { role: 'writer', options: MYPY_REPORTS.map((r) => `--${r}`), example: '/tmp/report', note: 'the report options (--junit-xml, --html-report…) write files to a chosen path' },
    { role: 'loader', options: ['--config-file'], example: '/tmp/mypy.ini', note: '--config-file reads another configuration, whose plugins are imported' },
    { role: 'executor', options: ['--python-executable'], payload: 'program', example: '/tmp/python', note: '--python-executable runs the named interpreter to find installed packages' },
    { role: 'loader', options: ['--custom-typeshed-dir'], example: '/tmp/typeshed', note: '--custom-typeshed-dir reads stubs (and plugins’ modules) from another folder' },
    { role: 'network', options: ['--install-types'], note: '--install-types installs missing stub packages with pip' },
    { role: 'writer', options: ['--cache-dir'], when: (v) => v !== '/dev/null', target: 'tree', example: '/tmp/cache', note: '--cache-dir writes mypy\'s cache into that folder' },
  ],
  plain: ['src', '--strict app.py', '-p mypackage', '--ignore-missing-imports .', "-c 'x: int = 1'"],
};

const PYRIGHT_ROW: ProgramRow = {
  names: ['pyright'],
  category: 'build',
  what: 'the Pyright static type checker for Python',
  grammar: {
    short: 'ptv',
    flags: 'wh',
    abbreviations: false,
    long: {
      ...valued('project', 'pythonpath', 'pythonplatform', 'pythonversion', 'typeshedpath', 'typeshed-path', 'venvpath', 'venv-path', 'createstub', 'level', 'threads', 'verifytypes', 'baselinefile'),
      ...flagged('help', 'version', 'outputjson', 'watch', 'verbose', 'stats', 'dependencies', 'skipunannotated', 'ignoreexternal', 'lib', 'warnings', 'writebaseline'),
    },
  },
  options: [
    { role: 'executor', options: ['--pythonpath'], payload: 'program', example: '/tmp/python', note: '--pythonpath runs the named interpreter to find installed packages' },
    { role: 'writer', options: ['--createstub', '--writebaseline'], example: 'requests', note: '--createstub/--writebaseline write stub or baseline files' },
  ],
  plain: ['', 'src', '--outputjson', '-p pyrightconfig.json', '--version'],
};

// ---------------------------------------------------------------------------------------------
// JavaScript test runners, linters, formatters, compilers and bundlers
// ---------------------------------------------------------------------------------------------

/** `--setupFiles` and `--setup-files`: yargs and cac accept both spellings. */
function camelAndKebab(...names: string[]): string[] {
  return [...new Set(names.flatMap((n) => [n, n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)]))];
}
function spelled(...names: string[]): string[] {
  return camelAndKebab(...names).map((n) => `--${n}`);
}

const JEST_VALUED = [
  'config', 'changedSince', 'collectCoverageFrom', 'coverageDirectory', 'coverageProvider', 'coverageReporters', 'coverageThreshold', 'env', 'testEnvironment', 'testEnvironmentOptions', 'filter', 'ignoreProjects', 'maxConcurrency', 'maxWorkers', 'openHandlesTimeout', 'outputFile', 'projects', 'reporters', 'roots', 'rootDir', 'seed', 'selectProjects', 'setupFiles', 'setupFilesAfterEnv', 'globalSetup', 'globalTeardown', 'shard', 'testMatch', 'testNamePattern', 'testPathIgnorePatterns', 'testPathPatterns', 'testPathPattern', 'testRegex', 'testRunner', 'testSequencer', 'testTimeout', 'transform', 'resolver', 'snapshotResolver', 'watchPlugins', 'preset', 'moduleDirectories', 'modulePaths', 'moduleNameMapper', 'moduleFileExtensions', 'testResultsProcessor', 'runner', 'prettierPath', 'dependencyExtractor', 'cacheDirectory', 'globals', 'haste', 'notifyMode', 'transformIgnorePatterns', 'unmockedModulePathPatterns', 'watchPathIgnorePatterns', 'testFailureExitCode', 'workerIdleMemoryLimit',
];
const JEST_FLAGS = [
  'bail', 'cache', 'changedFilesWithAncestor', 'ci', 'clearCache', 'clearMocks', 'colors', 'coverage', 'collectCoverage', 'debug', 'detectOpenHandles', 'errorOnDeprecated', 'expand', 'findRelatedTests', 'forceExit', 'help', 'injectGlobals', 'json', 'lastCommit', 'listTests', 'logHeapUsage', 'noStackTrace', 'notify', 'onlyChanged', 'onlyFailures', 'passWithNoTests', 'randomize', 'resetMocks', 'restoreMocks', 'runInBand', 'runTestsByPath', 'showConfig', 'showSeed', 'silent', 'testLocationInResults', 'updateSnapshot', 'useStderr', 'verbose', 'version', 'watch', 'watchAll', 'watchman', 'workerThreads', 'detectLeaks', 'automock', 'resetModules',
];
const JEST_ROW: ProgramRow = {
  names: ['jest'],
  category: 'build',
  what: 'the Jest JavaScript test runner (the project’s tests and jest config are its job)',
  grammar: { short: 'ctw', flags: 'bheiofuv', abbreviations: false, long: { ...valued(...camelAndKebab(...JEST_VALUED)), ...flagged(...camelAndKebab(...JEST_FLAGS)) } },
  options: [
    { role: 'loader', options: ['-c', ...spelled('config', 'preset', 'projects', 'rootDir', 'roots')], example: '/tmp/jest.config.js', note: '--config/--preset/--projects/--rootDir use another configuration or project, which is code' },
    {
      role: 'loader',
      options: spelled('globalSetup', 'globalTeardown', 'setupFiles', 'setupFilesAfterEnv', 'testEnvironment', 'env', 'testRunner', 'runner', 'reporters', 'transform', 'resolver', 'snapshotResolver', 'testSequencer', 'watchPlugins', 'testResultsProcessor', 'filter', 'prettierPath', 'dependencyExtractor', 'moduleNameMapper', 'modulePaths', 'moduleDirectories', 'haste'),
      when: (v) => v === null || !['node', 'jsdom', 'default', 'summary', 'github-actions', 'jest-circus'].includes(v),
      example: './evil.js',
      note: 'these options name a module Jest loads and runs (setup files, environment, runner, reporter, transformer)',
    },
    { role: 'writer', options: spelled('outputFile'), target: 'file', example: '/tmp/out.json', note: '--outputFile writes the results to a chosen file' },
    { role: 'writer', options: spelled('coverageDirectory'), target: 'tree', example: '/tmp/coverage', note: '--coverageDirectory writes the coverage reports into a chosen folder' },
  ],
  plain: ['', '--watch', 'src/utils.test.ts', '-t "parses dates" --coverage', '--ci --runInBand', '-u'],
};

const VITEST_GRAMMAR: Grammar = {
  short: 'crtw',
  flags: 'hvu',
  abbreviations: false,
  long: {
    ...valued(...camelAndKebab('config', 'root', 'dir', 'globalSetup', 'setupFiles', 'environment', 'reporter', 'outputFile', 'pool', 'mode', 'workspace', 'project', 'testNamePattern', 'shard', 'bail', 'retry', 'exclude', 'sequence.seed', 'changed', 'api', 'api.host', 'api.port', 'inspect', 'inspectBrk', 'browser', 'browser.name', 'coverage.provider', 'coverage.reportsDirectory', 'coverage.include', 'coverage.exclude', 'maxWorkers', 'minWorkers', 'testTimeout', 'hookTimeout', 'configLoader', 'silent', 'typecheck.tsconfig', 'diff', 'open', 'clearScreen', 'logHeapUsage', 'segfaultRetry')),
    ...flagged('help', 'version', 'update', 'watch', 'run', 'ui', 'globals', 'dom', 'isolate', 'coverage', 'passWithNoTests', 'hideSkippedTests', 'typecheck', 'standalone', 'expandSnapshotDiff', 'no-color', 'allowOnly', 'dangerouslyIgnoreUnhandledErrors', 'no-file-parallelism', 'no-isolate', 'no-watch', 'no-coverage', 'sequence.shuffle', 'sequence.concurrent', 'merge-reports', 'mergeReports', 'clearCache', 'listTags', 'strictTags'),
  },
};
const VITEST_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '-r', ...spelled('config', 'root', 'workspace', 'globalSetup', 'setupFiles')], example: '/tmp/vitest.config.ts', note: '--config/--root/--setupFiles/--globalSetup use another configuration or load setup modules (code)' },
  { role: 'loader', options: spelled('reporter', 'environment', 'pool'), when: (v) => v === null || /[/.]/.test(v), example: './evil-reporter.js', note: '--reporter/--environment/--pool with a path load a module' },
  { role: 'writer', options: spelled('outputFile'), target: 'file', example: '/tmp/out.json', note: '--outputFile writes the results to a chosen file' },
  { role: 'writer', options: spelled('coverage.reportsDirectory'), target: 'tree', example: '/tmp/coverage', note: '--coverage.reportsDirectory writes the coverage reports into a chosen folder' },
  { role: 'listener', options: ['--ui', '--api', '--api.host', '--inspect', '--inspect-brk', '--inspectBrk'], when: (v) => v === null || v === 'true' || v === '' || /^[0-9]+$/.test(v) || notLoopback(v), example: '0.0.0.0', note: '--ui/--api/--inspect open a server or debugger port' },
];
const vitestLevel = (extra: Partial<Command> = {}): Command => ({ grammar: VITEST_GRAMMAR, ...extra, options: [...VITEST_OPTIONS, ...(extra.options ?? [])] });
const VITEST_ROW: ProgramRow = {
  names: ['vitest'],
  category: 'build',
  what: 'the Vitest JavaScript test runner (the project’s tests and vite config are its job)',
  grammar: VITEST_GRAMMAR,
  options: VITEST_OPTIONS,
  subcommands: {
    ...Object.fromEntries(['run', 'watch', 'dev', 'related', 'bench', 'list'].map((s) => [s, vitestLevel()])),
    init: vitestLevel({ role: { role: 'writer', note: 'vitest init writes configuration files and may install packages' } }),
  },
  // cac reads options anywhere: `vitest src/a.test.ts --config x`.
  read: globalsAnywhere('vitest', VITEST_GRAMMAR, VITEST_OPTIONS, ['run', 'watch', 'dev', 'related', 'bench', 'list', 'init']),
  plain: ['run', '--run', 'src/a.test.ts', 'run -t "parses"', 'watch --coverage'],
};

/** The file of a reporter option list (`output=x`, `a=b,mochaFile=x`), or null. */
function reporterOutput(value: string): string | null {
  for (const pair of value.split(',')) {
    const match = /^(output|mochaFile)=(.+)$/.exec(pair);
    if (match) return match[2]!;
  }
  return null;
}

const MOCHA_ROW: ProgramRow = {
  names: ['mocha'],
  category: 'build',
  what: 'the Mocha JavaScript test runner (the project’s tests and .mocharc are its job)',
  grammar: {
    short: 'nOrjfgRustl',
    flags: 'AbcCipSwhV',
    abbreviations: false,
    long: {
      ...valued('extension', 'file', 'global', 'globals', 'ignore', 'exclude', 'node-option', 'reporter-option', 'reporter-options', 'require', 'watch-files', 'watch-ignore', 'retries', 'jobs', 'config', 'fgrep', 'grep', 'package', 'reporter', 'ui', 'slow', 'timeout', 'timeouts', 'spec', 'import', 'loader', 'experimental-loader', 'inspect', 'inspect-brk', 'conditions'),
      ...flagged('allow-uncaught', 'async-only', 'bail', 'check-leaks', 'color', 'colors', 'no-colors', 'delay', 'diff', 'dry-run', 'exit', 'fail-zero', 'forbid-only', 'forbid-pending', 'full-trace', 'inline-diffs', 'invert', 'list-interfaces', 'list-reporters', 'parallel', 'posix-exit-codes', 'recursive', 'sort', 'watch', 'help', 'version', 'no-config', 'no-package', 'no-diff', 'enable-source-maps', 'pass-on-failing-test-suite', 'fail-hook-affected-tests'),
    },
  },
  options: [
    { role: 'loader', options: ['-r', '--require', '--import', '--loader', '--experimental-loader'], example: './evil.js', note: '--require/--import load a module before the tests' },
    { role: 'loader', options: ['-n', '--node-option'], example: 'require=./evil.js', note: '--node-option passes Node options (require, import, loader) to the test process' },
    { role: 'loader', options: ['--config', '--package'], example: '/tmp/.mocharc.js', note: '--config/--package read another configuration, which can require modules' },
    { role: 'loader', options: ['-R', '--reporter', '-u', '--ui'], when: (v) => v === null || /[/.]/.test(v), example: './evil-reporter.js', note: '--reporter/--ui with a path load that module' },
    { role: 'listener', options: ['--inspect', '--inspect-brk'], example: '0.0.0.0:9229', note: '--inspect opens a Node debugger port, through which any code can run' },
    // Reporters that write a file take it as `output=PATH` (mocha-junit-reporter uses `mochaFile=`).
    { role: 'writer', options: ['-O', '--reporter-option', '--reporter-options'], when: (v) => v === null || reporterOutput(v) !== null, target: 'file', targetText: reporterOutput, example: 'output=/tmp/report.xml', note: '--reporter-option output=PATH makes the reporter write to that file' },
  ],
  plain: ['', "'test/**/*.spec.js'", '--recursive test', '-g "parses dates" --bail', '--reporter dot', '--timeout 5000 --exit'],
};

const ESLINT_ROW: ProgramRow = {
  names: ['eslint'],
  category: 'build',
  what: 'the ESLint JavaScript linter',
  grammar: {
    short: 'cof',
    flags: 'hv',
    abbreviations: false,
    long: {
      ...valued('config', 'ext', 'global', 'parser', 'parser-options', 'plugin', 'rule', 'fix-type', 'ignore-pattern', 'ignore-path', 'stdin-filename', 'max-warnings', 'output-file', 'format', 'report-unused-disable-directives-severity', 'report-unused-inline-configs', 'cache-file', 'cache-location', 'cache-strategy', 'suppress-rule', 'suppressions-location', 'print-config', 'flag', 'concurrency', 'rulesdir', 'resolve-plugins-relative-to', 'env'),
      ...flagged('no-config-lookup', 'inspect-config', 'fix', 'fix-dry-run', 'no-ignore', 'stdin', 'quiet', 'color', 'no-color', 'no-inline-config', 'report-unused-disable-directives', 'cache', 'suppress-all', 'prune-suppressions', 'pass-on-unpruned-suppressions', 'init', 'env-info', 'no-error-on-unmatched-pattern', 'exit-on-fatal-error', 'no-warn-ignored', 'pass-on-no-patterns', 'debug', 'help', 'version', 'stats', 'mcp', 'no-eslintrc'),
    },
  },
  options: [
    { role: 'loader', options: ['-c', '--config'], example: '/tmp/eslint.config.js', note: '-c uses another configuration file, which is JavaScript that runs' },
    { role: 'loader', options: ['--rulesdir', '--resolve-plugins-relative-to', '--plugin', '--parser'], example: '/tmp/rules', note: '--rulesdir/--plugin/--parser load rule, plugin or parser modules' },
    { role: 'loader', options: ['-f', '--format'], when: (v) => v === null || /[/.]/.test(v), example: './evil-formatter.js', note: '-f with a path loads that module as the formatter' },
    { role: 'writer', options: ['-o', '--output-file'], target: 'file', example: '/tmp/report.txt', note: '-o writes the report to the named file' },
    { role: 'writer', options: ['--cache-location', '--cache-file', '--suppressions-location'], target: 'file', example: '/tmp/.eslintcache', note: '--cache-location (and --suppressions-location) write ESLint\'s cache or suppressions to the named path' },
    // Fixing the files it lints is what an entry for eslint is written for: the everyday job.
    { role: 'writer', options: ['--fix'], everyday: true, note: '--fix rewrites the linted files' },
    { role: 'writer', options: ['--suppress-all', '--suppress-rule', '--prune-suppressions'], note: '--suppress-* rewrite the suppressions file' },
    { role: 'executor', options: ['--init', '--inspect-config'], note: '--init/--inspect-config download and run an npm package (the config wizard or inspector)' },
    { role: 'listener', options: ['--mcp'], note: '--mcp starts ESLint’s MCP server' },
  ],
  plain: ['.', 'src --ext .ts', '--max-warnings 0 src/', '--fix-dry-run src/a.js', '-f json src', '--print-config src/a.js'],
};

const PRETTIER_ROW: ProgramRow = {
  names: ['prettier'],
  category: 'build',
  what: 'the Prettier code formatter (prints the formatted files; --write rewrites them)',
  grammar: {
    short: '',
    flags: 'clwuvh',
    abbreviations: false,
    long: {
      ...valued('config', 'plugin', 'ignore-path', 'cache-location', 'cache-strategy', 'log-level', 'parser', 'stdin-filepath', 'config-precedence', 'find-config-path', 'file-info', 'print-width', 'tab-width', 'trailing-comma', 'arrow-parens', 'prose-wrap', 'end-of-line', 'html-whitespace-sensitivity', 'embedded-language-formatting', 'object-wrap', 'experimental-operator-position', 'quote-props', 'cursor-offset', 'range-start', 'range-end'),
      ...flagged('write', 'check', 'list-different', 'ignore-unknown', 'no-config', 'no-editorconfig', 'cache', 'no-error-on-unmatched-pattern', 'with-node-modules', 'help', 'version', 'support-info', 'no-semi', 'single-quote', 'jsx-single-quote', 'bracket-same-line', 'no-bracket-spacing', 'use-tabs', 'experimental-ternaries', 'insert-pragma', 'require-pragma', 'vue-indent-script-and-style', 'single-attribute-per-line', 'debug-check', 'no-color'),
    },
  },
  options: [
    { role: 'loader', options: ['--plugin'], example: './evil-plugin.js', note: '--plugin loads a module as a Prettier plugin' },
    { role: 'loader', options: ['--config'], example: '/tmp/prettier.config.js', note: '--config uses another configuration (which can be JavaScript or list plugins)' },
    // Formatting files in place is what an entry for prettier is written for: the everyday job.
    { role: 'writer', options: ['-w', '--write'], everyday: true, note: '--write rewrites the files in place' },
    { role: 'writer', options: ['--cache-location'], example: '/tmp/cache', note: '--cache-location writes the cache to a chosen path' },
  ],
  plain: ['--check .', 'src/a.ts', '-l "src/**/*.ts"', '--version', '--parser babel --stdin-filepath x.js'],
};

const TSC_VALUED = [
  'project', 'p', 'target', 't', 'module', 'm', 'lib', 'jsx', 'outDir', 'outFile', 'rootDir', 'rootDirs', 'baseUrl', 'types', 'typeRoots', 'moduleResolution', 'declarationDir', 'tsBuildInfoFile', 'generateTrace', 'generateCpuProfile', 'locale', 'newLine', 'paths', 'plugins', 'moduleDetection', 'jsxFactory', 'jsxFragmentFactory', 'jsxImportSource', 'maxNodeModuleJsDepth', 'charset', 'mapRoot', 'sourceRoot', 'reactNamespace', 'importsNotUsedAsValues', 'watchFile', 'watchDirectory', 'fallbackPolling', 'customConditions', 'moduleSuffixes', 'ignoreDeprecations', 'excludeDirectories', 'excludeFiles', 'stopBuildOnErrors',
];
const TSC_ROW: ProgramRow = {
  names: ['tsc'],
  category: 'build',
  what: 'the TypeScript compiler (writing the compiled JavaScript is its job)',
  grammar: { short: 'ptm', flags: 'bdhvw', abbreviations: false, long: { ...valued(...TSC_VALUED, ...TSC_VALUED.map((n) => n.toLowerCase())), ...flagged('build', 'b', 'watch', 'w', 'init', 'noEmit', 'noemit', 'declaration', 'd', 'sourceMap', 'strict', 'help', 'h', 'all', 'version', 'v', 'listFiles', 'listEmittedFiles', 'showConfig', 'pretty', 'incremental', 'composite', 'clean', 'force', 'verbose', 'dry', 'emitDeclarationOnly', 'skipLibCheck', 'esModuleInterop', 'allowJs', 'checkJs', 'noEmitOnError', 'extendedDiagnostics', 'diagnostics', 'traceResolution', 'explainFiles') } },
  options: [
    // GTFOBins' tsc file-write is --outFile: choosing where the output goes is a compiler's everyday job.
    { role: 'writer', options: ['--outDir', '--outdir', '--declarationDir', '--declarationdir'], everyday: true, target: 'tree', example: 'dist', note: '--outDir/--declarationDir write the compiled output into a chosen folder' },
    { role: 'writer', options: ['--outFile', '--outfile'], everyday: true, target: 'file', example: 'dist/out.js', note: '--outFile writes the compiled output to a chosen file' },
    { role: 'writer', options: ['--tsBuildInfoFile', '--generateTrace', '--generateCpuProfile', '--tsbuildinfofile', '--generatetrace', '--generatecpuprofile'], target: 'file', example: '/tmp/trace', note: '--generateTrace/--generateCpuProfile/--tsBuildInfoFile write files to a chosen path' },
    { role: 'writer', options: ['--init'], note: '--init writes a tsconfig.json' },
  ],
  plain: ['', '--noEmit', '-p tsconfig.build.json', '-b', '--watch --preserveWatchOutput', '--version'],
};

const NODE_LOADER_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-r', '--require', '--import', '--loader', '--experimental-loader'], example: './evil.js', note: '--require/--import load a module before the program' },
  { role: 'loader', options: ['--env-file', '--env-file-if-exists'], example: '/tmp/env', note: '--env-file sets environment variables (NODE_OPTIONS, PATH) from a file' },
  { role: 'listener', options: ['--inspect', '--inspect-brk', '--inspect-wait'], example: '0.0.0.0:9229', note: '--inspect opens a debugger port, through which any code can run' },
];

const TSX_ROW: ProgramRow = {
  names: ['tsx'],
  category: 'interpreter',
  what: 'runs TypeScript files with Node.js (tsx)',
  stdinCode: true,
  grammar: {
    short: 'eprC',
    flags: 'hvi',
    stopAtOperand: true,
    abbreviations: false,
    long: {
      ...valued('eval', 'print', 'tsconfig', 'require', 'import', 'loader', 'experimental-loader', 'env-file', 'env-file-if-exists', 'conditions', 'input-type', 'include', 'exclude', 'title', 'stack-size', 'max-old-space-size'),
      inspect: 'optional',
      'inspect-brk': 'optional',
      'inspect-wait': 'optional',
      ...flagged('help', 'version', 'no-cache', 'interactive', 'clear-screen', 'no-clear-screen', 'watch', 'test', 'enable-source-maps', 'experimental-strip-types', 'no-warnings'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--eval', '-p', '--print'], payload: 'code', example: 'require("child_process").execSync("id")', note: '-e/-p run the TypeScript code given on the command line' },
    ...NODE_LOADER_OPTIONS,
  ],
  plain: ['src/index.ts', 'watch src/server.ts', 'scripts/build.ts --flag value', '--tsconfig tsconfig.dev.json src/a.ts', '--version'],
};

const TS_NODE_ROW: ProgramRow = {
  names: ['ts-node'],
  category: 'interpreter',
  what: 'runs TypeScript files with Node.js (ts-node)',
  stdinCode: true,
  grammar: {
    short: 'eprCDOIP',
    flags: 'hvivTHs',
    stopAtOperand: true,
    abbreviations: false,
    long: {
      ...valued('eval', 'print', 'require', 'compiler', 'ignore-diagnostics', 'compiler-options', 'ignore', 'project', 'transpiler', 'dir', 'scope-dir', 'cwd', 'compiler-host', 'log-error', 'emit', 'loader'),
      ...flagged('help', 'version', 'interactive', 'transpile-only', 'type-check', 'swc', 'esm', 'files', 'pretty', 'skip-project', 'skip-ignore', 'prefer-ts-exts', 'show-config', 'scope', 'cwd-mode', 'script-mode'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--eval', '-p', '--print'], payload: 'code', example: 'require("child_process").execSync("id")', note: '-e/-p run the TypeScript code given on the command line' },
    { role: 'loader', options: ['-r', '--require', '-C', '--compiler', '--transpiler', '--loader'], example: './evil.js', note: '--require/--compiler/--transpiler load a module into the run' },
    { role: 'loader', options: ['-O', '--compiler-options'], when: (v) => v === null || /plugins/.test(v), example: '{"plugins":[{"transform":"./x"}]}', note: '--compiler-options with plugins loads transformer modules' },
  ],
  plain: ['src/index.ts', '--transpile-only scripts/seed.ts', '-P tsconfig.json src/a.ts', '--version'],
};

const WEBPACK_GRAMMAR: Grammar = {
  short: 'cmoewtjd',
  flags: 'hv',
  abbreviations: false,
  long: {
    ...valued('config', 'config-name', 'merge', 'env', 'node-env', 'define-process-env-node-env', 'analyze', 'progress', 'entry', 'mode', 'name', 'output-path', 'target', 'devtool', 'stats', 'extends', 'json', 'host', 'port', 'static', 'server-type', 'client-web-socket-url', 'open', 'allowed-hosts'),
    ...flagged('help', 'version', 'watch', 'no-watch', 'watch-options-stdin', 'disable-interpret', 'fail-on-warnings', 'hot', 'no-hot', 'live-reload', 'history-api-fallback', 'https', 'bonjour', 'compress'),
  },
};
const WEBPACK_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '--config', '--extends'], example: '/tmp/webpack.config.js', note: '--config/--extends use another configuration, which is JavaScript that runs' },
  { role: 'writer', options: ['-o', '--output-path'], everyday: true, target: 'tree', example: 'dist', note: '-o writes the bundle into a chosen folder' },
  { role: 'writer', options: ['--json'], when: (v) => v !== null && v !== 'true', target: 'file', example: 'stats.json', note: '--json FILE writes the statistics to a file' },
  { role: 'listener', options: ['--host'], when: notLoopback, example: '0.0.0.0', note: '--host makes the dev server listen on other addresses than this machine' },
];
const webpackLevel = (extra: Partial<Command> = {}): Command => ({ grammar: WEBPACK_GRAMMAR, ...extra, options: [...WEBPACK_OPTIONS, ...(extra.options ?? [])] });
const WEBPACK_ROW: ProgramRow = {
  names: ['webpack', 'webpack-cli'],
  category: 'build',
  what: 'the webpack bundler (the project’s webpack.config.js is its job)',
  grammar: WEBPACK_GRAMMAR,
  options: WEBPACK_OPTIONS,
  subcommands: {
    ...Object.fromEntries(['build', 'bundle', 'b', 'watch', 'w', 'serve', 'server', 's', 'configtest', 't', 'info', 'i', 'version', 'help'].map((s) => [s, webpackLevel()])),
    ...Object.fromEntries(['init', 'create', 'new', 'c', 'n', 'loader', 'l', 'plugin', 'p'].map((s) => [s, webpackLevel({ role: { role: 'executor', note: 'webpack init/loader/plugin download and run the generator packages' } })])),
  },
  read: globalsAnywhere('webpack', WEBPACK_GRAMMAR, WEBPACK_OPTIONS, ['build', 'bundle', 'b', 'watch', 'w', 'serve', 'server', 's', 'configtest', 't', 'info', 'i', 'version', 'help', 'init', 'create', 'new', 'c', 'n', 'loader', 'l', 'plugin', 'p']),
  plain: ['', '--mode production', 'serve --port 3000', 'build --env prod', '--watch'],
};

const VITE_GRAMMAR: Grammar = {
  short: 'cmldf',
  flags: 'hvw',
  abbreviations: false,
  long: {
    ...valued(...camelAndKebab('config', 'base', 'logLevel', 'debug', 'filter', 'mode', 'host', 'port', 'open', 'outDir', 'assetsDir', 'assetsInlineLimit', 'ssr', 'sourcemap', 'minify', 'manifest', 'ssrManifest', 'target', 'configLoader', 'root', 'app')),
    ...flagged(...camelAndKebab('help', 'version', 'clearScreen', 'strictPort', 'force', 'cors', 'emptyOutDir', 'watch', 'profile')),
  },
};
const VITE_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-c', '--config'], example: '/tmp/vite.config.js', note: '--config uses another configuration, which is JavaScript that runs' },
  // `vite --host` with no address listens on every address.
  { role: 'listener', options: ['--host'], when: notLoopback, example: '0.0.0.0', note: '--host makes the dev server listen on other addresses than this machine' },
  { role: 'writer', options: spelled('outDir'), everyday: true, target: 'tree', example: 'dist', note: '--outDir writes the build into a chosen folder' },
  { role: 'destructive', options: spelled('emptyOutDir'), note: '--emptyOutDir empties the output folder even when it lies outside the project' },
];
const viteLevel = (extra: Partial<Command> = {}): Command => ({ grammar: VITE_GRAMMAR, ...extra, options: [...VITE_OPTIONS, ...(extra.options ?? [])] });
const VITE_ROW: ProgramRow = {
  names: ['vite'],
  category: 'build',
  what: 'the Vite dev server and bundler (the project’s vite.config is its job)',
  grammar: VITE_GRAMMAR,
  options: VITE_OPTIONS,
  subcommands: Object.fromEntries(['build', 'dev', 'serve', 'preview', 'optimize'].map((s) => [s, viteLevel()])),
  // `vite ROOT --config x`: cac reads options after the root folder too.
  read: globalsAnywhere('vite', VITE_GRAMMAR, VITE_OPTIONS, ['build', 'dev', 'serve', 'preview', 'optimize']),
  plain: ['', 'build', 'preview --port 4173', '--port 3000 --open', 'build --mode staging', '--host localhost'],
};

/** rollup's `-c` takes a file only when one follows (`rollup -c` alone reads rollup.config.js). */
function rollupConfig(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  args.forEach((word, k) => {
    const t = textOf(word);
    if (t === '-c' || t === '--config') {
      const next = args[k + 1];
      const nt = textOf(next);
      if (next !== undefined && (nt === null || !nt.startsWith('-'))) forms.push(found('rollup', 'loader', t, k, next, '-c FILE uses another configuration, which is JavaScript that runs'));
    } else if (t !== null && t.startsWith('--config=')) {
      forms.push(found('rollup', 'loader', t, k, null, '--config=FILE uses another configuration, which is JavaScript that runs'));
    }
  });
  return forms;
}
const ROLLUP_ROW: ProgramRow = {
  names: ['rollup'],
  category: 'build',
  what: 'the Rollup bundler (the project’s rollup.config is its job)',
  grammar: {
    short: 'fdoinmegpt',
    flags: 'chvw',
    abbreviations: false,
    long: {
      ...valued(...camelAndKebab('file', 'dir', 'format', 'input', 'name', 'sourcemap', 'external', 'globals', 'plugin', 'configPlugin', 'environment', 'amd.id', 'banner', 'footer', 'intro', 'outro', 'context', 'exports', 'filterLogs', 'watch.onStart', 'watch.onEnd', 'watch.onBundleStart', 'watch.onBundleEnd', 'watch.onError', 'watch.exclude', 'watch.include', 'entryFileNames', 'chunkFileNames', 'assetFileNames', 'jsx', 'logLevel')),
      ...flagged(...camelAndKebab('help', 'version', 'watch', 'silent', 'stdin', 'bundleConfigAsCjs', 'failAfterWarnings', 'forceExit', 'perf', 'validate', 'waitForBundleInput', 'compact', 'preserveModules', 'treeshake', 'no-treeshake', 'config')),
    },
  },
  options: [
    { role: 'writer', options: ['-o', '--file'], everyday: true, target: 'file', example: 'dist/bundle.js', note: '-o writes the bundle to a chosen file' },
    { role: 'writer', options: ['-d', '--dir'], everyday: true, target: 'tree', example: 'dist', note: '-d writes the bundle into a chosen folder' },
    { role: 'loader', options: ['-p', ...spelled('plugin', 'configPlugin')], example: './evil-plugin.js', note: '--plugin/--configPlugin load a module as a Rollup plugin' },
    { role: 'executor', options: spelled('watch.onStart', 'watch.onEnd', 'watch.onBundleStart', 'watch.onBundleEnd', 'watch.onError'), payload: 'shell-text', example: 'rm -rf ~', note: '--watch.onStart/--watch.onEnd… run the given shell command on watch events' },
  ],
  read: rollupConfig,
  plain: ['-c', '-c --watch', 'src/main.js --format esm', '--version'],
};

const ESBUILD_ROW: ProgramRow = {
  names: ['esbuild'],
  category: 'build',
  what: 'the esbuild bundler and minifier',
  // esbuild's options are single words: `--outfile=x`, `--bundle`.
  grammar: { abbreviations: false, long: { ...Object.fromEntries(['outfile', 'outdir', 'metafile', 'serve', 'servedir', 'tsconfig', 'inject', 'sourcemap', 'format', 'platform', 'target', 'loader', 'define', 'external', 'log-level', 'outbase', 'certfile', 'keyfile', 'watch', 'analyze', 'main-fields', 'conditions', 'jsx', 'packages', 'public-path', 'alias', 'banner', 'footer', 'entry-names', 'chunk-names', 'asset-names'].map((n) => [n, 'optional' as const])), ...flagged('bundle', 'minify', 'splitting', 'help', 'version', 'allow-overwrite') } },
  options: [
    { role: 'writer', options: ['--outfile'], everyday: true, target: 'file', example: 'dist/out.js', note: '--outfile writes the bundle to a chosen file' },
    { role: 'writer', options: ['--outdir'], everyday: true, target: 'tree', example: 'dist', note: '--outdir writes the bundle into a chosen folder' },
    { role: 'writer', options: ['--metafile', '--allow-overwrite'], target: 'file', example: 'meta.json', note: '--metafile writes build metadata to a file; --allow-overwrite lets the output replace input files' },
    // esbuild --serve listens on all addresses unless an address is given.
    { role: 'listener', options: ['--serve'], when: (v) => v === null || notLoopback(v.replace(/:[0-9]+$/, '')) || /^[0-9]+$/.test(v), example: '8000', note: '--serve starts a web server (on every address unless one is given)' },
  ],
  plain: ['src/app.ts --bundle', 'app.jsx --minify --sourcemap', '--version'],
};

// ---------------------------------------------------------------------------------------------
// Ruby: gem, bundle, rake
// ---------------------------------------------------------------------------------------------

const GEM_GRAMMAR: Grammar = {
  short: 'iNnvsegpbEPlrdqVhaPt',
  flags: 'fEhVqlru',
  long: {
    ...valued('install-dir', 'bindir', 'source', 'version', 'platform', 'file', 'editor', 'config-file', 'http-proxy', 'document', 'trust-policy', 'build-root', 'target-rbconfig', 'key', 'output', 'host', 'otp', 'add', 'remove', 'package', 'gem', 'format', 'port', 'bind', 'dir', 'launch', 'ruby', 'target', 'env-shebang', 'lock'),
    ...flagged('help', 'version', 'verbose', 'quiet', 'no-document', 'user-install', 'no-user-install', 'force', 'local', 'remote', 'both', 'conservative', 'minimal-deps', 'clear-sources', 'system', 'development', 'ignore-dependencies', 'prerelease', 'all', 'default', 'list', 'update', 'backtrace', 'debug', 'norc', 'explain', 'pre', 'exact', 'details', 'installed'),
  },
};
const GEM_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['--config-file'], example: '/tmp/gemrc', note: '--config-file reads another gem configuration (sources, install options)' },
  { role: 'network', options: ['-s', '--source', '-p', '--http-proxy'], when: (v) => v === null || isUrl(v) || v.includes('.'), example: 'https://gems.example.com', note: '--source/--http-proxy fetch gems from another server' },
];
const gemLevel = (extra: Partial<Command> = {}): Command => ({ grammar: GEM_GRAMMAR, ...extra, options: [...GEM_OPTIONS, ...(extra.options ?? [])] });
const GEM_ROW: ProgramRow = {
  names: ['gem'],
  category: 'package',
  what: 'RubyGems, the Ruby package manager',
  grammar: GEM_GRAMMAR,
  options: GEM_OPTIONS,
  subcommands: {
    install: gemLevel({
      options: [
        { role: 'loader', options: ['-g', '--file'], example: 'Gemfile', note: '-g/--file installs from a Gemfile, which is Ruby code that runs' },
        { role: 'writer', options: ['-i', '--install-dir', '-n', '--bindir'], example: '/usr/local/bin', note: '-i/-n install into a chosen folder' },
      ],
      operands: [{ role: 'loader', operand: 'every', when: (v) => v === null || v.endsWith('.gem') || v.includes('/'), example: './evil.gem', note: 'installing a local .gem file runs its extension builds from that file' }],
      plain: ['rails', 'bundler -v 2.5.0', '--no-document rake'],
    }),
    update: gemLevel({ options: [{ role: 'destructive', options: ['--system'], note: 'gem update --system replaces RubyGems itself' }], plain: ['rails'] }),
    // gem open runs an editor ($EDITOR, or -e PROGRAM) on an installed gem.
    open: gemLevel({ role: { role: 'executor', note: 'gem open starts an editor (or the -e program) on an installed gem' } }),
    exec: gemLevel({ grammar: { ...GEM_GRAMMAR, stopAtOperand: true }, wrapper: { peel: false, note: 'gem exec installs a gem if needed and runs its command' } }),
    // gem build evaluates a gemspec (Ruby): the project's own gemspec is the subcommand's job.
    build: gemLevel({ plain: ['mygem.gemspec'] }),
    push: gemLevel({ role: { role: 'destructive', note: 'gem push publishes the gem for everyone' } }),
    yank: gemLevel({ role: { role: 'destructive', note: 'gem yank withdraws a published version for everyone' } }),
    owner: gemLevel({ options: [{ role: 'destructive', options: ['-a', '--add', '-r', '--remove'], note: 'gem owner --add/--remove changes who may publish the gem' }], grammar: { ...GEM_GRAMMAR, short: 'ar' } }),
    sources: gemLevel({ options: [{ role: 'destructive', options: ['-a', '--add', '-r', '--remove'], note: 'gem sources --add/--remove changes where later installs fetch gems' }], grammar: { ...GEM_GRAMMAR, short: 'ar' }, plain: ['--list'] }),
    server: gemLevel({ role: { role: 'listener', note: 'gem server serves the installed gems over HTTP' } }),
    ...Object.fromEntries(['list', 'search', 'info', 'specification', 'contents', 'dependency', 'environment', 'help', 'uninstall', 'cleanup', 'outdated', 'pristine', 'which', 'query', 'fetch', 'check', 'lock', 'rdoc', 'stale', 'unpack', 'signin', 'signout', 'cert', 'mirror', 'rebuild'].map((s) => [s, gemLevel()])),
  },
  plain: ['list', 'install rails', 'env', 'search -r rack', '--version'],
};

const BUNDLE_GRAMMAR: Grammar = {
  short: 'jr',
  flags: 'hVv',
  abbreviations: false,
  long: {
    ...valued('gemfile', 'path', 'binstubs', 'jobs', 'retry', 'without', 'with', 'standalone', 'shebang', 'trust-policy', 'target-rbconfig', 'source', 'group', 'version', 'git', 'github', 'branch', 'ref', 'require', 'strict', 'editor'),
    ...flagged('help', 'version', 'verbose', 'no-color', 'deployment', 'frozen', 'local', 'prefer-local', 'quiet', 'redownload', 'force', 'system', 'full-index', 'conservative', 'all', 'patch', 'minor', 'major', 'skip-install', 'keep-file-descriptors', 'no-install', 'parseable', 'global', 'local'),
  },
};
const BUNDLE_OPTIONS: readonly OptionRole[] = [{ role: 'loader', options: ['--gemfile'], example: '/tmp/Gemfile', note: '--gemfile reads another Gemfile, which is Ruby code that runs' }];
const bundleLevel = (extra: Partial<Command> = {}): Command => ({ grammar: BUNDLE_GRAMMAR, ...extra, options: [...BUNDLE_OPTIONS, ...(extra.options ?? [])] });
const BUNDLE_ROW: ProgramRow = {
  // The project's Gemfile is Ruby that bundle install runs (GTFOBins): reading it is the program's job.
  names: ['bundle', 'bundler'],
  category: 'package',
  what: 'Bundler, the Ruby dependency manager',
  grammar: BUNDLE_GRAMMAR,
  options: BUNDLE_OPTIONS,
  subcommands: {
    // bundle exec runs a command with the bundle's gems: an entry must cover that command.
    exec: bundleLevel({ grammar: { ...BUNDLE_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'bundle exec runs the command with the bundle’s gems loaded' } }),
    console: bundleLevel({ role: { role: 'executor', note: 'bundle console starts an interactive Ruby session' } }),
    open: bundleLevel({ role: { role: 'executor', note: 'bundle open starts an editor on an installed gem' } }),
    config: bundleLevel({
      // Bundler 1/2 spelling: bundle config NAME VALUE.
      operands: [{ role: 'destructive', operand: 1, example: 'vendor/bundle', note: 'bundle config NAME VALUE changes settings that later commands obey' }],
      subcommands: {
        set: bundleLevel({ role: { role: 'destructive', note: 'bundle config set changes settings (build flags, mirrors, paths) that later commands obey' } }),
        unset: bundleLevel({ role: { role: 'destructive', note: 'bundle config unset changes settings that later commands obey' } }),
        get: bundleLevel({ plain: ['path'] }),
        list: bundleLevel({ plain: [''] }),
      },
    }),
    plugin: bundleLevel({ subcommands: { install: bundleLevel({ role: { role: 'loader', note: 'bundle plugin install adds a plugin that runs inside later bundle commands' } }), list: bundleLevel({ plain: [''] }) } }),
    install: bundleLevel({ options: [{ role: 'writer', options: ['--path', '--binstubs', '--standalone'], example: '/usr/local', note: '--path/--binstubs install gems or binaries into a chosen folder' }], plain: ['', '--jobs 4', '--deployment'] }),
    add: bundleLevel({ options: [{ role: 'network', options: ['--git', '--github', '--source'], example: 'https://example.com/x.git', note: 'bundle add --git/--source fetches the gem from another place' }], plain: ['rspec --group test'] }),
    ...Object.fromEntries(['update', 'check', 'list', 'info', 'outdated', 'lock', 'show', 'clean', 'binstubs', 'cache', 'package', 'init', 'gem', 'platform', 'doctor', 'remove', 'pristine', 'version', 'help', 'licenses', 'viz', 'fund'].map((s) => [s, bundleLevel()])),
  },
  plain: ['install', 'update rails', 'outdated', 'list', '--version'],
};

const RAKE_ROW: ProgramRow = {
  names: ['rake'],
  category: 'build',
  what: 'Ruby’s make (the project’s Rakefile is its job)',
  grammar: {
    short: 'eEpfrIRCTDWj',
    flags: 'AgGmnNPqstvVXhH',
    long: {
      execute: ['value', 'e'], 'execute-continue': ['value', 'E'], 'execute-print': ['value', 'p'], rakefile: ['value', 'f'], require: ['value', 'r'], libdir: ['value', 'I'], rakelibdir: ['value', 'R'], directory: ['value', 'C'], tasks: ['value', 'T'], describe: ['value', 'D'], where: ['value', 'W'], jobs: ['optional', 'j'],
      trace: 'optional', backtrace: 'optional', 'job-stats': 'optional', 'suppress-backtrace': 'value', rakelib: ['value', 'R'],
      ...flagged('all', 'system', 'no-system', 'multitask', 'dry-run', 'no-search', 'nosearch', 'prereqs', 'quiet', 'silent', 'verbose', 'version', 'no-deprecation-warnings', 'help', 'comments', 'rules', 'build-all', 'classic-namespace'),
    },
  },
  options: [
    { role: 'executor', options: ['-e', '--execute', '-E', '--execute-continue', '-p', '--execute-print'], payload: 'code', example: 'system("id")', note: '-e/-E/-p run the Ruby code given on the command line' },
    { role: 'loader', options: ['-f', '--rakefile'], example: '/tmp/Rakefile', note: '-f reads another Rakefile, whose tasks then run' },
    { role: 'loader', options: ['-r', '--require', '-I', '--libdir', '-R', '--rakelibdir', '--rakelib'], example: './evil.rb', note: '-r/-I/-R load Ruby files or search other folders for them' },
    { role: 'loader', options: ['-C', '--directory'], example: '/tmp/other', note: '-C runs the Rakefile of another folder' },
    { role: 'loader', options: ['-g', '--system'], note: '-g runs the system-wide rakefiles (~/.rake)' },
  ],
  operands: [{ role: 'loader', operand: 'every', when: (v) => v === null || RUNNING_VARIABLES.test(assignmentName(v) ?? ''), example: 'RUBYOPT=-r./evil', note: 'NAME=VALUE sets an environment variable (RUBYOPT, PATH, LD_PRELOAD) for the tasks' }],
  plain: ['', 'test', '-T', 'db:migrate RAILS_ENV=test', 'build release', '--trace spec'],
};

// ---------------------------------------------------------------------------------------------
// composer, cpanm
// ---------------------------------------------------------------------------------------------

const COMPOSER_GRAMMAR: Grammar = {
  short: 'd',
  flags: 'hqVnvao',
  abbreviations: false,
  long: {
    ...valued('working-dir', 'format', 'repository', 'repository-url', 'stability', 'prefer-install', 'timeout', 'file', 'auth', 'global', 'ignore-platform-req', 'with', 'add-repository'),
    ...flagged('help', 'quiet', 'version', 'ansi', 'no-ansi', 'no-interaction', 'profile', 'no-plugins', 'no-scripts', 'no-cache', 'verbose', 'dev', 'no-dev', 'no-progress', 'no-install', 'no-audit', 'optimize-autoloader', 'classmap-authoritative', 'apcu-autoloader', 'ignore-platform-reqs', 'dry-run', 'prefer-source', 'prefer-dist', 'prefer-lowest', 'update-with-dependencies', 'with-all-dependencies', 'lock', 'list', 'unset', 'editor', 'strict', 'locked', 'direct'),
  },
};
const COMPOSER_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', when: leavesWorkspace, options: ['-d', '--working-dir'], example: '/tmp/other', note: '-d works on another project, running its composer.json scripts and plugins' },
];
const composerLevel = (extra: Partial<Command> = {}): Command => ({ grammar: COMPOSER_GRAMMAR, ...extra, options: [...COMPOSER_OPTIONS, ...(extra.options ?? [])] });
const COMPOSER_DANGEROUS: Readonly<Record<string, { role: Role; note: string }>> = {
  'create-project': { role: 'executor', note: 'composer create-project downloads a package and runs its scripts' },
  exec: { role: 'executor', note: 'composer exec runs a vendor binary' },
  config: { role: 'destructive', note: 'composer config changes settings or repositories that later commands obey' },
  global: { role: 'writer', note: 'composer global works on the user-wide installation' },
  'self-update': { role: 'destructive', note: 'composer self-update replaces the composer program' },
  'run-script': { role: 'executor', note: 'composer run-script runs a script of composer.json' },
};
const COMPOSER_COMMANDS = ['about', 'archive', 'audit', 'browse', 'home', 'bump', 'check-platform-reqs', 'clear-cache', 'clearcache', 'config', 'create-project', 'depends', 'why', 'diagnose', 'dump-autoload', 'dumpautoload', 'exec', 'fund', 'global', 'help', 'init', 'install', 'licenses', 'list', 'outdated', 'prohibits', 'why-not', 'reinstall', 'remove', 'require', 'run-script', 'run', 'search', 'self-update', 'selfupdate', 'show', 'info', 'status', 'suggests', 'update', 'upgrade', 'validate'];
const COMPOSER_ROW: ProgramRow = {
  // composer.json scripts are the project's own (GTFOBins' composer shell is `run-script`): they are its job.
  names: ['composer'],
  category: 'package',
  what: 'the PHP dependency manager',
  grammar: COMPOSER_GRAMMAR,
  options: COMPOSER_OPTIONS,
  subcommands: {
    'create-project': composerLevel({ role: COMPOSER_DANGEROUS['create-project']! }),
    // composer exec runs a binary of the project's vendor folder: an entry must cover that command.
    exec: composerLevel({ grammar: { ...COMPOSER_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'composer exec runs a binary of the project’s vendor folder' } }),
    config: composerLevel({ options: [{ role: 'destructive', options: ['--unset'], note: 'composer config --unset changes settings or repositories that later commands obey' }], operands: [{ role: 'destructive', operand: 1, example: 'https://example.com', note: 'composer config KEY VALUE changes settings or repositories that later commands obey' }], plain: ['--list', 'vendor-dir'] }),
    global: composerLevel({ role: COMPOSER_DANGEROUS.global! }),
    'self-update': composerLevel({ role: COMPOSER_DANGEROUS['self-update']! }),
    selfupdate: composerLevel({ role: COMPOSER_DANGEROUS['self-update']! }),
    require: composerLevel({ operands: [{ role: 'loader', operand: 'every', when: (v) => v === null || isPath(v) && !/^[a-z0-9_.-]+\/[a-z0-9_.-]+(:.*)?$/i.test(v), example: '/tmp/pkg', note: 'requiring a path or URL installs code from there' }], plain: ['monolog/monolog', 'symfony/console:^7.0 --dev'] }),
    ...Object.fromEntries(COMPOSER_COMMANDS.filter((c) => !['create-project', 'exec', 'config', 'global', 'self-update', 'selfupdate', 'require'].includes(c)).map((c) => [c, composerLevel()])),
  },
  read: abbreviatedSubcommand('composer', COMPOSER_COMMANDS, COMPOSER_DANGEROUS),
  plain: ['install', 'update --no-dev', 'dump-autoload -o', 'test', 'run-script lint', 'show -i', '--version'],
};

const CPANM_ROW: ProgramRow = {
  names: ['cpanm'],
  category: 'package',
  what: 'cpanminus, a CPAN module installer',
  grammar: {
    short: 'lL',
    flags: 'vqnfSiUhV',
    long: {
      ...valued('local-lib', 'local-lib-contained', 'mirror', 'from', 'configure-timeout', 'build-timeout', 'test-timeout', 'with-feature', 'without-feature', 'cpanfile', 'with-configure', 'save-dists', 'metacpan', 'resolver', 'exclude-vendor', 'uninst-shadows', 'format'),
      ...flagged('help', 'version', 'verbose', 'quiet', 'notest', 'test-only', 'force', 'sudo', 'interactive', 'uninstall', 'installdeps', 'showdeps', 'reinstall', 'mirror-only', 'prompt', 'dev', 'look', 'info', 'self-upgrade', 'scandeps', 'no-man-pages', 'skip-installed', 'skip-satisfied', 'auto-cleanup', 'with-develop', 'with-recommends', 'with-suggests', 'with-all-features', 'self-contained', 'exclude-vendor'),
    },
  },
  options: [
    { role: 'executor', options: ['--look'], note: '--look opens a shell inside the unpacked distribution' },
    { role: 'destructive', options: ['-S', '--sudo'], note: '--sudo installs as root through sudo' },
    { role: 'network', options: ['--mirror', '--from', '-M'], example: 'https://cpan.example.com', note: '--mirror/--from fetch modules from another server' },
    { role: 'writer', options: ['-l', '--local-lib', '-L', '--local-lib-contained', '--save-dists'], example: '/tmp/lib', note: '-l/-L install into a chosen folder' },
  ],
  // Installing a module runs its Makefile.PL/Build.PL: the program's job. A path or URL is code from elsewhere.
  operands: [{ role: 'loader', operand: 'every', when: (v) => v === null || isUrl(v) || isPath(v) && !/^[A-Za-z0-9_]+(::[A-Za-z0-9_]+)*(@[0-9.]+)?$/.test(v), example: 'https://example.com/Evil-1.0.tar.gz', note: 'installing from a path, URL or git address runs that code’s build script' }],
  plain: ['Moose', 'JSON::XS --notest', '--installdeps --with-develop Module::Name', '--version'],
};

/**
 * cpm, a fast CPAN module installer: `cpm install` puts modules into ./local (its job, as
 * `npm install` does into node_modules); -g installs into the Perl of the system.
 */
const CPM_GRAMMAR: Grammar = {
  short: 'wLr',
  flags: 'gvVh',
  abbreviations: false,
  long: {
    ...valued('workers', 'local-lib-contained', 'resolver', 'mirror', 'target-perl', 'cpanfile', 'snapshot', 'home', 'retry', 'feature', 'with-configure', 'without-configure'),
    ...flagged('global', 'verbose', 'version', 'help', 'prebuilt', 'no-prebuilt', 'test', 'no-test', 'sudo', 'color', 'no-color', 'reinstall', 'pureperl-only', 'man-pages', 'show-progress', 'no-show-progress', 'show-build-log-on-failure', 'dependency-file', 'with-requires', 'without-requires', 'with-recommends', 'without-recommends', 'with-suggests', 'without-suggests', 'with-develop', 'without-develop', 'with-test', 'without-test', 'with-build', 'without-build', 'with-runtime', 'without-runtime', 'with-all', 'static-install', 'no-static-install'),
  },
};
const CPM_ROW: ProgramRow = {
  names: ['cpm'],
  category: 'package',
  what: 'cpm, a CPAN module installer (installs into ./local)',
  grammar: CPM_GRAMMAR,
  operands: [{ role: 'executor', operand: 0, when: (v) => v === null || !['install', 'help', 'version'].includes(v), example: 'x-unknown-verb', note: 'a cpm verb this row does not know (or one only known at run time)' }],
  subcommands: {
    install: {
      grammar: CPM_GRAMMAR,
      options: [
        { role: 'destructive', options: ['-g', '--global', '--sudo'], note: '-g/--sudo install into the system\'s Perl (as root with --sudo)' },
        { role: 'network', options: ['--mirror', '-r', '--resolver'], example: 'https://cpan.example.com', note: '--mirror/--resolver fetch modules from another server' },
        { role: 'writer', options: ['-L', '--local-lib-contained', '--home'], example: '/tmp/lib', note: '-L/--home install into (or keep the work folder in) a chosen folder' },
        { role: 'loader', options: ['--cpanfile', '--snapshot'], example: '/tmp/cpanfile', note: '--cpanfile/--snapshot install what another file lists' },
      ],
      // Installing a module runs its Makefile.PL/Build.PL: the program's job. A path or URL is code from elsewhere.
      operands: [{ role: 'loader', operand: 'every', when: (v) => v === null || isUrl(v) || isPath(v) && !/^[A-Za-z0-9_]+(::[A-Za-z0-9_]+)*(@[0-9.]+)?$/.test(v), example: 'https://example.com/Evil-1.0.tar.gz', note: 'installing from a path, URL or git address runs that code’s build script' }],
      plain: ['', 'Moose', '--test JSON::XS'],
    },
    help: { grammar: CPM_GRAMMAR },
    version: { grammar: CPM_GRAMMAR },
  },
  plain: ['--help', '--version', 'install', 'install Plack'],
};

/**
 * tlmgr, the TeX Live manager. Its reading actions print; every other action (install, remove,
 * update, backup, restore, path, platform, uninstall, generate, key, pinning, repository, shell …)
 * changes the TeX Live installation, often a system folder. `option`, `conf` and `paper` print with
 * no value and write one given.
 */
const TLMGR_READ = ['info', 'search', 'check', 'candidates', 'dump-tlpdb', 'list', 'version', 'help', 'print-platform', 'print-platform-info', 'option', 'conf', 'paper'];
const TLMGR_GRAMMAR: Grammar = {
  abbreviations: false,
  long: {
    ...valued('repository', 'location', 'gui-lang', 'package-logfile', 'pin-file', 'usertree', 'data', 'keep-config', 'machine-readable-sep'),
    ...flagged('gui', 'debug-translation', 'machine-readable', 'no-execute-actions', 'pause', 'persistent-downloads', 'no-persistent-downloads', 'usermode', 'verify-repo', 'version', 'help', 'json', 'list', 'global', 'all', 'only-installed', 'only-remote', 'file', 'word', 'dry-run', 'self', 'delete', 'force', 'local'),
  },
  flags: 'qvh',
};
const TLMGR_ROW: ProgramRow = {
  names: ['tlmgr'],
  category: 'package',
  what: 'the TeX Live manager (installs, updates and configures TeX Live packages)',
  grammar: TLMGR_GRAMMAR,
  options: [
    { role: 'network', options: ['--repository', '--location'], example: 'https://mirror.example.net/tlnet', note: '--repository fetches packages and their index from another server' },
    { role: 'writer', options: ['--package-logfile'], target: 'file', example: '/tmp/tlmgr.log', note: '--package-logfile writes the log to the named file' },
    { role: 'loader', options: ['--pin-file'], example: '/tmp/pinning.txt', note: '--pin-file reads which repository each package comes from' },
  ],
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !TLMGR_READ.includes(v), example: 'remove', note: 'a tlmgr action that installs, removes, updates or reconfigures TeX Live (or one only known at run time)' }],
  subcommands: {
    ...Object.fromEntries(TLMGR_READ.filter((verb) => !['option', 'conf', 'paper'].includes(verb)).map((verb) => [verb, { grammar: TLMGR_GRAMMAR }])),
    // `tlmgr option KEY` prints, `tlmgr option KEY VALUE` sets; `option showall` lists.
    option: { grammar: TLMGR_GRAMMAR, operands: [{ role: 'destructive', operand: 1, example: '1', note: 'tlmgr option KEY VALUE changes a setting of the installation' }], plain: ['', 'showall', 'repository'] },
    // `tlmgr conf [texmf|tlmgr|updmap [--delete] [KEY [VALUE]]]`.
    conf: { grammar: TLMGR_GRAMMAR, operands: [{ role: 'destructive', operand: 2, example: 'VALUE', note: 'tlmgr conf FILE KEY VALUE writes a configuration file of TeX Live' }], options: [{ role: 'destructive', options: ['--delete'], note: '--delete removes a setting from a configuration file of TeX Live' }], plain: ['', 'texmf'] },
    paper: { grammar: TLMGR_GRAMMAR, operands: [{ role: 'destructive', operand: 0, example: 'a4', note: 'tlmgr paper SIZE changes the default paper size of every program' }], plain: ['', '--list'] },
  },
  plain: ['', '--version', 'info latex', 'search --global --file amsmath.sty', 'option showall', 'check files'],
};

// ---------------------------------------------------------------------------------------------
// dotnet, swift, mix, stack, cabal, forge
// ---------------------------------------------------------------------------------------------

const DOTNET_GRAMMAR: Grammar = {
  // `-p:NAME=VALUE` (MSBuild's property) is one option with its value, not a cluster of letters.
  short: 'cfrovsalp',
  flags: 'hd',
  abbreviations: false,
  long: {
    ...valued('configuration', 'framework', 'runtime', 'output', 'verbosity', 'source', 'arch', 'os', 'project', 'launch-profile', 'property', 'logger', 'settings', 'test-adapter-path', 'collect', 'diag', 'results-directory', 'blame-hang-timeout', 'filter', 'environment', 'name', 'version', 'package-directory', 'configfile', 'add-source', 'tool-path', 'manifest', 'api-key', 'symbol-source', 'symbol-api-key', 'timeout', 'username', 'password', 'artifacts-path', 'version-suffix', 'interactive'),
    ...flagged('help', 'info', 'version', 'list-sdks', 'list-runtimes', 'no-restore', 'no-build', 'no-dependencies', 'force', 'nologo', 'self-contained', 'no-self-contained', 'global', 'local', 'prerelease', 'no-cache', 'ignore-failed-sources', 'blame', 'list-tests', 'trust', 'check', 'clean', 'export-path', 'skip-duplicate', 'use-current-runtime', 'disable-build-servers', 'dry-run', 'allow-roll-forward'),
  },
};
const DOTNET_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['-l', '--logger', '--test-adapter-path', '-s', '--settings', '--collect'], example: '/tmp/adapter', note: '--logger/--test-adapter-path/--settings/--collect load test loggers, adapters or data collectors' },
  { role: 'writer', options: ['-o', '--output', '--artifacts-path'], everyday: true, example: 'out', note: '-o writes the build output into a chosen folder' },
  { role: 'writer', options: ['--diag', '-d'], example: '/tmp/diag.log', note: '--diag writes a diagnostic log to a chosen file' },
  { role: 'network', options: ['--source', '--add-source'], when: (v) => v === null || isUrl(v), example: 'https://nuget.example.com/v3/index.json', note: '--source fetches packages from another feed' },
];
/**
 * MSBuild properties given on the line (`-p:NAME=VALUE`, `/p:`, `-property:`, `--property:`): one
 * that names a build event or the command a run starts (`PreBuildEvent`, `PostBuildEvent`,
 * `RunCommand`) is a command line MSBuild runs, read as shell text; other properties only set values.
 */
function msbuildCommandProperties(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  args.forEach((word, k) => {
    const text = textOf(word);
    const match = text === null ? null : /^(?:--?|\/)(?:p|property):([^=;]+)=([\s\S]*)$/i.exec(text);
    if (match === null || !/(?:Event|Command)$/i.test(match[1]!.trim())) return;
    forms.push({ role: 'executor', program: 'dotnet', trigger: text!, index: k, value: word, payload: 'shell-text', payloadText: match[2]!, note: `the MSBuild property ${match[1]!.trim()} is a command the build runs` });
  });
  return forms;
}
const dotnetLevel = (extra: Partial<Command> = {}): Command => ({ grammar: DOTNET_GRAMMAR, read: msbuildCommandProperties, ...extra, options: [...DOTNET_OPTIONS, ...(extra.options ?? [])] });
const DOTNET_ROW: ProgramRow = {
  names: ['dotnet'],
  category: 'build',
  what: 'the .NET SDK and runtime host (dotnet run/build/test of the project is its job)',
  grammar: { flags: 'hd', abbreviations: false, long: flagged('help', 'info', 'version', 'list-sdks', 'list-runtimes', 'diagnostics') },
  // `dotnet fsi` without a script reads F# from its input (`… | dotnet fsi --quiet`).
  stdinCodeForm: { interpreterVerbs: ['fsi'] },
  subcommands: {
    fsi: dotnetLevel({ role: { role: 'executor', note: 'dotnet fsi runs F# code, typed in or from a script' } }),
    // dotnet-script, the global tool most C# scripting uses: `dotnet script FILE.csx` and `dotnet script eval CODE`.
    script: {
      role: { role: 'executor', note: 'dotnet script runs a C# script file, or C# code typed in' },
      subcommands: {
        eval: { operands: [{ role: 'executor', operand: 'every', payload: 'code', example: 'System.IO.File.Delete("x")', note: 'dotnet script eval runs the C# code given on the command line' }] },
      },
    },
    tool: dotnetLevel({
      subcommands: {
        run: dotnetLevel({ grammar: { ...DOTNET_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'dotnet tool run runs a tool of the project’s tool manifest' } }),
        install: dotnetLevel({ options: [{ role: 'writer', options: ['-g', '--global', '--tool-path'], example: '/tmp/tools', note: 'dotnet tool install -g puts the tool’s command on PATH for the user' }], grammar: { ...DOTNET_GRAMMAR, flags: 'hdg' }, plain: ['dotnet-ef'] }),
        ...Object.fromEntries(['list', 'update', 'uninstall', 'restore', 'search'].map((s) => [s, dotnetLevel()])),
      },
    }),
    nuget: dotnetLevel({
      subcommands: {
        push: dotnetLevel({ role: { role: 'destructive', note: 'dotnet nuget push publishes a package' } }),
        delete: dotnetLevel({ role: { role: 'destructive', note: 'dotnet nuget delete removes a published package' } }),
        'add': dotnetLevel({ subcommands: { source: dotnetLevel({ role: { role: 'destructive', note: 'dotnet nuget add source changes where later restores fetch packages' } }) } }),
        locals: dotnetLevel({ plain: ['all --list'] }),
        list: dotnetLevel({ plain: ['source'] }),
      },
    }),
    new: dotnetLevel({ subcommands: { install: dotnetLevel({ role: { role: 'loader', note: 'dotnet new install adds template packages, which can run post-actions' } }), list: dotnetLevel({ plain: [''] }) }, plain: ['console -n App', 'list'] }),
    'dev-certs': dotnetLevel({ options: [{ role: 'destructive', options: ['--trust', '--clean'], note: 'dotnet dev-certs --trust adds a certificate to the trusted store' }], plain: ['https --check'] }),
    workload: dotnetLevel({ subcommands: { install: dotnetLevel({ role: { role: 'writer', note: 'dotnet workload install adds SDK workloads to the installation' } }), list: dotnetLevel({ plain: [''] }) } }),
    ...Object.fromEntries(['build', 'run', 'test', 'restore', 'publish', 'pack', 'clean', 'add', 'remove', 'list', 'sln', 'format', 'watch', 'msbuild', 'build-server', 'help', 'sdk', 'package', 'reference', 'store', 'exec', 'vstest'].map((s) => [s, dotnetLevel()])),
  },
  plain: ['build', 'test --no-restore', 'run --project src/App', '--info', 'restore', 'format --verify-no-changes'],
};

const SWIFT_GRAMMAR: Grammar = {
  short: 'cjIlLFDo',
  flags: 'hvg',
  abbreviations: false,
  long: {
    ...valued('package-path', 'scratch-path', 'build-path', 'cache-path', 'config-path', 'security-path', 'configuration', 'jobs', 'product', 'target', 'toolchain', 'sdk', 'triple', 'swift-sdk', 'swift-sdks-path', 'arch', 'filter', 'skip', 'num-workers', 'xunit-output', 'allow-writing-to-directory', 'Xswiftc', 'Xcc', 'Xcxx', 'Xlinker', 'build-system', 'destination', 'experimental-destination', 'default-registry-url', 'resolver-fingerprint-checking', 'type', 'name', 'module-name'),
    ...flagged('help', 'version', 'verbose', 'very-verbose', 'quiet', 'disable-sandbox', 'allow-writing-to-package-directory', 'allow-network-connections', 'disable-automatic-resolution', 'enable-test-discovery', 'parallel', 'list-tests', 'skip-build', 'show-bin-path', 'static-swift-stdlib', 'enable-code-coverage', 'disable-prefetching', 'replace-scm-with-registry', 'skip-update', 'build-tests'),
  },
};
const SWIFT_OPTIONS: readonly OptionRole[] = [
  { role: 'destructive', options: ['--disable-sandbox'], note: '--disable-sandbox lets package plugins and manifests run without the sandbox' },
  { role: 'writer', options: ['--allow-writing-to-package-directory', '--allow-writing-to-directory'], example: '/tmp', note: '--allow-writing-to-* lets package plugins write to the package or a chosen folder' },
  { role: 'network', options: ['--allow-network-connections'], note: '--allow-network-connections lets package plugins reach the network' },
  { role: 'loader', when: leavesWorkspace, options: ['--package-path'], example: '/tmp/other', note: '--package-path builds another package, running its manifest and plugins' },
  { role: 'loader', options: ['--toolchain', '--sdk', '--swift-sdk'], example: '/tmp/toolchain', note: '--toolchain/--sdk use the programs of another toolchain' },
];

/** swift's `-Xswiftc ARG`/`-Xlinker ARG`/`-Xcc ARG` (one dash, a separate value) that pass plugin or loader options on. */
function swiftPassThrough(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  args.forEach((word, k) => {
    const t = textOf(word);
    if (t === null || !/^-X(swiftc|linker|cc|cxx)$/.test(t)) return;
    const v = textOf(args[k + 1]);
    if (v === null || /plugin|^-load|^-B|wrapper/.test(v)) forms.push(found('swift', 'loader', t, k, args[k + 1] ?? null, '-Xswiftc/-Xlinker pass a plugin or loader option on to the compiler or linker'));
  });
  return forms;
}
const swiftLevel = (extra: Partial<Command> = {}): Command => ({ grammar: SWIFT_GRAMMAR, ...extra, options: [...SWIFT_OPTIONS, ...(extra.options ?? [])] });
const SWIFT_ROW: ProgramRow = {
  names: ['swift'],
  category: 'build',
  what: 'the Swift toolchain driver and package manager (a script or package of the project is its job)',
  stdinCode: true,
  grammar: { ...SWIFT_GRAMMAR, short: `${SWIFT_GRAMMAR.short!}e` },
  options: [...SWIFT_OPTIONS, { role: 'executor', options: ['-e'], payload: 'code', example: 'import Foundation; print(1)', note: '-e runs the Swift code given on the command line' }],
  read: swiftPassThrough,
  subcommands: {
    ...Object.fromEntries(['build', 'run', 'test', 'package', 'sdk', 'help'].map((s) => [s, swiftLevel()])),
    repl: swiftLevel({ role: { role: 'executor', note: 'swift repl runs Swift code typed in' } }),
  },
  plain: ['build', 'test --parallel', 'run App', 'package resolve', 'build -c release', '--version'],
};

const MIX_ROW: ProgramRow = {
  names: ['mix'],
  category: 'build',
  what: 'Elixir’s build tool (the project’s mix.exs and its tasks are its job)',
  grammar: { short: 'er', flags: 'hv', abbreviations: false, long: { ...valued('eval', 'require', 'parallel-require', 'config', 'only', 'sname', 'name', 'cookie', 'app', 'sup', 'module', 'umbrella', 'force', 'seed', 'max-failures', 'trace', 'partitions', 'include', 'exclude', 'formatter', 'cover', 'export-coverage', 'dot-formatter', 'dir'), ...flagged('help', 'version', 'no-halt', 'no-start', 'no-compile', 'no-deps-check', 'no-archives-check', 'no-elixir-version-check', 'stale', 'failed', 'color', 'no-color', 'check-formatted', 'dry-run', 'all', 'only-deps') } },
  options: [
    { role: 'executor', options: ['-e', '--eval'], payload: 'code', example: 'System.cmd("id", [])', note: 'mix run -e runs the Elixir code given on the command line' },
    { role: 'loader', options: ['-r', '--require', '--parallel-require', '--config'], example: './evil.exs', note: 'mix run -r/--config loads Elixir files before the run' },
  ],
  subcommands: {
    'archive.install': { role: { role: 'loader', note: 'mix archive.install adds an archive whose tasks load into every later mix command' } },
    'escript.install': { role: { role: 'writer', note: 'mix escript.install puts a program into ~/.mix/escripts' } },
    'local.hex': { role: { role: 'loader', note: 'mix local.hex installs or replaces Hex, which runs inside later mix commands' } },
    'local.rebar': { role: { role: 'loader', note: 'mix local.rebar installs or replaces rebar, which later builds run' } },
    'hex.publish': { role: { role: 'destructive', note: 'mix hex.publish publishes the package for everyone', publishes: true } },
    'hex.retire': { role: { role: 'destructive', note: 'mix hex.retire marks a published version as retired' } },
    run: {
      grammar: { short: 'er', long: valued('eval', 'require', 'parallel-require', 'config') },
      options: [
        { role: 'executor', options: ['-e', '--eval'], payload: 'code', example: 'System.cmd("id", [])', note: 'mix run -e runs the Elixir code given on the command line' },
        { role: 'loader', options: ['-r', '--require', '--parallel-require', '--config'], example: './evil.exs', note: 'mix run -r/--config loads Elixir files before the run' },
      ],
      plain: ['priv/repo/seeds.exs', '--no-halt'],
    },
  },
  plain: ['test', 'compile', 'deps.get', 'format --check-formatted', 'phx.server', 'ecto.migrate'],
};

const STACK_GRAMMAR: Grammar = {
  flags: 'hv',
  abbreviations: false,
  long: {
    ...valued('stack-yaml', 'work-dir', 'resolver', 'snapshot', 'compiler', 'with-gcc', 'with-hpack', 'ghc-options', 'ghc-build', 'arch', 'jobs', 'extra-include-dirs', 'extra-lib-dirs', 'docker-image', 'exec', 'ta', 'test-arguments', 'ba', 'benchmark-arguments', 'package', 'rts-options', 'ghc-package-path', 'verbosity', 'color', 'local-bin-path', 'programs', 'stack-root', 'flag', 'copy-bins', 'haddock-arguments', 'file-watch-poll', 'cwd'),
    ...flagged('help', 'version', 'verbose', 'silent', 'test', 'bench', 'haddock', 'fast', 'file-watch', 'pedantic', 'dry-run', 'install-ghc', 'no-install-ghc', 'system-ghc', 'no-system-ghc', 'docker', 'no-docker', 'nix', 'no-nix', 'copy-compiler-tool', 'no-run-tests', 'no-run-benchmarks'),
  },
};
const STACK_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['--stack-yaml'], example: '/tmp/stack.yaml', note: '--stack-yaml uses another project file (packages, snapshots, programs)' },
  { role: 'executor', options: ['--with-gcc', '--with-hpack', '--compiler'], payload: 'program', when: (v) => v === null || v.includes('/'), example: '/tmp/gcc', note: '--with-gcc/--with-hpack name a program the build runs' },
  { role: 'executor', options: ['--exec'], payload: 'shell-text', example: 'sh -c id', note: 'stack build --exec runs the given command after a successful build' },
];
const stackLevel = (extra: Partial<Command> = {}): Command => ({ grammar: STACK_GRAMMAR, ...extra, options: [...STACK_OPTIONS, ...(extra.options ?? [])] });
/**
 * `stack ghc [-- ARGS]`, `stack runghc [-- ARGS]`, `stack exec CMD [-- ARGS]`: Stack runs the
 * compiler (or CMD) with the words after `--` as its own (`stack ghc -- -e EXPR` is `ghc -e EXPR`).
 * Stack's options before the `--` are its own; a word the reader cannot place makes it inexact.
 */
function stackRuns(program: string | null): (args: readonly Word[]) => WrapperReading {
  return (args) => {
    const dashes = args.findIndex((word) => word.kind === 'literal' && word.value === '--');
    const before = dashes === -1 ? args : args.slice(0, dashes);
    const after = dashes === -1 ? [] : args.slice(dashes + 1);
    if (program !== null) return { options: [], inner: [literalWord(program), ...(dashes === -1 ? args : after)], shellText: null, assignments: [], exact: dashes === -1 || before.every((word) => word.kind === 'literal' && word.value.startsWith('-')) };
    // exec: the command is the first word that is no option of Stack's; `--` hands it the rest.
    const at = before.findIndex((word) => word.kind !== 'literal' || !word.value.startsWith('-'));
    if (at === -1) return { options: [], inner: [...after], shellText: null, assignments: [], exact: after.length > 0 };
    return { options: [], inner: [...before.slice(at), ...after], shellText: null, assignments: [], exact: at === 0 };
  };
}
const STACK_ROW: ProgramRow = {
  names: ['stack'],
  category: 'build',
  what: 'the Haskell Stack build tool',
  grammar: STACK_GRAMMAR,
  options: STACK_OPTIONS,
  subcommands: {
    // stack exec/runghc run a command or script of the project: an entry must cover that command.
    exec: stackLevel({ grammar: { ...STACK_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, read: stackRuns(null), note: 'stack exec runs the command in the project’s environment' } }),
    ghc: stackLevel({ wrapper: { peel: true, read: stackRuns('ghc'), note: 'stack ghc runs the compiler with the words after --' } }),
    runghc: stackLevel({ wrapper: { peel: true, read: stackRuns('runghc'), note: 'stack runghc runs a Haskell program with the words after --' } }),
    runhaskell: stackLevel({ wrapper: { peel: true, read: stackRuns('runhaskell'), note: 'stack runhaskell runs a Haskell program with the words after --' } }),
    eval: stackLevel({ role: { role: 'executor', note: 'stack eval runs the Haskell expression given on the command line' } }),
    ghci: stackLevel({ role: { role: 'executor', note: 'stack ghci starts an interactive Haskell session' } }),
    repl: stackLevel({ role: { role: 'executor', note: 'stack repl starts an interactive Haskell session' } }),
    upload: stackLevel({ role: { role: 'destructive', note: 'stack upload publishes the package to Hackage' } }),
    ...Object.fromEntries(['build', 'test', 'bench', 'install', 'run', 'script', 'setup', 'init', 'new', 'clean', 'purge', 'path', 'ls', 'query', 'list', 'ide', 'dot', 'sdist', 'update', 'upgrade', 'haddock', 'config', 'hoogle', 'uninstall', 'unpack', 'templates', 'hpc'].map((s) => [s, stackLevel()])),
  },
  plain: ['build', 'test --fast', 'run', 'setup', 'path --local-bin', '--version'],
};

const CABAL_GRAMMAR: Grammar = {
  short: 'wjvfO',
  flags: 'h',
  abbreviations: false,
  long: {
    ...valued('project-file', 'project-dir', 'config-file', 'with-compiler', 'with-hc-pkg', 'with-gcc', 'with-ld', 'builddir', 'store-dir', 'installdir', 'install-method', 'jobs', 'verbose', 'flags', 'constraint', 'ghc-options', 'test-options', 'test-show-details', 'index-state', 'allow-newer', 'allow-older', 'repl-options', 'with-repl', 'package-env', 'overwrite-policy', 'username', 'password', 'token', 'program-suffix', 'program-prefix', 'enable-documentation'),
    ...flagged('help', 'version', 'numeric-version', 'dry-run', 'only-dependencies', 'enable-tests', 'disable-tests', 'enable-benchmarks', 'disable-benchmarks', 'ignore-project', 'offline', 'lib', 'exe', 'publish', 'global', 'user', 'reinstall'),
  },
};
const CABAL_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['--project-file', '--project-dir', '--config-file'], example: '/tmp/cabal.project', note: '--project-file/--config-file read another project or configuration (which can name compilers and programs)' },
  { role: 'executor', options: ['-w', '--with-compiler', '--with-hc-pkg', '--with-gcc', '--with-ld', '--with-repl'], payload: 'program', example: '/tmp/ghc', note: '--with-compiler/--with-gcc/--with-ld name a program the build runs' },
  { role: 'writer', options: ['--installdir', '--store-dir', '--builddir'], example: '/usr/local/bin', note: '--installdir/--store-dir write into a chosen folder' },
];
const cabalLevel = (extra: Partial<Command> = {}): Command => ({ grammar: CABAL_GRAMMAR, ...extra, options: [...CABAL_OPTIONS, ...(extra.options ?? [])] });
const CABAL_ROW: ProgramRow = {
  names: ['cabal'],
  category: 'build',
  what: 'the Haskell Cabal build tool',
  grammar: CABAL_GRAMMAR,
  options: CABAL_OPTIONS,
  // cabal's own reading of options (`--with-PROG=PATH` for any program, `--PROG-options=`).
  read: (args) => {
    const forms: Form[] = [];
    args.forEach((word, k) => {
      const t = textOf(word);
      if (t !== null && /^--with-[a-z0-9-]+=/.test(t) && !/^--with-(compiler|hc-pkg|gcc|ld|repl)=/.test(t)) forms.push(found('cabal', 'executor', t, k, null, '--with-PROG=PATH names a program the build runs', 'program'));
    });
    return forms;
  },
  subcommands: {
    // cabal exec/run run a command or the project's executable: an entry must cover that command.
    exec: cabalLevel({ grammar: { ...CABAL_GRAMMAR, stopAtOperand: true }, wrapper: { peel: true, note: 'cabal exec runs the command with the project’s package environment' } }),
    repl: cabalLevel({ role: { role: 'executor', note: 'cabal repl starts an interactive Haskell session' } }),
    upload: cabalLevel({ role: { role: 'destructive', note: 'cabal upload publishes the package to Hackage' } }),
    install: cabalLevel({ plain: ['--lib', 'hlint'] }),
    ...Object.fromEntries(['build', 'run', 'test', 'bench', 'update', 'configure', 'freeze', 'clean', 'init', 'list', 'info', 'sdist', 'haddock', 'check', 'gen-bounds', 'outdated', 'list-bin', 'path', 'get', 'fetch', 'user-config', 'help', 'v2-build', 'v2-run', 'v2-test'].map((s) => [s, cabalLevel()])),
  },
  plain: ['build', 'test all', 'run app -- --port 80', 'update', '--version'],
};

const FORGE_GRAMMAR: Grammar = {
  short: 'vjmtcCor',
  flags: 'hqwV',
  abbreviations: false,
  long: {
    ...valued('use', 'root', 'config-path', 'contracts', 'lib-paths', 'remappings', 'out', 'cache-path', 'evm-version', 'optimizer-runs', 'match-test', 'match-contract', 'match-path', 'no-match-test', 'no-match-contract', 'no-match-path', 'fork-url', 'rpc-url', 'fork-block-number', 'etherscan-api-key', 'chain', 'chain-id', 'private-key', 'private-keys', 'mnemonic', 'keystore', 'account', 'sender', 'sig', 'gas-limit', 'gas-price', 'priority-gas-price', 'verifier', 'verifier-url', 'constructor-args', 'libraries', 'output', 'jobs', 'threads', 'fuzz-runs', 'fuzz-seed', 'color', 'verbosity', 'target-contract', 'broadcast-batch-size', 'retries', 'delay', 'template', 'branch', 'tag', 'rev', 'from'),
    ...flagged('help', 'version', 'quiet', 'watch', 'offline', 'force', 'optimize', 'via-ir', 'ffi', 'broadcast', 'verify', 'resume', 'legacy', 'slow', 'skip-simulation', 'unlocked', 'ledger', 'trezor', 'aws', 'interactive', 'no-commit', 'shallow', 'no-git', 'gas-report', 'summary', 'list', 'json', 'names', 'sizes', 'deny-warnings', 'isolate', 'debug'),
  },
};
const FORGE_OPTIONS: readonly OptionRole[] = [
  { role: 'executor', options: ['--use'], payload: 'program', when: (v) => v === null || v.includes('/'), example: '/tmp/solc', note: '--use PATH runs the named program as the Solidity compiler' },
  { role: 'executor', options: ['--ffi'], note: '--ffi lets tests and scripts run any command on this machine' },
  { role: 'destructive', options: ['--broadcast'], note: '--broadcast sends the transactions to the chain (spending funds, deploying contracts)' },
  { role: 'network', options: ['--rpc-url', '-f', '--fork-url', '--verifier-url'], example: 'https://rpc.example.com', note: '--rpc-url/--fork-url contact another node' },
  { role: 'loader', options: ['--root', '--config-path'], example: '/tmp/other', note: '--root/--config-path build another project or read another foundry.toml (which can enable ffi)' },
];
const forgeLevel = (extra: Partial<Command> = {}): Command => ({ grammar: FORGE_GRAMMAR, ...extra, options: [...FORGE_OPTIONS, ...(extra.options ?? [])] });
// ---------------------------------------------------------------------------------------------
// zig: compiler and build system
// ---------------------------------------------------------------------------------------------

const ZIG_GRAMMAR: Grammar = {
  short: 'pOM',
  shortAttached: 'DjfLlI',
  abbreviations: false,
  long: {
    ...valued('build-file', 'build-runner', 'zig-lib-dir', 'prefix', 'prefix-lib-dir', 'prefix-exe-dir', 'prefix-include-dir', 'cache-dir', 'global-cache-dir', 'search-prefix', 'sysroot', 'libc', 'system', 'summary', 'color', 'seed', 'test-cmd', 'name', 'target', 'mcpu', 'maxrss', 'debug-log', 'release', 'test-filter', 'test-name-prefix', 'dep', 'mod', 'main-mod-path', 'test-runner', 'exclude'),
    ...flagged('help', 'verbose', 'verbose-link', 'verbose-cc', 'verbose-air', 'verbose-llvm-ir', 'prominent-compile-errors', 'watch', 'fuzz', 'fetch', 'check', 'stdin', 'ast-check', 'save', 'test-cmd-bin', 'test-no-exec', 'time-report', 'list-steps', 'l', 'strip', 'single-threaded', 'incremental', 'debug-compile-errors', 'debug-incremental', 'no-incremental', 'zig-lib-dir-from-env', 'version'),
  },
};
/** -femit-bin=PATH and its siblings write the named file. */
const ZIG_EMITS: OptionRole = { role: 'writer', options: ['-f'], when: (v) => v === null || /^emit-[a-z-]+=./.test(v), target: 'file', targetText: (v) => v.slice(v.indexOf('=') + 1) || null, example: 'emit-bin=/tmp/x', note: '-femit-bin=PATH (and the other -femit- options) write the output to the named file' };
const ZIG_SHARED: readonly OptionRole[] = [
  ZIG_EMITS,
  { role: 'loader', options: ['--zig-lib-dir', '--build-runner', '--libc', '--sysroot', '--search-prefix', '--system', '--test-runner'], example: '/tmp/lib', note: 'these options take the standard library, the build runner, libraries or packages from another folder (code that runs)' },
  { role: 'writer', options: ['--cache-dir', '--global-cache-dir'], target: 'tree', example: '/tmp/cache', note: '--cache-dir/--global-cache-dir write zig\'s cache into that folder' },
];
const zigLevel = (extra: Partial<Command> = {}): Command => ({ grammar: ZIG_GRAMMAR, ...extra, options: [...ZIG_SHARED, ...(extra.options ?? [])] });
const ZIG_VERBS = ['build', 'run', 'test', 'build-exe', 'build-lib', 'build-obj', 'test-obj', 'cc', 'c++', 'fmt', 'fetch', 'init', 'env', 'version', 'targets', 'zen', 'help', 'libc', 'std', 'translate-c', 'ar', 'dlltool', 'lib', 'ranlib', 'objcopy', 'rc', 'ast-check', 'reduce'];
const ZIG_ROW: ProgramRow = {
  names: ['zig'],
  category: 'build',
  what: 'the Zig compiler and build system (building and running the project’s code is its job)',
  grammar: ZIG_GRAMMAR,
  operands: [{ role: 'executor', operand: 0, when: (v) => v === null || !ZIG_VERBS.includes(v), example: 'x-unknown-verb', note: 'a zig command this row does not know (or one only known at run time)' }],
  subcommands: {
    build: zigLevel({
      options: [
        { role: 'loader', options: ['--build-file'], example: '/tmp/build.zig', note: '--build-file runs another build script' },
        { role: 'writer', options: ['-p', '--prefix', '--prefix-lib-dir', '--prefix-exe-dir', '--prefix-include-dir'], target: 'tree', example: '/usr/local', note: '-p/--prefix install the build\'s output below the named folder' },
      ],
      plain: ['', 'test', 'run', '-Doptimize=ReleaseFast', '--summary all'],
    }),
    run: zigLevel({ plain: ['hello.zig', 'src/main.zig -- arg'] }),
    test: zigLevel({ options: [{ role: 'executor', options: ['--test-cmd'], payload: 'program', example: '/tmp/runner', note: '--test-cmd runs the test binary through the named program' }], plain: ['src/main.zig'] }),
    ...Object.fromEntries(['build-exe', 'build-lib', 'build-obj', 'test-obj'].map((verb) => [verb, zigLevel({ plain: ['src/main.zig'] })])),
    ...Object.fromEntries(['cc', 'c++', 'translate-c', 'ar', 'dlltool', 'lib', 'ranlib', 'objcopy', 'rc'].map((verb) => [verb, zigLevel({ role: { role: 'writer', note: `zig ${verb} is a compiler or binary tool that writes the files its options name` } })])),
    fmt: zigLevel({ read: rewritesOperands('zig fmt', ['--check', '--stdin'], 'zig fmt rewrites the Zig files it is given (below a folder too)'), plain: ['--check .', 'src/main.zig'] }),
    fetch: zigLevel({ role: { role: 'network', note: 'zig fetch downloads a package (and --save records it in build.zig.zon)' } }),
    init: zigLevel({ role: { role: 'writer', note: 'zig init writes a new project (build.zig, src/) into the current folder' } }),
    std: zigLevel({ role: { role: 'listener', note: 'zig std serves the standard library\'s documentation over HTTP and opens a browser' } }),
    reduce: zigLevel({ role: { role: 'executor', note: 'zig reduce runs the checker program it is given many times' } }),
    ...Object.fromEntries(['env', 'version', 'targets', 'zen', 'help', 'libc', 'ast-check'].map((verb) => [verb, zigLevel()])),
  },
  plain: ['version', 'build test', 'run hello.zig', 'env', 'fmt --check src'],
};

// ---------------------------------------------------------------------------------------------
// Linters and formatters of shell and Python
// ---------------------------------------------------------------------------------------------

const SHELLCHECK_ROW: ProgramRow = {
  names: ['shellcheck'],
  category: 'build',
  what: 'the ShellCheck linter for shell scripts (reads the scripts and prints warnings)',
  // It parses the scripts it is given (and, with -x, the files they source) and never runs them;
  // --rcfile reads a file of its own directives. No option writes a file.
  readOnly: true,
  grammar: {
    short: 'ieEfoPsSW',
    shortAttached: 'C',
    flags: 'axVh',
    abbreviations: false,
    long: {
      ...valued('include', 'exclude', 'format', 'enable', 'source-path', 'shell', 'severity', 'wiki-link-count', 'rcfile', 'extended-analysis'),
      color: 'optional',
      ...flagged('check-sourced', 'external-sources', 'list-optional', 'norc', 'version', 'help'),
    },
  },
  plain: ['scripts/release.sh', '-x scripts/*.sh', '-f gcc deploy.sh', '-S warning -e SC2086 a.sh', '--version'],
};

/**
 * A formatter that rewrites the files and folders it is given in place (its job, an `everyday`
 * writer of each operand) unless one of `keeps` only checks or prints a diff. Each operand is the
 * target as a file: a folder operand is rewritten below it, where the formatter only touches its
 * own language's files (black and ruff skip `.git` and the ignored folders).
 */
export function rewritesOperands(program: string, keeps: readonly string[], note: string) {
  return (_args: readonly Word[], reading: ArgReading): Form[] => {
    if (reading.options.some((o) => keeps.includes(o.name) || keeps.includes(o.key))) return [];
    const out: Form[] = [];
    reading.operands.forEach((word, k) => {
      if (word.kind === 'literal' && word.value === '-') return;
      out.push({ role: 'writer', program, trigger: word.kind === 'literal' ? word.value : word.raw, index: reading.operandIndexes[k]!, value: word, everyday: true, target: 'file', note });
    });
    return out;
  };
}

const BLACK_GRAMMAR: Grammar = {
  short: 'cltW',
  flags: 'xSCqvh',
  abbreviations: false,
  long: {
    ...valued('code', 'line-length', 'target-version', 'python-cell-magics', 'enable-unstable-feature', 'line-ranges', 'required-version', 'exclude', 'extend-exclude', 'force-exclude', 'include', 'stdin-filename', 'workers', 'config'),
    ...flagged('pyi', 'ipynb', 'skip-source-first-line', 'skip-string-normalization', 'skip-magic-trailing-comma', 'preview', 'unstable', 'check', 'diff', 'color', 'no-color', 'fast', 'safe', 'quiet', 'verbose', 'version', 'help'),
  },
};
const BLACK_ROW: ProgramRow = {
  names: ['black'],
  category: 'build',
  what: 'the Black Python code formatter (rewrites the files it is given: its job)',
  grammar: BLACK_GRAMMAR,
  // --config reads a TOML file of black's own options (no code); -c formats the given text and prints it.
  read: rewritesOperands('black', ['--check', '--diff', '-c', '--code'], 'black rewrites the Python files it is given (below a folder too)'),
  plain: ['.', 'src tests', '--check .', '--diff src/app.py', '-l 100 --target-version py311 src'],
};

const RUFF_CHECK_GRAMMAR: Grammar = {
  short: 'eno',
  flags: 'qsvhw',
  abbreviations: false,
  long: {
    ...valued('config', 'select', 'ignore', 'extend-select', 'extend-ignore', 'per-file-ignores', 'extend-per-file-ignores', 'fixable', 'unfixable', 'extend-fixable', 'exclude', 'extend-exclude', 'line-length', 'target-version', 'output-format', 'output-file', 'cache-dir', 'stdin-filename', 'dummy-variable-rgx', 'add-noqa', 'python'),
    ...flagged('fix', 'no-fix', 'unsafe-fixes', 'no-unsafe-fixes', 'show-fixes', 'no-show-fixes', 'diff', 'watch', 'fix-only', 'no-fix-only', 'ignore-noqa', 'exit-zero', 'exit-non-zero-on-fix', 'exit-non-zero-on-format', 'statistics', 'show-files', 'show-settings', 'no-cache', 'isolated', 'preview', 'no-preview', 'respect-gitignore', 'no-respect-gitignore', 'force-exclude', 'no-force-exclude', 'check', 'quiet', 'silent', 'verbose', 'help', 'version', 'range'),
  },
};
const RUFF_SHARED: readonly OptionRole[] = [
  { role: 'writer', options: ['-o', '--output-file'], target: 'file', example: '/tmp/report.txt', note: '-o writes the report to the named file' },
  { role: 'writer', options: ['--cache-dir'], target: 'tree', example: '/tmp/cache', note: '--cache-dir writes ruff\'s cache into that folder' },
];
const RUFF_ROW: ProgramRow = {
  names: ['ruff'],
  category: 'build',
  what: 'the Ruff Python linter and formatter',
  // --config reads a TOML file (or an inline TOML setting) of ruff's own options: no code runs.
  grammar: RUFF_CHECK_GRAMMAR,
  options: RUFF_SHARED,
  subcommands: {
    check: {
      grammar: RUFF_CHECK_GRAMMAR,
      options: [
        ...RUFF_SHARED,
        // Fixing the files it lints is what an entry for ruff is written for, as for `eslint --fix`.
        { role: 'writer', options: ['--fix', '--fix-only'], everyday: true, note: '--fix rewrites the linted files' },
        { role: 'writer', options: ['--add-noqa'], note: '--add-noqa adds noqa comments to the linted files' },
      ],
      plain: ['.', 'src --select E,F', '--statistics .', '--output-format github .'],
    },
    format: {
      grammar: RUFF_CHECK_GRAMMAR,
      options: RUFF_SHARED,
      read: rewritesOperands('ruff format', ['--check', '--diff'], 'ruff format rewrites the Python files it is given (below a folder too)'),
      plain: ['.', '--check .', '--diff src'],
    },
    clean: { grammar: RUFF_CHECK_GRAMMAR, role: { role: 'writer', note: 'ruff clean deletes the .ruff_cache folders below the current folder' } },
    ...Object.fromEntries(['rule', 'config', 'linter', 'version', 'help'].map((verb) => [verb, { grammar: RUFF_CHECK_GRAMMAR }])),
    server: { grammar: RUFF_CHECK_GRAMMAR, plain: [''] },
  },
  // Verbs besides these (`analyze graph`) or one only known at run time are not read.
  operands: [{ role: 'writer', operand: 0, when: (v) => v === null || !['check', 'format', 'clean', 'rule', 'config', 'linter', 'version', 'help', 'server'].includes(v), example: 'analyze', note: 'a ruff verb this row does not know (or one only known at run time)' }],
  plain: ['check .', 'check --fix .', 'format --check .', 'rule F401', 'version'],
};

const FORGE_ROW: ProgramRow = {
  names: ['forge'],
  category: 'build',
  what: 'Foundry’s Solidity build, test and deployment tool',
  grammar: FORGE_GRAMMAR,
  options: FORGE_OPTIONS,
  subcommands: {
    create: forgeLevel({ role: { role: 'network', note: 'forge create deploys a contract through an RPC node' } }),
    ...Object.fromEntries(['build', 'b', 'compile', 'test', 't', 'script', 'fmt', 'snapshot', 'coverage', 'clean', 'init', 'install', 'i', 'update', 'remove', 'tree', 'inspect', 'flatten', 'doc', 'config', 'bind', 'geiger', 'selectors', 'verify-contract', 'remappings', 'cache', 'debug', 'completions'].map((s) => [s, forgeLevel()])),
  },
  plain: ['build', 'test -vvv', "test --match-test 'testDeposit'", 'fmt --check', 'snapshot'],
};
/**
 * nektos/act: runs a repository's GitHub Actions workflows in local containers. Running the
 * workflows is its job (an entry for `act` covers it); what reaches the host beyond the work tree
 * is not: `--container-options` hands the job containers any container option (`--privileged`,
 * `-v /:/host`), `--privileged` and `--container-cap-add` give them the host's devices and
 * powers, `--container-daemon-socket` another daemon, `-b`/`--bind` binds the work tree in.
 */
const ACT_ROW: ProgramRow = {
  names: ['act'],
  category: 'build',
  what: 'nektos/act, which runs GitHub Actions workflows in local containers',
  grammar: {
    short: 'ajPWesCEp',
    flags: 'lngbrqvh',
    long: {
      ...valued('actor', 'job', 'platform', 'workflows', 'eventpath', 'secret', 'secret-file', 'var', 'var-file', 'env', 'env-file', 'input', 'input-file', 'matrix', 'directory', 'container-architecture', 'container-daemon-socket', 'container-options', 'container-cap-add', 'container-cap-drop', 'network', 'artifact-server-path', 'artifact-server-addr', 'artifact-server-port', 'cache-server-path', 'cache-server-addr', 'cache-server-port', 'default-branch', 'github-instance', 'remote-name', 'replace-ghe-action-with-github-com', 'replace-ghe-action-token-with-github-com', 'action-cache-path', 'local-repository', 'defaultbranch', 'userns', 'concurrent-jobs'),
      ...flagged('list', 'dryrun', 'graph', 'bind', 'reuse', 'quiet', 'verbose', 'help', 'version', 'privileged', 'pull', 'rebuild', 'json', 'insecure-secrets', 'strict', 'no-recurse', 'no-skip-checkout', 'action-offline-mode', 'use-gitignore', 'use-new-action-cache', 'detect-event', 'no-cache-server', 'offline'),
    },
    abbreviations: false,
  },
  options: [
    { role: 'executor', options: ['--container-options'], example: '--privileged -v /:/host', note: '--container-options passes any container option to the job containers (host folders, devices, privileges)' },
    { role: 'executor', options: ['--privileged', '--container-cap-add'], example: 'SYS_ADMIN', note: '--privileged and --container-cap-add give the job containers the host\'s devices and powers' },
    { role: 'executor', options: ['--container-daemon-socket'], example: 'tcp://host:2375', note: '--container-daemon-socket runs the jobs through another container daemon' },
    { role: 'credentials', options: ['-s', '--secret', '--secret-file', '--insecure-secrets'], example: 'GITHUB_TOKEN', note: '-s and --secret-file hand secrets to the workflow steps' },
  ],
  plain: ['', '-l', '-n', 'push', '-j build', 'pull_request -j test', '-W .github/workflows/ci.yml'],
};

/**
 * xmake, the Lua-based build tool: building runs the project's xmake.lua (its job); `xmake lua`
 * (`xmake l`) runs a Lua script or a module function with the words after it as arguments
 * (`xmake l os.exec "sh ./bootstrap.sh"`), and `xmake run` runs a built target: an entry for
 * `xmake` covers neither.
 */
const XMAKE_CODE: Command = {
  grammar: { short: 'c', flags: 'vhDq', long: { ...valued('command'), ...flagged('verbose', 'help', 'diagnosis', 'quiet') }, abbreviations: false, stopAtOperand: true },
  options: [{ role: 'executor', options: ['-c', '--command'], payload: 'code', example: 'print(1)', note: 'xmake lua -c runs the Lua code given' }],
  // The function and its arguments, as the Lua call they make (`os.rmdir("/usr/local")`), read as Lua code.
  read: (args, reading) => {
    const first = reading.operandIndexes[0];
    if (first === undefined) return [];
    const named = args[first]!;
    const call = `${named.kind === 'literal' ? named.value : named.raw}(${args.slice(first + 1).map((word) => (word.kind === 'literal' ? JSON.stringify(word.value) : word.raw)).join(', ')})`;
    return [{ role: 'executor', program: 'xmake lua', trigger: named.kind === 'literal' ? named.value : named.raw, index: first, value: named, payload: 'code', payloadText: call, note: 'xmake lua runs the Lua script or module function named first, with the words after it as its arguments' }];
  },
};
const XMAKE_ROW: ProgramRow = {
  names: ['xmake'],
  category: 'build',
  what: 'xmake, a build tool configured in Lua',
  grammar: { short: 'jPFy', flags: 'vhDqrwy', long: { ...valued('jobs', 'project', 'file'), ...flagged('verbose', 'help', 'diagnosis', 'quiet', 'rebuild', 'warning', 'yes', 'version', 'all') }, abbreviations: false },
  subcommands: {
    lua: XMAKE_CODE,
    l: XMAKE_CODE,
    run: { role: { role: 'executor', note: 'xmake run runs a built target' } },
    r: { role: { role: 'executor', note: 'xmake run runs a built target' } },
    ...Object.fromEntries(['build', 'b', 'config', 'f', 'clean', 'c', 'install', 'i', 'uninstall', 'u', 'package', 'p', 'project', 'show', 'check', 'require', 'q', 'format', 'create', 'update', 'global', 'g', 'test'].map((verb) => [verb, { plain: [''] }])),
  },
  plain: ['', 'build', '-r', 'f -m release', 'show', 'clean'],
};

// ---------------------------------------------------------------------------------------------
// Workflow and data-pipeline tools: kustomize, snakemake, nextflow, dbt
// ---------------------------------------------------------------------------------------------

const DESTROYS = (note: string): { role: 'destructive'; note: string } => ({ role: 'destructive', note });

/**
 * kustomize builds the manifests of a kustomization folder and prints them (or writes them to -o).
 * Plugins, exec and containerized functions and Helm charts are off unless asked for; with them
 * the build runs programs the kustomization names.
 */
const KUSTOMIZE_GRAMMAR: Grammar = {
  short: 'oe',
  flags: 'h',
  abbreviations: false,
  long: {
    ...valued('output', 'load-restrictor', 'helm-command', 'helm-api-versions', 'helm-kube-version', 'mount', 'env', 'reorder', 'namespace', 'nameprefix', 'namesuffix', 'resources', 'autodetect', 'recursive', 'labels', 'annotations'),
    ...flagged('enable-alpha-plugins', 'enable-exec', 'enable-helm', 'enable-star', 'network', 'as-current-user', 'stack-trace', 'help', 'helm-debug', 'enable-managedby-label', 'version'),
  },
};
const KUSTOMIZE_ROW: ProgramRow = {
  names: ['kustomize'],
  category: 'build',
  what: 'kustomize, which builds Kubernetes manifests from a kustomization folder',
  grammar: KUSTOMIZE_GRAMMAR,
  operands: [{ role: 'executor', operand: 0, when: (v) => v === null || !['build', 'create', 'edit', 'version', 'help', 'completion'].includes(v), example: 'fn', note: 'a kustomize command that runs functions or plugins (fn, cfg, localize … or one only known at run time)' }],
  subcommands: {
    build: {
      grammar: KUSTOMIZE_GRAMMAR,
      options: [
        { role: 'writer', options: ['-o', '--output'], everyday: true, target: 'tree', example: 'out/', note: '-o writes the manifests to the named file or folder instead of printing them' },
        { role: 'executor', options: ['--enable-alpha-plugins', '--enable-exec'], note: '--enable-alpha-plugins/--enable-exec run the plugin and exec-function programs the kustomization names' },
        { role: 'executor', options: ['--enable-helm'], note: '--enable-helm runs helm, which fetches the charts the kustomization names and renders them' },
        { role: 'executor', options: ['--helm-command'], payload: 'program', example: '/tmp/helm', note: '--helm-command names the program run as helm' },
        { role: 'loader', options: ['--load-restrictor'], when: (v) => v !== 'LoadRestrictionsRootOnly', example: 'LoadRestrictionsNone', note: '--load-restrictor LoadRestrictionsNone lets the kustomization read files outside its folder into the output' },
        { role: 'loader', options: ['--mount'], example: 'type=bind,src=/,dst=/h', note: '--mount binds host folders into the function containers' },
        { role: 'network', options: ['--network'], note: '--network lets the function containers reach the network' },
      ],
      operands: [{ role: 'network', operand: 0, when: isUrl, example: 'https://github.com/example/k8s//overlays/dev', note: 'builds a kustomization fetched from a repository address' }],
      plain: ['', 'overlays/dev', 'overlays/staging -o out.yaml', '. --load-restrictor LoadRestrictionsRootOnly'],
    },
    // `create` and `edit` write kustomization.yaml in the folder they run in: their job.
    create: { grammar: KUSTOMIZE_GRAMMAR, read: () => [{ ...writes('kustomize', 'create', 'kustomization.yaml', 'file', 'kustomize create writes kustomization.yaml in the folder it runs in'), everyday: true }], plain: ['--autodetect'] },
    edit: { grammar: KUSTOMIZE_GRAMMAR, read: () => [{ ...writes('kustomize', 'edit', 'kustomization.yaml', 'file', 'kustomize edit rewrites kustomization.yaml in the folder it runs in'), everyday: true }], plain: ['set image app=example/app:1.2'] },
    version: { grammar: KUSTOMIZE_GRAMMAR },
    help: { grammar: KUSTOMIZE_GRAMMAR },
    completion: { grammar: KUSTOMIZE_GRAMMAR },
  },
  plain: ['version', 'build overlays/dev', 'build .'],
};

/**
 * snakemake runs the rules of the folder's Snakefile (Python, and the shell commands of its rules):
 * the project's own code, its job as a Makefile's is make's. Another Snakefile, profile or
 * configuration, another folder, a cluster submit command and the deleting options are forms.
 */
const SNAKEMAKE_GRAMMAR: Grammar = {
  short: 'sdcjTCu',
  flags: 'nprqFRhvSDk',
  abbreviations: true,
  long: {
    snakefile: ['value', 's'], directory: ['value', 'd'], cores: ['value', 'c'], jobs: ['value', 'j'], config: ['value', 'C'],
    ...valued(
      'configfile', 'configfiles', 'profile', 'workflow-profile', 'cluster', 'cluster-config', 'cluster-status', 'cluster-cancel', 'executor', 'report', 'archive', 'wrapper-prefix', 'default-remote-provider',
      'default-storage-provider', 'conda-prefix', 'apptainer-prefix', 'singularity-prefix', 'apptainer-args', 'singularity-args', 'conda-frontend', 'software-deployment-method', 'sdm', 'resources', 'res',
      'set-threads', 'max-threads', 'set-resources', 'set-scatter', 'default-resources', 'local-cores', 'restart-times', 'retries', 'latency-wait', 'rerun-triggers', 'until', 'omit-from', 'forcerun', 'target-jobs',
      'allowed-rules', 'batch', 'scheduler', 'max-jobs-per-second', 'max-status-checks-per-second', 'log-handler-script', 'shadow-prefix', 'rerun-incomplete-jobs', 'keep-storage-local-copies', 'storage-prefix',
      'local-storage-prefix', 'mode', 'group-components', 'groups', 'envvars', 'container-image', 'stats', 'wms-monitor', 'list-params-changes', 'list-code-changes', 'list-input-changes', 'list-version-changes',
      'debug-dag', 'lint-format', 'benchmark-extended', 'edit-notebook', 'draft-notebook', 'module-name',
    ),
    ...flagged(
      'dry-run', 'dryrun', 'printshellcmds', 'reason', 'quiet', 'forceall', 'force', 'keep-going', 'rerun-incomplete', 'ri', 'use-conda', 'use-singularity', 'use-apptainer', 'use-envmodules', 'list', 'list-rules',
      'list-target-rules', 'lt', 'dag', 'rulegraph', 'filegraph', 'd3dag', 'summary', 'detailed-summary', 'lint', 'help', 'version', 'verbose', 'nolock', 'notemp', 'nt', 'ignore-incomplete', 'ii', 'debug',
      'show-failed-logs', 'containerize', 'conda-create-envs-only', 'conda-cleanup-envs', 'list-conda-envs', 'unlock', 'cleanup-metadata', 'cm', 'cleanup-shadow', 'touch', 'delete-all-output',
      'delete-temp-output', 'generate-unit-tests', 'print-compilation', 'no-hooks', 'skip-script-cleanup', 'keep-incomplete', 'drop-metadata', 'cleanup-scripts', 'no-shared-fs', 'printshellcmds',
    ),
  },
};
/** A Snakefile named by a relative path that stays in the folder (not a URL, not absolute, no `..`). */
function snakemakeOwnFile(v: string | null): boolean {
  return v !== null && !isUrl(v) && !/^(\/|~)/.test(v) && !v.split('/').includes('..');
}
const SNAKEMAKE_READS = ['-s', '--snakefile', '-d', '--directory', '--configfile', '--configfiles', '--profile', '--workflow-profile', '--cluster-config', '-u'];
const SNAKEMAKE_ROW: ProgramRow = {
  names: ['snakemake'],
  category: 'build',
  what: 'Snakemake, a workflow manager that runs the rules of a Snakefile',
  grammar: SNAKEMAKE_GRAMMAR,
  options: [
    { role: 'loader', options: ['-s', '--snakefile'], when: (v) => !snakemakeOwnFile(v), example: '/tmp/Snakefile', note: '-s runs the rules of another Snakefile (Python and shell code)' },
    { role: 'loader', options: ['-s', '--snakefile'], when: snakemakeOwnFile, everyday: true, example: 'workflow/Snakefile', note: '-s runs the rules of a Snakefile of the project (its job, as the default Snakefile\'s)' },
    { role: 'network', options: ['-s', '--snakefile'], when: isUrl, example: 'https://example.com/Snakefile', note: '--snakefile URL fetches the workflow\'s code from the network and runs it' },
    { role: 'loader', options: ['-d', '--directory'], example: '/tmp/other', note: '-d runs the workflow in another folder, where its relative paths (and outputs) are' },
    { role: 'loader', options: ['--profile', '--workflow-profile', '--configfile', '--configfiles', '--cluster-config', '-u'], example: '/tmp/profile', note: 'these read another profile or configuration, which sets options and values the rules use' },
    { role: 'executor', options: ['--cluster', '--cluster-status', '--cluster-cancel', '--log-handler-script'], payload: 'shell-text', example: 'sh -c id', note: '--cluster (and its status and cancel commands) submit each job through the command given' },
    { role: 'network', options: ['--wrapper-prefix', '--default-remote-provider', '--default-storage-provider'], example: 'https://example.com/wrappers/', note: 'these fetch the wrappers\' code, or the inputs and outputs, from another server' },
    { role: 'destructive', options: ['--delete-all-output', '--delete-temp-output'], everyday: true, note: '--delete-all-output/--delete-temp-output delete the files the workflow\'s rules make' },
    { role: 'writer', options: ['--report', '--archive', '--stats'], target: 'file', everyday: true, example: 'report.html', note: '--report/--archive/--stats write the named file' },
  ],
  // A workflow file only known at run time (`-s <(printf …)`) is code nobody read: its word is
  // read as code, as an interpreter's inline code is (the floor reads its quoted strings as shell
  // text); a missing value is left unplaced.
  read: (_args, reading) => {
    const opaque = reading.options.find((o) => SNAKEMAKE_READS.includes(o.name) && (o.value === null || o.value.kind !== 'literal'));
    if (opaque === undefined) return [];
    if (opaque.value !== null) return [{ role: 'executor', program: 'snakemake', trigger: opaque.name, index: opaque.valueIndex ?? opaque.index, value: opaque.value, payload: 'code', note: `${opaque.name} reads a workflow only known at run time: its text is code snakemake runs` }];
    throw new Error(`${opaque.name}: the file it reads is missing or only known at run time`);
  },
  plain: ['-n', '--cores 4', '-c1', '--lint', '--dag', '--list', '-n -p --reason', '--cores 4 --use-conda', '-c1 -s workflow/Snakefile'],
};

/**
 * Nextflow runs a pipeline: a local script (main.nf, the project's own code) or one it downloads
 * from a repository (`nf-core/rnaseq`, `hello` is nextflow-io/hello on GitHub) into
 * ~/.nextflow/assets. Its options take one dash; `--NAME VALUE` are the pipeline's parameters.
 */
const NEXTFLOW_GRAMMAR: Grammar = {
  singleDash: true,
  abbreviations: false,
  long: {
    ...valued('c', 'config', 'C', 'log', 'D', 'profile', 'r', 'revision', 'params-file', 'w', 'work-dir', 'name', 'hub', 'user', 'with-docker', 'with-singularity', 'with-apptainer', 'with-conda', 'with-report', 'with-trace', 'with-timeline', 'with-dag', 'with-tower', 'with-weblog', 'entry', 'qs', 'queue-size', 'ansi-log', 'plugins', 'main-script', 'latest', 'h', 't', 'before', 'after', 'but', 'F', 'filter', 'f', 'o', 'output', 'format', 'sort'),
    ...flagged('resume', 'bg', 'q', 'quiet', 'help', 'version', 'v', 'offline', 'dump-hashes', 'dump-channels', 'stub', 'stub-run', 'preview', 'lib', 'without-docker', 'with-notification', 'n', 'dry-run', 'k', 'keep-logs', 'force', 'all', 'd', 'deep', 'i', 'ignore', 'l', 'list'),
  },
};
/** A pipeline named by a local path (main.nf, ./pipeline): the project's own; any other is fetched from its repository. */
function nextflowRemote(v: string | null): boolean {
  return v === null || !(v === '.' || /\.nf$/.test(v) || /^(\.{1,2}\/|\/|~)/.test(v));
}
/** Configuration settings given as options (`-process.cpus=2`) that only size or pace the tasks. */
const NEXTFLOW_SIZING = /^(cpus|memory|time|disk|maxForks|maxRetries|maxErrors|errorStrategy|queueSize|pollInterval|submitRateLimit|cache|echo|debug|tag|label|queue|scratch|stageInMode|stageOutMode)$/;
/**
 * `-SCOPE.KEY=VALUE` sets a configuration setting on the command line: `beforeScript`, `afterScript`
 * and `shell` are shell text every task runs; a setting that only sizes or paces the tasks is
 * none; any other (containerOptions, clusterOptions, env, …) is not read: unplaced.
 */
function nextflowSettings(args: readonly Word[]): Form[] {
  const forms: Form[] = [];
  args.forEach((word, index) => {
    if (word.kind !== 'literal') return;
    const match = /^-([A-Za-z]\w*(?:\.[\w$'"-]+)+)(?:=([\s\S]*))?$/.exec(word.value);
    if (match === null) return;
    const key = match[1]!.split('.').pop()!;
    if (NEXTFLOW_SIZING.test(key)) return;
    if (/^(beforeScript|afterScript|shell)$/.test(key)) {
      const value = match[2] ?? textOf(args[index + 1]);
      forms.push({ role: 'executor', program: 'nextflow', trigger: word.value, index, value: value === null ? null : literalWord(value), payload: 'shell-text', note: `-${match[1]} is shell text every task of the pipeline runs` });
      return;
    }
    throw new Error(`${word.value}: a configuration setting the gate does not read`);
  });
  return forms;
}
const NEXTFLOW_READ = ['log', 'list', 'info', 'view', 'config', 'lint', 'help', 'inspect', 'version', '-version', '-v', '-h', '-help'];
const NEXTFLOW_ROW: ProgramRow = {
  names: ['nextflow'],
  category: 'build',
  what: 'Nextflow, a workflow manager that runs pipelines (local scripts or downloaded repositories)',
  grammar: NEXTFLOW_GRAMMAR,
  options: [{ role: 'loader', options: ['-c', '-config', '-C'], example: '/tmp/nextflow.config', note: '-c/-C read another configuration (Groovy code, which also sets the processes\' commands)' }],
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || (!NEXTFLOW_READ.includes(v) && v !== 'run'), example: 'drop', note: 'a nextflow command that deletes (clean, drop), downloads (pull, clone, self-update), keeps secrets or runs elsewhere (or one only known at run time)' }],
  subcommands: {
    run: {
      grammar: NEXTFLOW_GRAMMAR,
      options: [
        { role: 'loader', options: ['-c', '-config', '-C', '-params-file'], example: '/tmp/nextflow.config', note: '-c/-params-file read another configuration or parameters file (the configuration is Groovy code)' },
        { role: 'writer', options: ['-w', '-work-dir'], target: 'tree', example: '/tmp/work', note: '-w keeps the tasks\' work files in another folder' },
        { role: 'network', options: ['-with-tower', '-with-weblog', '-hub'], example: 'https://tower.example.com', note: 'these send the run\'s progress to a server, or fetch the pipeline from another host' },
      ],
      // Running a pipeline by its repository's name is what `nextflow run` is for: an entry for it covers that.
      operands: [{ role: 'loader', operand: 0, when: nextflowRemote, everyday: true, example: 'nf-core/rnaseq', note: 'nextflow run NAME downloads the pipeline from its repository (GitHub by default) and runs its code' }],
      read: nextflowSettings,
      plain: ['hello', 'hello -process.cpus=2', 'main.nf', 'main.nf -profile test,docker', './main.nf -resume', 'main.nf --outdir results -with-report report.html'],
    },
    ...Object.fromEntries(['log', 'list', 'view', 'config', 'lint', 'help', 'inspect'].map((verb) => [verb, { grammar: NEXTFLOW_GRAMMAR }])),
    // `nextflow info` prints the version; `nextflow info NAME` the downloaded pipeline's facts.
    info: { grammar: NEXTFLOW_GRAMMAR },
    // `clean` deletes the work files and cache entries of past runs (in the workspace's work/ and .nextflow/).
    clean: { grammar: NEXTFLOW_GRAMMAR, options: [{ role: 'destructive', options: ['-f', '-force', '-k', '-keep-logs'], everyday: true, note: 'nextflow clean -f deletes the work files of past runs' }], plain: ['-n', '-dry-run'] },
  },
  plain: ['log', 'info', '-version', 'config', 'list', 'run main.nf'],
};

/**
 * dbt runs a project's SQL models against the warehouse that profiles.yml names. `ls`, `parse`
 * and `compile` read the project (compile also runs the warehouse's introspective queries); run,
 * build, test, seed, snapshot, run-operation, clone and retry run SQL there, which creates,
 * replaces or drops tables (and the project's on-run hooks run any SQL). `deps` downloads packages.
 */
const DBT_GRAMMAR: Grammar = {
  short: 'tsmo',
  flags: 'hVxdq',
  abbreviations: false,
  long: {
    target: ['value', 't'], select: ['value', 's'], models: ['value', 'm'], output: ['value', 'o'],
    ...valued('profiles-dir', 'project-dir', 'profile', 'vars', 'exclude', 'selector', 'threads', 'state', 'defer-state', 'log-path', 'target-path', 'log-level', 'log-level-file', 'log-format', 'log-format-file',
      'resource-type', 'resource-types', 'exclude-resource-type', 'output-keys', 'inline', 'limit', 'args', 'macro', 'event-time-start', 'event-time-end', 'printer-width', 'sample', 'empty-catalog', 'static-parser', 'port', 'host', 'indirect-selection', 'warn-error-options', 'cache-selected-only', 'populate-cache'),
    ...flagged('help', 'version', 'debug', 'quiet', 'fail-fast', 'full-refresh', 'defer', 'no-defer', 'favor-state', 'no-favor-state', 'use-colors', 'no-use-colors', 'warn-error', 'no-version-check', 'version-check',
      'store-failures', 'no-introspect', 'introspect', 'partial-parse', 'no-partial-parse', 'empty', 'no-empty', 'write-json', 'no-write-json', 'compile', 'no-compile', 'browser', 'no-browser', 'static', 'upgrade', 'lock', 'add-package', 'skip-profile-setup', 'show-resource-report', 'record-timing-info', 'send-anonymous-usage-stats', 'no-send-anonymous-usage-stats', 'print', 'no-print'),
  },
};
const DBT_OPTIONS: readonly OptionRole[] = [
  { role: 'loader', options: ['--profiles-dir'], example: '/tmp/dbt', note: '--profiles-dir reads another profiles.yml (another warehouse and its credentials)' },
  { role: 'loader', options: ['--project-dir'], example: '/tmp/other', note: '--project-dir runs another project\'s models, macros and hooks' },
  { role: 'writer', options: ['--target-path', '--log-path'], target: 'tree', example: '/tmp/out', note: '--target-path/--log-path write the artifacts or logs to another folder' },
];
const DBT_RUNS_SQL = (verb: string): Command => ({ grammar: DBT_GRAMMAR, options: DBT_OPTIONS, role: DESTROYS(`dbt ${verb} runs the project's SQL on the warehouse of profiles.yml, which creates, replaces or drops tables`) });
const DBT_READS = (note: string | null): Command => ({ grammar: DBT_GRAMMAR, options: DBT_OPTIONS, ...(note === null ? {} : { role: { role: 'network' as const, everyday: true, note } }) });
const DBT_ROW: ProgramRow = {
  names: ['dbt'],
  category: 'database',
  what: 'dbt, which builds a project\'s SQL models in a data warehouse',
  grammar: DBT_GRAMMAR,
  options: DBT_OPTIONS,
  operands: [{ role: 'destructive', operand: 0, when: (v) => v === null || !['ls', 'list', 'parse', 'compile', 'debug', 'deps', 'docs', 'show', 'source', 'help', 'clean', 'init', 'run', 'build', 'test', 'seed', 'snapshot', 'run-operation', 'clone', 'retry'].includes(v), example: 'x-unknown-verb', note: 'a dbt command this row does not know (or one only known at run time)' }],
  subcommands: {
    ls: DBT_READS(null),
    list: DBT_READS(null),
    parse: DBT_READS(null),
    compile: { ...DBT_READS('dbt compile runs the warehouse\'s introspective queries (it reads the warehouse)'), options: [...DBT_OPTIONS, { role: 'executor', options: ['--inline'], payload: 'code', example: 'drop table x', note: '--inline compiles the SQL given on the command line' }] },
    debug: DBT_READS('dbt debug connects to the warehouse of profiles.yml to test the connection'),
    // `dbt show` runs a query (the model's, or --inline SQL) and prints its first rows.
    show: { ...DBT_READS('dbt show runs a query on the warehouse and prints its rows'), options: [...DBT_OPTIONS, { role: 'executor', options: ['--inline'], payload: 'code', example: 'drop table x', note: '--inline runs the SQL given on the command line on the warehouse' }] },
    source: DBT_READS('dbt source freshness queries the sources\' tables on the warehouse'),
    deps: { ...DBT_READS('dbt deps downloads the packages packages.yml names (from the hub or git) into dbt_packages'), plain: ['', '--upgrade'] },
    help: { grammar: DBT_GRAMMAR },
    docs: {
      grammar: DBT_GRAMMAR,
      options: DBT_OPTIONS,
      operands: [
        { role: 'network', operand: 0, when: (v) => v === null || v === 'generate', example: 'generate', everyday: true, note: 'dbt docs generate queries the warehouse\'s catalog' },
        { role: 'listener', operand: 0, when: (v) => v === null || v === 'serve', example: 'serve', note: 'dbt docs serve runs a web server for the documentation' },
      ],
    },
    // `clean` deletes the folders clean-targets in dbt_project.yml names (target/, dbt_packages/).
    clean: { grammar: DBT_GRAMMAR, options: DBT_OPTIONS, role: DESTROYS('dbt clean deletes the folders dbt_project.yml lists as clean-targets') },
    init: { grammar: DBT_GRAMMAR, options: DBT_OPTIONS, read: () => [writes('dbt', 'init', '~/.dbt/profiles.yml', 'file', 'dbt init creates a project and writes its connection to ~/.dbt/profiles.yml')] },
    ...Object.fromEntries(['run', 'build', 'test', 'seed', 'snapshot', 'run-operation', 'clone', 'retry'].map((verb) => [verb, DBT_RUNS_SQL(verb)])),
  },
  plain: ['--version', 'ls', 'ls --resource-type model', 'parse', 'list --select staging'],
};

// ---------------------------------------------------------------------------------------------
// dvc, spack, CocoaPods
// ---------------------------------------------------------------------------------------------

/**
 * DVC versions data beside git. Reading the status, diffs, the pipeline's graph, parameters,
 * metrics and plots prints; `repro` and `exp run` run the stages of the project's dvc.yaml (its
 * job, as make's recipes are make's); add, commit, checkout and stage write the workspace and its
 * cache; pull, push, fetch and import reach the remote storage. gc, destroy and remove delete data.
 */
const DVC_READ = new Set(['status', 'diff', 'dag', 'params', 'metrics', 'plots', 'ls', 'list', 'version', 'doctor', 'help', 'check-ignore', 'root', 'data', 'du']);
const DVC_EVERYDAY = new Set(['repro', 'add', 'commit', 'checkout', 'stage', 'init', 'move', 'unprotect', 'freeze', 'unfreeze']);
const DVC_NETWORK = new Set(['pull', 'push', 'fetch', 'import', 'import-url', 'get', 'get-url', 'update']);
const DVC_GRAMMAR: Grammar = {
  short: 'rjRdnopmMw',
  flags: 'qvhfaTAsc',
  abbreviations: false,
  long: {
    remote: ['value', 'r'], jobs: ['value', 'j'], rev: ['value', 'R'], name: ['value', 'n'], deps: ['value', 'd'], outs: ['value', 'o'], params: ['value', 'p'], metrics: ['value', 'm'], wdir: ['value', 'w'],
    ...valued('cd', 'targets', 'file', 'out', 'outs-no-cache', 'metrics-no-cache', 'plots', 'plots-no-cache', 'outs-persist'),
    ...flagged('quiet', 'verbose', 'help', 'version', 'force', 'all-branches', 'all-tags', 'all-commits', 'workspace', 'cloud', 'json', 'md', 'recursive', 'dry', 'downstream', 'pipeline', 'show-json', 'no-commit', 'run-cache', 'no-run-cache', 'global', 'system', 'local', 'project'),
  },
};
const DVC_ROW: ProgramRow = {
  names: ['dvc'],
  category: 'build',
  what: 'DVC, which versions data and runs data pipelines beside git',
  grammar: DVC_GRAMMAR,
  options: [{ role: 'loader', options: ['--cd'], example: '/tmp/other', note: '--cd works on another project, whose dvc.yaml stages run' }],
  operands: [
    { role: 'destructive', operand: 0, when: (v) => v === null || (!DVC_READ.has(v) && !DVC_EVERYDAY.has(v) && !DVC_NETWORK.has(v) && !['exp', 'experiments', 'config', 'remote', 'cache', 'install'].includes(v)), example: 'gc', note: 'a dvc command that deletes data (gc, destroy, remove) or one this row does not know' },
    { role: 'network', operand: 0, when: (v) => v === null || DVC_NETWORK.has(v), everyday: true, example: 'pull', note: 'dvc pull/push/fetch/import reach the remote storage' },
  ],
  read: (args, reading) => {
    const [verb, sub] = reading.operands.map(textOf);
    const at = reading.operandIndexes[1] ?? reading.operandIndexes[0] ?? -1;
    const words = args.map(textOf);
    if (verb === 'exp' || verb === 'experiments') {
      if (sub === 'remove' || sub === 'rm' || sub === 'gc' || sub === 'clean') return [{ role: 'destructive', program: 'dvc', trigger: sub, index: at, value: null, note: 'dvc exp remove/gc deletes experiments' }];
      if (sub === 'push' || sub === 'pull') return [{ role: 'network', program: 'dvc', trigger: sub, index: at, value: null, everyday: true, note: 'dvc exp push/pull reach the git remote and the storage' }];
      return [];
    }
    // `dvc config KEY VALUE`, `dvc remote add|modify …`: the project's .dvc/config (its job), or
    // with --global/--system the user's or the machine's.
    if (verb === 'config' || verb === 'remote' || verb === 'cache') {
      const outside = words.includes('--global') || words.includes('--system');
      const changes = verb === 'config' ? reading.operands.length >= 3 || words.includes('--unset') || words.includes('-u') : !['list', 'dir'].includes(sub ?? '') || (verb === 'cache' && reading.operands.length >= 3);
      if (!changes) return [];
      const file = words.includes('--system') ? '/etc/xdg/dvc/config' : '~/.config/dvc/config';
      return [outside ? writes('dvc', verb, file, 'file', `dvc ${verb} --global/--system rewrites ${file}`) : { ...writes('dvc', verb, '.dvc/config', 'file', `dvc ${verb} rewrites the project's .dvc/config`), everyday: true }];
    }
    // `dvc stage add -n NAME CMD…` writes a stage whose command (its words joined) `dvc repro`
    // runs; the legacy `dvc run … CMD…` runs it at once. The command is shell text.
    if ((verb === 'stage' && sub === 'add') || verb === 'run') {
      const first = verb === 'run' ? 1 : 2;
      const words = reading.operands.slice(first);
      if (words.length === 0) return [];
      const text = words.map((word) => (word.kind === 'literal' ? word.value : word.raw)).join(' ');
      return [{ role: 'executor', program: 'dvc', trigger: verb === 'run' ? 'run' : 'stage add', index: reading.operandIndexes[first]!, value: literalWord(text), payload: 'shell-text', everyday: verb === 'stage', note: verb === 'run' ? 'dvc run runs the command given and records it as a stage' : 'dvc stage add records the command given as a stage, which dvc repro runs' }];
    }
    // `dvc install` adds git hooks that run dvc at checkout, commit and push.
    if (verb === 'install') return [writes('dvc', 'install', '.git/hooks', 'tree', 'dvc install writes git hooks, which git runs later')];
    return [];
  },
  plain: ['status', 'diff', 'dag', 'repro', 'stage list', 'params diff', 'metrics show', 'pull -r storage', 'push -r storage', 'add data/raw.csv', 'exp show', 'version'],
};

/**
 * Spack builds and installs packages into its own tree (its prefix, outside the workspace). Its
 * reading commands print; installing, uninstalling, cleaning and changing environments or
 * configuration change that tree; `spack python` runs Python.
 */
const SPACK_READ = new Set(['find', 'info', 'list', 'spec', 'versions', 'providers', 'dependencies', 'dependents', 'location', 'arch', 'graph', 'help', 'maintainers', 'tags', 'url', 'debug', 'audit', 'style', 'blame', 'checksum', 'resource', 'logs', 'solve']);
const SPACK_GRAMMAR: Grammar = {
  short: 'CDeEcv',
  flags: 'hdkVlLmbpyaqsr',
  abbreviations: false,
  long: {
    config: ['value', 'c'], env: ['value', 'e'], 'env-dir': ['value', 'D'], 'config-scope': ['value', 'C'],
    ...valued('color', 'scope', 'fake', 'jobs', 'deprecated'),
    ...flagged('help', 'version', 'debug', 'insecure', 'no-env', 'use-env-repo', 'timestamp', 'stacktrace', 'backtrace', 'mock', 'print-shell-vars', 'yes-to-all', 'all', 'long', 'paths', 'deps', 'explicit', 'implicit', 'json', 'verbose', 'show-flags', 'variants', 'installed', 'missing'),
  },
};
const SPACK_ROW: ProgramRow = {
  names: ['spack'],
  category: 'package',
  what: 'Spack, a package manager that builds software for HPC systems',
  grammar: SPACK_GRAMMAR,
  options: [
    { role: 'loader', options: ['-C', '--config-scope', '-e', '--env', '-D', '--env-dir'], example: '/tmp/spack', note: 'these read another configuration or environment, which names compilers, mirrors and build settings' },
    { role: 'executor', options: ['-c', '--config'], when: (v) => v === null || !/^config:(debug|verify_ssl|build_jobs|ccache)/.test(v), example: 'config:shared_linking:type:rpath', note: '-c sets a configuration value (compilers, mirrors, modules, build settings)' },
    { role: 'network', options: ['-k', '--insecure'], note: '-k downloads without checking certificates' },
  ],
  operands: [
    { role: 'destructive', operand: 0, when: (v) => v === null || (!SPACK_READ.has(v) && !['compiler', 'compilers', 'config', 'env', 'mirror', 'repo', 'python'].includes(v)), example: 'uninstall', note: 'a spack command that installs, uninstalls, cleans or changes its tree, environments or configuration (or one only known at run time)' },
  ],
  read: (_args, reading) => {
    const [verb, sub] = reading.operands.map(textOf);
    const at = reading.operandIndexes[1] ?? reading.operandIndexes[0] ?? -1;
    const reads: Record<string, readonly string[]> = { compiler: ['list', 'info'], compilers: [], config: ['get', 'blame', 'list'], env: ['list', 'ls', 'status', 'st'], mirror: ['list'], repo: ['list'] };
    if (verb === null || verb === undefined || !(verb in reads)) return [];
    if (verb === 'compilers' || (sub !== undefined && sub !== null && reads[verb]!.includes(sub))) return [];
    return [{ role: 'destructive', program: 'spack', trigger: sub ?? verb, index: at, value: null, note: `spack ${verb} ${sub ?? ''} changes spack's configuration, environments, compilers or mirrors` }];
  },
  // `spack python [-c CODE | SCRIPT]` (its own grammar: -c is its code there).
  subcommands: {
    python: {
      grammar: { short: 'cim', flags: 'hV', abbreviations: false, long: flagged('help', 'path') },
      options: [{ role: 'executor', options: ['-c'], payload: 'code', example: 'import os; os.system("id")', note: 'spack python -c runs the Python code given' }],
      role: { role: 'executor', note: 'spack python runs Python (a script, a module, or its standard input) with spack\'s modules' },
    },
  },
  plain: ['find', 'info zlib', 'list py-', 'spec zlib', 'versions zlib', 'compiler list', 'env status', 'config get config', '--version'],
};

/**
 * CocoaPods: `pod install` and `update` run the project's Podfile (Ruby) and write Pods/ and the
 * workspace (their job), fetching the pods; linting builds the pod. Cache, repo and trunk commands
 * reach or change what is outside the project.
 */
const POD_GRAMMAR: Grammar = {
  abbreviations: false,
  long: {
    ...valued('project-directory', 'sources', 'platforms', 'subspec', 'swift-version', 'include-podspecs', 'external-podspecs', 'test-specs', 'analyze', 'configuration', 'spec-repo'),
    ...flagged('help', 'version', 'verbose', 'silent', 'no-ansi', 'allow-root', 'repo-update', 'no-repo-update', 'deployment', 'clean-install', 'all', 'allow-warnings', 'quick', 'no-clean', 'fail-fast', 'use-libraries', 'use-modular-headers', 'use-static-frameworks', 'skip-import-validation', 'skip-tests', 'no-subspecs', 'short', 'simple', 'stats', 'ignore-prerelease', 'no-private', 'local-only', 'sources'),
  },
};
const POD_ROW: ProgramRow = {
  names: ['pod'],
  category: 'package',
  what: 'CocoaPods, the dependency manager of Xcode projects',
  grammar: POD_GRAMMAR,
  options: [{ role: 'loader', options: ['--project-directory'], example: '/tmp/other', note: '--project-directory runs another project\'s Podfile (Ruby code)' }],
  operands: [
    { role: 'destructive', operand: 0, when: (v) => v === null || !['install', 'update', 'outdated', 'lib', 'spec', 'search', 'list', 'env', 'init', 'cache', 'repo', 'help', 'info', 'deintegrate'].includes(v), example: 'trunk', note: 'a pod command that publishes (trunk), opens or runs something (try, ipc, plugins) or one this row does not know' },
    { role: 'network', operand: 0, when: (v) => v === null || ['install', 'update', 'outdated'].includes(v), everyday: true, example: 'install', note: 'pod install/update/outdated fetch the specs repository and the pods' },
    { role: 'destructive', operand: 0, when: (v) => v === 'deintegrate', example: 'deintegrate', note: 'pod deintegrate removes CocoaPods from the Xcode project' },
  ],
  read: (_args, reading) => {
    const [verb, sub] = reading.operands.map(textOf);
    const at = reading.operandIndexes[1] ?? reading.operandIndexes[0] ?? -1;
    if (verb === 'cache' && sub !== 'list') return [{ role: 'destructive', program: 'pod', trigger: sub ?? 'cache', index: at, value: null, note: 'pod cache clean deletes CocoaPods\' download cache' }];
    if (verb === 'repo' && sub !== 'list') return [{ role: 'network', program: 'pod', trigger: sub ?? 'repo', index: at, value: null, note: 'pod repo add/update/push/remove change the spec repositories (push publishes a spec)' }];
    if (verb === 'spec' && sub !== 'cat' && sub !== 'which') return [{ role: 'network', program: 'pod', trigger: sub ?? 'spec', index: at, value: null, everyday: sub === 'lint', note: 'pod spec lint/create fetch sources and build the pod, or write a podspec' }];
    if (verb === 'init') return [{ ...writes('pod', 'init', 'Podfile', 'file', 'pod init writes the folder\'s Podfile'), everyday: true }];
    return [];
  },
  plain: ['install', 'update', 'outdated', 'lib lint --allow-warnings', 'search Alamofire', 'env', '--version', 'cache list'],
};

export const BUILD_ROWS: readonly ProgramRow[] = [
  DVC_ROW,
  SPACK_ROW,
  POD_ROW,
  KUSTOMIZE_ROW,
  SNAKEMAKE_ROW,
  NEXTFLOW_ROW,
  DBT_ROW,
  ACT_ROW,
  XMAKE_ROW,
  NPM_ROW,
  NPX_ROW,
  GO_ROW,
  PNPM_ROW,
  PNPX_ROW,
  YARN_ROW,
  BUNX_ROW,
  COREPACK_ROW,
  PIP_ROW,
  PIPX_ROW,
  UV_ROW,
  UVX_ROW,
  POETRY_ROW,
  PIPENV_ROW,
  RYE_ROW,
  PIXI_ROW,
  CONDA_ROW,
  EASY_INSTALL_ROW,
  CARGO_ROW,
  RUSTC_ROW,
  RUSTDOC_ROW,
  RUSTFMT_ROW,
  RUSTUP_ROW,
  GOFMT_ROW,
  MAKE_ROW,
  JUST_ROW,
  TASK_ROW,
  GRADLE_ROW,
  MAVEN_ROW,
  ANT_ROW,
  SBT_ROW,
  BAZEL_ROW,
  CMAKE_ROW,
  NINJA_ROW,
  MESON_ROW,
  AUTOCONF_ROW,
  AUTORECONF_ROW,
  AUTOHEADER_ROW,
  M4_ROW,
  GCC_ROW,
  CLANG_ROW,
  LD_ROW,
  AS_ROW,
  NASM_ROW,
  COBC_ROW,
  DISTCC_ROW,
  PYTEST_ROW,
  RSPEC_ROW,
  SCONS_ROW,
  TOX_ROW,
  NOX_ROW,
  MYPY_ROW,
  PYRIGHT_ROW,
  JEST_ROW,
  VITEST_ROW,
  MOCHA_ROW,
  ESLINT_ROW,
  PRETTIER_ROW,
  TSC_ROW,
  TSX_ROW,
  TS_NODE_ROW,
  WEBPACK_ROW,
  VITE_ROW,
  ROLLUP_ROW,
  ESBUILD_ROW,
  GEM_ROW,
  BUNDLE_ROW,
  RAKE_ROW,
  COMPOSER_ROW,
  CPANM_ROW,
  DOTNET_ROW,
  SWIFT_ROW,
  MIX_ROW,
  STACK_ROW,
  CABAL_ROW,
  FORGE_ROW,
  SHELLCHECK_ROW,
  BLACK_ROW,
  RUFF_ROW,
  CPM_ROW,
  TLMGR_ROW,
  ZIG_ROW,
];
