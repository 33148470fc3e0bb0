import { describe, expect, it } from 'vitest';
import { MODES, modeRunner } from '.';
import { runPrompt } from './prompt';

describe('modeRunner', () => {
  it('gives each known mode its own run', () => {
    for (const [mode, run] of Object.entries(MODES)) expect(modeRunner(mode)).toBe(run);
  });

  it('runs a mode it does not know as a prompt (a run stored by hand or by a newer version)', () => {
    for (const mode of ['teleport', '', '__proto__', 'toString', 'constructor'])
      expect(modeRunner(mode)).toBe(runPrompt);
  });
});
