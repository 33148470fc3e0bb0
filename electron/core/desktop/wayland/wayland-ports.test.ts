// The Wayland ports on a real compositor: sway on wlroots' headless backend, which offers data-control
// (wl-clipboard reads and writes without focus), primary selection and the virtual keyboard (wtype).
// What runs for real: PRIMARY read through wl-paste --primary; the insertion transaction's clipboard half
// (snapshot of a non-text clipboard, wl-copy, the wl-paste check, wtype's paste key sent, the clipboard
// restored byte for byte). What does not: a window taking the paste — Chromium on headless sway
// received no key from wtype's virtual keyboard here (tried 2026-11-24), so no text field is checked.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPath } from '../../fs/on-path';
import { missingWaylandCommands, startSway, type Sway } from './test-support';
import { createWaylandPorts, type WaylandPorts } from './wayland-ports';
import { createWaylandRunner, type WaylandRunner } from './wl-tools';

const missing = missingWaylandCommands();
if (missing.length > 0)
  console.warn(
    `Wayland ports test skipped: needs ${missing.join(', ')} (apt-get install sway wl-clipboard wtype)`,
  );

let sway: Sway;
let ports: WaylandPorts;
const ran: string[] = [];
const wl = (args: string[], input?: string) =>
  execFileSync(args[0]!, args.slice(1), {
    env: { ...process.env, ...sway.env },
    ...(input !== undefined ? { input, stdio: ['pipe', 'ignore', 'ignore'] } : {}),
  })?.toString('utf8') ?? '';

describe.skipIf(missing.length > 0)('Wayland ports on sway (headless, data-control)', () => {
  beforeAll(async () => {
    sway = await startSway();
    const real = createWaylandRunner({ env: { ...process.env, DISPLAY: '', ...sway.env } });
    const run: WaylandRunner = (command, options) => {
      ran.push(`${command.file} ${command.args.join(' ')}`);
      return real(command, options);
    };
    ports = createWaylandPorts({ compositor: 'wlroots', run, has: onPath, pasteDelayMs: 50 });
  }, 30_000);

  afterAll(async () => {
    await sway?.stop();
  });

  it('captures PRIMARY through wl-paste --primary, sending no key', async () => {
    wl(['wl-copy', '--primary'], 'the selected wörds');
    ran.length = 0;
    expect(await ports.selection.capture({ focus: null, copyFallback: true })).toEqual({
      text: 'the selected wörds',
      method: 'primary',
    });
    expect(ran).toEqual(['wl-paste --primary --no-newline --type text']);
  });

  it('GNOME (no data-control): PRIMARY is not read; the copy key is the way', async () => {
    const gnome = createWaylandPorts({
      compositor: 'gnome',
      run: createWaylandRunner({ env: { ...process.env, ...sway.env } }),
      has: (program) => program !== 'wtype' && onPath(program),
    });
    wl(['wl-copy', '--primary'], 'not to be read');
    expect(await gnome.selection.capture({ focus: null, copyFallback: true })).toEqual({
      text: '',
      method: 'none',
    });
  });

  it('insert: wl-copy, checked with wl-paste, the paste key through wtype, the clipboard put back exactly', async () => {
    wl(['wl-copy', '--type', 'text/html'], '<b>user html</b>');
    ran.length = 0;
    expect(await ports.inserter.insert('Inserted ✓ 世界')).toEqual({ inserted: true });
    expect(ran).toEqual([
      'wl-paste --list-types',
      'wl-paste --no-newline --type text/html',
      'wl-copy --type text/plain;charset=utf-8',
      'wl-paste --no-newline --type text', // the check: the compositor took the write
      'wtype -M ctrl -k v -m ctrl',
      'wl-paste --no-newline --type text',
      'wl-copy --type text/html',
    ]);
    expect(wl(['wl-paste', '--list-types'])).toContain('text/html');
    expect(wl(['wl-paste', '--no-newline', '--type', 'text/html'])).toBe('<b>user html</b>');
  });

  it('an empty clipboard stays empty after an insert', async () => {
    wl(['wl-copy', '--clear']);
    expect(await ports.inserter.insert('gone after')).toEqual({ inserted: true });
    expect(await ports.clipboard.readText()).toBe('');
  });

  it('reads and writes the clipboard as text', async () => {
    await ports.clipboard.writeText('plain ünïcode');
    expect(await ports.clipboard.readText()).toBe('plain ünïcode');
  });
});
