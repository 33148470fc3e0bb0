import { useSyncExternalStore } from 'react';
import { pageFromHash, type Page } from './routes';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The page named in the URL hash, so a reload and the back button keep the user where they were. */
export function usePage(): Page {
  return useSyncExternalStore(subscribe, () => pageFromHash(window.location.hash));
}
