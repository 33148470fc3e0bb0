import { z } from 'zod';
import { SkillId } from './skill';

/** A memo's id: SQLite rowid (the FTS index is keyed by it). */
export const MemoId = z.number().int().positive();
export type MemoId = z.infer<typeof MemoId>;

export const Memo = z.object({
  id: MemoId,
  skillId: z.string(),
  /** The run that saved it; null for a memo saved without one. */
  runId: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  /** ms since epoch. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Memo = z.infer<typeof Memo>;

const Paging = {
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
};

/** Newest first. */
export const MemoListInput = z
  .object({
    skillId: SkillId.optional(),
    /** ms since epoch, inclusive / exclusive. */
    since: z.number().int().optional(),
    until: z.number().int().optional(),
    ...Paging,
  })
  .strict()
  .default({ limit: 50, offset: 0 });
export type MemoListInput = z.infer<typeof MemoListInput>;

export const MemoPage = z.object({ items: z.array(Memo), total: z.number().int().nonnegative() });
export type MemoPage = z.infer<typeof MemoPage>;

/** Plain words and "quoted phrases", all required; never FTS syntax (it is escaped). */
export const MemoSearchInput = z
  .object({ query: z.string().max(1000), skillId: SkillId.optional(), ...Paging })
  .strict();
export type MemoSearchInput = z.infer<typeof MemoSearchInput>;

/** Part of a snippet; `match` parts are what the query found (render them highlighted). */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

export const MemoSearchHit = z.object({ memo: Memo, snippet: z.array(SnippetPart) });
export type MemoSearchHit = z.infer<typeof MemoSearchHit>;

export const MemoSearchResult = z.object({ items: z.array(MemoSearchHit), hasMore: z.boolean() });
export type MemoSearchResult = z.infer<typeof MemoSearchResult>;

/** One memo by id, or all (optionally of one skill), as Markdown. */
export const MemoExportInput = z
  .object({ id: MemoId.optional(), skillId: SkillId.optional() })
  .strict()
  .default({});
export type MemoExportInput = z.infer<typeof MemoExportInput>;

export const MemoExport = z.object({ markdown: z.string(), count: z.number().int().nonnegative() });
export type MemoExport = z.infer<typeof MemoExport>;
