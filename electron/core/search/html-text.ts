// The text of an HTML fragment, for result titles and snippets and a backend's error page: parsed with
// linkedom, which the search backends alone load (the core does not, until a search runs).
import { parseHTML } from 'linkedom';
import { oneLine } from './results';

let scratch: { div: { innerHTML: string; textContent: string | null } } | undefined;

/** The text of an HTML fragment (`<strong>`, entities) on one line — parsed, not pattern-matched. */
export function htmlText(fragment: string): string {
  if (!/[<&]/.test(fragment)) return oneLine(fragment);
  if (!scratch) {
    const { document } = parseHTML('<!doctype html><html><body><div></div></body></html>');
    scratch = { div: document.querySelector('div') as unknown as { innerHTML: string; textContent: string } };
  }
  scratch.div.innerHTML = fragment;
  const text = scratch.div.textContent ?? '';
  scratch.div.innerHTML = '';
  return oneLine(text);
}
