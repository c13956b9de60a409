/**
 * The sed reader (src/gate/programs/sed.ts) as a table: which forms each invocation holds, written
 * from GNU sed 4.9's behaviour (each row was checked against the real sed; the differential test
 * holds the reader to it on generated scripts), and the gate's decisions on the invocations that
 * once ran commands through the default allow list.
 */
import { strict as assert } from 'node:assert';

import { readSedInvocation, sedEmptiedFiles } from '../../../src/gate/programs/sed';
import { askGate, configurationsFor } from '../../support/askGate';

/** `forms` as `form text` strings; `unreadable` when the reader refuses to vouch. */
function summary(args: string[]): string[] | 'unreadable' {
  const reading = readSedInvocation(args);
  if (!reading.readable) return 'unreadable';
  return reading.forms.map((f) => (f.text === null ? f.form : `${f.form} ${f.text}`));
}

const TABLE: Array<[args: string[], expected: string[] | 'unreadable', why: string]> = [
  // Labels end at blanks, `;`, `}` and `#`; what follows is the next command.
  [[':a e rm -rf ~', 'f'], ['e rm -rf ~'], 'a label ends at a blank'],
  [[':a;e id', 'f'], ['e id'], 'a label ends at ;'],
  [['bx#c\ne id', 'f'], ['e id'], 'a label ends at #, the rest of the line is a comment'],
  [['v 4 e id', 'f'], ['e id'], 'v takes a label-like version'],
  [['-n', ':a w .bashrc', 'f'], ['w .bashrc'], 'w after a label'],
  [[': a s/x/y/e;', 'in.txt'], ['s///e y'], 's///e after a spaced label'],
  [['bx}', 'f'], 'unreadable', 'a } ends a label: then it closes no block, and sed refuses'],
  // e: its text to the end of the line; alone, the pattern space.
  [['e', 'f'], ['e'], 'e alone runs the pattern space'],
  [['e;p', 'f'], ['e ;p'], 'after e a ; is part of the command'],
  [['1e id\np', 'f'], ['e id'], 'the command ends at the newline'],
  [['e \\\nid', 'f'], ['e id'], 'e \\ then the command on the next line'],
  [['e echo a\\\nb', 'f'], ['e echo a\nb'], 'an escaped newline continues the command'],
  [['e printf \\x41', 'f'], ['e printf A'], 'sed decodes escapes in the text'],
  // Text commands hide what looks like commands.
  [['a e id', 'f'], [], 'a text'],
  [['a\\', '-e', 'x'], [], 'a lone operand script with a trailing backslash'],
  [['-e', 'a\\', '-e', 'e id', 'f'], [], 'the next -e is the text of a\\'],
  [['-e', 'a foo\\', '-e', 'e id', 'f'], [], 'a text ending in a backslash continues into the next -e'],
  [['-e', 'a foo', '-e', 'e id', 'f'], ['e id'], 'without the backslash the next -e is a new command'],
  [['i\\\nline\\\ne id\ne marker', 'f'], ['e marker'], 'i\\ text continued by backslashes'],
  // s: delimiters, brackets, flags.
  [['s/[/]/x/e', 'f'], ['s///e x'], 'a bracket expression holds the delimiter'],
  [['s|a|b|w out', 'f'], ['s///w out'], 'the w flag takes the rest of the line'],
  [['s/a/b/ g p', 'f'], [], 'blanks between flags'],
  [['s/a/b/gg', 'f'], 'unreadable', 'sed refuses two g flags'],
  [['s/a/b', 'f'], 'unreadable', 'unterminated s'],
  [['s\na\nb\n', 'f'], 'unreadable', 'a newline is never a delimiter'],
  [['y/abc/xyz/;w out', 'f'], ['w out'], 'y, then w'],
  [['r /etc/hosts', 'f'], [], 'r only reads'],
  [['w out; e id', 'f'], ['w out; e id'], 'a w file name runs to the end of the line'],
  [['/x/I,+3{p;e id\n}', 'f'], ['e id'], 'addresses with flags and blocks'],
  [['k', 'f'], 'unreadable', 'an unknown command'],
  [['p x', 'f'], 'unreadable', 'extra characters after a command'],
  // Options.
  [['-i', 's/a/b/', 'f', 'g'], ['-i f g'], '-i rewrites the files'],
  [['-ni', 'p', 'f'], ['-i f'], 'i in a cluster'],
  [['s/a/b/', 'f', '--in-pl=.bak'], ['-i f'], 'an abbreviated long option after the files'],
  [['-f', 'x.sed', 'f'], 'unreadable', 'the script is in a file'],
  [['--s', 'p', 'f'], 'unreadable', 'an ambiguous abbreviation (sandbox, separate, silent)'],
  [['-V', 'p', 'f'], 'unreadable', '-V is in sed\'s option string but is a usage error'],
  [['--sandbox', 'e id', 'f'], 'unreadable', 'sed --sandbox refuses e (and runs nothing)'],
  [['--sandbox', 's/a/b/', 'f'], [], 'sandboxed and pure'],
  [['-e', 'e id', '--sandbox', 'f'], ['e id'], '--sandbox covers only the scripts after it'],
  [['e id', '--sandbox', 'f'], 'unreadable', 'GNU sed refuses it; with POSIXLY_CORRECT --sandbox is a file name and e runs'],
  [['-n', 'e id', 'f', '-e', 'p'], ['e id'], 'POSIXLY_CORRECT reads the first operand as the script'],
  [['--expression=1e id', 'f'], ['e id'], '--expression='],
  [['--', 'e id', 'f'], ['e id'], 'after --'],
  [[], [], 'no script: sed prints its usage'],
  [['--version'], [], 'nothing to run'],
];

