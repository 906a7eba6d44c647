/**
 * Snippets (`/v1/snippets`): captions and hashtag groups kept per project.
 */
import { newId, ReelayError, SNIPPETS_MAX, type SnippetKind } from '@reelay/core';
import type { Clock } from '../clock';
import type { Db } from '../store/schema';
import {
  countSnippets,
  deleteSnippet,
  findSnippet,
  insertSnippet,
  listSnippets,
  updateSnippet,
  type SnippetRecord,
} from '../store/snippets';

export type { SnippetRecord };

export interface SnippetsService {
  list(projectId: string, kind?: SnippetKind): Promise<SnippetRecord[]>;
  create(
    projectId: string,
    fields: { kind: SnippetKind; title: string; text: string },
  ): Promise<SnippetRecord>;
  update(
    projectId: string,
    id: string,
    changes: { title?: string | undefined; text?: string | undefined },
  ): Promise<SnippetRecord>;
  remove(projectId: string, id: string): Promise<void>;
}

const notFound = () => new ReelayError('NOT_FOUND', { message: 'Trecho não encontrado.' });

/**
 * @example
 * ```ts
 * const snippets = createSnippetsService({ db, clock });
 * await snippets.create(projectId, { kind: 'hashtags', title: 'Café', text: '#café' });
 * ```
 */
export function createSnippetsService(deps: { db: Db; clock: Clock }): SnippetsService {
  const { db, clock } = deps;
  return {
    list: (projectId, kind) => listSnippets(db, projectId, kind),

    async create(projectId, fields) {
      if ((await countSnippets(db, projectId)) >= SNIPPETS_MAX) {
        throw new ReelayError('VALIDATION_ERROR', {
          message: `O projeto já tem ${SNIPPETS_MAX} trechos; apague algum antes.`,
          details: { field: 'title' },
        });
      }
      const now = clock.now();
      const snippet: SnippetRecord = {
        id: newId('snippet', now),
        projectId,
        ...fields,
        createdAt: now,
        updatedAt: now,
      };
      await insertSnippet(db, snippet);
      return snippet;
    },

    async update(projectId, id, changes) {
      if (!(await findSnippet(db, projectId, id))) throw notFound();
      await updateSnippet(db, id, { ...changes, updatedAt: clock.now() });
      return (await findSnippet(db, projectId, id))!;
    },

    async remove(projectId, id) {
      if (!(await deleteSnippet(db, projectId, id))) throw notFound();
    },
  };
}
