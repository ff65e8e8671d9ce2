import { canonicalJson, resetSha256 } from "@boroughs/core"
import { afterEach, describe, expect, it } from "vitest"
import { randomBot } from "./bots/reference.js"
import { playLocal } from "./local.js"
import { installNodeHasher } from "./nodeHasher.js"

describe("installNodeHasher", () => {
  afterEach(() => resetSha256())

  it("plays a seeded Downtown game to the same bytes as the portable hasher (commitments and all)", async () => {
    resetSha256()
    const portable = await playLocal({ game: "downtown", bots: [randomBot], seats: 4, seed: "hasher" })
    installNodeHasher()
    const native = await playLocal({ game: "downtown", bots: [randomBot], seats: 4, seed: "hasher" })
    expect(canonicalJson(native.events)).toBe(canonicalJson(portable.events))
    expect(JSON.stringify(native.events)).toContain("commitment")
  })
})
