import { quote } from 'shell-quote';
import type { CommandReading } from '../reading/reading';
import { literalArgv } from '../reading/resolution';

/**
 * The allow entry a user could add so that commands like this one run without asking: the
 * program and, when the next word is not an option, its subcommand (`npm test`, `git log`).
 * Quoted back into shell text with shell-quote (D§4.2: shell-quote only ever formats, it never
 * parses what the gate decides on). `null` when no entry can cover the command.
 */
export function suggestAllowEntries(reading: CommandReading): string[] | null {
  const { resolution } = reading;
  if (!resolution.resolved) return null;
  const entries = new Set<string>();
  for (const segment of resolution.segments) {
    const argv = literalArgv(segment);
    if (!argv || argv.length === 0) return null;
    const words = argv[1] !== undefined && !argv[1].startsWith('-') && /^[A-Za-z0-9:._-]+$/.test(argv[1]) ? argv.slice(0, 2) : argv.slice(0, 1);
    entries.add(quote(words));
  }
  return [...entries];
}

/** One sentence for a caller that cannot ask anybody (CLI, headless tool call). */
export function nonInteractiveAdvice(reading: CommandReading): string {
  const suggestions = suggestAllowEntries(reading);
  if (!suggestions) {
    const why = reading.resolution.resolved ? 'some of its words are only known at run time' : `it uses ${reading.resolution.mechanisms.join(', ')}`;
    return `Nobody can be asked here, and no allow entry can cover this command because ${why}; rewrite it as plain commands.`;
  }
  const listed = suggestions.map((s) => JSON.stringify(s)).join(', ');
  return `Nobody can be asked here. To let commands like this run without asking, add an allow entry (approvalsGate.allow, or --allow in the CLI): ${listed}.`;
}
