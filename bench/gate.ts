/**
 * The gate in-process, configured the way `batch` configures it for a corpus line rated `safe`
 * at `assisted`: built-in default allow list on, no user entries, nobody to ask. Keeping the two
 * configurations alike is what makes the in-process and `batch` columns comparable.
 */
import { homedir } from 'node:os';
import type { Decision } from '../src/gate/decision';
import { decide, type GateServices } from '../src/gate/pipeline';
import { FixedVerdictRater } from '../src/gate/rater/raterContract';

const services: GateServices = {
  policy: { rung: 'assisted', allow: [], deny: [], escalate: [], defaultAllow: true, grants: [], denyGrants: [] },
  rater: new FixedVerdictRater({ outcome: 'safe', reason: 'benchmark stand-in rating' }, 'batch-input'),
  person: null,
  home: homedir(),
};

export function decideInProcess(command: string): Promise<Decision> {
  return decide({ command, cwd: process.cwd() }, services);
}
