/**
 * tree-sitter-bash as a process of its own, the way `batch` is one: reads batch request lines
 * (`{"command": …}` per line) on stdin and parses each command, printing only how many it
 * parsed. Timed from outside by `likeForLike.ts`, with an empty run's time taken off, so its
 * figure and the gate's batch marginal are measured alike: a fresh process, the same lines,
 * start-up removed, warm-up included.
 */
import { loadBashParser } from './treeSitter';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const bash = await loadBashParser();
  let parsed = 0;
  for (const line of (await readStdin()).split('\n')) {
    if (line === '') continue;
    bash.parse((JSON.parse(line) as { command: string }).command);
    parsed += 1;
  }
  process.stdout.write(`${parsed}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
