import { useShownHash } from '../features/editor/use-editor-route';
import { pageFromHash, type Page } from './routes';

/**
 * The page named in the URL hash, so a reload and the back button keep the user where they were (the
 * hash as shown: a change held by the editor's unsaved-changes question does not switch pages).
 */
export function usePage(): Page {
  return pageFromHash(useShownHash());
}
