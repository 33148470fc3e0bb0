import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNELS, EVENTS } from '../../shared/ipc/names';
import { createTestCore } from './test-support';

// docs/ARCHITECTURE.md is the truth about the code: these fail when the contract or the core grows and the
// document does not follow.
const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/ARCHITECTURE.md'), 'utf8');
const named = (name: string) => doc.includes(`\`${name}\``);

/** The text of one `## …` section. */
function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}`);
  if (start < 0) return '';
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe('docs/ARCHITECTURE.md', () => {
  it('names every channel of the contract', () => {
    expect(CHANNELS.filter((channel) => !named(channel))).toEqual([]);
  });

  it('names every event', () => {
    expect(EVENTS.filter((event) => !named(event))).toEqual([]);
  });

  const t = createTestCore();
  afterAll(() => t.dispose());

  it('says what createCore returns, member by member', () => {
    const core = section('The core');
    expect(core).not.toBe('');
    expect(Object.keys(t.core).filter((member) => !core.includes(`\`${member}\``))).toEqual([]);
  });
});
