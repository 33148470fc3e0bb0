// The Linux packages bring the fonts the dashboard needs: without an emoji font every skill tile would be
// empty (the dashboard then shows initials, see renderer/src/features/skills/emoji-drawable.ts), without a
// CJK font 简体中文 is boxes. The deb depends on them — on top of electron-builder's own dependencies,
// which a `depends` list replaces rather than extends.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from './electron-target.mjs';

const config = parse(fs.readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as {
  deb?: { depends?: string[] };
};

/** electron-builder's own deb dependencies (GTK, NSS, …), read from the installed version. */
function builderDefaults(): string[] {
  const require = createRequire(import.meta.url);
  const fpm = require('app-builder-lib/out/targets/FpmTarget') as {
    default: { prototype: { getDefaultDepends(target: string): string[] } };
  };
  return fpm.default.prototype.getDefaultDepends('deb');
}

describe('the deb package', () => {
  it('depends on an emoji font and a CJK font', () => {
    expect(config.deb?.depends).toEqual(expect.arrayContaining(['fonts-noto-color-emoji', 'fonts-noto-cjk']));
  });

  it("keeps electron-builder's own dependencies", () => {
    const defaults = builderDefaults();
    expect(defaults).toContain('libgtk-3-0');
    expect(config.deb?.depends).toEqual(expect.arrayContaining(defaults));
  });
});
