import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './apps.css';
import {
  CAPTURE_RULES,
  PASTE_KEYS,
  type AppRule,
  type AppRuleInput,
  type CaptureRule,
  type PasteKeyName,
} from '../../../../shared/types/app-rules';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';

interface Draft {
  app: string;
  capture: CaptureRule;
  pasteKey: PasteKeyName;
  toolbarExcluded: boolean;
  defaultSkill: string;
  restoreDelayMs: string;
}

const EMPTY: Draft = {
  app: '',
  capture: 'auto',
  pasteKey: 'ctrl+v',
  toolbarExcluded: false,
  defaultSkill: '',
  restoreDelayMs: '',
};

const draftOf = (rule: AppRule): Draft => ({
  app: rule.app,
  capture: rule.capture,
  pasteKey: rule.pasteKey,
  toolbarExcluded: rule.toolbarExcluded,
  defaultSkill: rule.defaultSkill ?? '',
  restoreDelayMs: rule.restoreDelayMs === null ? '' : String(rule.restoreDelayMs),
});

/**
 * Settings → Apps: per application, how the selection is read (capture), the key that pastes, whether the
 * selection toolbar stays away, the skill the launcher puts first, and how long to wait before the
 * clipboard is put back. Terminals come with rules; the apps seen lately are offered by name.
 */
