/**
 * `@gate` sessions: a request finds its session from the metadata its history's responses carry
 * (one negotiation per chat, never shared), turn numbers survive a reload, memory is bounded;
 * and the conversation is rebuilt from kept transcripts or, failing that, from the visible text.
 */
import { strict as assert } from 'node:assert';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { historyMessages, HISTORY_TURNS_KEPT } from '../../../src/vscode/chatHistory';
import { ChatSessions, MAX_TURNS_KEPT, sessionIdOf } from '../../../src/vscode/chatSessions';

describe('@gate chat sessions', () => {
  it('a request with no earlier @gate response starts a new session; its responses lead later requests back to it', () => {
    const sessions = new ChatSessions();
    const first = sessions.forHistory([]);
    const again = sessions.forHistory([{ sessionId: first.id, turn: 1 }]);
    assert.equal(again, first);
    assert.equal(again.negotiation, first.negotiation);
    const other = sessions.forHistory([]);
    assert.notEqual(other.id, first.id);
    assert.notEqual(other.negotiation, first.negotiation, 'two chats never share a negotiation');
  });

  it('the latest response with an id wins; foreign or malformed metadata is ignored', () => {
    const sessions = new ChatSessions();
    const a = sessions.forHistory([]);
    const found = sessions.forHistory([{ sessionId: 'not-a-uuid' }, { sessionId: a.id }, null, { other: 1 }]);
    assert.equal(found, a);
    assert.equal(sessionIdOf({ sessionId: '../../etc' }), undefined);
  });

  it('after a reload (id known, state gone) new turns are numbered after the ones in the history', () => {
    const sessions = new ChatSessions();
    const id = '0b6f7c1e-2d3a-4f5b-8c9d-0e1f2a3b4c5d';
    const session = sessions.forHistory([{ sessionId: id, turn: 1 }, { sessionId: id }, { sessionId: id, turn: 4 }]);
    assert.equal(session.id, id);
    assert.equal(session.nextTurn, 5);
  });

  it('keeps at most a few turn transcripts per session, dropping the oldest', () => {
    const sessions = new ChatSessions();
    const session = sessions.forHistory([]);
    for (let turn = 1; turn <= MAX_TURNS_KEPT + 3; turn++) sessions.keepTurn(session, turn, [turn]);
    assert.equal(session.turns.size, MAX_TURNS_KEPT);
    assert.equal(session.turns.has(1), false);
    assert.deepEqual(session.turns.get(MAX_TURNS_KEPT + 3), [MAX_TURNS_KEPT + 3]);
  });

  it('forgets the least recently used session beyond its bound', () => {
    const sessions = new ChatSessions(2);
    const a = sessions.forHistory([]);
    const b = sessions.forHistory([]);
    sessions.forHistory([{ sessionId: a.id }]); // a is used again
    sessions.forHistory([]); // c pushes out b
    assert.equal(sessions.size, 2);
    assert.equal(sessions.forHistory([{ sessionId: a.id }]), a);
    assert.notEqual(sessions.forHistory([{ sessionId: b.id }]).negotiation, b.negotiation, 'b was forgotten and starts afresh');
  });
});

describe('@gate conversation history', () => {
  it('a kept transcript goes back whole (tool calls and results); other turns as prompt and visible text', () => {
    const stored = [
      new HumanMessage('list files'),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'run_shell_command', args: { command: 'ls' }, type: 'tool_call' }] }),
      new ToolMessage({ tool_call_id: 'c1', content: 'a.txt' }),
      new AIMessage('There is a.txt.'),
    ];
    const messages = historyMessages([
      { prompt: 'hello', response: { text: 'Hi! How can I help?' } },
      { prompt: 'list files', response: { text: 'rendered markdown', stored } },
    ]);
    assert.deepEqual(
      messages.map((m) => [m.getType(), typeof m.content === 'string' ? m.content : '']),
      [
        ['human', 'hello'],
        ['ai', 'Hi! How can I help?'],
        ['human', 'list files'],
        ['ai', ''],
        ['tool', 'a.txt'],
        ['ai', 'There is a.txt.'],
      ],
    );
  });

  it('slash-command turns are left out; a turn without a response keeps its prompt', () => {
    const messages = historyMessages([
      { prompt: 'manual', command: 'rung', response: { text: 'The rung is now manual.' } },
      { prompt: 'rm -rf build', command: 'explain', response: { text: 'trace' } },
      { prompt: 'build it' },
    ]);
    assert.deepEqual(messages.map((m) => m.content), ['build it']);
  });

  it('keeps only the latest turns', () => {
    const turns = Array.from({ length: HISTORY_TURNS_KEPT + 4 }, (_, i) => ({ prompt: `p${i}`, response: { text: `r${i}` } }));
    const messages = historyMessages(turns);
    assert.equal(messages.length, HISTORY_TURNS_KEPT * 2);
    assert.equal(messages[0]!.content, 'p4');
  });
});
