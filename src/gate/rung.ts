/**
 * The rung ladder (D§2): one setting that says how much the gate decides on its own.
 * Order matters: each rung hands more to automation than the one before it.
 */
export const RUNGS = ['manual', 'write', 'assisted', 'auto', 'bypass'] as const;
export type Rung = (typeof RUNGS)[number];

/** Older rung names still accepted on input. */
export const RUNG_ALIASES: Readonly<Record<string, Rung>> = {
  'read-only': 'manual',
  'auto-safe': 'assisted',
  'full-auto': 'auto',
};

export const DEFAULT_RUNG: Rung = 'assisted';

/** The rung a name stands for (canonical or alias), or `null` for anything else. */
export function parseRung(name: unknown): Rung | null {
  if (typeof name !== 'string') return null;
  if ((RUNGS as readonly string[]).includes(name)) return name as Rung;
  return Object.prototype.hasOwnProperty.call(RUNG_ALIASES, name) ? RUNG_ALIASES[name]! : null;
}

/** Rungs at which the rater is consulted. */
export function isRatedRung(rung: Rung): boolean {
  return rung === 'assisted' || rung === 'auto';
}

/** One-line descriptions, shared by the status bar, `/rung` and the CLI trace. */
export const RUNG_DESCRIPTIONS: Readonly<Record<Rung, string>> = {
  manual: 'Every shell command waits for you; no model is asked.',
  write: 'Every shell command waits for you; the agent may write files without asking.',
  assisted: 'A model rates each command; commands it finds safe run, the rest wait for you.',
  auto: 'Like assisted, but the agent may argue with a "destructive" rating before you are asked.',
  bypass: 'No rating and no prompts; only the deny list and the hardline floor still refuse.',
};
