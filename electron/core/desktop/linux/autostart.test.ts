import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  autostartEntry,
  autostartFile,
  autostartProgram,
  isAutostartOn,
  quoteExecArgument,
  setAutostart,
} from './autostart';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-home-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

describe('launch at login on Linux (XDG autostart)', () => {
  it('writes ~/.config/autostart/skilldeck.desktop when turned on and removes it when turned off', async () => {
    const target = { home, env: {}, execPath: '/opt/Skilldeck/skilldeck' };
    const file = path.join(home, '.config', 'autostart', 'skilldeck.desktop');
    expect(await isAutostartOn(target)).toBe(false);

    await setAutostart(target, true);
    expect(fs.readFileSync(file, 'utf8')).toContain('Exec=/opt/Skilldeck/skilldeck --hidden\n');
    expect(await isAutostartOn(target)).toBe(true);
    // atomic: no temp file left beside it
    expect(fs.readdirSync(path.dirname(file))).toEqual(['skilldeck.desktop']);

    await setAutostart(target, true); // again: still one file
    expect(fs.readdirSync(path.dirname(file))).toEqual(['skilldeck.desktop']);

    await setAutostart(target, false);
    expect(fs.existsSync(file)).toBe(false);
    expect(await isAutostartOn(target)).toBe(false);
    await setAutostart(target, false); // nothing to remove: no error
  });

  it('follows XDG_CONFIG_HOME when absolute, and counts a Hidden=true entry as off', async () => {
    const config = path.join(home, 'cfg');
    expect(autostartFile(home, { XDG_CONFIG_HOME: config })).toBe(
      path.join(config, 'autostart', 'skilldeck.desktop'),
    );
    expect(autostartFile(home, { XDG_CONFIG_HOME: 'relative' })).toBe(
      path.join(home, '.config', 'autostart', 'skilldeck.desktop'),
    );
    const target = { home, env: { XDG_CONFIG_HOME: config }, execPath: '/usr/bin/skilldeck' };
    await setAutostart(target, true);
    const file = autostartFile(home, target.env);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8') + 'Hidden=true\n');
    expect(await isAutostartOn(target)).toBe(false);
  });

  it('starts the AppImage file, not its temporary mount, and quotes paths with spaces', () => {
    expect(
      autostartProgram('/tmp/.mount_Skill123/skilldeck', { APPIMAGE: '/home/a/Apps/Skilldeck.AppImage' }),
    ).toBe('/home/a/Apps/Skilldeck.AppImage');
    expect(autostartProgram('/opt/Skilldeck/skilldeck', {})).toBe('/opt/Skilldeck/skilldeck');
    expect(quoteExecArgument('/home/a/My Apps/Skilldeck.AppImage')).toBe(
      '"/home/a/My Apps/Skilldeck.AppImage"',
    );
    expect(quoteExecArgument('/home/a/$x"y')).toBe('"/home/a/\\\\$x\\\\"y"');
    expect(quoteExecArgument('/home/a/50%')).toBe('"/home/a/50%%"');
    expect(autostartEntry('/usr/bin/skilldeck')).toMatch(
      /^\[Desktop Entry\]\nType=Application\nName=Skilldeck\n/,
    );
  });
});
