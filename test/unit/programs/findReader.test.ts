/**
 * Table tests for the reader of find's command line (src/gate/programs/find.ts). Each row is a
 * fact about GNU find 4.9.0 that was checked by running it; findDifferential.test.ts holds the
 * reader to the real program over generated lines.
 */
import { strict as assert } from 'node:assert';
import { findPrimaries, readFind, type FindReading } from '../../../src/gate/programs/find';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Word } from '../../../src/gate/reading/resolution';

/** find's arguments (after the program word) as the resolver reads `find …`. */
function argsOf(line: string): Word[] {
  const reading = readCommand(`find ${line}`, { home: '/home/agent', shell: 'bash' });
  assert.ok(reading.resolution.resolved, `test line must resolve: ${line}`);
  return reading.resolution.segments[0]!.argv.slice(1);
}

function read(line: string): FindReading {
  return readFind(argsOf(line));
}

const text = (word: Word): string => (word.kind === 'literal' ? word.value : word.raw);

/** `NAME:values…` for each item of the expression, `|`-joined. */
function shape(reading: FindReading): string {
  return reading.expression.map((item) => [item.name, ...item.values.map(text)].join(':')).join(' | ');
}

/** `PRIMARY:argv…:TERMINATOR` for each executor. */
function executors(reading: FindReading): string[] {
  return reading.executors.map((e) => [e.primary, ...e.argv.map(text), e.terminator ?? 'none'].join(' '));
}

