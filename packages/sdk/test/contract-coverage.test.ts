/**
 * The SDK cannot drift from the contract: the generated files are what the contract
 * produces today, and every contract route has an SDK method (or a stated reason not to).
 */
import { ROUTES, defineRoute, type RouteDefinition } from '@reelay/core';
import { describe, expect, it } from 'vitest';
import { conventionalMethod } from '../scripts/generator/contract-model';
import { generateSdkFiles, readGeneratedDir, staleFiles } from '../scripts/generator/generate-sdk';
import { Reelay } from '../src';
import { ROUTE_METHODS } from '../src/generated/route-methods';

describe('the generated SDK', () => {
  it('is what the contract generates today (run `pnpm --filter @reelay/sdk generate` if not)', async () => {
    const { files } = await generateSdkFiles();
    expect(staleFiles(files, readGeneratedDir())).toEqual([]);
  });

  it('has a method, or a reason for none, for every contract route and for no other', () => {
    const table = ROUTE_METHODS as Record<string, { method?: string; excluded?: string }>;
    expect(Object.keys(table).sort()).toEqual(ROUTES.map((route) => route.id).sort());
  });

  it('answers every method of the table on a real client', () => {
    const reelay = new Reelay({ baseUrl: 'http://127.0.0.1:1', apiKey: 'rly_live_test' });
    const missing = Object.entries(ROUTE_METHODS).flatMap(([id, entry]) => {
      if (!('method' in entry)) return [];
      const [resource, method] = entry.method.split('.') as [string, string];
      const target = (reelay as unknown as Record<string, Record<string, unknown>>)[resource];
      return typeof target?.[method] === 'function' ? [] : [`${id} → ${entry.method}`];
    });
    expect(missing).toEqual([]);
  });

  it('leaves out only public routes the platform itself calls, each with its reason', () => {
    const excluded = Object.entries(ROUTE_METHODS).filter(([, entry]) => 'excluded' in entry);
    for (const [id, entry] of excluded) {
      const route = ROUTES.find((candidate) => candidate.id === id)!;
      expect(route.auth, id).toBe('public');
      expect((entry as { excluded: string }).excluded.length, id).toBeGreaterThan(20);
    }
    expect(excluded.map(([id]) => id).sort()).toEqual([
      'connectCallback',
      'getDataDeletionStatus',
      'metaDataDeletion',
      'metaDeauthorize',
      'receiveMetaWebhook',
      'verifyMetaWebhook',
    ]);
  });

  it('gives no two routes the same method', () => {
    const methods = Object.values(ROUTE_METHODS).flatMap((entry) =>
      'method' in entry ? [entry.method] : [],
    );
    expect(new Set(methods).size).toBe(methods.length);
  });

  it('names a route added to the contract by convention, so adding one is a regeneration', () => {
    const route = (id: string, path: string): RouteDefinition =>
      defineRoute({
        id,
        method: 'GET',
        path,
        auth: 'key',
        rateBucket: 'default',
        tag: 'Webhooks',
        summary: 's',
        description: 'd',
        examples: {},
        request: {},
        responses: {},
        errors: [],
      });
    expect(conventionalMethod(route('listNotifications', '/v1/notifications')).method).toBe(
      'notifications.list',
    );
    expect(conventionalMethod(route('getNotification', '/v1/notifications/{id}')).method).toBe(
      'notifications.get',
    );
    expect(
      conventionalMethod(route('rotateNotificationSecret', '/v1/notifications/{id}/secret')).method,
    ).toBe('notifications.rotate');
    expect(conventionalMethod(route('listWidgets', '/v1/widget-groups')).method).toBe(
      'widgetGroups.list',
    );
  });
});
