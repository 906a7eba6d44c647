import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import { formatFieldPath, parseInput } from './parse-input';

function failure(run: () => unknown): ReelayError {
  try {
    run();
  } catch (error) {
    if (error instanceof ReelayError) return error;
    throw error;
  }
  throw new Error('expected a ReelayError');
}

const schema = z.strictObject({
  name: z.string().max(3),
  items: z.array(z.strictObject({ url: z.string() })),
});

describe('parseInput', () => {
  it('returns the parsed output', () => {
    expect(parseInput(schema, { name: 'ab', items: [] })).toEqual({ name: 'ab', items: [] });
  });

  it('answers VALIDATION_ERROR naming the field, in Portuguese', () => {
    const error = failure(() => parseInput(schema, { name: 'abcd', items: [] }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      "Campo 'name': grande demais: esperava que o texto tivesse <= 3 caracteres.",
    );
    expect(error.details?.field).toBe('name');
  });

  it('names nested fields with indexes and counts further problems', () => {
    const error = failure(() => parseInput(schema, { name: 5, items: [{ url: 1 }] }));
    expect(error.details?.issues?.map((issue) => issue.field)).toEqual(['name', 'items[0].url']);
    expect(error.message).toMatch(/^Campo 'name': .*\(e mais 1 problema\(s\)\)\.$/);
  });

  it('names unknown fields refused by strict objects', () => {
    const error = failure(() =>
      parseInput(schema, { name: 'a', items: [{ url: 'u', extra: 1 }], other: 2 }),
    );
    expect(error.details?.issues).toContainEqual({
      field: 'other',
      message: 'campo não permitido: other',
    });
    expect(error.details?.issues).toContainEqual({
      field: 'items[0].extra',
      message: 'campo não permitido: items[0].extra',
    });
  });

  it('describes a body that is not an object', () => {
    const error = failure(() => parseInput(schema, undefined, 'body'));
    expect(error.message).toMatch(/^O corpo: entrada inválida/);
    expect(error.details?.field).toBe('body');
  });
});

describe('formatFieldPath', () => {
  it('writes paths as users write them', () => {
    expect(formatFieldPath(['platforms', 2, 'options', 'altText', 0])).toBe(
      'platforms[2].options.altText[0]',
    );
    expect(formatFieldPath([])).toBe('');
  });
});
