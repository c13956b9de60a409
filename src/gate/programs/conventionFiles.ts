/**
 * Files a program loads by convention from the folder it runs in, and runs what they say (D§5;
 * docs/decisions.md "Files a tool loads by convention"): `make` its `Makefile`, `just` its
 * `justfile`, `cue cmd` every `*_tool.cue`, `task` its `Taskfile.yml`, `rake` its `Rakefile`,
 * `cargo build` the package's `build.rs`, `pytest` the `conftest.py`, `pylint` its `.pylintrc`
 * (`init-hook`), `npm run` the scripts of `package.json` … The one list of these conventions: a
 * program need not have a row (cue has none), and the hardline floor's written-script reader
 * (`hardline/writtenScripts.ts`) reads such a file written earlier on the same line as what the
 * program then runs.
 *
 * `language`: how the text is read. `shell` is shell text (recipes, task lists); a program name is
 * that program's language read from standard input (`ruby`, `python3`, make's own row, so `$$` is
 * `$`); `approximate` is the shared approximate reader with the generic row (string literals as
 * shell text, a list of strings as an argv), for configuration languages without a reader (CUE,
 * JSON, YAML, INI, Gradle's).
 */

export interface ConventionFile {
  /** File names in the working folder, as bash patterns (`*_tool.cue`), or paths below it (`.git/hooks/pre-commit`). */
  readonly names: readonly string[];
  /** Only when the first operand is one of these (`cue cmd`, `cargo build`); absent: any use. */
  readonly verbs?: readonly string[];
  readonly language: 'shell' | 'approximate' | 'make' | 'ruby' | 'python3';
}

const CARGO_BUILDING = ['build', 'b', 'test', 't', 'run', 'r', 'check', 'c', 'bench', 'clippy', 'doc', 'd', 'install', 'fix', 'rustc', 'miri'];
const NPM_SCRIPTS = ['run', 'run-script', 'rum', 'urn', 'test', 't', 'tst', 'start', 'stop', 'restart', 'install', 'i', 'add', 'ci', 'pack', 'publish', 'exec'];

const PYTHON_TASKS: ConventionFile = { names: ['tasks.py'], language: 'python3' };

/** Program name (as commandName gives it) → the files it loads by convention. */
const CONVENTIONS: Readonly<Record<string, readonly ConventionFile[]>> = {
  make: [{ names: ['GNUmakefile', 'makefile', 'Makefile'], language: 'make' }],
  gmake: [{ names: ['GNUmakefile', 'makefile', 'Makefile'], language: 'make' }],
  just: [{ names: ['justfile', 'Justfile', '.justfile', 'JUSTFILE'], language: 'shell' }],
  cue: [{ names: ['*_tool.cue'], verbs: ['cmd'], language: 'approximate' }],
  task: [{ names: ['Taskfile.yml', 'Taskfile.yaml', 'taskfile.yml', 'taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml'], language: 'approximate' }],
  rake: [{ names: ['Rakefile', 'rakefile', 'Rakefile.rb', 'rakefile.rb'], language: 'ruby' }],
  cargo: [{ names: ['build.rs'], verbs: CARGO_BUILDING, language: 'approximate' }],
  invoke: [PYTHON_TASKS],
  inv: [PYTHON_TASKS],
  fab: [{ names: ['fabfile.py'], language: 'python3' }],
  doit: [{ names: ['dodo.py'], language: 'python3' }],
  nox: [{ names: ['noxfile.py'], language: 'python3' }],
  pytest: [{ names: ['conftest.py'], language: 'python3' }],
  'py.test': [{ names: ['conftest.py'], language: 'python3' }],
  // SCons' own actions (`Delete`, `Move`, `Chmod`, `Execute`) are no Python the python reader knows:
  // the approximate reader reads their words and paths too.
  scons: [{ names: ['SConstruct', 'Sconstruct', 'sconstruct'], language: 'python3' }, { names: ['SConstruct', 'Sconstruct', 'sconstruct'], language: 'approximate' }],
  pylint: [{ names: ['.pylintrc', 'pylintrc'], language: 'approximate' }],
  gradle: [{ names: ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'], language: 'approximate' }],
  gradlew: [{ names: ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'], language: 'approximate' }],
  npm: [{ names: ['package.json'], verbs: NPM_SCRIPTS, language: 'approximate' }],
  yarn: [{ names: ['package.json'], language: 'approximate' }],
  pnpm: [{ names: ['package.json'], verbs: NPM_SCRIPTS, language: 'approximate' }],
  bun: [{ names: ['package.json'], verbs: ['run', 'test', 'install', 'i', 'add'], language: 'approximate' }],
  deno: [{ names: ['deno.json', 'deno.jsonc'], verbs: ['task'], language: 'approximate' }],
  composer: [{ names: ['composer.json'], verbs: ['run-script', 'run', 'install', 'update', 'test'], language: 'approximate' }],
  // git runs the repository's hooks (githooks(5)) for the commands that reach them: a hook file is a
  // program, at its worst shell text.
  git: [
    { names: ['.git/hooks/pre-commit', '.git/hooks/prepare-commit-msg', '.git/hooks/commit-msg', '.git/hooks/post-commit', '.git/hooks/pre-auto-gc'], verbs: ['commit'], language: 'shell' },
    { names: ['.git/hooks/pre-merge-commit', '.git/hooks/post-merge', '.git/hooks/pre-auto-gc'], verbs: ['merge', 'pull'], language: 'shell' },
    { names: ['.git/hooks/post-checkout'], verbs: ['checkout', 'switch', 'clone', 'pull', 'worktree'], language: 'shell' },
    { names: ['.git/hooks/pre-push', '.git/hooks/reference-transaction'], verbs: ['push'], language: 'shell' },
    { names: ['.git/hooks/pre-rebase', '.git/hooks/post-rewrite'], verbs: ['rebase', 'pull'], language: 'shell' },
    { names: ['.git/hooks/applypatch-msg', '.git/hooks/pre-applypatch', '.git/hooks/post-applypatch'], verbs: ['am'], language: 'shell' },
    { names: ['.git/hooks/reference-transaction'], verbs: ['commit', 'merge', 'pull', 'checkout', 'switch', 'rebase', 'reset', 'branch', 'tag', 'fetch', 'update-ref'], language: 'shell' },
  ],
};

/** The files `program` loads by convention when its first operand is `verb` (null: none). */
export function conventionFiles(program: string, verb: string | null): ConventionFile[] {
  const all = Object.prototype.hasOwnProperty.call(CONVENTIONS, program) ? CONVENTIONS[program]! : [];
  return all.filter((convention) => convention.verbs === undefined || (verb !== null && convention.verbs.includes(verb)));
}
