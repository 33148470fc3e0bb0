// `arguments:` as Claude Code writes it (a space-separated string, or a list of names) and as Skilldeck's
// forms write it: list entries may be mappings with a name and what a form offers for it.
//
//   arguments:
//     - file
//     - name: language
//       description: The language to translate into
//       default: English
//       options: [English, French, German]
import type { ErrorWords } from '../../../shared/ipc/result';
import type { SkillArgument } from '../../../shared/types/skill-definition';
import { isPlainObject, readStringList, readText } from './coerce';
import { findingWords } from './finding-words';

/** Reports a warning about the field (`arguments`, on its line). */
export type ArgumentWarn = (code: string, message: string, words: ErrorWords) => void;

/** The declared arguments in order; a problem is a warning and the entry is left out (or kept plainer). */
export function readArgumentSpecs(value: unknown, warn: ArgumentWarn): SkillArgument[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string')
    return value
      .split(/\s+/)
      .filter(Boolean)
      .map((name) => ({ name }));
  if (!Array.isArray(value)) {
    warn(
      'invalid-field',
      '`arguments` must be a list of names, or of mappings with a `name`',
      findingWords('argumentsNotList'),
    );
    return [];
  }
  const specs: SkillArgument[] = [];
  value.forEach((entry, index) => {
    const spec = readEntry(entry, index + 1, warn);
    if (spec === null) return;
    if (specs.some((s) => s.name === spec.name)) {
      warn(
        'invalid-field',
        `\`arguments\` names "${spec.name}" twice: the first one is used`,
        findingWords('argumentTwice', { name: spec.name }),
      );
      return;
    }
    specs.push(spec);
  });
  return specs;
}

function readEntry(entry: unknown, position: number, warn: ArgumentWarn): SkillArgument | null {
  const plain = typeof entry === 'number' ? String(entry) : entry;
  if (typeof plain === 'string') return plain.trim() ? { name: plain.trim() } : null;
  const name = isPlainObject(entry) ? readText(entry.name)?.trim() : undefined;
  if (!isPlainObject(entry) || !name) {
    warn(
      'invalid-field',
      `\`arguments\` entry ${position} needs a \`name\`: it is ignored`,
      findingWords('argumentNoName', { position }),
    );
    return null;
  }
  const spec: SkillArgument = { name };
  const description = readText(entry.description)?.trim();
  if (description) spec.description = description;
  const fallback = readText(entry.default);
  if (fallback !== undefined) spec.default = fallback;
  if (entry.options !== undefined && entry.options !== null) {
    const options = readStringList(entry.options, /,/);
    if (options && options.length > 0) spec.options = [...new Set(options)];
    else
      warn(
        'invalid-field',
        `\`arguments\` "${name}": \`options\` must be a list of values; they are ignored`,
        findingWords('argumentOptions', { name }),
      );
  }
  if (spec.options && spec.default !== undefined && !spec.options.includes(spec.default))
    warn(
      'invalid-field',
      `\`arguments\` "${name}": the default "${spec.default}" is not one of its options`,
      findingWords('argumentDefaultNotOption', { name, value: spec.default }),
    );
  return spec;
}

/** The declared defaults by argument name (for `$N` / `$name` when a run gives no word for one). */
export function argumentDefaults(specs: readonly SkillArgument[]): Record<string, string> {
  return Object.fromEntries(
    specs.flatMap((spec) => (spec.default === undefined ? [] : [[spec.name, spec.default] as const])),
  );
}
