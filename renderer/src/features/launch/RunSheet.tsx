import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillDetail } from '../../../../shared/types/skill';
import { CloseIcon, PlayIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import { MicButton } from '../voice/MicButton';
import { errorText } from '../../i18n/error-text';
import { isEditorDirty } from '../../stores/editor';
import type { SheetState } from '../../stores/launch';
import { SkillTile } from '../skills/SkillTile';
import { LaunchDialog } from './LaunchDialog';
import { ArgumentFields, ConfigFields, SelectionField } from './SheetFields';
import { SheetResult } from './SheetResult';
import { asksForSelection, initialArguments, sheetRequest, type SheetValues } from './sheet-request';
import './run-sheet.css';

/** Enter without Shift (and not while an input method is composing) runs. */
export const isRunKey = (event: KeyboardEvent) =>
  event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;

/**
 * The run sheet: one skill's input, its arguments and settings, and its result streaming below. Opened
 * by Run on a card, in the editor, or from the palette (Tab, or Enter with the run already started).
 */
export function RunSheet({ sheet }: { sheet: SheetState }) {
  const { t } = useTranslation('launch');
  const { useSkillsStore, useLaunchStore, useEditorStore } = useStores();
  const summary = useSkillsStore((s) => s.skills.find((k) => k.id === sheet.skillId && !k.shadowedBy));
  const { closeSheet, detail: readDetail, run } = useLaunchStore.getState();
  // the editor open on this skill with unsaved edits: the sheet runs the saved file, and says so
  const unsaved = useEditorStore((s) => s.detail?.id === sheet.skillId && isEditorDirty(s));
  const [detail, setDetail] = useState<SkillDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<SheetValues>({
    input: sheet.prefill.input ?? '',
    selection: '',
    args: {},
    freeArguments: '',
    config: {},
  });
  const [showSelection, setShowSelection] = useState(summary?.usesSelection ?? false);
  const [runId, setRunId] = useState<string | null>(sheet.prefill.runId ?? null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the input was said (the mic button): the run is a voice run on that recording
  const [spoken, setSpoken] = useState<string | null>(null);
  const ids = { title: useId(), input: useId(), keys: useId() };
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let current = true;
    void readDetail(sheet.skillId).then((result) => {
      if (!current) return;
      if (!result.ok) return setLoadError(errorText(result.error));
      setDetail(result.value);
      const specs = result.value.definition?.argumentSpecs ?? [];
      setValues((v) => ({ ...v, args: initialArguments(specs) }));
      if (asksForSelection(result.value)) setShowSelection(true);
    });
    return () => {
      current = false;
    };
  }, [readDetail, sheet.skillId]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const definition = detail?.definition ?? null;
  const name = summary?.name ?? sheet.skillId;
  const offered = summary?.userInvocable !== false || sheet.prefill.author === true;
  // Enter before the skill's fields are read still runs: on the input, the arguments at their defaults
  const ready = Boolean(summary && offered && !starting);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!ready) return;
    setStarting(true);
    setError(null);
    const request = sheetRequest(sheet.skillId, values, {
      argumentSpecs: definition?.argumentSpecs ?? [],
      config: definition?.config ?? {},
    });
    const result = await run(spoken ? { ...request, speech: { recordingId: spoken } } : request);
    setSpoken(null);
    setStarting(false);
    if (result.ok) setRunId(result.value.runId);
    else setError(errorText(result.error));
  }

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a text box runs (Shift+Enter adds a line); a select or a button keeps its own Enter
    if (event.target instanceof HTMLTextAreaElement && isRunKey(event)) {
      event.preventDefault();
      void submit();
    }
  };

  const set = (patch: Partial<SheetValues>) => setValues((v) => ({ ...v, ...patch }));
  return (
    <LaunchDialog
      className="run-sheet"
      labelledBy={ids.title}
      onEscape={closeSheet}
      onClosed={closeSheet}
      testId="run-sheet"
    >
      <div className="run-sheet-panel">
        {/* the result (with its own forms: follow-up, retry with…) is outside the sheet's form */}
        <form className="run-sheet-form" onSubmit={submit} onKeyDown={onKeyDown} aria-describedby={ids.keys}>
          <header className="run-sheet-head">
            {summary && <SkillTile emoji={summary.meta.emoji} color={summary.meta.color} name={name} />}
            <div className="run-sheet-heading">
              <h2 id={ids.title} className="dialog-title">
                {t('sheet.title', { name })}
              </h2>
              {summary?.description && (
                <p className="muted small run-sheet-description">{summary.description}</p>
              )}
            </div>
            <button type="button" className="icon-button" aria-label={t('common:close')} onClick={closeSheet}>
              <CloseIcon />
            </button>
          </header>

          {!summary ? (
            <p className="form-error" role="alert">
              {t('sheet.gone')}
            </p>
          ) : !offered ? (
            <p className="form-error" role="alert">
              {t('sheet.notOffered')}
            </p>
          ) : (
            <div className="run-sheet-fields">
              <div className="field">
                <div className="run-sheet-input-label">
                  <label htmlFor={ids.input} className="field-label">
                    {t('sheet.input')}
                  </label>
                  <MicButton
                    onHeard={(heard) => {
                      setSpoken(heard.recordingId);
                      set({ input: heard.text });
                      inputRef.current?.focus();
                    }}
                  />
                </div>
                <textarea
                  id={ids.input}
                  ref={inputRef}
                  className="input run-sheet-text"
                  rows={3}
                  value={values.input}
                  placeholder={t('sheet.inputPlaceholder')}
                  onChange={(e) => set({ input: e.target.value })}
                />
              </div>
              <SelectionField
                open={showSelection}
                onOpen={setShowSelection}
                value={values.selection}
                onChange={(selection) => set({ selection })}
              />
              {loadError && (
                <p className="form-error" role="alert">
                  {t('sheet.loadError', { error: loadError })}
                </p>
              )}
              {!detail && !loadError && <p className="muted small">{t('sheet.loading')}</p>}
              {definition && (
                <>
                  <ArgumentFields
                    specs={definition.argumentSpecs}
                    hint={definition.argumentHint}
                    takesArguments={summary.takesArguments}
                    values={values}
                    onChange={set}
                  />
                  <ConfigFields
                    config={definition.config}
                    edits={values.config}
                    onChange={(config) => set({ config })}
                  />
                </>
              )}
            </div>
          )}

          <footer className="run-sheet-foot">
            <p id={ids.keys} className="muted small run-sheet-keys">
              {unsaved ? t('sheet.savedVersion') : t('sheet.keys')}
            </p>
            <button type="submit" className="button button-primary" disabled={!ready}>
              <PlayIcon />
              {starting ? t('sheet.starting') : runId ? t('sheet.runAgain') : t('sheet.run')}
            </button>
          </footer>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </form>
        {runId && <SheetResult runId={runId} onLeave={closeSheet} onShowRun={setRunId} />}
      </div>
    </LaunchDialog>
  );
}
