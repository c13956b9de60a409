import { strict as assert } from 'node:assert';
import { compositionSites, operatorsIgnoringQuotes } from '../../../src/protocol/compositionSites';
import type { CompositionSite, HostMark, SiteKind } from '../../../src/protocol/messages';
import { cardPageHtml } from '../../../src/vscode/cardPage';
import { escapeFor, frameLines, oneLinePreview, SITE_LABELS, type FrameLine } from '../../../webview-ui/commandFrame';
import { entryCovers, previewEntry, simpleWords, wildcardWord } from '../../../webview-ui/entryPreview';

/** The frame's lines as the command's own text (escapes as they are shown, newline marks dropped). */
function shownLines(lines: readonly FrameLine[]): string[] {
  return lines.map((line) => line.pieces.filter((p) => p.kind !== 'newline-mark' && p.kind !== 'host-ascii').map((p) => p.text).join(''));
}

function sitesOf(text: string): Array<[SiteKind, string]> {
  return compositionSites(text).map((s) => [s.kind, text.slice(s.start, s.end)]);
}

describe('command frame: lines and numbering', () => {
  it('numbers every line from 1 and keeps every character', () => {
    const command = 'echo one\necho two\n\necho four';
    const lines = frameLines(command, [], []);
    assert.deepEqual(lines.map((l) => l.number), [1, 2, 3, 4]);
    assert.deepEqual(shownLines(lines), ['echo one', 'echo two', '', 'echo four']);
  });

  it('shows a 200-line commit message as 200 numbered lines, never cut, with its one buried backtick marked', () => {
    const body = Array.from({ length: 199 }, (_, i) => (i === 137 ? 'see `make docs` for details' : `line ${i + 2} of the message`));
    const command = `git commit -m "line 1 of the message\n${body.join('\n')}"`;
    const lines = frameLines(command, compositionSites(command), []);
    assert.equal(lines.length, 200);
    assert.equal(lines[199]!.number, 200);
    assert.equal(shownLines(lines).join('\n'), command);
    const marked = lines.flatMap((l) => l.pieces.filter((p) => p.kind === 'site').map((p) => [l.number, p.text, p.site]));
    assert.deepEqual(marked, [[139, '`', 'backtick'], [139, '`', 'backtick']]);
    // The line breaks inside the quotes are the message's, not new commands: no newline marks.
    assert.equal(lines.flatMap((l) => l.pieces).filter((p) => p.kind === 'newline-mark').length, 0);
  });

  it('marks an unquoted line break with a visible marker before the break', () => {
    const command = 'ls\nrm -rf x';
    const lines = frameLines(command, compositionSites(command), []);
    assert.equal(lines.length, 2);
    const mark = lines[0]!.pieces[lines[0]!.pieces.length - 1]!;
    assert.equal(mark.kind, 'newline-mark');
    assert.equal(mark.text, '↵');
    assert.equal(mark.label, SITE_LABELS.newline);
  });

  it('an empty command is one empty line', () => {
    assert.deepEqual(frameLines('', [], []), [{ number: 1, pieces: [] }]);
  });
});

describe('command frame: hidden characters as visible escapes', () => {
  const table: Array<[string, string, string[]]> = [
    ['right-to-left override', 'ls \u202eexe.txt', ['\\u202e']],
    ['zero-width space', 'r\u200bm -rf x', ['\\u200b']],
    ['zero-width joiner and BOM', 'a\u200d\ufeffb', ['\\u200d\\ufeff']],
    ['ANSI colour sequence', 'echo \x1b[31mred\x1b[0m', ['\\e', '\\e']],
    ['carriage return', 'echo safe\rrm -rf ~', ['\\r']],
    ['tab', 'a\tb', ['\\t']],
    ['NUL and bell', 'a\0b\x07', ['\\0', '\\x07']],
    ['C1 control', 'a\u009bb', ['\\x9b']],
    ['line separator (does not break the frame line)', 'a\u2028b', ['\\u2028']],
    ['non-ASCII space', 'rm\u00a0-rf', ['\\xa0']],
    ['lone surrogate', 'a\ud800b', ['\\ud800']],
    ['tag character (astral)', 'a\u{e0041}b', ['\\u{e0041}']],
  ];
  for (const [name, command, escapes] of table) {
    it(name, () => {
      const lines = frameLines(command, [], []);
      assert.equal(lines.length, 1);
      const shown = lines[0]!.pieces.filter((p) => p.kind === 'escape');
      assert.deepEqual(shown.map((p) => p.text), escapes);
      for (const piece of shown) assert.match(piece.label ?? '', /U\+[0-9A-F]{4,}/);
      // Nothing hidden survives as a raw character.
      const raw = lines[0]!.pieces.filter((p) => p.kind === 'text').map((p) => p.text).join('');
      assert.doesNotMatch(raw, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff\u00a0]/);
    });
  }

  it('keeps ordinary non-ASCII text and emoji as they are', () => {
    const lines = frameLines('echo héllo 😀 日本', [], []);
    assert.deepEqual(lines[0]!.pieces, [{ kind: 'text', text: 'echo héllo 😀 日本' }]);
  });

  it('escapeFor: tab and controls yes, printable no', () => {
    assert.deepEqual(escapeFor(0x202e), { text: '\\u202e', label: 'invisible character U+202E' });
    assert.equal(escapeFor(0x09)?.text, '\\t');
    assert.equal(escapeFor(0x41), null);
    assert.equal(escapeFor(0x0a)?.text, undefined);
  });
});

