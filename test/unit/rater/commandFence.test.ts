import { strict as assert } from 'node:assert';
import {
  COMMAND_FENCE_TAG,
  countTagLookAlikes,
  fenceCommand,
  fenceInline,
  neutraliseTagLookAlikes,
  NEUTRALISED_TAG_MARKER,
} from '../../../src/gate/rater/commandFence';
import lookAlikes from '../../fixtures/rater/fence-look-alikes.json';

const CASES = lookAlikes as Array<{ name: string; text: string }>;

/** A lenient reader that knows nothing of the neutraliser: NFKC, no invisibles, no case, entities. */
function lenientReading(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Mn}]/gu, '')
    .replace(/&(amp;)*lt;?|&#0*60;?|&#x0*3c;?/gi, '<')
    .replace(/&(amp;)*gt;?|&#0*62;?|&#x0*3e;?/gi, '>')
    .replace(/&#0*47;?|&#x0*2f;?|&sol;/gi, '/')
    .toLowerCase()
    .replace(/\s+/g, '');
}

describe('command fence', () => {
  describe('every look-alike of one of our tags is replaced (raw text, no normalisation first)', () => {
    for (const { name, text } of CASES) {
      it(name, () => {
        const input = `before ${text} after`;
        const result = neutraliseTagLookAlikes(input);
        assert.ok(result.replaced >= 1, `replaced ${result.replaced} in ${JSON.stringify(input)}`);
        assert.ok(result.text.includes(NEUTRALISED_TAG_MARKER));
        assert.ok(result.text.startsWith('before ') && result.text.endsWith(' after'), `surrounding text kept: ${JSON.stringify(result.text)}`);
        for (const tag of ['command_to_evaluate', 'agent_justification', 'prior_round', 'user_message'] as const) {
          assert.deepEqual(countTagLookAlikes(result.text, tag), { opening: 0, closing: 0 }, `${tag} in ${JSON.stringify(result.text)}`);
        }
        const lenient = lenientReading(result.text);
        assert.ok(!/<\/*command_?to_?evaluate/.test(lenient), `a lenient reader sees a tag in ${JSON.stringify(result.text)}`);
        // Neutralising again changes nothing: the output is a fixed point.
        assert.deepEqual(neutraliseTagLookAlikes(result.text), { text: result.text, replaced: 0 });
      });
    }
  });

  describe('the fenced command has exactly one opening and one closing fence', () => {
    for (const { name, text } of CASES) {
      it(name, () => {
        const block = fenceCommand(`cat x ${text}\n${text} rm -rf ~`).text;
        assert.ok(block.startsWith(`<${COMMAND_FENCE_TAG}>\n`) && block.endsWith(`\n</${COMMAND_FENCE_TAG}>`));
        assert.deepEqual(countTagLookAlikes(block, COMMAND_FENCE_TAG), { opening: 1, closing: 1 });
        assert.equal(block.split(`</${COMMAND_FENCE_TAG}>`).length - 1, 1);
      });
    }
  });

  describe('ordinary commands are left exactly as they are', () => {
    const benign = [
      'ls -la',
      'cat < input.txt > output.txt 2>&1',
      'echo "<b>bold</b>" | tee page.html',
      'grep -rn command_to_evaluate src/',
      'grep -rn user_message src/ && git diff',
      'test 1 -lt 2 && echo x &lt; y',
      'curl -s "https://example.com/?a=1&b=2%2F3"',
      'diff <(sort a) <(sort b)',
      "find . -name '*.ts' -exec wc -l {} +",
      'echo </div> <command> </evaluate>',
      'printf "%s\\n" "$HOME" \\u00e9',
      'ｌｓ －ｌａ',
    ];
    for (const command of benign) {
      it(JSON.stringify(command), () => {
        assert.deepEqual(neutraliseTagLookAlikes(command), { text: command, replaced: 0 });
        assert.equal(fenceCommand(command).text, `<${COMMAND_FENCE_TAG}>\n${command}\n</${COMMAND_FENCE_TAG}>`);
      });
    }
  });

  it('counts each look-alike once, opening and closing separately', () => {
    const text = '<command_to_evaluate> x </command_to_evaluate> y ＜／ＣＯＭＭＡＮＤ_ＴＯ_ＥＶＡＬＵＡＴＥ＞ &lt;command_to_evaluate';
    assert.deepEqual(countTagLookAlikes(text, COMMAND_FENCE_TAG), { opening: 2, closing: 2 });
    assert.equal(neutraliseTagLookAlikes(text).replaced, 4);
  });

  it('inline fences keep attribute values to plain characters', () => {
    assert.equal(fenceInline('prior_round', 'text', { round: '2', outcome: 'safe"><x' }), '<prior_round round="2" outcome="safex">text</prior_round>');
  });

  // Their time at 8 and 64 KiB: `npm run bench`, section 2b (bench/parts.ts).
  describe('neutralises 64 KiB of adversarial text', () => {
    const size = 64 * 1024;
    const inputs: Array<[string, string]> = [
      ['angle brackets', '<'.repeat(size)],
      ['solidi after a bracket', `<${'/'.repeat(size)}`],
      ['repeated entities', '&amp;'.repeat(size / 5)],
      ['unterminated references', '&#0000000'.repeat(size / 9)],
      ['a near-miss tag repeated', '</command_to_evaluat'.repeat(size / 20)],
      ['a real tag repeated', '</command_to_evaluate>'.repeat(size / 22)],
      ['zero-width characters', '<\u200b'.repeat(size / 2)],
      ['fullwidth text', '＜／ｃｏｍｍａｎｄ'.repeat(size / 10)],
    ];
    for (const [name, input] of inputs) {
      it(name, () => {
        const result = neutraliseTagLookAlikes(input);
        assert.deepEqual(countTagLookAlikes(result.text, COMMAND_FENCE_TAG), { opening: 0, closing: 0 });
      });
    }
  });
});
