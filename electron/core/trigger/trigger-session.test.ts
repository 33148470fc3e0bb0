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

    expect(session.end('run_a')).toEqual(card('run_a', false));
    expect(session.targetOf('run_a')).toBeUndefined();
    expect(session.end('run_a')).toBeUndefined();
    expect(session.end('run_b')).toBeUndefined(); // triggered, but nothing shown for it
    expect(session.end('run_other')).toBeUndefined(); // not triggered: its cards are not kept
  });
});
