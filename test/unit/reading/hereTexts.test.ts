/**
 * Here-documents and here-strings (D§4.2; docs/decisions.md "Data that only looks like code"):
 * the resolver reads the text a here-text feeds exactly or not at all, and leaves the line
 * resolved only when the program reads it as data. What bash and zsh really feed is proven by the
 * differentials (the recorders record their standard input); these tables say what is read.
 */
import { strict as assert } from 'node:assert';
import { resolve, type ResolveOptions } from '../../../src/gate/reading/resolver';
import { readCommand } from '../../../src/gate/reading/reading';
import type { Mechanism, ReadingShell } from '../../../src/gate/reading/resolution';

const HOME = '/home/gate';
const EVERY_PROGRAM: ResolveOptions = { home: HOME, shell: 'bash', readsStdinAsData: () => true };

/** Each segment's here-text body (undefined for none), the line read with every program taking data. */
function bodies(command: string, shell: ReadingShell = 'bash'): Array<string | undefined> {
  const resolution = resolve(command, { ...EVERY_PROGRAM, shell });
  assert.ok(resolution.resolved, `${JSON.stringify(command)} should resolve: ${resolution.resolved ? '' : resolution.detail}`);
  return resolution.segments.map((segment) => segment.hereText?.body);
}

function refused(command: string, mechanism: Mechanism, shell: ReadingShell = 'bash'): void {
  const resolution = resolve(command, { ...EVERY_PROGRAM, shell });
  assert.ok(!resolution.resolved, `${JSON.stringify(command)} should stay unresolved`);
  assert.equal(resolution.mechanisms[0], mechanism, resolution.detail);
}

