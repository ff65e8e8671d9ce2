import { reseeded } from "../../kernel/determinise.js"
import type { GameDefinition, GameStarted } from "../../kernel/game.js"
import { advance } from "./advance.js"
import { heuristicBot } from "./bots/heuristic.js"
import { randomBot } from "./bots/random.js"
import { type Catalogue, catalogue } from "./catalogue.js"
import { Command } from "./commands.js"
import { decide } from "./decide.js"
import { determinise } from "./determinise.js"
import { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { defaultCommand, legalByIndex, legalCommands } from "./legal.js"
import { defaultOptions, Options, validateSetup } from "./options.js"
import { outcome, standings } from "./outcome.js"
import { pending } from "./pending.js"
import { initialState, type State } from "./state.js"
import { View, view } from "./view.js"
import { visibility } from "./visibility.js"

export type { Catalogue } from "./catalogue.js"
export type { Command } from "./commands.js"
export type { Event } from "./events.js"
export type { Options } from "./options.js"
export type { State } from "./state.js"
export type { View } from "./view.js"
export { heuristicBot, randomBot }

/** Urban Sprawl (Chad Jensen, 2011): build a city block by block; 2–4 players, our original content pack. */
export const urbanSprawl: GameDefinition<Options, State, Command, Event, View, Catalogue> = {
  id: "urban-sprawl",
  title: "Urban Sprawl (Jensen, 2011)",
  rulesVersion: 1,
  seats: { min: 2, max: 4 },
  schemas: { options: Options, command: Command, event: Event, view: View },
  defaultOptions,
  catalogue,
  validateSetup,
  setup: (started: GameStarted<Options>) => [started as Event],
  initial: initialState,
  decide,
  evolve,
  advance,
  pending,
  legalCommands,
  legalByIndex,
  defaultCommand,
  view,
  visibility,
  outcome,
  standings,
  determinise,
  reseed: reseeded,
}

/** The bots that ship with Urban Sprawl, by name. */
export const urbanSprawlBots = { random: randomBot, heuristic: heuristicBot } as const
