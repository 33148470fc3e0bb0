// The trigger flow (DESIGN §7): what a skill's hotkey, a deep link or `trigger:run` does. Capture the
// context (focused window, selection), ask for an instruction in the command bar when the skill takes one
// or nothing was selected, start the run with the window to insert into, and show its progress in the
// floating card from the first event.
import type { TriggerInput, TriggerResult } from '../../../shared/types/desktop';
import { applyEvent, emptyRun, runOutputText } from '../../../shared/runs/run-view';
import type { RunEvent } from '../../../shared/types/run';
import { AppError } from '../../../shared/ipc/result';
import type { Executor } from '../engine/executor';
import type { EventHub } from '../ipc/event-hub';
import type { CapturedSelection, PlatformPorts } from '../platform';
import type { SkillRegistry } from '../skills/registry';
import { englishText, type DesktopText } from '../i18n/desktop-text';
import type { SettingsStore } from '../store/settings';
import type { TriggerSession } from './trigger-session';

export interface TriggerDeps {
  ports: Pick<PlatformPorts, 'focus' | 'selection' | 'commandBar' | 'card'>;
  skills: SkillRegistry;
  executor: Executor;
  events: EventHub;
  /** The runs this flow started: where their insert_text lands, the last card shown for each. */
  session: Pick<TriggerSession, 'begin' | 'end'>;
  /** The setting `selection.copyFallback`: the copy-key fallback outside terminals (default on). */
  settings: Pick<SettingsStore, 'get'>;
  /** The desktop app's words (the card's capture line, the command bar's question); default English. */
  text?: DesktopText;
}

const NONE: CapturedSelection = { text: '', method: 'none' };

/** The card's line saying what the run got and how. */
export function describeCapture(
  captured: CapturedSelection,
  instruction: string | undefined,
  t: DesktopText = englishText,
): string {
  const parts: string[] = [];
  if (captured.text !== '')
    parts.push(
      t('capture.selected', { count: captured.text.length, how: t(`capture.method.${captured.method}`) }),
    );
  else parts.push(t('capture.nothing'));
  if (instruction !== undefined) parts.push(t('capture.instruction'));
  return parts.join(t('capture.separator'));
}

export function createTrigger(deps: TriggerDeps) {
  const t = deps.text ?? englishText;
  /**
   * Streams a run into the card: the run's text as the run panel shows it (the streaming step's text,
   * started again when a step is retried; then the run's output), the end state last.
   */
  function followInCard(runId: string, title: string, captured: string) {
    let view = emptyRun(runId);
    let shown: string | null = null;
    const off = deps.events.subscribe((name, payload) => {
      if (name !== 'runs:event') return;
      const { runId: id, event } = payload as { runId: string; event: RunEvent };
      if (id !== runId) return;
      view = applyEvent(view, event);
      const text = runOutputText(view);
      if (event.type !== 'complete') {
        if (text === shown) return;
        shown = text;
        void deps.ports.card.show({ runId, title, text, pending: true, captured }).catch(() => undefined);
        return;
      }
      off();
      const last = deps.session.end(runId);
      // an output tool already left the card in its end state (the result, why it was not pasted)
      if (last && !last.pending) return;
      void deps.ports.card
        .show({
          runId,
          title,
          text,
          pending: false,
          captured,
          ...(event.error !== null && event.status !== 'succeeded' ? { error: event.error } : {}),
        })
        .catch(() => undefined);
    });
  }

  return async function trigger(input: TriggerInput): Promise<TriggerResult> {
    const entry = deps.skills.get(input.skillId);
    if (!entry || entry.shadowedBy !== null) throw new AppError('NOT_FOUND', `no skill "${input.skillId}"`);
    if (!entry.runnable) {
      throw new AppError(
        'BAD_REQUEST',
        `${input.skillId} cannot run: fix the problems shown in the dashboard first`,
      );
    }
    const focus = await deps.ports.focus.current().catch(() => null);
    const captured = await deps.ports.selection
      .capture({
        focus,
        copyFallback: focus !== null && !focus.isTerminal && deps.settings.get('selection.copyFallback'),
      })
      .catch(() => NONE);
    const activated = await deps.skills.activate(input.skillId);
    const definition = activated.loaded.definition!;
    const takesArgument =
      definition.arguments.length > 0 ||
      definition.argumentHint !== undefined ||
      /\$ARGUMENTS\b/.test(activated.loaded.body);
    let instruction = input.instruction;
    const hasSelection = captured.text.trim() !== '';
    const result = (runId: string | null): TriggerResult => ({
      runId,
      captured: { method: captured.method, chars: captured.text.length },
      app: focus?.app ?? null,
    });
    // a link never runs unattended: any web page can open one
    const confirm = input.source === 'link';
    if (confirm || (instruction === undefined && (!hasSelection || takesArgument))) {
      const answer = await deps.ports.commandBar.ask({
        skillId: input.skillId,
        title: definition.name,
        placeholder: confirm
          ? t('commandBar.linkConfirm', { name: definition.name })
          : (definition.argumentHint ??
            (hasSelection ? t('commandBar.withSelection') : t('commandBar.noSelection'))),
        captured,
        ...(instruction !== undefined ? { initial: instruction } : {}),
      });
      if (answer === null) return result(null);
      instruction = answer;
    }
    const instructionText = instruction?.trim() ? instruction : undefined;
    const { runId } = await deps.executor.start(
      {
        skillId: input.skillId,
        ...(hasSelection ? { selection: captured.text } : {}),
        ...(instructionText !== undefined ? { instruction: instructionText } : {}),
        ...(takesArgument && instructionText !== undefined ? { arguments: instructionText } : {}),
      },
      {
        beforeStart: (id) => {
          deps.session.begin(id, focus);
          followInCard(id, definition.name, describeCapture(captured, instructionText, t));
        },
      },
    );
    return result(runId);
  };
}
