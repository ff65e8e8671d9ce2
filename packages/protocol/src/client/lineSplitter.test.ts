import { describe, expect, it } from "vitest"
import { LineSplitter } from "./lineSplitter.js"

describe("LineSplitter", () => {
  it("yields complete non-empty lines across chunks, and the last unterminated one on flush", () => {
    const lines: string[] = []
    const s = new LineSplitter((l) => lines.push(l))
    for (const c of ['{"a"', ":1}\r\n\n", '{"b":2}\n{"c"', ":3}"]) s.feed(c)
    expect(lines).toEqual(['{"a":1}', '{"b":2}'])
    s.flush()
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}'])
  })
})
