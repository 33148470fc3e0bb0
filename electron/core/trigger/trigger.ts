// The trigger flow (DESIGN §7): what a skill's hotkey, a deep link, `trigger:run` or the launcher does.
// Capture the context (focused window, selection), ask for an instruction in the command bar when the
// skill takes one or nothing was selected, start the run with the window to insert into, and show its
// progress in the floating card from the first event — unless its answer silently replaces the selection
// (`output: replace_selection`), where the card appears only if the run fails or is cut short.
import type { TriggerInput, TriggerResult } from '../../../shared/types/desktop';
import type { OutputChoice } from '../../../shared/types/finding';
import { applyEvent, emptyRun, runOutputText } from '../../../shared/runs/run-view';
import type { RunEvent } from '../../../shared/types/run';
import { AppError } from '../../../shared/ipc/result';
import { contextBehavior } from '../../../shared/skills/context';
import type { Executor } from '../engine/executor';
import { chooseOutputTool, isSilentOutput } from '../engine/output-routing';
import type { EventHub } from '../ipc/event-hub';
import type { CapturedSelection, FocusedWindow, PlatformPorts } from '../platform';
import { modelOnlyRefusal } from '../skills/model-only';
import type { SkillRegistry } from '../skills/registry';
import { englishText, type DesktopText } from '../i18n/desktop-text';
import type { SettingsStore } from '../store/settings';
import type { RunQueue } from './run-queue';
import type { TriggerSession } from './trigger-session';
import { windowContext } from './window-context';
import { showOrNotify } from '../tools/output/show-card';

