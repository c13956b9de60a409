import { tmpdir } from 'node:os';
import { posix } from 'node:path';
import { landingPaths, type PathPlace } from '../programs/pathResolver';
import type { WriteTarget } from '../programs/writeTarget';
import { globMatch, globsMeet, type GlobOptions } from '../reading/globMatch';
import type { ReadingShell } from '../reading/resolution';
import { agentSettingsReason } from './agentSettings';

/**
 * The protected-write floor (D§7): writes to the gate's own configuration, or to files that make
 * later commands run code — VS Code workspace settings and tasks, git hooks and config, package
 * scripts, shell startup files, SSH, cron, systemd, folders on `PATH`. An allow entry never
 * lifts this floor (D§3 step 7): an agent that can rewrite these can approve itself or run code
 * the next time anyone types `git commit` or opens a shell.
 *
 * Paths are compared after resolving them against the working directory and the home folder
 * (`./.vscode/../.vscode/x`, `~/.bashrc`), and without regard to case: on the case-insensitive
 * file systems of macOS and Windows `.VSCode/` is `.vscode/`.
 */

export interface PathContext {
  cwd: string;
  home: string;
  /**
   * Where links are read (the path resolver's place: links made earlier on the line, links on
   * disk); without it a path is judged as written.
   */
  place?: PathPlace;
  /**
   * The folders the command was asked in (the workspace, D§7), absolute; absent when the caller
   * judges only the named places (the agent's own file tool, which confines writes itself). With
   * it, a write anywhere outside these folders and the temp folders is protected too.
   */
  workspace?: readonly string[];
}

/**
 * The paths a write to `path` may land at besides the one written: through links (made on the
 * line, or on disk), by the one path resolver (`programs/pathResolver.ts`). Asked only when the
 * path as written is not protected.
 */
function linkedPaths(absolute: string, context: PathContext): readonly string[] {
  const place = context.place;
  if (place === undefined || (!place.disk && place.links.size === 0)) return [];
  return landingPaths(absolute, place, true).paths.filter((path) => path !== absolute);
}

/**
 * {@link protectedWrites} for a command at a place of the path resolver's walk: judged from every
 * folder it may run in. A relative target in a folder the gate cannot pin down (`cd "$D" && … >
 * settings.json`) may be any path, so it counts as protected (docs/decisions.md).
 */
