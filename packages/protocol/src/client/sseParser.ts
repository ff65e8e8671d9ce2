/** One Server-Sent Event as parsed: `event` defaults to "message", `id` to the last id seen. */
export interface SseEvent {
  readonly id: string | undefined
  readonly event: string
  readonly data: string
}

/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format): feed it text as it arrives,
 * in chunks of any size; it calls `onEvent` for each complete event. Comments (keep-alives) are skipped.
 */
export class SseParser {
  private buffer = ""
  private data: string[] = []
  private event = ""
  private lastId: string | undefined = undefined
  private hasData = false

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  /** The id of the last event that carried one: what to send as `Last-Event-ID` on reconnection. */
  get lastEventId(): string | undefined {
    return this.lastId
  }

  feed(chunk: string): void {
    this.buffer += chunk
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/)
      if (nl < 0) return
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (this.buffer[nl] === "\r" && nl === this.buffer.length - 1) return
      const line = this.buffer.slice(0, nl)
      this.buffer = this.buffer.slice(this.buffer.startsWith("\r\n", nl) ? nl + 2 : nl + 1)
      this.line(line)
    }
  }

  private line(line: string): void {
    if (line === "") {
      if (this.hasData)
        this.onEvent({ id: this.lastId, event: this.event || "message", data: this.data.join("\n") })
      this.data = []
      this.event = ""
      this.hasData = false
      return
    }
    if (line.startsWith(":")) return
    const colon = line.indexOf(":")
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? "" : line.slice(colon + 1)
    if (value.startsWith(" ")) value = value.slice(1)
    if (field === "data") {
      this.data.push(value)
      this.hasData = true
    } else if (field === "event") this.event = value
    else if (field === "id" && !value.includes("\0")) this.lastId = value
  }
}
