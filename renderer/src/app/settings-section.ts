// One settings section's load and change, as the stores of Settings › Selection toolbar and › Web search
// do them: the newest answer wins (an older one arriving late is ignored), a change is shown at once and
// then replaced by what the host kept — or put back, with the host's refusal in `error`.
import type { Result } from '../../../shared/ipc/result';
import { errorText } from '../i18n/error-text';

export interface SectionState<S> {
  settings: S | null;
  error: string | null;
}

export interface SectionOptions<S, P> {
  get: () => SectionState<S>;
  set: (partial: Partial<SectionState<S>>) => void;
  read: () => Promise<Result<S>>;
  write: (patch: P) => Promise<Result<S>>;
  /** What shows while the host answers (default: the settings as they were). */
  shown?: (before: S, patch: P) => S;
  /** Also set when the host kept a change (e.g. a stale test result dropped). */
  kept?: () => Partial<SectionState<S>> & Record<string, unknown>;
}

export function settingsSection<S, P>(options: SectionOptions<S, P>) {
  let latest = 0;
  return {
    async load(): Promise<void> {
      const request = ++latest;
      const result = await options.read();
      if (request !== latest) return;
      if (result.ok) options.set({ settings: result.value, error: null });
      else options.set({ error: errorText(result.error) });
    },
    /** Sends the change; true when the host kept it. */
    async update(patch: P): Promise<boolean> {
      const before = options.get().settings;
      const request = ++latest;
      if (before && options.shown) options.set({ settings: options.shown(before, patch) });
      const result = await options.write(patch);
      if (request !== latest) return result.ok;
      if (result.ok) options.set({ settings: result.value, error: null, ...options.kept?.() });
      else options.set({ settings: before, error: errorText(result.error) });
      return result.ok;
    },
    /** Settings pushed by the host (another window changed them): answers still on their way are stale. */
    pushed(settings: S): void {
      latest++;
      options.set({ settings, error: null });
    },
  };
}
