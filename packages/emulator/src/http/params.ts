import { invalidParameter } from '../graph-error';
import type { RawParams } from './read-body';

/**
 * Typed reads of request parameters with Graph's own complaints when one is malformed.
 * Values arrive as strings from a query or a form and as any JSON value from a JSON body;
 * both are accepted wherever the platform would.
 */
export class Params {
  constructor(readonly raw: RawParams) {}

  /** True when the parameter is present and not empty. */
  has(name: string): boolean {
    const value = this.raw[name];
    return value !== undefined && value !== null && value !== '';
  }

  /** The parameter as text; empty counts as absent. */
  string(name: string): string | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw invalidParameter(`Param ${name} must be a string`);
  }

  /** The parameter as text, or `(#100) The parameter <name> is required`. */
  require(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw invalidParameter(`The parameter ${name} is required`);
    return value;
  }

  boolean(name: string): boolean | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'boolean') return value;
    const text = String(value).toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw invalidParameter(`Param ${name} must be a boolean`);
  }

  integer(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw invalidParameter(`Param ${name} must be an integer`);
    return Number(value);
  }

  /** A list given as a JSON array, a JSON-array string, repeated names, or comma-separated text. */
  list(name: string): string[] | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    let items: unknown[];
    if (Array.isArray(value)) items = value;
    else if (typeof value === 'string' && value.trim().startsWith('['))
      items = this.#parseArray(name, value);
    else items = String(value).split(',');
    return items.map((item) => {
      if (typeof item !== 'string' && typeof item !== 'number') {
        throw invalidParameter(`Param ${name} must be a list of strings`);
      }
      return String(item).trim();
    });
  }

  /** A JSON array, given as one or as its JSON text (how `user_tags` travels in a query). */
  jsonArray(name: string): unknown[] | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') return this.#parseArray(name, value);
    throw invalidParameter(`Param ${name} must be a JSON array`);
  }

  #parseArray(name: string, text: string): unknown[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidParameter(`Param ${name} must be a JSON array`);
    }
    if (!Array.isArray(parsed)) throw invalidParameter(`Param ${name} must be a JSON array`);
    return parsed;
  }
}
