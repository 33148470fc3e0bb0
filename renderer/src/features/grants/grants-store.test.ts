import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/ipc/client';
import { fail, ok } from '../../../../shared/ipc/result';
import { createFakeTransport } from '../../stores/fake-transport';
import { AUDIT_LIMIT, createGrantsStore } from './grants-store';

const rule = (id: number, text: string) => ({
  id,
  skillId: null,
  list: 'allow' as const,
  rule: text,
  createdAt: id,
});

describe('grants store', () => {
  it('loads the rules and the latest audit, and a revoke drops the rule', async () => {
    const fake = createFakeTransport({
      'permissions:rules': () => ok([rule(1, 'Bash(git diff:*)'), rule(2, 'Read')]),
      'permissions:audit': () => ok([]),
      'permissions:revoke': (input) => ok({ id: (input as { id: number }).id }),
    });
    const useGrantsStore = createGrantsStore(createClient(fake.transport));
    await useGrantsStore.getState().load();
    expect(useGrantsStore.getState().rules.map((r) => r.id)).toEqual([1, 2]);
    expect(fake.callsOf('permissions:audit')[0]!.input).toEqual({ limit: AUDIT_LIMIT });
    await useGrantsStore.getState().revoke(1);
    expect(fake.callsOf('permissions:revoke')[0]!.input).toEqual({ id: 1 });
    expect(useGrantsStore.getState().rules.map((r) => r.id)).toEqual([2]);
  });

  it('reports a failure', async () => {
    const fake = createFakeTransport({
      'permissions:rules': () => fail('INTERNAL', 'no table'),
      'permissions:audit': () => ok([]),
    });
    const useGrantsStore = createGrantsStore(createClient(fake.transport));
    await useGrantsStore.getState().load();
    expect(useGrantsStore.getState().error).toBe('no table');
  });
});
