import i18next, { type i18n as I18n } from 'i18next';
import type { IpcError } from '../../../shared/ipc/result';
import { sayDuration } from './duration';

/**
 * A host error in the dashboard's language: its `words` when this dashboard knows that key
 * (`errors:<key>`), else the host's English message (older hosts, errors not worded yet).
 */
export function errorText(error: Pick<IpcError, 'message' | 'words'>, i18n: I18n = i18next): string {
  const words = error.words;
  if (!words || !i18n.exists(words.key, { ns: 'errors' })) return error.message;
  const values = { ...(words.values ?? {}) };
  // a list of keys and why each is unusable, and a wait, given as data: said here in the page's language
  if (typeof values.keyStates === 'string') {
    const said = sayKeyStates(values.keyStates, i18n);
    if (said !== null) values.keys = said;
  }
  if (typeof values.waitSeconds === 'number') values.wait = sayDuration(values.waitSeconds, i18n);
  return i18n.t(words.key, { ns: 'errors', ...values });
}

interface KeyState {
  label: string;
  state: string;
  status?: number;
  seconds?: number;
}

/** "Work: invalid (401), Personal: cooling down for 42 s" in the page's language; null when unreadable. */
function sayKeyStates(json: string, i18n: I18n): string | null {
  let states: unknown;
  try {
    states = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(states)) return null;
  const said = (states as KeyState[]).map((s) =>
    i18n.exists(`keyState.${s.state}`, { ns: 'errors' })
      ? i18n.t(`keyState.${s.state}`, {
          ns: 'errors',
          ...s,
          ...(typeof s.seconds === 'number' ? { left: sayDuration(s.seconds, i18n) } : {}),
        })
      : String(s.label),
  );
  return said.join(i18n.t('keyState.separator', { ns: 'errors' }));
}
