import { describe, expect, it } from "vitest"
import { type GameStreamMessage, gameStreamFrame, SSE_KEEP_ALIVE } from "../GameStream.js"
import { type SseEvent, SseParser } from "./sseParser.js"

const parse = (chunks: ReadonlyArray<string>) => {
  const out: SseEvent[] = []
  const parser = new SseParser((e) => out.push(e))
  for (const c of chunks) parser.feed(c)
  return { out, parser }
}

describe("SseParser", () => {
  it("parses events split anywhere, with CRLF, comments and multi-line data", () => {
    const text =
      'id: 7\r\nevent: event\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: keep-alive\n\nevent: ready\ndata: {}\n\n'
    for (let size = 1; size <= text.length; size++) {
      const chunks: string[] = []
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size))
      const { out, parser } = parse(chunks)
      expect(out).toEqual([
        { id: "7", event: "event", data: '{"a":\n1}' },
        { id: "7", event: "ready", data: "{}" },
      ])
      expect(parser.lastEventId).toBe("7")
    }
  })

  it("reads back what the server's frames write", () => {
    const messages: GameStreamMessage[] = [
      { type: "ready", gameId: "g", version: 3, ended: false },
      {
        type: "event",
        envelope: {
          streamId: "game-g",
          version: 4,
          eventId: "e",
          type: "X",
          schemaVersion: 1,
          data: { text: "line\nbreak" },
          metadata: {},
          prevHash: "0",
          hash: "1",
          redacted: false,
        },
      },
      { type: "end", gameId: "g", version: 4 },
    ]
    const { out, parser } = parse([messages.map(gameStreamFrame).join(SSE_KEEP_ALIVE)])
    expect(out.map((e) => JSON.parse(e.data))).toEqual(messages)
    expect(out.map((e) => e.event)).toEqual(["ready", "event", "end"])
    expect(parser.lastEventId).toBe("4")
  })
})
