// Installs the Debian packages the tests need when they are missing, so that `npm test` is the one
// command on a fresh Debian machine (`pretest` runs this; so do `test:unit`, `test:e2e` and
// scripts/e2e/install-code-server.sh, with the group they need). Quick when all is there: it only
// looks along PATH, nothing is started. Missing packages are installed with apt-get as root;
// anyone else gets the one command to run, and exit 1.
//
//   node scripts/ensureSystem.mjs [GROUP...]     GROUP: mocha | e2e (default: both)
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** What is needed, how to tell it is there, the Debian package that brings it, and what for. */
const NEEDS = [
  // The mocha stage: differentials against a real bash in a chroot (unshare), and against the real
  // small-language programs in the same kind of sandbox (docs/differential-testing.md).
  { group: 'mocha', program: 'unshare', pkg: 'util-linux', why: 'the bash differentials\' chroot' },
  { group: 'mocha', program: 'setpriv', pkg: 'util-linux', why: 'the program differentials' },
  { group: 'mocha', program: 'script', pkg: 'bsdutils', why: 'the program differentials' },
  { group: 'mocha', program: 'sed', pkg: 'sed', why: 'the sed differentials' },
  { group: 'mocha', program: 'mawk', pkg: 'mawk', why: 'the awk differentials' },
  { group: 'mocha', program: 'gawk', pkg: 'gawk', why: 'the awk differentials' },
  { group: 'mocha', program: 'find', pkg: 'findutils', why: 'the find differentials' },
  { group: 'mocha', program: 'xargs', pkg: 'findutils', why: 'the xargs differentials' },
  { group: 'mocha', program: 'tar', pkg: 'tar', why: 'the tar differentials' },
  { group: 'mocha', program: 'git', pkg: 'git', why: 'the git -c differentials' },
  { group: 'mocha', program: 'ssh', pkg: 'openssh-client', why: 'the ssh -o differentials' },
  { group: 'mocha', program: 'zsh', pkg: 'zsh', why: 'the zsh differentials' },
  // Bubblewrap: the hook asks the agent's shell for its definitions only inside it
  // (src/cli/hooks/readOnlySandbox.ts), and every command the gate runs goes through the OS sandbox
  // (test/integration/sandbox.test.ts): @anthropic-ai/sandbox-runtime needs it, socat (its proxy
  // bridge) and ripgrep.
  { group: 'mocha', program: 'bwrap', pkg: 'bubblewrap', why: 'the sandbox, and the agent shell asked read-only' },
  { group: 'mocha', program: 'socat', pkg: 'socat', why: 'the sandbox tests' },
  { group: 'mocha', program: 'rg', pkg: 'ripgrep', why: 'the sandbox tests' },
  { group: 'mocha', program: 'curl', pkg: 'curl', why: 'the sandbox tests' },
  { group: 'mocha', program: 'pytest-3', pkg: 'python3-pytest', why: 'the sandbox tests (python3 -m pytest inside)' },
  // Debian's Chromium: the card test of the mocha stage (playwright-core, no browser download;
  // CHROMIUM names another build) and the e2e stage's UI tests.
  { group: 'mocha', program: 'chromium', pkg: 'chromium', why: 'the approval card in Chromium', env: 'CHROMIUM' },
  // The e2e stage's code-server (scripts/e2e/install-code-server.sh): Debian's ripgrep stands in
  // for the one @vscode/ripgrep would download, and libkrb5-dev's headers build its kerberos module.
  { group: 'e2e', program: 'chromium', pkg: 'chromium', why: 'the e2e stage\'s UI tests', env: 'CHROMIUM' },
  { group: 'e2e', program: 'rg', pkg: 'ripgrep', why: 'code-server\'s ripgrep' },
  { group: 'e2e', file: '/usr/include/gssapi/gssapi.h', pkg: 'libkrb5-dev', why: 'code-server\'s kerberos module' },
];
const GROUPS = [...new Set(NEEDS.map((need) => need.group))];

function onPath(program) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, program), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

const isThere = (need) => (need.file ? existsSync(need.file) : onPath(need.program) || (need.env !== undefined && Boolean(process.env[need.env]) && existsSync(process.env[need.env])));

const groups = process.argv.slice(2);
for (const group of groups) if (!GROUPS.includes(group)) throw new Error(`ensureSystem.mjs: unknown group "${group}" (known: ${GROUPS.join(', ')})`);
const missing = NEEDS.filter((need) => (groups.length === 0 || groups.includes(need.group)) && !isThere(need));
if (missing.length > 0) {
  const packages = [...new Set(missing.map((need) => need.pkg))];
  const reasons = packages
    .map((pkg) => {
      const needs = missing.filter((need) => need.pkg === pkg);
      return `${pkg} (${[...new Set(needs.map((need) => need.program ?? need.file))].join(', ')}: ${[...new Set(needs.map((need) => need.why))].join('; ')})`;
    })
    .join(', ');
  const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (!onPath('apt-get')) {
    console.error(`The tests need these programs, which are missing (Debian package names): ${reasons}.\nThere is no apt-get here: install them with this system's package manager, then run the command again.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.error(`The tests need these Debian packages, which are missing: ${reasons}.\nInstall them as root, then run the command again:\n  sudo apt-get update && sudo ${command}`);
    process.exit(1);
  }
  console.log(`Installing the Debian packages the tests need: ${reasons}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${run.status ?? run.signal}); run as root: apt-get update && ${command}`);
      process.exit(1);
    }
  }
  const still = missing.filter((need) => !isThere(need));
  if (still.length > 0) {
    console.error(`Still missing after apt-get install: ${still.map((need) => need.program ?? need.file).join(', ')}`);
    process.exit(1);
  }
}
