import type { ArgumentSpecData } from '../../../../shared/types/skill-definition';

/** One declared argument as the form edits it ('' = not given). */
export interface ArgumentDraft {
  name: string;
  description: string;
  default: string;
  options: string[];
}

export const argumentDraft = (spec: ArgumentSpecData): ArgumentDraft => ({
  name: spec.name,
  description: spec.description ?? '',
  default: spec.default ?? '',
  options: [...(spec.options ?? [])],
});

/** What `$name` can fill (the template's `$name` is letters, digits and `_`, not starting with a digit). */
export const ARGUMENT_NAME = /^[A-Za-z_]\w*$/;

/**
 * The `arguments` entries as SKILL.md writes them: a plain name when that is all there is (as Claude Code
 * writes it), else a mapping with only what was given. Returns the name that cannot be written, if any.
 */
export function argumentsYaml(
  drafts: readonly ArgumentDraft[],
): { entries: unknown[] } | { badName: string } {
  const seen = new Set<string>();
  const entries: unknown[] = [];
  for (const draft of drafts) {
    const name = draft.name.trim();
    if (!ARGUMENT_NAME.test(name) || seen.has(name)) return { badName: name };
    seen.add(name);
    const description = draft.description.trim();
    const options = draft.options.map((o) => o.trim()).filter(Boolean);
    if (!description && draft.default === '' && options.length === 0) {
      entries.push(name);
      continue;
    }
    entries.push({
      name,
      ...(description ? { description } : {}),
      ...(draft.default !== '' ? { default: draft.default } : {}),
      ...(options.length > 0 ? { options } : {}),
    });
  }
  return { entries };
}

/** `$name` → default, for the preview (as the engine fills a declared argument with no word). */
export function draftDefaults(drafts: readonly ArgumentDraft[]): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const draft of drafts) if (draft.default !== '') defaults[draft.name.trim()] = draft.default;
  return defaults;
}
