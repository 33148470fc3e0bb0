import type { TFunction } from 'i18next';
import { readDecisionReason, type DecisionReason } from '../../../../shared/types/decision-reason';

/**
 * Why a permission decision went as it did, as a sentence in the dashboard's language (the audit's "Why",
 * the run panel's note under a denied call); the host's words when they are not ones it knows.
 */
export function decisionText(reason: string | DecisionReason, t: TFunction<'grants'>): string {
  const r = typeof reason === 'string' ? readDecisionReason(reason) : reason;
  switch (r.kind) {
    case 'allowedOnce':
    case 'allowedForRun':
    case 'allowedAlways':
    case 'planReadOnly':
      return t(`why.${r.kind}`);
    case 'deniedByUser':
      return r.text === null ? t('why.deniedNoReason') : t('why.deniedWithReason', { reason: r.text });
    case 'timeout':
      return t(r.unit === 's' ? 'why.timeoutSeconds' : 'why.timeoutMs', { amount: r.amount });
    case 'rules':
      return t('why.rules', { rules: r.rules });
    case 'mode':
      return t('why.mode', { mode: t(`modes.${r.mode}`) });
    case 'modeAsks':
      return t(r.outside ? 'why.modeAsksOutside' : 'why.modeAsks', {
        mode: t(`modes.${r.mode}`),
        tool: r.tool,
      });
    case 'notAllowed':
    case 'unknownTool':
    case 'noNestedAgents':
      return t(`why.${r.kind}`, { tool: r.tool });
    case 'text':
      return r.text;
  }
}
