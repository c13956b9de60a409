/**
 * Generated GNU sed invocations for the sed differential (test/unit/programs/sedDifferential.test.ts):
 * fragments of every construct the reader claims to read (addresses, blocks, labels, a/i/c/e
 * text, s with every flag and odd delimiters, y, r/R/w/W, comments, options that change how sed
 * reads its scripts), joined by every separator sed knows, then a few characters inserted or
 * removed to find the seams. Payload commands are names the program oracle records.
 */
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------

const payload = fc.constantFrom('marker', 'id', 'touch made', 'marker a b', 'echo hi; id');
const fileName = fc.constantFrom('out', 'o2', 'in.txt', '.bashrc');
const label = fc.constantFrom('a', 'z', 'x1', 'a#b', 'e', 'w');
const delimiter = fc.constantFrom('/', '|', ',', '#', 'e', 'w', ';', ' ', '}', 'x', '\\', '[');

const address = fc.oneof(
  fc.constant(''),
  fc.constantFrom('1', '$', '2', '0~2', '1~3', '/x/', '/x/I', '\\,x,', '/a|b/', '/[/]/', '/\\//', '/x/ M', '1,3', '/x/,+2', '2,~4', '0,/x/', '1!', '$!', '/x/ !'),
);

const regex = fc.constantFrom('x', '.*', '^', '[/]', '[[:alpha:]]', 'a\\/b', '\\(x\\)', '[]x]', '[^e]', 'o', '\\n', '[x', 'e', 'w');
const replacement = fc.constantFrom('y', '', '&&', '\\1', 'marker', 'id', 'e', 'w out', '\\n', 'a\\/b', '\\\n', ';e id');
const sFlags = fc.array(fc.constantFrom('g', 'p', 'e', 'I', 'i', 'M', 'm', '2', ' ', 'w out', 'w .bashrc', ';'), { maxLength: 3 });

/** Commands that take no address (labels, comments) and the rest. */
const unaddressed = fc.oneof(
  label.map((l) => `:${l}`),
  label.map((l) => `: ${l}`),
  fc.constantFrom('# comment e id', '#n', 'v', 'v 4.2'),
);

const addressed: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('p', 'd', 'n', 'N', 'P', 'D', 'g', 'G', 'h', 'H', 'x', 'z', 'F', '=', 'l', 'l 5', 'q', 'Q', 'q5', 'L'),
  fc.tuple(fc.constantFrom('b', 't', 'T', 'b ', 't '), fc.constantFrom('', 'z', 'a', 'x1')).map(([c, l]) => c + l),
  fc.tuple(fc.constantFrom('a', 'i', 'c'), fc.constantFrom(' foo', '\\\nfoo', '\\foo', ' foo\\\nbar', ' e id', '\\', ' w out', ' x;e id')).map(([c, t]) => c + t),
  payload.map((p) => `e ${p}`),
  fc.constantFrom('e', 'e\\\nmarker', 'e \\\nid', 'e  marker'),
  fc.tuple(delimiter, regex, replacement, sFlags).map(([d, r, s, f]) => `s${d}${r.split('/').join(d)}${d}${s.split('/').join(d)}${d}${f.join('')}`),
  fc.tuple(delimiter, fc.constantFrom('abc', 'x', '\\n')).map(([d, a]) => `y${d}${a}${d}${a.toUpperCase()}${d}`),
  fc.tuple(fc.constantFrom('w', 'W', 'r', 'R', 'w ', 'r '), fileName).map(([c, f]) => c + f),
);

const separator = fc.constantFrom(';', '\n', ' ; ', '\t;', ';;', '\n#c\n', ';', '\n', ';\n', ' ');

/** A list of commands, some of them blocks of their own (to depth 2). */
const commands: fc.Arbitrary<string> = fc.letrec<{ list: string; item: string }>((tie) => ({
  list: fc.array(fc.tuple(tie('item'), separator), { minLength: 1, maxLength: 4 }).map((parts) => parts.map(([c, sep]) => c + sep).join('')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(address, addressed).map(([a, c]) => a + c),
    unaddressed,
    fc.tuple(address, tie('list'), fc.constantFrom('}', ';}', '\n}', ' }')).map(([a, body, close]) => `${a}{${body}${close}`),
  ),
})).list;

/** Labels every generated branch may name, defined at the end so that most jumps go forward. */
const script = fc.tuple(commands, fc.boolean()).map(([text, labels]) => (labels ? `${text}\n:z\n:a\n:x1` : text));

/** A script with a few characters inserted or removed: finds the reader's seams. */
const mutatedScript = fc
  .tuple(script, fc.array(fc.tuple(fc.nat(), fc.constantFrom(';', '\n', ' ', '{', '}', '\\', '/', '#', 'e', 'w', ':', 'a', '!', '[', ']', 'x', '')), { maxLength: 3 }))
  .map(([text, edits]) => {
    let out = text;
    for (const [at, ch] of edits) {
      const k = at % (out.length + 1);
      out = ch === '' ? out.slice(0, k) + out.slice(k + 1) : out.slice(0, k) + ch + out.slice(k);
    }
    return out;
  });

const option = fc.constantFrom('-n', '-E', '-r', '-s', '-z', '-u', '--posix', '--sandbox', '--debug', '-i', '-i.bak', '-l', '-ns', '--quiet', '--sand', '--in-place=.b', '-b');

/** An invocation: options, then scripts as -e values or one operand, then input files. */
export const sedInvocation: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.array(option, { maxLength: 2 }),
    fc.array(fc.oneof({ arbitrary: script, weight: 3 }, { arbitrary: mutatedScript, weight: 1 }), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
    fc.array(option, { maxLength: 1 }),
    fc.constantFrom(['in.txt'], ['f'], ['in.txt', 'a.txt'], ['in.txt'], ['-']),
  )
  .map(([before, scripts, asOperand, after, files]) => {
    const expand = (options: string[]): string[] => options.flatMap((o) => (o === '-l' ? ['-l', '3'] : [o]));
    const scriptWords = asOperand && scripts.length === 1 ? [scripts[0]!] : scripts.flatMap((s) => ['-e', s]);
    return ['sed', ...expand(before), ...scriptWords, ...expand(after), ...files];
  });

