import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { fail, ok } from '../../../shared/ipc/result';
import type { SkillDetail } from '../../../shared/types/skill';
import type { SkillDefinitionData } from '../../../shared/types/skill-definition';
import { createEditorStore, isDraftDirty, isEditorDirty, isFormDirty, openedForm } from './editor';
import { createFakeTransport, deferred, settle, skill } from './fake-transport';
import { testDefinition } from '../features/editor/test-definition';

function detail(raw: string, hash: string): SkillDetail {
  return {
    ...skill('notes'),
    source: 'user',
    raw,
    hash,
    body: '',
    bodyLine: 4,
    definition: null,
    resources: [],
    readOnly: false,
  };
}

const definition = (over: Partial<SkillDefinitionData> = {}) =>
  testDefinition({ config: { tone: 'dry' }, ...over });

/** A skill whose frontmatter reads (so it has a form). */
const formDetail = (raw: string, hash: string, over: Partial<SkillDefinitionData> = {}): SkillDetail => ({
  ...detail(raw, hash),
  definition: definition(over),
});

function setup(answers: Parameters<typeof createFakeTransport>[0] = {}) {
  const fake = createFakeTransport({ 'providers:list': () => ok([]), ...answers });
  const useEditorStore = createEditorStore(createClient(fake.transport));
  return { fake, useEditorStore };
}

