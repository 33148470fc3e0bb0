import type { Memo } from '../../../shared/types/memo';

const when = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One memo as a Markdown section (`#` for a single memo, `##` inside a collection). */
export function memoToMarkdown(memo: Memo, level: 1 | 2 = 1): string {
  const heading = `${'#'.repeat(level)} ${memo.title.replace(/\s+/g, ' ').trim() || `Memo ${memo.id}`}`;
  const meta = [`skill: ${memo.skillId}`, `saved: ${when(memo.createdAt)}`];
  if (memo.runId) meta.push(`run: ${memo.runId}`);
  return `${heading}\n\n_${meta.join(' · ')}_\n\n${memo.text.trimEnd()}\n`;
}

/**
 * A single memo as its own document; several (or none) under `# Memos` with a line saying how many and
 * when they were exported, so a file found later tells what it holds.
 */
export function memosToMarkdown(memos: readonly Memo[], exportedAt: number = Date.now()): string {
  if (memos.length === 1) return memoToMarkdown(memos[0]!);
  const summary = `_${memos.length} memos · exported ${when(exportedAt)} from Skilldeck_\n`;
  const sections = memos.map((m) => memoToMarkdown(m, 2));
  return [`# Memos\n`, summary, ...sections].join('\n');
}
