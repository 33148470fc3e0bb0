import type { TFunction } from 'i18next';
import type { BashSandbox } from '../../../../shared/types/run';

/** Where a Bash command would run, in the dashboard's language (the host sends it as data). */
export function sandboxText(sandbox: BashSandbox, t: TFunction<'prompts'>): string {
  if (sandbox.confined)
    return t(sandbox.network ? 'permission.sandbox.confinedNetwork' : 'permission.sandbox.confined', {
      by: sandbox.by ?? 'sandbox',
    });
  const reason = t(`permission.sandbox.why.${sandbox.unavailable ?? 'not-installed'}`);
  return t('permission.sandbox.none', { reason });
}
