import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXECUTION_MODES } from '../../../../shared/types/finding';
import type { Provider } from '../../../../shared/types/provider';
import type { SkillDetail } from '../../../../shared/types/skill';
import { splitToolList } from '../../../../shared/skills/tool-list';
import { type ConfigRow, type FormProblem, type FormValues, type StepDraft } from './form-model';

/**
 * The frontmatter as a form. Its values live in the editor store (so switching to the text and back,
 * or leaving and being asked to save, keeps them); saving sends only the changed fields.
 */
export function SkillForm({
  detail,
  opened,
  values,
  dirty,
  problem,
  providers,
  readOnly,
  saving,
  onChange,
  onSave,
}: {
  detail: SkillDetail & { definition: NonNullable<SkillDetail['definition']> };
  /** The form as the file has it. */
  opened: FormValues;
  /** The form as edited (or as opened). */
  values: FormValues;
  dirty: boolean;
  /** Why the last save could not be sent. */
  problem: { key: FormProblem['key']; detail: string } | null;
  providers: readonly Provider[];
  readOnly: boolean;
  saving: boolean;
  onChange(values: FormValues | null): void;
  onSave(): Promise<boolean>;
}) {
  const { t } = useTranslation('editor');
  const id = useId();
  const [toolInput, setToolInput] = useState('');

  const update = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    onChange({ ...values, [key]: value });

  const addTools = () => {
    const entries = splitToolList(toolInput);
    if (entries.length === 0) return;
    const current = values.allowedTools ?? [];
    update('allowedTools', [...current, ...entries.filter((e) => !current.includes(e))]);
    setToolInput('');
  };
  const onToolKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTools();
    } else if (event.key === 'Backspace' && toolInput === '' && values.allowedTools?.length) {
      update('allowedTools', values.allowedTools.slice(0, -1));
    }
  };

  const setConfig = (index: number, row: Partial<ConfigRow>) =>
    update(
      'config',
      values.config.map((r, i) => (i === index ? { ...r, ...row } : r)),
    );
  const setStep = (index: number, step: Partial<StepDraft>) =>
    update(
      'steps',
      (values.steps ?? []).map((s, i) => (i === index ? { ...s, ...step } : s)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSave();
  };

  const provider = providers.find((p) => p.name === values.provider);
  const models = [
    ...new Set(
      (provider ? [provider] : providers).flatMap((p) => [
        ...(p.defaultModel ? [p.defaultModel] : []),
        ...p.knownModels,
      ]),
    ),
  ];

  return (
    <form className="skill-form" onSubmit={(e) => void submit(e)} aria-label={t('form.label')} noValidate>
      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            {t('form.name')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={values.name}
            disabled={readOnly}
            onChange={(e) => update('name', e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-mode`}>
            {t('form.mode')}
          </label>
          <select
            id={`${id}-mode`}
            className="input"
            value={values.mode}
            disabled={readOnly}
            onChange={(e) => update('mode', e.target.value as FormValues['mode'])}
          >
            <option value="">
              {t('form.modeAuto', { mode: t(`mode.${detail.definition.executionMode}`) })}
            </option>
            {EXECUTION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`mode.${mode}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="field">
        <label className="field-label" htmlFor={`${id}-description`}>
          {t('form.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={3}
          value={values.description}
          disabled={readOnly}
          onChange={(e) => update('description', e.target.value)}
        />
        <span className="muted small">{t('form.descriptionHint')}</span>
      </div>

      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-provider`}>
            {t('form.provider')}
          </label>
          <select
            id={`${id}-provider`}
            className="input"
            value={values.provider}
            disabled={readOnly}
            onChange={(e) => update('provider', e.target.value)}
          >
            <option value="">{t('form.providerDefault')}</option>
            {providers.map((p) => (
              <option key={p.id} value={p.name}>
                {p.name}
              </option>
            ))}
            {values.provider && !providers.some((p) => p.name === values.provider) && (
              <option value={values.provider}>{t('form.providerUnknown', { name: values.provider })}</option>
            )}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-model`}>
            {t('form.model')}
          </label>
          <input
            id={`${id}-model`}
            className="input"
            list={`${id}-models`}
            value={values.model}
            placeholder={t('form.modelDefault')}
            disabled={readOnly}
            onChange={(e) => update('model', e.target.value)}
          />
          <datalist id={`${id}-models`}>
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
      </div>

      <fieldset className="field">
        <legend className="field-label">{t('form.tools')}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={values.allowedTools !== null}
            disabled={readOnly}
            onChange={(e) => update('allowedTools', e.target.checked ? (opened.allowedTools ?? []) : null)}
          />
          {t('form.toolsLimit')}
        </label>
        {values.allowedTools !== null && (
          <div className="chips" data-testid="tool-chips">
            {values.allowedTools.map((tool) => (
              <span key={tool} className="chip">
                <code>{tool}</code>
                {!readOnly && (
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={t('form.toolRemove', { tool })}
                    onClick={() =>
                      update(
                        'allowedTools',
                        values.allowedTools!.filter((x) => x !== tool),
                      )
                    }
                  >
                    ×
                  </button>
                )}
              </span>
            ))}
            {!readOnly && (
              <input
                className="chip-input"
                aria-label={t('form.toolAdd')}
                placeholder={t('form.toolPlaceholder')}
                value={toolInput}
                onChange={(e) => setToolInput(e.target.value)}
                onKeyDown={onToolKey}
                onBlur={addTools}
              />
            )}
          </div>
        )}
        {values.allowedTools === null && <span className="muted small">{t('form.toolsHint')}</span>}
      </fieldset>

      <fieldset className="field">
        <legend className="field-label">{t('form.config')}</legend>
        {values.config.length === 0 && (
          <span className="muted small">{t('form.configEmpty', { placeholder: '{{config.key}}' })}</span>
        )}
        {values.config.map((row, index) => (
          <div key={index} className="config-row">
            <input
              className="input"
              aria-label={t('form.configKey', { n: index + 1 })}
              placeholder={t('form.configKeyPlaceholder')}
              value={row.key}
              disabled={readOnly}
              onChange={(e) => setConfig(index, { key: e.target.value })}
            />
            <input
              className="input"
              aria-label={t('form.configValue', { key: row.key || index + 1 })}
              placeholder={t('form.configValuePlaceholder')}
              value={row.value}
              disabled={readOnly}
              onChange={(e) => setConfig(index, { value: e.target.value })}
            />
            {!readOnly && (
              <button
                type="button"
                className="icon-button"
                aria-label={t('form.configRemove', { key: row.key })}
                onClick={() =>
                  update(
                    'config',
                    values.config.filter((_, i) => i !== index),
                  )
                }
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
            onClick={() => update('config', [...values.config, { key: '', value: '', kind: 'string' }])}
          >
            {t('form.configAdd')}
          </button>
        )}
      </fieldset>

      {values.steps && (
        <fieldset className="field">
          <legend className="field-label">{t('form.steps')}</legend>
          <ol className="steps">
            {values.steps.map((step, index) => (
              <li key={index} className="step" data-testid={`step-${index}`}>
                <div className="step-head">
                  <input
                    className="input"
                    aria-label={t('form.stepId', { n: index + 1 })}
                    value={step.id}
                    disabled={readOnly}
                    onChange={(e) => setStep(index, { id: e.target.value })}
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('form.stepRemove', { id: step.id })}
                    disabled={readOnly}
                    onClick={() =>
                      update(
                        'steps',
                        values.steps!.filter((_, i) => i !== index),
                      )
                    }
                  >
                    ×
                  </button>
                </div>
                <textarea
                  className="input"
                  rows={2}
                  aria-label={t('form.stepPrompt', { id: step.id })}
                  value={step.prompt}
                  disabled={readOnly}
                  onChange={(e) => setStep(index, { prompt: e.target.value })}
                />
                {values.steps!.length > 1 && (
                  <div className="step-deps" role="group" aria-label={t('form.stepDeps', { id: step.id })}>
                    <span className="muted small">{t('form.stepAfter')}</span>
                    {values
                      .steps!.filter((other) => other !== step && other.id)
                      .map((other) => (
                        <label key={other.id} className="check">
                          <input
                            type="checkbox"
                            checked={step.dependencies.includes(other.id)}
                            disabled={readOnly}
                            onChange={(e) =>
                              setStep(index, {
                                dependencies: e.target.checked
                                  ? [...step.dependencies, other.id]
                                  : step.dependencies.filter((d) => d !== other.id),
                              })
                            }
                          />
                          {other.id}
                        </label>
                      ))}
                  </div>
                )}
              </li>
            ))}
          </ol>
          {!readOnly && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() =>
                update('steps', [
                  ...values.steps!,
                  { id: `step-${values.steps!.length + 1}`, prompt: '', dependencies: [], rest: null },
                ])
              }
            >
              {t('form.stepAdd')}
            </button>
          )}
        </fieldset>
      )}

      {problem && (
        <div className="form-error" role="alert">
          {t(`form.problem.${problem.key}`, { value: problem.detail })}
        </div>
      )}
      {!readOnly && (
        <div className="editor-actions">
          <button type="button" className="button" disabled={!dirty || saving} onClick={() => onChange(null)}>
            {t('revert')}
          </button>
          <button type="submit" className="button button-primary" disabled={!dirty || saving}>
            {saving ? t('saving') : t('form.save')}
          </button>
        </div>
      )}
    </form>
  );
}