describe('find reader', function () {
  describe('arity of every primary', function () {
    // The value words are chosen to look like primaries: a value is taken whatever it looks like.
    for (const primary of findPrimaries()) {
      if (primary.kind === 'executor' || primary.kind === 'operator') continue;
      it(`${primary.name} takes ${primary.values} value(s)`, function () {
        const values = Array.from({ length: primary.values }, () => '-exec');
        const reading = read([shQuote(primary.name), ...values, '-print'].join(' '));
        assert.equal(reading.unreadable, null, JSON.stringify(reading.unreadable));
        assert.equal(shape(reading), [[primary.name, ...values].join(':'), '-print'].join(' | '));
        assert.deepEqual(reading.executors, []);
      });
      if (primary.values > 0) {
        it(`${primary.name} at the end, without its value, is unreadable`, function () {
          const reading = read(`. ${shQuote(primary.name)}${primary.values === 2 ? ' out' : ''}`);
          assert.ok(reading.unreadable, 'a value-taking primary at the end');
        });
      }
    }

    const rows: Array<[line: string, shape: string]> = [
      ['. -name -exec', '-name:-exec'],
      ['. -newermt 2020-01-01 -print', '-newermt:2020-01-01 | -print'],
      ['. -newerBa ref', '-newerBa:ref'],
      ['. -fprintf out %p -delete', '-fprintf:out:%p | -delete'],
      ['. -printf -delete', '-printf:-delete'],
      ['. -maxdepth 1 -files0-from list', '-maxdepth:1 | -files0-from:list'],
      ['. --help', '--help'],
      ['. -size -1k -perm /u+x -user root', '-size:-1k | -perm:/u+x | -user:root'],
    ];
    for (const [line, expected] of rows) {
      it(`find ${line}`, function () {
        const reading = read(line);
        assert.equal(reading.unreadable, null);
        assert.equal(shape(reading), expected);
      });
    }
  });

  describe('leading options and starting points', function () {
    const rows: Array<[line: string, leading: string[], starts: string[], shape: string]> = [
      ['-H -L -P . -print', ['-H', '-L', '-P'], ['.'], '-print'],
      ['-D exec . -print', ['-D', 'exec'], ['.'], '-print'],
      // -D takes the next word whatever it is: `-exec` here is a debug option, `rm {} ;` are paths.
      ["-D -exec rm {} ';'", ['-D', '-exec'], ['rm', '{}', ';'], ''],
      ['-O3 -L . -print', ['-O3', '-L'], ['.'], '-print'],
      ['-- -print', ['--'], [], '-print'],
      ['-H -- -H', ['-H', '--'], [], '-H'],
      ["a b , ')' - -print", [], ['a', 'b', ',', ')', '-'], '-print'],
      [". '(' -name x ')'", [], ['.'], '( | -name:x | )'],
      [". '!' -name x", [], ['.'], '! | -name:x'],
      [". '-(' -true '-)' -, '-!' -false", [], ['.'], '( | -true | ) | , | ! | -false'],
      ['. -not -a -and -o -or', [], ['.'], '-not | -a | -and | -o | -or'],
      ['', [], [], ''],
    ];
    for (const [line, leading, starts, expected] of rows) {
      it(`find ${line}`, function () {
        const reading = read(line);
        assert.deepEqual(reading.leadingOptions.map(text), leading);
        assert.deepEqual(reading.startPoints.map(text), starts);
        assert.equal(shape(reading), expected);
      });
    }

    it('-files0-from names a file of starting points', function () {
      assert.deepEqual(read('-files0-from list -print').startPointFiles.map(text), ['list']);
      assert.deepEqual(read('-files0-from - -print').startPointFiles.map(text), ['-']);
    });
  });

  describe('executor payloads', function () {
    const rows: Array<[line: string, expected: string[]]> = [
      [". -exec rm {} ';'", ['-exec rm {} ;']],
      ['. -exec rm -rf {} +', ['-exec rm -rf {} +']],
      [". -execdir sh -c 'id' ';'", ['-execdir sh -c id ;']],
      // `+` ends the command only right after a word that holds {}.
      [". -exec echo + {} + -exec ls {} ';'", ['-exec echo + {} +', '-exec ls {} ;']],
      [". -exec echo {} x + ';'", ['-exec echo {} x + ;']],
      ['. -exec {} +', ['-exec {} +']],
      // -ok and -okdir end only at `;`.
      [". -ok echo {} + ';'", ['-ok echo {} + ;']],
      [". -okdir rm {} ';'", ['-okdir rm {} ;']],
      // Words of a command are not primaries.
      [". -exec echo -delete -exec ';' -print", ['-exec echo -delete -exec ;']],
      // A value that looks like an executor is a value.
      ['. -name -exec -print', []],
      [". -name x -exec rm {} ';' -delete", ['-exec rm {} ;']],
    ];
    for (const [line, expected] of rows) {
      it(`find ${line}`, function () {
        assert.deepEqual(executors(read(line)), expected);
      });
    }

    it('reports the expression around a command exactly', function () {
      const reading = read(". -name x -exec rm {} ';' -delete");
      assert.equal(reading.unreadable, null);
      assert.equal(shape(reading), '-name:x | -exec:rm:{} | -delete');
      assert.deepEqual(
        reading.writers.map((w) => w.primary),
        ['-delete'],
      );
    });
  });

  describe('writers', function () {
    const rows: Array<[line: string, expected: string[]]> = [
      ['. -delete', ['-delete:']],
      ['. -fprint out -fprint0 out0 -fls ls.txt', ['-fprint:out', '-fprint0:out0', '-fls:ls.txt']],
      ['. -fprintf out %p', ['-fprintf:out']],
      ['. -name -delete -printf -fls', []],
      ['. -print -print0 -ls -printf %p -prune -quit', []],
    ];
    for (const [line, expected] of rows) {
      it(`find ${line}`, function () {
        const reading = read(line);
        assert.deepEqual(
          reading.writers.map((w) => `${w.primary}:${w.file === null ? '' : text(w.file)}`),
          expected,
        );
      });
    }
  });

  describe('unreadable lines', function () {
    const rows: Array<[line: string, why: RegExp]> = [
      ['. -bogus', /no primary/],
      ['. --name x', /no primary/],
      ['. -HL', /no primary/],
      ['-Dexec .', /no primary/],
      ['. -print name', /path after the expression/],
      ['. -name', /needs a value/],
      ['. -fprintf out', /needs 2 values/],
      [". -exec rm {}", /needs a ';'/],
      ['. -ok rm {} +', /needs a ';'/],
      [". -exec ';'", /needs a command/],
      ['. -exec echo a{} +', /by itself/],
      ['. -exec echo {} {} +', /by itself/],
      ['-D', /-D needs/],
      ['-D $X . -print', /value of -D/],
      ['. $X', /run time/],
      ['$X -print', /run time/],
      ['. -name $X', /run time/],
      [". -exec rm $X ';'", /run time/],
    ];
    for (const [line, why] of rows) {
      it(`find ${line}`, function () {
        const reading = read(line);
        assert.ok(reading.unreadable, 'expected unreadable');
        assert.match(reading.unreadable.why, why);
      });
    }

    it('still reports the executors after an unknown word', function () {
      const reading = read("/ -bogus -exec rm -rf {} ';'");
      assert.ok(reading.unreadable);
      assert.deepEqual(executors(reading), ['-exec rm -rf {} ;']);
    });

    it('a line without a word it cannot vouch for is readable', function () {
      for (const line of ['.', '. -name x -o -type d -print', "-L src -maxdepth 2 '(' -name a , -name b ')' -printf '%p\\n'"]) {
        assert.equal(read(line).unreadable, null, line);
      }
    });
  });
});

function shQuote(word: string): string {
  return /^[A-Za-z0-9_./=:,+%@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
