/**
 * Every row of the program table against an innocent allow entry for the program (D§4.3, D§6):
 * each executor, loader, writer, network, listener and destructive form the row's generated lines
 * hold is NOT covered by a prefix entry naming the program (and its subcommands), and each plain
 * form is. The lines come from the row itself (test/support/programCases.ts), so a new row is
 * tested here without a line written for it.
 */
import { strict as assert } from 'node:assert';

import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { programForms, programRows, rowName } from '../../../src/gate/programs/table';
import { readCommand } from '../../../src/gate/reading/reading';
import { commandLines } from '../../support/programCases';

const HOME = '/home/tester';

function argvOf(line: string) {
  const { resolution } = readCommand(line, { home: HOME, shell: 'bash' });
  return resolution.resolved ? (resolution.segments[0]?.argv ?? []) : [];
}

function covered(line: string, entry: string): boolean {
  const entries = parseListEntries([entry], 'allow', 'test').entries;
  assert.equal(entries.length, 1, entry);
  return matchAllow(readCommand(line, { home: HOME, shell: 'bash' }), entries) !== null;
}

describe('an innocent entry for each program of the table', () => {
  for (const row of programRows()) {
    const cases = commandLines(row);
    if (cases.length === 0) continue;
    it(`${rowName(row)}: refuses every form, covers every plain line`, () => {
      const wrongly: string[] = [];
      for (const c of cases) {
        // An everyday line the generator made may also hold another form (`rename first old.txt`: perl code).
        if (c.everyday === true && programForms(argvOf(c.line)).forms.some((f) => f.everyday !== true)) continue;
        const entry = c.line.startsWith(c.entry) ? c.entry : c.entry.split(' ')[0]!;
        const yes = covered(c.line, entry);
        // The program's everyday job (cp's target) is covered like a plain form.
        if (c.expect === 'plain' || c.everyday === true ? !yes : yes) wrongly.push(`${c.expect === 'plain' || c.everyday === true ? 'not covered' : 'covered'} by "${entry}": ${c.line}`);
      }
      assert.deepEqual(wrongly, []);
    });
  }
});

describe('a wrapper that does not peel', () => {
  // `pnpm NAME` may run package.json's script NAME, `torsocks CMD` preloads a library into CMD:
  // an entry for the command alone says nothing about what the wrapper makes of it.
  const rows = programRows().filter((row) => row.wrapper !== undefined && !row.wrapper.peel && row.wrapper.elsewhere !== true && (row.wrapper.skip ?? 0) === 0 && row.wrapper.afterDashDash !== true);
  it('is not covered by an entry for the command it runs', () => {
    assert.ok(rows.length >= 5, `${rows.length} rows`);
    // xargs only appends words from its input: `xargs true` is `true` with any words, which an
    // entry for `true` covers (the allow matcher's xargs shape); its other commands below.
    const wrongly = rows.filter((row) => row.wrapper?.appendsInput === undefined).map(rowName).filter((name) => covered(`${name} true`, 'true'));
    assert.deepEqual(wrongly, []);
  });
  it('xargs: covered by an entry for its command only when any words given to it only read', () => {
    assert.ok(covered('xargs true', 'true'));
    assert.ok(covered('xargs wc -l', 'wc'));
    for (const [command, entry] of [['xargs rm', 'rm'], ['xargs rm -f', 'rm -f'], ['xargs sort', 'sort'], ['xargs sed -n p', 'sed'], ['xargs -I{} true', 'true'], ['xargs npm test', 'npm test'], ['xargs python3 x.py', 'python3']] as const) {
      assert.ok(!covered(command, entry), `${command} by ${entry}`);
    }
  });
  it('is what a package manager is when its first word may name a script of the project', () => {
    // corepack NAME runs the package manager NAME, not a script: the one row-level exception.
    const peeling = programRows().filter((row) => row.category === 'package' && row.wrapper?.peel === true && row.subcommands !== undefined && rowName(row) !== 'corepack');
    assert.deepEqual(peeling.map(rowName), []);
  });
});
