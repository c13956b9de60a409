import { flagged, valued, type ArgReading } from '../grammar';
import type { Form, ProgramRow } from '../row';
import { writes } from './settingsStores';

/**
 * Git hook managers (D§7; docs/decisions.md "Git hook managers write the hooks"): their job is to
 * put programs in git's hooks, which run at the next `git commit` or `git push` of anyone using the
 * repository, so their installing verbs write `.git/hooks` (or, for Husky, `.husky` and the
 * `core.hooksPath` of `.git/config`) though the command names no path. These are protected writes:
 * no entry or `safe` rating approves them. Running the configured hooks (`pre-commit run`) and
 * reading verbs are the programs' everyday work and carry no form. Managers without a row whose
 * name says hooks (`lefthook`, `simple-git-hooks`) are read by `configVerbs.ts`.
 */

/** The first operand (the verb), or null. */
function verbOf(reading: ArgReading): string | null {
  const first = reading.operands[0];
  return first !== undefined && first.kind === 'literal' ? first.value : null;
}

const HUSKY_WRITES = (verb: string): Form[] => [
  writes('husky', verb, '.husky', 'tree', `husky ${verb} writes the hooks in .husky`),
  writes('husky', verb, '.git/config', 'file', `husky ${verb} points git's core.hooksPath at .husky`),
];

export const GIT_HOOK_ROWS: readonly ProgramRow[] = [
  {
    names: ['husky'],
    category: 'build',
    what: 'Husky, a git hook manager for npm projects',
    grammar: { long: flagged('help', 'version') },
    // Husky 9: `husky` alone installs (`core.hooksPath`), `husky init` also writes the first hook;
    // older: `install [DIR]`, `add|set FILE CMD`, `uninstall`.
    read: (_args, reading) => {
      if (reading.options.length > 0 && reading.operands.length === 0) return [];
      const verb = verbOf(reading);
      if (verb === null && reading.operands.length > 0) return HUSKY_WRITES('VERB');
      if (verb === null) return HUSKY_WRITES('husky');
      return /^(?:init|install|add|set|uninstall)$/.test(verb) ? HUSKY_WRITES(verb) : [];
    },
    plain: ['--help', '--version'],
  },
  {
    names: ['pre-commit'],
    category: 'build',
    what: 'pre-commit, a git hook manager',
    grammar: { short: 'ct', flags: 'fhV', long: { ...valued('config', 'hook-type', 'hook-stage', 'from-ref', 'to-ref', 'source', 'origin', 'files', 'repo', 'color'), ...flagged('all-files', 'install-hooks', 'overwrite', 'allow-missing-config', 'show-diff-on-failure', 'verbose', 'freeze', 'bleeding-edge', 'help', 'version') } },
    read: (_args, reading) => {
      const verb = verbOf(reading);
      if (verb === 'install' || verb === 'uninstall') return [writes('pre-commit', verb, '.git/hooks', 'tree', `pre-commit ${verb} changes the hooks git runs`)];
      if (verb === 'init-templatedir') {
        const dir = reading.operands[1];
        return [writes('pre-commit', verb, dir !== undefined && dir.kind === 'literal' ? `${dir.value}/hooks` : '~/.git-template/hooks', 'tree', 'pre-commit init-templatedir writes hooks that every later git init and clone copies')];
      }
      if (verb === 'autoupdate') return [writes('pre-commit', verb, '.pre-commit-config.yaml', 'file', 'pre-commit autoupdate rewrites the hooks the configuration runs')];
      return [];
    },
    plain: ['run --all-files', 'run ruff --files a.py', '--version', 'validate-config'],
  },
  {
    names: ['overcommit'],
    category: 'build',
    what: 'Overcommit, a git hook manager',
    grammar: { short: 'r', flags: 'iufsvh', long: { ...valued('run'), ...flagged('install', 'uninstall', 'force', 'sign', 'version', 'help', 'list-hooks') } },
    read: (_args, reading) => {
      const changes = reading.options.find((option) => /^(?:i|u|install|uninstall)$/.test(option.key));
      return changes === undefined ? [] : [writes('overcommit', changes.name, '.git/hooks', 'tree', 'overcommit --install/--uninstall changes the hooks git runs')];
    },
    plain: ['--run', '--list-hooks', '--version'],
  },
];
