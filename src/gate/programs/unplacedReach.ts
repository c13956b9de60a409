/**
 * What in the words of a program the table has no row for may reach past the workspace, for the
 * allow matcher (D§5 "Positive knowledge"; docs/decisions.md "An entry for a program without a
 * row covers its work in the workspace"). An entry naming such a program is the person's word for
 * it, but not for what its words could make of the machine, which nobody has read: a word naming
 * a place outside the workspace (absolute, in the home folder, above the working folder, a drive),
 * a device, text that reads as code, a word only known at run time, or raised rights.
 */
import type { SegmentRecord } from './segmentRecord';
import { privilegeWrapper } from './writeTargets';

/** Text a shell or an interpreter would read as more than one plain word. */
const CODE_LIKE = /[\s(){}[\];|&<>$`'"\\*?]/;

/** A written path that may leave the workspace: absolute, home, parent, a drive, a UNC share. */
const PATH_LIKE = /^(?:\/|~|\.\.(?:\/|$)|[A-Za-z]:[\\/]|\\\\)/;

/**
 * Places outside the workspace that hold nothing. The temp folders are not among them: anyone may
 * write there, so a file a program without a row is given there may be a plugin, a configuration
 * or a script it loads that nobody in the workspace has seen (`typedoc --plugin /tmp/p.mjs`,
 * `locust -f /tmp/l.py`; docs/decisions.md "An entry for a program without a row covers its work
 * in the workspace").
 */
const HARMLESS_PLACES = /^\/dev\/(?:null|zero|u?random|std(?:in|out|err)|tty)$/;

/**
 * Why an entry for the program cannot cover this record's words, or null: the program has a row
 * (or is a builtin, or a package manager's script: `record.unplaced` is null), or its words stay
 * in the workspace.
 */
export function unplacedReach(record: SegmentRecord): string | null {
  if (record.unplaced === null || record.program === null) return null;
  const privileged = privilegeWrapper(record.peeled.wrappers);
  if (privileged !== undefined) return `${record.program}, a program the table has no row for, runs through ${privileged}`;
  const argv = record.peeled.argv;
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.kind !== 'literal') return `the word ${word.raw} of ${record.program}, a program the table has no row for, is only known at run time`;
    const text = word.value;
    if (CODE_LIKE.test(text)) return `${record.program}, a program the table has no row for, is given ${word.raw}, which reads as code`;
    for (const path of pathsIn(text)) {
      if (!HARMLESS_PLACES.test(path)) return `${record.program}, a program the table has no row for, is given ${path}, which may lie outside the workspace`;
    }
  }
  return null;
}

/** The path-like pieces of a word: the word, an option's `=VALUE`, and the parts of `a:b` and `a,b`. */
function pathsIn(text: string): string[] {
  const value = text.startsWith('-') && text.includes('=') ? text.slice(text.indexOf('=') + 1) : text;
  // A URL names another machine's path (`https://x/y`, `ftp://h/in`): the open-world floor's business.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) && !/^file:/i.test(value)) return [];
  return [...new Set([value, ...value.split(/[,:]/)].filter((piece) => PATH_LIKE.test(piece)))];
}
