// An HTML page as Markdown for the model: Readability's article when it finds one, else the whole body,
// with links made absolute so the model can fetch them next.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export function htmlToMarkdown(html: string, url: URL): string {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  turndown.remove(['script', 'style', 'noscript', 'iframe']);
  let article: ReturnType<Readability['parse']> = null;
  try {
    const { document } = parseHTML(html);
    setBase(document, url);
    article = new Readability(document).parse();
  } catch {
    // Readability gave up: the whole body below
  }
  if (article?.content) {
    const title = article.title ? `# ${article.title}\n\n` : '';
    return title + turndown.turndown(article.content).trim();
  }
  const { document } = parseHTML(html);
  absoluteLinks(document, url);
  const title = document.title ? `# ${document.title}\n\n` : '';
  const body = document.body?.innerHTML ?? html;
  return title + turndown.turndown(body).trim();
}

/** Links and images as absolute URLs, so the model can fetch them next. */
function absoluteLinks(document: ReturnType<typeof parseHTML>['document'], url: URL): void {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) {
      try {
        element.setAttribute(attribute, new URL(element.getAttribute(attribute) ?? '', url).href);
      } catch {
        // not a URL: left as written
      }
    }
  }
}

/** Readability makes links absolute against the document's base; linkedom does not know the page's URL. */
function setBase(document: ReturnType<typeof parseHTML>['document'], url: URL): void {
  if (document.querySelector('base[href]')) return;
  const base = document.createElement('base');
  base.setAttribute('href', url.href);
  document.head?.appendChild(base);
}