describe('editor store', () => {
  it('opens a skill with its text as the draft and saves the raw text with the hash it read', async () => {
    const { fake, useEditorStore } = setup({
      'skills:get': () => ok(detail('v1', 'h1')),
      'skills:update': () => ok(detail('v2', 'h2')),
    });
    await useEditorStore.getState().open('notes');
    expect(useEditorStore.getState().draft).toBe('v1');
    useEditorStore.getState().setDraft('v2');
    expect(isDraftDirty(useEditorStore.getState())).toBe(true);
    expect(await useEditorStore.getState().saveRaw()).toBe(true);
    expect(fake.callsOf('skills:update')[0]!.input).toEqual({ skillId: 'notes', baseHash: 'h1', raw: 'v2' });
    const state = useEditorStore.getState();
    expect(state.detail?.hash).toBe('h2');
    expect(isDraftDirty(state)).toBe(false);
    expect(state.savedAt).not.toBeNull();
  });

  it('on CONFLICT holds theirs; keep mine saves again over their hash, take theirs loads it', async () => {
    let disk = detail('theirs', 'h9');
    const { fake, useEditorStore } = setup({
      'skills:get': () => ok(disk),
      'skills:update': (input) =>
        (input as { baseHash: string }).baseHash === disk.hash
          ? ok((disk = detail('mine', 'h10')))
          : fail('CONFLICT', 'changed on disk'),
    });
    disk = detail('v1', 'h1');
    await useEditorStore.getState().open('notes');
    disk = detail('theirs', 'h9'); // someone saves meanwhile
    useEditorStore.getState().setDraft('mine');
    expect(await useEditorStore.getState().saveRaw()).toBe(false);
    const { conflict } = useEditorStore.getState();
    expect(conflict?.theirs.raw).toBe('theirs');
    expect(conflict?.mine).toEqual({ kind: 'raw', text: 'mine' });

    expect(await useEditorStore.getState().resolveConflict('mine')).toBe(true);
    expect(fake.callsOf('skills:update').at(-1)!.input).toMatchObject({ baseHash: 'h9', raw: 'mine' });
    expect(useEditorStore.getState().conflict).toBeNull();
    expect(useEditorStore.getState().detail?.hash).toBe('h10');
  });

  it('take theirs replaces the draft; cancel keeps it; a field save resends its patch', async () => {
    let disk = detail('v1', 'h1');
    const { fake, useEditorStore } = setup({
      'skills:get': () => ok(disk),
      'skills:update': () => fail('CONFLICT', 'changed'),
    });
    await useEditorStore.getState().open('notes');
    disk = detail('theirs', 'h2');
    await useEditorStore.getState().saveFields({ fields: { description: 'x' } });
    expect(useEditorStore.getState().conflict?.mine).toEqual({
      kind: 'fields',
      fields: { description: 'x' },
    });
    await useEditorStore.getState().resolveConflict('cancel');
    expect(useEditorStore.getState().conflict).toBeNull();
    expect(useEditorStore.getState().detail?.hash).toBe('h1');

    useEditorStore.getState().setDraft('mine');
    await useEditorStore.getState().saveRaw();
    await useEditorStore.getState().resolveConflict('theirs');
    expect(useEditorStore.getState().draft).toBe('theirs');
    expect(useEditorStore.getState().detail?.hash).toBe('h2');
    expect(fake.callsOf('skills:update')[0]!.input).toEqual({
      skillId: 'notes',
      baseHash: 'h1',
      fields: { description: 'x' },
    });
  });

  it('reports other save failures as a message', async () => {
    const { useEditorStore } = setup({
      'skills:get': () => ok(detail('v1', 'h1')),
      'skills:update': () => fail('FORBIDDEN', 'read-only'),
    });
    await useEditorStore.getState().open('notes');
    expect(await useEditorStore.getState().saveRaw()).toBe(false);
    expect(useEditorStore.getState().saveError).toBe('read-only');
    expect(useEditorStore.getState().conflict).toBeNull();
  });

  it('reloads on skills:changed only when nothing is unsaved', async () => {
    let disk = detail('v1', 'h1');
    const { fake, useEditorStore } = setup({ 'skills:get': () => ok(disk) });
    await useEditorStore.getState().open('notes');
    disk = detail('v2', 'h2');
    fake.emit('skills:changed', { reason: 'x', ids: ['other'] });
    await settle();
    expect(useEditorStore.getState().draft).toBe('v1');
    fake.emit('skills:changed', { reason: 'x', ids: ['notes'] });
    await settle();
    expect(useEditorStore.getState().draft).toBe('v2');

    disk = detail('v3', 'h3');
    useEditorStore.getState().setDraft('typing');
    fake.emit('skills:changed', { reason: 'x', ids: ['notes'] });
    await settle();
    expect(useEditorStore.getState().draft).toBe('typing');
    expect(useEditorStore.getState().detail?.hash).toBe('h2');
  });

  it('delete keeps the trash entry for undo; undo restores it', async () => {
    const trashed = {
      trashId: '1-notes',
      skillId: 'notes',
      source: 'user',
      originalPath: '/d/notes',
      deletedAt: 1,
    };
    const { fake, useEditorStore } = setup({
      'skills:get': () => ok(detail('v1', 'h1')),
      'skills:delete': () => ok(trashed),
      'skills:restore': () => ok(detail('v1', 'h1')),
    });
    await useEditorStore.getState().open('notes');
    expect((await useEditorStore.getState().remove()).ok).toBe(true);
    expect(useEditorStore.getState().trashed).toEqual(trashed);
    expect((await useEditorStore.getState().undoRemove())?.ok).toBe(true);
    expect(fake.callsOf('skills:restore')[0]!.input).toEqual({ trashId: '1-notes' });
    expect(useEditorStore.getState().trashed).toBeNull();
  });

  it('is dirty only while the text or the form differs from the file (an edit undone is not)', async () => {
    const { useEditorStore } = setup({ 'skills:get': () => ok(formDetail('v1', 'h1')) });
    const store = useEditorStore.getState();
    await store.open('notes');
    expect(isEditorDirty(useEditorStore.getState())).toBe(false);

    store.setDraft('v1 and more');
    expect(isEditorDirty(useEditorStore.getState())).toBe(true);
    store.setDraft('v1');
    expect(isEditorDirty(useEditorStore.getState())).toBe(false);

    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, description: 'Takes notes!' });
    expect(isFormDirty(useEditorStore.getState())).toBe(true);
    store.setForm({ ...opened, description: 'Takes notes.' }); // typed back as it was
    expect(useEditorStore.getState().form).toBeNull();
    expect(isEditorDirty(useEditorStore.getState())).toBe(false);
  });

  it("save() writes the text, then the form's changed fields over it, each with the newest hash", async () => {
    let disk = formDetail('v1', 'h1');
    const { fake, useEditorStore } = setup({
      'skills:get': () => ok(disk),
      'skills:update': (input) => {
        const { raw } = input as { raw?: string };
        disk =
          raw !== undefined
            ? formDetail(raw, 'h2')
            : formDetail('v2 + fields', 'h3', { description: 'Better notes.' });
        return ok(disk);
      },
    });
    const store = useEditorStore.getState();
    await store.open('notes');
    store.setDraft('v2');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, description: 'Better notes.' });

    expect(await store.save()).toBe(true);
    expect(fake.callsOf('skills:update').map((c) => c.input)).toEqual([
      { skillId: 'notes', baseHash: 'h1', raw: 'v2' },
      { skillId: 'notes', baseHash: 'h2', fields: { description: 'Better notes.' } },
    ]);
    const state = useEditorStore.getState();
    expect(state.detail?.hash).toBe('h3');
    expect(isEditorDirty(state)).toBe(false);
  });

  it('keeps what was typed in the form while a save was being written', async () => {
    const answer = deferred<ReturnType<typeof ok>>();
    const { useEditorStore } = setup({
      'skills:get': () => ok(formDetail('v1', 'h1')),
      'skills:update': () => answer.promise,
    });
    const store = useEditorStore.getState();
    await store.open('notes');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, description: 'Better notes.' });
    const saving = store.save();
    await settle();
    // typed while the first save is on its way: a field the save did not send, and the one it did, changed again
    store.setForm({ ...opened, description: 'Best notes.', name: 'notes-2' });
    answer.resolve(ok(formDetail('v2', 'h2', { description: 'Better notes.' })));
    expect(await saving).toBe(true);

    const state = useEditorStore.getState();
    expect(state.detail?.hash).toBe('h2');
    expect(state.form).toMatchObject({ description: 'Best notes.', name: 'notes-2' });
    expect(isFormDirty(state)).toBe(true);
  });

  it('after a save with nothing typed meanwhile, the form is clean', async () => {
    const { useEditorStore } = setup({
      'skills:get': () => ok(formDetail('v1', 'h1')),
      'skills:update': () => ok(formDetail('v2', 'h2', { description: 'Better notes.' })),
    });
    const store = useEditorStore.getState();
    await store.open('notes');
    store.setForm({ ...openedForm(useEditorStore.getState().detail)!, description: 'Better notes.' });
    expect(await store.save()).toBe(true);
    expect(useEditorStore.getState().form).toBeNull();
  });

  it('save() writes nothing when a form value cannot be written, and says why', async () => {
    const { fake, useEditorStore } = setup({ 'skills:get': () => ok(formDetail('v1', 'h1')) });
    const store = useEditorStore.getState();
    await store.open('notes');
    store.setDraft('v2');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, config: [...opened.config, { key: 'tone', value: 'wet', kind: 'string' }] });
    expect(await store.save()).toBe(false);
    expect(useEditorStore.getState().formProblem).toEqual({ key: 'configKey', detail: 'tone' });
    expect(fake.callsOf('skills:update')).toEqual([]);
    expect(isEditorDirty(useEditorStore.getState())).toBe(true);
  });

  it('save() stops at a conflict with everything unsaved kept', async () => {
    const { useEditorStore } = setup({
      'skills:get': () => ok(formDetail('theirs', 'h9')),
      'skills:update': () => fail('CONFLICT', 'changed'),
    });
    const store = useEditorStore.getState();
    await store.open('notes');
    store.setDraft('mine');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, model: 'big' });
    expect(await store.save()).toBe(false);
    const state = useEditorStore.getState();
    expect(state.conflict?.mine).toEqual({ kind: 'raw', text: 'mine' });
    expect(state.draft).toBe('mine');
    expect(state.form?.model).toBe('big');
  });

  it('a text save keeps the fields edited in the form, carried over to the new file', async () => {
    const { useEditorStore } = setup({
      'skills:get': () => ok(formDetail('v1', 'h1')),
      'skills:update': () => ok(formDetail('v2', 'h2', { name: 'renamed' })),
    });
    const store = useEditorStore.getState();
    await store.open('notes');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, description: 'Mine.' });
    store.setDraft('v2');
    expect(await store.saveRaw()).toBe(true);
    const { form } = useEditorStore.getState();
    expect(form?.description).toBe('Mine.');
    expect(form?.name).toBe('renamed');
  });
});
