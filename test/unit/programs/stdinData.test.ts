/**
 * The program table's `stdinData` (row.ts): which programs read standard input only as data, so
 * that a here-document or here-string fed to them is not shell text (docs/decisions.md, "Data that
 * only looks like code"). A form (sed's `e` or `w`, awk's `system()`, a `-f` file, sort's
 * `--compress-program`) takes the yes away; writer forms only for a `writes` row (tee).
 */
import { strict as assert } from 'node:assert';
import { readsStdinAsData } from '../../../src/gate/programs/stdinData';
import { rowFor } from '../../../src/gate/programs/table';
import { resolve } from '../../../src/gate/reading/resolver';

/** The segment of a one-command line, read as bash reads it. */
function segmentOf(line: string) {
  const resolution = resolve(line, { home: '/home/agent', shell: 'bash' });
  assert.ok(resolution.resolved, line);
  return resolution.segments[0]!;
}

describe('readsStdinAsData: the table says which programs read their input as data', () => {
  const cases: Array<[string, boolean]> = [
    ['cat', true],
    ['cat -n', true],
    ['grep -c rm', true],
    ['egrep x', true],
    ['wc -l', true],
    ['head -5', true],
    ['tail -n 2', true],
    ['sort', true],
    ['sort -u', true],
    ['uniq -c', true],
    ['xxd', true],
    ['od -c', true],
    ['base64 -d', true],
    ['jq .', true],
    ['cut -d: -f1', true],
    ['tr a-z A-Z', true],
    ["sed -n 's/a/b/p'", true],
    ["awk '{print $1}'", true],
    ['tee out.log', true],
    ['tee -a a b', true],
    ['sed e', false],
    ["sed 's/x/y/e'", false],
    ["sed 'w out.txt'", false],
    ['sed -f script.sed', false],
    ["awk '{system($0)}'", false],
    ['awk \'{print | "sh"}\'', false],
    ["awk '{print > \"f\"}'", false],
    ['awk -f -', false],
    ['jq -f filter.jq', false],
    ['sort --compress-program=sh', false],
    ['sort -o out.txt', false],
    ['uniq in out', false],
    ['xargs rm', false],
    ['sh', false],
    ['bash -s', false],
    ['python3 -', false],
    ['node', false],
    ['sudo cat', false],
    ['timeout 5 cat', false],
    ['cat "$F"', false],
    ['unknowntool', false],
  ];
  for (const [line, expected] of cases) {
    it(`${line}: ${expected ? 'data' : 'not data'}`, () => assert.equal(readsStdinAsData(segmentOf(line)), expected));
  }

  it('is a row field: tee writes its operands, the plain readers have no forms', () => {
    assert.equal(rowFor('tee')?.stdinData, 'writes');
    for (const name of ['cat', 'grep', 'wc', 'head', 'tail', 'sort', 'uniq', 'xxd', 'od', 'base64', 'sed', 'awk', 'jq']) assert.equal(rowFor(name)?.stdinData, 'plain', name);
    for (const name of ['sh', 'bash', 'python3', 'node', 'xargs', 'perl', 'less', 'vim']) assert.equal(rowFor(name)?.stdinData, undefined, name);
  });
});
