import { parseListEntries, type ListEntry, type ListName } from '../lists/listEntry';
import { parseRung, type Rung } from '../rung';

/**
 * A setting that could not be used. With `refuses`, the gate refuses every command until it is
 * fixed (a value that would narrow the guard if dropped: settingsSchema.ts
 * `REFUSING_SETTING_KEYS`, an unknown setting name); without, it is ignored, never widened.
 */
export interface SettingProblem {
  setting: string;
  message: string;
  refuses?: boolean;
  /** The position of the bad entry in a list setting, when one entry is at fault. */
  index?: number;
}

/** The policy-relevant part of one settings source (a config file, a settings scope). */
export interface PolicySettings {
  rung?: Rung;
  allow: ListEntry[];
  deny: ListEntry[];
  escalate: ListEntry[];
  defaultAllow?: boolean;
  problems: SettingProblem[];
}

const PREFIX = 'approvalsGate.';

/**
 * Reads `rung`, `allow`, `deny`, `escalate` and `defaultAllow` from a flat settings object,
 * accepting both `approvalsGate.allow` (settings.json) and bare `allow` (a CLI config file).
 * Every invalid value is reported with its setting name and left out; those that must refuse
 * every command (a bad deny or escalate entry, rung or defaultAllow) say so (`refuses`).
 */
export function readPolicySettings(raw: unknown, source: string): PolicySettings {
  const result: PolicySettings = { allow: [], deny: [], escalate: [], problems: [] };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    result.problems.push({ setting: source, message: 'expected an object of settings', refuses: true });
    return result;
  }
  const settings = raw as Record<string, unknown>;
  const get = (key: string): { name: string; value: unknown } | undefined => {
    if (Object.prototype.hasOwnProperty.call(settings, PREFIX + key)) return { name: PREFIX + key, value: settings[PREFIX + key] };
    if (Object.prototype.hasOwnProperty.call(settings, key)) return { name: PREFIX + key, value: settings[key] };
    return undefined;
  };
  const rung = get('rung');
  if (rung) {
    const parsed = parseRung(rung.value);
    if (parsed) result.rung = parsed;
    else result.problems.push({ setting: rung.name, message: `unknown rung ${JSON.stringify(rung.value)}`, refuses: true });
  }
  const defaultAllow = get('defaultAllow');
  if (defaultAllow) {
    if (typeof defaultAllow.value === 'boolean') result.defaultAllow = defaultAllow.value;
    else result.problems.push({ setting: defaultAllow.name, message: 'expected true or false', refuses: true });
  }
  for (const list of ['allow', 'deny', 'escalate'] as const satisfies readonly ListName[]) {
    const value = get(list);
    if (!value) continue;
    const parsed = parseListEntries(value.value, list, `${value.name} (${source})`);
    result[list].push(...parsed.entries);
    for (const error of parsed.errors) {
      result.problems.push({
        setting: value.name,
        message: `${error.entry}: ${error.message}`,
        ...(list !== 'allow' ? { refuses: true } : {}),
        ...(error.index >= 0 ? { index: error.index } : {}),
      });
    }
  }
  return result;
}
