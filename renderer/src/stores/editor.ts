import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { Result } from '../../../shared/ipc/result';
import type { Finding } from '../../../shared/types/finding';
import type { Provider } from '../../../shared/types/provider';
import type { SkillDetail, SkillTemplate, TrashedSkill } from '../../../shared/types/skill';
import {
  FormProblem,
  formPatch,
  rebaseForm,
  type FormPatch,
  type FormValues,
} from '../features/editor/form-model';
import { errorText } from '../i18n/error-text';
import { createTrySlice, type TrySlice } from './editor-try';
import { openedForm } from './opened-form';

export { openedForm };

/** A form save sends only the changed fields; a raw save sends the whole text. */
export type PendingSave =
  | { kind: 'raw'; text: string }
  | { kind: 'fields'; fields?: Record<string, unknown>; config?: Record<string, unknown>; body?: string };

/** SKILL.md changed on disk after it was opened: what is there now, and the save that was refused. */
export interface EditorConflict {
  theirs: SkillDetail;
  mine: PendingSave;
}

export interface EditorState extends TrySlice {
  skillId: string | null;
  /** What was read (or written) last: its `hash` goes with the next save. */
  detail: SkillDetail | null;
  loading: boolean;
  /** Why the skill could not be read. */
  error: string | null;
  /** The raw editor's text. */
  draft: string;
  /** The form as edited, kept across tab switches; null while it is as opened (nothing to save). */
  form: FormValues | null;
  /** Why the form could not be saved (a value that cannot be written), for its message. */
  formProblem: { key: FormProblem['key']; detail: string } | null;
  saving: boolean;
  /** Why the last save failed (other than a conflict). */
  saveError: string | null;
  /** ms of the last successful save, for the "Saved" note. */
  savedAt: number | null;
  conflict: EditorConflict | null;
  providers: Provider[];
  /** The skill just deleted, while its "Undo" is offered. */
  trashed: TrashedSkill | null;
  /** What `skills:check` found in the draft last (the draft as it was then). */
  checked: { text: string; findings: Finding[] } | null;

  open(skillId: string): Promise<void>;
  close(): void;
  setDraft(text: string): void;
  /** The form's values as edited (null, or the values as opened: nothing edited). */
  setForm(values: FormValues | null): void;
  /**
   * The findings of `text` as SKILL.md of the open skill, nothing written (`skills:check`); the saved
   * text's own findings without asking. Kept as `checked` while `text` is still the draft.
   */
  check(text: string): Promise<Finding[]>;
  saveRaw(): Promise<boolean>;
  saveFields(patch: FormPatch): Promise<boolean>;
  /**
   * Saves every unsaved change: the text first, then the form's changed fields over it (so both are
   * kept). false when something was not saved (a conflict, a refusal, a form value that cannot be
   * written): `conflict`, `saveError` or `formProblem` say why.
   */
  save(): Promise<boolean>;
  /** Keep mine: save again over what is on disk now. Take theirs: load it. Cancel: keep editing. */
  resolveConflict(choice: 'mine' | 'theirs' | 'cancel'): Promise<boolean>;
  create(skillId: string, template: SkillTemplate, description?: string): Promise<Result<SkillDetail>>;
  duplicate(newId: string): Promise<Result<SkillDetail>>;
  remove(): Promise<Result<TrashedSkill>>;
  undoRemove(): Promise<Result<SkillDetail> | null>;
  dismissTrashed(): void;
}

export const isDraftDirty = (s: Pick<EditorState, 'detail' | 'draft'>) =>
  s.detail !== null && s.draft !== s.detail.raw;

export const isFormDirty = (s: Pick<EditorState, 'detail' | 'form'>) => s.detail !== null && s.form !== null;

/** Something differs from the file as read or last saved (typing, then undoing it all, is not a change). */
export const isEditorDirty = (s: Pick<EditorState, 'detail' | 'draft' | 'form'>) =>
  isDraftDirty(s) || isFormDirty(s);

