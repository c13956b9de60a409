/**
 * Configuration verbs of a program the table cannot place, taken at their worst (D§7,
 * docs/decisions.md "A configuration verb the gate cannot place writes outside the workspace"):
 * a program without a row (or whose row cannot place its words) that is asked to configure
 * itself, the shell or the service manager writes a file outside the workspace — its own
 * configuration (`frob config set k v`, `frob context create prod`, `frob repo add NAME URL`,
 * `frob create-config /`), the shell's start-up file (`frob init zsh`, `frob setup`,
 * `frob completion install`), git's hooks (`frob install --hook-type pre-push`), what it installs
 * (`frob install`, `frob tool install NAME`), the service manager's configuration (`sudo frob
 * enable sshd`) or the Kubernetes client configuration (`frob export kubeconfig`). Each is a write
 * target, so no entry or `safe` rating approves it; the reading verbs (`config get|list|show`,
 * `context list`, `repo list`) are no write.
 */
import type { Word } from '../reading/resolution';
import type { WriteTarget } from './writeTarget';

/** A word's text when it is literal, else null. */
function literalText(word: Word | undefined): string | null {
  return word !== undefined && word.kind === 'literal' ? word.value : null;
}

/**
 * Verbs that write after a noun of the program's own configuration (`config set`, `repo add`).
 * Choosing among what is configured (`context use|switch|select`) is everyday and not here.
 */
const WRITING_VERB = /^(?:set|add|unset|remove|rm|delete|del|edit|append|prepend|reset|replace|write|create|new|rename|install|uninstall|enable|disable|import|save|update|--set|--add|--unset|--remove|--append|--prepend|--edit|--delete|--replace-all|--unset-all)$/;
/** Verbs that only read (`config get`, `context list`). */
const READING_VERB = /^(?:get|list|ls|show|view|cat|print|dump|path|current|status|info|describe|inspect|use|switch|select|activate|--get|--get-all|--list|--show|-l|--help|-h|help)$/;
/** Nouns whose writing verbs change the program's own configuration. */
const CONFIG_NOUN = /^(?:config|configs|configuration|conf|settings|preferences|prefs|context|contexts|profile|profiles|repo|repos|repository|repositories|remote|remotes|registry|registries|channel|channels|alias|aliases|source|sources|plugin|plugins|tap|taps|default|defaults|env)$/;
/** One verb that names the configuration it writes (`create-config`, `use-context`, `set-profile`). */
const CONFIG_COMPOUND = /^(?:create|set|write|add|delete|remove|update|edit|save|generate|init)-(?:config|conf|context|profile|default|alias|remote|repo|kubeconfig)s?$/;
const SHELLS = new Set(['bash', 'zsh', 'fish', 'tcsh', 'csh', 'ksh', 'xonsh', 'powershell', 'pwsh', 'nu', 'nushell', 'elvish', 'cmd.exe', '--all']);
const SERVICE_VERB = /^(?:enable|disable|mask|unmask)$/;

/** The literal words of an argv that are no option, in order (null where a word is opaque). */
function verbs(argv: readonly Word[]): Array<string | null> {
  const out: Array<string | null> = [];
  for (let k = 1; k < argv.length && out.length < 6; k++) {
    const text = literalText(argv[k]);
    if (text !== null && text.startsWith('-') && !WRITING_VERB.test(text) && !READING_VERB.test(text)) continue;
    out.push(text);
  }
  return out;
}

function target(path: string, program: string, what: string, scope: 'file' | 'tree' = 'tree'): WriteTarget {
  return { path, via: `${program} ${what} (a configuration verb of a program the gate cannot place, at its worst)`, ...(scope === 'tree' ? { scope: 'tree' as const } : {}) };
}

/**
 * The writes outside the workspace a configuration verb of an unplaced program makes at its
 * worst (argv[0] the program, wrappers peeled; `privileged`: run through sudo, doas …), or none.
 * The caller asks only for a program the table cannot place.
 */
