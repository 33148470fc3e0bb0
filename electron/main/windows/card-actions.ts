// The card's actions that go through the core (CardThread): Save as memo, Retry, Retry with…, Continue,
// and the providers and models Retry with… offers. No Electron here; the card window calls these.
import type { CardAction, CardModels, CardView } from '../../../shared/ipc/shell';
import type { DesktopText } from '../../core/i18n/desktop-text';
import { PasteKeyName } from '../../../shared/types/app-rules';
import { CardActionError, type CardCore, type CardThread, type ThreadState } from './card-thread';

/** A paste the app did not take: the app, and the key that did not work there. */
export interface NotTaken {
  app: string;
  pasteKey: PasteKeyName;
}

/** The card's view with what its thread knows laid over what the trigger showed. */
export function withThread(view: CardView, thread: ThreadState | undefined, t: DesktopText): CardView {
  if (!thread) return view;
  const attempt = thread.attempt;
  const shown = attempt
    ? { ...view, text: attempt.text, pending: attempt.pending, error: attempt.error }
    : view;
  const ended = thread.finished && !shown.pending;
  return {
    ...shown,
    turns: thread.turns,
    can: {
      insert: thread.canInsert,
      continue: thread.canContinue,
      retry: ended,
      memo: ended && shown.text !== '',
    },
    attempt: attempt ? t('card.attempt', { n: attempt.number }) : null,
    model: thread.model,
  };
}

/** The providers and each one's models (the default first; the stored ones when the endpoint is silent). */
export async function providerModels(core: CardCore): Promise<CardModels> {
  const listed = await core.dispatch('providers:list', undefined);
  if (!listed.ok) throw new CardActionError(listed.error.message);
  const providers = listed.value as {
    id: string;
    name: string;
    defaultModel: string | null;
    knownModels: string[];
  }[];
  return {
    providers: await Promise.all(
      providers.map(async (p) => {
        const answer = await core.dispatch('providers:models', { id: p.id });
        const stored = [...(p.defaultModel ? [p.defaultModel] : []), ...p.knownModels];
        const models = answer.ok ? (answer.value as { models: string[] }).models : stored;
        return { name: p.name, models: [...new Set(models)] };
      }),
    ),
  };
}

/** Runs a thread action; answers the notice to show, if any. */
export async function threadAction(
  thread: CardThread,
  action: Exclude<CardAction, 'copy' | 'insert' | 'pin' | 'close' | 'models' | 'otherPasteKey' | 'dictate'>,
  t: DesktopText,
): Promise<string | null> {
  if (action === 'memo') {
    await thread.deliver('memo');
    return t('card.memoSaved');
  }
  if (action === 'retry') await thread.retry();
  else if (action.type === 'retryWith')
    await thread.retry({ provider: action.provider, ...(action.model ? { model: action.model } : {}) });
  else await thread.continue(action.message);
  return null;
}

/** A key as the card names it: Ctrl+V, Ctrl+Shift+V, Shift+Insert, or "typing it out". */
export function pasteKeyWords(key: PasteKeyName, t: DesktopText): string {
  if (key === 'type') return t('card.typeOut');
  return key.replace(/(^|\+)([a-z])/g, (_, plus: string, letter: string) => plus + letter.toUpperCase());
}

/** The app and key of a paste the app did not take, from `runs:deliver`'s refusal (its words). */
export function notTakenOf(error: unknown): NotTaken | null {
  const values = error instanceof CardActionError ? error.words?.values : undefined;
  const app = values?.app;
  const pasteKey = PasteKeyName.safeParse(values?.pasteKey);
  return typeof app === 'string' && pasteKey.success ? { app, pasteKey: pasteKey.data } : null;
}
