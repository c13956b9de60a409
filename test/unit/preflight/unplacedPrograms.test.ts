import { strict as assert } from 'node:assert';
import { preflightFindings } from '../../../src/gate/preflight/preflight';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/dev';
const CWD = '/home/dev/project';

/** The unresolved finding's reason for a command (what keeps a `safe` rating from approving it), or null. */
function unresolved(command: string): string | null {
  const findings = preflightFindings(readCommand(command, { home: HOME, shell: 'bash' }), { cwd: CWD });
  return findings.find((finding) => finding.arm === 'unresolved')?.reason ?? null;
}

// docs/decisions.md "No row, no safe rating": what a program without a row does with its words is
// not known, so a rating is no knowledge of it, wherever it is and whatever its words look like.
describe('preflight: no safe rating approves a program without a row', () => {
  const unplaced = [
    'frobctl --action=Shutdown',
    'frobctl -a -f 1s /var',
    'frobctl run main.nf',
    'frobctl',
    "frobctl -e 'runCommand(\"ls\")'",
    'sudo frobctl status',
    'timeout 30 frobctl check',
    "sh -c 'frobctl /usr'",
    'find . -name x -exec frobctl {} +',
    'pnpm exec frobctl',
    // A runner that fetches a package and runs it by name runs a program without a row too.
    'npx frobctl --fix',
    'uvx frobctl',
    'yarn dlx frobctl',
  ];
  // A strict row's unknown option is no better known: mmc's row knows mmc-utils' register reads,
  // not the Mercury compiler of the same name.
  it('a person sees: mmc --make hello (an option the strict mmc row does not know)', () => {
    assert.match(unresolved('mmc --make hello') ?? '', /mmc --make: an option the gate does not know/);
  });
  for (const command of unplaced) {
    it(`a person sees: ${command}`, () => {
      assert.match(unresolved(command) ?? '', /the program table has no row for frobctl/);
    });
  }

  const placed = [
    // A package manager's script or project binary is the project's own code, as `npm run build` is.
    'pnpm build',
    'yarn lint --fix',
    // Builtins are read by the resolver (reading/shellBuiltins.ts); rows place the rest.
    'export NODE_ENV=test',
    'ls -la /usr/bin',
    // Another language's text read as shell words names no program (vim's Ex command `set`).
    "vim -c 'set ff=unix' -c wq notes.txt",
  ];
  for (const command of placed) {
    it(`a rating may approve: ${command}`, () => {
      assert.equal(unresolved(command), null);
    });
  }
});

// docs/decisions.md "An environment prefix outside the harmless table is not rated safe": what a
// program makes of a variable no table lists is not known either (`GIT_PAGER` runs a pager,
// `LESSOPEN` a filter, `LD_PRELOAD` a library), so a rating is no knowledge of it.
describe('preflight: no safe rating approves an environment prefix outside the harmless table', () => {
  const prefixed: Array<[string, string]> = [
    ["GIT_PAGER='sudo reboot #' git log -1", 'GIT_PAGER'],
    ["GIT_EDITOR='rm -rf ~ #' git commit --amend", 'GIT_EDITOR'],
    ["LESSOPEN='|rm -rf ~ %s' less README.md", 'LESSOPEN'],
    ['env LD_PRELOAD=/tmp/x.so ls', 'LD_PRELOAD'],
    ['sudo env PAGER=cat git log', 'PAGER'],
    // A listed name with a value only known at run time is not data the table vouches for.
    ['TZ="$ZONE" date', 'TZ'],
  ];
  for (const [command, name] of prefixed) {
    it(`a person sees: ${command}`, () => {
      assert.match(unresolved(command) ?? '', new RegExp(`${name} is set for \\S+, and the gate does not know`));
    });
  }

  const harmless = ['CI=1 npm test', 'NO_COLOR=1 ls -la', 'env TZ=UTC date', 'RUST_LOG=info cargo test'];
  for (const command of harmless) {
    it(`a rating may approve: ${command}`, () => {
      assert.equal(unresolved(command), null);
    });
  }
});