export function AppsSection() {
  const { t, i18n } = useTranslation('settings');
  const { useAppsStore, useSkillsStore, useConnectionStore } = useStores();
  const { overview, error, load, save, remove } = useAppsStore();
  const skills = useSkillsStore((s) => s.skills);
  const linkState = useConnectionStore((s) => s.status.state);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const ids = {
    app: useId(),
    appHint: useId(),
    seen: useId(),
    capture: useId(),
    captureHint: useId(),
    paste: useId(),
    skill: useId(),
    skillHint: useId(),
    delay: useId(),
    delayHint: useId(),
  };

  // On opening the page, and again when a dropped link comes back.
  useEffect(() => {
    if (linkState === 'open') void load();
  }, [linkState, load]);

  const mine = overview?.rules.filter((r) => r.origin === 'user') ?? [];
  const shipped = overview?.rules.filter((r) => r.origin === 'builtin') ?? [];
  const seen = overview?.seen ?? [];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  function edit(rule: AppRule) {
    setDraft(draftOf(rule));
    setFormError(null);
    document.getElementById(ids.app)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const delay = draft.restoreDelayMs.trim();
    if (draft.app.trim() === '') {
      setFormError(t('apps.noApp'));
      document.getElementById(ids.app)?.focus();
      return;
    }
    if (delay !== '' && !/^\d+$/.test(delay)) {
      setFormError(t('apps.badDelay'));
      document.getElementById(ids.delay)?.focus();
      return;
    }
    const input: AppRuleInput = {
      app: draft.app,
      capture: draft.capture,
      pasteKey: draft.pasteKey,
      toolbarExcluded: draft.toolbarExcluded,
      defaultSkill: draft.defaultSkill === '' ? null : draft.defaultSkill,
      restoreDelayMs: delay === '' ? null : Number(delay),
    };
    setSaving(true);
    const result = await save(input);
    setSaving(false);
    if (result.ok) {
      setStatus(t('apps.saved', { app: result.value.app }));
      setDraft(EMPTY);
    } else setFormError(errorText(result.error, i18n));
  }

  async function drop(rule: AppRule) {
    const result = await remove(rule.app);
    if (result.ok) setStatus(t(rule.overridesBuiltin ? 'apps.reset' : 'apps.deleted', { app: rule.app }));
    else setFormError(errorText(result.error, i18n));
  }

  const summary = (rule: AppRule) =>
    [
      t(`apps.captureShort.${rule.capture}`),
      rule.pasteKey === 'type'
        ? t('apps.typesOut')
        : t('apps.pastesWith', { key: t(`apps.pasteKeysShort.${keyId(rule.pasteKey)}`) }),
      ...(rule.toolbarExcluded ? [t('apps.noToolbar')] : []),
      ...(rule.defaultSkill ? [t('apps.firstSkill', { skill: rule.defaultSkill })] : []),
      ...(rule.restoreDelayMs !== null ? [t('apps.waits', { ms: rule.restoreDelayMs })] : []),
    ].join(' · ');

  const row = (rule: AppRule) => (
    <li key={rule.app} className="app-rule" data-testid={`app-rule-${rule.origin}`}>
      <div className="app-rule-main">
        <code className="app-rule-name">{rule.app}</code>
        <span className="badge">
          {t(
            rule.origin === 'builtin'
              ? 'apps.builtin'
              : rule.overridesBuiltin
                ? 'apps.changed'
                : 'apps.yours',
          )}
        </span>
        <p className="muted small app-rule-summary">{summary(rule)}</p>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button-ghost"
          aria-label={t('apps.editOf', { app: rule.app })}
          onClick={() => edit(rule)}
        >
          {t('apps.edit')}
        </button>
        {rule.origin === 'user' && (
          <button
            type="button"
            className="button button-ghost"
            aria-label={t(rule.overridesBuiltin ? 'apps.resetOf' : 'apps.deleteOf', { app: rule.app })}
            onClick={() => void drop(rule)}
          >
            {t(rule.overridesBuiltin ? 'apps.resetButton' : 'apps.delete')}
          </button>
        )}
      </div>
    </li>
  );

  return (
    <section className="panel" id="apps" aria-labelledby="apps-title" data-testid="apps-section">
      <h2 id="apps-title">{t('apps.title')}</h2>
      <p className="muted">{t('apps.intro')}</p>
      {error && (
        <p className="form-error" role="alert">
          {t('apps.loadError', { error })}
        </p>
      )}
      {overview === null ? (
        !error && <p className="muted">{t('apps.loading')}</p>
      ) : mine.length === 0 ? (
        <p className="muted small">{t('apps.none')}</p>
      ) : (
        <ul className="app-rules" aria-label={t('apps.yourRules')}>
          {mine.map(row)}
        </ul>
      )}
      <p className="folder-status" role="status" data-testid="apps-status">
        {status}
      </p>
      <form className="app-rule-form" onSubmit={(e) => void submit(e)} aria-label={t('apps.formLabel')}>
        <h3 className="field-label">{t('apps.formTitle')}</h3>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={ids.app} className="field-label">
              {t('apps.app')}
            </label>
            <input
              id={ids.app}
              className="input"
              value={draft.app}
              onChange={(e) => set({ app: e.target.value })}
              list={ids.seen}
              placeholder={t('apps.appPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={ids.appHint}
            />
            <datalist id={ids.seen}>
              {seen.map((app) => (
                <option key={app} value={app} />
              ))}
            </datalist>
            <p id={ids.appHint} className="field-hint">
              {t('apps.appHint')}
            </p>
            {seen.length > 0 && (
              <div className="app-seen" role="group" aria-label={t('apps.seenLabel')}>
                <span className="muted small">{t('apps.seenLabel')}</span>
                {seen.slice(0, 8).map((app) => (
                  <button key={app} type="button" className="app-chip" onClick={() => set({ app })}>
                    {app}
                  </button>
                ))}
              </div>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.capture} className="field-label">
              {t('apps.capture')}
            </label>
            <select
              id={ids.capture}
              className="input select"
              value={draft.capture}
              onChange={(e) => set({ capture: e.target.value as CaptureRule })}
              aria-describedby={ids.captureHint}
            >
              {CAPTURE_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`apps.captureRules.${rule}`)}
                </option>
              ))}
            </select>
            <p id={ids.captureHint} className="field-hint">
              {t(`apps.captureHints.${draft.capture}`)}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.paste} className="field-label">
              {t('apps.pasteKey')}
            </label>
            <select
              id={ids.paste}
              className="input select"
              value={draft.pasteKey}
              onChange={(e) => set({ pasteKey: e.target.value as PasteKeyName })}
            >
              {PASTE_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`apps.pasteKeys.${keyId(key)}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.skill} className="field-label">
              {t('apps.defaultSkill')}
            </label>
            <select
              id={ids.skill}
              className="input select"
              value={draft.defaultSkill}
              onChange={(e) => set({ defaultSkill: e.target.value })}
              aria-describedby={ids.skillHint}
            >
              <option value="">{t('apps.noDefaultSkill')}</option>
              {skills.map((skill) => (
                <option key={skill.id} value={skill.id}>
                  {skill.name}
                </option>
              ))}
              {draft.defaultSkill !== '' && !skills.some((s) => s.id === draft.defaultSkill) && (
                <option value={draft.defaultSkill}>{draft.defaultSkill}</option>
              )}
            </select>
            <p id={ids.skillHint} className="field-hint">
              {t('apps.defaultSkillHint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.delay} className="field-label">
              {t('apps.restoreDelay')}
            </label>
            <input
              id={ids.delay}
              className="input"
              inputMode="numeric"
              value={draft.restoreDelayMs}
              onChange={(e) => set({ restoreDelayMs: e.target.value })}
              placeholder={t('apps.restoreDelayPlaceholder')}
              aria-describedby={ids.delayHint}
            />
            <p id={ids.delayHint} className="field-hint">
              {t('apps.restoreDelayHint')}
            </p>
          </div>
        </div>
        <label className="toggle">
          <input
            type="checkbox"
            checked={draft.toolbarExcluded}
            onChange={(e) => set({ toolbarExcluded: e.target.checked })}
          />
          <span>{t('apps.toolbarExcluded')}</span>
        </label>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="button-row">
          {draft !== EMPTY && (
            <button type="button" className="button" onClick={() => setDraft(EMPTY)}>
              {t('common:cancel')}
            </button>
          )}
          <button type="submit" className="button button-primary" disabled={saving}>
            {t('apps.save')}
          </button>
        </div>
      </form>
      {shipped.length > 0 && (
        <details className="app-builtins">
          <summary>{t('apps.builtinTitle', { count: shipped.length })}</summary>
          <p className="muted small">{t('apps.builtinIntro')}</p>
          <ul className="app-rules" aria-label={t('apps.builtinTitle', { count: shipped.length })}>
            {shipped.map(row)}
          </ul>
        </details>
      )}
    </section>
  );
}

/** A paste key as a translation key (dots and pluses are not welcome there). */
function keyId(key: PasteKeyName): string {
  return key === 'type' ? 'type' : key.replace(/\+/g, '_');
}
