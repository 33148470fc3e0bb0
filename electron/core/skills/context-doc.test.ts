// docs/SKILL-FORMAT.md says what every context placeholder is filled with: one the engine fills and the
// page does not describe fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXT_NAMES } from '../../../shared/skills/context-values';

describe('docs/SKILL-FORMAT.md', () => {
  it('describes every context placeholder in its table', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/SKILL-FORMAT.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Context placeholders'), doc.indexOf('## Phases'));
    for (const name of CONTEXT_NAMES)
      expect(section, name).toMatch(new RegExp(`^\\| \`\\{\\{${name}\\}\\}\` `, 'm'));
  });
});
