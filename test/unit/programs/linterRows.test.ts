/**
 * The rows of everyday linters, formatters, coverage tools and small runners (rows/linters.ts):
 * a few decisive facts per program, through the table's forms and an allow entry naming the
 * program. The generated tests of every row (programTable.test.ts, programEntries.test.ts) try
 * each role's example and each plain line besides.
 */
import { strict as assert } from 'node:assert';

import { parseListEntries } from '../../../src/gate/lists/listEntry';
import { matchAllow } from '../../../src/gate/lists/listMatcher';
import { programForms, rowFor } from '../../../src/gate/programs/table';
import type { Form } from '../../../src/gate/programs/row';
import { readCommand } from '../../../src/gate/reading/reading';

const HOME = '/home/tester';

function formsOf(line: string): readonly Form[] {
  const { resolution } = readCommand(line, { home: HOME, shell: 'bash' });
  assert.ok(resolution.resolved, line);
  return programForms(resolution.segments[0]!.argv).forms;
}

function covered(line: string, entry: string): boolean {
  const entries = parseListEntries([entry], 'allow', 'test').entries;
  assert.equal(entries.length, 1, entry);
  return matchAllow(readCommand(line, { home: HOME, shell: 'bash' }), entries) !== null;
}

/** The forms of a line as `role trigger [path written, when not the trigger]`, everyday ones marked `*`. */
function described(line: string): string[] {
  return formsOf(line).map((form) => `${form.role}${form.everyday === true ? '*' : ''} ${form.trigger}${form.target !== undefined && form.value?.kind === 'literal' && form.value.value !== form.trigger ? ` ${form.value.value}` : ''}`);
}

