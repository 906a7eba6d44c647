/**
 * Snippets: captions and hashtag groups kept per project for the composer.
 */
import { isoTime } from '../../clock';
import type { SnippetRecord, SnippetsService } from '../../services/snippets';
import { projectOf, type RouteHandlers } from '../route-handler';

function presentSnippet(snippet: SnippetRecord) {
  return {
    id: snippet.id,
    kind: snippet.kind,
    title: snippet.title,
    text: snippet.text,
    createdAt: isoTime(snippet.createdAt),
    updatedAt: isoTime(snippet.updatedAt),
  };
}

export function snippetHandlers(snippets: SnippetsService): RouteHandlers {
  return {
    listSnippets: async ({ query }, context) => ({
      status: 200,
      body: {
        success: true,
        snippets: (await snippets.list(projectOf(context), query.kind)).map(presentSnippet),
      },
    }),
    createSnippet: async ({ body }, context) => ({
      status: 201,
      body: {
        success: true,
        snippet: presentSnippet(await snippets.create(projectOf(context), body!)),
      },
    }),
    updateSnippet: async ({ params, body }, context) => ({
      status: 200,
      body: {
        success: true,
        snippet: presentSnippet(await snippets.update(projectOf(context), params.id, body!)),
      },
    }),
    deleteSnippet: async ({ params }, context) => {
      await snippets.remove(projectOf(context), params.id);
      return { status: 204, body: undefined };
    },
  };
}
