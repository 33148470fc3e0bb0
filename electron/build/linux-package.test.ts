// What the Linux packages declare beyond the fonts (linux-fonts.test.ts): the skilldeck:// scheme with the
// .desktop MimeType, the X11 tools the desktop loop runs, and the AppArmor profile Ubuntu 23.10+ needs for
// Chromium's sandbox (issue 15, §6 and §7.10).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from './electron-target.mjs';

interface Config {
  protocols?: { name: string; schemes: string[] }[];
  linux?: { mimeTypes?: string[]; desktop?: { entry?: Record<string, string> } };
  deb?: { depends?: string[]; recommends?: string[]; appArmorProfile?: string };
}
const config = parse(fs.readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Config;

describe('the Linux packages', () => {
  it('register skilldeck:// links: protocols, and the MimeType of the .desktop file', () => {
    expect(config.protocols).toEqual([{ name: 'Skilldeck', schemes: ['skilldeck'] }]);
    expect(config.linux?.mimeTypes).toEqual(['x-scheme-handler/skilldeck']);
    expect(config.linux?.desktop?.entry?.MimeType).toBe('x-scheme-handler/skilldeck;');
  });

  it('make the deb depend on xdotool and xclip, and recommend the Wayland tools', () => {
    expect(config.deb?.depends).toEqual(expect.arrayContaining(['xdotool', 'xclip']));
    expect(config.deb?.recommends).toEqual(expect.arrayContaining(['wl-clipboard', 'wtype']));
  });

  it('ship an AppArmor profile granting user namespaces to the installed binary only', () => {
    const file = config.deb?.appArmorProfile;
    expect(file).toBe('electron/build/linux/apparmor-profile.tpl');
    const profile = fs.readFileSync(path.join(projectRoot, file!), 'utf8');
    // electron-builder fills ${…} in the template; the rules must be exactly these
    const rules = profile
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(rules).toEqual([
      'abi <abi/4.0>,',
      'include <tunables/global>',
      'profile skilldeck "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {',
      'userns,',
      'include if exists <local/skilldeck>',
      '}',
    ]);
  });
});
