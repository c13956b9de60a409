/**
 * One decision through the real pipeline, as the CLI makes it (no person, no capture log), for
 * the differential harnesses that hold the gate to a real program: "would the gate run this argv
 * without asking?" under each configuration a user could have.
 */
import { parseListEntries } from '../../src/gate/lists/listEntry';
import type { Decision } from '../../src/gate/decision';
import { decide } from '../../src/gate/pipeline';
import { FixedVerdictRater } from '../../src/gate/rater/raterContract';
import type { Rung } from '../../src/gate/rung';

export const ASK_HOME = '/home/gate-test';

export interface Configuration {
  /** Shown in failure messages. */
  name: string;
  rung: Rung;
  /** Allow entries as a user writes them (`"sed"`), besides the default list. */
  allow: string[];
  defaultAllow: boolean;
  /** A stand-in rating for the rated rungs. */
  rating?: 'safe';
}

/** The configurations a harness asks under: an innocent entry, the default list, a `safe` rating. */
export function configurationsFor(program: string): Configuration[] {
  return [
    { name: `manual, allow "${program}"`, rung: 'manual', allow: [program], defaultAllow: false },
    { name: 'manual, default list', rung: 'manual', allow: [], defaultAllow: true },
  ];
}

/** The command line a person would type for `argv`: plain words as they are, others in single quotes. */
export function commandLine(argv: readonly string[]): string {
  return argv.map((word) => (/^[A-Za-z0-9_./=:,+%@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The gate's decision on `command` under `configuration`. */
export async function askGate(command: string, configuration: Configuration): Promise<Decision> {
  const parsed = parseListEntries(configuration.allow, 'allow', 'test');
  if (parsed.errors.length > 0) throw new Error(`bad test entries: ${JSON.stringify(parsed.errors)}`);
  return decide(
    { command, cwd: '/work/project' },
    {
      policy: {
        rung: configuration.rung,
        allow: parsed.entries,
        deny: [],
        escalate: [],
        defaultAllow: configuration.defaultAllow,
        grants: [],
        denyGrants: [],
      },
      rater: configuration.rating ? new FixedVerdictRater({ outcome: configuration.rating, reason: 'stand-in' }, 'stub') : null,
      person: null,
      home: ASK_HOME,
    },
  );
}
