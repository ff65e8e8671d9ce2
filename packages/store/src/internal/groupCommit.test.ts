import type { EventEnvelope } from "@boroughs/core/kernel"
import { describe, expect, it } from "vitest"
import type { AppendWrite, StoredEvent } from "./appendSql.js"
import type { Statement } from "./backend.js"
import { GroupCommit } from "./groupCommit.js"

const stored = (streamId: string, version: number): StoredEvent => ({
  envelope: {
    streamId,
    version,
    eventId: `${streamId}-${version}`,
    type: "Moved",
    schemaVersion: 1,
    data: {},
    metadata: {},
    prevHash: "p",
    hash: "h",
  } satisfies EventEnvelope,
  dataText: "{}",
  metadataText: "{}",
})

const append = (streamId: string, expectedVersion: number, count = 1): AppendWrite => ({
  streamType: "game",
  expectedVersion,
  events: Array.from({ length: count }, (_, i) => stored(streamId, expectedVersion + i + 1)),
})

const uniqueViolation = () => Object.assign(new Error("duplicate key"), { code: "23505" })

/** A database whose statements finish when the test says; `refuse` decides which ones fail. */
const database = (refuse: (statement: Statement) => Error | undefined = () => undefined) => {
  const sent: Array<{ statement: Statement; finish: () => void }> = []
  const write = (statement: Statement) =>
    new Promise<number>((resolve, reject) => {
      sent.push({
        statement,
        finish: () => {
          const error = refuse(statement)
          if (error === undefined) resolve((statement.parameters[1] as unknown[]).length || 1)
          else reject(error)
        },
      })
    })
  /** Streams of each statement sent so far, in order. */
  const streams = () =>
    sent.map(({ statement }) =>
      Array.isArray(statement.parameters[0])
        ? [...new Set(statement.parameters[0])]
        : [statement.parameters[0]],
    )
  const finishAll = async () => {
    for (let i = 0; i < sent.length; i++) {
      sent[i]!.finish()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return { write, sent, streams, finishAll }
}

describe("GroupCommit", () => {
  it("sends each append alone while fewer than `concurrency` are in flight", async () => {
    const db = database()
    const group = new GroupCommit(db.write, 2, 100)
    const results = [group.append(append("a", 1)), group.append(append("b", 3, 2))]
    expect(db.streams()).toEqual([["a"], ["b"]])
    expect(db.sent.map((s) => s.statement.name)).toEqual([
      "es_append_advance_one_v6",
      "es_append_advance_many_v6",
    ])
    await db.finishAll()
    expect(await Promise.all(results)).toEqual([1, 2])
  })

  it("sends the appends that waited as one statement when one in flight finishes", async () => {
    const db = database()
    const group = new GroupCommit(db.write, 1, 100)
    const results = [
      group.append(append("a", 1)),
      group.append(append("b", 1, 3)),
      group.append(append("c", 5)),
    ]
    expect(db.streams()).toEqual([["a"]])
    await db.finishAll()
    expect(db.streams()).toEqual([["a"], ["b", "c"]])
    const grouped = db.sent[1]!.statement
    expect(grouped.name).toBe("es_append_group_v6")
    // Every event carries its own stream and version, in the order of the appends.
    expect(grouped.parameters[0]).toEqual(["b", "b", "b", "c"])
    expect(grouped.parameters[1]).toEqual([2, 3, 4, 6])
    expect(await Promise.all(results)).toEqual([1, 3, 1])
  })

  it("a group stays under `maxEvents`; the rest waits for the next", async () => {
    const db = database()
    const group = new GroupCommit(db.write, 1, 4)
    const results = [
      group.append(append("a", 1)),
      group.append(append("b", 1, 3)),
      group.append(append("c", 1)),
      group.append(append("d", 1, 2)),
    ]
    await db.finishAll()
    expect(db.streams()).toEqual([["a"], ["b", "c"], ["d"]])
    expect(await Promise.all(results)).toEqual([1, 3, 1, 2])
  })

  it("never groups a new stream: its statement writes the stream's row too", async () => {
    const db = database()
    const group = new GroupCommit(db.write, 1, 100)
    const results = [group.append(append("a", 1)), group.append(append("new", 0))]
    expect(db.sent.map((s) => s.statement.name)).toEqual([
      "es_append_advance_one_v6",
      "es_append_create_one_v6",
    ])
    await db.finishAll()
    expect(await Promise.all(results)).toEqual([1, 1])
  })

  it("a group refused by a unique index sends its appends again alone, and each learns its own outcome", async () => {
    // Stream "taken" is already at version 2: any statement that writes its version 2 fails.
    const db = database((s) =>
      (s.parameters[0] === "taken" ||
        (Array.isArray(s.parameters[0]) && s.parameters[0].includes("taken"))) &&
      (Array.isArray(s.parameters[1]) ? s.parameters[1].includes(2) : s.parameters[1] === 2)
        ? uniqueViolation()
        : undefined,
    )
    const group = new GroupCommit(db.write, 1, 100)
    const results = [
      group.append(append("a", 1)),
      group.append(append("b", 1)),
      group.append(append("taken", 1)),
      group.append(append("c", 1)),
    ].map((p) => p.then(String, (error: { code?: string }) => `refused ${error.code}`))
    await db.finishAll()
    expect(db.streams()).toEqual([["a"], ["b", "taken", "c"], ["b"], ["taken"], ["c"]])
    expect(await Promise.all(results)).toEqual(["1", "1", "refused 23505", "1"])
  })

  it("any other failure of a group is every member's", async () => {
    const lost = new Error("Connection terminated")
    const db = database((s) => (Array.isArray(s.parameters[0]) ? lost : undefined))
    const group = new GroupCommit(db.write, 1, 100)
    const results = [
      group.append(append("a", 1)),
      group.append(append("b", 1)),
      group.append(append("c", 1)),
    ].map((p) => p.then(String, (error: Error) => error.message))
    await db.finishAll()
    expect(db.streams()).toEqual([["a"], ["b", "c"]])
    expect(await Promise.all(results)).toEqual(["1", "Connection terminated", "Connection terminated"])
  })
})
