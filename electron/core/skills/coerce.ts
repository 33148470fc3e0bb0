const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);

/** Claude Code's loose booleans: true/false/yes/no/on/off/1/0, any case. undefined when not one. */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
  }
  return undefined;
}

/** A scalar as text (numbers and booleans written as YAML would), else undefined. */
export function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A list of strings, or one string split on commas / whitespace. */
export function readStringList(value: unknown, split: RegExp = /[,\s]+/): string[] | undefined {
  if (typeof value === 'string')
    return value
      .split(split)
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.map((v) => String(v).trim()).filter(Boolean);
  }
  return undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
