import { describe, expect, it } from 'vitest';
import { fileNameOfUrl, MEDIA_FILE_NAME_MAX, mediaFileName } from './media-file-name';

describe('mediaFileName', () => {
  it('keeps the last part of a path, without unprintable characters', () => {
    expect(mediaFileName('C:\\fakepath\\Verão 2026.JPG')).toBe('Verão 2026.JPG');
    expect(mediaFileName('a/b/../photo.png')).toBe('photo.png');
    expect(mediaFileName('\u202egpj.exe')).toBe('gpj.exe');
    expect(mediaFileName('linha\nnova\t.jpg')).toBe('linha nova .jpg');
  });

  it('is null when nothing readable is left', () => {
    for (const raw of [undefined, null, '', '   ', '..', 'pasta/', '\u0000']) {
      expect(mediaFileName(raw), String(raw)).toBeNull();
    }
  });

  it('cuts a long name in the middle, keeping its extension', () => {
    const name = mediaFileName(`${'á'.repeat(300)}.jpeg`)!;
    expect([...name]).toHaveLength(MEDIA_FILE_NAME_MAX);
    expect(name.endsWith('….jpeg')).toBe(true);
    expect(mediaFileName('x'.repeat(MEDIA_FILE_NAME_MAX))).toBe('x'.repeat(MEDIA_FILE_NAME_MAX));
  });
});

describe('fileNameOfUrl', () => {
  it('is the decoded last segment of the path', () => {
    expect(fileNameOfUrl('https://cdn.example.com/fotos/caf%C3%A9.jpg?w=1080#x')).toBe('café.jpg');
    expect(fileNameOfUrl('https://example.com/a/b/')).toBe('b');
    expect(fileNameOfUrl('https://example.com/%E0%A4%A.png')).toBe('%E0%A4%A.png');
    expect(fileNameOfUrl('https://example.com/')).toBeNull();
    expect(fileNameOfUrl('not a url')).toBeNull();
  });
});
