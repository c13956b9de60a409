/**
 * Generated GNU find command lines for the find differential (test/unit/findDifferential.test.ts):
 * leading options, starting points and an expression built from fragments, with fast-check so a
 * differential shrinks to a short line. Every executed program is a recorder of the program
 * oracle (MARKER_PROGRAMS), and every file a line can write lies in the run's working folder.
 *
 * The fragments lean on what makes find's grammar tricky to read: values that look like primaries
 * (`-name -exec`, `-printf -delete`, `-fprint ';'`), commands whose words look like primaries or
 * terminators (`-exec echo -delete + {} +`), `+` that ends a command only after `{}`, operators
 * spelled with a dash (`-(`, `-!`), `)` and `,` as starting points, `-D` and `-O`, and some words
 * find refuses (so that the reader's "unreadable" is exercised too).
 */
import fc from 'fast-check';
import { MARKER_PROGRAMS } from './programOracle';

/** One generated case: find's argv (argv[0] is `find`) and whether stdin answers `y` to `-ok`. */
export interface FindCase {
  argv: string[];
  /** stdin is a run of `y` lines (so `-ok` runs its command) instead of /dev/null (EOF: it does not). */
  yes: boolean;
}

/** Values of pattern tests: many look like primaries, operators or terminators. */
const PATTERN_VALUES = ['x', 'f', '*.txt', 'sub', '-exec', '-delete', '-fprint', '-ok', ';', '+', '{}', '(', ')', '!', ',', '-print', '-name', '-o', '', '-(', '--'];
const FILES = ['out', 'sub/o', '-exec', ';', '{}', '-delete'];
const FORMATS = ['%p\\n', '%f', '-exec', ';', '{}'];
const REFERENCE_FILES = ['f', 'in.txt', 'sub'];
const NUMBERS = ['-1', '+0', '0', '1'];

const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
const words = (...parts: Array<fc.Arbitrary<string> | string>): fc.Arbitrary<string[]> =>
  fc.tuple(...parts.map((part) => (typeof part === 'string' ? fc.constant(part) : part)));

const testFragment: fc.Arbitrary<string[]> = fc.oneof(
  words(pick(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-lname', '-ilname', '-regex', '-iregex']), pick(PATTERN_VALUES)),
  words(pick(['-type', '-xtype']), pick(['f', 'd', 'l', 'f,d'])),
  words(pick(['-mtime', '-atime', '-ctime', '-mmin', '-amin', '-cmin', '-used', '-links']), pick(NUMBERS)),
  words(pick(['-newer', '-anewer', '-cnewer', '-samefile', '-newerma', '-neweram', '-newercm']), pick(REFERENCE_FILES)),
  words(pick(['-newermt', '-newerct']), pick(['2020-01-01', '2999-01-01'])),
  words('-size', pick(['-1k', '+0', '1', '-1M'])),
  words('-perm', pick(['/u+r', '-444', '644', '/111'])),
  words(pick(['-user', '-group']), pick(['root', '0'])),
  words(pick(['-uid', '-gid', '-inum']), pick(NUMBERS)),
  words(pick(['-empty', '-true', '-false', '-readable', '-writable', '-executable', '-nouser', '-nogroup'])),
);

const optionFragment: fc.Arbitrary<string[]> = fc.oneof(
  words(pick(['-maxdepth', '-mindepth']), pick(['0', '1', '2'])),
  words(pick(['-depth', '-d', '-daystart', '-follow', '-xdev', '-mount', '-noleaf', '-warn', '-nowarn', '-ignore_readdir_race', '-noignore_readdir_race'])),
  words('-regextype', pick(['posix-extended', 'emacs'])),
);

const actionFragment: fc.Arbitrary<string[]> = fc.oneof(
  words(pick(['-print', '-print0', '-ls', '-prune', '-quit'])),
  words('-printf', pick(FORMATS)),
  words('-delete'),
  words(pick(['-fprint', '-fprint0', '-fls']), pick(FILES)),
  words('-fprintf', pick(FILES), pick(FORMATS)),
);

/** Words of an executor's command after its program: placeholders, primaries, terminators. */
const COMMAND_WORDS = ['{}', 'x', '-delete', '-exec', '+', 'a{}b', '-name', '-c', 'id', '\\;', '{}+', ';x', '{ }', '-(', ')'];

const executorFragment: fc.Arbitrary<string[]> = fc
  .tuple(
    pick(['-exec', '-execdir', '-ok', '-okdir']),
    // `{}` as the program runs the visited file itself.
    fc.oneof({ weight: 12, arbitrary: pick(MARKER_PROGRAMS) }, { weight: 1, arbitrary: fc.constant('{}') }),
    fc.array(pick(COMMAND_WORDS), { maxLength: 2 }),
    // `;`, `{} +`, a bare `+` (ends nothing unless after {}), or no end at all.
    fc.oneof({ weight: 12, arbitrary: fc.constant([';']) }, { weight: 8, arbitrary: fc.constant(['{}', '+']) }, { weight: 1, arbitrary: fc.constant(['+']) }, { weight: 1, arbitrary: fc.constant([]) }),
  )
  .map(([primary, program, rest, end]) => [primary, program, ...rest, ...end]);

const operatorFragment: fc.Arbitrary<string[]> = words(pick(['!', '-not', '-a', '-and', '-o', '-or', ',', '-!', '-,']));

/** Words find refuses, or reads surprisingly: they exercise "unreadable" and the error path. */
const oddFragment: fc.Arbitrary<string[]> = words(pick(['-bogus', 'name', '--help', '-version', '-HL', '--', '-', 'x', ')', '(', '-(', '-)', '-newerXY', '-context']));

const simpleFragment: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 6, arbitrary: testFragment },
  { weight: 2, arbitrary: optionFragment },
  { weight: 4, arbitrary: actionFragment },
  { weight: 5, arbitrary: executorFragment },
  { weight: 3, arbitrary: operatorFragment },
  { weight: 1, arbitrary: oddFragment },
);

