import { describe, expect, it } from 'vitest';
import { diffChangesNothing, diffFile } from './DiffView';

// What the agent's Write sends for a file that already holds the text (the `diff` package's patch).
const UNCHANGED = `${'='.repeat(67)}\n--- a/notes.txt\n+++ b/notes.txt\n`;
const CHANGED = `${'='.repeat(67)}\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1,1 +1,1 @@\n-hello\n+bye\n`;

describe('diffChangesNothing', () => {
  it('is true for a patch with headers and no hunk, false for a real change or a note', () => {
    expect(diffChangesNothing(UNCHANGED)).toBe(true);
    expect(diffChangesNothing(CHANGED)).toBe(false);
    expect(diffChangesNothing('(notes.txt: too large to diff — 1 → 2 characters)')).toBe(false);
  });

  it('names the file from the +++ line', () => {
    expect(diffFile(UNCHANGED)).toBe('notes.txt');
    expect(diffFile('(no header)')).toBeNull();
  });
});
