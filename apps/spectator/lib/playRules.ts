import { findGame, seatRange } from "@boroughs/core"
import type { Catalogue } from "@boroughs/protocol"
import type { PlayableGame, PlayRules } from "./playChoices"

// The rules the play form offers per game, read on the site's server (the rules' code never goes to the
// browser for it): the standard game, and the variants the rules publish where a person may want them.

/** A variant: its words and the options it changes from the game's defaults. */
interface Variant {
  readonly id: string
  readonly label: string
  readonly changes?: Readonly<Record<string, unknown>>
}

const VARIANTS: Readonly<Record<string, ReadonlyArray<Variant>>> = {
  downtown: [
    { id: "standard", label: "Standard rules", changes: { variant: "standard" } },
    { id: "2p", label: "Two-player variant", changes: { variant: "2p-official" } },
  ],
  "urban-sprawl": [
    { id: "standard", label: "Standard game" },
    { id: "short", label: "Short game (the rules' short contract decks)", changes: { length: "short" } },
    // The rules' round cap (ruling 56) set to one: a whole game in a few minutes, to learn the moves.
    { id: "taster", label: "Taster: one round", changes: { maxRounds: 1 } },
  ],
}

const STANDARD: ReadonlyArray<Variant> = [{ id: "standard", label: "Standard rules" }]

/**
 * Each catalogue game with its rules (the variants' whole options and the seat counts they allow) and the
 * remote bots ready to play it (`ready`, by game: its ladder's active and connected entrants).
 */
export const playableGames = (
  catalogue: Catalogue,
  ready: Readonly<Record<string, ReadonlyArray<string>>> = {},
): PlayableGame[] =>
  catalogue.games.map((entry) => {
    const def = findGame(entry.id)?.game
    const rules = (VARIANTS[entry.id] ?? STANDARD).flatMap((variant): PlayRules[] => {
      if (def === undefined) return variant.changes === undefined ? [{ ...variant, seats: entry.seats }] : []
      const options =
        variant.changes === undefined
          ? undefined
          : { ...(def.defaultOptions as Record<string, unknown>), ...variant.changes }
      const seats = seatRange(def, options)
      return seats === null
        ? []
        : [{ id: variant.id, label: variant.label, seats, ...(options === undefined ? {} : { options }) }]
    })
    return { id: entry.id, title: entry.title, bots: entry.bots, remoteBots: ready[entry.id] ?? [], rules }
  })
