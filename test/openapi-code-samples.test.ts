/**
 * The code samples of the OpenAPI document cannot drift from the SDK and the CLI: the
 * committed table is what scripts/openapi-code-samples.ts makes from them now.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODE_SAMPLE_TABLE, renderCodeSampleTable } from '../scripts/openapi-code-samples';

const root = new URL('../', import.meta.url);

describe('OpenAPI code samples', () => {
  it(`${CODE_SAMPLE_TABLE} matches the SDK and the CLI (run pnpm docs:generate)`, async () => {
    const current = readFileSync(fileURLToPath(new URL(CODE_SAMPLE_TABLE, root)), 'utf8');
    expect(current).toBe(await renderCodeSampleTable(root));
  });

  it('writes each route command as the CLI declares it', async () => {
    const table = await renderCodeSampleTable(root);
    expect(table).toContain('reelay posts show <id>');
    expect(table).toContain('reelay posts create [legenda]');
    expect(table).toMatch(/-m, --media <mídia> +caminho, URL ou id med_/);
  });
});
