import { describe, expect, it } from 'vitest';
import { fakeShortcuts as fakeRegistrar } from './test-registrar';
import { createVoiceKeys, type VoiceRecorder } from './voice-keys';

function fakeRecorder() {
  const calls: string[] = [];
  const recorder: VoiceRecorder & { active: boolean } = {
    active: false,
    start: ({ skillId }) => (calls.push(`start ${skillId}`), (recorder.active = true)),
    stop: () => void calls.push('stop'),
    cancel: () => void calls.push('cancel'),
  };
  return { recorder, calls };
}

describe('voice keys', () => {
  it('the dictate key records for the dictate skill, press again stops; Esc is taken only while recording', () => {
    const keys = fakeRegistrar();
    const { recorder, calls } = fakeRecorder();
    let time = 0;
    const voice = createVoiceKeys({
      registrar: keys.registrar,
      recorder,
      pushToTalk: { now: () => time },
    });
    expect(
      voice.sync({ dictateHotkey: 'Control+Alt+V', voiceHotkeys: { translate: 'Control+Alt+T' } }),
    ).toEqual([
      { accelerator: 'Control+Alt+V', skillId: 'dictate', state: 'registered' },
      { accelerator: 'Control+Alt+T', skillId: 'translate', state: 'registered' },
    ]);
    expect(keys.keys.has('Escape')).toBe(false);
    keys.press('Control+Alt+V');
    expect(calls).toEqual(['start dictate']);
    expect(keys.keys.has('Escape')).toBe(true);
    keys.press('Control+Alt+T'); // another key while recording: nothing
    time = 3000;
    keys.press('Control+Alt+V');
    expect(calls).toEqual(['start dictate', 'stop']);
    recorder.active = false;
    voice.ended();
    expect(keys.keys.has('Escape')).toBe(false);

    keys.press('Control+Alt+T');
    keys.press('Escape');
    expect(calls).toEqual(['start dictate', 'stop', 'start translate', 'cancel']);
  });

  it('a key another application holds, or a skill’s hotkey, is left unbound and said', () => {
    const keys = fakeRegistrar(['Control+Alt+V']);
    const lines: string[] = [];
    const voice = createVoiceKeys({
      registrar: keys.registrar,
      recorder: fakeRecorder().recorder,
      takenElsewhere: (a) => a === 'Control+Alt+K',
      log: (line) => lines.push(line),
    });
    const states = voice.sync({ dictateHotkey: 'Control+Alt+V', voiceHotkeys: { polish: 'Control+Alt+K' } });
    expect(states.map((s) => s.state)).toEqual(['taken', 'conflict']);
    expect(lines).toHaveLength(2);
    // a new sync gives back what the last one bound
    voice.sync({ dictateHotkey: null, voiceHotkeys: { polish: 'Control+Alt+P' } });
    expect([...keys.keys.keys()]).toEqual(['Control+Alt+P']);
    voice.dispose();
    expect(keys.keys.size).toBe(0);
  });

  it('paused: no key records', () => {
    const keys = fakeRegistrar();
    const { recorder, calls } = fakeRecorder();
    const voice = createVoiceKeys({ registrar: keys.registrar, recorder });
    voice.sync({ dictateHotkey: 'Control+Alt+V', voiceHotkeys: {} });
    voice.pause(true);
    keys.press('Control+Alt+V');
    expect(calls).toEqual([]);
  });
});