export function protectedWritesAt(targets: readonly WriteTarget[], place: PathPlace): ProtectedWrite[] {
  const out: ProtectedWrite[] = [];
  if (place.unknownFolder) {
    for (const target of targets) {
      if (target.path === null || target.path.startsWith('/') || target.path.startsWith('~')) continue;
      out.push({ path: null, why: 'a relative path, from a folder the gate cannot pin down', via: target.via, source: target.path });
    }
  }
  const folders = place.folders.length > 0 ? place.folders : ['/'];
  const seen = new Set<string>();
  for (const folder of folders) {
    const context: PathContext = { cwd: folder, home: place.home, place, ...(place.workspace !== undefined ? { workspace: place.workspace } : {}) };
    for (const write of protectedWrites(targets, context)) {
      const key = `${write.path}\0${write.why}\0${write.via}\0${write.source ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(write);
    }
  }
  return out;
}

/** Folders recognised wherever they appear in a path (a workspace may sit anywhere). */
export const PROTECTED_FOLDERS: Readonly<Record<string, string>> = {
  '.vscode': 'VS Code workspace settings and tasks',
  '.husky': 'Husky git hooks',
  '.devcontainer': 'dev container definition',
  '.circleci': 'CI pipeline',
  '.buildkite': 'CI pipeline',
  '.woodpecker': 'CI pipeline',
  // sourcehut builds runs every manifest in `.builds/` (or the one `.build.yml`) on every push;
  // Semaphore reads `.semaphore/semaphore.yml`.
  '.builds': 'CI pipeline',
  '.semaphore': 'CI pipeline',
  // The agents' own settings and hooks, in a project or the home folder (D§16): an agent that
  // rewrites them unregisters the gate's hook or adds a hook of its own.
  '.claude': 'Claude Code settings and hooks',
  '.gemini': 'Gemini CLI settings and hooks',
  '.codex': 'Codex settings and hooks',
  '.cursor': 'Cursor settings and hooks',
  '.copilot': 'Copilot CLI settings and hooks',
  // Maven reads `.mvn/extensions.xml` (extensions it loads), `.mvn/jvm.config` and
  // `.mvn/maven.config` (options, `-javaagent:` included), `.mvn/wrapper/` (the distribution
  // `mvnw` downloads and runs): nothing in it is an ordinary project file.
  '.mvn': 'Maven extensions, JVM options and wrapper',
};

/**
 * Entries of a folder recognised wherever the folder appears: the folder's name, then the name
 * of the file or folder inside it (a folder covers everything below). For names too common to
 * protect alone (`config.toml`, `.bin`, `wrapper`).
 */
export const PROTECTED_NESTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Cargo reads `.cargo/config.toml` in the project and every folder above it: `build.rustc-wrapper`,
  // `target.<triple>.runner` and `[alias]` name programs it starts.
  '.cargo': { config: 'Cargo configuration (programs it starts)', 'config.toml': 'Cargo configuration (programs it starts)' },
  // npm, yarn and pnpm put `node_modules/.bin` first on PATH for package scripts and `npx`.
  node_modules: { '.bin': 'the programs package scripts and npx run' },
  // `yarnPath` points at a release that runs as yarn; plugins run inside it.
  '.yarn': { releases: 'the Yarn release that runs as yarn', plugins: 'Yarn plugins' },
  // `gradlew` downloads and runs the distribution its properties name.
  gradle: { wrapper: 'the Gradle wrapper (the distribution gradlew runs)' },
};

/** File names recognised wherever they appear. */
export const PROTECTED_FILES: Readonly<Record<string, string>> = {
  'package.json': 'npm package scripts',
  '.npmrc': 'npm configuration',
  '.jq': 'jq definitions sourced into every filter',
  '.yarnrc': 'Yarn configuration',
  '.yarnrc.yml': 'Yarn configuration',
  '.pnpmfile.cjs': 'pnpm hook file',
  '.pnpmfile.mjs': 'pnpm hook file',
  '.envrc': 'direnv script',
  '.gitconfig': 'git configuration',
  '.gitlab-ci.yml': 'CI pipeline',
  // Other CI services' pipeline files, read from the repository on every push.
  jenkinsfile: 'CI pipeline',
  '.travis.yml': 'CI pipeline',
  'azure-pipelines.yml': 'CI pipeline',
  'bitbucket-pipelines.yml': 'CI pipeline',
  '.drone.yml': 'CI pipeline',
  '.woodpecker.yml': 'CI pipeline',
  'appveyor.yml': 'CI pipeline',
  '.appveyor.yml': 'CI pipeline',
  'cloudbuild.yaml': 'CI pipeline',
  'buildspec.yml': 'CI pipeline',
  '.build.yml': 'CI pipeline',
  '.cirrus.yml': 'CI pipeline',
  '.cirrus.star': 'CI pipeline',
  'codemagic.yaml': 'CI pipeline',
  'bitrise.yml': 'CI pipeline',
  // Configuration that runs code when a linter or a debugger starts in the folder (docs/decisions.md
  // "A home sent whole, a credential published with the workspace"): pylint's `init-hook` is Python
  // run before linting and `load-plugins` imports modules; pdb runs `.pdbrc`'s lines as debugger
  // commands (Python included); irb and pry evaluate `.irbrc`/`.pryrc` from the current folder.
  // pylint's dotless `pylintrc` is left: a name a workspace glob (`rm -f ./*rc`) may match.
  '.pylintrc': 'linter configuration that runs code (init-hook, plugins)',
  '.pdbrc': 'debugger start-up commands (run as code)',
  '.irbrc': 'Ruby console start-up file (run as code)',
  '.pryrc': 'Ruby console start-up file (run as code)',
  // Cloud workspaces' task files: their commands run when a workspace is opened or started.
  '.gitpod.yml': 'workspace start tasks',
  '.replit': 'workspace start tasks',
  '.pre-commit-config.yaml': 'pre-commit hooks',
  'pip.conf': 'pip configuration',
  'sitecustomize.py': 'Python startup hook',
  'usercustomize.py': 'Python startup hook',
  '.bashrc': 'shell startup file',
  '.bash_profile': 'shell startup file',
  '.bash_login': 'shell startup file',
  '.bash_logout': 'shell startup file',
  '.profile': 'shell startup file',
  '.zshrc': 'shell startup file',
  '.zshenv': 'shell startup file',
  '.zprofile': 'shell startup file',
  '.zlogin': 'shell startup file',
  '.zlogout': 'shell startup file',
  '.kshrc': 'shell startup file',
  '.mkshrc': 'shell startup file',
  '.cshrc': 'shell startup file',
  '.tcshrc': 'shell startup file',
  '.inputrc': 'shell startup file',
  'config.fish': 'shell startup file',
  // Debian's and Ubuntu's default `.bashrc` sources it.
  '.bash_aliases': 'shell startup file',
  // Bun's configuration names `preload` scripts run before every `bun run` and `bun test`.
  'bunfig.toml': 'Bun configuration (preload scripts)',
  '.bunfig.toml': 'Bun configuration (preload scripts)',
  // MCP server lists: an agent starts each server's command (`.vscode/mcp.json` and
  // `~/.cursor/mcp.json` lie in protected folders already).
  '.mcp.json': 'MCP servers an agent starts',
  '.claude.json': 'Claude Code settings and MCP servers',
  'claude_desktop_config.json': 'Claude Desktop MCP servers',
};

/** Folders under the home folder (relative to it). */
export const HOME_FOLDERS: ReadonlyArray<[string, string]> = [
  ['.config/git', 'git configuration'],
  ['.config/fish', 'shell startup files'],
  ['.config/systemd', 'systemd user units'],
  ['.config/autostart', 'desktop autostart entries'],
  ['.config/environment.d', 'session environment'],
  ['.config/pnpm', 'pnpm configuration'],
  ['.config/pip', 'pip configuration'],
  ['.pip', 'pip configuration'],
  ['.docker', 'Docker configuration (credential helpers)'],
  ['.local/bin', 'a folder on PATH'],
  ['bin', 'a folder on PATH'],
  ['.config/approvals-gate', "the gate's own configuration"],
  ['.local/state/approvals-gate', "the gate's capture log and what the agent's shell defines"],
  ['.cache/approvals-gate', "the gate's code cache and hook server socket"],
  ['.local/share/approvals-gate', "the gate's installed hook (the files the agents run)"],
  ['.config/code', 'VS Code user settings'],
  ['.config/code - insiders', 'VS Code user settings'],
  ['.config/vscodium', 'VS Code user settings'],
  ['.config/cursor', 'VS Code user settings'],
  ['.config/code-server', 'VS Code user settings'],
  ['.local/share/code-server', 'VS Code user settings and extensions'],
  ['.vscode', 'VS Code extensions'],
  ['.vscode-insiders', 'VS Code extensions'],
  ['.vscode-oss', 'VS Code extensions'],
  ['.vscode-server', 'VS Code server settings and extensions'],
  ['.vscode-server-insiders', 'VS Code server settings and extensions'],
  ['library/application support/code', 'VS Code user settings'],
  ['library/application support/code - insiders', 'VS Code user settings'],
  ['library/application support/vscodium', 'VS Code user settings'],
  ['library/application support/cursor', 'VS Code user settings'],
  ['library/launchagents', 'launchd agents'],
  ['.cargo/config', 'Cargo configuration (programs it starts)'],
  ['.cargo/config.toml', 'Cargo configuration (programs it starts)'],
  ['.cargo/bin', 'a folder on PATH'],
  // Init scripts run in every Gradle build; the properties set JVM options (`-javaagent:`).
  ['.gradle/init.d', 'Gradle init scripts'],
  ['.gradle/init.gradle', 'Gradle init scripts'],
  ['.gradle/init.gradle.kts', 'Gradle init scripts'],
  ['.gradle/gradle.properties', 'Gradle settings (JVM options of every build)'],
  // The repositories whose plugins every build downloads and runs; `mvn` sources `~/.mavenrc`.
  ['.m2/settings.xml', 'Maven settings (the repositories plugins come from)'],
  ['.mavenrc', 'Maven startup script'],
  // A kubeconfig's `exec` credential plugin runs a program on every kubectl call.
  ['.kube', 'Kubernetes client configuration (credential plugins)'],
  // `credential_process` runs a program for credentials; a CLI alias starting with `!` is shell text.
  ['.aws/config', 'AWS configuration (credential_process runs a program)'],
  ['.aws/cli/alias', 'AWS CLI aliases (shell text)'],
  // A folder `init.templateDir` commonly names: `git init` and `git clone` copy its hooks.
  ['.git-templates', 'git hook templates'],
  ['.config/direnv', 'direnv configuration (sourced before every .envrc)'],
  // Run by the display manager or `startx` at every graphical login.
  ['.xprofile', 'X session startup file'],
  ['.xsession', 'X session startup file'],
  ['.xsessionrc', 'X session startup file'],
  ['.xinitrc', 'X session startup file'],
  ['.codeium/windsurf', 'Windsurf settings and MCP servers'],
  // man-db's user configuration: its `DEFINE`s name the pager and formatters every `man` runs.
  ['.manpath', 'man-db configuration (the programs man runs)'],
];

/** System folders. */
export const SYSTEM_FOLDERS: ReadonlyArray<[string, string]> = [
  ['/etc', 'system configuration'],
  ['/var/spool/cron', 'crontab'],
  ['/usr/lib/cron/tabs', 'crontab'],
  ['/var/at/tabs', 'crontab'],
  ['/usr/lib/systemd', 'systemd units'],
  ['/lib/systemd', 'systemd units'],
  ['/run/systemd', 'systemd units'],
  ['/library/launchagents', 'launchd agents'],
  ['/library/launchdaemons', 'launchd daemons'],
  ['/bin', 'a folder on PATH'],
  ['/sbin', 'a folder on PATH'],
  ['/usr/bin', 'a folder on PATH'],
  ['/usr/sbin', 'a folder on PATH'],
  ['/usr/local/bin', 'a folder on PATH'],
  ['/usr/local/sbin', 'a folder on PATH'],
  ['/opt/homebrew/bin', 'a folder on PATH'],
];

/** The absolute path a written path resolves to; a leading `~` is the home folder. */
export function resolveWritePath(path: string, context: PathContext): string {
  const { cwdAsGiven: cwd, homeAsGiven: home } = prepare(context);
  if (path === '~') return home;
  if (path.startsWith('~/')) return posix.resolve(home, path.slice(2));
  return posix.resolve(cwd, path);
}

/**
 * A folder that is, or may be, some account's home: the gate's home folder, `/root`, and the
 * folders directly under `/home`, `/Users` and `/var/lib` (service accounts). `~/.ssh` of any of
 * them admits logins; a `.ssh` folder inside a project or a backup does not.
 */
function isAccountHome(components: readonly string[], context: PathContext): boolean {
  if (`/${components.join('/')}` === prepare(context).home) return true;
  if (components.length <= 1) return true;
  if (components.length === 2) return components[0] === 'home' || components[0] === 'users';
  return components.length === 3 && components[0] === 'var' && components[1] === 'lib';
}

function isGitDirectoryName(component: string): boolean {
  return component === '.git' || (component.endsWith('.git') && component.length > 4);
}

/** A context with its folders resolved and lower-cased once, not once per path. */
interface PreparedContext {
  /** Lower case, for comparisons. */
  cwd: string;
  home: string;
  /** Absolute, in the case given, for building paths. */
  cwdAsGiven: string;
  homeAsGiven: string;
  rooted: ReadonlyArray<readonly [string, string]>;
  /** The same folders by path, for a lookup per ancestor instead of a scan per folder. */
  rootedByPath: ReadonlyMap<string, string>;
  /** {@link headOf} each of those folders: an ancestor of a path can be one only when the path has such a head. */
  rootedHeads: ReadonlySet<string>;
}

let lastPrepared: { cwd: string; home: string; value: PreparedContext } | null = null;

function prepare(context: PathContext): PreparedContext {
  // Compared field by field: a key joined from both would be a new string on every call.
  if (lastPrepared !== null && lastPrepared.cwd === context.cwd && lastPrepared.home === context.home) return lastPrepared.value;
  const homeAsGiven = posix.resolve('/', context.home || '/');
  const cwdAsGiven = posix.resolve('/', context.cwd || '/');
  const home = homeAsGiven.toLowerCase();
  const rooted: Array<[string, string]> = [
    ...HOME_FOLDERS.map(([relative, why]): [string, string] => [posix.join(home, relative), why]),
    ...SYSTEM_FOLDERS,
  ];
  const rootedByPath = new Map<string, string>();
  for (const [folder, why] of rooted) if (!rootedByPath.has(folder)) rootedByPath.set(folder, why);
  const rootedHeads = new Set<string>();
  for (const folder of rootedByPath.keys()) rootedHeads.add(headOf(folder));
  const value: PreparedContext = { cwd: cwdAsGiven.toLowerCase(), home, cwdAsGiven, homeAsGiven, rooted, rootedByPath, rootedHeads };
  lastPrepared = { cwd: context.cwd, home: context.home, value };
  return value;
}

/**
 * A path up to (not including) its first `/` after the first character: `/usr` of `/usr/bin/x`,
 * all of `/etc`. Every ancestor {@link protectedPathReason} looks up starts with the path's head
 * and goes on with a `/` or not at all, so it has the same head.
 */
function headOf(path: string): string {
  const slash = path.indexOf('/', 1);
  return slash < 0 ? path : path.slice(0, slash);
}

function rootedFolders(context: PathContext): ReadonlyArray<readonly [string, string]> {
  return prepare(context).rooted;
}

/** `path` is `folder` or below it (both absolute, normalised). */
export function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder === '/' ? '/' : `${folder}/`);
}

/**
 * Why an absolute path is protected, or `null`. The path itself, or anything inside a
 * protected folder, counts.
 */
export function protectedPathReason(absolutePath: string, context: PathContext): string | null {
  return namedProtectedReason(absolutePath, context) ?? outsideWorkspaceReason(absolutePath, context);
}

/**
 * The temp folders (D§7: writable like the workspace): the system's, macOS's per-user and
 * `/private` spellings, shared memory, and this process's own temp folder when it lies elsewhere.
 */
const TEMP_FOLDERS: readonly string[] = [...new Set(['/tmp', '/var/tmp', '/private/tmp', '/private/var/tmp', '/var/folders', '/private/var/folders', '/dev/shm', posix.resolve('/', tmpdir()).toLowerCase()])];

/** Where output goes that is no file (a write there lands nowhere else). */
const OUTPUT_DEVICES: readonly string[] = ['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/fd', '/proc/self/fd'];

/**
 * `a place outside the workspace` when the context names the workspace and the path lies neither
 * in it nor in a temp folder (D§7: every dotfile and start-up file of every tool is out there, and
 * no list of them is complete), else null. A write onto an output device is none of these.
 */
function outsideWorkspaceReason(absolutePath: string, context: PathContext): string | null {
  if (context.workspace === undefined) return null;
  const path = absolutePath.toLowerCase();
  if (context.workspace.some((folder) => isWithin(path, folder.toLowerCase()))) return null;
  if (TEMP_FOLDERS.some((folder) => isWithin(path, folder)) || OUTPUT_DEVICES.some((device) => isWithin(path, device))) return null;
  return 'a place outside the workspace';
}

/** Why an absolute path is one of the places protected wherever the workspace is, or `null`. */
export function namedProtectedReason(absolutePath: string, context: PathContext): string | null {
  const path = absolutePath.toLowerCase();
  // Rooted folders first (`~/.vscode/` holds extensions, not a workspace's settings), looked up
  // for each ancestor of the path, shortest first.
  const { rootedByPath, rootedHeads } = prepare(context);
  // Most paths (`/tmp/x`, the workspace's files) lie under no rooted folder's head: one lookup says so.
  if (rootedHeads.has(headOf(path))) {
    for (let slash = path.indexOf('/', 1); ; slash = path.indexOf('/', slash + 1)) {
      const why = rootedByPath.get(slash < 0 ? path : path.slice(0, slash));
      if (why !== undefined) return why;
      if (slash < 0) break;
    }
  }
  // The folder checks below only fire on a component that starts with `.` or ends with `.git`:
  // when no component can (most paths), only the last one, the file name, is left to look at.
  if (path.charCodeAt(0) !== DOT && !path.includes('/.') && !path.includes('.git') && !path.includes('node_modules/') && !path.includes('gradle/') && !path.includes('mcp')) {
    return protectedFileReason(posix.basename(path), path);
  }
  const components = path.split('/').filter((c) => c.length > 0);
  const base = components[components.length - 1] ?? '';
  for (let k = 0; k < components.length; k++) {
    const component = components[k]!;
    if (Object.prototype.hasOwnProperty.call(PROTECTED_FOLDERS, component)) return PROTECTED_FOLDERS[component]!;
    const nested = Object.prototype.hasOwnProperty.call(PROTECTED_NESTED, component) ? PROTECTED_NESTED[component]![components[k + 1] ?? ''] : undefined;
    if (nested !== undefined) return nested;
    if (component === '.ssh' && isAccountHome(components.slice(0, k), context)) return 'SSH configuration and keys';
    if (isGitDirectoryName(component)) {
      const below = components.slice(k + 1);
      if (below.includes('hooks')) return 'git hooks';
      if (below.length > 0 && (base === 'config' || base === 'config.worktree')) return 'git configuration';
    }
    if (FORGE_FOLDERS.has(component) && components[k + 1] === 'workflows') return 'CI workflows';
    const agent = agentSettingsReason(component, k === components.length - 1, components.slice(0, k).some((before) => before.charCodeAt(0) === DOT));
    if (agent !== null) return agent;
  }
  return protectedFileReason(base, path);
}

const DOT = 0x2e;

/**
 * The folders whose `workflows/` a forge runs on every push: GitHub's, and Gitea's and Forgejo's
 * (which read the same Actions syntax; Forgejo also reads `.gitea/` and `.github/`).
 */
const FORGE_FOLDERS: ReadonlySet<string> = new Set(['.github', '.gitea', '.forgejo']);

/** Why a file of this (lower-case) name is protected wherever it lies, or `null`; `path` is the whole (lower-case) path. */
function protectedFileReason(base: string, path: string): string | null {
  if (Object.prototype.hasOwnProperty.call(PROTECTED_FILES, base)) return PROTECTED_FILES[base]!;
  // YAML's two extensions name the same file for the tools that read one (`.woodpecker.yaml`,
  // `.drone.yaml` are read as their `.yml` spellings are): the table names one spelling of each.
  const otherYaml = base.endsWith('.yaml') ? `${base.slice(0, -'.yaml'.length)}.yml` : base.endsWith('.yml') ? `${base.slice(0, -'.yml'.length)}.yaml` : null;
  if (otherYaml !== null && Object.prototype.hasOwnProperty.call(PROTECTED_FILES, otherYaml)) return PROTECTED_FILES[otherYaml]!;
  if (base.endsWith('.code-workspace')) return 'VS Code workspace file';
  const agent = agentSettingsReason(base, true);
  if (agent !== null) return agent;
  // Python runs a `.pth` line that starts with `import` at every start, from its site folders only
  // (a `.pth` elsewhere is a PyTorch checkpoint or nothing).
  if (base.endsWith('.pth') && (path.includes('/site-packages/') || path.includes('/dist-packages/'))) return 'Python path hook (runs at every start)';
  return null;
}

/**
 * Why writing a whole directory tree at this path could reach a protected path, or `null`:
 * the tree is protected itself, holds the working directory or the home folder (a copy there
 * can drop `.vscode/` or `.bashrc` in), holds a protected system or home folder, or is a git
 * directory (whose `hooks/` and `config` lie below).
 */
function treeReason(absolutePath: string, context: PathContext): string | null {
  const own = protectedPathReason(absolutePath, context);
  if (own) return own;
  const path = absolutePath.toLowerCase();
  const { cwd, home } = prepare(context);
  if (isWithin(cwd, path)) return 'a folder that holds the working directory';
  if (isWithin(home, path)) return 'a folder that holds the home folder';
  // After `cd ..` the working folder no longer holds the workspace, which is still the user's work.
  for (const folder of context.workspace ?? []) if (isWithin(folder.toLowerCase(), path)) return 'a workspace folder, or a folder that holds one';
  for (const [folder, why] of rootedFolders(context)) if (isWithin(folder, path)) return `a folder that holds ${why}`;
  const components = path.split('/').filter((c) => c.length > 0);
  const base = components[components.length - 1] ?? '';
  if (components.some(isGitDirectoryName)) return 'a git folder (hooks and configuration)';
  if (FORGE_FOLDERS.has(base)) return 'a folder that holds CI workflows';
  return null;
}

/** True when the path is the working directory, the home folder, or holds either: it exists. */
function surelyExists(absolutePath: string, context: PathContext): boolean {
  const path = absolutePath.toLowerCase();
  const { cwd, home } = prepare(context);
  return isWithin(cwd, path) || isWithin(home, path);
}

/** Names worth trying when a copy lands an unknown name inside a folder. */
const CANDIDATE_NAMES: readonly string[] = [
  ...Object.keys(PROTECTED_FOLDERS),
  '.ssh',
  ...Object.keys(PROTECTED_FILES),
  ...Object.keys(PROTECTED_NESTED),
  ...Object.values(PROTECTED_NESTED).flatMap((inside) => Object.keys(inside)),
  '.git',
  ...FORGE_FOLDERS,
  'project.code-workspace',
];

/**
 * How a copied glob's name pattern is matched against the candidate names: without regard to
 * case (a case-insensitive file system would land `*.SSH` on `.ssh`), a backslash an ordinary
 * character, and `[!]` a whole class (any one character) as this floor has always read it, which
 * errs towards a match. A leading dot is matched by `*` too: with `dotglob` set it would be, and
 * the gate does not know the shell's options.
 */
export const CHILD_NAME_GLOB: GlobOptions = Object.freeze({
  caseInsensitive: true,
  backslashEscapes: false,
  bracketAfterNegationIsMember: false,
});

/** One protected write. `path` is absolute, or `null` when the gate cannot read it. */
export interface ProtectedWrite {
  path: string | null;
  /** What the path is (`git hooks`), or why an unreadable path counts. */
  why: string;
  via: string;
  /** The word as written, for an unreadable path. */
  source?: string;
}

/**
 * The write targets that reach a protected path. A target the gate cannot read counts: it
 * may be any path. Never throws.
 */
export function protectedWrites(targets: readonly WriteTarget[], context: PathContext): ProtectedWrite[] {
  const out: ProtectedWrite[] = [];
  // A command with thousands of redirects names the same few files again and again; most
  // segments write one file or none, and a lone target has nothing to share.
  const files = targets.length > 1 ? new Map<string, { absolute: string; why: string | null }>() : null;
  for (const target of targets) {
    try {
      const hit = protectedTarget(target, context, files);
      if (hit) out.push(hit);
    } catch {
      out.push({ path: null, why: 'a path the gate could not check', via: target.via });
    }
  }
  return out;
}

/**
 * `files`: what a written file path resolves to and why it is protected, by path as written
 * (null: work it out each time; the answer is the same either way).
 */
function protectedTarget(
  target: WriteTarget,
  context: PathContext,
  files: Map<string, { absolute: string; why: string | null }> | null,
): ProtectedWrite | null {
  if (target.path === null) {
    return { path: null, why: 'a path the gate cannot read', via: target.via, ...(target.source ? { source: target.source } : {}) };
  }
  const scope = target.scope ?? 'file';
  if (scope === 'file') {
    let file = files?.get(target.path);
    if (file === undefined) {
      const written = resolveWritePath(target.path, context);
      file = { absolute: written, why: protectedPathReason(written, context) };
      for (const absolute of file.why === null ? linkedPaths(written, context) : []) {
        const why = protectedPathReason(absolute, context);
        if (why !== null) {
          file = { absolute, why };
          break;
        }
      }
      files?.set(target.path, file);
    }
    return file.why ? { path: file.absolute, why: file.why, via: target.via } : null;
  }
  const written = resolveWritePath(target.path, context);
  const hit = protectedScopedTarget(target, scope, written, context);
  if (hit !== null) return hit;
  for (const absolute of linkedPaths(written, context)) {
    const linked = protectedScopedTarget(target, scope, absolute, context);
    if (linked !== null) return linked;
  }
  return null;
}

/** A tree or an entry of unknown name written at `absolute` (a landing of the target's path). */
function protectedScopedTarget(target: WriteTarget, scope: 'tree' | 'new-tree' | 'child', absolute: string, context: PathContext): ProtectedWrite | null {
  if (scope === 'tree' || scope === 'new-tree') {
    const why =
      scope === 'new-tree' && surelyExists(absolute, context) ? protectedPathReason(absolute, context) : treeReason(absolute, context);
    return why ? { path: absolute, why, via: target.via } : null;
  }
  if (target.removed !== undefined) return protectedRemovedChild(target, target.removed, absolute, context);
  // `child`: an entry of unknown name lands inside `absolute`. A tree landing in a git folder is
  // one of its trees, whatever its name (`cp -r x .git/ho*` may fill `.git/hooks`).
  const inside = protectedPathReason(posix.join(absolute, 'x'), context) ?? (target.childTree === true ? inGitFolder(absolute) : null);
  if (inside) return { path: posix.join(absolute, target.childPattern ?? '*'), why: inside, via: target.via };
  const pattern = target.childPattern;
  const candidates = [...CANDIDATE_NAMES];
  const lower = absolute.toLowerCase();
  for (const [folder] of rootedFolders(context)) {
    if (folder !== lower && isWithin(folder, lower)) {
      const next = folder.slice(lower === '/' ? 1 : lower.length + 1).split('/')[0];
      if (next) candidates.push(next);
    }
  }
  for (const name of candidates) {
    if (pattern !== undefined && !globMatch(pattern, name, CHILD_NAME_GLOB)) continue;
    const candidate = posix.join(absolute, name);
    const why = target.childTree ? treeReason(candidate, context) : protectedPathReason(candidate, context);
    if (why) return { path: posix.join(absolute, pattern ?? '*'), why: `${why}, if the name is ${name}`, via: target.via };
  }
  return null;
}

/**
 * Protected names and name patterns tried against a removed glob's pattern (the names of
 * {@link CANDIDATE_NAMES}, and those {@link namedProtectedReason} and {@link treeReason} know by a
 * pattern or below a folder of their own): one list, matched against the glob, never the disk.
 */
const REMOVED_CANDIDATES: readonly string[] = [
  ...CANDIDATE_NAMES.map((name) => name.replace(/[*?[\\]/g, '\\$&')),
  'workflows',
  'hooks',
  'config',
  'config.worktree',
  '*.code-workspace',
  '*.pth',
  '?*.git',
];

/** {@link REMOVED_CANDIDATES} are literal text but for their own stars: read with a backslash as an escape. */
const CANDIDATE_PATTERN: GlobOptions = Object.freeze({ ...CHILD_NAME_GLOB, backslashEscapes: true });

/**
 * Whether a glob component can stand for `.` or `..` in the shell: zsh never; bash before 5.2
 * (macOS's 3.2 among them) and dash do for a pattern starting with a literal `.` (`.*`), and `any`
 * takes the worst of the shells.
 */
function mayMatchDotEntries(pattern: string, shell: ReadingShell): boolean {
  return shell !== 'zsh' && pattern.startsWith('.') && (globMatch(pattern, '.', CHILD_NAME_GLOB) || globMatch(pattern, '..', CHILD_NAME_GLOB));
}

/**
 * The entries a removing program (`rm`, `rmdir`, `unlink`) deletes through a glob at `absolute`
 * (a landing of the glob's literal folder): protected, with a reason, or `null`
 * (docs/decisions.md, "Deleting through a glob in the workspace").
 *
 * They are entries of that folder, or below it for a recursive glob, never reached through a link
 * below it: removing them removes no more than removing the folder's whole tree. So a folder that
 * could be removed whole without reaching a protected place ({@link treeReason}: inside the
 * workspace, not protected, holding neither the working folder nor a git folder's hooks) is enough.
 * Else (the workspace's own root, a folder that holds the working folder) only a one-level pattern
 * is read further: the folder's own entries must not be protected ({@link protectedPathReason} of
 * any name there), and no protected name the gate knows, nor the next folder towards the working
 * folder, the home folder, a workspace folder or a protected rooted folder, may be one the pattern
 * can stand for in the shell (a leading `.` only for a pattern that starts with one; `.` and `..`
 * where {@link mayMatchDotEntries}).
 */
function protectedRemovedChild(
  target: WriteTarget,
  removed: { shell: ReadingShell; deep: boolean },
  absolute: string,
  context: PathContext,
): ProtectedWrite | null {
  const pattern = target.childPattern ?? '*';
  const shown = posix.join(absolute, removed.deep ? `**/${pattern}` : pattern);
  const dotEntries = !removed.deep && mayMatchDotEntries(pattern, removed.shell);
  const whole = treeReason(absolute, context);
  if (whole === null && !dotEntries) return null;
  if (removed.deep) return { path: shown, why: `${whole}, and the glob reaches anything below`, via: target.via };
  // Any entry of a git folder is one of its trees (treeReason), whatever its name.
  const inside = protectedPathReason(posix.join(absolute, 'x'), context) ?? inGitFolder(absolute);
  if (inside !== null) return { path: shown, why: inside, via: target.via };
  if (dotEntries) {
    const why = treeReason(posix.join(absolute, '..'), context) ?? treeReason(absolute, context);
    if (why !== null) return { path: shown, why: `${why}, if the name is ..`, via: target.via };
  }
  const firstNotDot = !pattern.startsWith('.');
  const lower = absolute.toLowerCase();
  const toward = [prepare(context).cwd, prepare(context).home, ...(context.workspace ?? []).map((folder) => folder.toLowerCase()), ...rootedFolders(context).map(([folder]) => folder)];
  const next = toward.flatMap((folder) => (folder !== lower && isWithin(folder, lower) ? [folder.slice(lower === '/' ? 1 : lower.length + 1).split('/')[0]!.replace(/[*?[\\]/g, '\\$&')] : []));
  for (const candidate of [...REMOVED_CANDIDATES, ...next]) {
    const name = globsMeet(pattern, candidate, CANDIDATE_PATTERN, firstNotDot);
    if (name === null) continue;
    const why = treeReason(posix.join(absolute, name), context);
    if (why) return { path: shown, why: `${why}, if the name is ${name}`, via: target.via };
  }
  return null;
}

/** Why any tree inside `absolute` is protected when `absolute` is in a git folder, whatever its name; else null. */
function inGitFolder(absolute: string): string | null {
  return absolute.toLowerCase().split('/').some(isGitDirectoryName) ? 'a git folder (hooks and configuration)' : null;
}

/** How many places a reason lists before it counts the rest. */
const MAX_LISTED = 12;

/** The one-sentence reason of a protected-write finding; long lists end with a count. */
export function describeProtectedWrites(writes: readonly ProtectedWrite[]): string {
  const items = new Set<string>();
  for (const write of collapseNested(writes)) {
    items.add(
      write.path === null
        ? `${write.source ? clip(write.source) : 'an unknown path'} (${write.via}, ${write.why})`
        : `${write.path} (${write.why}, ${write.via})`,
    );
  }
  const all = [...items];
  const shown = all.slice(0, MAX_LISTED).join('; ');
  const more = all.length > MAX_LISTED ? `; and ${all.length - MAX_LISTED} more` : '';
  return `This command writes a protected path: ${shown}${more}.`;
}

/**
 * Drops writes inside a path already listed (`cp x .vscode` lists `.vscode` and `.vscode/x`,
 * because the gate cannot know whether `.vscode` is a folder): one line per place is enough.
 * Looks up each ancestor in a set, so thousands of writes stay linear.
 */
export function collapseNested(writes: readonly ProtectedWrite[]): ProtectedWrite[] {
  const listed = new Set(writes.flatMap((w) => (w.path === null || w.path.endsWith('/*') ? [] : [w.path])));
  return writes.filter((write) => {
    if (write.path === null) return true;
    const wildcard = write.path.endsWith('/*');
    const own = wildcard ? write.path.slice(0, -2) || '/' : write.path;
    if (wildcard && listed.has(own)) return false;
    for (let slash = own.lastIndexOf('/'); slash >= 0; slash = own.lastIndexOf('/', slash - 1)) {
      if (listed.has(slash === 0 ? '/' : own.slice(0, slash))) return false;
      if (slash === 0) break;
    }
    return true;
  });
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
