import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentTool, ToolContext, ToolOutcome } from '../../../src/agent/agentTool';
import { readToolArguments } from '../../../src/agent/toolArguments';
import { listDirectoryTool } from '../../../src/agent/tools/listDirectory';
import { READ_FILE_MAX_BYTES, readFileTool } from '../../../src/agent/tools/readFile';
import { SEARCH_MAX_MATCHES, searchTextTool } from '../../../src/agent/tools/searchText';
import { MAX_WRITE_BYTES, writeFileTool } from '../../../src/agent/tools/writeFile';
import { CaptureLog } from '../../../src/gate/capture/captureLog';
import type { Escalation, HumanAnswer, Person } from '../../../src/gate/person';
import type { Rung } from '../../../src/gate/rung';

/**
 * The free file tools are confined to the workspace (`..`, absolute paths, links that lead out,
 * NUL bytes, huge and special files), and `write_file` is gated where it must be: at `manual`,
 * and for protected paths at every rung.
 */

let base: string;
let root: string;
let outside: string;

before(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-tools-')));
  root = join(base, 'workspace');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'sub', 'deeper'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'notes.txt'), 'first line\nthe needle is here\nlast line\n');
  writeFileSync(join(root, 'sub', 'code.ts'), 'const Needle = 1;\n// needle again\n');
  writeFileSync(join(root, 'node_modules', 'pkg', 'index.js'), 'needle in a dependency\n');
  writeFileSync(join(root, 'big.txt'), `${'a'.repeat(READ_FILE_MAX_BYTES)}needle past the cut\n${'b'.repeat(2 * 1024 * 1024)}`);
  writeFileSync(join(root, 'blob.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65]));
  writeFileSync(join(root, 'package.json'), '{"name":"demo"}\n');
  writeFileSync(join(outside, 'secret.txt'), 'the outside needle: TOP SECRET\n');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'out-link'));
  symlinkSync(outside, join(root, 'dir-link'));
  symlinkSync(join(root, 'notes.txt'), join(root, 'in-link'));
  symlinkSync(join(outside, 'missing.txt'), join(root, 'dangling'));
  mkdirSync(join(root, '.vscode'));
  symlinkSync(join(root, '.vscode'), join(root, 'cfg'));
  execFileSync('mkfifo', [join(root, 'pipe')]);
});

after(() => rmSync(base, { recursive: true, force: true }));

class ScriptedPerson implements Person {
  readonly seen: Escalation[] = [];
  constructor(private readonly answer: HumanAnswer | ((signal?: AbortSignal) => Promise<HumanAnswer>)) {}
  async ask(escalation: Escalation, signal?: AbortSignal): Promise<HumanAnswer> {
    this.seen.push(escalation);
    return typeof this.answer === 'function' ? this.answer(signal) : this.answer;
  }
}

function context(extra: Partial<ToolContext> = {}): ToolContext {
  return {
    workspaceRoot: root,
    home: '/home/gate',
    rung: 'assisted',
    runGated: async () => {
      throw new Error('no shell in file-tool tests');
    },
    person: null,
    userMessages: [],
    signal: new AbortController().signal,
    ...extra,
  };
}

/** Validates like the loop does, then runs the tool. */
async function call<A>(tool: AgentTool<A>, args: Record<string, unknown>, ctx: ToolContext = context()): Promise<ToolOutcome> {
  const read = readToolArguments({ parsed: args }, tool.schema, tool.signature);
  if (!read.ok) return { ok: false, text: read.error };
  return tool.run(read.args, ctx);
}