describe('here-documents and here-strings, read exactly', function () {
  describe('here-documents', function () {
    it('takes the body of a quoted delimiter as it stands, whatever it holds', function () {
      assert.deepEqual(bodies("cat <<'EOF'\nrm -rf /tmp/x\n$HOME `id` \\n $(id)\nEOF"), ['rm -rf /tmp/x\n$HOME `id` \\n $(id)\n']);
      assert.deepEqual(bodies('cat <<"EOF"\n$x\nEOF'), ['$x\n']);
      assert.deepEqual(bodies('cat <<\\EOF\n$x\nEOF'), ['$x\n']);
    });

    it('takes the body of an unquoted delimiter only when it holds no $, backquote or backslash', function () {
      assert.deepEqual(bodies("cat <<EOF\nplain ' \" * ? [a] {a,b} ~ ; | &\nEOF"), ["plain ' \" * ? [a] {a,b} ~ ; | &\n"]);
      refused('cat <<EOF\n$HOME\nEOF', 'heredoc');
      refused('cat <<EOF\n`id`\nEOF', 'heredoc');
      refused('cat <<EOF\na\\\nEOF\nEOF', 'heredoc');
    });

    it('strips leading tabs for <<- from the body and the delimiter line, and nothing else', function () {
      assert.deepEqual(bodies('cat <<-EOF\n\t\tindented\n\tEOF'), ['indented\n']);
      assert.deepEqual(bodies("cat <<-'EOF'\n\tx\n  \ty\n\t\tEOF"), ['x\n  \ty\n']);
      assert.deepEqual(bodies('cat <<EOF\n\tkept\nEOF'), ['\tkept\n']);
      refused('cat <<EOF\n\tx\n\tEOF', 'heredoc');
    });

    it('ends a body only at a line that is exactly the delimiter', function () {
      assert.deepEqual(bodies('cat <<EOF\nEOF \n  EOF\nEOFx\n\nEOF'), ['EOF \n  EOF\nEOFx\n\n']);
      assert.deepEqual(bodies('cat <<EOF\nEOF'), ['']);
      refused('cat <<EOF\nno end', 'heredoc');
      refused('cat <<EOF', 'heredoc');
    });

    it('reads several here-documents of one line in order, after the line, and the commands after them', function () {
      assert.deepEqual(bodies("cat <<A; grep -c x <<'B'\none\nA\ntwo\nB\necho after"), ['one\n', 'two\n', undefined]);
      assert.deepEqual(bodies('cat <<A |\nbody\nA\ngrep b'), ['body\n', undefined]);
      assert.deepEqual(bodies('cat <<A && echo next\nbody\nA'), ['body\n', undefined]);
      assert.deepEqual(bodies('cat <<EOF \\\n-n\nx\nEOF'), ['x\n']);
    });

    it('refuses a delimiter that is not a plain name, whole or quoted whole', function () {
      for (const command of ["cat <<'E F'\nx\nE F", 'cat <<E"O"F\nx\nEOF', 'cat <<$X\nx\n$X', 'cat << -EOF\nx\n-EOF']) refused(command, 'heredoc');
    });

    it('refuses a here-text whose text another redirect replaces or joins, or that feeds no command', function () {
      refused('cat <<EOF <in.txt\nx\nEOF', 'heredoc');
      refused('cat <<A <<B\na\nA\nb\nB', 'heredoc');
      refused('cat 3<<EOF\nx\nEOF', 'heredoc');
      refused('<<EOF\nx\nEOF', 'heredoc');
      assert.deepEqual(bodies('cat 0<<EOF\nx\nEOF'), ['x\n']);
    });

    it('refuses what an interactive bash would expand from history', function () {
      refused('cat <<EOF\nx!y\nEOF', 'history-expansion');
      refused("cat <<'EOF'\n^a^b\nEOF", 'history-expansion');
      assert.deepEqual(bodies("cat <<'EOF'\nhello! world\nEOF"), ['hello! world\n']);
    });
  });

  describe('here-strings', function () {
    it('is a literal word and a newline', function () {
      assert.deepEqual(bodies("grep -c rm <<< 'rm -rf /tmp/x'"), ['rm -rf /tmp/x\n']);
      assert.deepEqual(bodies('cat <<<word'), ['word\n']);
      assert.deepEqual(bodies("cat <<< $'a\\tb'"), ['a\tb\n']);
      assert.deepEqual(bodies("cat <<< ''"), ['\n']);
      assert.deepEqual(bodies('cat <<< ~/x'), [`${HOME}/x\n`]);
    });

    it('refuses a word only known at run time', function () {
      for (const command of ['cat <<< $VAR', 'cat <<< "$ONE"', 'cat <<< *.txt', 'cat <<< {a,b}', 'cat <<< $(id)']) {
        const resolution = resolve(command, EVERY_PROGRAM);
        assert.ok(!resolution.resolved, command);
      }
    });

    it('is refused on a piped-into command where zsh reads the pipe too', function () {
      assert.deepEqual(bodies('echo a | cat <<< b'), [undefined, 'b\n']);
      refused('echo a | cat <<< b', 'shell-difference', 'any');
      refused('echo a | cat <<< b', 'shell-difference', 'zsh');
    });
  });

  describe('data or unresolved', function () {
    it('keeps every here-text unresolved when nobody says the program reads data (the default)', function () {
      for (const command of ["cat <<'EOF'\nx\nEOF", 'cat <<< x']) {
        const resolution = resolve(command, { home: HOME, shell: 'bash' });
        assert.ok(!resolution.resolved, command);
      }
    });

    it('reads a here-text as data only for programs whose row says so', function () {
      const read = (command: string) => readCommand(command, { home: HOME, shell: 'any' }).resolution;
      for (const command of ["cat <<'EOF'\nrm -rf /tmp/x\nEOF", "grep -c rm <<< 'rm -rf /tmp/x'", "tee notes.txt <<'EOF'\nx\nEOF", "sed -n 1p <<< 'rm -rf /'", "awk '{print $1}' <<< 'a b'", 'jq . <<< "{}"']) {
        const resolution = read(command);
        assert.ok(resolution.resolved, `${JSON.stringify(command)}: ${resolution.resolved ? '' : resolution.detail}`);
      }
      const code: Array<[string, Mechanism]> = [
        ["bash <<'EOF'\nrm -rf /tmp/x\nEOF", 'heredoc'],
        ["python3 - <<'EOF'\nprint(1)\nEOF", 'heredoc'],
        ['sh <<< "rm -rf /tmp/x"', 'here-string'],
        ["sed e <<'EOF'\nrm -rf /tmp/x\nEOF", 'heredoc'],
        ["awk '{system($0)}' <<< 'rm -rf /tmp/x'", 'here-string'],
        ["sort --compress-program=sh <<'EOF'\nx\nEOF", 'heredoc'],
        ["xargs rm <<< '/tmp/x'", 'here-string'],
        ["sudo cat <<'EOF'\nx\nEOF", 'heredoc'],
        ['cat "$F" <<< x', 'here-string'],
        ["unknowntool <<'EOF'\nx\nEOF", 'heredoc'],
      ];
      for (const [command, mechanism] of code) {
        const resolution = read(command);
        assert.ok(!resolution.resolved, `${JSON.stringify(command)} must stay unresolved`);
        assert.equal(resolution.mechanisms[0], mechanism, command);
      }
    });
  });
});
