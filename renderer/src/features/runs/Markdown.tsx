import { memo, useMemo, useState } from 'react';
import { createBlockParser, parseInline, type Block, type Inline } from './markdown';

/**
 * Markdown as React elements (never HTML). While tokens stream in, only the blocks whose source
 * changed (in practice the last one) render again: every finished block is memoized on its source, and
 * only the last blocks are parsed again as the text grows.
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
        const items = block.items.map((item, i) => (
          <li key={i}>
            <Inlines text={item} />
          </li>
        ));
        return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
      }
    }
  },
  (a, b) => a.block.raw === b.block.raw && a.block.kind === b.block.kind,
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
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
    }
  });
}
