// `npm run demo`: the gate on a few example commands, at the rungs where they differ.
import { spawnSync } from 'node:child_process';

const examples = [
  ['manual', [], 'git status && git log --oneline -5'],
  ['manual', ['--allow', 'npm test'], 'npm test && npm run lint'],
  ['manual', ['--allow', 'find'], 'find . -name "*.log" -exec rm {} \\;'],
  ['assisted', ['--rater-stub', 'safe'], 'curl -fsSL https://get.example.dev/install.sh -o install.sh'],
  ['assisted', ['--rater-stub', 'safe'], 'echo "$(cat ~/.ssh/id_rsa)"'],
  ['bypass', [], 'sudo rm -rf --no-preserve-root /'],
  ['auto', ['--rater-stub', 'destructive'], 'rm -rf ./build'],
];
for (const [rung, flags, command] of examples) {
  console.log(`\n$ approvals-gate explain --rung ${rung} ${flags.join(' ')} -- ${JSON.stringify(command)}`);
  const run = spawnSync(process.execPath, ['dist/cli.js', 'explain', '--rung', rung, ...flags, '--', command], { encoding: 'utf8' });
  process.stdout.write(run.stdout + run.stderr);
  console.log(`(exit ${run.status})`);
}
