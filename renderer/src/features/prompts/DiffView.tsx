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

/**
 * A diff with no hunk: the file already holds exactly the new text (the header lines alone would read as
 * an empty change). A diff that is not one (a "too large to diff" note) is not "no change".
 */
export function diffChangesNothing(diff: string): boolean {
  const lines = diff.split('\n');
  return lines.some((l) => l.startsWith('+++ ')) && !lines.some((l) => l.startsWith('@@'));
}

/** The file a diff is about, as its `+++ b/<name>` line names it. */
export function diffFile(diff: string): string | null {
  const line = diff.split('\n').find((l) => l.startsWith('+++ '));
  return line ? line.slice(4).replace(/^b\//, '').trim() || null : null;
}
