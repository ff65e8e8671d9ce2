/**
 * The conformance suite every registered game runs (conformance.test.ts), like the store's contract suite
 * runs one contract over every backend: the checks a GameDefinition promises, over a few seeded games per
 * table with the game's own bots. A game supplies only what the kernel cannot know — plausible commands to
 * try against `decide`, its tables, and the invariants its state keeps.
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { Bot } from "../kernel/bot.js"
import { canonicalJson } from "../kernel/canonical.js"
import type { AnyGame, Seat, Typed, Viewer } from "../kernel/game.js"
import { type Match, owes, play, replay, start } from "../kernel/match.js"
import { Random } from "../kernel/random.js"
import { findLeaks, type Leak } from "../kernel/secrecy.js"
import { botCommand, botRandom, simulate } from "../kernel/simulate.js"
import { sized } from "./long.js"

/** One seeded table: options (the game's defaults when left out) and one bot per seat. */
export interface Table {
  readonly options?: unknown
  readonly bots: ReadonlyArray<Bot>
}

/** What a game tells the suite; everything else comes from its GameDefinition. */
// biome-ignore lint/suspicious/noExplicitAny: hooks are written against each game's own state and commands.
export interface ConformanceHooks<State = any, Command extends Typed = any> {
  /** The tables to play: a few per seat count, the variants that change who owes what. */
  readonly tables: ReadonlyArray<Table>
  /** A superset of plausible commands for this seat now, legal or not (`legal` helps build near misses). */
  readonly candidates: (state: State, seat: Seat, legal: ReadonlyArray<Command>) => ReadonlyArray<Command>
  /** Throws when a state breaks what the game conserves (money, pieces, cards). */
  readonly invariants?: (state: State) => void
  /**
   * For `findLeaks`: how many other commands to try at each secret choice (default 6), and which leaks are
   * a choice the rules make public (Uptown's purchases: the deck is public, only the card is secret).
   */
  readonly leaks?: { readonly alternatives?: number; readonly publicChoice?: (leak: Leak) => boolean }
  /** Game-specific checks of a determinised sample against the real state it came from. */
  readonly sample?: (sample: State, real: State) => void
}

/** Every seat and a spectator: the viewers that must never see more than their share. */
const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: "seat", seat })),
  { kind: "spectator" },
]

/** Plain throws: an `expect` per candidate would dominate the run time. */
const fail = (game: AnyGame, seed: string, what: string): never => {
  throw new Error(`${game.id} ${seed}: ${what}`)
}

/** Legal lists are exact for every seat now; a seat that owes nothing has none; defaults are legal. */
const checkExact = (match: Match, hooks: ConformanceHooks, seats: number, seed: string): number => {
  const { game, state } = match
  let decisions = 0
  for (let seat = 0; seat < seats; seat++) {
    const legal = game.legalCommands(state, seat) as ReadonlyArray<Typed>
    const listed = new Set(legal.map((c) => canonicalJson(c)))
    if (listed.size !== legal.length) fail(game, seed, `seat ${seat} has a command listed twice`)
    if (!owes(match, seat)) {
      if (legal.length > 0) fail(game, seed, `seat ${seat} owes nothing but lists ${canonicalJson(legal[0])}`)
      continue
    }
    decisions++
    for (const c of legal)
      if (Result.isFailure(game.decide(state, seat, c)))
        fail(game, seed, `seat ${seat}: listed ${canonicalJson(c)} is refused`)
    for (const c of hooks.candidates(state, seat, legal)) {
      const key = canonicalJson(c)
      if (Result.isSuccess(game.decide(state, seat, c)) !== listed.has(key))
        fail(game, seed, `seat ${seat}: decide and legalCommands disagree on ${key}`)
    }
    const fallback = canonicalJson(game.defaultCommand(state, seat))
    if (!listed.has(fallback)) fail(game, seed, `seat ${seat}: the default ${fallback} is not legal`)
  }
  return decisions
}

/** A game's counted legal commands (`legalByIndex`) are its legal list: the same count, command by command. */
const checkByIndex = (match: Match, seats: number, seed: string): void => {
  const { game, state } = match
  const byIndex = game.legalByIndex
  if (byIndex === undefined) return
  for (let seat = 0; seat < seats; seat++) {
    const legal = game.legalCommands(state, seat) as ReadonlyArray<Typed>
    const counted = byIndex(state, seat)
    if (counted.count !== legal.length)
      fail(
        game,
        seed,
        `seat ${seat}: legalByIndex counts ${counted.count}, legalCommands lists ${legal.length}`,
      )
    for (let i = 0; i < legal.length; i++) {
      const listed = canonicalJson(legal[i])
      const at = canonicalJson(counted.at(i))
      if (at !== listed)
        fail(game, seed, `seat ${seat}: legalByIndex has ${at} at ${i}, legalCommands ${listed}`)
    }
  }
}