describe('command frame: hostile strings stay text', () => {
  const hostile = ['<img src=x onerror=alert(1)>', '</script><script>alert(1)</script>', '"><svg onload=alert(1)>', '&lt;b&gt;', '${constructor.constructor("alert(1)")()}'];
  for (const text of hostile) {
    it(JSON.stringify(text), () => {
      const command = `echo ${text}`;
      const lines = frameLines(command, compositionSites(command), []);
      assert.equal(shownLines(lines).join('\n'), command);
      for (const piece of lines.flatMap((l) => l.pieces)) assert.equal(typeof piece.text, 'string');
    });
  }
});

describe('command frame: composition sites', () => {
  const table: Array<[string, Array<[SiteKind, string]>]> = [
    ['ls; rm x', [['separator', ';']]],
    ['a && b || c', [['and', '&&'], ['or', '||']]],
    ['a | b |& c', [['pipe', '|'], ['pipe', '|&']]],
    ['sleep 1 &', [['background', '&']]],
    ['echo $(id)', [['substitution', '$('], ['substitution', ')']]],
    ['echo `id`', [['backtick', '`'], ['backtick', '`']]],
    ['echo "$(id) `id`"', [['substitution', '$('], ['substitution', ')'], ['backtick', '`'], ['backtick', '`']]],
    ['echo $((1+2))', [['arithmetic', '$(('], ['arithmetic', ')']]],
    ['diff <(ls a) >(wc)', [['process-substitution', '<('], ['process-substitution', ')'], ['process-substitution', '>('], ['process-substitution', ')']]],
    ['(cd x; ls)', [['subshell', '('], ['separator', ';'], ['subshell', ')']]],
    ['a > f 2>&1 >> g < h &> i', [['redirect', '>'], ['redirect', '2>&1'], ['redirect', '>>'], ['redirect', '<'], ['redirect', '&>']]],
    ['a\nb', [['newline', '\n']]],
    ['cat <<< "x"', [['heredoc', '<<<']]],
    // Quotes hide operators from bash, so they are not marked.
    ["echo 'a;b|c' \"d&&e\"", []],
    ["echo $'a\\';b'", []],
    ['echo a\\;b', []],
    // A comment: an apostrophe in it does not open a quote that hides the next command.
    ["ls # don't\nrm -rf x; echo", [['comment', '#'], ['newline', '\n'], ['separator', ';']]],
    ['echo a#b; ls', [['separator', ';']]],
    // Heredoc bodies are data; $( and backticks still run in an unquoted one.
    ["cat <<EOF\nit's $(id)\nEOF\nrm x", [['heredoc', '<<'], ['newline', '\n'], ['substitution', '$(']]],
    ["cat <<'EOF'\n$(id); x\nEOF\nrm x", [['heredoc', '<<'], ['newline', '\n']]],
    ['cat <<-EOF\n\ta;b\n\tEOF\nls;x', [['heredoc', '<<-'], ['newline', '\n'], ['separator', ';']]],
    // An unclosed quote: marked, and what follows is read with quotes ignored.
    ["echo 'abc; rm x", [['unclosed-quote', "'"], ['separator', ';']]],
    ['echo "abc; rm x', [['unclosed-quote', '"'], ['separator', ';']]],
    ['echo $(ls "x; rm y', [['substitution', '$('], ['separator', ';']]],
  ];
  for (const [command, expected] of table) {
    it(JSON.stringify(command), () => assert.deepEqual(sitesOf(command), expected));
  }

  it('sites are sorted and never overlap, on adversarial input', () => {
    const command = `${"'\"$(`<(".repeat(500)}; ${'&|;<>\n'.repeat(500)}`;
    const sites = compositionSites(command);
    for (let i = 1; i < sites.length; i++) assert.ok(sites[i]!.start >= sites[i - 1]!.end);
  });

  it('stays linear on 64 KiB of nested openers and quotes', () => {
    for (const unit of ['$(', '"', '`', "'", '<<E\n', '# \'\n']) {
      const command = unit.repeat(Math.floor(65536 / unit.length));
      const started = performance.now();
      compositionSites(command);
      assert.ok(performance.now() - started < 1000, `${JSON.stringify(unit)} took too long`);
    }
  });

  it('the re-read after an unclosed construct marks every operator', () => {
    assert.deepEqual(operatorsIgnoringQuotes("'a;b' | c", 0).map((s) => s.kind), ['separator', 'pipe']);
  });

  it('frames sites as marked pieces with the command text and an accessible label', () => {
    const command = 'a && b';
    const pieces = frameLines(command, compositionSites(command), [])[0]!.pieces;
    assert.deepEqual(pieces, [
      { kind: 'text', text: 'a ' },
      { kind: 'site', text: '&&', label: SITE_LABELS.and, site: 'and' },
      { kind: 'text', text: ' b' },
    ]);
  });

  it('ignores bad ranges without losing text', () => {
    const command = 'abc; def';
    const bad: CompositionSite[] = [
      { start: 3, end: 4, kind: 'separator' },
      { start: 2, end: 5, kind: 'pipe' }, // overlaps
      { start: 6, end: 99, kind: 'pipe' }, // out of range
      { start: 5, end: 5, kind: 'pipe' }, // empty
      { start: 7, end: 6, kind: 'pipe' }, // reversed
    ];
    const lines = frameLines(command, bad, [{ start: -1, end: 2, ascii: null }]);
    assert.equal(shownLines(lines).join('\n'), command);
    assert.equal(lines[0]!.pieces.filter((p) => p.kind === 'site').length, 1);
  });
});

describe('command frame: look-alike hosts', () => {
  it('marks the host and follows it with its ASCII form', () => {
    const command = 'curl https://pаypal.com/x';
    const marks: HostMark[] = [{ start: 13, end: 23, ascii: 'xn--pypal-4ve.com' }];
    const pieces = frameLines(command, [], marks)[0]!.pieces;
    assert.deepEqual(pieces.map((p) => [p.kind, p.text, p.host ?? false]), [
      ['text', 'curl https://', false],
      ['text', 'pаypal.com', true],
      ['host-ascii', ' ⟨xn--pypal-4ve.com⟩', false],
      ['text', '/x', false],
    ]);
  });
});

describe('command frame: queue preview line', () => {
  it('escapes, stops at the first line break and cuts visibly', () => {
    assert.equal(oneLinePreview('rm\u202e -rf\nsecond'), 'rm\\u202e -rf ↵ …');
    assert.equal(oneLinePreview('x'.repeat(100), 10), `${'x'.repeat(10)}…`);
  });
});

describe('always-allow preview matcher (browser side, a guide only)', () => {
  const table: Array<['prefix' | 'glob', string, string, boolean]> = [
    ['prefix', 'npm test', 'npm test', true],
    ['prefix', 'npm test', 'npm test -- --watch', true],
    ['prefix', 'npm test', 'npm testx', false],
    ['prefix', 'npm test', 'npm', false],
    ['prefix', 'git commit -m', 'git commit -m "fix: a b"', true],
    ['prefix', '', 'anything', false],
    ['glob', 'npm run test:*', 'npm run test:unit', true],
    ['glob', 'npm run test:*', 'npm run test: unit', false],
    ['glob', 'npm run *', 'npm run', true],
    ['glob', 'npm run *', 'npm run a b c', true],
    ['glob', 'git * --short', 'git status --short', true],
    ['glob', 'git * --short', 'git status --long', false],
    ['glob', 'ls', 'ls -la', false],
  ];
  for (const [match, pattern, command, covered] of table) {
    it(`${match} ${JSON.stringify(pattern)} ${covered ? 'covers' : 'does not cover'} ${JSON.stringify(command)}`, () => {
      assert.equal(entryCovers({ match, pattern }, command), covered);
    });
  }
  it('splits words like a shell would, quotes removed', () => {
    assert.deepEqual(simpleWords(`a 'b c' "d"e f\\ g`), ['a', 'b c', 'de', 'f g']);
  });
  it('in-word wildcards', () => {
    assert.equal(wildcardWord('a*c*e', 'abcde'), true);
    assert.equal(wildcardWord('a*c', 'abd'), false);
    assert.equal(wildcardWord('*', ''), true);
  });
  it('previews each command in order', () => {
    assert.deepEqual(previewEntry({ match: 'prefix', pattern: 'git' }, ['git log', 'npm test']), [
      { command: 'git log', covered: true },
      { command: 'npm test', covered: false },
    ]);
  });
});

describe('card page', () => {
  const parts = { cspSource: 'https://file+.vscode-resource.vscode-cdn.net', scriptUri: 'https://x/dist/webview.js', styleUri: 'https://x/media/card.css', nonce: 'AbCdEfGhIjKlMnOpQrStUv==' };
  it('ships the strict CSP with a nonce and no inline script', () => {
    const html = cardPageHtml(parts);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
    assert.ok(csp);
    assert.match(csp, /^default-src 'none'; script-src 'nonce-AbCdEfGhIjKlMnOpQrStUv=='; style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net 'nonce-AbCdEfGhIjKlMnOpQrStUv=='; font-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net;/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]![2], '');
    assert.match(scripts[0]![1]!, /nonce="AbCdEfGhIjKlMnOpQrStUv==" src="https:\/\/x\/dist\/webview.js"/);
    assert.doesNotMatch(html, /<style|\sstyle="|\son\w+=/);
  });
  it('refuses a short nonce and escapes attribute values', () => {
    assert.throws(() => cardPageHtml({ ...parts, nonce: 'abc' }));
    assert.match(cardPageHtml({ ...parts, scriptUri: 'x"><script>' }), /src="x&quot;&gt;&lt;script&gt;"/);
  });
});