describe('agent file tools: confinement', () => {
  const table: Array<{ path: string; ok: boolean; expect: RegExp | ((r: string) => RegExp) }> = [
    { path: 'notes.txt', ok: true, expect: /^notes\.txt \(\d+ bytes\):\nfirst line/ },
    { path: './sub/../notes.txt', ok: true, expect: /the needle is here/ },
    { path: 'in-link', ok: true, expect: /the needle is here/ },
    { path: '../outside/secret.txt', ok: false, expect: /is outside the workspace/ },
    { path: '../../../../../../etc/passwd', ok: false, expect: /is outside the workspace/ },
    { path: '/etc/passwd', ok: false, expect: /is outside the workspace/ },
    { path: 'out-link', ok: false, expect: /outside the workspace .*symbolic link/ },
    { path: 'dir-link/secret.txt', ok: false, expect: /outside the workspace .*symbolic link/ },
    { path: 'dangling', ok: false, expect: /symbolic link whose target does not exist/ },
    { path: 'notes.txt\u0000.png', ok: false, expect: /NUL character/ },
    { path: 'missing.txt', ok: false, expect: /does not exist/ },
    { path: '~/.ssh/id_rsa', ok: false, expect: /does not exist/ },
    { path: 'blob.bin', ok: false, expect: /binary file/ },
    { path: 'sub', ok: false, expect: /it is a folder\. Use list_directory/ },
    { path: 'pipe', ok: false, expect: /not a regular file/ },
    { path: 'x'.repeat(5000), ok: false, expect: /longer than 4096 characters/ },
  ];
  for (const row of table) {
    it(`read_file ${JSON.stringify(row.path.length > 40 ? `${row.path.slice(0, 20)}…` : row.path)} → ${row.ok ? 'read' : 'refused'}`, async () => {
      const result = await call(readFileTool, { path: row.path });
      assert.equal(result.ok, row.ok, result.text);
      assert.match(result.text, row.expect as RegExp);
      assert.doesNotMatch(result.text, /TOP SECRET/);
    });
  }

  it('read_file accepts an absolute path inside the workspace', async () => {
    const result = await call(readFileTool, { path: join(root, 'notes.txt') });
    assert.equal(result.ok, true, result.text);
  });

  it('read_file shows only the start of a huge file and says so', async () => {
    const result = await call(readFileTool, { path: 'big.txt' });
    assert.equal(result.ok, true);
    assert.match(result.text, /^big\.txt \(\d+ bytes; the first 65536 bytes are shown\):/);
    assert.doesNotMatch(result.text, /needle past the cut/);
    assert.ok(result.text.length < READ_FILE_MAX_BYTES + 200);
  });

  it('list_directory lists the workspace, marks folders and links, and refuses to leave it', async () => {
    const listed = await call(listDirectoryTool, { path: '.' });
    assert.equal(listed.ok, true, listed.text);
    assert.match(listed.text, /^sub\/$/m);
    assert.match(listed.text, /^out-link \(symbolic link\)$/m);
    assert.match(listed.text, /^notes\.txt \(\d+ bytes\)$/m);
    for (const path of ['..', 'dir-link', '/tmp', '../outside']) {
      const refused = await call(listDirectoryTool, { path });
      assert.equal(refused.ok, false, path);
      assert.match(refused.text, /outside the workspace/);
    }
    const file = await call(listDirectoryTool, { path: 'notes.txt' });
    assert.match(file.text, /is a file, not a folder/);
  });

  it('list_directory quotes a name that holds a newline, so it cannot forge an entry', async () => {
    const odd = join(root, 'sub', 'deeper', 'evil\nnotes.txt (5 bytes)');
    writeFileSync(odd, 'x');
    try {
      const listed = await call(listDirectoryTool, { path: 'sub/deeper' });
      assert.match(listed.text, /^"evil\\nnotes\.txt \(5 bytes\)" \(1 bytes\)$/m);
    } finally {
      rmSync(odd);
    }
  });
});

