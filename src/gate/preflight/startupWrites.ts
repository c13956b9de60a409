/**
 * Shells whose inline code writes their own start-up and settings files, and scripting bridges whose
 * code registers what runs at login (osascript's login items) (D§7; docs/decisions.md
 * "Writes outside the workspace reach a person" and "A shell's code writing its own start-up
 * files"). The code names no path — the file is a variable of the shell (`$PROFILE`,
 * `$nu.config-path`) or a command's own store (fish's universal variables) — so neither the
 * redirect reader nor the string literals of the code find it. Read approximately, per language,
 * from the code a `-c`/`-Command` form hands on: a writing word and the shell's own file both,
 * then that file is written. Every file named here is outside the workspace and runs (or feeds)
 * code at each start of the shell.
 */

interface StartupRule {
  /** The shell's program names (basenames, lower case). */
  readonly names: readonly string[];
  /** Its inline-code options, read only when the program has no row of its own (nu) to say so. */
  readonly codeOptions: readonly string[];
  /** The start-up or settings files the code writes, or none. */
  readonly written: (code: string) => string[];
}

/** A PowerShell cmdlet or .NET call that writes or removes a file, or a redirection. */
const POWERSHELL_WRITES = /\b(?:Add-Content|Set-Content|Out-File|Tee-Object|New-Item|Copy-Item|Move-Item|Remove-Item|Clear-Content|Rename-Item|ac|sc|WriteAll(?:Text|Lines|Bytes)|AppendAll(?:Text|Lines))\b|>>?/i;

/** nushell commands that write, move or remove files, or rewrite the configuration. */
const NU_WRITES = /\b(?:save|mkdir|rm|mv|cp|touch)\b|\bconfig\s+(?:reset|nu|env)\b/;

/** fish: `set` with the universal scope (`-U`, `--universal`, in a cluster such as `-Ux`). */
const FISH_UNIVERSAL_SET = /(?:^|[;&|(\n]|\band\b|\bor\b)\s*set\s+(?:-[A-Za-z]*U[A-Za-z]*|--universal)\b/;
/** `fish_add_path` keeps its paths in the universal `fish_user_paths` unless told `-g`/`-P`. */
const FISH_ADD_PATH = /\bfish_add_path\b([^;&|\n]*)/g;
/** Other fish commands that save into ~/.config/fish. */
const FISH_SAVES = /\bfuncsave\b|\bfish_config\s+(?:theme|prompt)\s+save\b|\babbr\b[^;&|\n]*(?:\s-[A-Za-z]*U\b|\s--universal\b)|\balias\b[^;&|\n]*\s(?:-s|--save)\b/;

/** AppleScript (System Events) or JXA adding, changing or removing a login item. */
const LOGIN_ITEM = /\b(?:make|delete)\s+(?:new\s+)?login\s+item\b|\bloginItems?\b[\s\S]*\b(?:make|push|delete)\b|\bmake\s*\(\s*\{\s*new\s*:\s*['"]loginItem['"]/i;

const RULES: readonly StartupRule[] = [
  {
    // Login items are programs macOS starts at every login: a code-running place outside the workspace.
    names: ['osascript'],
    codeOptions: ['-e'],
    written: (code) => (LOGIN_ITEM.test(code) ? ['~/Library/Application Support/com.apple.backgroundtaskmanagementagent/backgrounditems.btm'] : []),
  },
  {
    names: ['pwsh', 'pwsh.exe', 'powershell', 'powershell.exe'],
    codeOptions: ['-c', '-command', '-co'],
    written: (code) => (/\$PROFILE\b/i.test(code) && POWERSHELL_WRITES.test(code) ? ['~/.config/powershell/Microsoft.PowerShell_profile.ps1'] : []),
  },
  {
    names: ['nu', 'nushell'],
    codeOptions: ['-c', '--commands', '-e', '--execute'],
    written: (code) => {
      if (!NU_WRITES.test(code)) return [];
      const out: string[] = [];
      if (/\$nu\.config-path\b/.test(code) || /\bconfig\s+(?:reset|nu)\b/.test(code)) out.push('~/.config/nushell/config.nu');
      if (/\$nu\.env-path\b/.test(code) || /\bconfig\s+env\b/.test(code)) out.push('~/.config/nushell/env.nu');
      if (/\$nu\.(?:default-config-dir|user-autoload-dirs|vendor-autoload-dirs)\b/.test(code)) out.push('~/.config/nushell');
      return out;
    },
  },
  {
    names: ['fish'],
    codeOptions: ['-c', '--command', '-C', '--init-command'],
    written: (code) => {
      const out: string[] = [];
      const addsPath = [...code.matchAll(FISH_ADD_PATH)].some((match) => !/\s(?:-[A-Za-z]*[gP][A-Za-z]*|--global|--path)\b/.test(match[1]!));
      if (FISH_UNIVERSAL_SET.test(code) || addsPath) out.push('~/.config/fish/fish_variables');
      if (FISH_SAVES.test(code)) out.push('~/.config/fish');
      return out;
    },
  },
];

/**
 * The start-up and settings files `program` writes with its inline code: `codes`, the code its
 * row's executor forms hand on, or — for a program without a row — the words after its code
 * options in `words` (the words after the program). Empty for most code.
 */
export function startupFilesWritten(program: string, codes: readonly string[], words: readonly (string | null)[] | null): string[] {
  const name = program.toLowerCase();
  const rule = RULES.find((candidate) => candidate.names.includes(name));
  if (rule === undefined) return [];
  const texts = [...codes];
  if (words !== null) {
    words.forEach((word, k) => {
      const next = words[k + 1];
      if (word !== null && rule.codeOptions.includes(word.toLowerCase()) && next !== undefined && next !== null) texts.push(next);
    });
  }
  return [...new Set(texts.flatMap(rule.written))];
}
