import { useTranslation } from 'react-i18next';
import type { ConfigRow } from './form-model';

/** The skill's `config`: keys and values the instructions read as `{{config.key}}`. */
export function ConfigFields({
  rows,
  readOnly,
  onChange,
}: {
  rows: readonly ConfigRow[];
  readOnly: boolean;
  onChange(rows: ConfigRow[]): void;
}) {
  const { t } = useTranslation('editor');
  const set = (index: number, row: Partial<ConfigRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  return (
    <fieldset className="field">
      <legend className="field-label">{t('form.config')}</legend>
      {rows.length === 0 && (
        <span className="muted small">{t('form.configEmpty', { placeholder: '{{config.key}}' })}</span>
      )}
      {rows.map((row, index) => (
        <div key={index} className="config-row">
          <input
            className="input"
            aria-label={t('form.configKey', { n: index + 1 })}
            placeholder={t('form.configKeyPlaceholder')}
            value={row.key}
            disabled={readOnly}
            onChange={(e) => set(index, { key: e.target.value })}
          />
          <input
            className="input"
            aria-label={t('form.configValue', { key: row.key || index + 1 })}
            placeholder={t('form.configValuePlaceholder')}
            value={row.value}
            disabled={readOnly}
            onChange={(e) => set(index, { value: e.target.value })}
          />
          {!readOnly && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('form.configRemove', { key: row.key })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => onChange([...rows, { key: '', value: '', kind: 'string' }])}
        >
          {t('form.configAdd')}
        </button>
      )}
    </fieldset>
  );
}
