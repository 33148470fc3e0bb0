import { describe, expect, it } from 'vitest';
import type { Card, FocusedWindow } from '../platform';
import { createTriggerSession } from './trigger-session';

const editor: FocusedWindow = { id: '0x1', app: 'gedit', title: 'a.txt', isTerminal: false };
const card = (runId: string, pending: boolean): Card => ({ runId, title: 't', text: 'x', pending });

describe('trigger session', () => {
  it('knows where a triggered run inserts, and its last card until the run ends', async () => {
    const shown: Card[] = [];
    const session = createTriggerSession({ show: (c) => (shown.push(c), Promise.resolve(undefined)) });
    expect(session.targetOf('run_a')).toBeUndefined();

    session.begin('run_a', editor);
    session.begin('run_b', null);
    await session.card.show(card('run_a', true));
    await session.card.show(card('run_a', false));
    await session.card.show(card('run_other', false));
    expect(shown).toHaveLength(3); // every card reaches the presenter
    expect(session.targetOf('run_a')).toEqual(editor);
    expect(session.targetOf('run_b')).toBeNull();

    session.delivered('run_a', 'clipboard');
    session.delivered('run_other', 'insert_text');
    expect(session.end('run_a')).toEqual({ last: card('run_a', false), where: 'clipboard' });
    expect(session.end('run_a')).toEqual({});
    expect(session.end('run_b')).toEqual({}); // triggered, but nothing shown for it
    expect(session.end('run_other')).toEqual({}); // not triggered: its cards are not kept
    // the window stays known after the run ended: its result can be inserted again
    expect(session.targetOf('run_a')).toEqual(editor);
    expect(session.targetOf('run_other')).toBeUndefined();
  });

  it('keeps the windows of the most recent runs only, and gives a retry its first attempt’s', () => {
    const session = createTriggerSession({ show: () => Promise.resolve(undefined) }, 3);
    for (const id of ['run_1', 'run_2', 'run_3']) session.begin(id, editor);
    session.inherit('run_4', 'run_1');
    expect(session.targetOf('run_4')).toEqual(editor);
    expect(session.targetOf('run_1')).toBeUndefined(); // the oldest went
    expect(session.targetOf('run_2')).toEqual(editor);
    session.inherit('run_5', 'run_unknown'); // a run not triggered here: its retry has no window either
    expect(session.targetOf('run_5')).toBeUndefined();
    session.begin('run_6', null);
    session.inherit('run_7', 'run_6');
    expect(session.targetOf('run_7')).toBeNull();
  });
});
