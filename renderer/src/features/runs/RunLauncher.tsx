import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import { emojiDrawable } from '../skills/emoji-drawable';
import { configAsText as asText, configOverrides } from './config-text';
import './run-launcher.css';

type ConfigValues = Record<string, unknown>;

/** Start a skill from the dashboard: its input, a selection, and its config values for this run. */
export function RunLauncher() {
  const { t } = useTranslation('runs');
  const { useSkillsStore, useRunsStore } = useStores();
  const skills = useSkillsStore((s) => s.skills);
  const start = useRunsStore((s) => s.start);
  const skillConfig = useRunsStore((s) => s.skillConfig);
  // `user-invocable: false` skills are the models' to start, not offered here
  const runnable = useMemo(
    () => skills.filter((s) => s.runnable && !s.shadowedBy && s.userInvocable),
    [skills],
  );
  const [skillId, setSkillId] = useState('');
  const [input, setInput] = useState('');
  const [selection, setSelection] = useState('');
  const [loaded, setLoaded] = useState<{ skillId: string; values: ConfigValues } | null>(null);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { skill: useId(), input: useId(), selection: useId(), title: useId() };
  const chosen = skillId || runnable[0]?.id || '';
  const config = loaded?.skillId === chosen ? loaded.values : {};

  useEffect(() => {
    let current = true;
    if (chosen) void skillConfig(chosen).then((values) => current && setLoaded({ skillId: chosen, values }));
    return () => {
      current = false;
    };
  }, [chosen, skillConfig]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || starting) return;
    setStarting(true);
    setError(null);
    const changed = configOverrides(config, edits);
    const result = await start({
      skillId: chosen,
      ...(input ? { input } : {}),
      ...(selection ? { selection } : {}),
      ...(Object.keys(changed).length > 0 ? { config: changed } : {}),
    });
    setStarting(false);
    if (!result.ok) setError(errorText(result.error));
  }

  return (
    <form className="runs-card run-launcher" aria-labelledby={ids.title} onSubmit={submit}>
      <h2 id={ids.title} className="runs-card-title">
        {t('launcher.title')}
      </h2>
      <div className="launcher-grid">
        <div className="field">
          <label htmlFor={ids.skill} className="field-label">
            {t('launcher.skill')}
          </label>
          <select
            id={ids.skill}
            className="input"
            value={chosen}
            onChange={(e) => {
              setSkillId(e.target.value);
              setEdits({});
            }}
          >
            {runnable.map((s) => (
              <option key={s.id} value={s.id}>
                {emojiDrawable(s.meta.emoji) ? `${s.meta.emoji} ` : ''}
                {s.name} · {t(`modes.${s.mode}`, { defaultValue: s.mode })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.input} className="field-label">
            {t('launcher.input')}
          </label>
          <textarea
            id={ids.input}
            className="input runs-textarea"
            rows={3}
            value={input}
            placeholder={t('launcher.inputHint')}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.selection} className="field-label">
            {t('launcher.selection')}
          </label>
          <textarea
            id={ids.selection}
            className="input runs-textarea"
            rows={3}
            value={selection}
            placeholder={t('launcher.selectionHint')}
            onChange={(e) => setSelection(e.target.value)}
          />
        </div>
        {Object.keys(config).length > 0 && (
          <fieldset className="field launcher-config">
            <legend className="field-label">{t('launcher.config')}</legend>
            {Object.entries(config).map(([key, value]) => (
              <label key={key} className="launcher-config-row">
                <span className="launcher-config-key">{key}</span>
                <input
                  className="input"
                  value={edits[key] ?? asText(value)}
                  onChange={(e) => setEdits((all) => ({ ...all, [key]: e.target.value }))}
                />
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <div className="launcher-actions">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={!chosen || starting}>
          {starting ? t('launcher.starting') : t('launcher.run')}
        </button>
      </div>
    </form>
  );
}
