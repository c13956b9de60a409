/**
 * Shell text a command runs reads that command's own input (D§5; docs/decisions.md "Shell text a
 * command runs reads what flows into the command"): `split --filter=CMD`, `sh -c CMD`, `flock -c
 * CMD` hand CMD the standard input they were given, so `find / -maxdepth 1 | split -l 5
 * --filter='xargs rm -rf'` and `sh -c 'xargs rm -rf' <<< /var` are the pipe from the producer into
 * CMD (its first command reads it). Each shell-text payload is handed back written as that pipe, for the data-flow reading of
 * pipes (dataFlow.ts) to judge: the producer as written (a pipe from it), or a here-string's text
 * printed by `printf`.
 */
import { bashSingleQuote } from '../execution/terminalShellInit';
import type { SegmentRecord } from '../programs/segmentRecord';
import type { Word } from '../reading/resolution';

/** Longest payload or input text written as a pipe. */
const MAX_TEXT = 16 * 1024;

/**
 * The sink's shell-text payloads, each as a pipe from `producer` (the producing command's words,
 * when it is piped from one) or from the here-text `stdinText`. Empty when it runs none.
 */
export function payloadsWithInput(sink: SegmentRecord, producer: readonly Word[] | null, stdinText: string | null): string[] {
  const texts = sink.payloads.filter((payload) => payload.kind === 'shell-text').map((payload) => (payload.kind === 'shell-text' ? payload.text : ''));
  if (texts.length === 0) return [];
  const inputs: string[] = [];
  if (producer !== null && producer.length > 0) inputs.push(producer.map((word) => word.raw).join(' '));
  if (stdinText !== null) inputs.push(`printf '%s\\n' ${bashSingleQuote(stdinText.replace(/\n$/, ''))}`);
  const out: string[] = [];
  for (const input of inputs) {
    for (const text of texts) if (input.length + text.length <= MAX_TEXT) out.push(`${input} | ${text}`);
  }
  return out;
}
