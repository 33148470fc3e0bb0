// The editor's authoring helpers beside the form: the sample values the preview fills and "Try it" runs
// with, trying the unsaved draft (the form and the text as they are, nothing written), and the model
// lists of the providers the model picker offers.
import type { Client } from '../../../shared/ipc/client';
import type { Finding } from '../../../shared/types/finding';
import type { ProviderModels } from '../../../shared/types/provider';
import { FormProblem, formPatch } from '../features/editor/form-model';
import { errorText } from '../i18n/error-text';
import type { EditorState } from './editor';
import { openedForm } from './opened-form';

export interface TrySample {
  selection: string;
  /** What the user would type (the instruction). */
  input: string;
  /** The preview's `{{clipboard}}` (a try reads the real clipboard, as a run does). */
  clipboard: string;
  arguments: string;
  /** `{{app}}`, `{{window_title}}`, `{{url}}`: the window a hotkey run would start in. */
  app: string;
  windowTitle: string;
  url: string;
}

export const EMPTY_SAMPLE: TrySample = {
  selection: '',
  input: '',
  clipboard: '',
  arguments: '',
  app: '',
  windowTitle: '',
  url: '',
};

/** The sample's window, as `runs:start`'s `context` (empty boxes left out, as the window did not say). */
export function sampleContext(sample: TrySample) {
  const given = { app: sample.app, window_title: sample.windowTitle, url: sample.url };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== '')) as Partial<
    typeof given
  >;
}

export type ModelList =
  { state: 'loading' } | { state: 'done'; value: ProviderModels } | { state: 'failed'; error: string };

/** Why the draft was not tried: its error findings (each in its own words), or a refusal. */
export type TryProblem = { kind: 'findings'; findings: Finding[] } | { kind: 'error'; message: string };

export interface TrySlice {
  sample: TrySample;
  /** The last try started here; its events are followed by the runs store. */
  tryRunId: string | null;
  tryProblem: TryProblem | null;
  /** The draft is being checked and started. */
  trying: boolean;
  /** By provider id. */
  models: Record<string, ModelList>;
  setSample(change: Partial<TrySample>): void;
  /**
   * Runs the skill as edited — the text with the form's changes applied as a save would — on the sample,
   * against the provider and model it names. false when it did not start (`tryProblem` or the form's
   * `formProblem` says why).
   */
  tryDraft(): Promise<boolean>;
  /** Asks for a provider's models once per editor session (the host keeps them a minute). */
  loadModels(providerId: string): Promise<void>;
}

type Set = (change: Partial<EditorState> | ((state: EditorState) => Partial<EditorState>)) => void;

/** What `runs:start` gets from the sample: empty boxes are not sent (as a run started elsewhere). */
export function sampleRequest(sample: TrySample) {
  return {
    ...(sample.selection !== '' ? { selection: sample.selection } : {}),
    ...(sample.input !== '' ? { input: sample.input } : {}),
    ...(sample.arguments.trim() !== '' ? { arguments: sample.arguments } : {}),
    ...(Object.keys(sampleContext(sample)).length > 0 ? { context: sampleContext(sample) } : {}),
  };
}

export function createTrySlice(client: Client, set: Set, get: () => EditorState): TrySlice {
  return {
    sample: EMPTY_SAMPLE,
    tryRunId: null,
    tryProblem: null,
    trying: false,
    models: {},

    setSample(change) {
      set((state) => ({ sample: { ...state.sample, ...change } }));
    },

    async tryDraft() {
      const state = get();
      const { skillId, detail } = state;
      if (!skillId || !detail || state.trying) return false;
      set({ trying: true, tryProblem: null, formProblem: null });
      try {
        let edit = null;
        const opened = state.form ? openedForm(detail) : null;
        if (opened) {
          try {
            edit = formPatch(opened, state.form!, detail.definition!);
          } catch (error) {
            if (!(error instanceof FormProblem)) throw error;
            set({ formProblem: { key: error.key, detail: error.detail } });
            return false;
          }
        }
        const checked = await client.request('skills:check', {
          skillId,
          text: state.draft,
          ...(edit ? { edit } : {}),
        });
        if (!checked.ok) {
          set({ tryProblem: { kind: 'error', message: errorText(checked.error) } });
          return false;
        }
        const errors = checked.value.findings.filter((f) => f.severity === 'error');
        if (errors.length > 0) {
          set({ tryProblem: { kind: 'findings', findings: errors } });
          return false;
        }
        const started = await client.request('runs:start', {
          skillId,
          draft: checked.value.text ?? state.draft,
          ...sampleRequest(get().sample),
        });
        if (!started.ok) {
          set({ tryProblem: { kind: 'error', message: errorText(started.error) } });
          return false;
        }
        if (get().skillId === skillId) set({ tryRunId: started.value.runId });
        return true;
      } finally {
        set({ trying: false });
      }
    },

    async loadModels(providerId) {
      const known = get().models[providerId];
      if (known && known.state !== 'failed') return;
      set((state) => ({ models: { ...state.models, [providerId]: { state: 'loading' } } }));
      const result = await client.request('providers:models', { id: providerId });
      const list: ModelList = result.ok
        ? { state: 'done', value: result.value }
        : { state: 'failed', error: errorText(result.error) };
      set((state) => ({ models: { ...state.models, [providerId]: list } }));
    },
  };
}
