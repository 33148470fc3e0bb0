import { create } from 'zustand';
import type { Client } from '../../../shared/ipc/client';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';
import type { SkillMeta, SkillSummary } from '../../../shared/types/skill';
import { errorText } from '../i18n/error-text';

export type MetaPatch = ChannelInput<'meta:update'>['patch'];

export interface SkillsState {
  /** In the order the deck shows them: by `sortOrder`, then as the host listed them. */
  skills: SkillSummary[];
  loading: boolean;
  /** Why the last `load()` failed, or null. */
  error: string | null;
  load(): Promise<void>;
  /** The envelope comes back so the caller can show its message next to the form that sent it. */
  updateMeta(skillId: string, patch: MetaPatch): Promise<Result<SkillMeta>>;
}

export function createSkillsStore(client: Client) {
  // Only the newest load may write: an older answer arriving late would undo a newer one.
  let latestLoad = 0;

  const useSkillsStore = create<SkillsState>()((set) => ({
    skills: [],
    loading: false,
    error: null,

    async load() {
      const load = ++latestLoad;
      set({ loading: true });
      const result = await client.request('skills:list', undefined);
      if (load !== latestLoad) return;
      if (result.ok) set({ skills: inDeckOrder(result.value), loading: false, error: null });
      else set({ loading: false, error: errorText(result.error) });
    },

    async updateMeta(skillId, patch) {
      const result = await client.request('meta:update', { skillId, patch });
      if (result.ok) set((state) => ({ skills: withMeta(state.skills, result.value) }));
      return result;
    },
  }));

  client.on('meta:changed', (meta) =>
    useSkillsStore.setState((state) => ({ skills: withMeta(state.skills, meta) })),
  );
  client.on('skills:changed', () => void useSkillsStore.getState().load());

  return useSkillsStore;
}

export type SkillsStore = ReturnType<typeof createSkillsStore>;

function inDeckOrder(skills: readonly SkillSummary[]): SkillSummary[] {
  return [...skills].sort((a, b) => a.meta.sortOrder - b.meta.sortOrder);
}

/**
 * The list with one skill's meta replaced, unless what we hold is already newer. A shadowed skill
 * shares the id, and so the meta, of the one that wins.
 */
function withMeta(skills: SkillSummary[], meta: SkillMeta): SkillSummary[] {
  const current = skills.find((s) => s.id === meta.skillId);
  if (!current || current.meta.updatedAt > meta.updatedAt) return skills;
  return inDeckOrder(skills.map((s) => (s.id === meta.skillId ? { ...s, meta } : s)));
}
