import { homedir } from 'node:os';
import { parseArgs } from 'node:util';
import { parseListEntries, type ListEntry, type ListName } from '../gate/lists/listEntry';
import { OUTCOMES, type Outcome } from '../gate/decision';
import { readPolicySettings, type SettingProblem } from '../gate/settings/policySettings';
import { DEFAULT_RUNG, parseRung, type Rung } from '../gate/rung';
import { READING_SHELLS, type ReadingShell } from '../gate/reading/resolution';
import { didYouMean, SETTING_PREFIX, unknownSettingNames } from '../gate/settings/settingsSchema';
import { HOOK_ONLY_KEYS, readSettingsFile } from './hooks/hookSettings';

/** A command-line mistake: printed with the usage, exit code 1. */
export class UsageError extends Error {}

export const USAGE = `Usage:
  approvals-gate explain [options] -- COMMAND
  approvals-gate run [options] [--sandbox on|off] [--sandbox-path P]... [--sandbox-host H]... -- COMMAND
                           decide as explain does, then run an approved command with bash in the
                           OS sandbox (writes: the --cwd folder and the temp folder; no credential
                           stores; no network but the hosts the command names); exits with its status
  approvals-gate batch [options] < requests.jsonl
  approvals-gate hook AGENT [options] < hook-input.json
                           AGENT: claude-code | gemini | codex | copilot | cursor; answers in its format
  approvals-gate install AGENT... | --detect [--dry-run]    register the hook in the agent's user settings
  approvals-gate uninstall AGENT...                         remove it again
  approvals-gate doctor [AGENT...]  is the hook registered, and does it answer in the agent's format
  approvals-gate export [--out FILE]  the debug dump of the hook's recent decisions (redacted JSON)
  approvals-gate programs [NAME...]   what the program table knows of each program (all without a name)
  approvals-gate programs --default   the built-in default allow list, one entry a line
  approvals-gate --version | --help

Options:
  --rung R                 manual | write | assisted | auto | bypass (default ${DEFAULT_RUNG})
  --allow E, --deny E, --escalate E
                           a list entry: "git status" (prefix) or a JSON object such as
                           '{"match":"glob","pattern":"npm run *"}'; repeatable
  --config FILE            a JSON (or settings.json) file with rung, allow, deny, escalate, defaultAllow
  --no-default-allow       do not use the built-in allow list of read-only commands
  --rater-stub OUTCOME     rate every command as safe | destructive | catastrophic | attack
  --rater-url URL --rater-model M [--rater-timeout-ms N] [--rater-api-key-env NAME]
                           rate with an OpenAI-compatible model (key from OPENAI_API_KEY)
  --cwd DIR                the working folder the command would run in (default: this one)
  --shell S                bash | zsh | any: the shell that will run the command (default any: the
                           reading must hold in both bash and zsh)
  --sandbox on|off         run: contain the command (default on; off runs it uncontained)
  --sandbox-path P         run: a path outside the folder the command may write too; repeatable
  --sandbox-host H         run: a host (or host:port) the command may reach too; repeatable
  --package-registries     run: the package managers' registries may be reached too
  --json                   explain: print the decision record as JSON
  --capture                explain: print the capture record as JSON

Exit codes of explain: 0 approve, 1 usage error, 2 escalate (nobody to ask), 3 reject, 4 halt.
Exit codes of run: the command's own status when it ran (128+N when signal N ended it); when it did
not run, explain's (2, 3, 4), or 5 when it was approved but the sandbox could not start.`;

/** Everything the CLI was told, validated. */
export interface CliOptions {
  command: 'explain' | 'batch' | 'hook' | 'run';
  rung: Rung;
  /** Whether `--rung` or the `--config` file set the rung (a hook then ignores its settings' rung). */
  rungGiven: boolean;
  allow: ListEntry[];
  deny: ListEntry[];
  escalate: ListEntry[];
  defaultAllow: boolean;
  raterStub?: Outcome;
  raterUrl?: string;
  raterModel?: string;
  raterTimeoutMs?: number;
  raterApiKeyEnv: string;
  cwd: string;
  home: string;
  /** `--shell`: the shell that will run the command; `any` (the default) when not known for sure. */
  shell: ReadingShell;
  /** Whether `--shell` was given (a hook otherwise works the shell out from the agent). */
  shellGiven: boolean;
  json: boolean;
  capture: boolean;
  /** `run`: contain the command (`--sandbox on`, the default) or not. */
  sandbox: 'on' | 'off';
  /** `run`: paths and hosts the person at the command line adds to the sandbox's policy. */
  sandboxPaths: string[];
  sandboxHosts: string[];
  packageRegistries: boolean;
  /** Positional words after `--` (explain: the command, joined with spaces). */
  words: string[];
  /** Invalid entries and settings: reported on stderr, ignored. */
  problems: SettingProblem[];
}

