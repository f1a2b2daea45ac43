import { describe, expect, it } from 'vitest';
import { contentDisposition } from './file-answers.js';

describe('contentDisposition', () => {
  it('gives an ASCII name for old clients and the real one as RFC 5987 writes it', () => {
    expect(contentDisposition('inline', 'Avis d’impôt (2025) « été »*.pdf')).toBe(
      `inline; filename="Avis dimpot (2025)  ete *.pdf"; filename*=UTF-8''Avis%20d%E2%80%99imp%C3%B4t%20%282025%29%20%C2%AB%20%C3%A9t%C3%A9%20%C2%BB%2A.pdf`,
    );
    expect(contentDisposition('attachment', 'note-de-direction-RES-0001.pdf')).toBe(
      `attachment; filename="note-de-direction-RES-0001.pdf"; filename*=UTF-8''note-de-direction-RES-0001.pdf`,
    );
  });

  it('drops quotes and backslashes from the ASCII name, and names a file of no ASCII « document »', () => {
    expect(contentDisposition('inline', `l'"a\\b.jpg`)).toBe(`inline; filename="l'ab.jpg"; filename*=UTF-8''l%27%22a%5Cb.jpg`);
    expect(contentDisposition('inline', '照片')).toBe(`inline; filename="document"; filename*=UTF-8''%E7%85%A7%E7%89%87`);
  });

  it('sends a plain name the platform chose as it is', () => {
    expect(contentDisposition('attachment', 'dossiers-2026-03-01.csv', true)).toBe('attachment; filename="dossiers-2026-03-01.csv"');
    expect(contentDisposition('inline', 'conditions-generales.pdf', true)).toBe('inline; filename="conditions-generales.pdf"');
  });
});
