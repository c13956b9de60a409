/**
 * Table tests of the code readers (src/gate/programs/languages/): each refused line must be refused
 * by the hardline floor with the arm it names, each benign line must not be refused at all. The
 * lines are whole commands as an agent writes them (`perl -e '…'`), read the way the gate reads them.
 */
import { strict as assert } from 'node:assert';
import { checkHardline, type HardlineArm } from '../../src/gate/hardline/hardline';
import { readCommand } from '../../src/gate/reading/reading';

const HOME = '/home/agent';
const CWD = '/home/agent/project';

/** The floor's answer for one line: its arm, or null when it lets the line through. */
export function floorArm(line: string): string | null {
  return checkHardline(readCommand(line, { home: HOME, shell: 'any' }), CWD)?.arm ?? null;
}

export interface LanguageTable {
  /** Lines the floor must refuse, each with the arm that must refuse it. */
  refused: ReadonlyArray<readonly [line: string, arm: HardlineArm]>;
  /** Lines the floor must let through (the code does nothing the floor refuses). */
  benign: readonly string[];
}

/** Declares the table's tests (inside the caller's `describe`). */
export function languageTable(table: LanguageTable): void {
  for (const [line, arm] of table.refused) {
    it(`refuses (${arm}): ${line}`, () => assert.equal(floorArm(line), arm));
  }
  for (const line of table.benign) {
    it(`lets through: ${line}`, () => assert.equal(floorArm(line), null));
  }
}