/**
 * Where the options are read for: the folder and home of the process the command line came from.
 * The hook server (hookServer.ts) reads a client's command line in its own process, so it passes
 * the client's; everyone else reads their own.
 */
export interface OptionsContext {
  cwd: string;
  home: string;
}

export function parseCliOptions(argv: readonly string[], context: OptionsContext = { cwd: process.cwd(), home: homedir() }): CliOptions {
  const [command, ...rest] = argv;
  if (command !== 'explain' && command !== 'batch' && command !== 'hook' && command !== 'run') {
    throw new UsageError(command === undefined ? 'missing command' : `unknown command ${JSON.stringify(command)}`);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      allowPositionals: true,
      strict: true,
      options: {
        rung: { type: 'string' },
        allow: { type: 'string', multiple: true },
        deny: { type: 'string', multiple: true },
        escalate: { type: 'string', multiple: true },
        config: { type: 'string' },
        'no-default-allow': { type: 'boolean' },
        'rater-stub': { type: 'string' },
        'rater-url': { type: 'string' },
        'rater-model': { type: 'string' },
        'rater-timeout-ms': { type: 'string' },
        'rater-api-key-env': { type: 'string' },
        cwd: { type: 'string' },
        shell: { type: 'string' },
        json: { type: 'boolean' },
        capture: { type: 'boolean' },
        sandbox: { type: 'string' },
        'sandbox-path': { type: 'string', multiple: true },
        'sandbox-host': { type: 'string', multiple: true },
        'package-registries': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const problems: SettingProblem[] = [];
  const lists: Record<'allow' | 'deny' | 'escalate', ListEntry[]> = { allow: [], deny: [], escalate: [] };
  let rung: Rung = DEFAULT_RUNG;
  let rungGiven = false;
  let defaultAllow = true;

  if (values.config !== undefined) {
    const settings = readConfigFile(values.config);
    problems.push(...settings.problems);
    if (settings.rung) {
      rung = settings.rung;
      rungGiven = true;
    }
    if (settings.defaultAllow !== undefined) defaultAllow = settings.defaultAllow;
    for (const list of ['allow', 'deny', 'escalate'] as const) lists[list].push(...settings[list]);
  }
  if (values.rung !== undefined) {
    const parsedRung = parseRung(values.rung);
    if (!parsedRung) throw new UsageError(`--rung: unknown rung ${JSON.stringify(values.rung)}`);
    rung = parsedRung;
    rungGiven = true;
  }
  for (const list of ['allow', 'deny', 'escalate'] as const) {
    const parsedEntries = entriesFromFlags(values[list] ?? [], list, `--${list}`);
    // A deny or escalate entry that cannot be read may be the one meant to stop a command.
    if (list !== 'allow' && parsedEntries.problems.length > 0) throw new UsageError(parsedEntries.problems.map((p) => `${p.setting}: ${p.message}`).join('; '));
    lists[list].push(...parsedEntries.entries);
    problems.push(...parsedEntries.problems);
  }
  if (values['no-default-allow']) defaultAllow = false;

  const stub = values['rater-stub'];
  if (stub !== undefined && !(OUTCOMES as readonly string[]).includes(stub)) {
    throw new UsageError(`--rater-stub: expected one of ${OUTCOMES.join(', ')}`);
  }
  if (stub !== undefined && values['rater-url'] !== undefined) throw new UsageError('--rater-stub and --rater-url exclude each other');
  if ((values['rater-url'] === undefined) !== (values['rater-model'] === undefined)) {
    throw new UsageError('--rater-url and --rater-model go together');
  }
  let raterTimeoutMs: number | undefined;
  if (values['rater-timeout-ms'] !== undefined) {
    raterTimeoutMs = Number(values['rater-timeout-ms']);
    if (!Number.isInteger(raterTimeoutMs) || raterTimeoutMs < 1 || raterTimeoutMs > 600000) {
      throw new UsageError('--rater-timeout-ms: expected a whole number of milliseconds from 1 to 600000');
    }
  }
  const shell = values.shell ?? 'any';
  if (!(READING_SHELLS as readonly string[]).includes(shell)) throw new UsageError(`--shell: expected one of ${READING_SHELLS.join(', ')}`);
  if ((command === 'explain' || command === 'run') && positionals.length === 0) throw new UsageError(`${command} needs a command after --`);
  if (command !== 'run' && (values.sandbox !== undefined || values['sandbox-path'] !== undefined || values['sandbox-host'] !== undefined || values['package-registries'])) {
    throw new UsageError('--sandbox, --sandbox-path, --sandbox-host and --package-registries belong to run');
  }
  if (values.sandbox !== undefined && values.sandbox !== 'on' && values.sandbox !== 'off') throw new UsageError('--sandbox: expected on or off');
  if (command === 'batch' && positionals.length > 0) throw new UsageError('batch reads its commands from standard input');
  if (command !== 'explain' && (values.json || values.capture)) throw new UsageError('--json and --capture belong to explain');
  if (command === 'hook' && positionals.length !== 1) throw new UsageError('hook needs the agent: hook claude-code|gemini|codex|copilot|cursor');

  return {
    command,
    rung,
    rungGiven,
    ...lists,
    defaultAllow,
    ...(stub !== undefined ? { raterStub: stub as Outcome } : {}),
    ...(values['rater-url'] !== undefined ? { raterUrl: values['rater-url'] } : {}),
    ...(values['rater-model'] !== undefined ? { raterModel: values['rater-model'] } : {}),
    ...(raterTimeoutMs !== undefined ? { raterTimeoutMs } : {}),
    raterApiKeyEnv: values['rater-api-key-env'] ?? 'OPENAI_API_KEY',
    cwd: values.cwd ?? context.cwd,
    home: context.home,
    // `run` runs the command with bash, so that is the shell its reading must hold in.
    shell: (values.shell === undefined && command === 'run' ? 'bash' : shell) as ReadingShell,
    shellGiven: values.shell !== undefined,
    sandbox: values.sandbox === 'off' ? 'off' : 'on',
    sandboxPaths: values['sandbox-path'] ?? [],
    sandboxHosts: values['sandbox-host'] ?? [],
    packageRegistries: values['package-registries'] ?? false,
    json: values.json ?? false,
    capture: values.capture ?? false,
    words: positionals,
    problems,
  };
}

/** `--allow E`: a JSON object when it starts with `{`, otherwise the string shorthand. */
export function entriesFromFlags(flags: readonly unknown[], list: ListName, source: string): { entries: ListEntry[]; problems: SettingProblem[] } {
  // No flags is no entries and no problems; `batch` asks this three times for every line.
  if (flags.length === 0) return { entries: [], problems: [] };
  const problems: SettingProblem[] = [];
  const raw: unknown[] = [];
  for (const flag of flags) {
    if (typeof flag === 'string' && flag.trimStart().startsWith('{')) {
      try {
        raw.push(JSON.parse(flag));
      } catch (error) {
        problems.push({ setting: source, message: `${flag}: not valid JSON (${error instanceof Error ? error.message : String(error)})` });
      }
    } else {
      raw.push(flag);
    }
  }
  const parsed = parseListEntries(raw, list, source);
  for (const error of parsed.errors) problems.push({ setting: source, message: `${error.entry}: ${error.message}` });
  return { entries: parsed.entries, problems };
}

/**
 * `--config FILE`, read by the rules of the hook's user file (hookSettings.ts): comments and
 * trailing commas as VS Code reads settings.json; an unknown name of the gate's, or a value that
 * would narrow the guard if it were dropped (a bad deny or escalate entry, rung, defaultAllow), is
 * a usage error naming FILE:LINE:COLUMN, so nothing is decided with it; an invalid allow entry is
 * left out with a warning naming its place.
 */
function readConfigFile(file: string): ReturnType<typeof readPolicySettings> {
  const reading = readSettingsFile(file);
  if (reading.kind === 'absent') throw new UsageError(`--config: cannot read ${file}: no such file`);
  if (reading.kind === 'broken') throw new UsageError(`--config: ${reading.reason}`);
  const settings = readPolicySettings(reading.values, file);
  const at = (setting: string, index?: number): string => {
    const bare = setting.startsWith(SETTING_PREFIX) ? setting.slice(SETTING_PREFIX.length) : setting;
    return reading.at(Object.prototype.hasOwnProperty.call(reading.values, setting) ? setting : bare, index);
  };
  const refusing = [
    ...unknownSettingNames(reading.values, { bare: true, extra: HOOK_ONLY_KEYS }).map((name) => `${at(name)}: ${name}: unknown setting${didYouMean(name, HOOK_ONLY_KEYS)}`),
    ...settings.problems.filter((p) => p.refuses).map((p) => `${at(p.setting, p.index)}: ${p.setting}${p.index !== undefined ? ` entry ${p.index}` : ''}: ${p.message}`),
  ];
  if (refusing.length > 0) throw new UsageError(`--config: the gate cannot use this file as written, so it decides nothing with it: ${refusing.join('; ')}`);
  return { ...settings, problems: settings.problems.map((p) => ({ ...p, setting: `${at(p.setting, p.index)}: ${p.setting}${p.index !== undefined ? ` entry ${p.index}` : ''}` })) };
}
