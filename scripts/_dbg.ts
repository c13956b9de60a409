import { programForms } from '../src/gate/programs/table';
import { executedPayloads } from '../src/gate/programs/executorPayloads';
import { readCommand } from '../src/gate/reading/reading';
for (const line of process.argv.slice(2)) {
  const r = readCommand(line, { home: '/home/t', shell: 'any' });
  if (!r.resolution.resolved) { console.log(line, 'unresolved'); continue; }
  const argv = r.resolution.segments[0]!.argv;
  const f = programForms(argv);
  console.log(line, '=>', f.unreadable, f.forms.map((x) => `${x.role}${x.everyday ? '(e)' : ''}@${x.index}:${x.trigger}:${x.payload ?? ''}:${x.payloadText ?? ''}`).join(', '));
  console.log('   payloads', JSON.stringify(executedPayloads(argv)));
}
