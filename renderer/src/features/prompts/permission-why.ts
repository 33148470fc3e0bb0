import type { TFunction } from 'i18next';
import type { PermissionWhy } from '../../../../shared/types/run';

/** Why the prompt asks, in the dashboard's language; the host's English `reason` when it sent no `why`. */
export function permissionWhyText(
  event: { tool: string; reason: string; why?: PermissionWhy },
  t: TFunction<'prompts'>,
): string {
  const { why, tool } = event;
  if (!why) return event.reason;
  if (why.kind === 'rule') return t('permission.why.rule', { rules: why.rules.join(', ') });
  if (why.kind === 'unreadable') return t('permission.why.unreadable');
  if (why.mode === 'acceptEdits')
    return t(why.outside ? 'permission.why.acceptEditsOutside' : 'permission.why.acceptEdits', { tool });
  if (why.mode === 'default') return t('permission.why.default', { tool });
  return t('permission.why.other', { tool });
}
