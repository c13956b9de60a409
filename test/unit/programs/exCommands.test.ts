import { strict as assert } from 'node:assert';
import { exEmptiesAndWrites } from '../../../src/gate/programs/rows/editors';

describe('Ex commands that empty a file and write it back', () => {
  const empties: Array<readonly string[]> = [['%d', 'wq!'], ['%d|x'], [':1,$delete', ':w'], ['0,$d', 'update'], ['g/^/d', 'exit'], ['g/.*/d|wq'], ['%d', 'wqall']];
  const keeps: Array<readonly string[]> = [['%d', 'q!'], ['1,3d', 'wq'], [',$d', 'wq'], ['g!/^/d', 'wq'], ['g/TODO/d', 'wq'], ['wq', '%d'], ['%s/a/b/g', 'x'], ['w', 'q']];
  for (const lines of empties) it(`${JSON.stringify(lines)} empties the file`, () => assert.equal(exEmptiesAndWrites(lines), true));
  for (const lines of keeps) it(`${JSON.stringify(lines)} does not`, () => assert.equal(exEmptiesAndWrites(lines), false));
});
