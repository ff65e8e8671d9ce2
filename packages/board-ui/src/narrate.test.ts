import { type AnyGame, findGame, registry, type Typed } from "@boroughs/core"
import { urbanSprawl } from "@boroughs/core/games/urban-sprawl"
import { describe, expect, it } from "vitest"
import { actorOf, eventFields, narrate, narrateSpecific, placesOf } from "./narrate.js"
import { rendererFor, renderers } from "./registry.js"
import { playGame, seatsOf } from "./testing.js"

/** Every event type a game's event schema admits (its union's members, by their `type` literal). */
const eventTypesOf = (schema: unknown): string[] => {
  const s = schema as { members?: unknown[]; fields?: { type?: { literal?: string } } }
  if (s.members) return s.members.flatMap(eventTypesOf)
  const literal = s.fields?.type?.literal
  return literal ? [literal] : []
}

/** Seat counts and options to walk for each game: every variant that has its own event types. */
const PLAYS: Record<string, ReadonlyArray<{ seats: number; options?: unknown }>> = {
  downtown: [{ seats: 4 }, { seats: 2, options: { variant: "2p-official" } }, { seats: 6 }],
  manhattan: [
    { seats: 4 },
    { seats: 6 },
    { seats: 3, options: { startingRoofs: 2, entry: "off-board", bankruptcyDemand: "manual" } },
  ],
  suburbia: [{ seats: 4 }, { seats: 1 }, { seats: 2 }],
  uptown: [{ seats: 4 }, { seats: 2 }, { seats: 3 }],
  // The tuned preset too: its decks hold events the default make-up leaves out (named all the same).
  "urban-sprawl": [
    { seats: 4 },
    { seats: 2 },
    { seats: 3, options: { ...urbanSprawl.defaultOptions, variant: "tuned" } },
  ],
}

const BROKEN = /undefined|NaN|\[object Object\]|null/
/** "A Industry frame", "a education vocation": an article that does not fit its word ("stack A into" does). */
const WRONG_ARTICLE = /(?:^|[.;:] )A [AEIOUaeiou]|\ba [AEIOUaeiou]/

const check = (game: AnyGame, event: Typed, seats: ReturnType<typeof seatsOf>, seen: Set<string>) => {
  const said = narrateSpecific(game.id, event as Typed & Record<string, unknown>, seats)
  expect(said, `${game.id} ${event.type} has no narration`).not.toBeNull()
  expect(said, `${game.id} ${event.type}: ${said}`).not.toMatch(BROKEN)
  expect(said, `${game.id} ${event.type}: ${said}`).not.toMatch(WRONG_ARTICLE)
  seen.add(event.type)
  const vis = game.visibility(event)
  if (vis !== "all" && vis.redacted) {
    const redacted = narrateSpecific(game.id, vis.redacted as Typed & Record<string, unknown>, seats)
    expect(redacted, `${game.id} redacted ${event.type}`).not.toMatch(BROKEN)
    // Nothing the redaction removed may show: a secret card, a kept goal, a drawn card's name.
    const kept = vis.redacted as unknown as Record<string, unknown>
    for (const [key, value] of Object.entries(event))
      if (!(key in kept) && typeof value === "string" && value.length >= 3)
        expect(redacted?.toLowerCase(), `${game.id} redacted ${event.type} shows ${key}`).not.toContain(
          value.toLowerCase().replace(/-/g, " "),
        )
  }
}

