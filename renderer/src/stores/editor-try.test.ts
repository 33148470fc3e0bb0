import { describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/ipc/client';
import { fail, ok } from '../../../shared/ipc/result';
import type { SkillDetail } from '../../../shared/types/skill';
import { testDefinition } from '../features/editor/test-definition';
import { createEditorStore, openedForm } from './editor';
import { createFakeTransport, skill } from './fake-transport';

const detail: SkillDetail = {
  ...skill('notes'),
  source: 'user',
  raw: '---\nname: notes\ndescription: Takes notes.\n---\nSaved body.\n',
  hash: 'h1',
  body: 'Saved body.\n',
  bodyLine: 5,
  definition: testDefinition({ config: { tone: 'dry' } }),
  resources: [],
  readOnly: false,
};

function setup(answers: Parameters<typeof createFakeTransport>[0] = {}) {
  const fake = createFakeTransport({
    'providers:list': () => ok([]),
    'skills:get': () => ok(detail),
    'skills:check': (input) => {
      const { edit } = input as { edit?: { body?: string } };
      return ok({ findings: [], definition: null, ...(edit ? { text: `EDITED:${edit.body ?? ''}` } : {}) });
    },
    'runs:start': () => ok({ runId: 'run_try_one' }),
    ...answers,
  });
  const useEditorStore = createEditorStore(createClient(fake.transport));
  return { fake, useEditorStore };
}

describe('editor store: Try it', () => {
  it('runs the text with the form’s unsaved edit applied, on the sample, as a draft', async () => {
    const { fake, useEditorStore } = setup();
    const store = useEditorStore.getState();
    await store.open('notes');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({ ...opened, body: 'Unsaved body.\n', model: 'small' });
    store.setSample({ selection: 'the text', input: '', arguments: 'fr', app: 'firefox', url: '' });
    expect(await store.tryDraft()).toBe(true);
    expect(fake.callsOf('skills:check')[0]!.input).toEqual({
      skillId: 'notes',
      text: detail.raw,
      edit: { fields: { model: 'small' }, body: 'Unsaved body.\n' },
    });
    // the text the core built is what runs; an empty sample box is not sent
    expect(fake.callsOf('runs:start')[0]!.input).toEqual({
      skillId: 'notes',
      draft: 'EDITED:Unsaved body.\n',
      selection: 'the text',
      arguments: 'fr',
      context: { app: 'firefox' },
    });
    expect(useEditorStore.getState()).toMatchObject({
      tryRunId: 'run_try_one',
      trying: false,
      tryProblem: null,
    });
    // nothing saved
    expect(fake.callsOf('skills:update')).toEqual([]);
  });

  it('runs the raw text as edited when the form is untouched', async () => {
    const { fake, useEditorStore } = setup();
    await useEditorStore.getState().open('notes');
    useEditorStore.getState().setDraft('---\nname: notes\ndescription: d\n---\nRaw edit.\n');
    expect(await useEditorStore.getState().tryDraft()).toBe(true);
    expect(fake.callsOf('skills:check')[0]!.input).toEqual({
      skillId: 'notes',
      text: '---\nname: notes\ndescription: d\n---\nRaw edit.\n',
    });
    expect(fake.callsOf('runs:start')[0]!.input).toMatchObject({
      draft: '---\nname: notes\ndescription: d\n---\nRaw edit.\n',
    });
  });

  it('does not start a draft with errors: the findings say why', async () => {
    const finding = { code: 'invalid-output', severity: 'error' as const, message: 'bad output', line: 3 };
    const { fake, useEditorStore } = setup({
      'skills:check': () =>
        ok({ findings: [finding, { ...finding, severity: 'warning' as const }], definition: null }),
    });
    await useEditorStore.getState().open('notes');
    expect(await useEditorStore.getState().tryDraft()).toBe(false);
    expect(useEditorStore.getState().tryProblem).toEqual({ kind: 'findings', findings: [finding] });
    expect(fake.callsOf('runs:start')).toEqual([]);
  });

  it('does not start when a form value cannot be written, or when the host refuses', async () => {
    const { fake, useEditorStore } = setup({
      'runs:start': () => fail('BAD_REQUEST', 'no provider configured'),
    });
    const store = useEditorStore.getState();
    await store.open('notes');
    const opened = openedForm(useEditorStore.getState().detail)!;
    store.setForm({
      ...opened,
      arguments: [{ name: 'two words', description: '', default: '', options: [] }],
    });
    expect(await store.tryDraft()).toBe(false);
    expect(useEditorStore.getState().formProblem).toEqual({ key: 'argumentName', detail: 'two words' });
    expect(fake.callsOf('skills:check')).toEqual([]);

    store.setForm(null);
    expect(await store.tryDraft()).toBe(false);
    expect(useEditorStore.getState().tryProblem).toEqual({
      kind: 'error',
      message: 'no provider configured',
    });
  });
});

describe('editor store: model lists', () => {
  it('asks a provider for its models once, and again after a failure', async () => {
    let answer = fail('NOT_FOUND', 'no provider');
    const { fake, useEditorStore } = setup({ 'providers:models': () => answer });
    const store = useEditorStore.getState();
    await store.loadModels('local');
    expect(useEditorStore.getState().models.local).toEqual({ state: 'failed', error: 'no provider' });
    answer = ok({ models: ['m', 'llama3.2'], listed: true }) as never;
    await store.loadModels('local');
    await store.loadModels('local');
    expect(fake.callsOf('providers:models')).toHaveLength(2);
    expect(useEditorStore.getState().models.local).toEqual({
      state: 'done',
      value: { models: ['m', 'llama3.2'], listed: true },
    });
  });
});
