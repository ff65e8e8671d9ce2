import { describe, expect, it } from "vitest"
import { splitAnalysisLine } from "./analysisLine.js"

const envelope =
  '{"data":{},"eventId":"e","hash":"h","metadata":{},"prevHash":"p","schemaVersion":1,"streamId":"game-g","type":"T","version":1}\n'

describe("splitAnalysisLine", () => {
  it("takes the last line off when its one key is analysis", () => {
    expect(splitAnalysisLine(`${envelope}${envelope}{"analysis":{"status":"ready"}}\n`)).toEqual({
      events: `${envelope}${envelope}`,
      analysis: { status: "ready" },
    })
  })

  it("leaves a file without one whole, whatever its last line is", () => {
    for (const text of [
      envelope,
      `${envelope}{"analysis":{},"streamId":"game-g"}\n`,
      `${envelope}{"analysis":`,
      `${envelope}[1]\n`,
      "",
    ])
      expect(splitAnalysisLine(text)).toEqual({ events: text, analysis: undefined })
  })

  it("finds it without a final newline, and only on the last line", () => {
    expect(splitAnalysisLine(`${envelope}{"analysis":1}`)).toEqual({ events: envelope, analysis: 1 })
    const inside = `{"analysis":1}\n${envelope}`
    expect(splitAnalysisLine(inside)).toEqual({ events: inside, analysis: undefined })
  })
})
