import type { Bot } from "../../kernel/bot.js"
import { reseeded } from "../../kernel/determinise.js"
import type { GameDefinition } from "../../kernel/game.js"
import { advance } from "./advance.js"
import { heuristicBot } from "./bots/heuristic.js"
import { randomBot } from "./bots/random.js"
import { type Catalogue, catalogue } from "./catalogue.js"
import { Command } from "./commands.js"
import { decide } from "./decide.js"
import { determinise } from "./determinise.js"
import { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { defaultCommand, legalCommands } from "./legal.js"
import { ALL_SEATS, defaultOptions, Options, PAID_FULL_ZONES_FROM, validateSetup } from "./options.js"
import { outcome, standings } from "./outcome.js"
import { pending } from "./pending.js"
import { setup } from "./setup.js"
import { initial, type State } from "./state.js"
import { View, view } from "./view.js"
import { visibility } from "./visibility.js"

/** Downtown (Bernhard Weber, Abacus 1996): zoning, secret votes, secret bids for spaces, valuation. */
export const downtown: GameDefinition<Options, State, Command, Event, View, Catalogue> = {
  id: "downtown",
  title: "Downtown",
  // 2: a closed or full zone is paid for (ruling 26); games recorded under 1 keep the free pass.
  rulesVersion: PAID_FULL_ZONES_FROM,
  seats: ALL_SEATS,
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

/** The bots that ship with Downtown. */
export const downtownBots: Readonly<Record<string, Bot>> = {
  random: randomBot,
  heuristic: heuristicBot,
}

export type { Catalogue, Command, Event, Options, State, View }
export { heuristicBot, randomBot }

// Downtown's names from before every game exported the same ones; kept so code written against them compiles.
/** @deprecated Use `Command`. */
export type DowntownCommand = Command
/** @deprecated Use `Event`. */
export type DowntownEvent = Event
/** @deprecated Use `Options`. */
export type DowntownOptions = Options
/** @deprecated Use `State`. */
export type DowntownState = State
/** @deprecated Use `View`. */
export type DowntownView = View
/** @deprecated Use `heuristicBot`. */
export const downtownHeuristicBot = heuristicBot
/** @deprecated Use `randomBot`. */
export const downtownRandomBot = randomBot
