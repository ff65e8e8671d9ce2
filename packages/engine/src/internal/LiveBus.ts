import type { EventEnvelope } from "@boroughs/core"
import type { GlobalPosition } from "@boroughs/store"

/** An event on the bus: as the global log holds it (read by the tailer), or as this node just appended it. */
export type LiveEvent = EventEnvelope & {
  readonly position?: GlobalPosition
  readonly recordedAt?: string
}

/** Receives the new events of one stream, in version order (a batch is never empty). */
export type StreamListener = (events: ReadonlyArray<LiveEvent>) => void

/**
 * The in-memory fan-out of one node (ARCHITECTURE.md §1): every event of the global log is published once,
 * each stream's in version order (not across streams: this node's own appends go out before the tailer
 * reads them back); each stream's listeners get its events in batches. A listener that throws is
 * reported and kept: one bad subscriber must not stop delivery to the others.
 */
export class LiveBus {
  private readonly byStream = new Map<string, Set<StreamListener>>()
  private readonly everything = new Set<StreamListener>()

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  /** Listens to one stream; returns the function that stops listening. */
  subscribe(streamId: string, listener: StreamListener): () => void {
    let set = this.byStream.get(streamId)
    if (set === undefined) {
      set = new Set()
      this.byStream.set(streamId, set)
    }
    set.add(listener)
    return () => {
      const current = this.byStream.get(streamId)
      if (current === undefined) return
      current.delete(listener)
      if (current.size === 0) this.byStream.delete(streamId)
    }
  }

  /** Listens to every stream (one call per stream per batch); returns the function that stops listening. */
  subscribeAll(listener: StreamListener): () => void {
    this.everything.add(listener)
    return () => {
      this.everything.delete(listener)
    }
  }

  /** How many listeners are attached, for metrics and tests. */
  get listeners(): number {
    let n = this.everything.size
    for (const set of this.byStream.values()) n += set.size
    return n
  }

  /** Delivers a slice of the global log: consecutive events of one stream go out as one batch. */
  publish(events: ReadonlyArray<LiveEvent>): void {
    if (events.length === 0) return
    let start = 0
    for (let i = 1; i <= events.length; i++) {
      const at = events[i]
      const streamId = (events[start] as LiveEvent).streamId
      if (at !== undefined && at.streamId === streamId) continue
      this.deliver(streamId, events.slice(start, i))
      start = i
    }
  }

  private deliver(streamId: string, batch: ReadonlyArray<LiveEvent>): void {
    for (const listener of this.everything) this.call(listener, batch)
    const set = this.byStream.get(streamId)
    if (set !== undefined) for (const listener of set) this.call(listener, batch)
  }

  private call(listener: StreamListener, batch: ReadonlyArray<LiveEvent>): void {
    try {
      listener(batch)
    } catch (error) {
      this.onListenerError(error)
    }
  }
}
