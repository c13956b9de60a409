import { z } from 'zod';
import { OUTCOMES, type Verdict } from '../decision';

/**
 * The only verdict shape the gate accepts from a model (or from anything standing in for one).
 * Strict: unknown keys (`__proto__` included), unknown outcome words, non-strings and nulls
 * are all rejected, and a rejected answer fails closed.
 */
export const VerdictSchema = z.strictObject({
  outcome: z.enum(OUTCOMES),
  reason: z.string().min(1).max(4000),
  suggestedTool: z.string().min(1).max(200).optional(),
});

/** The verdict, or a message saying why the value is not one. */
export function parseVerdict(value: unknown): { verdict: Verdict } | { error: string } {
  if (value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, '__proto__')) {
    return { error: 'the answer carries a __proto__ key' };
  }
  const parsed = VerdictSchema.safeParse(value);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`).join('; ') };
  const { outcome, reason, suggestedTool } = parsed.data;
  return { verdict: { outcome, reason, ...(suggestedTool !== undefined ? { suggestedTool } : {}) } };
}
