/** 1234 → "1.2 s", 450 → "450 ms", 75000 → "1 min 15 s" (numbers only; units come from i18n). */
export function durationParts(ms: number): { key: 'ms' | 's' | 'min'; values: Record<string, string> } {
  if (ms < 1000) return { key: 'ms', values: { ms: String(Math.round(ms)) } };
  if (ms < 60_000) return { key: 's', values: { s: (ms / 1000).toFixed(1) } };
  const minutes = Math.floor(ms / 60_000);
  return { key: 'min', values: { min: String(minutes), s: String(Math.round((ms % 60_000) / 1000)) } };
}

/**
 * A duration still counting, in whole seconds (it ticks once a second): 3400 → "3 s", 75000 →
 * "1 min 15 s".
 */
export function elapsedParts(ms: number): { key: 's' | 'min'; values: Record<string, string> } {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return { key: 's', values: { s: String(seconds) } };
  return { key: 'min', values: { min: String(Math.floor(seconds / 60)), s: String(seconds % 60) } };
}

/** Tool input as readable text: a Bash command as itself, anything else as indented JSON. */
export function formatInput(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const entries = Object.entries(input as Record<string, unknown>);
    if (entries.length === 1 && typeof entries[0]![1] === 'string') return entries[0]![1];
  }
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    return String(input);
  }
}

/** One line for a list of calls: the first argument, cut. */
export function inputSummary(input: unknown, max = 80): string {
  const text = formatInput(input).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
