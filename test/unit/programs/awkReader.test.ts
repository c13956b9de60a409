/**
 * The awk reader (`src/gate/programs/awk.ts`), table by table: which awk command lines are
 * executor, writer, loader, network or unreadable forms and which are plain reading and printing,
 * and the command texts it hands to the hardline floor. Each row was checked against mawk 1.3.4
 * and gawk 5.2 (the differential harness, awkDifferential.test.ts, does so continuously).
 */
import { strict as assert } from 'node:assert';

import { readAwkCommand, readAwkProgram, type AwkDialect, type AwkFormKind } from '../../../src/gate/programs/awk';

interface Row {
  /** The words after the program name. */
  args: string[];
  /** The kinds of forms reported, in order (empty: a plain program). */
  kinds: AwkFormKind[];
  /** For executor and writer rows: the literal text (null when not literal). */
  text?: string | null;
  /** The program name to read as (default `awk`, the union reading). */
  as?: string;
}

const ROWS: Row[] = [
  // comparisons, regexps and strings that hold | or > are not forms
  { args: ['$3 > 100 {print}', 'data.csv'], kinds: [] },
  { args: ['/a|b/ {print}', 'f'], kinds: [] },
  { args: ['{print "a|b"}', 'f'], kinds: [] },
  { args: ['-F|', '{print $1}', 'f'], kinds: [] },
  { args: ['-F', '|', '{print $1}', 'f'], kinds: [] },
  { args: ['{print ($1 > $2)}', 'f'], kinds: [] },
  { args: ['{x = $1 > $2; print x}', 'f'], kinds: [] },
  { args: ['{print; if (a > b) n++}', 'f'], kinds: [] },
  { args: ['$0 ~ /x>y/ && NR > 1', 'f'], kinds: [] },
  { args: ['{print "x > y", "a|b" ; print substr($0, 1, 2)}', 'f'], kinds: [] },
  { args: ['NR<n', 'f'], kinds: [] },
  { args: ['# system("id") | sh\n{print}', 'f'], kinds: [] },
  { args: ['{ x = 4 / 2 / 1; y = /re/; print x }'], kinds: [] },
  { args: ['{ print int($1)/2, (NR)/2, a[1]/2 }', 'f'], kinds: [] },
  { args: ['BEGIN { x = 1 \\\n+ 2; print x }'], kinds: [] },
  { args: ['{printf "%s\\n", $1 > "/dev/stderr"}'], kinds: [] },
  { args: ['{print > "/dev/stdout"; print >> "/dev/null"}'], kinds: [] },
  // ENVIRON holds the environment: a credentials form, not an executor; a string or field named so is not
  { args: ['BEGIN { print ENVIRON["GITHUB_TOKEN"] }'], kinds: ['credentials'] },
  { args: ['BEGIN { for (k in ENVIRON) print k }'], kinds: ['credentials'] },
  { args: ['{ print "ENVIRON", $ENVIRON_X }', 'f'], kinds: [] },
  { args: ['BEGIN { print ENVIRON["X"] | "cat" }'], kinds: ['credentials', 'executor'], text: 'cat' },
  { args: ['BEGIN{close("x"); fflush()}'], kinds: [] },
  { args: ['{ getline l < "in.txt"; print l }', 'f'], kinds: [] },
  { args: ['-v', 'cmd=rm -rf ~', '{print cmd}', 'f'], kinds: [] },
  { args: ['{print}', 'cmd=rm -rf ~', 'f'], kinds: [] },
  { args: ['--', '{print}', 'f'], kinds: [] },
  { args: ['-e', '{print $2}', 'f'], kinds: [] },
  { args: ['-W', 'version'], kinds: [] },
  { args: ['BEGIN { if (x) /y/ }'], kinds: [] },
  // executors, with the text sh -c runs
  { args: ['BEGIN{system("rm -rf ~")}'], kinds: ['executor'], text: 'rm -rf ~' },
  { args: ['BEGIN{system("rm -rf " "/")}'], kinds: ['executor'], text: 'rm -rf /' },
  { args: ['BEGIN { system ("id") }'], kinds: ['executor'], text: 'id' },
  { args: ['{system($0)}', 'f'], kinds: ['executor'], text: null },
  { args: ['BEGIN{while(("ls" | getline l) > 0) print l}'], kinds: ['executor'], text: 'ls' },
  { args: ['BEGIN{"date" | getline d; print d}'], kinds: ['executor'], text: 'date' },
  { args: ['BEGIN{"da" "te" | getline d}'], kinds: ['executor'], text: null },
  { args: ['{print | "sort"}', 'f'], kinds: ['executor'], text: 'sort' },
  { args: ['{print $1 | "sort -u"; close("sort -u")}', 'f'], kinds: ['executor'], text: 'sort -u' },
  { args: ['{print | "so" "rt"}', 'f'], kinds: ['executor'], text: null },
  { args: ['{printf "%s", $1 | cmd}', 'f'], kinds: ['executor'], text: null },
  { args: ['{print |& "sh"}', 'f'], kinds: ['executor'], text: 'sh' },
  { args: ['BEGIN{"date" |& getline d}'], kinds: ['executor'], text: 'date' },
  { args: ['BEGIN{f="system"; @f("id")}'], kinds: ['executor'], text: null },
  // writers
  { args: ['{print > "out"}'], kinds: ['writer'], text: 'out' },
  { args: ['{print >> "out"}'], kinds: ['writer'], text: 'out' },
  { args: ['{print $1 > $2}'], kinds: ['writer'], text: null },
  { args: ['{print (a, b) > "out"}'], kinds: ['writer'], text: 'out' },
  { args: ['{printf("%s\\n", $1) > "out"}'], kinds: ['writer'], text: 'out' },
  { args: ['{print 1,\n2 > "out"}'], kinds: ['writer'], text: 'out' },
  { args: ['{print 1 ?\n2 : 3 > "out"}'], kinds: ['writer'], text: 'out' },
  { args: ['{print > "-"}'], kinds: ['writer'], text: '-' },
  { args: ['{print > "-"}'], kinds: [], as: 'gawk' },
  { args: ['-o', '{print}'], kinds: ['writer'] },
  { args: ['-p', '{print}'], kinds: ['writer'] },
  { args: ['--dump-variables', '{print}'], kinds: ['writer'] },
  // loaders, debugger, network
  { args: ['-f', 'prog.awk', 'f'], kinds: ['loader'] },
  { args: ['--file=prog.awk', 'f'], kinds: ['loader'] },
  { args: ['--fi', 'prog.awk', 'f'], kinds: ['loader'] },
  { args: ['-E', 'prog.awk'], kinds: ['loader'] },
  { args: ['-i', 'inc.awk', '1'], kinds: ['loader'] },
  { args: ['-l', 'ext', '1'], kinds: ['loader'] },
  { args: ['@load "x"; 1'], kinds: ['loader'] },
  { args: ['@include "x"\n{print}'], kinds: ['loader'] },
  { args: ['-D', '{print}'], kinds: ['executor'] },
  { args: ['BEGIN{getline l < "/inet/tcp/0/evil.example/80"}'], kinds: ['network'] },
  { args: ['BEGIN{getline l < "/inet/tcp/0/evil.example/80"}'], kinds: [], as: 'mawk' },
  { args: ['{ while ((getline line < ARGV[1]) > 0) n++ }'], kinds: ['network'] },
  { args: ['BEGIN { ARGV[1] = "/inet/tcp/0/" "h/80"; ARGC = 2 } {print}'], kinds: ['network', 'network'] },
  { args: ['{ for (i = 1; i < ARGC; i++) print ARGV[i] }'], kinds: [] },
  { args: ['{print}', '/inet/tcp/0/evil.example/80'], kinds: ['network'] },
  // gawk's sandbox (gawk only: mawk refuses -S, and `-W sandbox` is "vacuous" to it)
  { args: ['-S', 'BEGIN{system("id"); print > "out"}'], kinds: [], as: 'gawk' },
  { args: ['--sandbox', 'BEGIN{"date" | getline d}'], kinds: [], as: 'gawk' },
  { args: ['-S', 'BEGIN{system("id")}'], kinds: ['executor'], text: 'id' },
  { args: ['-W', 'sandbox', 'BEGIN{system("id")}'], kinds: ['unreadable', 'executor'], as: 'mawk' },
  { args: ['-S', '-f', 'x.awk'], kinds: ['loader'], as: 'gawk' },
  // unreadable: refuse to vouch
  { args: ['BEGIN{print length / 2}'], kinds: ['unreadable'] },
  { args: ['BEGIN{print "abc}'], kinds: ['unreadable'] },
  { args: ['BEGIN{x = /abc}'], kinds: ['unreadable'] },
  { args: ['BEGIN{print (1}'], kinds: ['unreadable'] },
  { args: ['BEGIN{print 1'], kinds: ['unreadable'] },
  { args: ['BEGIN{print 1 \\ 2}'], kinds: ['unreadable'] },
  { args: ['BEGIN{awk::system("id")}'], kinds: ['unreadable'] },
  { args: ['@namespace "x"\nBEGIN{print}'], kinds: ['unreadable'] },
  { args: ['$0 ~ /[/]/'], kinds: ['unreadable'] },
  { args: ['$0 ~ /[/]/'], kinds: [], as: 'gawk' },
  { args: ['-W', 'exec', 'x'], kinds: ['unreadable'] },
  { args: ['-W', 'dump', '{print}'], kinds: ['unreadable'] },
  { args: ['-Q', '1'], kinds: ['unreadable'] },
  { args: ['--no-such-option', '1'], kinds: ['unreadable'] },
];

