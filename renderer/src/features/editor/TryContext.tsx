import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextName } from '../../../../shared/skills/context-values';
import type { TrySample } from '../../stores/editor-try';
import type { PreviewLocale } from './preview';
import { filledAtStart } from './preview';

const WINDOW_FIELDS = [
  { name: 'app', key: 'app', sample: 'app' },
  { name: 'window_title', key: 'windowTitle', sample: 'windowTitle' },
  { name: 'url', key: 'url', sample: 'url' },
] as const;

/**
 * The Try panel's context placeholders, for those the instructions use: the window a hotkey run would
 * start in as sample boxes, and what the date, time and language are filled with when a run starts.
 */
export function TryContext({
  used,
  sample,
  setSample,
  locale,
}: {
  used: ReadonlySet<ContextName>;
  sample: TrySample;
  setSample(change: Partial<TrySample>): void;
  locale: PreviewLocale;
}) {
  const { t } = useTranslation('editor');
  const id = useId();
  const fields = WINDOW_FIELDS.filter((field) => used.has(field.name));
  const now = filledAtStart(locale);
  const shown = (['date', 'time', 'language'] as const).filter((name) => used.has(name));
  return (
    <>
      {fields.length > 0 && (
        <fieldset className="try-window" aria-describedby={`${id}-hint`} data-testid="try-window">
          <legend className="field-label">{t('try.window')}</legend>
          <span id={`${id}-hint`} className="muted small">
            {t('try.windowHint')}
          </span>
          {fields.map((field) => (
            <div className="field" key={field.name}>
              <label className="field-label" htmlFor={`${id}-${field.name}`}>
                {t(`try.${field.key}`)}
              </label>
              <input
                id={`${id}-${field.name}`}
                className="input"
                value={sample[field.sample]}
                placeholder={t(`try.${field.key}Placeholder`)}
                onChange={(e) => setSample({ [field.sample]: e.target.value })}
              />
            </div>
          ))}
        </fieldset>
      )}
      {shown.length > 0 && (
        <p className="muted small try-now" data-testid="try-now">
          {t('try.filledNow')}{' '}
          {shown.map((name, i) => (
            <span key={name}>
              {i > 0 && ' · '}
              <code>{`{{${name}}}`}</code> {now[name]}
            </span>
          ))}
        </p>
      )}
    </>
  );
}
