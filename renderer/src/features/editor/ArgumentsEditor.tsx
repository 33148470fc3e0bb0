import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArgumentDraft } from './form-arguments';

/**
 * The skill's `arguments`: what can be typed after its name, each with a description, a default and
 * options to pick from. The instructions read them as `$name` or `$0`, `$1`…
 */
export function ArgumentsEditor({
  values,
  readOnly,
  onChange,
}: {
  values: readonly ArgumentDraft[];
  readOnly: boolean;
  onChange(values: ArgumentDraft[]): void;
}) {
  const { t } = useTranslation('editor');
  const set = (index: number, change: Partial<ArgumentDraft>) =>
    onChange(values.map((a, i) => (i === index ? { ...a, ...change } : a)));

  return (
    <fieldset className="field">
      <legend className="field-label">{t('form.arguments')}</legend>
      <span className="muted small">{t('form.argumentsHint')}</span>
      {values.length > 0 && (
        <ol className="arguments" data-testid="arguments">
          {values.map((argument, index) => {
            const name = argument.name || String(index + 1);
            return (
              <li key={index} className="argument">
                <div className="argument-head">
                  <code className="argument-token" aria-hidden="true">
                    ${index}
                  </code>
                  <div className="argument-part">
                    <span className="argument-part-label" aria-hidden="true">
                      {t('form.argumentNameLabel')}
                    </span>
                    <input
                      className="input"
                      aria-label={t('form.argumentName', { n: index + 1 })}
                      placeholder={t('form.argumentNamePlaceholder')}
                      value={argument.name}
                      disabled={readOnly}
                      onChange={(e) => set(index, { name: e.target.value })}
                    />
                  </div>
                  <div className="argument-part">
                    <span className="argument-part-label" aria-hidden="true">
                      {t('form.argumentDefaultLabel')}
                    </span>
                    <input
                      className="input"
                      aria-label={t('form.argumentDefault', { name })}
                      placeholder={t('form.argumentDefaultPlaceholder')}
                      value={argument.default}
                      disabled={readOnly}
                      onChange={(e) => set(index, { default: e.target.value })}
                    />
                  </div>
                  {!readOnly && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('form.argumentRemove', { name })}
                      onClick={() => onChange(values.filter((_, i) => i !== index))}
                    >
                      ×
                    </button>
                  )}
                </div>
                <div className="argument-part">
                  <span className="argument-part-label" aria-hidden="true">
                    {t('form.argumentDescriptionLabel')}
                  </span>
                  <input
                    className="input"
                    aria-label={t('form.argumentDescription', { name })}
                    placeholder={t('form.argumentDescriptionPlaceholder')}
                    value={argument.description}
                    disabled={readOnly}
                    onChange={(e) => set(index, { description: e.target.value })}
                  />
                </div>
                <OptionChips
                  name={name}
                  options={argument.options}
                  readOnly={readOnly}
                  onChange={(options) => set(index, { options })}
                />
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => onChange([...values, { name: '', description: '', default: '', options: [] }])}
        >
          {t('form.argumentAdd')}
        </button>
      )}
    </fieldset>
  );
}

/** An argument's options as chips; Enter adds what is typed (commas stay part of an option). */
function OptionChips({
  name,
  options,
  readOnly,
  onChange,
}: {
  name: string;
  options: readonly string[];
  readOnly: boolean;
  onChange(options: string[]): void;
}) {
  const { t } = useTranslation('editor');
  const [typed, setTyped] = useState('');
  const add = () => {
    const option = typed.trim();
    if (option && !options.includes(option)) onChange([...options, option]);
    setTyped('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && typed === '' && options.length > 0) {
      onChange(options.slice(0, -1));
    }
  };
  if (readOnly && options.length === 0) return null;
  return (
    <div className="argument-part">
      <span className="argument-part-label" aria-hidden="true">
        {t('form.argumentOptionsLabel')}
      </span>
      <div className="chips" role="group" aria-label={t('form.argumentOptions', { name })}>
        {options.map((option) => (
          <span key={option} className="chip">
            {option}
            {!readOnly && (
              <button
                type="button"
                className="chip-remove"
                aria-label={t('form.argumentOptionRemove', { option, name })}
                onClick={() => onChange(options.filter((o) => o !== option))}
              >
                ×
              </button>
            )}
          </span>
        ))}
        {!readOnly && (
          <input
            className="chip-input"
            aria-label={t('form.argumentOptionAdd', { name })}
            placeholder={t('form.argumentOptionPlaceholder')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={onKey}
            onBlur={add}
          />
        )}
      </div>
    </div>
  );
}
