import { nobleSha256Hex, resetSha256, sha256Hex, simulate } from "@boroughs/core"
import { downtown, randomBot as downtownRandomBot } from "@boroughs/core/games/downtown"
import { afterAll, describe, expect, it } from "vitest"
import { installNodeSha256, nodeSha256Hex } from "./nodeSha256.js"

describe("nodeSha256Hex", () => {
  afterAll(installNodeSha256)

  it("gives @noble's digest for every UTF-16 code unit (lone surrogates included), at every block boundary, and for bytes", () => {
    // Each string holds 64 consecutive code units; together they cover 0x0000–0xFFFF.
    for (let start = 0; start < 0x10000; start += 64) {
      const s = String.fromCharCode(...Array.from({ length: 64 }, (_, i) => start + i))
      expect(nodeSha256Hex(s)).toBe(nobleSha256Hex(s))
    }
    for (let length = 0; length <= 200; length++) {
      const s = "é".repeat(length >> 1) + "x".repeat(length & 1)
      expect(nodeSha256Hex(s)).toBe(nobleSha256Hex(s))
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 255)
      expect(nodeSha256Hex(bytes)).toBe(nobleSha256Hex(bytes))
    }
  })

  it("is what the kernel uses once the engine is loaded", () => {
    installNodeSha256()
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("a seeded game's events are byte-identical under @noble and node:crypto", () => {
    const play = () =>
      JSON.stringify(
        simulate(
          downtown,
          downtown.defaultOptions,
          [1, 2, 3, 4].map(() => downtownRandomBot),
          "hasher-check",
        ).events,
      )
    resetSha256()
    const noble = play()
    installNodeSha256()
    expect(play()).toBe(noble)
  })
})
