// Global shortcuts as an OS gives them, for the trigger tests: a key another application holds
// (`heldByOthers`), or one already taken here, is refused.
import type { ShortcutRegistrar } from './hotkeys';

export function fakeShortcuts(heldByOthers: readonly string[] = []) {
  const keys = new Map<string, () => void>();
  const registrar: ShortcutRegistrar = {
    register: (accelerator, callback) => {
      if (heldByOthers.includes(accelerator) || keys.has(accelerator)) return false;
      keys.set(accelerator, callback);
      return true;
    },
    unregister: (accelerator) => void keys.delete(accelerator),
    isRegistered: (accelerator) => keys.has(accelerator),
  };
  return { registrar, keys, press: (accelerator: string) => keys.get(accelerator)?.() };
}
