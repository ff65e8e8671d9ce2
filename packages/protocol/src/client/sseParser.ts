import { Sse } from "effect/encoding"

/** One Server-Sent Event as parsed: `event` defaults to "message", `id` to the last id seen. */
export interface SseEvent {
  readonly id: string | undefined
  readonly event: string
  readonly data: string
}

/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format) on effect's `Sse.makeParser`:
 * feed it text as it arrives, in chunks of any size; it calls `onEvent` for each complete event. Comments
 * (keep-alives) are skipped, and so are `retry:` lines: our clients reconnect on their own schedule. We do not
 * use effect's `Sse.decode` channel because it ends the stream at the first `retry:` line.
 */
export class SseParser {
  private readonly parser: Sse.Parser
  private lastId: string | undefined = undefined

  constructor(onEvent: (event: SseEvent) => void) {
    this.parser = Sse.makeParser((parsed) => {
      if (parsed._tag === "Retry") return
      if (parsed.id !== undefined) this.lastId = parsed.id
      onEvent({ id: parsed.id, event: parsed.event, data: parsed.data })
    })
  }

  /** The id of the last event that carried one: what to send as `Last-Event-ID` on reconnection. */
  get lastEventId(): string | undefined {
    return this.lastId
  }

  /**
   * Parses the next chunk. Returns an error, and drops the unfinished event, when one event grows past
   * effect's bound (10 MiB): a server or proxy fault the caller should not read past.
   */
  feed(chunk: string): Sse.SseError | undefined {
    return this.parser.feed(chunk)
  }
}
