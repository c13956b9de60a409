// Preloaded (NODE_OPTIONS=--require) into the processes of an agent run, so the test can count
// the gate's hook calls and read their answers without changing the registered command line.
// It acts only in a process started as `node …/cli.js hook <agent>` or `node …/hook.js hook
// <agent>` (the hook's own start file, which `install` registers), and only when
// AGENT_HOOK_RECORD names a file: at exit it appends one JSON line there,
// {"pid","argv","stdout","stderr","exitCode"}. Every other process (the agents' own Node parts)
// sees nothing of it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const record = process.env.AGENT_HOOK_RECORD;
const [, script, subcommand] = process.argv;
if (record && script && ['cli.js', 'hook.js'].includes(path.basename(script)) && subcommand === 'hook') {
  const seen = { stdout: '', stderr: '' };
  for (const name of ['stdout', 'stderr']) {
    const stream = process[name];
    const write = stream.write.bind(stream);
    stream.write = (chunk, ...rest) => {
      seen[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return write(chunk, ...rest);
    };
  }
  process.on('exit', (code) => {
    // Under the launcher (src/cli/hooks/launcher.ts) the answer ends with an end mark that the
    // launcher takes off before the agent reads it: recorded as the agent reads it.
    const stdout = seen.stdout.replace(/approvals-gate-answer-end:\d+$/, '');
    const line = { pid: process.pid, argv: process.argv.slice(1), stdout, stderr: seen.stderr, exitCode: code };
    fs.appendFileSync(record, JSON.stringify(line) + '\n');
  });
}
