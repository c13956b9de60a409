import { strict as assert } from 'node:assert';
import { echoReply, parseFakeModelScript, ScriptedReplies } from '../e2e/chatHelper/fakeModelScript';

describe('fake model script (e2e chat helper)', () => {
  it('parses replies with text and tool calls, and a fallback', () => {
    const script = parseFakeModelScript(JSON.stringify({
      replies: [{ text: 'a' }, { toolCalls: [{ name: 'run_shell_command', input: { command: 'ls' } }] }],
      fallback: { text: 'done' },
    }));
    assert.equal(script.replies.length, 2);
    assert.equal(script.fallback?.text, 'done');
  });

  const invalid: [string, string, RegExp][] = [
    ['not JSON', '{replies: []', /not JSON/],
    ['no replies', '{}', /invalid at replies/],
    ['an unknown field (a typo must not pass as an echo)', '{"replies": [{"txt": "a"}]}', /invalid at replies\.0/],
    ['an empty reply', '{"replies": [{}]}', /text or at least one tool call/],
    ['a tool call without a name', '{"replies": [{"toolCalls": [{"input": {}}]}]}', /invalid at replies\.0\.toolCalls\.0\.name/],
  ];
  for (const [what, text, message] of invalid) {
    it(`refuses ${what}`, () => {
      assert.throws(() => parseFakeModelScript(text), message);
    });
  }

  it('hands out replies in order, then the fallback, then starts again for a new version of the file', () => {
    const script = parseFakeModelScript('{"replies": [{"text": "1"}, {"text": "2"}], "fallback": {"text": "f"}}');
    const replies = new ScriptedReplies();
    const texts = ['x', 'x', 'x'].map((last) => replies.next('v1', script, last).text);
    assert.deepEqual(texts, ['1', '2', 'f']);
    assert.equal(replies.next('v2', script, 'x').text, '1');
  });

  it('without a fallback, echoes once the replies are used up', () => {
    const replies = new ScriptedReplies();
    const script = parseFakeModelScript('{"replies": []}');
    assert.deepEqual(replies.next('v1', script, 'hello'), echoReply('hello'));
    assert.equal(echoReply('hello').text, 'FAKE-LM reply to: hello');
  });
});
