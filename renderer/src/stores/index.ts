import type { Client } from '../../../shared/ipc/client';
import { storedLanguage } from '../i18n';
import { createAppStore, type AppStore } from './app';
import { createGrantsStore, type GrantsStore } from '../features/grants/grants-store';
import { createAppsStore, type AppsStore } from '../features/settings/apps-store';
import { createEditorStore, type EditorStore } from './editor';
import { createDesktopCheckStore, type DesktopCheckStore } from '../features/settings/desktop-check-store';
import { createLaunchStore, type LaunchStore } from './launch';
import { createConnectionStore, type ConnectionLink, type ConnectionStore } from './connection';
import { createMemosStore, type MemosStore } from './memos';
import { createPromptsStore, type PromptsStore } from './prompts';
import { createRunsStore, type RunsStore } from './runs';
import { createSettingsStore, type SettingsStore } from './settings';
import { createSkillsStore, type SkillsStore } from './skills';
import { createToolbarStore, type ToolbarStore } from '../features/toolbar/toolbar-store';
import { createWebSearchStore, type WebSearchStore } from '../features/web-search/web-search-store';
import { createPacksStore, type PacksStore } from '../features/packs/packs-store';
import { createSpeechStore, type SpeechStore } from '../features/voice/speech-store';
import { createVoiceSession, type VoiceSession } from '../features/voice/voice-session';

export interface Stores {
  useAppStore: AppStore;
  useSkillsStore: SkillsStore;
  useConnectionStore: ConnectionStore;
  useMemosStore: MemosStore;
  useGrantsStore: GrantsStore;
  useSettingsStore: SettingsStore;
  useRunsStore: RunsStore;
  usePromptsStore: PromptsStore;
  useEditorStore: EditorStore;
  useLaunchStore: LaunchStore;
  useDesktopCheckStore: DesktopCheckStore;
  useToolbarStore: ToolbarStore;
  useAppsStore: AppsStore;
  useWebSearchStore: WebSearchStore;
  usePacksStore: PacksStore;
  useSpeechStore: SpeechStore;
  /** The dashboard's one recording at a time (the mic buttons). */
  useVoiceSession: VoiceSession;
}

/** All stores of one dashboard, loaded once and reloaded whenever a dropped link comes back. */
export function createStores(client: Client, link: ConnectionLink | null): Stores {
  const useRunsStore = createRunsStore(client);
  const stores: Stores = {
    useAppStore: createAppStore(client, { chosenLanguage: storedLanguage }),
    useSkillsStore: createSkillsStore(client),
    useConnectionStore: createConnectionStore(link),
    // Memos and grants are read when their page opens (and again after a reconnect, by the page).
    useMemosStore: createMemosStore(client),
    useGrantsStore: createGrantsStore(client),
    // Loaded at start: the skills page's first-run card needs to know whether any provider exists.
    useSettingsStore: createSettingsStore(client),
    // Runs: the history is read when the page opens; prompts open before this page loaded are read now.
    useRunsStore,
    usePromptsStore: createPromptsStore(client),
    // The skill editor (#/skills/<id>): reads the skill when it opens.
    useEditorStore: createEditorStore(client),
    // The command palette and the run sheet; a run starts through the runs store (Runs follows it).
    useLaunchStore: createLaunchStore(client, (request) => useRunsStore.getState().start(request)),
    // Settings › Desktop check: run on demand only (it pastes into the page's test field).
    useDesktopCheckStore: createDesktopCheckStore(client),
    // Settings › Selection toolbar: its mode and pinned skills (the apps it avoids are the per-app rules').
    useToolbarStore: createToolbarStore(client),
    // Settings › Apps: read when the section opens (and again after a reconnect, by the section).
    useAppsStore: createAppsStore(client),
    // Settings › Web search: read when the section opens (and again after a reconnect, by loadAll).
    useWebSearchStore: createWebSearchStore(client),
    // Skills › Import… and a card's Export…: the file carried to the host and the import's steps.
    usePacksStore: createPacksStore(client),
    // Settings › Speech: read when the section opens.
    useSpeechStore: createSpeechStore(client),
    useVoiceSession: createVoiceSession(client),
  };
  const loadAll = () => {
    void stores.useAppStore.getState().load();
    void stores.useSkillsStore.getState().load();
    void stores.useSettingsStore.getState().load();
    void stores.useToolbarStore.getState().load();
    if (stores.useWebSearchStore.getState().settings) void stores.useWebSearchStore.getState().load();
    void stores.usePromptsStore.getState().loadPending();
  };
  let dropped = false;
  // Events sent while the link was down are lost: reading everything again is the only way to catch up.
  link?.onStatus((status) => {
    if (status.state === 'waiting') dropped = true;
    if (status.state === 'open' && dropped) {
      dropped = false;
      loadAll();
    }
  });
  loadAll();
  return stores;
}