export interface TriggerDeps {
  ports: Pick<PlatformPorts, 'focus' | 'selection' | 'commandBar' | 'card' | 'notifier'>;
  skills: SkillRegistry;
  executor: Executor;
  events: EventHub;
  /** The runs this flow started: where their output lands, the last card shown for each. */
  session: Pick<TriggerSession, 'begin' | 'end'>;
  /** The triggered runs in flight: a second press of the same skill, and the order results go in. */
  queue: RunQueue;
  /**
   * The settings `selection.copyFallback` (the copy-key fallback outside terminals, default on) and
   * `trigger.repeatPress` (a second press of a skill whose run streams).
   */
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

/** What was in front of the user when the trigger fired. */
export interface Capture {
  focus: FocusedWindow | null;
  captured: CapturedSelection;
}

/** Starting a skill on a capture: the instruction given, or asked in the command bar. */
export interface CapturedStart {
  skillId: string;
  instruction?: string;
  /** Ask even with an instruction given (a link: any web page can open one). */
  confirm?: boolean;
  /** A voice run: the recording whose transcript is the input (the command bar does not ask). */
  speech?: { recordingId: string };
}

export function createTriggerFlow(deps: TriggerDeps) {
  const t = deps.text ?? englishText;
  /**
   * Streams a run into the card: the run's text as the run panel shows it (the streaming step's text,
   * started again when a step is retried; then the run's output), the end state last, with where the
   * result went. `silent`: no card while it runs, and none after a clean replace.
   */
  function followInCard(runId: string, title: string, captured: string, silent: boolean) {
    let view = emptyRun(runId);
    let shown: string | null = null;
    const off = deps.events.subscribe((name, payload) => {
      if (name !== 'runs:event') return;
      const { runId: id, event } = payload as { runId: string; event: RunEvent };
      if (id !== runId) return;
      view = applyEvent(view, event);
      const text = runOutputText(view);
      if (event.type !== 'complete') {
        if (silent || text === shown) return;
        shown = text;
        void deps.ports.card.show({ runId, title, text, pending: true, captured }).catch(() => undefined);
        return;
      }
      off();
      deps.queue.ended(runId);
      const { last, where } = deps.session.end(runId);
      // an output tool already left the card in its end state (the result, why it was not pasted)
      if (last && !last.pending) return;
      const succeeded = event.status === 'succeeded';
      if (silent && succeeded && where === 'replace_selection') return;
      // the result went elsewhere (inserted, copied…): the card only says so; else the card is where it
      // lives, and when the user closed it while the run streamed a notification says where it is
      const placed = succeeded && where !== undefined && where !== 'floating_card';
      void showOrNotify(
        placed ? { ...deps.ports, notifier: { notify: () => Promise.resolve() } } : deps.ports,
        {
          runId,
          title,
          text,
          pending: false,
          captured,
          ...(event.error !== null && !succeeded ? { error: event.error } : {}),
          ...(placed ? { notice: t(`delivered.${where as OutputChoice}`) } : {}),
        },
        t,
      ).catch(() => undefined);
    });
  }

  /** The focused window and the selection, now (`given`: the selection already captured). */
  async function capture(given?: CapturedSelection): Promise<Capture> {
    const focus = await deps.ports.focus.current().catch(() => null);
    if (given) return { focus, captured: given };
    const captured = await deps.ports.selection
      .capture({
        focus,
        copyFallback: focus !== null && !focus.isTerminal && deps.settings.get('selection.copyFallback'),
      })
      .catch(() => NONE);
    return { focus, captured };
  }

  /** Refuses a skill that does not exist (or is shadowed) or cannot run, before anything is captured. */
  function requireRunnable(skillId: string): void {
    const entry = deps.skills.get(skillId);
    if (!entry || entry.shadowedBy !== null) throw new AppError('NOT_FOUND', `no skill "${skillId}"`);
    if (!entry.runnable) {
      throw new AppError(
        'BAD_REQUEST',
        `${skillId} cannot run: fix the problems shown in the dashboard first`,
      );
    }
    if (!entry.userInvocable) throw modelOnlyRefusal(skillId, 'trigger');
  }

  /**
   * A press of a skill whose triggered run still streams: ignored, or that run cancelled (setting
   * `trigger.repeatPress`); null when the skill has no run in flight.
   */
  function repeatPress(skillId: string, capture?: Capture): TriggerResult | null {
    const running = deps.queue.runningOf(skillId);
    if (running === undefined) return null;
    const cancel = deps.settings.get('trigger.repeatPress') === 'cancel';
    if (cancel) deps.executor.cancel(running);
    return {
      runId: running,
      captured: { method: capture?.captured.method ?? 'none', chars: capture?.captured.text.length ?? 0 },
      app: capture?.focus?.app ?? null,
      repeat: cancel ? 'cancelled' : 'ignored',
    };
  }

  /** Starts `start.skillId` on what was captured; runId null when the command bar was dismissed. */
  async function startOn({ focus, captured }: Capture, start: CapturedStart): Promise<TriggerResult> {
    requireRunnable(start.skillId);
    const repeated = repeatPress(start.skillId, { focus, captured });
    if (repeated) return repeated;
    const activated = await deps.skills.activate(start.skillId);
    const definition = activated.loaded.definition!;
    const takesArgument =
      definition.arguments.length > 0 ||
      definition.argumentHint !== undefined ||
      /\$ARGUMENTS\b/.test(activated.loaded.body);
    let instruction = start.instruction;
    const hasSelection = captured.text.trim() !== '';
    const result = (runId: string | null): TriggerResult => ({
      runId,
      captured: { method: captured.method, chars: captured.text.length },
      app: focus?.app ?? null,
    });
    const spoken = start.speech !== undefined;
    if (start.confirm || (!spoken && instruction === undefined && (!hasSelection || takesArgument))) {
      const answer = await deps.ports.commandBar.ask({
        skillId: start.skillId,
        title: definition.name,
        placeholder: start.confirm
          ? t('commandBar.linkConfirm', { name: definition.name })
          : (definition.argumentHint ??
            (hasSelection ? t('commandBar.withSelection') : t('commandBar.noSelection'))),
        captured,
        ...(instruction !== undefined ? { initial: instruction } : {}),
        target: focus,
      });
      if (answer === null) return result(null);
      instruction = answer;
    }
    const instructionText = instruction?.trim() ? instruction : undefined;
    const behavior = contextBehavior({
      selection: hasSelection ? captured.text : null,
      instruction: instructionText ?? null,
      // what was said is not known yet (the executor takes the recording): only that there is some
      transcript: spoken ? 'said' : null,
    });
    const silent = isSilentOutput(chooseOutputTool(definition, behavior));
    const { runId } = await deps.executor.start(
      {
        skillId: start.skillId,
        ...(hasSelection ? { selection: captured.text } : {}),
        ...(instructionText !== undefined ? { instruction: instructionText } : {}),
        ...(takesArgument && instructionText !== undefined ? { arguments: instructionText } : {}),
        ...(start.speech ? { speech: start.speech } : {}),
        context: windowContext(focus),
      },
      {
        beforeStart: (id) => {
          deps.session.begin(id, focus);
          deps.queue.started(id, start.skillId);
          followInCard(id, definition.name, describeCapture(captured, instructionText, t), silent);
        },
      },
    );
    return result(runId);
  }

  return { capture, startOn, requireRunnable, repeatPress };
}

/** `trigger:run`: capture, then start the skill (a link never runs unattended). */
export function createTrigger(flow: ReturnType<typeof createTriggerFlow>) {
  return async function trigger(input: TriggerInput): Promise<TriggerResult> {
    flow.requireRunnable(input.skillId);
    // before any capture: a second press sends no copy key
    const repeated = flow.repeatPress(input.skillId);
    if (repeated) return repeated;
    return flow.startOn(await flow.capture(input.selection), {
      skillId: input.skillId,
      ...(input.instruction !== undefined ? { instruction: input.instruction } : {}),
      ...(input.speech ? { speech: input.speech } : {}),
      confirm: input.source === 'link',
    });
  };
}
