/** A unified diff, line by line, coloured by its first character (text only, never HTML). */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre className="diff" data-testid="permission-diff">
      {lines.map((line, i) => (
        <span key={i} className="diff-line" data-kind={kindOf(line)}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function kindOf(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'file';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'same';
}