describe("narrate", () => {
  for (const renderer of renderers) {
    const registered = findGame(renderer.id)
    it(`${renderer.id}: every event type of simulated games has a specific narration, redacted forms too`, () => {
      if (!registered) throw new Error(`${renderer.id} is not registered`)
      const seen = new Set<string>()
      for (const [i, play] of (PLAYS[renderer.id] ?? [{ seats: registered.game.seats.max }]).entries()) {
        const seats = seatsOf(play.seats)
        const { game, events } = playGame(
          renderer.id,
          play.seats,
          `narrate-${renderer.id}-${i}`,
          play.options,
        )
        for (const event of events) check(game, event, seats, seen)
      }
      // Every type the schema admits has a narration, even one these games did not happen to play.
      for (const type of eventTypesOf(registered.game.schemas.event))
        expect(
          renderer.narrator[type] ?? (type.startsWith("Game") ? "kernel" : undefined),
          `${renderer.id} ${type}`,
        ).toBeDefined()
    })
  }

  // A game registered in core before its renderer lands (Urban Sprawl) still reads as sentences.
  for (const { game } of registry.filter((r) => !rendererFor(r.game.id))) {
    it(`${game.id}: no renderer yet, every event still gets a readable sentence`, () => {
      const { events } = playGame(game.id, game.seats.max, `narrate-${game.id}`)
      for (const event of events) {
        const said = narrate(game.id, event as Typed & Record<string, unknown>, seatsOf(game.seats.max))
        expect(said.length).toBeGreaterThan(3)
        expect(said).not.toMatch(BROKEN)
      }
    })
  }

  it("names seats, redacted secrets say only what is visible", () => {
    const seats = [
      { seat: 0, name: "Ana" },
      { seat: 1, name: "Ben" },
    ]
    expect(
      narrate(
        "downtown",
        { type: "SpacesBought", seat: 0, zone: 14, spaces: 2, cost: 7, constructed: true },
        seats,
      ),
    ).toBe("Ana bought 2 spaces in zone 14 for $7")
    const secret = narrate(
      "downtown",
      { type: "VoteCast", seat: 1, round: 2, zone: 7, commitment: { key: "k", hash: "h" } },
      seats,
    )
    expect(secret).toBe("Ben cast a secret vote on zone 7")
    expect(narrate("downtown", { type: "MarkerPlaced", seat: 3, zone: 1, plot: 0 }, seats)).toBe(
      "Seat 4 takes space 1 of zone 1",
    )
  })

  it("reads envelopes as well as events, and highlights the places an event touches", () => {
    const envelope = {
      streamId: "game-1",
      version: 9,
      eventId: "e",
      type: "SpacesBought",
      schemaVersion: 1,
      data: { seat: 0, zone: 14, spaces: 1, cost: 3, constructed: true },
      metadata: {},
      prevHash: "",
      hash: "",
    }
    expect(eventFields(envelope).zone).toBe(14)
    expect(narrate("downtown", envelope, [])).toBe("Seat 1 bought 1 space in zone 14 for $3")
    expect(placesOf("downtown", envelope)).toEqual(["zone-14"])
    expect(actorOf(envelope)).toBe(0)
    expect(actorOf({ type: "TilePlaced", player: 2, pid: 1 })).toBe(2)
    expect(actorOf({ type: "ZoningTileDrawn", mayor: 1, zone: 3 })).toBe(1)
    expect(actorOf({ type: "ZoneScored", zone: 3 })).toBeNull()
  })

  it("falls back to the event's type when its fields cannot be read", () => {
    expect(narrate("suburbia", { type: "TileDrawn", stack: "A", tile: "no-such-tile", slot: 0 }, [])).toBe(
      "Tile drawn",
    )
    expect(() =>
      narrateSpecific("suburbia", { type: "TileDrawn", stack: "A", tile: "no-such-tile", slot: 0 }, []),
    ).toThrow(/no tile "no-such-tile"/)
  })

  it("still says something readable for a game without a narration", () => {
    expect(narrate("urban-sprawl", { type: "PermitTaken", seat: 1 }, [{ seat: 1, name: "Ben" }])).toBe(
      "Ben: permit taken",
    )
    expect(narrate("urban-sprawl", { type: "TurnEnded" }, [])).toBe("Turn ended")
  })

  it("narrates the kernel's start and end the same in every game", () => {
    const seats = seatsOf(3)
    expect(
      narrate(
        "downtown",
        { type: "GameEnded", ranks: [2, 1, 1], scores: [40, 55, 55], seed: "s", reason: "rules" },
        seats,
      ),
    ).toBe("Game over: Ben and Cy share the win with 55; Ana 2nd (40)")
    // Solo Suburbia: the one seat plays Dale, who holds no seat.
    const solo = [{ seat: 0, name: "Ana" }]
    const soloEnd = (rank: number) => ({
      type: "GameEnded",
      ranks: [rank],
      scores: [31],
      seed: "s",
      reason: "rules",
    })
    expect(narrate("suburbia", soloEnd(2), solo)).toBe("Game over: Dale wins; Ana 2nd (population 31)")
    expect(narrate("suburbia", soloEnd(1), solo)).toBe(
      "Game over: Ana wins with population 31, ahead of Dale",
    )
    expect(
      narrate(
        "downtown",
        { type: "GameStarted", game: "downtown", seats: 3, seedCommitment: "abcdef0123" },
        seats,
      ),
    ).toMatch(/^Downtown started for 3 players/)
  })

  it("words a guest naming their seat the same in every game", () => {
    const named = { type: "SeatNamed", seat: 1, name: "Ben Lee", actor: "seat:x", at: "t", reason: "guest" }
    for (const game of ["downtown", "manhattan", "uptown", "suburbia", "urban-sprawl"])
      expect(
        narrate(game, named, [
          { seat: 0, name: "ana" },
          { seat: 1, name: "Ben Lee" },
        ]),
      ).toBe("Seat 2 is now called Ben Lee")
  })
})
