import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXECUTION_MODES } from '../../../../shared/types/finding';
import type { Provider } from '../../../../shared/types/provider';
import type { SkillDetail } from '../../../../shared/types/skill';
import { splitToolList } from '../../../../shared/skills/tool-list';
import type { ModelList } from '../../stores/editor-try';
import { ArgumentsEditor } from './ArgumentsEditor';
import { ConfigFields } from './ConfigFields';
import { type FormProblem, type FormValues } from './form-model';
import { ModelPicker } from './ModelPicker';
import { OutputField } from './OutputField';
import { StepFields } from './StepFields';

// CodeMirror loads with the form's instructions, not with the dashboard.
const InstructionsEditor = lazy(() =>
  import('./InstructionsEditor').then((m) => ({ default: m.InstructionsEditor })),
);

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
  models,
  loadModels,
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
  /** Model lists by provider id, and how to ask for one. */
  models: Readonly<Record<string, ModelList>>;
  loadModels(providerId: string): Promise<void>;
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSave();
  };

  // The models offered: the chosen provider's, else the default provider's (what a run would use).
  const modelProvider = values.provider
    ? providers.find((p) => p.name === values.provider)
    : (providers.find((p) => p.isDefault) ?? providers[0]);
  const modelProviderId = modelProvider?.id;
  useEffect(() => {
    if (modelProviderId) void loadModels(modelProviderId);
  }, [modelProviderId, loadModels]);

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

      <div className="field">
        <span className="field-label" id={`${id}-instructions`}>
          {t('form.instructions')}
        </span>
        <Suspense fallback={<div className="instructions-editor instructions-loading" aria-hidden="true" />}>
          <InstructionsEditor
            value={values.body}
            onChange={(body) => update('body', body)}
            onSave={() => void onSave()}
            readOnly={readOnly}
            label={t('form.instructions')}
            describedBy={`${id}-instructions-hint`}
            configKeys={values.config.map((row) => row.key)}
            argumentNames={values.arguments.map((a) => a.name)}
          />
        </Suspense>
        <span id={`${id}-instructions-hint`} className="muted small">
          {t('form.instructionsHint', { brace: '{{', examples: '{{selection}}, {{config.…}}, $ARGUMENTS' })}
        </span>
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
          <ModelPicker
            id={`${id}-model`}
            value={values.model}
            placeholder={modelProvider?.defaultModel ?? t('form.modelDefault')}
            disabled={readOnly}
            onChange={(model) => update('model', model)}
            provider={modelProvider?.name ?? null}
            defaultModel={modelProvider?.defaultModel ?? null}
            list={modelProvider ? models[modelProvider.id] : undefined}
            stored={
              modelProvider
                ? [modelProvider.defaultModel ?? '', ...modelProvider.knownModels].filter(Boolean)
                : []
            }
          />
        </div>
      </div>

      <OutputField
        id={`${id}-output`}
        value={values.output}
        disabled={readOnly}
        onChange={(output) => update('output', output)}
      />

      <ArgumentsEditor
        values={values.arguments}
        readOnly={readOnly}
        onChange={(args) => update('arguments', args)}
      />

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

      <ConfigFields rows={values.config} readOnly={readOnly} onChange={(rows) => update('config', rows)} />

      {values.steps && (
        <StepFields steps={values.steps} readOnly={readOnly} onChange={(steps) => update('steps', steps)} />
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