const sameValues = (a: FormValues, b: FormValues) => JSON.stringify(a) === JSON.stringify(b);

export function createEditorStore(client: Client) {
  // Only the newest read may write: opening another skill while one loads must not show the first.
  let latestRead = 0;

  const useEditorStore = create<EditorState>()((set, get) => {
    /**
     * A version of the file to edit from. After the text was saved, changes made in the form meanwhile
     * are carried over to it (field by field); otherwise the form starts again from the file.
     */
    /** Shows `detail`. `keepForm`: the form's edits are carried onto it; `sent`: the form a save sent,
     * so what was typed while it was written (differing from what was sent) is carried too. */
    const loaded = (detail: SkillDetail, keepForm = false, sent?: FormValues | null) => {
      const { form, detail: before } = get();
      const from = sent ?? openedForm(before);
      const to = openedForm(detail);
      const edited = form && (keepForm || (sent !== undefined && form !== sent));
      const carried = edited && from && to ? rebaseForm(form, from, to) : null;
      set({ detail, draft: detail.raw, form: carried, error: null, loading: false });
    };

    async function read(skillId: string) {
      const ticket = ++latestRead;
      set({ loading: true });
      const result = await client.request('skills:get', { skillId });
      if (ticket !== latestRead || get().skillId !== skillId) return;
      if (result.ok) loaded(result.value);
      else set({ loading: false, error: errorText(result.error), detail: null });
    }

    async function send(baseHash: string, save: PendingSave): Promise<boolean> {
      const { skillId } = get();
      if (!skillId) return false;
      const sentForm = get().form;
      set({ saving: true, saveError: null });
      const change =
        save.kind === 'raw'
          ? { raw: save.text }
          : {
              ...(save.fields ? { fields: save.fields } : {}),
              ...(save.config ? { config: save.config } : {}),
              ...(save.body !== undefined ? { body: save.body } : {}),
            };
      const result = await client.request('skills:update', { skillId, baseHash, ...change });
      if (get().skillId !== skillId) return false;
      if (result.ok) {
        latestRead++; // a read started before this save is older than what it returned
        loaded(result.value, save.kind === 'raw', save.kind === 'raw' ? undefined : sentForm);
        set({ saving: false, savedAt: Date.now(), conflict: null });
        return true;
      }
      if (result.error.code === 'CONFLICT') {
        const theirs = await client.request('skills:get', { skillId });
        if (theirs.ok) {
          set({ saving: false, conflict: { theirs: theirs.value, mine: save } });
          return false;
        }
      }
      set({ saving: false, saveError: errorText(result.error) });
      return false;
    }

    return {
      skillId: null,
      detail: null,
      loading: false,
      error: null,
      draft: '',
      form: null,
      formProblem: null,
      saving: false,
      saveError: null,
      savedAt: null,
      conflict: null,
      providers: [],
      trashed: null,
      checked: null,
      ...createTrySlice(client, set, get),

      async open(skillId) {
        set({
          skillId,
          detail: null,
          draft: '',
          error: null,
          saveError: null,
          savedAt: null,
          conflict: null,
          form: null,
          formProblem: null,
          checked: null,
          tryRunId: null,
          tryProblem: null,
          // asked again per skill opened: providers and their models change in Settings meanwhile
          models: {},
        });
        void client.request('providers:list', undefined).then((r) => {
          if (r.ok) set({ providers: r.value });
        });
        await read(skillId);
      },

      close() {
        latestRead++;
        set({
          skillId: null,
          detail: null,
          draft: '',
          conflict: null,
          form: null,
          formProblem: null,
          checked: null,
          tryRunId: null,
          tryProblem: null,
        });
      },

      setDraft(text) {
        set({ draft: text });
      },

      setForm(values) {
        const opened = openedForm(get().detail);
        const form = values && opened && !sameValues(values, opened) ? values : null;
        if (form !== get().form) set({ form });
      },

      async check(text) {
        const { skillId, detail } = get();
        if (!skillId || !detail) return [];
        if (text === detail.raw) return detail.findings;
        const result = await client.request('skills:check', { skillId, text });
        const findings: Finding[] = result.ok
          ? result.value.findings
          : [{ code: 'check-failed', severity: 'warning', message: errorText(result.error) }];
        const now = get();
        if (now.skillId === skillId && now.draft === text) set({ checked: { text, findings } });
        return findings;
      },

      async saveRaw() {
        const { detail, draft } = get();
        if (!detail) return false;
        return send(detail.hash, { kind: 'raw', text: draft });
      },

      async saveFields(patch) {
        const { detail } = get();
        if (!detail) return false;
        return send(detail.hash, { kind: 'fields', ...patch });
      },

      async save() {
        const state = get();
        const opened = openedForm(state.detail);
        if (!state.detail || state.saving) return false;
        set({ formProblem: null });
        // The form's patch is worked out first: a value that cannot be written stops the save before
        // anything is written.
        let patch: FormPatch | null = null;
        if (state.form && opened && state.detail.definition) {
          try {
            patch = formPatch(opened, state.form, state.detail.definition);
          } catch (error) {
            if (!(error instanceof FormProblem)) throw error;
            set({ formProblem: { key: error.key, detail: error.detail } });
            return false;
          }
        }
        if (isDraftDirty(state) && !(await send(state.detail.hash, { kind: 'raw', text: state.draft })))
          return false;
        if (patch) return get().saveFields(patch);
        // edits the file would not show (spaces around a value): nothing to write
        if (state.form) set({ form: null });
        return true;
      },

      async resolveConflict(choice) {
        const { conflict } = get();
        if (!conflict) return false;
        if (choice === 'cancel') {
          set({ conflict: null });
          return false;
        }
        if (choice === 'theirs') {
          latestRead++;
          loaded(conflict.theirs);
          set({ conflict: null });
          return true;
        }
        return send(conflict.theirs.hash, conflict.mine);
      },

      async create(skillId, template, description) {
        return client.request('skills:create', {
          skillId,
          template,
          ...(description?.trim() ? { description: description.trim() } : {}),
        });
      },

      async duplicate(newId) {
        const { skillId } = get();
        if (!skillId) return { ok: false, error: { code: 'BAD_REQUEST', message: 'no skill open' } };
        return client.request('skills:duplicate', { skillId, newId });
      },

      async remove() {
        const { skillId } = get();
        if (!skillId) return { ok: false, error: { code: 'BAD_REQUEST', message: 'no skill open' } };
        const result = await client.request('skills:delete', { skillId });
        if (result.ok) set({ trashed: result.value });
        return result;
      },

      async undoRemove() {
        const { trashed } = get();
        if (!trashed) return null;
        const result = await client.request('skills:restore', { trashId: trashed.trashId });
        if (result.ok) set({ trashed: null });
        return result;
      },

      dismissTrashed() {
        set({ trashed: null });
      },
    };
  });

  // Changed on disk while open and nothing unsaved here: show the new text. With unsaved edits, the
  // next save reports the conflict instead.
  client.on('skills:changed', ({ ids }) => {
    const state = useEditorStore.getState();
    const { skillId, detail } = state;
    if (!skillId || !detail || (ids && !ids.includes(skillId))) return;
    if (state.saving || isEditorDirty(state) || state.conflict) return;
    void client.request('skills:get', { skillId }).then((result) => {
      const now = useEditorStore.getState();
      if (!result.ok || now.skillId !== skillId || now.saving || isEditorDirty(now)) return;
      if (now.detail?.hash !== result.value.hash)
        useEditorStore.setState({ detail: result.value, draft: result.value.raw });
    });
  });

  return useEditorStore;
}

export type EditorStore = ReturnType<typeof createEditorStore>;
