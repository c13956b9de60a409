import { parseListEntries, type ListEntry } from './listEntry';
import { programRows } from '../programs/table';
import { PLAIN_VARIABLES } from '../programs/plainVariables';

/**
 * The built-in default allow list (D§6): read-only everyday commands that should cost neither a
 * model call nor a prompt. On by default, switchable off, never rated.
 *
 * It is made from the program table (D§4.3): every name of every row marked `readOnly` is a
 * prefix entry, and the same rows carve their dangerous forms out of it — an entry never covers a
 * form it does not spell (`sort -o`, `find -exec`, `sed -i`, `date -s`, `xxd IN OUT`). The bar
 * for `readOnly`, in the row: with its forms taken away, any words an agent can add only read and
 * print. `approvals-gate programs NAME` shows a row; docs/programs.md lists them all.
 *
 * The lines below are for rows that are not read-only as a whole but have read-only forms:
 * - `git status|log|diff|show|rev-parse|blame|ls-files`: read the repository; the git row carves
 *   out `--output`, `--ext-diff`, `--textconv` and every option before the subcommand.
 * - `git branch`: with arguments it creates, renames or deletes branches, so only the listing
 *   forms (a regexp over the argv text); `git remote`: only the bare and `-v` forms.
 * - `git grep`, `git stash list|show`, `git worktree list`, `git submodule status`, the read forms
 *   of `git config` (`--get…`, `--list`, `get`, `list`, a name alone), `git describe|shortlog|
 *   rev-list|ls-tree|cat-file|for-each-ref|merge-base|count-objects|check-ignore`, `git reflog
 *   [show]`, `npm ls|list`, `npm config get|list`, `npm root|prefix|pkg get|explain|why`, `pip show|list|freeze`: they print what the repository
 *   or the installed packages record; the rows carve out their writing and program-running options
 *   (`cat-file --textconv|--filters`, `--output` of the revision walkers).
 * - `git tag`: with a name it makes a tag, so only the listing forms, spelled out; pattern
 *   operands only after `-l`/`--list`, which makes every operand a pattern.
 * - `git --version`, `node --version|-v`, `npm --version|-v`, `python --version|-V`,
 *   `python3 --version|-V`, `pip[3] --version`, `ruby -v|--version`, `java -version|--version`:
 *   exactly these words; any other argument could run code. The same for the compilers' and build
 *   tools' version forms (`gcc|g++|cc|c++|clang|clang++ --version|-v`, `make|gmake --version`,
 *   `cmake --version`, `javac -version`, `perl -v`, `php -v`, `tsc --version`, `deno --version`),
 *   which print and stop before reading any file of the project.
 * - `git --no-pager status|log|diff|show|blame`, `git reflog [show] -n N`, `git branch
 *   --merged|--sort=…`, `apt list|show`, `apt-cache policy|show`, `dpkg -l|-L|-s`, `command -v|-V`,
 *   `history`: they print what is recorded; the rows carve out the options that run hooks.
 *   Left out: `cargo|rustc --version` and `go version` (rustup and GOTOOLCHAIN may download and run
 *   a toolchain the project names), `gem list` (loads every installed gem's plugin file).
 * - `git help [X]`, `git X --help`, `git --help`: they show a manual page (see the entries).
 *
 * Asked for and left out: `yarn --version` (a project's `.yarnrc.yml` `yarnPath` makes yarn run
 * the project's own script), `python3 -m json.tool` (`-m` finds modules in the working folder
 * first, so a project's `json/` runs).
 *
 * `git -C DIR X` is covered by the entry for `git X` (a literal DIR, `-C` repeated or not, right
 * after `git`): it is `cd DIR && git X`, and `cd` is a read-only row (the git row's
 * `workingFolderIsCd`; every other global option stays carved out).
 *
 * `alias` is a read-only row (docs/decisions.md, "More everyday read-only forms"): the resolver
 * reads only its print forms (`alias`, `alias -p`, `alias NAME…`); any word with `=` leaves the
 * line unresolved, which no entry covers.
 *
 * `cd`, `pushd`, `popd`, `dirs` are read-only rows: the floors follow the folder through the line
 * (docs/decisions.md, "Where a path lands"), and each later segment still needs its own entry.
 *
 * `awk`, `gawk`, `mawk`, `nawk` are read-only rows: their reader (programs/awk.ts) reports every
 * construct that runs, writes, loads, connects or reads `ENVIRON`, and the default entry never
 * spells one, so `awk '$3 > 100 {print}' f` runs and `awk '{print > "f"}'` asks.
 *
 * `ps` is a read-only row: listing processes and their command lines is its job.
 * Its forms that print each process's environment (`ps auxe`, `ps eww`, macOS `-E`, and a dash
 * `e` on a line procps may read again the BSD way, `ps -auxe`, `ps -e -x`) are `credentials`
 * forms that are not everyday, so no default entry covers them; `ps -e` ("every process") is.
 * `ip` and `ifconfig` are read-only rows since session 11 for their listing forms: every ip verb
 * but show/list/get/help is a destructive form (an allow-list of verbs, so one the table does not
 * know is a change too), `-batch` a loader, `netns|vrf exec` a command of its own; every ifconfig
 * word after the interface changes it. `lscpu`, `lsb_release`, `whatis`, `apropos` are new
 * read-only rows (`-C`, a man-db configuration, carved out of the last two). `printenv NAME` is
 * covered for the names that only hold folders, search paths or the user's name (one entry each,
 * from PLAIN_VARIABLES); bare `printenv` and any other name stay out (secrets).
 *
 * Session 12 added read-only rows for `who` (`--lookup` asks DNS: carved out), `w`, `tty`, `arch`,
 * `factor`, `getconf` (`-v SPEC` runs a program named after SPEC: carved out), `vmstat`, `lsmod`
 * and `shasum`, and made the `sysctl` row read-only: every form that sets a parameter (`-w`,
 * `-p`/`-f`, `--system`, a `key=value` operand or one only known at run time) is carved out.
 *
 * Archive listings since session 12: `tar|bsdtar|gtar` with one cluster of `t`, `f` last and only
 * `v z j J` besides (`tar -tzf a.tgz`, `tar tvf a.tar`), and `unzip -l|-v|-t|-Z` (with `q`), each
 * followed by plain words only (no option, no `host:` archive). The tar differential
 * (tarDifferential.test.ts) holds the default list to the real tar.
 *
 * `lsof` is a read-only row too: it lists open files and runs, loads and writes nothing but its
 * output, except `-D b|u` (the device cache file), which the row carves out.
 *
 * `man` is a read-only row (docs/decisions.md, "More everyday read-only forms"): the gate's runners
 * set MANPAGER=cat and a man whose output is no terminal does not page, so no pager waits for keys;
 * the row carves out every option that names a pager, browser, viewer, device, preprocessor,
 * configuration or page file.
 *
 * Deliberately not read-only (and so absent): `less`, `more` (`less +cmd` runs initial commands,
 * `-o` writes a log), `env`/`printenv` (print secrets), `yq` (writes in place),
 * `xargs`, `watch` (always executors). An entry for the command behind xargs covers `xargs CMD…`
 * when xargs only appends its input and any words CMD gets only read and print (`xargs wc -l`,
 * `xargs -0 grep -l TODO`; the allow matcher's shapes, docs/decisions.md "Glob operands").
 */
