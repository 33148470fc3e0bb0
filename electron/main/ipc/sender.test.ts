import { describe, expect, it } from 'vitest';
import { checkSender, type SenderFrame } from './sender';

const dashboardFrame: SenderFrame = { url: 'app://skilldeck/index.html', frameTreeNodeId: 7, parent: null };
const trusted = [dashboardFrame];

function refusal(frame: SenderFrame | null | undefined, frames: readonly SenderFrame[] = trusted): string {
  const verdict = checkSender(frame, frames);
  if (verdict.ok) throw new Error('expected a refusal');
  return verdict.reason;
}

describe('checkSender', () => {
  it('accepts the top frame of a Skilldeck window on app://skilldeck', () => {
    expect(checkSender(dashboardFrame, trusted)).toEqual({ ok: true });
    expect(checkSender({ ...dashboardFrame, url: 'app://skilldeck/#/skills?x=1' }, trusted)).toEqual({
      ok: true,
    });
  });

  it('refuses a frame that is gone', () => {
    expect(refusal(null)).toMatch(/no longer exists/);
    expect(refusal(undefined)).toMatch(/no longer exists/);
  });

  it('refuses an iframe even on the dashboard origin', () => {
    expect(
      refusal({ url: 'app://skilldeck/frame.html', frameTreeNodeId: 8, parent: dashboardFrame }),
    ).toMatch(/top frame/);
  });

  it('refuses the top frame of a window Skilldeck did not open', () => {
    expect(refusal({ ...dashboardFrame, frameTreeNodeId: 99 })).toMatch(/not a Skilldeck window/);
    expect(refusal(dashboardFrame, [])).toMatch(/not a Skilldeck window/);
  });

  it.each([
    ['https://evil.example/index.html', 'https://evil.example'],
    ['file:///etc/passwd', 'file:'],
    ['app://skilldeck.evil/index.html', 'app://skilldeck.evil'],
    ['app://other/index.html', 'app://other'],
    ['app://skilldeck:8080/index.html', 'app://skilldeck:8080'],
    ['app://user@skilldeck/index.html', 'app://skilldeck'],
    ['http://skilldeck/index.html', 'http://skilldeck'],
    ['about:blank', 'about:'],
    ['not a url', 'an unparsable URL'],
  ])('refuses our window once it shows %s, naming only the origin', (url, origin) => {
    expect(refusal({ ...dashboardFrame, url })).toBe(`the sender's page is on ${origin}, not the dashboard`);
  });
});
