import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSourceInfo, SourceKind } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';

/** What was last done, for the status line (and the undo of a removal). */
export type SourceDone = { kind: 'added' | 'removed' | 'restored'; path: string } | null;

/** What names a source when it is added or removed: a plugin by its folder, a folder by itself. */
export const sourceKey = (source: SkillSourceInfo) => source.pluginDir ?? source.path;

/**
 * Adding (typed, picked, offered, undone) and removing skill folders or plugins in Settings: the typed
 * path, the errors of the form and of the list, the status line.
 */
export function useSourceActions(kind: SourceKind, active: readonly SkillSourceInfo[]) {
  const { t, i18n } = useTranslation('settings');
  const { useSettingsStore } = useStores();
  const addSource = useSettingsStore((s) => s.addSource);
  const removeSource = useSettingsStore((s) => s.removeSource);
  const pickFolder = useSettingsStore((s) => s.pickFolder);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<SourceDone>(null);
  /** Counts what was typed and refused: the form focuses its field again on each (SourceForm). */
  const [refusals, setRefusals] = useState(0);

  async function add(path: string, from: 'field' | 'offer' | 'undo') {
    setBusy(true);
    setActionError(null);
    if (from === 'field') setFieldError(null);
    const result = await addSource(path, kind);
    setBusy(false);
    if (result.ok) {
      const added = result.value.find(
        (s) => s.removable && s.active && !active.some((a) => sourceKey(a) === sourceKey(s)),
      );
      setDone({ kind: from === 'undo' ? 'restored' : 'added', path: added ? sourceKey(added) : path });
      if (from === 'field') setTyped('');
    } else if (from === 'field') {
      setFieldError(errorText(result.error, i18n));
      setRefusals((n) => n + 1);
    } else {
      setActionError(errorText(result.error, i18n));
    }
  }

  async function remove(source: SkillSourceInfo) {
    setActionError(null);
    const result = await removeSource(sourceKey(source));
    if (result.ok) setDone({ kind: 'removed', path: sourceKey(source) });
    else setActionError(errorText(result.error, i18n));
  }

  async function browse(title: string) {
    setFieldError(null);
    const result = await pickFolder(title);
    if (!result.ok) setFieldError(errorText(result.error, i18n));
    else if (result.value.path !== null) {
      setTyped(result.value.path);
      await add(result.value.path, 'field');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === '') {
      setFieldError(t(kind === 'plugin' ? 'plugins.empty' : 'folders.empty'));
      setRefusals((n) => n + 1);
      return;
    }
    void add(typed, 'field');
  }

  return { typed, setTyped, fieldError, actionError, busy, done, refusals, add, remove, browse, submit };
}
