/**
 * The rater's figures: what the gate adds on top of the model server's own latency for one rated
 * decision, and how close a timeout fires to its budget. Both against the scripted
 * OpenAI-compatible server on 127.0.0.1, through the real `ChatOpenAI` client.
 */
import { decide } from '../src/gate/pipeline';
import { createOpenAiRater } from '../src/gate/rater/openAiRater';
import { startFakeOpenAiServer } from '../test/support/fakeOpenAiServer';
import { formatMs, median, table } from './stats';

const RATED_COMMAND = 'make deploy-preview';
const REPEATS = 60;
const BUDGET_MS = 500;
const TARGET_OVERHEAD_MS = 5;

export async function raterOverheadSection(): Promise<string[]> {
  const server = await startFakeOpenAiServer(() => ({ kind: 'verdict', verdict: { outcome: 'safe', reason: 'Builds a preview.' } }));
  const slow = await startFakeOpenAiServer(() => ({ kind: 'verdict', verdict: { outcome: 'safe', reason: 'late' }, delayMs: 5000 }));
  try {
    const rater = createOpenAiRater({ baseUrl: server.url, model: 'bench', apiKey: 'bench-key-not-secret', timeoutMs: 10_000 });
    const services = {
      policy: { rung: 'assisted' as const, allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] },
      rater,
      person: null,
      home: '/home/bench',
    };
    // The server's own round trip: the same request body, sent with fetch.
    await decide({ command: RATED_COMMAND, cwd: '/tmp' }, services);
    const body = server.requests.at(-1)!.rawBody;
    const raw: number[] = [];
    const gated: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      let t = performance.now();
      await fetch(`${server.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body }).then((r) => r.text());
      raw.push(performance.now() - t);
      t = performance.now();
      const decision = await decide({ command: RATED_COMMAND, cwd: '/tmp' }, services);
      gated.push(performance.now() - t);
      if (decision.action !== 'approve') throw new Error(`bench: expected approve, got ${decision.action}: ${decision.reason}`);
    }
    const overhead = median(gated) - median(raw);

    const late: number[] = [];
    const slowRater = createOpenAiRater({ baseUrl: slow.url, model: 'bench', apiKey: 'bench-key-not-secret', timeoutMs: BUDGET_MS });
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const decision = await decide({ command: RATED_COMMAND, cwd: '/tmp' }, { ...services, rater: slowRater });
      late.push(performance.now() - t - BUDGET_MS);
      if (decision.rating?.failClosed !== 'timeout') throw new Error('bench: the slow server did not time out');
    }
    return [
      '4. Rated decision over a scripted OpenAI-compatible server on 127.0.0.1 (real ChatOpenAI client)',
      table([
        ['measure', 'median'],
        ['server round trip alone (fetch, same request body)', formatMs(median(raw))],
        ['gate decision with one rating (assisted, safe → approve)', formatMs(median(gated))],
        ['gate overhead over the server', formatMs(overhead)],
        [`timeout fired after its ${BUDGET_MS} ms budget by (5 runs)`, `${formatMs(median(late))} (max ${formatMs(Math.max(...late))})`],
      ]),
      `  gate overhead on a rated decision ≤ ${TARGET_OVERHEAD_MS} ms: ${overhead <= TARGET_OVERHEAD_MS ? 'MET' : 'NOT MET'} (${formatMs(overhead)})`,
    ];
  } finally {
    await server.close();
    await slow.close();
  }
}