describe('sed reader (GNU sed 4.9)', () => {
  for (const [args, expected, why] of TABLE) {
    it(`${JSON.stringify(args)} → ${JSON.stringify(expected)} (${why})`, () => {
      assert.deepEqual(summary(args), expected);
    });
  }

  it('keeps the forms of one reading of the options when the other is unreadable', () => {
    const reading = readSedInvocation(['e rm -rf /', '--sandbox', 'f']);
    assert.equal(reading.readable, false);
    assert.deepEqual(reading.forms.map((f) => f.text), ['rm -rf /'], 'the floor still reads what POSIXLY_CORRECT would run');
  });

  it('reports e COMMAND texts as exact and s///e replacements as approximations', () => {
    const reading = readSedInvocation(['s/.*/rm -rf \\//e;e id', 'f']);
    assert.ok(reading.readable);
    assert.deepEqual(
      reading.forms.map((f) => [f.form, f.text, f.exact]),
      [['s///e', 'rm -rf /', false], ['e', 'id', true]],
    );
  });
});

describe('the gate on sed invocations that once ran commands through the default list', () => {
  const RUN_OR_WRITE = [
    `sed ':a e rm -rf ~' f`,
    `sed ':a e id' f`,
    `sed 'v 4 e id' f`,
    `sed -n ':a w .bashrc' f`,
    `sed ':a s/x/y/e' f`,
    `sed ': a s/x/y/e;' in.txt`,
  ];
  for (const command of RUN_OR_WRITE) {
    for (const configuration of configurationsFor('sed')) {
      it(`${command}: not approved at ${configuration.name}`, async () => {
        const decision = await askGate(command, configuration);
        assert.notEqual(decision.action, 'approve', JSON.stringify(decision.rule));
      });
    }
  }

  it(`sed ':a e rm -rf ~' f is floored at bypass`, async () => {
    const decision = await askGate(`sed ':a e rm -rf ~' f`, { name: 'bypass', rung: 'bypass', allow: ['sed'], defaultAllow: true });
    assert.equal(decision.action, 'reject');
    assert.equal(decision.stage, 'hardline-floor');
  });

  it('pure scripts stay covered by the default list', async () => {
    for (const command of [`sed -n '1,5p' f`, `sed 's/a/b/g' f`, `sed ':a;N;$!ba;s/\\n/ /g' f`, `sed -E 's/(a|b)+/x/2' f`, `sed '/^#/d' f`, `sed --sandbox 's/a/b/' f`]) {
      const decision = await askGate(command, { name: 'default list', rung: 'manual', allow: [], defaultAllow: true });
      assert.equal(decision.action, 'approve', command);
    }
  });
});

describe('the files sed -i leaves empty', () => {
  const EMPTIED: Array<[args: string[], files: string[]]> = [
    [['-i', 'd', 'a', 'b'], ['a', 'b']],
    [['-i', '-e', '1,$ d', 'f'], ['f']],
    [['--in-place=.bak', '-n', '', 'f'], ['f']],
    [['-n', '-i', 'h;x;G', 'f'], ['f']],
    // BSD: -i '' is the suffix and d the script; GNU: '' is the script, which keeps every line
    [['-i', '', 'd', 'f'], ['f']],
    // a line kept or printed, no -i, a script sed cannot read
    [['-i', '1d', 'f'], []],
    [['-i', '$!d', 'f'], []],
    [['-i', '/x/d;d', 'f'], ['f']],
    [['-i', 's/a/b/;d', 'f'], []],
    [['-i', '-n', 'p', 'f'], []],
    [['-n', '', 'f'], []],
    [['d', 'f'], []],
    [['-i', '-f', 'script.sed', 'f'], []],
    [['-i', 'd;{', 'f'], []],
  ];
  for (const [args, files] of EMPTIED) {
    it(`sed ${args.map((word) => JSON.stringify(word)).join(' ')} empties ${files.length === 0 ? 'nothing' : files.join(', ')}`, () => {
      assert.deepEqual(sedEmptiedFiles(args), files);
    });
  }
});
