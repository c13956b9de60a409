import { strict as assert } from 'node:assert';
import { rowFor, stdinCodeOf } from '../../../src/gate/programs/table';
import { readCommand } from '../../../src/gate/reading/reading';

/** The argv of a one-segment command as the resolver reads it. */
function argvOf(line: string) {
  const reading = readCommand(line, { home: '/home/agent', shell: 'bash' });
  assert.ok(reading.resolution.resolved, line);
  return reading.resolution.segments[0]!.argv;
}

describe('stdinCodeOf: which programs run their standard input as code (the table says)', () => {
  const cases: Array<[string, 'shell' | 'code' | null]> = [
    ['sh', 'shell'],
    ['bash -s', 'shell'],
    ['bash -', 'shell'],
    ['bash -c "echo hi"', null],
    ['bash script.sh', null],
    ['at now', 'shell'],
    ['at -m 23:00', 'shell'],
    ['at -f job.sh now', null],
    ['batch', 'shell'],
    ['ed', 'code'],
    ['ed notes.txt', 'code'],
    ['make -f -', 'code'],
    // A makefile named only at run time may be standard input (shrunk from the decision invariants, run-time data never helps, seed 529769809).
    ['make -f "$X"', 'code'],
    ['make --file=-', 'code'],
    ['make -f Makefile', null],
    // A kernel's console reads the kernel's code on its input, its own options and all
    // (docs/decisions.md "REPLs, consoles and scripts fed code on their input").
    ['jupyter console', 'code'],
    ['jupyter console --kernel python3', 'code'],
    ['jupyter console --version', 'code'],
    ['jupyter nbconvert --to html nb.ipynb', null],

    ['make', null],
    ['python3 -', 'code'],
    ['python3 app.py', null],
    ['tclsh', 'code'],
    ['m4', 'code'],
    ['cmd.exe', 'shell'],
    ['grep x', null],
    // A loader's file named `-` is read from standard input (docs/decisions.md "A loader's `-` reads the pipe").
    ['cdist config -i - localhost', 'code'],
    ['cdist config --initial-manifest=/dev/stdin localhost', 'code'],
    ['cdist config -i manifest.sh localhost', null],
    // A value only known at run time may be `-` (decision invariants, run-time data never helps, seed 1553733231).
    ['cdist config -i "$X" localhost', 'code'],
    ['cdist config -i *.sh localhost', 'code'],
    ['bash "$X"', 'shell'],
    ['bash script.sh "$X"', null],
  ];
  for (const [line, expected] of cases) {
    it(`${line}: ${expected ?? 'no code on stdin'}`, () => assert.equal(stdinCodeOf(argvOf(line)), expected));
  }

  it('finds the row of a Windows program run by its .exe name', () => {
    assert.equal(rowFor('wsl.exe')?.names[0], 'wsl');
    assert.equal(rowFor('powershell.exe')?.names[0], 'powershell');
    assert.equal(rowFor('/mnt/c/Windows/System32/cmd.exe')?.names[0], 'cmd');
    assert.equal(rowFor('.exe'), null);
  });
});