describe('agent file tools: search_text', () => {
  it('finds text in the workspace, never through links or in node_modules, binary or huge files', async () => {
    const result = await call(searchTextTool, { query: 'needle' });
    assert.equal(result.ok, true, result.text);
    assert.match(result.text, /^notes\.txt:2: the needle is here$/m);
    assert.match(result.text, /^sub\/code\.ts:1: const Needle = 1;$/m, 'lower-case query: case-insensitive');
    assert.doesNotMatch(result.text, /outside needle|TOP SECRET/);
    assert.doesNotMatch(result.text, /node_modules/);
    assert.doesNotMatch(result.text, /blob\.bin|big\.txt:/);
    assert.match(result.text, /1 files over 1 MiB were skipped/);
  });

  it('a query with a capital letter is case-sensitive; a path narrows the search', async () => {
    const result = await call(searchTextTool, { query: 'Needle', path: 'sub' });
    assert.match(result.text, /^1 match in sub:\nsub\/code\.ts:1: const Needle = 1;$/m);
    const file = await call(searchTextTool, { query: 'needle', path: 'notes.txt' });
    assert.match(file.text, /^1 match in notes\.txt:/);
  });

  it('refuses a path outside the workspace and a multi-line query', async () => {
    assert.match((await call(searchTextTool, { query: 'needle', path: 'dir-link' })).text, /outside the workspace/);
    assert.match((await call(searchTextTool, { query: 'needle', path: '..' })).text, /outside the workspace/);
    assert.match((await call(searchTextTool, { query: 'a\nb' })).text, /must be one line/);
    assert.match((await call(searchTextTool, { query: '' })).text, /the query is empty/);
  });

  it(`stops at ${SEARCH_MAX_MATCHES} matches and says so`, async () => {
    const many = join(root, 'sub', 'many.txt');
    writeFileSync(many, 'zebra\n'.repeat(SEARCH_MAX_MATCHES + 50));
    try {
      const result = await call(searchTextTool, { query: 'zebra' });
      assert.equal(result.text.split('\n').filter((l) => l.includes(': zebra')).length, SEARCH_MAX_MATCHES);
      assert.match(result.text, /stopped at 200 matches/);
    } finally {
      rmSync(many);
    }
  });
});

