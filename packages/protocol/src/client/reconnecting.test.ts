import { Data, Effect, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { reconnecting } from "./reconnecting.js"

class Cut extends Data.TaggedError("Cut")<Record<never, never>> {}
class Refused extends Data.TaggedError("Refused")<Record<never, never>> {}

describe("reconnecting", () => {
  it("reopens after transient failures, resuming where the last connection stopped", async () => {
    let next = 1
    let opened = 0
    const open = () => {
      opened++
      // Each connection delivers two items then is cut.
      const from = next
      return Stream.make(from, from + 1).pipe(
        Stream.tap((n) => Effect.sync(() => (next = n + 1))),
        Stream.concat(Stream.fail(new Cut())),
      )
    }
    const items = await Effect.runPromise(
      Stream.runCollect(
        Stream.take(
          reconnecting(open, () => 1),
          7,
        ),
      ),
    )
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(opened).toBe(4)
  })

  it("fails on an error that is not transient, and after too many attempts in a row", async () => {
    const refused = await Effect.runPromise(
      Effect.flip(
        Stream.runCollect(
          reconnecting(
            (): Stream.Stream<never, Cut | Refused> => Stream.fail(new Refused()),
            (e) => (e._tag === "Cut" ? 1 : null),
          ),
        ),
      ),
    )
    expect(refused._tag).toBe("Refused")
    let opened = 0
    const cut = await Effect.runPromise(
      Effect.flip(
        Stream.runCollect(
          reconnecting(
            () => {
              opened++
              return Stream.fail(new Cut())
            },
            () => 1,
            3,
          ),
        ),
      ),
    )
    expect(cut._tag).toBe("Cut")
    expect(opened).toBe(4)
  })
})
