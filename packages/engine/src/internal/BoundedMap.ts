/**
 * A Map that forgets its least recently set entries past `capacity`: state a synchronous callback keeps per
 * stream or game. Reading does not refresh an entry; whoever uses an entry sets it again.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>()
  // Setting the newest entry again need not move it to the end: a stream's events, one batch after another,
  // set one key many times in a row.
  private newest: K | undefined

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.map.size
  }

  get(key: K): V | undefined {
    return this.map.get(key)
  }

  has(key: K): boolean {
    return this.map.has(key)
  }

  /** Sets `key` as the newest entry, forgetting the oldest past capacity. */
  set(key: K, value: V): this {
    if (this.newest !== key) {
      this.map.delete(key)
      this.newest = key
    }
    this.map.set(key, value)
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K)
    return this
  }

  delete(key: K): boolean {
    return this.map.delete(key)
  }
}
