import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArgumentSpecData } from '../../../../shared/types/skill-definition';
import { configAsText } from '../runs/config-text';
import type { SheetValues } from './sheet-request';

/** A button that shows or hides the part below it (ARIA disclosure). */
function Disclosure({
  label,
  open,
  onToggle,
  children,
}: {
  label: ReactNode;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  const region = useId();
  return (
    <div className="sheet-disclosure">
      <button
        type="button"
        className="disclosure-button"
        aria-expanded={open}
        aria-controls={region}
        onClick={() => onToggle(!open)}
      >
        <span className="disclosure-chevron" aria-hidden="true" />
        {label}
      </button>
      <div id={region} hidden={!open} className="sheet-disclosure-body">
        {open && children}
      </div>
    </div>
  );
}

/** The selection box: open when the skill uses `{{selection}}`, folded away otherwise. */
export function SelectionField({
  open,
  onOpen,
  value,
  onChange,
}: {
  open: boolean;
  onOpen: (open: boolean) => void;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('launch');
  const ids = { box: useId(), hint: useId() };
  return (
    <Disclosure label={t('sheet.selection')} open={open} onToggle={onOpen}>
      <div className="field">
        <label htmlFor={ids.box} className="sr-only">
          {t('sheet.selection')}
        </label>
        <textarea
          id={ids.box}
          className="input run-sheet-text"
          rows={3}
          value={value}
          aria-describedby={ids.hint}
          onChange={(e) => onChange(e.target.value)}
        />
        <p id={ids.hint} className="muted small">
          {t('sheet.selectionHint', { placeholder: '{{selection}}', interpolation: { escapeValue: false } })}
        </p>
      </div>
    </Disclosure>
  );
}

/** The skill's arguments: a field per declared one (a list where it names options), else one box. */
export function ArgumentFields({
  specs,
  hint,
  takesArguments,
  values,
  onChange,
}: {
  specs: readonly ArgumentSpecData[];
  hint: string | undefined;
  takesArguments: boolean;
  values: SheetValues;
  onChange: (patch: Partial<SheetValues>) => void;
}) {
  const { t } = useTranslation('launch');
  const base = useId();
  if (specs.length === 0) {
    if (!takesArguments) return null;
    return (
      <div className="field">
        <label htmlFor={`${base}-free`} className="field-label">
          {t('sheet.argumentsFree')}
        </label>
        <input
          id={`${base}-free`}
          className="input"
          value={values.freeArguments}
          placeholder={hint}
          aria-describedby={hint ? `${base}-free-hint` : undefined}
          onChange={(e) => onChange({ freeArguments: e.target.value })}
        />
        {hint && (
          <p id={`${base}-free-hint`} className="muted small">
            {t('sheet.argumentsFreeHint', { hint })}
          </p>
        )}
      </div>
    );
  }
  const setArg = (name: string, value: string) => onChange({ args: { ...values.args, [name]: value } });
  return (
    <fieldset className="field sheet-arguments">
      <legend className="field-label">{t('sheet.arguments')}</legend>
      {specs.map((spec, i) => {
        const id = `${base}-${i}`;
        const value = values.args[spec.name] ?? '';
        const described = spec.description ? `${id}-hint` : undefined;
        return (
          <div key={spec.name} className="sheet-argument">
            <label htmlFor={id} className="sheet-argument-name">
              {spec.name}
            </label>
            {spec.options ? (
              <select
                id={id}
                className="input"
                value={value}
                aria-describedby={described}
                onChange={(e) => setArg(spec.name, e.target.value)}
              >
                {/* a default that is not among the options stays choosable */}
                {[
                  ...new Set([...(value && !spec.options.includes(value) ? [value] : []), ...spec.options]),
                ].map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="input"
                value={value}
                aria-describedby={described}
                onChange={(e) => setArg(spec.name, e.target.value)}
              />
            )}
            {spec.description && (
              <p id={described} className="muted small sheet-argument-hint">
                {spec.description}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The skill's `config` values for this run, folded away. */
export function ConfigFields({
  config,
  edits,
  onChange,
}: {
  config: Readonly<Record<string, unknown>>;
  edits: Readonly<Record<string, string>>;
  onChange: (edits: Record<string, string>) => void;
}) {
  const { t } = useTranslation('launch');
  const [open, setOpen] = useState(false);
  const base = useId();
  const keys = Object.keys(config);
  if (keys.length === 0) return null;
  return (
    <Disclosure
      label={
        <>
          {t('sheet.config')}
          <span className="muted small"> · {t('sheet.configCount', { count: keys.length })}</span>
        </>
      }
      open={open}
      onToggle={setOpen}
    >
      <p className="muted small">{t('sheet.configHint')}</p>
      <div className="sheet-config">
        {keys.map((key, i) => (
          <div key={key} className="sheet-argument">
            <label htmlFor={`${base}-${i}`} className="sheet-argument-name">
              {key}
            </label>
            <input
              id={`${base}-${i}`}
              className="input"
              value={edits[key] ?? configAsText(config[key])}
              onChange={(e) => onChange({ ...edits, [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
    </Disclosure>
  );
}
