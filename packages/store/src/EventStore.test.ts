import { describe, expect, it } from "vitest"
import { storeConfig } from "./EventStore.js"

describe("storeConfig", () => {
  it("picks PostgreSQL when DATABASE_URL is set, else PGlite in the given folder", () => {
    expect(storeConfig("postgres://u@h/db", ".boroughs/db")).toEqual({
      backend: "postgres",
      url: "postgres://u@h/db",
    })
    expect(storeConfig(undefined, ".boroughs/db")).toEqual({ backend: "pglite", dataDir: ".boroughs/db" })
    expect(storeConfig("  ", ".boroughs/db")).toEqual({ backend: "pglite", dataDir: ".boroughs/db" })
  })
})
