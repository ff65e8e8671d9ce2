import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import type { AnyBot } from "./bot.js"
import { botByName } from "./bots/byName.js"
import type { SearchResult } from "./bots/ismcts.js"

/*
 * A bot author's own bot, named on the command line by its module's path (`--bots ./my-bot.js,heuristic`).
 * Node only: the `boroughs-bot` command imports this, never the SDK's main module.
 */

/** Whether a bot name is a module's path rather than a reference bot's name (those never hold `/` or `.`). */
export const isBotModulePath = (name: string): boolean => /[/\\]/.test(name) || /\.[cm]?js$/.test(name)

const isBot = (value: unknown): value is AnyBot =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { name?: unknown }).name === "string" &&
  typeof (value as { decide?: unknown }).decide === "function"

/**
 * The bot a module exports: its default export, else its export named `bot` (a `defineBot(…)` either way).
 * `path` is relative to the working directory.
 */
export const importBot = async (path: string): Promise<AnyBot> => {
  const url = pathToFileURL(resolve(path)).href
  let module: { default?: unknown; bot?: unknown }
  try {
    module = await import(url)
  } catch (error) {
    throw new Error(`could not load bot module ${path}: ${(error as Error).message}`)
  }
  const bot = module.default ?? module.bot
  if (!isBot(bot))
    throw new Error(
      `${path} exports no bot: export one as its default (export default defineBot({ … })) or as \`bot\``,
    )
  return bot
}

/**
 * A bot by name or by module path: a path is imported (each module once however many seats it takes), any
 * other name is a reference bot (`botByName`).
 */
export const botsByName = async (
  names: ReadonlyArray<string>,
  game?: string,
  onSearch?: (seat: number, result: SearchResult) => void,
): Promise<AnyBot[]> => {
  const modules = new Map<string, Promise<AnyBot>>()
  return await Promise.all(
    names.map((name, seat) => {
      if (!isBotModulePath(name))
        return botByName(name, game, onSearch === undefined ? undefined : (r) => onSearch(seat, r))
      let bot = modules.get(name)
      if (bot === undefined) {
        bot = importBot(name)
        modules.set(name, bot)
      }
      return bot
    }),
  )
}
