import { reseeded } from "../../kernel/determinise.js"
import type { GameDefinition, GameStarted } from "../../kernel/game.js"
import { advance } from "./advance.js"
import { heuristicBot } from "./bots/heuristic.js"
import { prospects } from "./bots/prospects.js"
import { randomBot } from "./bots/random.js"
import { type Catalogue, catalogue } from "./catalogue.js"
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
import { initialBoard, type State } from "./state.js"
import { View, view } from "./view.js"
import { visibility } from "./visibility.js"

export type { Catalogue } from "./catalogue.js"
export type { Command } from "./commands.js"
export type { Event } from "./events.js"
export type { Options } from "./options.js"
export type { Board, State } from "./state.js"
export type { View } from "./view.js"
export { heuristicBot, randomBot }

/** Manhattan (Fagus, 1986): the 9×9 skyscraper dice game for 2–6 players. */
export const manhattan: GameDefinition<Options, State, Command, Event, View, Catalogue> = {
  id: "manhattan",
  title: "Manhattan (Fagus, 1986)",
  rulesVersion: 1,
  seats: SEAT_LIMITS,
  schemas: { options: Options, command: Command, event: Event, view: View },
  defaultOptions,
  catalogue,
  validateSetup,
  setup: (started: GameStarted<Options>) => [started as Event],
  initial: initialBoard,
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
  prospects,
  determinise,
  reseed: reseeded,
}

/** The bots that ship with Manhattan, by name. */
export const manhattanBots = { random: randomBot, heuristic: heuristicBot } as const
