import { describe, expect, it } from 'vitest';
import { htmlText } from './html-text';
import { distinctResults, formatResults, pageKey } from './results';

describe('pageKey: one page, however its address is spelled', () => {
  it('ignores scheme, www., a trailing slash, the fragment, tracking parameters and parameter order', () => {
    const same = [
      'https://www.Example.com/docs/',
      'http://example.com/docs',
      'https://example.com/docs#intro',
      'https://example.com:443/docs?utm_source=x&utm_medium=y',
      'https://example.com/docs/?fbclid=abc',
    ];
    expect(new Set(same.map(pageKey)).size).toBe(1);
    expect(pageKey('https://example.com/a?x=1&y=2')).toBe(pageKey('https://example.com/a?y=2&x=1'));
  });

  it('keeps what makes another page: path, query values, port, host', () => {
    const base = pageKey('https://example.com/docs');
    for (const other of [
      'https://example.com/docs/v2',
      'https://example.com/docs?page=2',
      'https://example.com:8443/docs',
      'https://docs.example.com/docs',
      'https://example.com/Docs',
    ])
      expect(pageKey(other), other).not.toBe(base);
  });

  it('is undefined for what is not an http(s) address', () => {
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/', 'not a url', ''])
      expect(pageKey(bad), bad).toBeUndefined();
  });
});

describe('distinctResults', () => {
  it('keeps each page once, the first (best-ranked) one, and drops non-web addresses', () => {
    const r = (title: string, url: string) => ({ title, url, snippet: '' });
    expect(
      distinctResults([
        r('A', 'https://www.a.example/'),
        r('B', 'https://b.example/x'),
        r('A again', 'http://a.example/?utm_campaign=z'),
        r('Bad', 'javascript:void(0)'),
        r('B again', 'https://b.example/x#part'),
        r('C', 'https://c.example/'),
      ]).map((x) => x.title),
    ).toEqual(['A', 'B', 'C']);
  });
});

describe('htmlText', () => {
  it('reads markup and entities as text on one line', () => {
    expect(htmlText('The <strong>Python</strong>\n  tutorial &amp; more &#x27;quoted&#x27;')).toBe(
      "The Python tutorial & more 'quoted'",
    );
    expect(htmlText('<script>alert(1)</script>plain')).toBe('alert(1)plain');
    expect(htmlText('  no   markup ')).toBe('no markup');
  });
});

describe('formatResults', () => {
  it('numbers Markdown links with the snippet indented under each, a blank line between', () => {
    expect(
      formatResults([
        { title: 'One', url: 'https://a.example/', snippet: 'first snippet' },
        { title: 'Two', url: 'https://b.example/', snippet: '' },
      ]),
    ).toBe(
      'Search results:\n\n1. [One](https://a.example/)\n   first snippet\n\n2. [Two](https://b.example/)',
    );
  });

  it('escapes brackets in titles and parentheses and spaces in addresses, so the link stays whole', () => {
    const text = formatResults([
      {
        title: 'Python [PyPI] (index)',
        url: 'https://en.wikipedia.org/wiki/Python_(language)',
        snippet: 's',
      },
    ]);
    expect(text).toContain(
      '1. [Python \\[PyPI\\] (index)](https://en.wikipedia.org/wiki/Python_%28language%29)',
    );
  });

  it('uses the address as the title when there is none, and adds notes at the end', () => {
    expect(formatResults([{ title: '', url: 'https://a.example/', snippet: '' }], ['(note)'])).toBe(
      'Search results:\n\n1. [https://a.example/](https://a.example/)\n\n(note)',
    );
  });
});
