import { describe, expect, it } from "vitest"
import { MalformedExport, parseNdjson, toNdjsonLine } from "./ndjson.js"
import * as Streams from "./Streams.js"

const envelope = {
  streamId: Streams.game("x"),
  version: 1,
  eventId: "00000000-0000-5000-8000-000000000000",
  type: "GameStarted",
  schemaVersion: 1,
  data: { b: 1, a: 2 },
  metadata: { commandId: "c" },
  prevHash: "0".repeat(64),
  hash: "f".repeat(64),
}

describe("NDJSON exports", () => {
  it("write canonical lines (sorted keys) that parse back to the same envelope", () => {
    const line = toNdjsonLine(envelope)
    expect(line.indexOf('"a":2')).toBeLessThan(line.indexOf('"b":1'))
    expect(parseNdjson(`${line}\n\n`)).toEqual([envelope])
  })

  it.each([
    ["not JSON", "{oops", /^line 2: not JSON/],
    ["an array", "[1]", /^line 2: not a JSON object/],
    [
      "a missing field",
      JSON.stringify({ ...envelope, hash: undefined }),
      /^line 2: field "hash" must be a string/,
    ],
    [
      "a wrong type",
      JSON.stringify({ ...envelope, version: "1" }),
      /^line 2: field "version" must be a number/,
    ],
  ])("name the first bad line: %s", (_, text, message) => {
    const parsed = parseNdjson(`${toNdjsonLine(envelope)}\n${text}\n`)
    expect(parsed).toBeInstanceOf(MalformedExport)
    expect((parsed as MalformedExport).message).toMatch(message)
  })

  it("refuse an empty file", () => {
    expect((parseNdjson("\n") as MalformedExport).message).toBe("line 1: the file holds no events")
  })
})
