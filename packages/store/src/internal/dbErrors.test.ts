import { describe, expect, it } from "vitest"
import { StoreError } from "../errors.js"
import {
  describeError,
  isConnectionError,
  isUniqueViolation,
  isUnreachable,
  redactUrl,
  toStoreError,
} from "./dbErrors.js"

describe("database errors", () => {
  it("drops the password from URLs it names", () => {
    expect(redactUrl("postgres://app:s3cret@db.example:5432/boroughs")).toBe(
      "postgres://app@db.example:5432/boroughs",
    )
    expect(redactUrl("postgres://app@localhost/boroughs")).toBe("postgres://app@localhost/boroughs")
    expect(redactUrl("not a url")).toBe("<unparsable database URL>")
  })

  it("tells connection failures from query failures", () => {
    expect(
      isConnectionError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    ).toBe(true)
    expect(isConnectionError({ code: "57P01", message: "terminating connection" })).toBe(true)
    expect(isConnectionError({ code: "3D000", message: 'database "x" does not exist' })).toBe(true)
    expect(isConnectionError({ code: "42P01", message: "relation does not exist" })).toBe(false)
    expect(isUniqueViolation({ code: "23505" })).toBe(true)
    expect(toStoreError("reading", { code: "28P01", message: "password authentication failed" }).reason).toBe(
      "unreachable",
    )
    expect(toStoreError("reading", { code: "22P02", message: "bad input" }).reason).toBe("query")
  })

  it("describes Node's message-less AggregateError by its first error", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })
    expect(describeError(new AggregateError([refused], ""))).toBe("connect ECONNREFUSED 127.0.0.1:1")
    expect(describeError({ code: "XX000", message: "boom" })).toBe("boom (XX000)")
  })

  it("finds an unreachable database through the errors each layer wraps it in", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })
    // How the engine's own wrappers report it: reason "query", the driver's error as the cause.
    expect(
      isUnreachable(new StoreError({ reason: "query", message: "reading the lobby", cause: refused })),
    ).toBe(true)
    expect(isUnreachable(new StoreError({ reason: "unreachable", message: "down" }))).toBe(true)
    expect(isUnreachable(new AggregateError([refused], ""))).toBe(true)
    expect(isUnreachable(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      true,
    )
    expect(
      isUnreachable(
        new StoreError({ reason: "query", message: "bad", cause: { code: "22P02", message: "x" } }),
      ),
    ).toBe(false)
    expect(isUnreachable(undefined)).toBe(false)
  })
})
