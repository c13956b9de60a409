import { strict as assert } from 'node:assert';
import { stripTerminalText, TerminalTextScanner } from '../../../src/gate/execution/terminalText';

const ESC = '\x1b';
const BEL = '\x07';
const ST = `${ESC}\\`;

/** [what, raw terminal output, plain text] */
const CASES: [string, string, string][] = [
  ['plain text', 'hello world\n', 'hello world\n'],
  ['colours (SGR)', `${ESC}[1;31merror${ESC}[0m: no`, 'error: no'],
  ['256-colour and true-colour SGR', `${ESC}[38;5;208mA${ESC}[38;2;1;2;3mB${ESC}[m`, 'AB'],
  ['cursor moves and erases', `a${ESC}[2K${ESC}[1Gb${ESC}[10;20Hc${ESC}[?25l${ESC}[?2004h`, 'abc'],
  ['OSC title ended by BEL', `${ESC}]0;my title${BEL}text`, 'text'],
  ['OSC ended by ST', `${ESC}]2;title${ST}text`, 'text'],
  ['OSC 8 hyperlink keeps its visible text', `${ESC}]8;;https://example.com${ST}link${ESC}]8;;${ST}`, 'link'],
  ['VS Code shell integration (OSC 633)', `${ESC}]633;C${BEL}out\r\n${ESC}]633;D;0${BEL}`, 'out\n'],
  ['DCS, SOS, PM, APC strings', `a${ESC}Pq#0;2;0;0;0${ST}b${ESC}Xsos${ST}c${ESC}^pm${ST}d${ESC}_apc${ST}e`, 'abcde'],
  ['8-bit CSI and OSC', `x\x9b31my\x9d0;t\x07z\x9d0;u\x9cw`, 'xyzw'],
  ['charset and other two-character escapes', `${ESC}(B${ESC})0a${ESC}7b${ESC}8${ESC}=c${ESC}>${ESC}#8d${ESC}%Ge`, 'abcde'],
  ['CRLF becomes LF', 'one\r\ntwo\r\n', 'one\ntwo\n'],
  ['a lone CR (progress bar) becomes a line break', '10%\r50%\r100%\n', '10%\n50%\n100%\n'],
  ['a trailing CR becomes a line break', 'done\r', 'done\n'],
  ['tab kept; BEL, BS, NUL, VT, FF, DEL dropped', 'a\tb\x07c\x08d\x00e\x0bf\x0cg\x7fh', 'a\tbcdefgh'],
  ['C1 controls dropped', 'a\x85b\x8ec\x9cd', 'abcd'],
  ['non-ASCII text kept', 'héllo €𝄞 \u202e', 'héllo €𝄞 \u202e'],
  ['a control inside a CSI aborts it and acts as itself', `a${ESC}[12\nb`, 'a\nb'],
  ['ESC inside a string ends it and starts a new escape', `${ESC}]0;title${ESC}[31mred`, 'red'],
  ['a stray ESC before an ordinary letter eats only that letter', `x${ESC}Ay`, 'xy'],
  ['ESC ESC starts over', `${ESC}${ESC}[31mz`, 'z'],
  ['an unterminated CSI at the end is dropped', `ok${ESC}[31`, 'ok'],
  ['an unterminated OSC swallows the rest (as the terminal shows it)', `seen${ESC}]0;never ends and more text`, 'seen'],
];

describe('terminal text: ANSI/OSC sequences out of captured output', () => {
  for (const [what, raw, plain] of CASES) {
    it(what, () => assert.equal(stripTerminalText(raw), plain));
  }

  it('gives the same text whatever the chunk boundaries', () => {
    for (const [what, raw, plain] of CASES) {
      for (let cut = 0; cut <= raw.length; cut++) {
        for (const cut2 of [cut, Math.min(raw.length, cut + 1), Math.min(raw.length, cut + 3)]) {
          const scanner = new TerminalTextScanner();
          const text = scanner.push(raw.slice(0, cut)) + scanner.push(raw.slice(cut, cut2)) + scanner.push(raw.slice(cut2)) + scanner.end();
          assert.equal(text, plain, `${what}: split at ${cut}/${cut2}`);
        }
      }
    }
  });

  describe('shell-integration sequences are named, so forged ones can be reported', () => {
    it('OSC 633 and 133 by letter, 1337, 7 and 9 by number; a title is not one', () => {
      const scanner = new TerminalTextScanner();
      scanner.push(`${ESC}]633;C${BEL}hi${ESC}]633;D;0${BEL}${ESC}]133;A${ST}${ESC}]1337;CurrentDir=/${BEL}${ESC}]7;file://h/tmp${BEL}${ESC}]9;9;C:\\${BEL}${ESC}]0;title${BEL}${ESC}]633;P;Cwd=/etc${BEL}`);
      scanner.end();
      assert.deepEqual(scanner.shellIntegrationSequences, ['633;C', '633;D', '133;A', '1337', '7', '9', '633;P']);
      assert.equal(scanner.shellIntegrationSequenceCount, 7);
    });

    it('a sequence split across chunks is still named once', () => {
      const scanner = new TerminalTextScanner();
      scanner.push(`a${ESC}]63`);
      scanner.push(`3;D;`);
      scanner.push(`0${BEL}b`);
      assert.deepEqual(scanner.shellIntegrationSequences, ['633;D']);
    });

    it('the 8-bit OSC introducer counts too', () => {
      const scanner = new TerminalTextScanner();
      assert.equal(scanner.push('\x9d633;D;0\x07after'), 'after');
      assert.deepEqual(scanner.shellIntegrationSequences, ['633;D']);
    });

    it('keeps at most 32 names but counts them all', () => {
      const scanner = new TerminalTextScanner();
      scanner.push(`${ESC}]633;A${BEL}`.repeat(100));
      assert.equal(scanner.shellIntegrationSequences.length, 32);
      assert.equal(scanner.shellIntegrationSequenceCount, 100);
    });

    it('counts the characters hidden inside strings', () => {
      const scanner = new TerminalTextScanner();
      scanner.push(`${ESC}]0;12345${BEL}x`);
      assert.equal(scanner.swallowedCharacters, 7);
    });
  });

  describe('linear time on hostile output', () => {
    const size = 2_000_000;
    const shapes: [string, string][] = [
      ['an OSC that never ends', `${ESC}]633;E;${'a'.repeat(size)}`],
      ['a CSI full of parameters', `${ESC}[${'1;'.repeat(size / 2)}`],
      ['escapes back to back', `${ESC}[m`.repeat(size / 3)],
      ['ESC inside an OSC, repeatedly', `${ESC}]${`a${ESC}]`.repeat(size / 3)}`],
      ['carriage returns', '\r'.repeat(size)],
    ];
    for (const [what, raw] of shapes) {
      it(what, () => {
        const started = Date.now();
        const scanner = new TerminalTextScanner();
        for (let i = 0; i < raw.length; i += 65_536) scanner.push(raw.slice(i, i + 65_536));
        scanner.end();
        assert.ok(Date.now() - started < 2000, `${what}: ${Date.now() - started} ms for ${raw.length} characters`);
      });
    }
  });
});
