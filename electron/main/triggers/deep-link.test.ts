import { describe, expect, it } from 'vitest';
import { parseDeepLink, readLaunchRequest, registerDeepLinkScheme } from './deep-link';

describe('parseDeepLink', () => {
  it.each([
    ['skilldeck://run/translate', { skillId: 'translate' }],
    ['SKILLDECK://RUN/translate', { skillId: 'translate' }],
    [
      'skilldeck://run/translate?instruction=into%20French',
      { skillId: 'translate', instruction: 'into French' },
    ],
    ['skilldeck://run/translate?instruction=a+b%26c', { skillId: 'translate', instruction: 'a b&c' }],
    ['skilldeck://run/translate?instruction=', { skillId: 'translate' }],
    ['skilldeck://run/my-plugin%3Areview', { skillId: 'my-plugin:review' }],
    ['skilldeck://run/%E7%BF%BB%E8%AF%91', { skillId: '翻译' }],
  ])('accepts %s', (url, expected) => {
    expect(parseDeepLink(url)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['https://run/translate', /must start with skilldeck:\/\//],
    ['skilldeck:run/translate', /must start with skilldeck:\/\//],
    ['skilldeck://open/translate', /unknown action "open"/],
    ['skilldeck://run/', /expected skilldeck:\/\/run\/<skill>/],
    ['skilldeck://run', /expected skilldeck:\/\/run\/<skill>/],
    ['skilldeck://run/a/b', /expected skilldeck:\/\/run\/<skill>/],
    ['skilldeck://run/translate/', /expected/],
    ['skilldeck://run/a%2Fb', /bad skill id/],
    ['skilldeck://run/%2E%2E', /bad skill id/],
    ['skilldeck://run/..', /bad skill id/],
    ['skilldeck://run/./translate', /expected/],
    ['skilldeck://run/../translate', /expected/],
    ['skilldeck://run/a%00', /bad skill id/],
    ['skilldeck://run/%E0%A4%A', /percent-encoding/],
    ['skilldeck://run/translate?x=1', /unknown parameter "x"/],
    ['skilldeck://run/translate?instruction=a&instruction=b', /more than once/],
    ['skilldeck://run/translate#frag', /fragment/],
    ['skilldeck://user:pw@run/translate', /no user/],
    ['skilldeck://run:99/translate', /port/],
  ])('refuses %s', (url, why) => {
    const result = parseDeepLink(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(why);
  });
});

it('refuses an instruction over 100,000 characters, and a link of any size beyond reason', () => {
  expect(parseDeepLink(`skilldeck://run/t?instruction=${'a'.repeat(100_001)}`)).toMatchObject({
    ok: false,
    error: expect.stringMatching(/^not a Skilldeck link: instruction: /),
  });
  expect(parseDeepLink(`skilldeck://run/t?instruction=${'a'.repeat(500_000)}`)).toMatchObject({
    ok: false,
    error: expect.stringMatching(/too long/),
  });
});

describe('readLaunchRequest', () => {
  it('finds a link anywhere on the command line (Windows/Linux pass it as an argument)', () => {
    expect(readLaunchRequest(['/opt/Skilldeck/skilldeck', '--no-sandbox', 'skilldeck://run/polish'])).toEqual(
      {
        kind: 'trigger',
        input: { skillId: 'polish' },
        via: 'deep-link',
      },
    );
  });

  it('reads --trigger=SKILL, --trigger SKILL and --instruction', () => {
    expect(readLaunchRequest(['app', '--trigger=memo'])).toEqual({
      kind: 'trigger',
      input: { skillId: 'memo' },
      via: 'switch',
    });
    expect(readLaunchRequest(['app', '--trigger', 'memo', '--instruction=keep this'])).toMatchObject({
      input: { skillId: 'memo', instruction: 'keep this' },
    });
    // Chromium lowercases switch names on Windows and may move switches around
    expect(readLaunchRequest(['app', '--instruction=x', '--TRIGGER=Memo'])).toMatchObject({
      input: { skillId: 'Memo', instruction: 'x' },
    });
  });

  it('round-trips what `skilldeck run --trigger` sends', () => {
    // the form electron/cli/commands/trigger.ts triggerSwitches() produces (tested there)
    const switches = ['--trigger=reply-email', '--instruction=formal, --short= and all'];
    expect(readLaunchRequest(['electron', '/project', ...switches])).toEqual({
      kind: 'trigger',
      input: { skillId: 'reply-email', instruction: 'formal, --short= and all' },
      via: 'switch',
    });
  });

  it('nothing to trigger, or a malformed request with the reason', () => {
    expect(readLaunchRequest(['app', '--enable-logging'])).toEqual({ kind: 'none' });
    expect(readLaunchRequest(['app', '--trigger'])).toEqual({
      kind: 'invalid',
      error: '--trigger needs one skill id',
    });
    expect(readLaunchRequest(['app', '--trigger=a', '--trigger=b'])).toMatchObject({ kind: 'invalid' });
    expect(readLaunchRequest(['app', '--trigger=a', 'skilldeck://run/b'])).toMatchObject({
      kind: 'invalid',
      error: 'more than one skill to trigger on the command line',
    });
    expect(readLaunchRequest(['app', '--trigger=../x'])).toMatchObject({ kind: 'invalid' });
    expect(readLaunchRequest(['app', 'skilldeck://evil/x'])).toMatchObject({
      kind: 'invalid',
      error: expect.stringMatching(/unknown action/),
    });
  });
});

describe('registerDeepLinkScheme', () => {
  it('registers skilldeck:// only when packaged', () => {
    const calls: string[] = [];
    const app = (isPackaged: boolean, answer = true) => ({
      isPackaged,
      setAsDefaultProtocolClient: (protocol: string) => (calls.push(protocol), answer),
    });
    expect(registerDeepLinkScheme(app(false))).toBe('skipped');
    expect(calls).toEqual([]);
    expect(registerDeepLinkScheme(app(true))).toBe('registered');
    expect(registerDeepLinkScheme(app(true, false))).toBe('refused');
    expect(calls).toEqual(['skilldeck', 'skilldeck']);
  });
});
