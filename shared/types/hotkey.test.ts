import { describe, expect, it } from 'vitest';
import { acceleratorProblem } from './hotkey';

describe('acceleratorProblem', () => {
  it.each([
    'CommandOrControl+Alt+T',
    'Ctrl+Shift+F12',
    'Super+Space',
    'Alt+Shift+/',
    'CmdOrCtrl++',
    'Control+Num5',
    'Option+PageDown',
    'F9',
  ])('accepts %s', (a) => expect(acceleratorProblem(a)).toBeNull());
  it.each([
    ['T', /needs at least one modifier/],
    ['Space', /needs at least one modifier/],
    ['Ctrl+', /empty part/],
    ['Hyper+T', /"hyper" is not a modifier/],
    ['Ctrl+Ctrl+T', /repeats a modifier/],
    ['Ctrl+Banana', /"Banana" is not a key/],
    ['Ctrl+F25', /"F25" is not a key/],
  ])('rejects %s', (a, why) => expect(acceleratorProblem(a)).toMatch(why));
});
