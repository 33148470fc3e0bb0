import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import { createFakeTransport, deferred, meta, settle, skill } from './fake-transport';
import { createSkillsStore } from './skills';

function setup(answers: Parameters<typeof createFakeTransport>[0] = {}) {
  const fake = createFakeTransport(answers);
  const useSkillsStore = createSkillsStore(createClient(fake.transport));
  return { fake, useSkillsStore };
}

const ids = (skills: { id: string }[]) => skills.map((s) => s.id);

describe('skills store', () => {
  it('loads skills:list, ordered by sortOrder and otherwise as listed', async () => {
    const { useSkillsStore } = setup({
      'skills:list': () =>
        ok([
          skill('translate', { sortOrder: 2 }),
          skill('polish'),
          skill('memo', { sortOrder: -1 }),
          skill('explain'),
        ]),
    });
    const loading = useSkillsStore.getState().load();
    expect(useSkillsStore.getState().loading).toBe(true);
    await loading;
    const state = useSkillsStore.getState();
    expect(ids(state.skills)).toEqual(['memo', 'polish', 'explain', 'translate']);
    expect(state.loading).toBe(false);
    expect(state.error).toBeNull();
  });

  it('keeps the list it has and reports the message when loading fails', async () => {
    let answer: Result<unknown> = ok([skill('translate')]);
    const { useSkillsStore } = setup({ 'skills:list': () => answer });
    await useSkillsStore.getState().load();
    answer = fail('INTERNAL', 'skills:list failed: disk on fire');
    await useSkillsStore.getState().load();
    const state = useSkillsStore.getState();
    expect(state.error).toBe('skills:list failed: disk on fire');
    expect(state.loading).toBe(false);
    expect(ids(state.skills)).toEqual(['translate']);
  });

  it('lets the newest load win when answers arrive out of order', async () => {
    const first = deferred<Result<unknown>>();
    const second = deferred<Result<unknown>>();
    const pending = [first, second];
    const { useSkillsStore } = setup({ 'skills:list': () => pending.shift()!.promise });
    const a = useSkillsStore.getState().load();
    const b = useSkillsStore.getState().load();
    second.resolve(ok([skill('new')]));
    await b;
    first.resolve(ok([skill('old')]));
    await a;
    expect(ids(useSkillsStore.getState().skills)).toEqual(['new']);
    expect(useSkillsStore.getState().loading).toBe(false);
  });

  it('sends meta:update and puts the answer in place of the skill meta', async () => {
    const updated = meta('translate', { emoji: '🦜', color: '#0891b2', updatedAt: 10 });
    const { fake, useSkillsStore } = setup({
      'skills:list': () => ok([skill('translate'), skill('polish')]),
      'meta:update': () => ok(updated),
    });
    await useSkillsStore.getState().load();
    const result = await useSkillsStore.getState().updateMeta('translate', { emoji: '🦜', color: '#0891B2' });
    expect(result).toEqual({ ok: true, value: updated });
    expect(fake.callsOf('meta:update')).toEqual([
      { channel: 'meta:update', input: { skillId: 'translate', patch: { emoji: '🦜', color: '#0891B2' } } },
    ]);
    const [translate, polish] = useSkillsStore.getState().skills;
    expect(translate!.meta).toEqual(updated);
    expect(translate!.name).toBe('translate');
    expect(polish!.meta).toEqual(meta('polish'));
  });

  it('returns the error envelope of a refused update and changes nothing', async () => {
    const { useSkillsStore } = setup({
      'skills:list': () => ok([skill('translate')]),
      'meta:update': () =>
        fail('INVALID_INPUT', 'meta:update: patch.color: a color is #rrggbb, e.g. #2563eb'),
    });
    await useSkillsStore.getState().load();
    const before = useSkillsStore.getState().skills;
    const result = await useSkillsStore.getState().updateMeta('translate', { color: 'blue' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'meta:update: patch.color: a color is #rrggbb, e.g. #2563eb' },
    });
    expect(useSkillsStore.getState().skills).toBe(before);
  });

  it('applies meta:changed from other clients, unless it is older than what it holds', async () => {
    const { fake, useSkillsStore } = setup({
      'skills:list': () => ok([skill('translate'), skill('polish')]),
    });
    await useSkillsStore.getState().load();

    fake.emit('meta:changed', meta('polish', { emoji: '💅', updatedAt: 20 }));
    expect(useSkillsStore.getState().skills[1]!.meta.emoji).toBe('💅');

    fake.emit('meta:changed', meta('polish', { emoji: '🐢', updatedAt: 5 }));
    expect(useSkillsStore.getState().skills[1]!.meta.emoji).toBe('💅');

    const before = useSkillsStore.getState().skills;
    fake.emit('meta:changed', meta('unknown', { updatedAt: 30 }));
    expect(useSkillsStore.getState().skills).toBe(before);
  });

  it('applies meta:changed to a shadowed skill too: it shares the id, and so the look', async () => {
    const mine = { ...skill('polish', { builtin: false }), source: 'user' as const };
    const hidden = {
      ...skill('polish'),
      shadowedBy: { source: 'user' as const, path: '/data/skills/polish' },
    };
    const { fake, useSkillsStore } = setup({ 'skills:list': () => ok([mine, hidden]) });
    await useSkillsStore.getState().load();
    fake.emit('meta:changed', meta('polish', { emoji: '💅', updatedAt: 20 }));
    expect(useSkillsStore.getState().skills.map((s) => s.meta.emoji)).toEqual(['💅', '💅']);
  });

  it('moves a skill when meta:changed changes its sortOrder', async () => {
    const { fake, useSkillsStore } = setup({ 'skills:list': () => ok([skill('a'), skill('b'), skill('c')]) });
    await useSkillsStore.getState().load();
    fake.emit('meta:changed', meta('c', { sortOrder: -5, updatedAt: 1 }));
    expect(ids(useSkillsStore.getState().skills)).toEqual(['c', 'a', 'b']);
  });

  it('reads the list again on skills:changed', async () => {
    let listed = [skill('translate')];
    const { fake, useSkillsStore } = setup({ 'skills:list': () => ok(listed) });
    await useSkillsStore.getState().load();
    listed = [skill('translate'), skill('haiku', { builtin: false })];
    fake.emit('skills:changed', { reason: 'haiku/SKILL.md added' });
    await settle();
    expect(fake.callsOf('skills:list')).toHaveLength(2);
    expect(ids(useSkillsStore.getState().skills)).toEqual(['translate', 'haiku']);
  });
});
