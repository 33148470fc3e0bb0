import { describe, expect, it, vi } from 'vitest';
import { handleLaunchRequest, handleSecondLaunch } from './second-launch';

function targets() {
  return { dashboard: { show: vi.fn() }, trigger: vi.fn(), log: vi.fn() };
}

describe('handleSecondLaunch', () => {
  it('a plain second launch raises the dashboard', () => {
    const t = targets();
    expect(handleSecondLaunch({ argv: ['skilldeck'], workingDirectory: '/home/u' }, t)).toEqual({
      kind: 'none',
    });
    expect(t.dashboard.show).toHaveBeenCalledTimes(1);
    expect(t.trigger).not.toHaveBeenCalled();
  });

  it('a deep link in argv triggers the skill without raising the dashboard', () => {
    const t = targets();
    handleSecondLaunch(
      { argv: ['skilldeck', 'skilldeck://run/translate?instruction=to%20German'], workingDirectory: '/' },
      t,
    );
    expect(t.trigger).toHaveBeenCalledWith({
      skillId: 'translate',
      instruction: 'to German',
      source: 'link',
    });
    expect(t.dashboard.show).not.toHaveBeenCalled();
  });

  it('--trigger from `skilldeck run SKILL --trigger` triggers the skill', () => {
    const t = targets();
    handleSecondLaunch({ argv: ['electron', '/project', '--trigger=memo'], workingDirectory: '/' }, t);
    expect(t.trigger).toHaveBeenCalledWith({ skillId: 'memo', source: 'cli' });
  });

  it('a malformed link is logged and the dashboard raised, nothing triggered', () => {
    const t = targets();
    handleSecondLaunch({ argv: ['skilldeck', 'skilldeck://run/a/b'], workingDirectory: '/' }, t);
    expect(t.trigger).not.toHaveBeenCalled();
    expect(t.log).toHaveBeenCalledWith(expect.stringMatching(/not a Skilldeck link/));
    expect(t.dashboard.show).toHaveBeenCalledTimes(1);
  });

  it("the first launch's own argv does not raise the dashboard when there is nothing to do", () => {
    const t = targets();
    handleLaunchRequest({ kind: 'none' }, t, { raiseOnNone: false });
    expect(t.dashboard.show).not.toHaveBeenCalled();
  });
});
