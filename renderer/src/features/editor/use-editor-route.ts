import { useSyncExternalStore } from 'react';
import { navigation } from './navigation';
import { skillIdFromHash } from './route';

/** The hash the dashboard shows (not the URL's while leaving is being asked about). */
export function useShownHash(): string {
  const nav = navigation();
  return useSyncExternalStore(nav.subscribe, nav.hash);
}

/** The change of page being held while the user is asked, or null. */
export function usePendingNavigation(): string | null {
  const nav = navigation();
  return useSyncExternalStore(nav.subscribe, nav.pending);
}

/** The id of the skill open in the editor (`#/skills/<id>`), or null. */
export function useEditorRoute(): string | null {
  return skillIdFromHash(useShownHash());
}
