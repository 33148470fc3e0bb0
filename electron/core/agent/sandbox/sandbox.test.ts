// The sandboxes' command lines and profiles as text: the order of bwrap's mounts (a later one covers an
// earlier one) and the macOS profile, which cannot run here.
import { describe, expect, it } from 'vitest';
import { bwrapArgs } from './bwrap';
import { sandboxEnv, toolFoldersInHome, type SandboxLayout } from './layout';
import { seatbeltProfile } from './seatbelt';

const layout: SandboxLayout = {
  workdir: '/tmp/work dir',
  readOnly: ['/skills/notes'],
  writable: ['/home/ann/notes'],
  network: false,
  home: '/home/ann',
  pathEnv: '/home/ann/.nvm/versions/node/v20/bin:/usr/bin:/home/ann/.local/bin:relative/bin:/home/ann',
};
const line = { shell: '/bin/bash', flag: '-c', line: 'echo "hi"' };

describe('toolFoldersInHome', () => {
  it('keeps the PATH folders inside the home and the lib beside a bin, nothing else', () => {
    expect(toolFoldersInHome(layout)).toEqual([
      '/home/ann/.nvm/versions/node/v20/bin',
      '/home/ann/.nvm/versions/node/v20/lib',
      '/home/ann/.local/bin',
      '/home/ann/.local/lib',
    ]);
  });
});

describe('sandboxEnv', () => {
  it('keeps locale, terminal and PATH, proxies only with the network, never keys', () => {
    const env = {
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      TERM: 'xterm',
      HOME: '/root',
      HTTPS_PROXY: 'http://proxy:3128',
      OPENAI_API_KEY: 'sk-x',
      AWS_SECRET_ACCESS_KEY: 'y',
    };
    expect(sandboxEnv(env, { home: '/home/ann', network: false })).toEqual({
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      TERM: 'xterm',
      HOME: '/home/ann',
      TMPDIR: '/tmp',
    });
    expect(sandboxEnv(env, { home: '/home/ann', network: true })).toMatchObject({
      HTTPS_PROXY: 'http://proxy:3128',
    });
  });
});

describe('bwrapArgs', () => {
  const args = bwrapArgs(layout, line);
  const at = (...seq: string[]) => args.findIndex((_, i) => seq.every((s, j) => args[i + j] === s));

  it('isolates everything, drops capabilities, dies with Skilldeck and runs the line last', () => {
    expect(args.slice(0, 3)).toEqual(['--die-with-parent', '--new-session', '--unshare-all']);
    expect(args).not.toContain('--share-net');
    expect(at('--cap-drop', 'ALL')).toBeGreaterThan(0);
    expect(args.slice(-4)).toEqual(['--', '/bin/bash', '-c', 'echo "hi"']);
    expect(bwrapArgs({ ...layout, network: true }, line)).toContain('--share-net');
  });

  it('mounts the private /tmp and home before the folders the run may use, the workdir last', () => {
    const tmp = at('--tmpfs', '/tmp');
    const home = at('--tmpfs', '/home/ann');
    const skill = at('--ro-bind-try', '/skills/notes', '/skills/notes');
    const notes = at('--bind-try', '/home/ann/notes', '/home/ann/notes');
    const tools = at('--ro-bind-try', '/home/ann/.local/bin', '/home/ann/.local/bin');
    const work = at('--bind', '/tmp/work dir', '/tmp/work dir');
    for (const i of [tmp, home, skill, notes, tools, work]) expect(i).toBeGreaterThan(0);
    expect(Math.max(tmp, home)).toBeLessThan(Math.min(skill, notes, tools, work));
    expect(work).toBeGreaterThan(Math.max(skill, notes));
    expect(at('--chdir', '/tmp/work dir')).toBe(work + 3);
    expect(at('--setenv', 'HOME', '/home/ann')).toBeGreaterThan(0);
  });

  it('shows the system read-only and hides its secrets', () => {
    expect(at('--ro-bind', '/usr', '/usr')).toBeGreaterThan(0);
    expect(at('--ro-bind', '/etc', '/etc')).toBeGreaterThan(0);
    expect(at('--ro-bind', '/dev/null', '/etc/shadow')).toBeGreaterThan(at('--ro-bind', '/etc', '/etc'));
    expect(args.filter((a) => a === '--bind')).toHaveLength(1); // only the workdir is writable (+ --bind-try grants)
  });
});

describe('seatbeltProfile (macOS)', () => {
  it('denies by default, hides the home after allowing reads, shows the run’s folders again, writes only there', () => {
    const profile = seatbeltProfile(
      { ...layout, workdir: '/Users/ann/proj "x"', home: '/Users/ann', pathEnv: '/usr/bin' },
      ['/private/tmp'],
    );
    const lines = profile.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    const read = lines.indexOf('(allow file-read*)');
    const hide = lines.indexOf('(deny file-read* (subpath "/Users/ann"))');
    const show = lines.findIndex((l) =>
      l.startsWith('(allow file-read* (subpath "/Users/ann/proj \\"x\\"")'),
    );
    expect(read).toBeGreaterThan(0);
    expect(hide).toBeGreaterThan(read);
    expect(show).toBeGreaterThan(hide);
    expect(lines[show]).toContain('(subpath "/skills/notes")');
    expect(lines[show]).toContain('(literal "/Users/ann/.gitconfig")');
    const write = lines.find((l) => l.startsWith('(allow file-write*'))!;
    expect(write).toBe(
      '(allow file-write* (subpath "/Users/ann/proj \\"x\\"") (subpath "/home/ann/notes") (subpath "/private/tmp") ' +
        '(literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/fd/"))',
    );
    expect(profile).not.toContain('network');
    expect(seatbeltProfile({ ...layout, network: true }, [])).toContain('(allow network*)');
  });
});
