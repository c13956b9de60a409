import { flagged, textOf } from '../grammar';
import type { Word } from '../../reading/resolution';
import type { ArgReading } from '../grammar';
import type { Form, ProgramRow } from '../row';
import { writes } from './settingsStores';

/**
 * Dotfile managers and shell frameworks write the home folder (D§7; docs/decisions.md "Dotfile
 * managers and tools' logins write the home folder"): their job is to put start-up and
 * configuration files in place — links, copies, decrypted secrets — outside the workspace, so
 * their writing verbs are writer forms (no entry or `safe` rating approves them; a person sees
 * them) and their reading verbs (`diff`, `status`, `list`) have none. A dry run (`-n`,
 * `--dry-run`, `--simulate`) writes nothing.
 */

/** Literal words among `args` (options included). */
function literals(args: readonly Word[]): Set<string> {
  return new Set(args.flatMap((word) => (word.kind === 'literal' ? [word.value] : [])));
}

/** A dry run: the command says what it would do. */
function dryRun(args: readonly Word[], spellings: readonly string[] = ['-n', '--dry-run', '--simulate', '--no']): boolean {
  const words = literals(args);
  return spellings.some((spelling) => words.has(spelling));
}

/** The value of `name` (`--name VALUE`, `--name=VALUE`, `-n VALUE`) among the words, as text; undefined when absent, null when opaque. */
function valueOf(args: readonly Word[], names: readonly string[]): string | null | undefined {
  for (let k = 0; k < args.length; k++) {
    const word = args[k]!;
    if (word.kind !== 'literal') continue;
    for (const name of names) {
      if (word.value === name) return textOf(args[k + 1]);
      if (name.startsWith('--') && word.value.startsWith(`${name}=`)) return word.value.slice(name.length + 1);
    }
  }
  return undefined;
}

/** A writer form of a verb whose target is the home folder (or the tree `where` names). */
function homeWrite(program: string, verb: string, where: string | null | undefined, note: string): Form {
  return writes(program, verb, where === undefined || where === null ? '~' : where, 'tree', note);
}

/** chezmoi's verbs that change the home folder, and those that change its source state. */
const CHEZMOI_HOME = new Set(['apply', 'update', 'purge']);
const CHEZMOI_SOURCE = new Set(['add', 're-add', 'forget', 'edit', 'import', 'chattr', 'merge', 'merge-all', 'init', 'mackup']);

/** yadm runs git with the home folder as its work tree: these verbs rewrite files there. */
const YADM_HOME = new Set(['decrypt', 'checkout', 'reset', 'restore', 'pull', 'merge', 'rebase', 'stash', 'clone', 'alt', 'perms', 'bootstrap', 'switch', 'cherry-pick', 'revert', 'apply', 'clean', 'rm', 'mv', 'am']);

/** bash-it's verbs that change its own tree in the home folder. */
const BASH_IT_WRITES = new Set(['enable', 'disable', 'update', 'migrate', 'profile', 'preview']);

/** homeshick's verbs that link or fetch castles into the home folder. */
const HOMESHICK_WRITES = new Set(['link', 'symlink', 'clone', 'pull', 'track', 'unlink', 'generate', 'refresh']);

/** huggingface-cli's upload: the local path (second operand after the verb) leaves for the hub. */
function hubUpload(program: string, reading: ArgReading): Form[] {
  const local = reading.operands[2];
  if (local === undefined) return [];
  return [{ role: 'network', program, trigger: 'upload', index: reading.operandIndexes[2]!, value: local, sends: true, everyday: true, note: `${program} upload sends the local file or folder to a repository on the hub` }];
}

