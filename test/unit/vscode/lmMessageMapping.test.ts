/**
 * LangChain messages ↔ the shapes of `vscode.lm`, both ways, without VS Code: roles (system as
 * prefixed user text), tool calls and results with their ids, merging of neighbours, what cannot
 * travel, tool definitions from zod, `tool_choice` → tool mode, and tool calls coming back —
 * a non-object input must come out as an invalid call, never as a runnable one.
 */
import { strict as assert } from 'node:assert';
import { AIMessage, ChatMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import {
  LmMappingError,
  responseChunk,
  responseMessage,
  SYSTEM_PREFIX,
  TOOL_ERROR_PREFIX,
  toLmMessages,
  toLmTools,
  toolSelection,
  type LmTool,
} from '../../../src/vscode/lmMessageMapping';

describe('vscode.lm message mapping', () => {
  describe('LangChain → vscode.lm', () => {
    it('a system message travels as user text that says it is the system prompt, merged with the next user message', () => {
      const mapped = toLmMessages([new SystemMessage('You are careful.'), new HumanMessage('list files')]);
      assert.deepEqual(mapped, [
        {
          role: 'user',
          parts: [
            { kind: 'text', value: `${SYSTEM_PREFIX}You are careful.` },
            { kind: 'text', value: 'list files' },
          ],
        },
      ]);
    });

    it('an AI message with tool calls, then the tool results: assistant tool-call parts, then one user message with the results', () => {
      const mapped = toLmMessages([
        new HumanMessage('go'),
        new AIMessage({
          content: 'Looking.',
          tool_calls: [
            { id: 'c1', name: 'run_shell_command', args: { command: 'ls' }, type: 'tool_call' },
            { id: 'c2', name: 'read_file', args: { path: 'a.txt' }, type: 'tool_call' },
          ],
        }),
        new ToolMessage({ tool_call_id: 'c1', content: 'a.txt\n' }),
        new ToolMessage({ tool_call_id: 'c2', content: 'hello', status: 'error' }),
        new AIMessage('Done.'),
      ]);
      assert.deepEqual(mapped, [
        { role: 'user', parts: [{ kind: 'text', value: 'go' }] },
        {
          role: 'assistant',
          parts: [
            { kind: 'text', value: 'Looking.' },
            { kind: 'toolCall', callId: 'c1', name: 'run_shell_command', input: { command: 'ls' } },
            { kind: 'toolCall', callId: 'c2', name: 'read_file', input: { path: 'a.txt' } },
          ],
        },
        {
          role: 'user',
          parts: [
            { kind: 'toolResult', callId: 'c1', text: 'a.txt\n' },
            { kind: 'toolResult', callId: 'c2', text: `${TOOL_ERROR_PREFIX}hello` },
          ],
        },
        { role: 'assistant', parts: [{ kind: 'text', value: 'Done.' }] },
      ]);
    });

    it('an invalid tool call in the history keeps its place (its result answers it) with the raw arguments as data', () => {
      const ai = new AIMessage({ content: '', invalid_tool_calls: [{ id: 'bad', name: 'run_shell_command', args: '{"command": ', error: 'x', type: 'invalid_tool_call' }] });
      const mapped = toLmMessages([ai, new ToolMessage({ tool_call_id: 'bad', content: 'Invalid arguments' })]);
      assert.deepEqual(mapped[0], { role: 'assistant', parts: [{ kind: 'toolCall', callId: 'bad', name: 'run_shell_command', input: { invalid_arguments: '{"command": ' } }] });
    });

    it('tool calls without an id get distinct stand-in ids', () => {
      const ai = new AIMessage({ content: '', tool_calls: [
        { name: 'a', args: {}, type: 'tool_call' },
        { name: 'b', args: {}, type: 'tool_call' },
      ] });
      const ids = toLmMessages([ai])[0]!.parts.map((p) => (p.kind === 'toolCall' ? p.callId : ''));
      assert.equal(new Set(ids).size, 2);
      assert.ok(ids.every((id) => id.length > 0));
    });

    it('text content blocks are joined; an empty AI text adds no part', () => {
      const mapped = toLmMessages([new HumanMessage({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }), new AIMessage('')]);
      assert.deepEqual(mapped, [{ role: 'user', parts: [{ kind: 'text', value: 'ab' }] }]);
    });

    it('generic chat messages map by role; an unknown role is refused', () => {
      assert.deepEqual(toLmMessages([new ChatMessage('hi', 'user'), new ChatMessage('yo', 'assistant')]).map((m) => m.role), ['user', 'assistant']);
      assert.throws(() => toLmMessages([new ChatMessage('x', 'critic')]), LmMappingError);
    });

    it('content that cannot travel as text (an image) is refused, not dropped', () => {
      const image = new HumanMessage({ content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] });
      assert.throws(() => toLmMessages([image]), /image_url.*only text/);
    });

    it('a tool message without a call id is refused', () => {
      const orphan = new ToolMessage({ tool_call_id: '', content: 'x' });
      assert.throws(() => toLmMessages([orphan]), /tool_call_id/);
    });
  });

  describe('tools and tool modes', () => {
    const shell = tool(async () => '', {
      name: 'run_shell_command',
      description: 'Run a command',
      schema: z.strictObject({ command: z.string(), justification: z.string().optional() }),
    });

    it('a zod tool becomes a LanguageModelChatTool with a JSON schema', () => {
      const [mapped] = toLmTools([shell]);
      assert.equal(mapped!.name, 'run_shell_command');
      assert.equal(mapped!.description, 'Run a command');
      const schema = mapped!.inputSchema as { type: string; properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
      assert.equal(schema.type, 'object');
      assert.deepEqual(Object.keys(schema.properties).sort(), ['command', 'justification']);
      assert.deepEqual(schema.required, ['command']);
      assert.equal(schema.additionalProperties, false);
    });

    it('an OpenAI-style definition passes through', () => {
      const mapped = toLmTools([{ type: 'function', function: { name: 'record_verdict', description: 'd', parameters: { type: 'object' } } }]);
      assert.deepEqual(mapped, [{ name: 'record_verdict', description: 'd', inputSchema: { type: 'object' } }]);
    });

    const tools: LmTool[] = [{ name: 'a', description: '' }, { name: 'b', description: '' }];
    const cases: Array<[string, Parameters<typeof toolSelection>[1], string[], string]> = [
      ['no choice: the fallback mode', undefined, ['a', 'b'], 'auto'],
      ['auto', 'auto', ['a', 'b'], 'auto'],
      ['any', 'any', ['a', 'b'], 'required'],
      ['required', 'required', ['a', 'b'], 'required'],
      ['none: no tools at all', 'none', [], 'auto'],
      ['a name: only that tool, required', 'b', ['b'], 'required'],
      ['an OpenAI object naming a tool', { type: 'function', function: { name: 'a' } }, ['a'], 'required'],
    ];
    for (const [title, choice, names, mode] of cases) {
      it(`tool_choice ${title}`, () => {
        const selected = toolSelection(tools, choice);
        assert.deepEqual(selected.tools.map((t) => t.name), names);
        assert.equal(selected.mode, mode);
      });
    }

    it('the fallback mode applies when tools are bound without a choice (the rater asks for required)', () => {
      assert.equal(toolSelection(tools, undefined, 'required').mode, 'required');
    });

    it('tool_choice naming a tool that is not offered is refused', () => {
      assert.throws(() => toolSelection(tools, 'c'), LmMappingError);
    });
  });

  describe('vscode.lm → LangChain', () => {
    it('text and a tool call with an object input: content and one parsed tool call', () => {
      const message = responseMessage([
        { kind: 'text', value: 'Running ' },
        { kind: 'text', value: 'it.' },
        { kind: 'toolCall', callId: 'x1', name: 'run_shell_command', input: { command: 'echo hi' } },
      ]);
      assert.equal(message.content, 'Running it.');
      assert.deepEqual(message.tool_calls, [{ id: 'x1', name: 'run_shell_command', args: { command: 'echo hi' }, type: 'tool_call' }]);
      assert.deepEqual(message.invalid_tool_calls, []);
    });

    it('two tool calls stay two (distinct indexes)', () => {
      const message = responseMessage([
        { kind: 'toolCall', callId: 'a', name: 't', input: { n: 1 } },
        { kind: 'toolCall', callId: 'b', name: 't', input: { n: 2 } },
      ]);
      assert.deepEqual(message.tool_calls?.map((c) => [c.id, c.args]), [['a', { n: 1 }], ['b', { n: 2 }]]);
    });

    const notObjects: Array<[string, unknown]> = [
      ['a string', 'ls -la'],
      ['a string holding a JSON object', '{"command":"rm -rf ~"}'],
      ['an array', ['ls']],
      ['null', null],
      ['a number', 42],
      ['undefined', undefined],
    ];
    for (const [what, input] of notObjects) {
      it(`an input that is ${what} comes out as an invalid tool call, not a runnable one`, () => {
        const message = responseMessage([{ kind: 'toolCall', callId: 'c', name: 'run_shell_command', input }]);
        assert.deepEqual(message.tool_calls, []);
        assert.equal(message.invalid_tool_calls?.length, 1);
        assert.equal(message.invalid_tool_calls?.[0]?.name, 'run_shell_command');
      });
    }

    it('a streamed chunk of text carries the text; a tool-call chunk carries the arguments as JSON', () => {
      assert.equal(responseChunk({ kind: 'text', value: 'ab' }).content, 'ab');
      const chunk = responseChunk({ kind: 'toolCall', callId: 'c', name: 'n', input: { a: 'b' } }, 3);
      assert.deepEqual(chunk.tool_call_chunks, [{ type: 'tool_call_chunk', id: 'c', name: 'n', args: '{"a":"b"}', index: 3 }]);
    });

    it('round trip: what comes back as a tool call maps to the same tool-call part', () => {
      const message = responseMessage([{ kind: 'toolCall', callId: 'r1', name: 'list_directory', input: { path: '.' } }]);
      const back = toLmMessages([new AIMessage({ content: message.content, tool_calls: message.tool_calls })]);
      assert.deepEqual(back, [{ role: 'assistant', parts: [{ kind: 'toolCall', callId: 'r1', name: 'list_directory', input: { path: '.' } }] }]);
    });
  });
});
