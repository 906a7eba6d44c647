/**
 * Parts of `docs/` generated from code, so they cannot drift from it. `pnpm docs:generate`
 * rewrites them; a test fails when a committed doc differs from what this produces.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { HTTP_ERRORS, ROUTES, TARGET_ONLY_ERRORS, type RetryClass } from '@reelay/core';
import { configurationReference } from '../packages/server/src/config';
import { toolCatalogue } from '../packages/mcp/src/tools';

export interface GeneratedSection {
  /** Path from the repository root. */
  file: string;
  /** Name in the `<!-- name:start -->` … `<!-- name:end -->` markers. */
  marker: string;
  render(): string;
}

const RETRY_TEXT: Record<RetryClass, string> = {
  safe: 'retry later, same request',
  'do-not-retry': 'fix the request first',
  'needs-user-action': 'a person must act',
};

/** An MCP tool's annotations, as the words of the agents guide. */
function toolHints(tool: ReturnType<typeof toolCatalogue>[number]): string {
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  const hints = [
    readOnlyHint ? 'read-only' : destructiveHint ? 'destructive' : 'writes',
    ...(!readOnlyHint ? [idempotentHint ? 'idempotent' : 'not idempotent'] : []),
    ...(openWorldHint ? ['open world'] : []),
    ...(tool.localFilesOnly ? ['stdio only'] : []),
  ];
  return hints.join(', ');
}

/** Where `pnpm docs:screenshots` saves the web app's screenshots, from the repository root. */
export const WEB_APP_SCREENSHOTS_DIR = 'docs/images/web-app';

/** One page the screenshots show, in the order of the app's navigation (`pages.json`). */
export interface ScreenshotPage {
  /** The file name stem: `calendar` for `calendar-light.png` and `calendar-dark.png`. */
  slug: string;
  /** The page's name in the navigation. */
  title: string;
  /** Its path in the app, such as `/app/calendar`. */
  path: string;
}

/** The screenshots table of docs/web-app.md, from the manifest the screenshot script writes. */
function webAppScreenshots(): string {
  const manifest = fileURLToPath(
    new URL(`../${WEB_APP_SCREENSHOTS_DIR}/pages.json`, import.meta.url),
  );
  if (!existsSync(manifest)) return 'No screenshots yet: run `pnpm docs:screenshots`.';
  const pages = JSON.parse(readFileSync(manifest, 'utf8')) as ScreenshotPage[];
  const image = (page: ScreenshotPage, scheme: 'light' | 'dark') =>
    `![${page.title}, ${scheme} mode](${WEB_APP_SCREENSHOTS_DIR.replace('docs/', '')}/${page.slug}-${scheme}.png)`;
  return [
    '| Page | Light | Dark |',
    '|---|---|---|',
    ...pages.map(
      (page) =>
        `| ${page.title} (\`${page.path}\`) | ${image(page, 'light')} | ${image(page, 'dark')} |`,
    ),
  ].join('\n');
}

export const GENERATED_SECTIONS: GeneratedSection[] = [
  {
    file: 'docs/web-app.md',
    marker: 'web-app-screenshots',
    render: webAppScreenshots,
  },
  {
    file: 'docs/self-hosting.md',
    marker: 'config-reference',
    render: () =>
      [
        '| Variable | Default | What it does |',
        '|---|---|---|',
        ...configurationReference().map(
          (entry) =>
            `| \`${entry.name}\` | ${entry.default === null ? '—' : `\`${entry.default}\``} | ${entry.description} |`,
        ),
      ].join('\n'),
  },
  {
    file: 'docs/agents.md',
    marker: 'mcp-tools',
    render: () =>
      [
        '| Tool | Route | Annotations | Title (as clients show it) |',
        '|---|---|---|---|',
        ...toolCatalogue({ localFiles: true }).map((tool) => {
          const route = ROUTES.find((entry) => entry.id === tool.routeId);
          const routeText = route ? `\`${route.method} ${route.path}\`` : '—';
          return `| \`${tool.name}\` | ${routeText} | ${toolHints(tool)} | ${tool.title} |`;
        }),
      ].join('\n'),
  },
  {
    file: 'docs/errors.md',
    marker: 'error-table',
    render: () =>
      [
        '| Code | HTTP | Retry | Message (Portuguese, as sent) |',
        '|---|---|---|---|',
        ...Object.entries(HTTP_ERRORS).map(
          ([code, error]) =>
            `| \`${code}\` | ${error.status} | ${RETRY_TEXT[error.retry]} | ${error.message} |`,
        ),
        ...Object.entries(TARGET_ONLY_ERRORS).map(
          ([code, error]) =>
            `| \`${code}\` | target only | ${RETRY_TEXT[error.retry]} | ${error.message} |`,
        ),
      ].join('\n'),
  },
];

/**
 * The file's text with every generated section replaced by its current rendering, in the
 * repository's Prettier style (so formatting the docs never makes them look stale).
 */
export async function renderFile(
  root: URL,
  file: string,
): Promise<{ current: string; expected: string }> {
  const path = fileURLToPath(new URL(file, root));
  const current = readFileSync(path, 'utf8');
  let expected = current;
  for (const section of GENERATED_SECTIONS.filter((entry) => entry.file === file)) {
    const start = `<!-- ${section.marker}:start -->`;
    const end = `<!-- ${section.marker}:end -->`;
    const from = expected.indexOf(start);
    const to = expected.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${file}: markers ${section.marker} missing`);
    expected = `${expected.slice(0, from + start.length)}\n${section.render()}\n${expected.slice(to)}`;
  }
  const options = (await resolveConfig(path)) ?? {};
  return { current, expected: await format(expected, { ...options, filepath: path }) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = new URL('../', import.meta.url);
  for (const file of new Set(GENERATED_SECTIONS.map((section) => section.file))) {
    const { current, expected } = await renderFile(root, file);
    if (current !== expected) {
      writeFileSync(fileURLToPath(new URL(file, root)), expected);
      console.log(`updated ${file}`);
    }
  }
}