/** An archive (or `-`, standard input) and member names: plain words, none an option or a host. */
export const ARCHIVE_WORDS = '(-|[A-Za-z0-9_./@%+,=][A-Za-z0-9_./@%+,=-]*)( [A-Za-z0-9_./@%+,=][A-Za-z0-9_./@%+,=-]*)*';

const SUBCOMMAND_FORMS: readonly unknown[] = [
  'git status',
  'git log',
  'git diff',
  'git show',
  'git rev-parse',
  'git blame',
  'git ls-files',
  // Listing and showing forms of commands whose other verbs change things; the git row carves out
  // `grep -O`/`--textconv`, the diff options of `stash show`, `submodule … foreach` and every
  // `git config` write, should one be added after these words.
  'git grep',
  'git stash list',
  'git stash show',
  'git worktree list',
  'git submodule status',
  // The git row reads `git config`: only its read forms (`--get…`, `--list`, `get`, `list`, one
  // name alone) are left; every write is carved out.
  'git config',
  'git describe',
  'git shortlog',
  'git rev-list',
  'git ls-tree',
  'git cat-file',
  'git for-each-ref',
  'git merge-base',
  'git count-objects',
  'git check-ignore',
  'git reflog show',
  'npm config get',
  'pip freeze',
  'pip3 freeze',
  'npm ls',
  'npm list',
  // Where npm puts things and what package.json, the lockfile and the configuration say (npm shows
  // registry tokens in `config list` as "(protected)"); the npm row carves out every option that
  // runs code or changes settings, should one follow.
  'npm root',
  'npm prefix',
  'npm pkg get',
  'npm config list',
  'npm explain',
  'npm why',
  'pip show',
  'pip list',
  'pip3 show',
  'pip3 list',
  // What the local container engine records (docker talks to its daemon's socket, and sends
  // nothing of the user's): listings and versions only. Left out: `inspect` (a container's
  // environment, secrets among them), `logs` (the applications' output), `stats` without
  // `--no-stream` (runs until stopped), `compose …` (loads the project's compose files, whose
  // `include:` may fetch a remote repository).
  'docker ps',
  'docker container ls',
  'docker container list',
  'docker images',
  'docker image ls',
  'docker image list',
  'docker volume ls',
  'docker network ls',
  'docker system df',
  'docker version',
  { match: 'glob', pattern: 'docker --version' },
  { match: 'glob', pattern: 'docker stats --no-stream' },
  { match: 'glob', pattern: 'docker container stats --no-stream' },
  // kubectl's local view of its configuration; anything that asks a cluster (`get`, `describe`,
  // `logs`) talks to the network and is left to entries the user adds.
  { match: 'glob', pattern: 'kubectl config current-context' },
  { match: 'glob', pattern: 'kubectl config get-contexts' },
  { match: 'glob', pattern: 'kubectl version --client' },
  { match: 'regexp', pattern: '^git branch( (-a|-r|-v|-vv|--all|--remotes|--list|--verbose|--show-current|--no-color|--no-column|--merged|--no-merged|--sort=-?(committerdate|creatordate|refname)))*$' },
  // `git tag NAME` makes a tag: only the listing forms, spelled out.
  {
    match: 'regexp',
    pattern: '^git tag( (-l|--list|-n|--no-column|--sort=(-|)(refname|version:refname|v:refname|creatordate|taggerdate)))*$',
  },
  // With `-l`/`--list` every operand is a pattern of tags to list, never a tag to make: patterns
  // (a plain word, or a quoted glob without blanks or quotes) only after it. The classes keep
  // the literal start `git tag` (anchoredLiteralPrefix skips them), so `env git tag -l 'v*'` is
  // covered too.
  {
    match: 'regexp',
    pattern: "^git tag( (-n|--no-column|--sort=-?[a-z:]+))* (-l|--list)( (-l|--list|-n|--no-column|--sort=-?[a-z:]+|[A-Za-z0-9_.:/][A-Za-z0-9_.:/-]*|'[A-Za-z0-9_.:/*?][A-Za-z0-9_.:/*?-]*'))*$",
  },
  { match: 'glob', pattern: 'git reflog' },
  { match: 'regexp', pattern: '^git reflog( show)?( (-n [0-9]+|-[0-9]+|--oneline|--date=(relative|iso|short|local)))*$' },
  // `--no-pager` only turns the pager off; the git row still carves every other option before the subcommand.
  'git --no-pager status',
  'git --no-pager log',
  'git --no-pager diff',
  'git --no-pager show',
  'git --no-pager blame',
  // What the system's package databases record.
  'apt list',
  'apt show',
  'apt-cache policy',
  'apt-cache show',
  'dpkg -l',
  'dpkg --list',
  'dpkg -L',
  'dpkg --listfiles',
  'dpkg -s',
  'dpkg --status',
  // `command -v|-V NAME` prints how the shell would find NAME and runs nothing.
  'command -v',
  'command -V',
  // The shell's history list, printed (not -c, -d, -s, -w, -r, -p).
  { match: 'glob', pattern: 'history' },
  { match: 'glob', pattern: 'git remote' },
  { match: 'glob', pattern: 'git remote -v' },
  { match: 'glob', pattern: 'git remote --verbose' },
  { match: 'glob', pattern: 'git --version' },
  // Help pages: `git help X` and `git X --help` (which git turns into `git help X` before it looks X
  // up, so no alias or `git-X` program runs) show X's page with man; the git row carves out `help
  // -w|--web` (a browser) and `-i|--info` (the info reader). help.format and man.viewer come from
  // git configuration, trusted as core.pager is for `git log` (docs/decisions.md).
  'git help',
  { match: 'glob', pattern: 'git --help' },
  { match: 'regexp', pattern: '^git ([a-z][a-z0-9-]*) --help$' },
  // Bare forms that print usage or a listing and take no arguments here: `git` (its usage),
  // `mount` and `mount -l` (the mounted file systems; with operands it mounts), `brew list`
  // (installed formulae; the brew row is not read-only, since its commands run formulae and taps'
  // Ruby code, so only these exact words).
  { match: 'glob', pattern: 'git' },
  { match: 'glob', pattern: 'mount' },
  { match: 'glob', pattern: 'mount -l' },
  { match: 'glob', pattern: 'brew list' },
  { match: 'glob', pattern: 'brew --version' },
  // Homebrew's usage, exactly these words. Left out: `brew info|search` (they may fetch from the
  // network, the API or a tap, and load tap formulae, which are Ruby code) and `brew help CMD`
  // (it loads the command's Ruby file, an external `brew-CMD` from a tap among them).
  { match: 'glob', pattern: 'brew' },
  { match: 'glob', pattern: 'brew help' },
  { match: 'glob', pattern: 'brew -h' },
  { match: 'glob', pattern: 'brew --help' },
  { match: 'glob', pattern: 'node --version' },
  { match: 'glob', pattern: 'node -v' },
  { match: 'glob', pattern: 'npm --version' },
  { match: 'glob', pattern: 'npm -v' },
  { match: 'glob', pattern: 'python --version' },
  { match: 'glob', pattern: 'python -V' },
  { match: 'glob', pattern: 'python3 --version' },
  { match: 'glob', pattern: 'python3 -V' },
  { match: 'glob', pattern: 'pip --version' },
  { match: 'glob', pattern: 'pip3 --version' },
  { match: 'glob', pattern: 'ruby -v' },
  { match: 'glob', pattern: 'ruby --version' },
  { match: 'glob', pattern: 'java -version' },
  { match: 'glob', pattern: 'java --version' },
  // Compilers and build tools, exactly these words: they print their version and stop before
  // reading any file of the project (checked here: `make --version` beside a Makefile with
  // `$(shell …)`, `cmake --version` beside a CMakeLists.txt with execute_process; neither ran).
  ...[
    ...['gcc', 'g++', 'cc', 'c++', 'clang', 'clang++'].flatMap((name) => [`${name} --version`, `${name} -v`]),
    // Not `make -v`: BSD make reads `-v VAR` as "print VAR", which reads (and runs) the makefile.
    'make --version',
    'gmake --version',
    'cmake --version',
    'javac -version',
    'javac --version',
    'perl -v',
    'perl --version',
    'php -v',
    'php --version',
    'tsc --version',
    'tsc -v',
    'deno --version',
    'deno -V',
  ].map((pattern) => ({ match: 'glob', pattern })),
  // Archive listings, one cluster of letters as people write them (`tar -tzf a.tgz`, `tar tvf
  // a.tar`, `unzip -l a.zip`), then the archive and member names, none starting with `-` (so no
  // option follows; unzip reads options after the archive too) and none with `:` (`host:archive`
  // makes tar start a remote shell). Listing reads the archive and prints; `-z`/`-j`/`-J` start
  // tar's fixed decompressor. Extraction, creation and every other option stay out.
  ...['tar', 'bsdtar', 'gtar'].map((name) => ({ match: 'regexp', pattern: `^${name} -?[vzjJ]*t[vzjJ]*f ${ARCHIVE_WORDS}$` })),
  { match: 'regexp', pattern: `^unzip -[lvtqZ]*[lvtZ][lvtqZ]* ${ARCHIVE_WORDS}$` },
  // `printenv PATH`: the variables that hold folders, search paths or the user's name, one entry
  // each (the printenv row carves out every other name, and bare printenv, as secrets).
  ...[...PLAIN_VARIABLES].map((name) => ({ match: 'glob', pattern: `printenv ${name}` })),
];

/** Every name of every read-only row (a bash reserved word is not a program an entry can name; `[` is the test builtin). */
const READ_ONLY_PROGRAMS: readonly string[] = programRows()
  .filter((row) => row.readOnly === true)
  .flatMap((row) => row.names)
  .filter((name) => /^[A-Za-z0-9_.+-]+$/.test(name) || name === '[');

const DEFAULT_ALLOW_SOURCE: readonly unknown[] = [...READ_ONLY_PROGRAMS, ...SUBCOMMAND_FORMS];

const parsed = parseListEntries(DEFAULT_ALLOW_SOURCE, 'default-allow', 'built-in');

/**
 * Problems reading the built-in list itself (always empty; a test keeps it so). Exported so a
 * broken edit shows up in the test run rather than as silently missing entries.
 */
export const DEFAULT_ALLOW_LIST_ERRORS = parsed.errors;

/** The built-in default allow entries: list `default-allow`, never rated, source `built-in`. */
export const DEFAULT_ALLOW_LIST: readonly ListEntry[] = Object.freeze(parsed.entries);
