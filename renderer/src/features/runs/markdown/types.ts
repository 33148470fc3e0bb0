// What the Markdown reader builds: data for the view to render, never HTML.

export type Align = 'left' | 'center' | 'right' | null;

export interface ListItem {
  /** The item's content read as blocks: a nested list is a `list` block here. */
  blocks: Block[];
  /** A task item: `- [x]` is true, `- [ ]` false; null for a plain item. */
  checked: boolean | null;
  raw: string;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string; raw: string }
  | { kind: 'paragraph'; text: string; raw: string }
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[]; raw: string }
  | { kind: 'table'; align: Align[]; header: string[]; rows: string[][]; raw: string }
  | { kind: 'code'; lang: string; text: string; closed: boolean; raw: string }
  | { kind: 'quote'; text: string; raw: string }
  | { kind: 'rule'; raw: string };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  /** A line break inside a paragraph: kept, as chat apps show model output (poems, addresses, scripts). */
  | { kind: 'break' }
  /** `href` is an absolute http:, https: or mailto: URL (see `safeHref`); anything else stays text. */
  | { kind: 'link'; href: string; children: Inline[] };
