import { reseeded } from "../../kernel/determinise.js"
import type { GameDefinition, GameStarted } from "../../kernel/game.js"
import { Random, rngFromSeed } from "../../kernel/random.js"
import { advance } from "./advance.js"
import { heuristicBot } from "./bots/heuristic.js"
import { randomBot } from "./bots/random.js"
import { type Catalogue, catalogue } from "./catalogue.js"
import { dealTable } from "./chance.js"
import { Command } from "./commands.js"
import { SEAT_LIMITS } from "./data.js"
import { decide } from "./decide.js"
import { determinise } from "./determinise.js"
import { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { defaultCommand, legalCommands } from "./legal.js"
import { defaultOptions, Options, validateSetup } from "./options.js"
import { outcome, standings } from "./outcome.js"
import { pending } from "./pending.js"
import { initial, type State } from "./state.js"
import { View, view } from "./view.js"
import { visibility } from "./visibility.js"

export type { Catalogue } from "./catalogue.js"
export type { Command } from "./commands.js"
export type { Event } from "./events.js"
export type { Options } from "./options.js"
export type { State, Table } from "./state.js"
export type { View } from "./view.js"
export { heuristicBot, randomBot }

/** Preparation: GameStarted, then the deal (street boards, decks, public pile) as one chance event. */
const setup = (started: GameStarted<Options>): ReadonlyArray<Event> => [
  started as Event,
  dealTable(started.seats, Random.open(rngFromSeed(started.seed))),
]

/** Uptown: build a street of five sites from project cards; the most prestige wins. */
export const uptown: GameDefinition<Options, State, Command, Event, View, Catalogue> = {
  id: "uptown",
  title: "Uptown",
  rulesVersion: 1,
  seats: SEAT_LIMITS,
  schemas: { options: Options, command: Command, event: Event, view: View },
  defaultOptions,
  catalogue,
  validateSetup,
  setup,
  initial,
  decide,
  evolve,
  advance,
  pending,
  legalCommands,
  defaultCommand,
  view,
  visibility,
  outcome,
  standings,
  determinise,
  reseed: reseeded,
}

/** The bots that ship with Uptown, by name. */
export const uptownBots = { random: randomBot, heuristic: heuristicBot } as const