export const DOTFILE_ROWS: readonly ProgramRow[] = [
  {
    names: ['chezmoi'],
    category: 'file',
    what: 'chezmoi, which puts dotfiles from its source state into the home folder',
    read: (args, reading) => {
      const verb = textOf(reading.operands[0]);
      // A verb only known at run time may be `destroy` or `apply`: the reading is not sure.
      if (verb === null && reading.operands.length > 0) throw new Error('the verb is only known at run time');
      if (verb === null || verb === undefined || dryRun(args)) return [];
      const destination = valueOf(args, ['-D', '--destination']);
      // `destroy TARGET…` deletes each target from the home folder (and from the source state).
      if (verb === 'destroy') {
        return reading.operands.slice(1).map((word, k) => ({
          role: 'destructive' as const, program: 'chezmoi', trigger: 'destroy', index: reading.operandIndexes[k + 1]!, value: word, changes: 'deletes' as const,
          note: 'chezmoi destroy deletes each target from the home folder, with its source state',
        }));
      }
      if (CHEZMOI_HOME.has(verb) || (verb === 'init' && literals(args).has('--apply'))) {
        return [homeWrite('chezmoi', verb, destination, `chezmoi ${verb} writes the managed files of the home folder (start-up files, keys, configuration)`)];
      }
      if (CHEZMOI_SOURCE.has(verb)) return [homeWrite('chezmoi', verb, valueOf(args, ['-S', '--source']) ?? '~/.local/share/chezmoi', `chezmoi ${verb} writes its source state, which the next apply puts in the home folder`)];
      return [];
    },
    plain: ['diff', 'status', 'managed', 'cat ~/.bashrc', 'data', 'doctor', 'source-path', 'apply -n', '--version'],
  },
  {
    names: ['yadm'],
    category: 'file',
    what: 'yadm, a git repository whose work tree is the home folder',
    read: (args, reading) => {
      const verb = textOf(reading.operands[0]);
      if (verb === null && reading.operands.length > 0) throw new Error('the verb is only known at run time');
      if (verb === null || verb === undefined) return [];
      if (YADM_HOME.has(verb)) return [homeWrite('yadm', verb, null, `yadm ${verb} rewrites files of the home folder (its work tree)`)];
      if (verb === 'encrypt') return [writes('yadm', verb, '~/.local/share/yadm', 'tree', 'yadm encrypt writes its encrypted archive in the home folder')];
      return [];
    },
    plain: ['status', 'diff', 'log --oneline', 'list -a', 'push', 'version'],
  },
  {
    names: ['stow', 'xstow'],
    category: 'file',
    what: 'GNU Stow, which links a package folder\'s files into a target folder',
    read: (args, reading) => {
      if (reading.operands.length === 0 || dryRun(args)) return [];
      // The target is -t/--target, by default the folder above the stow folder (-d, else this one).
      const target = valueOf(args, ['-t', '--target']);
      const dir = valueOf(args, ['-d', '--dir']);
      const where = target !== undefined ? target : dir === undefined ? '..' : dir === null ? null : `${dir}/..`;
      return [writes('stow', 'stow', where ?? '~', 'tree', 'stow links (or with -D unlinks) the package\'s files in the target folder')];
    },
    plain: ['-n zsh', '--simulate -t ~ zsh', '--version'],
  },
  {
    names: ['dotbot'],
    category: 'file',
    what: 'dotbot, which links, creates and runs what a dotfiles configuration lists',
    read: (args) => (dryRun(args) || literals(args).has('--version') || literals(args).has('--help') ? [] : [homeWrite('dotbot', 'dotbot', null, 'dotbot links and creates the files its configuration lists, in the home folder')]),
    plain: ['--version', '--help', '-n -c install.conf.yaml'],
  },
  {
    names: ['rcup', 'rcdn', 'mkrc'],
    category: 'file',
    what: 'rcm, which links dotfiles into the home folder (rcup), removes them (rcdn) or adopts one (mkrc)',
    read: (args) => (literals(args).has('-h') || literals(args).has('-V') ? [] : [homeWrite('rcm', 'rcm', null, 'rcm links, removes or moves the dotfiles of the home folder')]),
    plain: ['-h', '-V'],
  },
  {
    names: ['bash-it'],
    category: 'file',
    what: 'bash-it, a framework of bash start-up code kept in ~/.bash_it',
    read: (_args, reading) => {
      const verb = textOf(reading.operands[0]);
      return verb !== null && verb !== undefined && BASH_IT_WRITES.has(verb) ? [writes('bash-it', verb, '~/.bash_it', 'tree', `bash-it ${verb} changes the start-up code every bash session loads`)] : [];
    },
    plain: ['show plugins', 'help', 'search git', 'doctor', 'version'],
  },
  {
    names: ['homeshick'],
    category: 'file',
    what: 'homeshick, which links dotfile repositories ("castles") into the home folder',
    read: (_args, reading) => {
      const verb = textOf(reading.operands[0]);
      return verb !== null && verb !== undefined && HOMESHICK_WRITES.has(verb) ? [homeWrite('homeshick', verb, null, `homeshick ${verb} links or fetches dotfiles into the home folder`)] : [];
    },
    plain: ['list', 'check', 'cd dotfiles', 'help'],
  },
  {
    names: ['starship'],
    category: 'file',
    what: 'the starship prompt',
    read: (args, reading) => {
      const verb = textOf(reading.operands[0]);
      if (verb === 'preset') {
        const output = valueOf(args, ['-o', '--output']);
        return output === undefined || output === '-' ? [] : [writes('starship', 'preset', output ?? '~/.config/starship.toml', 'file', 'starship preset -o writes the prompt configuration to the named file')];
      }
      if (verb === 'config' && reading.operands.length >= 3) return [writes('starship', 'config', '~/.config/starship.toml', 'file', 'starship config KEY VALUE rewrites the prompt configuration')];
      return [];
    },
    plain: ['init bash', 'preset nerd-font-symbols', 'explain', 'module git_branch', '--version', 'config'],
  },
  {
    names: ['huggingface-cli', 'hf'],
    category: 'build',
    what: 'the Hugging Face hub client',
    read: (args, reading) => {
      const verb = textOf(reading.operands[0]);
      if (verb === 'upload') return hubUpload('huggingface-cli', reading);
      if (verb === 'login' || verb === 'logout') {
        const forms = [writes('huggingface-cli', verb, '~/.cache/huggingface/token', 'file', `huggingface-cli ${verb} writes the hub token kept in the home folder`)];
        if (literals(args).has('--add-to-git-credential')) forms.push(writes('huggingface-cli', verb, '~/.git-credentials', 'file', '--add-to-git-credential stores the token in git\'s credential store'));
        return forms;
      }
      if (verb === 'delete-cache') return [writes('huggingface-cli', verb, '~/.cache/huggingface', 'tree', 'delete-cache removes models and data sets from the hub cache')];
      return [];
    },
    plain: ['whoami', 'env', 'scan-cache', 'download gpt2 --local-dir ./models', '--help'],
  },
  {
    // mackup moves the home folder's configuration files into a synced folder (Dropbox, iCloud,
    // a folder of .mackup.cfg) and links them back (`backup`, `link`), or copies or links them
    // back into the home folder (`restore`, `link install`, `uninstall`, `copy`). -n/--dry-run only
    // says what it would do.
    names: ['mackup'],
    category: 'file',
    what: 'Mackup, which keeps application settings in a synced folder and links them into the home folder',
    grammar: { flags: 'fnvrh', abbreviations: false, long: flagged('force', 'dry-run', 'verbose', 'root', 'help', 'version') },
    read: (args, reading) => {
      if (reading.operands.length === 0) return [];
      const verb = textOf(reading.operands[0]);
      const dry = literals(args).has('-n') || literals(args).has('--dry-run');
      if (dry || ['list', 'show', 'help'].includes(verb ?? '')) return [];
      return [writes('mackup', verb ?? 'mackup', '~', 'tree', `mackup ${verb ?? '(a verb only known at run time)'} moves, links or copies configuration files of the home folder`)];
    },
    plain: ['-h', '--version', 'list', 'show git', 'backup -n', 'restore -n -v'],
  },
];