describe('agent file tools: write_file', () => {
  const at = (rung: Rung, extra: Partial<ToolContext> = {}) => context({ rung, ...extra });

  it('at write and above it writes without asking, creating missing folders', async () => {
    for (const rung of ['write', 'assisted', 'auto', 'bypass'] as const) {
      const path = `out/${rung}/new.txt`;
      const person = new ScriptedPerson({ kind: 'reject' });
      const result = await call(writeFileTool, { path, content: `hello ${rung}\n` }, at(rung, { person }));
      assert.equal(result.ok, true, result.text);
      assert.equal(readFileSync(join(root, path), 'utf8'), `hello ${rung}\n`);
      assert.equal(person.seen.length, 0, 'nobody was asked');
      assert.equal(result.decision?.stage, 'not-gated');
      assert.match(result.text, /^Created out\/\w+\/new\.txt: wrote \d+ bytes\.$/);
    }
    const replaced = await call(writeFileTool, { path: 'out/write/new.txt', content: 'x' }, at('write'));
    assert.match(replaced.text, /^Replaced out\/write\/new\.txt \(was 12 bytes\): wrote 1 bytes\.$/);
  });

  it('at manual it asks the person with the whole content, and writes only on "run once"', async () => {
    const content = "line one\nit's got a quote and $(not run)\n";
    const rejecting = new ScriptedPerson({ kind: 'reject', reason: 'not now' });
    const refused = await call(writeFileTool, { path: 'manual.txt', content }, at('manual', { person: rejecting }));
    assert.equal(refused.ok, false);
    assert.equal(existsSync(join(root, 'manual.txt')), false, 'nothing written');
    assert.match(refused.text, /You rejected this write: not now/);
    const card = rejecting.seen[0]!;
    assert.equal(card.stage, 'unrated-rung');
    assert.equal(card.reading.original, `printf '%s' 'line one\nit'\\''s got a quote and $(not run)\n' > 'manual.txt'`);
    assert.equal(card.grantPreview, undefined, 'no grant is offered for a write');
    assert.match(card.reason, /create manual\.txt \(\d+ bytes\)\. The rung is manual/);

    const approving = new ScriptedPerson({ kind: 'run-once' });
    const capture = new CaptureLog();
    const written = await call(writeFileTool, { path: 'manual.txt', content }, at('manual', { person: approving, capture }));
    assert.equal(written.ok, true, written.text);
    assert.equal(readFileSync(join(root, 'manual.txt'), 'utf8'), content);
    assert.equal(written.decision?.stage, 'human');
    assert.match(written.text, /after the user approved it/);
    const [record] = capture.records();
    assert.equal(record?.tool, 'write_file');
    assert.equal(record?.humanAnswer, 'run-once');
    assert.equal(record?.action, 'approve');
  });

  it('at manual with nobody to ask, nothing is written', async () => {
    const result = await call(writeFileTool, { path: 'nobody.txt', content: 'x' }, at('manual'));
    assert.equal(result.ok, false);
    assert.equal(result.decision?.action, 'escalate');
    assert.equal(result.decision?.stage, 'non-interactive');
    assert.equal(existsSync(join(root, 'nobody.txt')), false);
  });

  it('an answer the card does not offer for a write (allow-always) writes nothing', async () => {
    const person = new ScriptedPerson({ kind: 'allow-always' });
    const result = await call(writeFileTool, { path: 'granted.txt', content: 'x' }, at('manual', { person }));
    assert.equal(result.ok, false);
    assert.equal(existsSync(join(root, 'granted.txt')), false);
  });

  it('a cancelled card writes nothing', async () => {
    const controller = new AbortController();
    const person = new ScriptedPerson(
      (signal) =>
        new Promise<HumanAnswer>((resolve) => {
          signal?.addEventListener('abort', () => resolve({ kind: 'cancelled' }), { once: true });
          setTimeout(() => controller.abort(), 10);
        }),
    );
    const result = await call(writeFileTool, { path: 'cancelled.txt', content: 'x' }, at('manual', { person, signal: controller.signal }));
    assert.equal(result.ok, false);
    assert.match(result.text, /cancelled/);
    assert.equal(existsSync(join(root, 'cancelled.txt')), false);
  });

  const protectedPaths = ['.vscode/settings.json', 'package.json', '.git/hooks/pre-commit', 'cfg/tasks.json', '.github/workflows/ci.yml', 'sub/.npmrc'];
  for (const path of protectedPaths) {
    it(`a protected path (${path}) is never free: at bypass it goes to the person, and with nobody it is refused`, async () => {
      const before = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null;
      const refused = await call(writeFileTool, { path, content: '{"approvalsGate.rung":"bypass"}' }, at('bypass'));
      assert.equal(refused.ok, false, refused.text);
      assert.equal(refused.decision?.action, 'escalate');
      assert.equal(refused.decision?.escalatedFrom, 'preflight-floor');
      assert.equal(existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null, before, 'unchanged');

      const person = new ScriptedPerson({ kind: 'reject' });
      const asked = await call(writeFileTool, { path, content: 'x' }, at('bypass', { person }));
      assert.equal(asked.ok, false);
      assert.equal(person.seen.length, 1);
      assert.equal(person.seen[0]!.stage, 'preflight-floor');
      assert.equal(person.seen[0]!.preflight?.[0]?.arm, 'protected-write');
    });
  }

  it('a protected path is written when the person approves it', async () => {
    const person = new ScriptedPerson({ kind: 'run-once' });
    const result = await call(writeFileTool, { path: '.vscode/extensions.json', content: '{}' }, at('write', { person }));
    assert.equal(result.ok, true, result.text);
    assert.equal(readFileSync(join(root, '.vscode', 'extensions.json'), 'utf8'), '{}');
  });

  const escapes = ['../outside/planted.txt', '<outside>/planted.txt', 'dir-link/planted.txt', 'out-link', 'dangling', 'new\u0000name'];
  for (const path of escapes) {
    it(`write_file refuses ${JSON.stringify(path)} at every rung`, async () => {
      const before = readFileSync(join(outside, 'secret.txt'), 'utf8');
      const result = await call(writeFileTool, { path: path.replace('<outside>', outside), content: 'pwned' }, at('bypass', { person: new ScriptedPerson({ kind: 'run-once' }) }));
      assert.equal(result.ok, false, result.text);
      assert.match(result.text, /outside the workspace|symbolic link whose target does not exist|NUL character/);
      assert.equal(existsSync(join(outside, 'planted.txt')), false);
      assert.equal(existsSync(join(outside, 'missing.txt')), false, 'the dangling link was not followed');
      assert.equal(readFileSync(join(outside, 'secret.txt'), 'utf8'), before);
    });
  }

  it('refuses a folder, a FIFO and oversized content', async () => {
    assert.match((await call(writeFileTool, { path: 'sub', content: 'x' }, at('write'))).text, /is a folder/);
    assert.match((await call(writeFileTool, { path: 'pipe', content: 'x' }, at('write'))).text, /not a regular file/);
    const big = await call(writeFileTool, { path: 'big-out.txt', content: 'x'.repeat(MAX_WRITE_BYTES + 1) }, at('write'));
    assert.match(big.text, /content is larger than 262144 bytes/);
    assert.equal(existsSync(join(root, 'big-out.txt')), false);
  });
});
