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

// docs/decisions.md "No row, no safe rating beyond the workspace": a program the table has no row
// for is taken at its worst for what its words touch.
describe('preflight: a program without a row, at its worst for what it touches (preflight/unplacedReach.ts)', () => {
  const reaching: Array<[string, RegExp]> = [
    ['frobctl --action=Shutdown', /no row for frobctl.*end the power/],
    ['frobctl shell svc power reboot', /end the power/],
    ['frobctl -a -f 1s /var', /\/var, outside the workspace/],
    ['frobctl --root=/etc sync', /\/etc, outside the workspace/],
    ['frobctl -b /home/dev:/mnt -r rootfs ls', /\/home\/dev.*outside the workspace/],
    ['frobctl ~/.config/app', /outside the workspace/],
    ['frobctl ../../other', /outside the workspace/],
    ['frobctl --ob=/dev/nvme0n1', /the device \/dev\/nvme0n1/],
    ['frobctl C:/Users/dev', /Windows path/],
    ["frobctl -e 'runCommand(\"ls\")'", /reads as code/],
    ['frobctl "$TARGET"', /only known at run time/],
    ['frobctl --purge-all cache', /delete or wipe/],
    ['sudo frobctl status', /no row for frobctl.*through sudo/],
    ["sh -c 'frobctl /usr'", /no row for frobctl/],
  ];
  for (const [command, reason] of reaching) {
    it(`a person sees: ${command}`, () => {
      const why = unresolved(command);
      assert.ok(why !== null, 'no finding keeps a safe rating from approving it');
      assert.match(why, reason);
    });
  }

  const workspaceOnly = [
    'frobctl run main.nf',
    'frobctl --verbose check src/lib',
    'frobctl build ./out /tmp/frob-cache',
    'frobctl < input.txt > /dev/null',
    // A package manager's script or project binary is the project's own code, as `npm run build` is.
    'pnpm build',
    'yarn lint --fix',
    // Builtins are read by the resolver, and rows place the rest.
    'export NODE_ENV=test',
    'ls -la /usr/bin',
    // Another language's text read as shell words names no program (vim's Ex command `set`).
    "vim -c 'set ff=unix' -c wq notes.txt",
  ];
  for (const command of workspaceOnly) {
    it(`a rating may approve: ${command}`, () => {
      assert.equal(unresolved(command), null);
    });
  }
});
