// A tiny OpenAI-compatible chat-completions endpoint on 127.0.0.1 for the UI tests (the in-process
// TypeScript one in test/support cannot be imported from a plain .mjs file). Every rating request
// gets the same verdict, as a call of the one tool the request offers (the rater's `record_verdict`),
// or as message content when it offers none. Requests are recorded, headers included, so a test
// can tell whether the rater was consulted at all and with which key.
import http from 'node:http';

/** Starts the server; `verdict()` is asked for each answer (`{outcome, reason}`). */
export async function startFakeRater(verdict) {
  const requests = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url.split('?')[0]) || !body) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route for ${req.method} ${req.url}`, type: 'not_found' } }));
        return;
      }
      counter += 1;
      const text = JSON.stringify(verdict());
      const tool = Array.isArray(body.tools) ? body.tools[0]?.function?.name : undefined;
      const message = tool
        ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${counter}`, type: 'function', function: { name: tool, arguments: text } }] }
        : { role: 'assistant', content: text };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: `chatcmpl-e2e-${counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: typeof body.model === 'string' ? body.model : 'e2e-fake-rater',
        choices: [{ index: 0, message, finish_reason: tool ? 'tool_calls' : 'stop', logprobs: null }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Chat-completion requests only. */
    ratings: () => requests.filter((r) => r.method === 'POST' && /\/chat\/completions$/.test(r.path)),
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
