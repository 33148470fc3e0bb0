// What the floating card and the command bar say, in the app's language, and the card before its run has
// said anything: pure (no Electron), so the main process, its tests and the pages' browser tests
// (e2e/shell-pages.spec.ts, e2e/desktop-card-launcher.spec.ts) build the same messages.
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { CapturedSelection } from '../../core/platform';
import type { CardLabels, CardView, CommandBarContext } from '../../../shared/ipc/shell';

const PREVIEW_CHARS = 80;

/** A card before its run has said anything: pending, no notice, thread or attempt; Insert offered. */
export function blankCardView(runId = ''): CardView {
  return {
    runId,
    title: '',
    text: '',
    pending: true,
    error: null,
    pinned: false,
    notice: null,
    turns: [],
    can: { insert: true, continue: false, retry: false, memo: false },
    attempt: null,
    model: null,
    otherPasteKey: null,
  };
}

/** The card's button words in the current language. */
export function cardLabels(t: DesktopText): CardLabels {
  return {
    lang: t('lang'),
    copy: t('card.copy'),
    copyHint: t('card.copyHintKey'),
    insert: t('card.insert'),
    insertHint: t('card.insertHintKey'),
    pin: t('card.pin'),
    pinned: t('card.pinned'),
    pinHint: t('card.pinHint'),
    close: t('card.close'),
    closeHint: t('card.closeHint'),
    memo: t('card.memo'),
    memoHint: t('card.memoHint'),
    retry: t('card.retry'),
    retryHint: t('card.retryHint'),
    retryWith: t('card.retryWith'),
    retryWithHint: t('card.retryWithHint'),
    followUp: t('card.followUp'),
    send: t('card.send'),
    provider: t('card.provider'),
    model: t('card.model'),
    run: t('card.run'),
    you: t('card.you'),
    keys: t('card.keys'),
  };
}

/** What the page shows of the capture: the method and the first 80 characters on one line. */
export function describeCapture(captured: CapturedSelection): CommandBarContext['captured'] {
  const oneLine = captured.text.replace(/\s+/g, ' ').trim();
  return {
    method: captured.method,
    preview: [...oneLine].slice(0, PREVIEW_CHARS).join(''),
    chars: captured.text.length,
  };
}

/** The capture as the line under the input, in the app's language. */
export function captureLine(captured: CommandBarContext['captured'], t: DesktopText): string {
  const how = t(`commandBar.method.${captured.method as CapturedSelection['method']}`);
  if (captured.chars === 0) return how;
  const more = captured.chars > captured.preview.length ? '…' : '';
  return t('commandBar.captured', { how, count: captured.chars, preview: `${captured.preview}${more}` });
}
