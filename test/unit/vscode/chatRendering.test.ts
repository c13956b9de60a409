/**
 * How `@gate` shows commands and decisions in the chat: data from a model or a command stays
 * data (no fence it can close, no markdown it can inject), hidden characters show as escapes,
 * and each command gets its decision line (what happened · stage · outcome — reason).
 */
import { strict as assert } from 'node:assert';
import type { Decision } from '../../../src/gate/decision';
import type { ExecutionRecord } from '../../../src/gate/execution/executionRecord';
import { commandBlock, decisionLine, escapeMarkdown, fenced, inlineCode, outputExcerpt, shownCommand, SHOWN_OUTPUT_MAX_LINES } from '../../../src/vscode/chatRendering';

const resolution = { resolved: true, segments: [] } as unknown as Decision['resolution'];

function decision(extra: Partial<Decision>): Decision {
  return { action: 'approve', stage: 'allow-list', reason: 'Allowed.', resolution, ...extra };
}

function execution(extra: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return { exitCode: 0, output: '', truncatedBytes: 0, timedOut: false, via: 'shell-integration', durationMs: 5, started: true, notes: [], ...extra };
}

/** The fence lines of a fenced block (first and last line). */
function fenceOf(block: string): string {
  return block.split('\n')[0]!.replace(/[a-z]+$/, '');
}

describe('chat rendering', () => {
  it('a fence is longer than any backtick run inside, so the command cannot close it', () => {
    const block = fenced('echo ```\n```` done', 'sh');
    assert.equal(fenceOf(block), '`````');
    assert.ok(block.endsWith('`````\n'));
    assert.equal(fenced('ls'), '```\nls\n```\n');
  });

  it('hidden characters in a command show as escapes (bidi override, zero-width, CR, NBSP)', () => {
    assert.equal(shownCommand('echo \u202eabc'), 'echo \\u202eabc');
    assert.equal(shownCommand('rm\u200b -rf x'), 'rm\\u200b -rf x');
    assert.equal(shownCommand('ls\r; id'), 'ls\\r; id');
    assert.equal(shownCommand('ls\u00a0-la'), 'ls\\xa0-la');
    assert.equal(shownCommand('tab\there\nnext'), 'tab\there\nnext', 'tab and newline are ordinary');
    assert.equal(shownCommand('emoji 😀 ok'), 'emoji 😀 ok');
  });

  it('a very long command is cut with a note that says so', () => {
    const shown = shownCommand('a'.repeat(50), 10);
    assert.match(shown, /^a{10}\n… \(40 more characters; the approval card shows all of them\)$/);
  });

  it('escapeMarkdown keeps a reason from becoming links, images, HTML or formatting, on one line', () => {
    const reason = 'See [this](command:approvalsGate.switchRung) ![x](http://e/x.png) <img src=x> **bold**\nnext line';
    const escaped = escapeMarkdown(reason);
    assert.ok(!escaped.includes('\n'));
    assert.ok(!/(^|[^\\])\[/.test(escaped), escaped);
    assert.ok(!/(^|[^\\])</.test(escaped), escaped);
    assert.ok(!/(^|[^\\])\*/.test(escaped), escaped);
    assert.match(escapeMarkdown('x'.repeat(700)), /…$/);
  });

  it('inline code cannot be closed from inside and stays on one line', () => {
    assert.equal(inlineCode('src/a.ts'), '`src/a.ts`');
    assert.equal(inlineCode('a`b'), '`` a`b ``');
    assert.equal(inlineCode('x\ny'), '`x\\ny`');
  });

  it('the decision line names what happened, the stage, the outcome, the exit code and the reason', () => {
    assert.equal(
      decisionLine(decision({ stage: 'rater', outcome: 'safe', reason: 'Lists files.' }), execution({ exitCode: 2 })),
      '**Ran** · stage `rater` · outcome `safe` · exit code 2 — Lists files\\.',
    );
    assert.match(decisionLine(decision({ action: 'reject', stage: 'hardline-floor', reason: 'recursive delete of /' })), /^\*\*Not run — refused\*\* · stage `hardline-floor` — /);
    assert.match(decisionLine(decision({ action: 'halt', stage: 'rater', outcome: 'attack', reason: 'x' })), /the gate ended the run.*outcome `attack`/);
    assert.match(decisionLine(decision({}), execution({ timedOut: true, exitCode: null })), /stopped: ran too long/);
    assert.match(decisionLine(decision({}), execution({ started: false })), /Approved, but did not start/);
  });

  it('the output excerpt keeps the end, and says when it cut', () => {
    const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const excerpt = outputExcerpt(long);
    assert.equal(excerpt.cut, true);
    assert.equal(excerpt.text.split('\n').length, SHOWN_OUTPUT_MAX_LINES);
    assert.ok(excerpt.text.endsWith('line 49'));
    assert.deepEqual(outputExcerpt('one\ntwo\n'), { text: 'one\ntwo', cut: false });
  });

  it('a command block: the command fenced, the decision line, the output fenced', () => {
    const block = commandBlock('echo hi', decision({ stage: 'allow-list' }), execution({ output: 'hi\n' }));
    assert.match(block, /```sh\necho hi\n```\n\*\*Ran\*\* · stage `allow-list` · exit code 0 — Allowed\\\.\n\nOutput:\n```text\nhi\n```\n$/);
  });

  it('output that tries to close its fence stays inside it', () => {
    const block = commandBlock('cat x', decision({}), execution({ output: '```\n# Injected heading\n' }));
    const lines = block.split('\n');
    const open = lines.indexOf('````text');
    const close = lines.indexOf('````', open + 1);
    assert.ok(open > 0 && close > open, block);
    assert.deepEqual(lines.slice(open + 1, close), ['```', '# Injected heading']);
  });

  it('a refused command shows no output section', () => {
    const block = commandBlock('rm -rf /', decision({ action: 'reject', stage: 'hardline-floor', reason: 'no' }));
    assert.doesNotMatch(block, /Output/);
  });
});
