/** A link of a stream's hash chain: the hash of the event at `version`. */
export interface Link {
  readonly version: number
  readonly hash: string
}

/**
 * The newest link the store has written or read, per stream, for the streams used most recently. A link is an
 * immutable fact (the event at version v always hashes the same), so a stale entry is never wrong, only
 * behind: an append whose expected version matches the cached link chains without reading the head first.
 */
export class LinkCache {
  private readonly links = new Map<string, Link>()

  constructor(private readonly capacity = 10_000) {}

  get(streamId: string): Link | undefined {
    const link = this.links.get(streamId)
    if (link !== undefined) {
      // Map keeps insertion order: re-inserting marks the stream as recently used.
      this.links.delete(streamId)
      this.links.set(streamId, link)
    }
    return link
  }

  /** Records a link unless a newer one is already known. */
  remember(streamId: string, link: Link): void {
    const known = this.links.get(streamId)
    if (known !== undefined && known.version >= link.version) return
    this.links.delete(streamId)
    this.links.set(streamId, link)
    if (this.links.size > this.capacity) {
      const oldest = this.links.keys().next()
      if (!oldest.done) this.links.delete(oldest.value)
    }
  }

  get size(): number {
    return this.links.size
  }
}
