import { downtown, downtownBots } from "./games/downtown/index.js"
import { manhattan, manhattanBots } from "./games/manhattan/index.js"
import { suburbia, suburbiaBots } from "./games/suburbia/index.js"
import { uptown, uptownBots } from "./games/uptown/index.js"
import { urbanSprawl, urbanSprawlBots } from "./games/urban-sprawl/index.js"
import type { Bot } from "./kernel/bot.js"
import type { AnyGame } from "./kernel/game.js"

/** A game as the platform offers it: its rules and the bots that ship with it. */
export interface RegisteredGame {
  readonly game: AnyGame
  readonly bots: Readonly<Record<string, Bot>>
}

/** Every product game. Each game folder adds itself here when its rules are complete. */
export const registry: ReadonlyArray<RegisteredGame> = [
  { game: downtown, bots: downtownBots },
  { game: manhattan, bots: manhattanBots },
  { game: suburbia, bots: suburbiaBots },
  { game: uptown, bots: uptownBots },
  { game: urbanSprawl, bots: urbanSprawlBots },
]

/** The registered game with this id, or undefined. */
export const findGame = (id: string): RegisteredGame | undefined => registry.find((g) => g.game.id === id)

/** Ids of every registered game, for messages and `--help`. */
export const gameIds = (): string[] => registry.map((g) => g.game.id)
