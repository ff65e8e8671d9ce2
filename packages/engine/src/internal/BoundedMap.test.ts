import { describe, expect, it } from "vitest"
import { BoundedMap } from "./BoundedMap.js"

const keysOf = (map: BoundedMap<string, number>, candidates: ReadonlyArray<string>) =>
  candidates.filter((k) => map.has(k))

describe("BoundedMap", () => {
  it("forgets the least recently set entry past its capacity", () => {
    const map = new BoundedMap<string, number>(2)
    map.set("a", 1).set("b", 2).set("c", 3)
    expect(keysOf(map, ["a", "b", "c"])).toEqual(["b", "c"])
    expect(map.size).toBe(2)
    expect(map.get("a")).toBeUndefined()
    expect(map.get("c")).toBe(3)
  })

  it("counts setting an entry again as use, reading not", () => {
    const map = new BoundedMap<string, number>(2)
    map.set("a", 1).set("b", 2)
    expect(map.get("a")).toBe(1)
    map.set("c", 3) // a was only read: it goes
    expect(keysOf(map, ["a", "b", "c"])).toEqual(["b", "c"])
    map.set("b", 20).set("d", 4) // b was set again: c goes
    expect(keysOf(map, ["b", "c", "d"])).toEqual(["b", "d"])
    expect(map.get("b")).toBe(20)
  })

  it("keeps the newest entry newest when it is set again in a row, or after being deleted", () => {
    const map = new BoundedMap<string, number>(2)
    map.set("a", 1).set("b", 2).set("b", 3).set("c", 4)
    expect(keysOf(map, ["a", "b", "c"])).toEqual(["b", "c"])
    expect(map.get("b")).toBe(3)
    expect(map.delete("c")).toBe(true)
    expect(map.delete("c")).toBe(false)
    map.set("c", 5).set("d", 6)
    expect(keysOf(map, ["b", "c", "d"])).toEqual(["c", "d"])
  })
})
