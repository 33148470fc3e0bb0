import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import { LaunchDialog } from './LaunchDialog';
import { PaletteInput } from './PaletteInput';
import { PaletteList, type PaletteEntry, type PaletteGroup } from './PaletteList';
import { paletteCommands, type CommandContext } from './palette-actions';
import { offeredSkills, rankByText, rankSkills } from './palette-rank';
import { paletteRequest } from './sheet-request';
import './palette.css';

/**
 * Ctrl+K / ⌘K: find a skill (or a page, or an action) as you type. Enter on a skill asks for its input
 * (Enter again runs it, and the run sheet shows the answer); Tab opens the run sheet on it, for its
 * arguments and settings. A combobox over a listbox, in the ARIA sense.
 */
export function CommandPalette({ context }: { context: Omit<CommandContext, 't'> }) {
  const { t } = useTranslation('launch');
  const { useSkillsStore, useLaunchStore } = useStores();
  const all = useSkillsStore((s) => s.skills);
  const usage = useLaunchStore((s) => s.usage);
  const { closePalette, openSheet, run } = useLaunchStore.getState();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<SkillSummary | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const ids = { title: useId(), list: useId() };
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);

  const skills = useMemo(() => offeredSkills(all), [all]);
  const commands = paletteCommands({ ...context, t });
  // "lately" is measured from when the palette opened
  const [openedAt] = useState(() => Date.now());
  const ranked = useMemo(() => rankSkills(skills, usage, query, openedAt), [skills, usage, query, openedAt]);
  const groups: PaletteGroup[] = [
    {
      id: 'skills',
      label: t('palette.skills'),
      entries: ranked.map((r) => ({
        kind: 'skill' as const,
        id: `skill-${r.item.id}`,
        skill: r.item,
        nameIndexes: r.nameIndexes,
        score: r.score,
      })),
    },
    ...(['page', 'action'] as const).map((kind) => ({
      id: kind,
      label: t(kind === 'page' ? 'palette.pages' : 'palette.actions'),
      entries: rankByText(
        commands.filter((c) => c.kind === kind),
        (c) => `${c.label} ${c.keywords}`,
        query,
      ).map((r): PaletteEntry => ({ kind: 'command', id: r.item.id, command: r.item, score: r.score })),
    })),
  ].filter((g) => g.entries.length > 0);
  // typed: the group holding the best match first (a page named exactly beats a skill's description);
  // close scores keep skills first
  const best = (g: PaletteGroup) => Math.round(g.entries[0]!.score * 20);
  if (query.trim()) groups.sort((a, b) => best(b) - best(a));
  const entries = groups.flatMap((g) => g.entries);
  const current = entries[Math.min(active, entries.length - 1)];

  const choose = (entry: PaletteEntry | undefined, how: 'enter' | 'tab') => {
    if (!entry) return;
    if (entry.kind === 'skill') {
      if (how === 'tab') openSheet(entry.skill.id);
      else {
        setChosen(entry.skill);
        setError(null);
      }
      return;
    }
    if (how === 'tab') return;
    closePalette();
    entry.command.perform();
  };

  async function runChosen() {
    if (!chosen || starting) return;
    setStarting(true);
    const result = await run(paletteRequest(chosen, text));
    setStarting(false);
    if (result.ok) openSheet(chosen.id, { input: text, runId: result.value.runId });
    else setError(errorText(result.error));
  }

  const back = () => {
    setChosen(null);
    setText('');
    setError(null);
  };

  const onSearchKey = (event: KeyboardEvent) => {
    const move = (to: number) => {
      event.preventDefault();
      if (entries.length > 0) setActive((to + entries.length) % entries.length);
    };
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'PageDown') move(Math.min(active + 5, entries.length - 1));
    else if (event.key === 'PageUp') move(Math.max(active - 5, 0));
    else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      choose(current, 'enter');
    } else if (event.key === 'Tab') {
      // Tab takes a skill to the run sheet; anywhere else it stays in the box (the dialog's one control)
      event.preventDefault();
      if (!event.shiftKey) choose(current, 'tab');
    }
  };

  return (
    <LaunchDialog
      className="palette"
      labelledBy={ids.title}
      onEscape={chosen ? back : closePalette}
      onClosed={closePalette}
      testId="command-palette"
    >
      <div className="palette-panel">
        <h2 id={ids.title} className="sr-only">
          {t('palette.title')}
        </h2>
        <PaletteInput
          inputRef={inputRef}
          chosen={chosen}
          query={query}
          text={text}
          listId={ids.list}
          expanded={!chosen && entries.length > 0}
          activeId={current ? `${ids.list}-${current.id}` : undefined}
          onQuery={(value) => {
            setQuery(value);
            setActive(0);
          }}
          onText={setText}
          onSearchKey={onSearchKey}
          onRun={() => void runChosen()}
          onTab={() => chosen && openSheet(chosen.id, { input: text })}
          onBack={back}
        />
        {error && (
          <p className="form-error palette-error" role="alert">
            {error}
          </p>
        )}
        {!chosen && (
          <PaletteList
            id={ids.list}
            groups={groups}
            activeId={current?.id}
            query={query}
            onHover={(entry) => setActive(entries.indexOf(entry))}
            onPick={(entry) => {
              choose(entry, 'enter');
              inputRef.current?.focus();
            }}
          />
        )}
        <p className="palette-hint muted small" aria-hidden="true">
          {chosen ? t('palette.hintInput') : t('palette.hintSearch')}
        </p>
      </div>
    </LaunchDialog>
  );
}
