/**
 * Whether a segment's program reads the here-document or here-string fed to it only as data
 * (D§4.2; docs/decisions.md "Data that only looks like code"). The resolver asks this for every
 * segment with a here-text it read exactly (`ResolveOptions.readsStdinAsData`); a no keeps the
 * line unresolved, so the text stays shell text for every escalation path. The floors read the
 * text wherever it reaches a shell or an interpreter either way (hardline `stdinText`).
 */
import type { Segment } from '../reading/resolution';
import { programForms, rowFor, stdinCodeOf } from './table';

/**
 * Yes only when every word is literal, the program's row says `stdinData`, it takes no code from
 * standard input (`stdinCodeOf`: `make -f -`), its argv reads for sure against the row, and its
 * forms are none (`plain`) or writers only (`writes`: `tee FILE`). Anything else is no: a wrapper,
 * a program without a row, a word only known at run time, a sed script with `e`, an awk program
 * calling `system()`.
 */
export function readsStdinAsData(segment: Segment): boolean {
  const argv = segment.argv;
  const first = argv[0];
  if (first === undefined || argv.some((word) => word.kind !== 'literal')) return false;
  const row = first.kind === 'literal' ? rowFor(first.value) : null;
  if (row === null || row.stdinData === undefined || row.wrapper !== undefined) return false;
  // The forms are read once, for both questions (no segment record is made yet while the line is read).
  const reading = programForms(argv);
  if (stdinCodeOf(argv, reading) !== null) return false;
  if (reading.unreadable !== null) return false;
  if (row.stdinData === 'plain') return reading.forms.length === 0;
  return reading.forms.every((form) => form.role === 'writer' && form.payload === undefined);
}