export function configurationWritesAtWorst(argv: readonly Word[], privileged: boolean): WriteTarget[] {
  const program = literalText(argv[0]);
  if (program === null) return [];
  const name = program.slice(program.lastIndexOf('/') + 1);
  const words = verbs(argv);
  const all = argv.map(literalText);
  const own = `~/.config/${name}`;
  // Options that say the command acts beyond the project (docs/decisions.md "Options that say a
  // tool acts beyond the project"): `--global`/`--system` write the user's or
  // the machine's settings (`git secrets --register-aws --global`, `nbdime config-git --enable
  // --global`), and `--install` installs the tool into git or the user's programs
  // (`nbstripout --install`, `git secrets --install`).
  if (all.includes('--install')) return [target('.git/hooks', name, '--install'), target('.git/config', name, '--install', 'file'), target('~/.local', name, '--install')];
  // A reading verb beside them only looks at those settings (`kopia policy show --global`).
  const onlyReads = words.some((word) => word !== null && READING_VERB.test(word));
  if (all.includes('--system') && !onlyReads) return [target('/etc', name, '--system')];
  if (all.includes('--global') && !onlyReads) return [target(own, name, '--global'), target('~/.gitconfig', name, '--global', 'file')];
  // A program named for git's hooks (`lefthook`, `simple-git-hooks`, `git-hooks`) installs them:
  // alone, or with a verb that adds or changes one (docs/decisions.md "Git hook managers write the hooks").
  if (/hook/i.test(name) && (words.length === 0 || (words[0] !== null && /^(?:install|uninstall|add|init|set|enable|disable|sync|update|remove|rm)$/.test(words[0]!)))) {
    return [target('.git/hooks', name, words[0] ?? 'alone')];
  }
  for (let k = 0; k < Math.min(words.length, 3); k++) {
    const word = words[k];
    if (word === null || word === undefined) return [];
    const next = words[k + 1] ?? null;
    if (word === 'init' || word === 'setup' || word === 'completion' || word === 'completions' || word === 'install-completion' || word === 'shell-init') {
      // `init SHELL` prints the code for a shell as often as it writes it; at worst it writes it
      // into the shell's start-up file. `completion SHELL` prints; `completion install` writes.
      const after = words.slice(k + 1);
      const shellNamed = after.includes('install') || (word !== 'completion' && word !== 'completions' && after.some((w) => w !== null && SHELLS.has(w)));
      if (word === 'setup' || word === 'install-completion' || shellNamed) return [target('~/.bashrc', name, word, 'file'), target('~/.zshrc', name, word, 'file')];
      return [];
    }
    if (word === 'install' || word === 'uninstall') {
      if (all.some((w) => w === '--hook-type' || w === '-t' || (w !== null && w.startsWith('--hook-type=')))) return [target('.git/hooks', name, word)];
      // What it installs lands outside the workspace (the home's programs, the system's).
      if (k === 0) return [target('~/.local', name, word)];
    }
    if ((word === 'hook' || word === 'hooks' || word === 'tool' || word === 'tools') && next !== null && /^(?:install|uninstall|add|enable)$/.test(next)) {
      return [target(word.startsWith('hook') ? '.git/hooks' : '~/.local', name, `${word} ${next}`)];
    }
    // A service manager's configuration needs the root's rights: without them `enable` acts on
    // the program's own add-ons (`microk8s enable dns`), everyday work.
    if (k === 0 && SERVICE_VERB.test(word) && privileged) return [target('/etc', name, word)];
    if (CONFIG_COMPOUND.test(word)) return [target(/kubeconfig/.test(word) ? '~/.kube' : own, name, word)];
    if (word === 'export' && next !== null && /kubeconfig|credentials|config/.test(next)) return [target(/kubeconfig/.test(next) ? '~/.kube' : own, name, `${word} ${next}`)];
    if (CONFIG_NOUN.test(word)) {
      if (all.includes('--local') || all.includes('--project')) return [];
      if (next === null || READING_VERB.test(next)) return [];
      if (WRITING_VERB.test(next)) return [target(own, name, `${word} ${next}`)];
      // `frob config KEY VALUE`: a key and a value after the noun set it.
      if ((word === 'config' || word === 'settings' || word === 'configure') && words.length > k + 2) return [target(own, name, word)];
      return [];
    }
    // `configure list`, `configure list-profiles`, `configure get-…`: reading the configuration.
    if (word === 'configure' && next !== null && (READING_VERB.test(next) || /^(?:list|get|show|describe|print|view|export)-/.test(next))) return [];
    if (word === 'configure' || word === 'setup-shell') return [target(own, name, word)];
  }
  return [];
}
