import { useTranslation } from 'react-i18next';
import type { StepDraft } from './form-model';

/** A workflow skill's steps: id, prompt and the steps each waits for. */
export function StepFields({
  steps,
  readOnly,
  onChange,
}: {
  steps: readonly StepDraft[];
  readOnly: boolean;
  onChange(steps: StepDraft[]): void;
}) {
  const { t } = useTranslation('editor');
  const set = (index: number, step: Partial<StepDraft>) =>
    onChange(steps.map((s, i) => (i === index ? { ...s, ...step } : s)));
  return (
    <fieldset className="field">
      <legend className="field-label">{t('form.steps')}</legend>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={index} className="step" data-testid={`step-${index}`}>
            <div className="step-head">
              <input
                className="input"
                aria-label={t('form.stepId', { n: index + 1 })}
                value={step.id}
                disabled={readOnly}
                onChange={(e) => set(index, { id: e.target.value })}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={t('form.stepRemove', { id: step.id })}
                disabled={readOnly}
                onClick={() => onChange(steps.filter((_, i) => i !== index))}
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
              onChange={(e) => set(index, { prompt: e.target.value })}
            />
            {steps.length > 1 && (
              <div className="step-deps" role="group" aria-label={t('form.stepDeps', { id: step.id })}>
                <span className="muted small">{t('form.stepAfter')}</span>
                {steps
                  .filter((other) => other !== step && other.id)
                  .map((other) => (
                    <label key={other.id} className="check">
                      <input
                        type="checkbox"
                        checked={step.dependencies.includes(other.id)}
                        disabled={readOnly}
                        onChange={(e) =>
                          set(index, {
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
            onChange([...steps, { id: `step-${steps.length + 1}`, prompt: '', dependencies: [], rest: null }])
          }
        >
          {t('form.stepAdd')}
        </button>
      )}
    </fieldset>
  );
}