/** Every viewer's view decodes with the view schema; none but the organiser's holds the seed before the end. */
const checkViews = (match: Match, seats: number, seed: string, decodeView: (u: unknown) => unknown) => {
  const { game, state } = match
  for (const viewer of [...viewersOf(seats), { kind: "organiser" } as const]) {
    const text = JSON.stringify(game.view(state, viewer))
    if (viewer.kind !== "organiser" && text.includes(seed))
      fail(game, seed, `the view of ${canonicalJson(viewer)} holds the seed`)
    const decoded = decodeView(JSON.parse(text))
    if (Result.isFailure(decoded as Result.Result<unknown, unknown>))
      fail(game, seed, `the view of ${canonicalJson(viewer)} does not decode`)
  }
}

/** A sample of a seat's view shows that view and those legal commands, and reads nothing else. */
const checkDeterminise = (match: Match, hooks: ConformanceHooks, seat: Seat, seed: string, at: number) => {
  const { game, state } = match
  const determinise = game.determinise
  if (determinise === undefined) return
  const viewer: Viewer = { kind: "seat", seat }
  const view = game.view(state, viewer)
  const sample = determinise(view, Random.fromKey(`conformance/${seed}/${at}`))
  if (canonicalJson(game.view(sample, viewer)) !== canonicalJson(view))
    fail(game, seed, `seat ${seat}: a sample shows another view`)
  if (canonicalJson(game.legalCommands(sample, seat)) !== canonicalJson(game.legalCommands(state, seat)))
    fail(game, seed, `seat ${seat}: a sample offers other legal commands`)
  if ((sample as { seed?: string }).seed === seed) fail(game, seed, "a sample holds the real seed")
  // Another state with the same view, other hidden parts: its own sample must come out the same.
  const again = determinise(game.view(sample, viewer), Random.fromKey(`conformance/${seed}/${at}`))
  if (canonicalJson(again) !== canonicalJson(sample))
    fail(game, seed, `seat ${seat}: determinise reads more than the view`)
  // The view as a client receives it (JSON, only what the schema describes): the same sample.
  const decoded = Schema.decodeUnknownSync(game.schemas.view)(JSON.parse(JSON.stringify(view)))
  const fromWire = determinise(decoded, Random.fromKey(`conformance/${seed}/${at}`))
  if (canonicalJson(fromWire) !== canonicalJson(sample))
    fail(game, seed, `seat ${seat}: determinise reads something the view schema does not carry`)
  hooks.sample?.(sample, state)
  // Now and then the sample is played out: it is a state the rules can carry on from.
  if (at % 25 === 0) playOut({ ...match, state: sample }, Random.fromKey(`conformance/playout/${seed}/${at}`))
}

/** Random legal play from a match to the end of its game. */
const playOut = (from: Match, random: Random): void => {
  let match = from
  for (let moves = 0; !match.ended; moves++) {
    if (moves > 20_000) fail(match.game, match.seed, "a played-out sample does not end")
    const seat = match.game.pending(match.state)[0]?.seat
    if (seat === undefined) fail(match.game, match.seed, "a played-out sample stalls")
    const played = play(match, seat as Seat, random.pick(match.game.legalCommands(match.state, seat as Seat)))
    if (Result.isFailure(played))
      fail(match.game, match.seed, `a played-out sample: ${played.failure.message}`)
    else match = played.success.match
  }
}

/** Plays one table step by step, checking every position; returns the owing decisions checked. */
export const checkTable = (game: AnyGame, hooks: ConformanceHooks, table: Table, seed: string): number => {
  const seats = table.bots.length
  const options = table.options ?? game.defaultOptions
  const started = start(game, options, seats, seed)
  if (Result.isFailure(started)) throw new Error(`${seed}: ${started.failure.message}`)
  let match = started.success.match
  const decodeView = Schema.decodeUnknownResult(game.schemas.view)
  const randoms = table.bots.map((_, seat) => botRandom(seed, seat))
  let decisions = 0
  for (let at = 0; !match.ended; at++) {
    if (at > 20_000) fail(game, seed, "no end after 20,000 commands")
    hooks.invariants?.(match.state)
    const owing = game.pending(match.state)
    decisions += checkExact(match, hooks, seats, seed)
    checkByIndex(match, seats, seed)
    checkViews(match, seats, seed, decodeView)
    for (const { seat } of owing) checkDeterminise(match, hooks, seat, seed, at)
    const seat = owing[0]?.seat
    if (seat === undefined) return fail(game, seed, "nobody owes a decision but the game has not ended")
    const command = botCommand(match, seat, table.bots[seat] as Bot, randoms[seat] as Random)
    const played = play(match, seat, command)
    if (Result.isFailure(played)) fail(game, seed, `${canonicalJson(command)}: ${played.failure.message}`)
    else match = played.success.match
  }
  hooks.invariants?.(match.state)
  return decisions
}