describe('rows of linters, formatters and small runners (rows/linters.ts)', () => {
  it('has a row for each program', () => {
    for (const name of ['rubocop', 'isort', 'autoflake', 'codespell', 'yamllint', 'golangci-lint', 'swiftlint', 'misspell', 'dprint', 'alejandra', 'coverage', 'lcov', 'hereby', 'nr', 'richgo']) {
      assert.equal(rowFor(name)?.names[0], name, name);
    }
  });

  it('rubocop: -r and --plugin load Ruby code an entry does not cover; -a is its job', () => {
    assert.deepEqual(described('rubocop -r ./x.rb lib'), ['loader -r']);
    assert.ok(!covered('rubocop -r ./x.rb lib', 'rubocop'));
    assert.ok(!covered('rubocop --plugin rubocop-evil lib', 'rubocop'));
    // OptionParser completes `--req` to `--require`, and so does the reader.
    assert.ok(!covered('rubocop --req ./x.rb lib', 'rubocop'));
    assert.ok(!covered('rubocop -c /tmp/.rubocop.yml lib', 'rubocop'));
    assert.ok(covered('rubocop -a lib', 'rubocop'));
    assert.ok(covered('rubocop -A', 'rubocop'));
    assert.ok(covered('rubocop lib', 'rubocop'));
    assert.deepEqual(described('rubocop -o /tmp/report.txt lib'), ['writer -o /tmp/report.txt']);
  });

  it('isort, autoflake -i, codespell -w, misspell -w, alejandra rewrite the files they are given, their job', () => {
    assert.deepEqual(described('isort src'), ['writer* src']);
    assert.deepEqual(described('isort --check-only --diff src'), []);
    assert.ok(covered('isort src tests', 'isort'));
    assert.deepEqual(described('autoflake a.py'), []);
    assert.deepEqual(described('autoflake -i a.py'), ['writer* -i', 'writer* a.py']);
    assert.deepEqual(described('autoflake -i --check a.py'), ['writer* -i']);
    assert.ok(covered('autoflake -i --remove-all-unused-imports a.py', 'autoflake'));
    assert.deepEqual(described('codespell -w README.md'), ['writer* -w', 'writer* README.md']);
    assert.ok(covered('codespell -w .', 'codespell'));
    assert.deepEqual(described('misspell -w docs'), ['writer* -w', 'writer* docs']);
    assert.deepEqual(described('misspell -w=false docs'), []);
    assert.ok(!covered('misspell -o /tmp/out.txt .', 'misspell'));
    assert.deepEqual(described('alejandra flake.nix'), ['writer* flake.nix']);
    assert.deepEqual(described('alejandra --check .'), []);
  });

  it('coverage: run runs Python as python3 does; a report entry does not cover it; reports written elsewhere are forms', () => {
    assert.ok(!covered('coverage run -m pytest', 'coverage report'));
    assert.ok(covered('coverage run -m pytest', 'coverage'));
    assert.ok(covered('coverage run manage.py test', 'coverage'));
    // `coverage run -m pytest …` is read as `python3 -m pytest …`: pytest's own forms are found.
    assert.deepEqual(described('coverage run -m pytest --junitxml=/etc/x.xml'), ['writer --junitxml /etc/x.xml']);
    assert.ok(!covered('coverage run -m pytest -p evil_plugin', 'coverage'));
    assert.deepEqual(described('coverage html -d /tmp/x'), ['writer -d /tmp/x']);
    assert.ok(!covered('coverage html -d /tmp/x', 'coverage'));
    assert.ok(covered('coverage html', 'coverage'));
    assert.ok(!covered('coverage xml -o /tmp/c.xml', 'coverage'));
    assert.deepEqual(described('coverage xml -o -'), []);
    // A configuration names plugins, Python modules that run; optparse completes `--rc`.
    assert.ok(!covered('coverage run --rc /tmp/rc -m pytest', 'coverage'));
    assert.ok(!covered('coverage report --rcfile /tmp/rc', 'coverage'));
    assert.ok(!covered('coverage combine --data-file /tmp/.coverage', 'coverage'));
    assert.ok(covered('coverage report -m --skip-covered', 'coverage'));
  });

  it('yamllint only reads', () => {
    assert.equal(rowFor('yamllint')?.readOnly, true);
    assert.ok(covered('yamllint -c .yamllint.yml -s .', 'yamllint'));
  });

  it('golangci-lint: another configuration can load Go plugins; --fix is its job; reports to a path are forms', () => {
    assert.ok(covered('golangci-lint run ./...', 'golangci-lint'));
    assert.ok(covered('golangci-lint run --fix ./...', 'golangci-lint run'));
    assert.ok(!covered('golangci-lint run -c /tmp/.golangci.yml ./...', 'golangci-lint'));
    assert.deepEqual(described('golangci-lint run --output.json.path=/tmp/r.json'), ['writer --output.json.path /tmp/r.json']);
    assert.deepEqual(described('golangci-lint run --output.json.path=stdout'), []);
    assert.ok(!covered('golangci-lint custom', 'golangci-lint'));
  });

  it('swiftlint: --fix is its job; --output writes a chosen file; unread verbs are forms', () => {
    assert.ok(covered('swiftlint --fix', 'swiftlint'));
    assert.ok(covered('swiftlint lint --strict Sources', 'swiftlint'));
    assert.ok(!covered('swiftlint lint --output /tmp/report.txt', 'swiftlint'));
    assert.ok(!covered('swiftlint generate-docs', 'swiftlint'));
  });

  it('dprint: fmt is its job; a configuration or plugins named on the line load code', () => {
    assert.ok(covered('dprint fmt', 'dprint'));
    assert.ok(!covered('dprint fmt', 'dprint check'));
    assert.ok(!covered('dprint -c https://example.com/dprint.json check', 'dprint'));
    assert.ok(!covered('dprint check --plugins https://example.com/p.wasm', 'dprint'));
    assert.ok(!covered('dprint upgrade', 'dprint'));
  });

  it('lcov: a gcov tool, scripts and Perl expressions run; odd Getopt::Long spellings are taken at their worst', () => {
    assert.ok(covered('lcov --summary coverage.info', 'lcov'));
    assert.ok(!covered('lcov -c -d . -o coverage.info', 'lcov'));
    assert.ok(!covered('lcov -c -d . --gcov-tool /tmp/gcov', 'lcov'));
    assert.ok(!covered('lcov -c -d . --gcov /tmp/gcov', 'lcov'));
    assert.ok(!covered('lcov -c -d . --GCOV-TOOL /tmp/gcov', 'lcov'));
    assert.ok(described('lcov -c -d . -output-file /etc/x').some((form) => form.startsWith('executor -output-file')));
    assert.ok(!covered('lcov --rc geninfo_gcov_tool=/tmp/g -c -d .', 'lcov'));
    assert.ok(!covered("lcov --substitute 's/a/b/' -a x.info", 'lcov'));
  });

  it('hereby and nr run the project’s own tasks and scripts; another Herebyfile, folder or a file is not', () => {
    assert.ok(covered('hereby build', 'hereby'));
    assert.ok(!covered('hereby --herebyfile /tmp/Herebyfile.mjs build', 'hereby'));
    assert.ok(covered('nr build', 'nr'));
    assert.ok(covered('nr lint -- --fix', 'nr'));
    assert.ok(covered('nr -C packages/web build', 'nr'));
    assert.ok(!covered('nr -C /tmp/other build', 'nr'));
    assert.ok(!covered('nr ./evil.ts', 'nr'));
  });

  it('richgo reads as go: go test’s forms are its forms', () => {
    assert.ok(covered('richgo test ./...', 'richgo test'));
    assert.ok(!covered('richgo test -exec /tmp/runner ./...', 'richgo test'));
    assert.ok(!covered('richgo test -toolexec /tmp/wrap ./...', 'richgo'));
    assert.ok(!covered('richgo generate ./...', 'richgo'));
  });
});
