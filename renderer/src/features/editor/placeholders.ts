// What the Instructions editor offers while a placeholder is typed: the ones the engine fills
// (shared/skills/template.ts, docs/SKILL-FORMAT.md "The body and templates"), with this skill's config
// keys and declared arguments as the form has them now.

import { CONTEXT_NAMES, type ContextName } from '../../../../shared/skills/context-values';

export type PlaceholderKind = 'data' | 'context' | 'config' | 'argument' | 'folder';

export interface PlaceholderOption {
  /** Exactly what is inserted. */
  label: string;
  kind: PlaceholderKind;
  /** `editor:placeholders.<key>` describes it. */
  describe: string;
  values?: Record<string, string | number>;
}

export function placeholderOptions(skill: {
  configKeys: readonly string[];
  argumentNames: readonly string[];
}): PlaceholderOption[] {
  const options: PlaceholderOption[] = [
    { label: '{{selection}}', kind: 'data', describe: 'selection' },
    { label: '{{input}}', kind: 'data', describe: 'input' },
    { label: '{{clipboard}}', kind: 'data', describe: 'clipboard' },
  ];
  // where the user is: the focused window, the date and time, the dashboard language
  for (const name of CONTEXT_NAMES) options.push({ label: `{{${name}}}`, kind: 'context', describe: name });
  const keys = [...new Set(skill.configKeys.map((k) => k.trim()).filter(Boolean))];
  for (const key of keys)
    options.push({ label: `{{config.${key}}}`, kind: 'config', describe: 'config', values: { key } });
  options.push({ label: '$ARGUMENTS', kind: 'argument', describe: 'arguments' });
  const names = skill.argumentNames.map((n) => n.trim()).filter(Boolean);
  if (names.length === 0) {
    options.push({ label: '$0', kind: 'argument', describe: 'firstWord' });
  }
  names.forEach((name, index) => {
    options.push({
      label: `$${index}`,
      kind: 'argument',
      describe: 'argumentAt',
      values: { name, n: index + 1 },
    });
    if (/^[A-Za-z_]\w*$/.test(name))
      options.push({ label: `$${name}`, kind: 'argument', describe: 'argumentNamed', values: { name } });
  });
  options.push({ label: '{baseDir}', kind: 'folder', describe: 'baseDir' });
  options.push({ label: '${CLAUDE_SKILL_DIR}', kind: 'folder', describe: 'baseDir' });
  return options;
}

// While typed: `{{…`, `{…` (for {baseDir}), `$…` (arguments, ${CLAUDE_SKILL_DIR}).
const TYPING = [/\{\{[\w.\s-]*$/, /\$\{?[\w[\]]*$/, /\{[A-Za-z]*$/];

/** Where the placeholder being typed at the end of `before` starts (an index into it), or null. */
export function typedPlaceholderStart(before: string): number | null {
  for (const pattern of TYPING) {
    const match = pattern.exec(before);
    if (match) return match.index;
  }
  return null;
}

/** The context placeholders `text` uses, in CONTEXT_NAMES order (the Try panel asks only for those). */
export function contextNamesIn(text: string): Set<ContextName> {
  const used = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g)) used.add(match[1]!);
  return new Set(CONTEXT_NAMES.filter((name) => used.has(name)));
}
