import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBlockParser,
  parseInline,
  type Align,
  type Block,
  type Inline,
  type ListItem,
} from './markdown';
import './markdown.css';

/**
 * Markdown as React elements (never HTML). While tokens stream in, only the blocks whose source
 * changed (in practice the last one) render again: every finished block is memoized on its source, and
 * only the last blocks are parsed again as the text grows. Inside the growing block, list items and
 * table rows are memoized on their source too.
 */
export function Markdown({ text }: { text: string }) {
  const [parse] = useState(createBlockParser);
  const blocks = useMemo(() => parse(text), [parse, text]);
  return (
    <div className="md">
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}

const BlockView = memo(
  function BlockView({ block }: { block: Block }) {
    switch (block.kind) {
      case 'heading': {
        const Tag = `h${Math.min(block.level + 2, 6)}` as 'h3' | 'h4' | 'h5' | 'h6';
        return (
          <Tag className="md-heading" data-level={block.level}>
            <Inlines text={block.text} />
          </Tag>
        );
      }
      case 'paragraph':
        return (
          <p>
            <Inlines text={block.text} />
          </p>
        );
      case 'quote':
        return (
          <blockquote>
            <Inlines text={block.text} />
          </blockquote>
        );
      case 'rule':
        return <hr />;
      case 'code':
        return (
          <pre className="md-code" data-lang={block.lang || undefined} data-open={!block.closed || undefined}>
            <code>{block.text}</code>
          </pre>
        );
      case 'list': {
        const items = block.items.map((item, i) => <ListItemView key={i} item={item} />);
        return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
      }
      case 'table':
        return <TableView header={block.header} align={block.align} rows={block.rows} />;
    }
  },
  (a, b) => a.block.raw === b.block.raw && a.block.kind === b.block.kind,
);

/** An item's first paragraph is its text (no <p>, as in a tight list); what follows renders as blocks. */
const ListItemView = memo(
  function ListItemView({ item }: { item: ListItem }) {
    const [first, ...rest] = item.blocks;
    return (
      <li className={item.checked === null ? undefined : 'md-task'}>
        {item.checked !== null && <TaskBox checked={item.checked} />}
        {first?.kind === 'paragraph' ? <Inlines text={first.text} /> : first && <BlockView block={first} />}
        {rest.map((block, i) => (
          <BlockView key={i} block={block} />
        ))}
      </li>
    );
  },
  (a, b) => a.item.raw === b.item.raw && a.item.checked === b.item.checked,
);

function TaskBox({ checked }: { checked: boolean }) {
  const { t } = useTranslation('runs');
  return (
    <input
      type="checkbox"
      className="md-task-box"
      checked={checked}
      disabled
      readOnly
      aria-label={checked ? t('markdown.taskDone') : t('markdown.taskOpen')}
    />
  );
}

const alignAttr = (align: Align) => align ?? undefined;

/** A GFM table, in a wrapper that scrolls sideways when the table is wider than the panel. */
function TableView({ header, align, rows }: { header: string[]; align: Align[]; rows: string[][] }) {
  const { t } = useTranslation('runs');
  return (
    // focusable, so a keyboard can scroll it (axe: scrollable-region-focusable)
    <div className="md-table-wrap" role="region" aria-label={t('markdown.table')} tabIndex={0}>
      <table className="md-table">
        <thead>
          <tr>
            {header.map((cell, i) => (
              <th key={i} scope="col" data-align={alignAttr(align[i] ?? null)}>
                <Inlines text={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <TableRow key={i} cells={cells} align={align} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const sameStrings = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

const TableRow = memo(
  function TableRow({ cells, align }: { cells: string[]; align: Align[] }) {
    return (
      <tr>
        {cells.map((cell, i) => (
          <td key={i} data-align={alignAttr(align[i] ?? null)}>
            <Inlines text={cell} />
          </td>
        ))}
      </tr>
    );
  },
  (a, b) => sameStrings(a.cells, b.cells) && sameStrings(a.align, b.align),
);

function Inlines({ text }: { text: string }) {
  return <>{renderInline(parseInline(text))}</>;
}

function renderInline(nodes: Inline[]) {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return <span key={i}>{node.text}</span>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'break':
        return <br key={i} />;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        // target=_blank: the window's open handler (electron/main/security.ts) hands web URLs to the
        // OS browser and opens no window; the dashboard itself never navigates away.
        return (
          <a key={i} href={node.href} title={node.href} target="_blank" rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        );
    }
  });
}
