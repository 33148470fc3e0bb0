import { useTranslation } from 'react-i18next';

/**
 * Where the result goes (`output`), in words — never the internal names. The two the desktop acts on
 * since issue 14 (`replace_selection`, `insert_after`), then the card, the clipboard and memos.
 * `insert_text` (paste at the cursor) is what the engine does when nothing is set; it is offered by name
 * only to a file that already says it.
 */
export const OUTPUT_CHOICES = [
  'replace_selection',
  'insert_after',
  'floating_card',
  'clipboard',
  'save_memo',
] as const;

export function OutputField({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('editor');
  const known: readonly string[] = ['', ...OUTPUT_CHOICES, 'insert_text'];
  const choices: string[] = ['', ...OUTPUT_CHOICES];
  if (value === 'insert_text') choices.push('insert_text');
  const hintKey = known.includes(value) ? `output.hint.${value || 'default'}` : 'output.hint.unknown';
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('output.label')}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`output.choice.${choice || 'default'}`)}
          </option>
        ))}
        {!known.includes(value) && <option value={value}>{t('output.choice.unknown', { value })}</option>}
      </select>
      <span id={`${id}-hint`} className="muted small">
        {t(hintKey)}
      </span>
    </div>
  );
}
