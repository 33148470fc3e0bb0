import { describe, expect, it } from 'vitest';
import type { Card, FocusedWindow } from '../platform';
import { createTriggerSession } from './trigger-session';

const editor: FocusedWindow = { id: '0x1', app: 'gedit', title: 'a.txt', isTerminal: false };
const card = (runId: string, pending: boolean): Card => ({ runId, title: 't', text: 'x', pending });

describe('trigger session', () => {
  it('knows where a triggered run inserts and its last card, until the run ends', async () => {
    const shown: Card[] = [];
    const session = createTriggerSession({ show: (c) => (shown.push(c), Promise.resolve()) });
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
    expect(session.targetOf('run_a')).toBeUndefined();
    expect(session.end('run_a')).toEqual({});
    expect(session.end('run_b')).toEqual({}); // triggered, but nothing shown for it
    expect(session.end('run_other')).toEqual({}); // not triggered: its cards are not kept
  });
});
