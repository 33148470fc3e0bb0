import type { SkillDetail } from '../../../shared/types/skill';
import { formFromDefinition, type FormValues } from '../features/editor/form-model';

// One FormValues per definition read, so comparing with "as opened" does not rebuild it on every key.
const openedForms = new WeakMap<object, FormValues>();

/** The form as the file has it now; null when the frontmatter cannot be read (no form). */
export function openedForm(detail: SkillDetail | null): FormValues | null {
  const definition = detail?.definition;
  if (!definition) return null;
  let values = openedForms.get(definition);
  if (!values) openedForms.set(definition, (values = formFromDefinition(definition, detail.body)));
  return values;
}
