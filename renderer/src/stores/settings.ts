import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { ErrorWords, Result } from '../../../shared/ipc/result';
import type { HotkeyBehaviour, HotkeysOverview } from '../../../shared/types/desktop';
import type { PermissionMode } from '../../../shared/types/permission';
import type {
  Provider,
  ProviderAddKeyInput,
  ProviderEditKeyInput,
  ProviderSaveInput,
  ProviderTestResult,
} from '../../../shared/types/provider';
import type { SkillSourceInfo, SourceKind } from '../../../shared/types/skill';
import { errorText } from '../i18n/error-text';

export type ProviderTest =
  | { state: 'testing' }
  | ({ state: 'done' } & ProviderTestResult)
  | { state: 'failed'; message: string; words?: ErrorWords };

export interface SettingsState {
  /** null until the first `providers:list` answer: "no providers" (first run) is an empty array. */
  providers: Provider[] | null;
  providersError: string | null;
  /** The last "Test connection" of each provider, by id. */
  tests: Record<string, ProviderTest>;
  mode: PermissionMode | null;
  modeError: string | null;
  hotkeys: HotkeysOverview | null;
  hotkeysError: string | null;
  /** A repeated press and the copy-key fallback (`hotkeys:behaviour`); null until read. */
  behaviour: HotkeyBehaviour | null;
  behaviourError: string | null;
  /** The skill folders searched, then the known folders of other tools offered to add. */
  sources: SkillSourceInfo[] | null;
  sourcesError: string | null;
  load(): Promise<void>;
  loadSources(): Promise<void>;
  /** The envelope comes back so the form can show the host's message next to the field. */
  /** Adds a folder of skills, or (`plugin`) a plugin folder. */
  addSource(path: string, kind?: SourceKind): Promise<Result<SkillSourceInfo[]>>;
  removeSource(path: string): Promise<Result<SkillSourceInfo[]>>;
  /** The desktop app's folder dialog (only where `app:info` says `folderPicker`). */
  pickFolder(title: string): Promise<Result<{ path: string | null }>>;
  loadProviders(): Promise<void>;
  /** The envelope comes back so the form can show the message next to it. */
  saveProvider(input: ProviderSaveInput): Promise<Result<Provider>>;
  deleteProvider(id: string): Promise<Result<{ id: string }>>;
  makeDefault(id: string): Promise<Result<Provider>>;
  testProvider(id: string): Promise<void>;
  /** A provider's pool: the answer is the provider with its keys' labels and health (never a key). */
  addKey(input: ProviderAddKeyInput): Promise<Result<Provider>>;
  editKey(input: ProviderEditKeyInput): Promise<Result<Provider>>;
  removeKey(providerId: string, keyId: string): Promise<Result<Provider>>;
  setMode(mode: PermissionMode): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  /** The launcher's key (null: off); the host's refusal comes back as text for the field. */
  setLauncherKey(accelerator: string | null): Promise<string | null>;
  setBehaviour(change: Partial<HotkeyBehaviour>): Promise<void>;
}

