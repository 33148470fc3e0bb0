// A skill's config values as text fields show them, and the typed text back as the type they had.

/** A config value as the text field shows it. */
export const configAsText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The text back as the type the skill's config had (numbers, booleans, JSON stay what they were). */
export function configFromText(text: string, original: unknown): unknown {
  if (typeof original === 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Only the values edited away from the skill's own, typed back: a run's `config` overrides. */
export function configOverrides(
  config: Readonly<Record<string, unknown>>,
  edits: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(edits)
      .filter(([key, text]) => key in config && text !== configAsText(config[key]))
      .map(([key, text]) => [key, configFromText(text, config[key])]),
  );
}
