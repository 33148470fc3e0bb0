import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader';
import { useStores } from '../../app/stores-context';
import { RunSkillButton } from '../launch/RunSkillButton';
import { isDraftDirty, isEditorDirty, isFormDirty, openedForm } from '../../stores/editor';
import { ConflictDialog } from './ConflictDialog';
import { isAboutSkillFile } from './findings';
import { IdDialog } from './IdDialog';
import { navigation } from './navigation';
import { editorHref, leavesEditor } from './route';
import { SkillForm } from './SkillForm';
import { UnsavedDialog } from './UnsavedDialog';
import { useEditorRoute, usePendingNavigation } from './use-editor-route';
import './editor.css';
import { errorText } from '../../i18n/error-text';

type Tab = 'form' | 'raw';

// CodeMirror and its languages load with the raw editor, not with the dashboard.
const RawEditor = lazy(() => import('./RawEditor').then((m) => ({ default: m.RawEditor })));

/** `#/skills/<id>`: one skill's SKILL.md, as a form and as text. */
export function EditorPage() {
  const { t, i18n } = useTranslation('editor');
  const skillId = useEditorRoute();
  const { useEditorStore } = useStores();
  const state = useEditorStore();
  const leaving = usePendingNavigation();
  const { detail, open, close } = state;
  const [tab, setTab] = useState<Tab>('form');
  const [duplicating, setDuplicating] = useState(false);
  // Tied to the skill it is about, so opening another one does not show it.
  const [failed, setFailed] = useState<{ skillId: string; message: string } | null>(null);
  const actionError = failed && failed.skillId === skillId ? failed.message : null;

  useEffect(() => {
    if (!skillId) return;
    void open(skillId);
    return () => close();
  }, [skillId, open, close]);

  const shownId = detail?.id;
  useEffect(() => {
    // A skill just opened (from its card, a create, a duplicate): keyboard focus on its heading.
    if (shownId) document.getElementById('page-title')?.focus();
  }, [shownId]);

  useEffect(() => {
    if (detail) document.title = `${detail.name} · ${t('title')}`;
  }, [detail, t]);

  // Leaving for another page or skill with unsaved edits is held, and asked about below.
  useEffect(() => {
    if (!skillId) return;
    return navigation().block((to) => leavesEditor(to, skillId) && isEditorDirty(useEditorStore.getState()));
  }, [skillId, useEditorStore]);

  // Closing or reloading: the browser's own question; in the desktop app the main process asks
  // (electron/main/windows/dashboard-window.ts, will-prevent-unload).
  const dirty = isEditorDirty(state);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older Chromium asks only with this set
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!skillId) return null;
  const back = (
    <a className="button button-ghost" href="#/skills">
      {t('back')}
    </a>
  );

  if (!detail) {
    return (
      <section className="page editor" aria-labelledby="page-title" aria-busy={state.loading}>
        <PageHeader title={skillId}>{back}</PageHeader>
        {state.error ? (
          <div className="form-error" role="alert">
            {t('loadError', { error: state.error })}
          </div>
        ) : (
          <p className="muted">{t('loading')}</p>
        )}
      </section>
    );
  }

  const readOnly = detail.readOnly;
  const draftDirty = isDraftDirty(state);
  const formDirty = isFormDirty(state);
  const definition = detail.definition;
  const opened = openedForm(detail);
  const activeTab: Tab = definition ? tab : 'raw';
  // While the text is edited, what checking the draft found (as you type); otherwise the saved file's.
  const findings =
    activeTab === 'raw' && draftDirty && state.checked ? state.checked.findings : detail.findings;
  const fileFindings = findings.filter(isAboutSkillFile);
  const otherFindings = findings.filter((f) => !isAboutSkillFile(f));

  const remove = async () => {
    setFailed(null);
    const result = await state.remove();
    // in the trash (with an undo): nothing is left to save
    if (result.ok) navigation().navigate('#/skills', { force: true });
    else setFailed({ skillId: detail.id, message: errorText(result.error) });
  };

  const saveAndLeave = async () => {
    if (await state.save()) return navigation().proceed();
    navigation().stay();
    // a form value that cannot be written: show it where it is said
    if (useEditorStore.getState().formProblem) setTab('form');
  };

  return (
    <section className="page editor" aria-labelledby="page-title" data-testid="skill-editor">
      <PageHeader
        title={t(readOnly ? 'headingReadOnly' : 'heading', { name: detail.name })}
        subtitle={<code>{detail.path}</code>}
      >
        <div className="editor-header-actions">
          {back}
          <RunSkillButton skill={detail} author />
          <button
            type="button"
            className={readOnly ? 'button button-primary' : 'button'}
            onClick={() => setDuplicating(true)}
          >
            {t('duplicate')}
          </button>
          {!readOnly && (
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('delete')}
            </button>
          )}
        </div>
      </PageHeader>

      {readOnly && (
        <p className="editor-note" role="note">
          {t('readOnly')}
        </p>
      )}
      {actionError && (
        <div className="form-error" role="alert">
          {actionError}
        </div>
      )}

      <section className="editor-findings" aria-label={t('findings.label')} data-testid="editor-findings">
        {findings.length === 0 ? (
          <p className="muted small">{t('findings.none')}</p>
        ) : (
          <ul>
            {[...fileFindings, ...otherFindings].map((f, i) => (
              <li key={i} data-severity={f.severity}>
                <span className={`badge ${f.severity === 'error' ? 'badge-error' : 'badge-warn'}`}>
                  {t(`findings.${f.severity}`)}
                </span>{' '}
                {f.line !== undefined && (
                  <span className="muted">{t('findings.line', { line: f.line })} </span>
                )}
                {errorText({ message: f.message, words: f.words }, i18n)}{' '}
                <code className="muted">{f.code}</code>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="tabs" role="tablist" aria-label={t('tabs.label')}>
        <button
          type="button"
          role="tab"
          id="editor-tab-form"
          aria-controls="editor-panel"
          aria-selected={activeTab === 'form'}
          disabled={!definition}
          title={definition ? undefined : t('tabs.formUnavailable')}
          onClick={() => setTab('form')}
        >
          {t('tabs.form')}
          {formDirty && <span className="dirty-dot" aria-label={t('unsaved')} />}
        </button>
        <button
          type="button"
          role="tab"
          id="editor-tab-raw"
          aria-controls="editor-panel"
          aria-selected={activeTab === 'raw'}
          onClick={() => setTab('raw')}
        >
          {t('tabs.raw')}
          {draftDirty && <span className="dirty-dot" aria-label={t('unsaved')} />}
        </button>
      </div>

      <div
        id="editor-panel"
        role="tabpanel"
        aria-labelledby={`editor-tab-${activeTab}`}
        className="editor-panel"
      >
        {activeTab === 'form' && definition && opened ? (
          <SkillForm
            key={detail.hash}
            detail={{ ...detail, definition }}
            opened={opened}
            values={state.form ?? opened}
            dirty={formDirty}
            problem={state.formProblem}
            providers={state.providers}
            readOnly={readOnly}
            saving={state.saving}
            onChange={state.setForm}
            onSave={state.save}
          />
        ) : (
          <>
            {!definition && <p className="editor-note">{t('tabs.formUnavailable')}</p>}
            <Suspense fallback={<p className="muted">{t('loading')}</p>}>
              <RawEditor
                value={state.draft}
                onChange={state.setDraft}
                onSave={() => void state.save()}
                lint={state.check}
                readOnly={readOnly}
                label={t('rawLabel')}
              />
            </Suspense>
            {!readOnly && (
              <div className="editor-actions">
                <button
                  type="button"
                  className="button"
                  disabled={!draftDirty || state.saving}
                  onClick={() => state.setDraft(detail.raw)}
                >
                  {t('revert')}
                </button>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={!draftDirty || state.saving}
                  onClick={() => void state.save()}
                >
                  {state.saving ? t('saving') : t('saveRaw')}
                </button>
              </div>
            )}
          </>
        )}
      </div>

      <p className="editor-status" role="status">
        {state.saveError
          ? t('saveError', { error: state.saveError })
          : state.savedAt && !state.saving
            ? t('saved')
            : ''}
      </p>

      {state.conflict && (
        <ConflictDialog
          conflict={state.conflict}
          opened={detail.raw}
          saving={state.saving}
          onChoose={(choice) => void state.resolveConflict(choice)}
        />
      )}
      {leaving !== null && (
        <UnsavedDialog
          name={detail.name}
          saving={state.saving}
          onSave={() => void saveAndLeave()}
          onDiscard={() => navigation().proceed()}
          onCancel={() => navigation().stay()}
        />
      )}
      {duplicating && (
        <IdDialog
          title={t('duplicateTitle', { name: detail.name })}
          initialId={`${detail.id.replace(/[^a-z0-9-]/g, '-')}-copy`}
          submitLabel={t('duplicate')}
          onClose={() => setDuplicating(false)}
          onSubmit={async (newId) => {
            const result = await state.duplicate(newId);
            if (!result.ok) return errorText(result.error);
            setDuplicating(false);
            window.location.hash = editorHref(result.value.id);
            return null;
          }}
        />
      )}
    </section>
  );
}
