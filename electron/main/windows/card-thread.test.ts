// The floating card's thread (Retry, Retry with…, Continue, Insert, Save as memo) against a real core with
// two configured providers, each a wire-format model server: what each server is sent is asserted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { createMemoryPorts, type MemoryPorts } from '../../core/memory-ports';
import { createTestCore, type TestCore } from '../../core/test-support';
import { startLlmServer, type LlmServer, type RecordedRequest } from '../../core/testing/llm-server';
import { englishText } from '../../core/i18n/desktop-text';
import { providerModels, threadAction, withThread } from './card-actions';
import { CardThread } from './card-thread';

let first: LlmServer;
let second: LlmServer;
let t: TestCore;
let ports: MemoryPorts;
const editor = { id: '0x100', app: 'gedit', title: 'notes.txt', isTerminal: false };

beforeEach(async () => {
  first = await startLlmServer();
  second = await startLlmServer();
  ports = createMemoryPorts();
  ports.focused = editor;
  ports.selected = { text: 'teh cat', method: 'primary' };
  t = createTestCore({
    watchSkills: false,
    ports,
    modelGateway: { ollama: { baseUrl: null }, maxAttempts: 1 },
  });
  // a card, not an insert: the user acts on the result from the card
  t.writeSkill(
    'fixer',
    '---\nname: fixer\ndescription: Fixes text.\noutput: floating_card\n---\nFix this text.\n',
  );
  await t.core.skills.ready();
  const save = (input: ChannelInput<'providers:save'>) => t.client.invoke('providers:save', input);
  await save({ kind: 'openai-compatible', name: 'local', baseUrl: `${first.url}/v1`, defaultModel: 'small' });
  await save({ kind: 'openai-compatible', name: 'other', baseUrl: `${second.url}/v1`, defaultModel: 'o1' });
});
afterEach(async () => {
  await t.dispose();
  await first.close();
  await second.close();
});

const bodyOf = (r: RecordedRequest | undefined) =>
  r!.body as { model: string; messages: { role: string; content: string }[] };

async function triggered() {
  const { runId } = await t.client.invoke('trigger:run', { skillId: 'fixer', source: 'hotkey' });
  await t.core.executor.settled(runId!);
  const changes = { count: 0 };
  const thread = new CardThread(t.core, runId!, () => void changes.count++);
  await vi.waitFor(() => expect(thread.state()).toMatchObject({ finished: true, canInsert: true }));
  return { runId: runId!, thread, changes };
}

describe('the card thread', () => {
  it('Continue sends the whole conversation and shows the answer under the result; Insert and Memo act on it', async () => {
    first.script({ text: 'The cat.' }, { text: 'Cat.' });
    const { thread, changes } = await triggered();
    expect(thread.state()).toMatchObject({ canContinue: true, turns: [], attempt: null });
    expect(thread.state().model).toBe('local · small');

    await threadAction(thread, { type: 'continue', message: 'Shorter, please' }, englishText);
    await vi.waitFor(() =>
      expect(thread.state().turns).toEqual([
        { message: 'Shorter, please', text: 'Cat.', pending: false, error: null },
      ]),
    );
    expect(changes.count).toBeGreaterThan(2);
    const roles = bodyOf(first.requests[1]).messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(bodyOf(first.requests[1]).messages[2]!.content).toBe('The cat.');
    expect(bodyOf(first.requests[1]).messages[3]!.content).toBe('Shorter, please');
    expect(thread.lastAnswer()).toEqual({ turn: 1, text: 'Cat.' });

    expect(await threadAction(thread, 'memo', englishText)).toBe('Saved as a memo');
    const memos = await t.client.invoke('memos:list', {});
    expect(memos.items[0]!.text).toContain('Cat.');
    await thread.deliver('insert');
    expect(ports.inserted.at(-1)).toBe('Cat.');
    ports.focused = { ...editor, id: '0x200' };
    await expect(thread.deliver('insert')).rejects.toThrow(/no longer has the keyboard focus/);
    thread.dispose();
  });

  it('Retry with… another provider and model: the card follows the new attempt', async () => {
    first.script({ text: 'from local' });
    second.script({ text: 'from other' });
    const { thread } = await triggered();
    const models = await providerModels(t.core);
    expect(models.providers.map((p) => [p.name, p.models[0]]).sort()).toEqual([
      ['local', 'small'],
      ['other', 'o1'],
    ]);
    await threadAction(thread, { type: 'retryWith', provider: 'other', model: 'big' }, englishText);
    await vi.waitFor(() =>
      expect(thread.state()).toMatchObject({
        finished: true,
        attempt: { text: 'from other', number: 2, pending: false, error: null },
        model: 'other · big',
        canInsert: true,
      }),
    );
    // (the first request was the model list the picker asked for)
    expect(bodyOf(second.requests.at(-1)).model).toBe('big');
    const view = withThread(
      {
        runId: 'x',
        title: 'fixer',
        text: 'from local',
        pending: false,
        error: null,
        pinned: false,
        notice: null,
        turns: [],
        can: { insert: true, continue: false, retry: false, memo: false },
        attempt: null,
        model: null,
        otherPasteKey: null,
      },
      thread.state(),
      englishText,
    );
    expect(view).toMatchObject({
      text: 'from other',
      attempt: 'Attempt 2',
      can: { insert: true, continue: true, retry: true, memo: true },
    });
    thread.dispose();
  });
});
