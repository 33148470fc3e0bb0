import { create } from 'zustand';
import type { z } from 'zod';
import type { Client } from '../../../../shared/ipc/client';
import type { Result } from '../../../../shared/ipc/result';
import type { PermissionAuditRow, PermissionRule } from '../../../../shared/types/permission';
import { errorText } from '../../i18n/error-text';

export type Rule = z.infer<typeof PermissionRule>;
export type AuditRow = z.infer<typeof PermissionAuditRow>;

/** How many of the latest decisions the page shows. */
export const AUDIT_LIMIT = 100;

export interface GrantsState {
  rules: Rule[];
  /** Newest first. */
  audit: AuditRow[];
  loading: boolean;
  error: string | null;
  load(): Promise<void>;
  revoke(id: number): Promise<Result<{ id: number }>>;
}

export function createGrantsStore(client: Client) {
  let latest = 0;
  return create<GrantsState>()((set) => ({
    rules: [],
    audit: [],
    loading: false,
    error: null,

    async load() {
      const request = ++latest;
      set({ loading: true });
      const [rules, audit] = await Promise.all([
        client.request('permissions:rules', undefined),
        client.request('permissions:audit', { limit: AUDIT_LIMIT }),
      ]);
      if (request !== latest) return;
      const failed = !rules.ok ? rules : !audit.ok ? audit : null;
      set({
        rules: rules.ok ? rules.value : [],
        audit: audit.ok ? [...audit.value].sort((a, b) => b.at - a.at || b.id - a.id) : [],
        loading: false,
        error: failed && !failed.ok ? errorText(failed.error) : null,
      });
    },

    async revoke(id) {
      const result = await client.request('permissions:revoke', { id });
      if (result.ok) set((state) => ({ rules: state.rules.filter((r) => r.id !== id) }));
      return result;
    },
  }));
}

export type GrantsStore = ReturnType<typeof createGrantsStore>;
