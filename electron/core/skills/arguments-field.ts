// `arguments`: Claude Code's list of names (or one space-separated string), which Skilldeck extends: an
// entry may be a mapping with a `description`, a `default` and `options` (docs/SKILL-FORMAT.md).
import type { ErrorWords } from '../../../shared/ipc/result';
import { isPlainObject, readText } from './coerce';
import { findingWords } from './finding-words';
import type { ArgumentSpec } from './types';

export type ArgumentsRead =
  { specs: ArgumentSpec[] } | { specs: ArgumentSpec[]; problem: string; words: ErrorWords };

const ENTRY_KEYS = new Set(['name', 'description', 'default', 'options']);

/** Reads the field; the entries it can read are kept, the first problem said once. */
export function readArguments(value: unknown): ArgumentsRead {
  if (value === undefined || value === null) return { specs: [] };
  if (typeof value === 'string')
    return {
      specs: value
        .split(/\s+/)
        .filter(Boolean)
        .map((name) => ({ name })),
    };
  if (!Array.isArray(value)) return invalid([]);
  const specs: ArgumentSpec[] = [];
  let bad = false;
  for (const entry of value) {
    const spec = readEntry(entry);
    if (spec && !specs.some((s) => s.name === spec.name)) specs.push(spec);
    else bad = true;
  }
  return bad ? invalid(specs) : { specs };
}

function readEntry(entry: unknown): ArgumentSpec | null {
  if (typeof entry === 'string' || typeof entry === 'number') {
    const name = String(entry).trim();
    return name ? { name } : null;
  }
  if (!isPlainObject(entry)) return null;
  if (Object.keys(entry).some((key) => !ENTRY_KEYS.has(key))) return null;
  const name = readText(entry.name)?.trim();
  if (!name || /\s/.test(name)) return null;
  const spec: ArgumentSpec = { name };
  if (entry.description !== undefined && entry.description !== null) {
    const description = readText(entry.description);
    if (description === undefined) return null;
    spec.description = description;
  }
  if (entry.default !== undefined && entry.default !== null) {
    const fallback = readText(entry.default);
    if (fallback === undefined) return null;
    spec.default = fallback;
  }
  if (entry.options !== undefined && entry.options !== null) {
    if (!Array.isArray(entry.options)) return null;
    const options = entry.options.map(readText);
    if (options.some((o) => o === undefined)) return null;
    spec.options = options as string[];
  }
  return spec;
}

const invalid = (specs: ArgumentSpec[]): ArgumentsRead => ({
  specs,
  problem:
    'must be a list of names, or of entries with `name`, `description`, `default` and `options`, each name once',
  words: findingWords('argumentsList'),
});

/** `$name` → default, for the arguments that declare one. */
export function argumentDefaults(specs: readonly ArgumentSpec[]): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const spec of specs) if (spec.default !== undefined) defaults[spec.name] = spec.default;
  return defaults;
}
