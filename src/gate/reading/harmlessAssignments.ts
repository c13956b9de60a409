/**
 * Environment names that may stand in front of a command matched by a prefix, glob, regexp or
 * default allow entry (D§4.3), as in `CI=1 npm test` or `env NODE_ENV=test npm test`.
 *
 * Each of these only changes how a program formats or labels its output, or which of its own
 * modes it picks; none of them names a file, a library, a program or code to run. Anything not
 * listed (`PAGER`, `LESSOPEN`, `GIT_*`, `LD_*`, `PATH`, `NODE_OPTIONS`, `BASH_ENV`, `PYTHON*`,
 * `npm_config_*`, …) can make an innocent program run something else, so it prevents the match.
 *
 * - `CI`: tools switch to non-interactive output.
 * - `NODE_ENV`: selects a build or test mode inside the project's own code.
 * - `TZ`: the time zone used to print dates.
 * - `FORCE_COLOR`, `NO_COLOR`: colour on or off.
 * - `LANG`, `LC_ALL`: locale for messages, sorting and character classes.
 * - `DEBUG`: selects debug logging namespaces (the `debug` package).
 */
export const HARMLESS_ASSIGNMENT_NAMES: readonly string[] = Object.freeze([
  'CI',
  'NODE_ENV',
  'TZ',
  'FORCE_COLOR',
  'NO_COLOR',
  'LANG',
  'LC_ALL',
  'DEBUG',
]);

const HARMLESS = new Set(HARMLESS_ASSIGNMENT_NAMES);

/**
 * Whether `NAME=value` in front of a command keeps an allow entry applicable. The value must be
 * literal: a value only known at run time is a value nobody has read.
 */
export function isHarmlessAssignment(name: string, valueIsLiteral: boolean): boolean {
  return valueIsLiteral && HARMLESS.has(name);
}
