import type { Bot } from "../../kernel/bot.js"
import type { GameDefinition } from "../../kernel/game.js"
import { advance } from "./advance.js"
import { downtownHeuristicBot } from "./bots/heuristic.js"
import { downtownRandomBot } from "./bots/random.js"
import { catalogue } from "./catalogue.js"
import { DowntownCommand } from "./commands.js"
import { decide } from "./decide.js"
import { determinise } from "./determinise.js"
import { DowntownEvent } from "./events.js"
import { evolve } from "./evolve.js"
import { defaultCommand, legalCommands } from "./legal.js"
import { ALL_SEATS, DowntownOptions, defaultOptions, PAID_FULL_ZONES_FROM, validateSetup } from "./options.js"
import { outcome, standings } from "./outcome.js"
import { pending } from "./pending.js"
import { setup } from "./setup.js"
import { type DowntownState, initial } from "./state.js"
import { DowntownView, view } from "./view.js"
import { visibility } from "./visibility.js"

/** Downtown (Bernhard Weber, Abacus 1996): zoning, secret votes, secret bids for spaces, valuation. */
export const downtown: GameDefinition<
  DowntownOptions,
  DowntownState,
  DowntownCommand,
  DowntownEvent,
  DowntownView
> = {
  id: "downtown",
  title: "Downtown",
  // 2: a closed or full zone is paid for (ruling 26); games recorded under 1 keep the free pass.
  rulesVersion: PAID_FULL_ZONES_FROM,
  seats: ALL_SEATS,
  schemas: { options: DowntownOptions, command: DowntownCommand, event: DowntownEvent, view: DowntownView },
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
}

/** The bots that ship with Downtown. */
export const downtownBots: Readonly<Record<string, Bot>> = {
  random: downtownRandomBot,
  heuristic: downtownHeuristicBot,
}

export type { DowntownCommand, DowntownEvent, DowntownOptions, DowntownState, DowntownView }
export { downtownHeuristicBot, downtownRandomBot }
