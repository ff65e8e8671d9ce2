import { gameIds } from "@boroughs/core"
import { expect, it } from "vitest"
import { GAME_IDS } from "./catalogue.js"

it("lists exactly the games the core registers, in its order", () => {
  expect([...GAME_IDS]).toEqual([...gameIds()])
})
