import { describe, expect, it } from 'vitest';
import { GENERATED_SECTIONS, renderFile } from '../scripts/generated-docs';

const root = new URL('../', import.meta.url);

describe('generated documentation', () => {
  for (const file of new Set(GENERATED_SECTIONS.map((section) => section.file))) {
    it(`${file} matches the code (run pnpm docs:generate)`, async () => {
      const { current, expected } = await renderFile(root, file);
      expect(current).toBe(expected);
    });
  }
});
