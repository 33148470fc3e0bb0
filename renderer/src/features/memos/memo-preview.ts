const PREVIEW_MAX = 160;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The text under a memo's title in the list, on one line and at most 160 characters. A memo titled by
 * its first line (what the memo skill does, cutting a long line with "…") does not repeat that line:
 * the preview starts where the title ends.
 */
export function memoPreview(title: string, text: string): string {
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  const heading = oneLine(title);
  let shown = oneLine(text);
  if (first !== -1 && heading !== '') {
    const line = oneLine(lines[first]!);
    const rest = oneLine(lines.slice(first + 1).join('\n'));
    const stem = heading.endsWith('…') ? heading.slice(0, -1).trimEnd() : null;
    if (line === heading) shown = rest;
    else if (stem && line.startsWith(stem)) shown = `…${oneLine(`${line.slice(stem.length)} ${rest}`)}`;
  }
  const chars = [...shown];
  return chars.length > PREVIEW_MAX ? `${chars.slice(0, PREVIEW_MAX).join('')}…` : shown;
}
