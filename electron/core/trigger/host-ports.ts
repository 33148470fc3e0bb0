// Ports of the headless host: the floating card is the dashboard (each show is a `card:show` event for
// its clients), and there is no command bar window, so a trigger needs its instruction given up front.
import type { EventHub } from '../ipc/event-hub';
import type { CardPresenterPort, CommandBarPort, LauncherPort } from '../platform';

export function eventCardPort(events: () => EventHub | undefined): CardPresenterPort {
  return {
    show(card) {
      events()?.emit('card:show', {
        runId: card.runId,
        title: card.title,
        text: card.text,
        pending: card.pending,
        ...(card.error !== undefined ? { error: card.error } : {}),
        ...(card.captured !== undefined ? { captured: card.captured } : {}),
        ...(card.notice !== undefined ? { notice: card.notice } : {}),
      });
      return Promise.resolve(undefined);
    },
  };
}

/**
 * No window to ask in: the trigger is dismissed with a notice saying to pass the instruction, the
 * launcher with one saying to pass what would be typed and picked.
 */
export function noCommandBar(notice: (message: string) => void): CommandBarPort & LauncherPort {
  return {
    ask(request) {
      notice(
        `${request.skillId}: ${request.placeholder.toLowerCase()} — this host has no command bar; pass the instruction with trigger:run`,
      );
      return Promise.resolve(null);
    },
    choose() {
      notice('this host has no launcher window; pass query and pick (1–9) with trigger:launcher');
      return Promise.resolve(null);
    },
  };
}
