/**
 * The program table, row by row (D§4.3). Every test here is generated from the row itself: for each
 * option role, the spellings a program's getopt accepts (separate and attached values, `--opt=`,
 * an abbreviation, a cluster behind a known flag, after an operand where options permute, behind
 * wrappers); for each operand and subcommand role, the row's example; and the row's plain forms.
 * A new row gets all of them for free. The allow-entry side (an innocent entry refuses every form
 * and covers every plain one) is in `test/unit/lists/programEntries.test.ts`.
 */
import { strict as assert } from 'node:assert';

import { programForms, programRows, rowFor, rowName } from '../../../src/gate/programs/table';
import type { Command, OptionRole, ProgramRow } from '../../../src/gate/programs/row';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';
import { commandLines, type RowCase } from '../../support/programCases';
import { peelWrappers } from '../../../src/gate/programs/wrappers';

const HOME = '/home/tester';

/** The argv of the first segment of a command line, read by the real resolver. */
function argvOf(line: string): Word[] {
  const reading = readCommand(line, { home: HOME, shell: 'bash' });
  assert.ok(reading.resolution.resolved, `the test line ${line} resolves`);
  return reading.resolution.segments[0]!.argv;
}

describe('program table', () => {
  it('holds at least 500 programs, each name in one row', () => {
    const names = new Set<string>();
    for (const row of programRows()) for (const name of row.names) {
      assert.ok(!names.has(name), `${name} is in two rows`);
      names.add(name);
    }
    assert.ok(programRows().length >= 500, `${programRows().length} rows`);
  });

  it('finds a row by path, case and version suffix', () => {
    const row = programRows()[0]!;
    const name = rowName(row);
    assert.equal(rowFor(`/usr/bin/${name}`), row);
    assert.equal(rowFor(name.toUpperCase()), row);
    assert.equal(rowFor('python3.12')?.names[0], 'python3');
    assert.equal(rowFor('no-such-program-here'), null);
  });

  for (const row of programRows()) {
    describe(rowName(row), () => {
      it('has a note for every role and a line saying what it is', () => {
        assert.ok(row.what.length > 0);
        walk(row, (command) => {
          for (const role of [...(command.options ?? []), ...(command.operands ?? [])]) assert.ok(role.note.length > 8, `a note for ${JSON.stringify(role)}`);
          if (command.role) assert.ok(command.role.note.length > 8);
        });
      });
      if (row.readOnly) {
        it('is read-only: no everyday role and no wrapper an entry from the default allow list would cover', () => {
          walk(row, (command) => {
            for (const role of [...(command.options ?? []), ...(command.operands ?? [])]) assert.notEqual(role.everyday, true, `${role.role} ${JSON.stringify(role)}`);
            assert.notEqual(command.role?.everyday, true, `${command.role?.role} ${command.role?.note}`);
            // A subcommand that runs a command without peeling (`ip netns exec NS CMD`) is a form
            // of its own: an entry must name the wrapper and the wrapped command both.
            assert.ok(command.wrapper === undefined || command.wrapper.peel === false, JSON.stringify(command.wrapper));
          });
          assert.equal(row.wrapper, undefined);
        });
      }
      if (row.subcommands !== undefined) {
        it('peels no subcommand as the command a wrapper runs (`pnpm install` is pnpm’s install, not the program install)', () => {
          const name = rowName(row);
          const wrongly: string[] = [];
          for (const sub of Object.keys(row.subcommands!)) {
            const peeled = peelWrappers(argvOf(`${name} ${sub} x`));
            // A subcommand that is a wrapper itself (`poetry run`) is peeled as `poetry run`, never as `poetry`.
            if (peeled.layers.some((layer) => layer.program === name)) wrongly.push(`${name} ${sub}: peeled as ${name} running ${sub}`);
          }
          assert.deepEqual(wrongly, []);
        });
      }
      const cases: RowCase[] = commandLines(row);
      for (const c of cases) {
        if (c.expect === 'plain') {
          it(`plain: ${c.line}`, () => {
            const reading = programForms(argvOf(c.line));
            // The program's everyday job (cp's target) is no form an entry must spell.
            assert.deepEqual(reading.forms.filter((f) => f.everyday !== true).map((f) => `${f.role} ${f.trigger}`), [], c.line);
            assert.equal(reading.unreadable, null, c.line);
          });
        } else {
          it(`${c.expect}: ${c.line}`, () => {
            const reading = programForms(argvOf(c.line));
            assert.ok(
              reading.forms.some((f) => f.role === c.expect) || (c.expect === 'executor' && reading.unreadable !== null),
              `${c.line}: found ${reading.forms.map((f) => `${f.role} ${f.trigger}`).join(', ') || 'nothing'}`,
            );
          });
        }
      }
    });
  }
});

function walk(command: Command, visit: (command: Command) => void): void {
  visit(command);
  for (const sub of Object.values(command.subcommands ?? {})) walk(sub, visit);
}

export type { OptionRole, ProgramRow };