/** Providers, the global permission mode and the hotkeys: what the Settings page (and first run) read. */
export function createSettingsStore(client: Client) {
  let latestProviders = 0;
  /** Answers to an older sources request than the newest one are dropped. */
  let latestSources = 0;

  const useSettingsStore = create<SettingsState>()((set, get) => ({
    providers: null,
    providersError: null,
    tests: {},
    mode: null,
    modeError: null,
    hotkeys: null,
    hotkeysError: null,
    behaviour: null,
    behaviourError: null,
    sources: null,
    sourcesError: null,

    async load() {
      await Promise.all([
        get().loadProviders(),
        loadMode(),
        loadHotkeys(),
        loadBehaviour(),
        get().loadSources(),
      ]);
    },

    async loadSources() {
      const load = ++latestSources;
      const result = await client.request('skills:sources', undefined);
      if (load !== latestSources) return;
      if (result.ok) set({ sources: result.value, sourcesError: null });
      else set({ sourcesError: errorText(result.error) });
    },

    addSource: (path, kind) =>
      changeSources('skills:addSource', kind === 'plugin' ? { path, kind } : { path }),
    removeSource: (path) => changeSources('skills:removeSource', { path }),
    pickFolder: (title) => client.request('app:pickFolder', { title }),

    async loadProviders() {
      const load = ++latestProviders;
      const result = await client.request('providers:list', undefined);
      if (load !== latestProviders) return;
      if (result.ok) set({ providers: result.value, providersError: null });
      else set({ providersError: errorText(result.error) });
    },

    async saveProvider(input) {
      const result = await client.request('providers:save', input);
      // Also after an error: the record may be saved and only the key refused (the CLI host stores none).
      await get().loadProviders(); // saving a default clears the others' flag
      return result;
    },

    async deleteProvider(id) {
      const result = await client.request('providers:delete', { id });
      if (result.ok) {
        set((state) => ({ tests: withoutKey(state.tests, id) }));
        await get().loadProviders();
      }
      return result;
    },

    async makeDefault(id) {
      const provider = get().providers?.find((p) => p.id === id);
      if (!provider)
        return { ok: false, error: { code: 'NOT_FOUND', message: `no provider with id "${id}"` } };
      return get().saveProvider({ ...saveInputOf(provider), isDefault: true });
    },

    async testProvider(id) {
      set((state) => ({ tests: { ...state.tests, [id]: { state: 'testing' } } }));
      const result = await client.request('providers:test', { id });
      set((state) => ({
        tests: {
          ...state.tests,
          [id]: result.ok
            ? { state: 'done', ...result.value }
            : {
                // worded where it is shown (TestResult), in the page's language at that moment
                state: 'failed',
                message: result.error.message,
                ...(result.error.words ? { words: result.error.words } : {}),
              },
        },
      }));
    },

    addKey: (input) => changeKeys(client.request('providers:addKey', input)),
    editKey: (input) => changeKeys(client.request('providers:editKey', input)),
    removeKey: (providerId, keyId) =>
      changeKeys(client.request('providers:removeKey', { providerId, keyId })),

    async setMode(mode) {
      // shown at once (a radio that waits for the host looks dead), put back if the host refuses
      const before = get().mode;
      set({ mode });
      const result = await client.request('permissions:mode', { mode });
      if (result.ok) set({ mode: result.value.mode, modeError: null });
      else set({ mode: before, modeError: errorText(result.error) });
    },

    async setPaused(paused) {
      const result = await client.request('hotkeys:pause', { paused });
      if (result.ok) set({ hotkeys: result.value, hotkeysError: null });
      else set({ hotkeysError: errorText(result.error) });
    },

    async setLauncherKey(accelerator) {
      const result = await client.request('hotkeys:setLauncher', { accelerator });
      if (!result.ok) return errorText(result.error);
      set({ hotkeys: result.value, hotkeysError: null });
      return null;
    },

    async setBehaviour(change) {
      // shown at once, put back if the host refuses
      const before = get().behaviour;
      if (before) set({ behaviour: { ...before, ...change } });
      const result = await client.request('hotkeys:behaviour', change);
      if (result.ok) set({ behaviour: result.value, behaviourError: null });
      else set({ behaviour: before, behaviourError: errorText(result.error) });
    },
  }));

  /** Adds or removes a folder; the answer is the new list (kept unless a newer request was made). */
  async function changeSources(
    channel: 'skills:addSource' | 'skills:removeSource',
    input: { path: string; kind?: SourceKind },
  ) {
    const load = ++latestSources;
    const result = await client.request(channel, input);
    if (result.ok && load === latestSources)
      useSettingsStore.setState({ sources: result.value, sourcesError: null });
    return result;
  }

  /** A key changed: the provider as the host answers it replaces the one shown. */
  async function changeKeys(request: Promise<Result<Provider>>) {
    const result = await request;
    if (result.ok) {
      const changed = result.value;
      useSettingsStore.setState((state) => ({
        providers: state.providers?.map((p) => (p.id === changed.id ? changed : p)) ?? null,
      }));
    }
    return result;
  }

  async function loadMode() {
    const result = await client.request('permissions:mode', undefined);
    if (result.ok) useSettingsStore.setState({ mode: result.value.mode, modeError: null });
    else useSettingsStore.setState({ modeError: errorText(result.error) });
  }

  async function loadHotkeys() {
    const result = await client.request('hotkeys:status', undefined);
    if (result.ok) useSettingsStore.setState({ hotkeys: result.value, hotkeysError: null });
    else useSettingsStore.setState({ hotkeysError: errorText(result.error) });
  }

  async function loadBehaviour() {
    const result = await client.request('hotkeys:behaviour', undefined);
    if (result.ok) useSettingsStore.setState({ behaviour: result.value, behaviourError: null });
    else useSettingsStore.setState({ behaviourError: errorText(result.error) });
  }

  // a key set aside or cooling down after a run, or changed in another window
  client.on('providers:changed', () => void useSettingsStore.getState().loadProviders());
  client.on('hotkeys:changed', (hotkeys) => useSettingsStore.setState({ hotkeys, hotkeysError: null }));
  // a skill added or removed on disk changes a folder's count
  client.on('skills:changed', () => {
    if (useSettingsStore.getState().sources) void useSettingsStore.getState().loadSources();
  });

  return useSettingsStore;
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

/** A stored provider as a save input that changes nothing (no `apiKey`: the stored keys are kept). */
export function saveInputOf(provider: Provider): ProviderSaveInput {
  return {
    id: provider.id,
    kind: provider.kind,
    name: provider.name,
    baseUrl: provider.baseUrl,
    defaultModel: provider.defaultModel,
    knownModels: provider.knownModels,
    maxOutputTokens: provider.maxOutputTokens,
    isDefault: provider.isDefault,
  };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}
