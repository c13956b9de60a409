/**
 * Code an allow entry for an interpreter never covers (D§6; docs/decisions.md "An interpreter's
 * entry never covers fetched code run"): the code a segment runs (a shell-text payload, an
 * interpreter's inline code as the floor's readers read it: `ipython -c '!curl … | sh'`,
 * `python3 -c 'os.system("curl … | sh")'`) pipes what a network client fetches into a program
 * that runs its input as code. An entry names the interpreter, not a script from the network: a
 * person sees it. An exact entry, which spells the whole command, still covers it.
 */
import { codePayloads } from '../programs/languages';
import { rowFor, stdinCodeOf } from '../programs/table';
import { programName } from '../programs/wrappers';
import type { SegmentRecord } from '../programs/segmentRecord';
import { readCommand } from '../reading/reading';
import type { Segment } from '../reading/resolution';

/** Longest text read for a fetch piped into a runner; longer text is taken at its worst (not covered). */
const MAX_TEXT = 16 * 1024;

/** Whether the code the segment runs pipes a network client's output into a program that runs its input. */
export function runsFetchedCode(record: SegmentRecord): boolean {
  const texts: string[] = [];
  for (const payload of record.payloads) if (payload.kind === 'shell-text') texts.push(payload.text);
  try {
    for (const payload of codePayloads(record.segment.argv, null, record.forms)) if (payload.kind === 'shell-text') texts.push(payload.text);
  } catch {
    // Code the readers could not read may be anything, a fetched script run too: at its worst.
    return true;
  }
  // Text too long to read here is taken at its worst as well.
  return texts.some((text) => text.length > MAX_TEXT || pipesFetchIntoRunner(text));
}

function pipesFetchIntoRunner(text: string): boolean {
  let segments: readonly Segment[];
  try {
    const reading = readCommand(text, { home: '/', shell: 'any' });
    // Text the resolver cannot read exactly: a URL piped on may be fetched code run, at its worst.
    if (!reading.resolution.resolved) return /\b(?:https?|ftp):\/\/[^|]*\|(?!\|)/.test(text);
    segments = reading.resolution.segments;
  } catch {
    // A reading that failed says nothing: at its worst.
    return true;
  }
  let fetched = false;
  for (let k = 0; k < segments.length; k++) {
    const segment = segments[k]!;
    if (fetched && stdinCodeOf(segment.argv) !== null) return true;
    fetched = segment.connector === '|' && (fetched || fetches(segment));
  }
  return false;
}

/** A network client by its row (`curl`, `wget`), or a command given a URL to read. */
function fetches(segment: Segment): boolean {
  const name = programName(segment.argv[0]);
  if (name !== null && rowFor(name)?.category === 'network') return true;
  return segment.argv.some((word) => word.kind === 'literal' && /^(?:https?|ftp):\/\//.test(word.value));
}
