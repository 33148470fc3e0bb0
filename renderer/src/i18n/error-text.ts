import i18next, { type i18n as I18n } from 'i18next';
import type { IpcError } from '../../../shared/ipc/result';

/**
 * A host error in the dashboard's language: its `words` when this dashboard knows that key
 * (`errors:<key>`), else the host's English message (older hosts, errors not worded yet).
 */
export function errorText(error: Pick<IpcError, 'message' | 'words'>, i18n: I18n = i18next): string {
  const words = error.words;
  if (!words || !i18n.exists(words.key, { ns: 'errors' })) return error.message;
  return i18n.t(words.key, { ns: 'errors', ...(words.values ?? {}) });
}
