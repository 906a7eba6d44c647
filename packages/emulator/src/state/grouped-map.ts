/**
 * A map that also keeps its values grouped by one of their fields, in insertion order:
 * an account's media or a media's comments without scanning everything the emulator
 * holds (a load test seeds millions).
 */
export class GroupedMap<V> extends Map<string, V> {
  readonly #groups = new Map<string, V[]>();
  readonly #groupOf: (value: V) => string;

  constructor(groupOf: (value: V) => string) {
    super();
    this.#groupOf = groupOf;
  }

  /**
   * The values of one group, oldest first (empty when none).
   *
   * @example
   * ```ts
   * const media = new GroupedMap<Media>((m) => m.accountId);
   * media.set(item.id, item);
   * media.group(item.accountId); // [item]
   * ```
   */
  group(name: string): readonly V[] {
    return this.#groups.get(name) ?? [];
  }

  override set(key: string, value: V): this {
    const previous = super.get(key);
    super.set(key, value);
    const name = this.#groupOf(value);
    const list = this.#groups.get(name);
    if (previous !== undefined && this.#groupOf(previous) === name && list) {
      list[list.indexOf(previous)] = value;
      return this;
    }
    if (previous !== undefined) this.#remove(previous);
    if (list) list.push(value);
    else this.#groups.set(name, [value]);
    return this;
  }

  override delete(key: string): boolean {
    const previous = super.get(key);
    if (previous !== undefined) this.#remove(previous);
    return super.delete(key);
  }

  override clear(): void {
    this.#groups.clear();
    super.clear();
  }

  #remove(value: V): void {
    const name = this.#groupOf(value);
    const list = this.#groups.get(name);
    if (!list) return;
    const index = list.indexOf(value);
    if (index !== -1) list.splice(index, 1);
    if (list.length === 0) this.#groups.delete(name);
  }
}
