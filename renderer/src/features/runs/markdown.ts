// A small Markdown reader for streamed model output: blocks (paragraphs, headings, lists — nested —,
// GFM tables, code fences, quotes, rules) and inline code / bold / italic / links. It builds data, never
// HTML, so nothing the model writes can inject markup; a fence still open while tokens arrive is simply
// a code block that is not done yet, and a link not closed yet is text.
// Its parts are in markdown/: blocks, lists, tables, inline, links, and the incremental driver.

export type { Align, Block, Inline, ListItem } from './markdown/types';
export { parseBlocks } from './markdown/blocks';
export { createBlockParser } from './markdown/incremental';
export { parseInline } from './markdown/inline';
export { safeHref } from './markdown/links';