describe('awk reader', function () {
  for (const row of ROWS) {
    const as = row.as ?? 'awk';
    it(`${as} ${JSON.stringify(row.args)} → ${row.kinds.join(', ') || 'plain'}`, function () {
      const forms = readAwkCommand(row.args, as).forms;
      assert.deepEqual(
        forms.map((form) => form.kind),
        row.kinds,
        JSON.stringify(forms),
      );
      if (row.text !== undefined) assert.equal(forms[forms.length - 1]!.text, row.text);
    });
  }

  it('reports the text a print statement pipes into a command', function () {
    const printed = (program: string): string | undefined => readAwkProgram(program, 'any')[0]?.printed;
    assert.equal(printed('BEGIN{print "rm -rf /usr" | "bash"}'), 'rm -rf /usr');
    assert.equal(printed('BEGIN{print "rm", "-r", "/lib" | "sh"}'), 'rm -r /lib');
    assert.equal(printed('BEGIN{printf "rm -rf %s\\n", "/boot" | "sh"}'), 'rm -rf /boot\n');
    assert.equal(printed('{print $1 | "sort"}'), undefined);
    assert.equal(printed('BEGIN{system("ls")}'), undefined);
  });

  it('string escapes: exact only where every awk of the dialect decodes alike', function () {
    const text = (program: string, dialect: AwkDialect): string | null => readAwkProgram(program, dialect)[0]?.text ?? null;
    assert.equal(text('BEGIN{system("a\\tb\\"c\\\\d\\101\\x41")}', 'any'), 'a\tb"c\\dAA');
    // gawk drops the backslash of an unknown escape, mawk keeps it (both seen on the real programs)
    assert.equal(text('BEGIN{system("a\\/b\\q")}', 'gawk'), 'a/bq');
    assert.equal(text('BEGIN{system("a\\/b\\q")}', 'mawk'), 'a\\/b\\q');
    assert.equal(text('BEGIN{system("a\\/b")}', 'any'), null);
    // a NUL or a byte above 0x7f would not survive as text
    assert.equal(text('BEGIN{system("a\\0b")}', 'gawk'), null);
    assert.equal(text('BEGIN{system("\\377")}', 'mawk'), null);
    assert.equal(text('BEGIN{system("ab\\\ncd")}', 'any'), 'abcd');
  });

  it('a "/" after each kind of token: division, regexp, or unreadable', function () {
    const unreadable = (program: string): boolean => readAwkProgram(program, 'gawk').some((form) => form.kind === 'unreadable');
    // Division: after an operand. If misread as a regexp, the system() between would be hidden.
    assert.deepEqual(readAwkProgram('BEGIN { x = 1 / 2; system("id"); y = 3 / 4 }', 'any').map((f) => f.text), ['id']);
    // Regexp: where an operand is expected. If misread as division, the string would swallow code.
    assert.deepEqual(readAwkProgram('BEGIN { x = /"/; system("id"); z = "/" }', 'any').map((f) => f.text), ['id']);
    assert.equal(unreadable('{ n = !/x/ + (/y/) }'), false);
    for (const ambiguous of ['{ print length / 2 }', '{ x++ / 2 }', '{ getline / 2 }', '{ $/x/ }']) assert.ok(unreadable(ambiguous), ambiguous);
  });
});
