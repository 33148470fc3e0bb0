import { useSyncExternalStore } from 'react';
import { skillIdFromHash } from './route';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The id of the skill open in the editor (`#/skills/<id>`), or null. */
export function useEditorRoute(): string | null {
  return useSyncExternalStore(subscribe, () => skillIdFromHash(window.location.hash));
}
