import { CAPTION_MAX_LENGTH } from '@reelay/core';
import { describe, expect, it } from 'vitest';
import { plainText, renderCaption } from './feed-caption';
import { ogImageOf } from './feed-image';

const item = (fields: Partial<Parameters<typeof renderCaption>[1]>) => ({
  key: 'k',
  title: 'Título',
  summary: '',
  link: 'https://blog.example.com/a',
  imageUrl: null,
  publishedAt: null,
  ...fields,
});

describe('feed captions', () => {
  it('strips HTML, reads entities and keeps inline text together', () => {
    expect(plainText('<p>Olá <b>mundo</b>&nbsp;&amp; caf&#233;</p><p>Dois</p>')).toBe(
      'Olá mundo & café\nDois',
    );
    expect(plainText('<script>x()</script>Só isto')).toBe('Só isto');
  });

  it('fills the template, the default one included', () => {
    expect(renderCaption('{title}\n\n{link}', item({}))).toBe(
      'Título\n\nhttps://blog.example.com/a',
    );
    expect(renderCaption('{title} — {summary}', item({ summary: '<p>Resumo</p>' }))).toBe(
      'Título — Resumo',
    );
  });

  it('cuts the summary so the whole caption fits the limit, with an ellipsis', () => {
    const caption = renderCaption(
      '{title}\n{summary}\n{link}',
      item({ summary: 'palavra '.repeat(1000) }),
    );
    expect(Array.from(caption)).toHaveLength(CAPTION_MAX_LENGTH);
    expect(caption.endsWith('…\nhttps://blog.example.com/a')).toBe(true);
    expect(caption.startsWith('Título\npalavra palavra')).toBe(true);
  });
});

describe("a page's og:image", () => {
  it('is read in either attribute order, quoted or not', () => {
    expect(ogImageOf('<meta property="og:image" content="https://x/a.jpg">')).toBe(
      'https://x/a.jpg',
    );
    expect(ogImageOf("<meta content='/capa.png?a=1&amp;b=2' property='og:image' />")).toBe(
      '/capa.png?a=1&b=2',
    );
    expect(ogImageOf('<meta name="description" content="x">')).toBeNull();
  });
});