/** Seeded games per table: one in CI, more under `pnpm test:long`. */
const GAMES_PER_TABLE = sized(1, 10)

/** Declares the conformance suite for one game. */
export const conformance = (game: AnyGame, hooks: ConformanceHooks): void => {
  const seedsOf = (i: number) =>
    Array.from({ length: GAMES_PER_TABLE }, (_, g) => `conformance-${game.id}-${i}${g === 0 ? "" : `-${g}`}`)
  const titleOf = (table: Table, i: number) =>
    `${table.bots.length} seats, ${canonicalJson(table.options ?? "default options")} (table ${i})`
  const optionsOf = (table: Table) => table.options ?? game.defaultOptions

  describe(`${game.id} conformance`, () => {
    it("plays every table; its schemas decode the default options and describe themselves as JSON Schema", () => {
      expect(hooks.tables.length).toBeGreaterThan(0)
      expect(Result.isSuccess(Schema.decodeUnknownResult(game.schemas.options)(game.defaultOptions))).toBe(
        true,
      )
      for (const schema of Object.values(game.schemas))
        expect(Schema.toJsonSchemaDocument(schema)).toHaveProperty("schema")
    })

    hooks.tables.forEach((table, i) => {
      describe(titleOf(table, i), () => {
        it("legal lists are exact for every seat at every step, empty for a seat that owes nothing, and counted alike by legalByIndex; defaults are legal; views decode and hide the seed; samples read only the view; invariants hold", () => {
          for (const seed of seedsOf(i)) expect(checkTable(game, hooks, table, seed)).toBeGreaterThan(0)
        })

        it("same seed and bots give byte-identical events, another seed others; replaying them rebuilds the state", () => {
          for (const seed of seedsOf(i)) {
            const a = simulate(game, optionsOf(table), table.bots, seed)
            const b = simulate(game, optionsOf(table), table.bots, seed)
            expect(canonicalJson(a.events)).toBe(canonicalJson(b.events))
            const other = simulate(game, optionsOf(table), table.bots, `${seed}-other`)
            expect(canonicalJson(other.events)).not.toBe(canonicalJson(a.events))
            const replayed = replay(game, a.events)
            expect(canonicalJson(replayed.state)).toBe(canonicalJson(a.match.state))
            expect(replayed.ended).toEqual(a.match.ended)
          }
        })

        it("nobody else can tell a seat's secret choice apart: not in their views, the events as redacted for them, or who owes (findLeaks)", () => {
          const alternatives = hooks.leaks?.alternatives ?? 6
          const publicChoice = hooks.leaks?.publicChoice ?? (() => false)
          for (const seed of seedsOf(i)) {
            const leaks = findLeaks(game, optionsOf(table), table.bots, `${seed}-leaks`, { alternatives })
            expect(leaks.filter((leak) => !publicChoice(leak))).toEqual([])
          }
        })

        it("every event and command decodes; GameStarted reaches everybody without the seed, with its commitment, and no event shows the seed before GameEnded", () => {
          const decodeEvent = Schema.decodeUnknownResult(game.schemas.event)
          const decodeCommand = Schema.decodeUnknownResult(game.schemas.command)
          for (const seed of seedsOf(i)) {
            const sim = simulate(game, optionsOf(table), table.bots, seed)
            for (const e of sim.events) {
              // GameEnded is the kernel's, not the game's.
              if (e.type === "GameEnded") continue
              const decoded = decodeEvent(JSON.parse(JSON.stringify(e)))
              if (Result.isFailure(decoded)) fail(game, seed, `${e.type} does not decode: ${decoded.failure}`)
              const vis = game.visibility(e)
              if (e.type === "GameStarted") {
                // No seat may read the seed: everybody receives the form without it, commitment kept.
                if (vis === "all" || vis.seats.length > 0)
                  fail(game, seed, "GameStarted reaches a seat whole")
                else if (
                  vis.redacted === null ||
                  "seed" in vis.redacted ||
                  !("seedCommitment" in vis.redacted)
                )
                  fail(game, seed, "the redacted GameStarted must keep the commitment and drop the seed")
              }
              if (vis !== "all" && JSON.stringify(vis.redacted).includes(seed))
                fail(game, seed, `the redacted ${e.type} holds the seed`)
              if (vis === "all" && JSON.stringify(e).includes(seed))
                fail(game, seed, `${e.type} shows the seed`)
            }
            for (const { command } of sim.commands)
              if (Result.isFailure(decodeCommand(command)))
                fail(game, seed, `${canonicalJson(command)} does not decode`)
          }
        })
      })
    })
  })
}