/** `( A -o B )` and friends, balanced, with a dash-spelled paren now and then. */
const groupFragment: fc.Arbitrary<string[]> = fc
  .tuple(pick(['(', '-(']), fc.array(simpleFragment, { minLength: 1, maxLength: 2 }), pick(['-o', ',', '-a', '']), fc.array(simpleFragment, { minLength: 1, maxLength: 2 }), pick([')', '-)']))
  .map(([open, left, op, right, close]) => [open, ...left.flat(), ...(op === '' ? [] : [op]), ...right.flat(), close]);

const expression: fc.Arbitrary<string[]> = fc
  .array(fc.oneof({ weight: 6, arbitrary: simpleFragment }, { weight: 1, arbitrary: groupFragment }), { maxLength: 5 })
  .map((fragments) => fragments.flat());

const leadingOptions: fc.Arbitrary<string[]> = fc
  .array(pick([['-H'], ['-L'], ['-P'], ['-D', 'exec'], ['-D', 'search'], ['-D', '-exec'], ['-O0'], ['-O3'], ['--']]), { maxLength: 2 })
  .map((options) => options.flat());

/** Mostly files of the working folder; now and then one that find takes for a file but is none. */
const startPoints: fc.Arbitrary<string[]> = fc.array(
  fc.oneof({ weight: 8, arbitrary: pick(['.', 'sub', 'in.txt', 'f', 'sub/deep.txt']) }, { weight: 1, arbitrary: pick(['nonexist', ',', ')', '-', '!x']) }),
  { maxLength: 3 },
);

/** The arbitrary of whole find lines. */
export const findCase: fc.Arbitrary<FindCase> = fc
  .record({
    leading: leadingOptions,
    starts: startPoints,
    // `-files0-from` replaces the starting points (find refuses both), so it comes alone, rarely.
    files0: fc.oneof({ weight: 12, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: words('-files0-from', pick(['-', 'f'])) }),
    expression,
    yes: fc.boolean(),
  })
  .map(({ leading, starts, files0, expression, yes }) => ({
    argv: ['find', ...leading, ...(files0.length > 0 ? [] : starts), ...files0, ...expression],
    yes,
  }));
