import { findGame } from "@boroughs/core"
import { type AnyBot, defineBot } from "../bot.js"
import { isMctsBot, type SearchResult } from "./ismcts.js"
import { parseIsMctsName } from "./ismctsName.js"
import { heuristicBot, randomBot } from "./reference.js"

/** The names `botByName` understands, for `--help` and messages. */
export const BOT_NAMES = [
  "random",
  "heuristic",
  "ismcts",
  "ismcts:<ms>",
  "ismcts:<n>ms",
  "ismcts:<n>s",
  "ismcts:<n>i",
  "ismcts:<ms>x<threads>",
  "<any bot a game ships>",
]

/**
 * A reference bot by name: `random`, `heuristic`, `ismcts` (1 s a decision), `ismcts:250` or `ismcts:250ms`
 * (250 ms), `ismcts:2s` (2 s), `ismcts:2000i` (2,000 iterations), `ismcts:1000x2` (1 s on two threads), or any
 * other bot the game ships
 * (`dale` for Suburbia). With `game`,
 * a name the game does not know is refused now rather than at its first decision. `onSearch` hears each of an
 * IS-MCTS bot's searches (its iterations, for a rate).
 */
export const botByName = (name: string, game?: string, onSearch?: (result: SearchResult) => void): AnyBot => {
  if (name === "random") return randomBot
  if (name === "heuristic") return heuristicBot
  const mcts = parseIsMctsName(name)
  if (mcts !== null)
    return mcts.budget === "iterations"
      ? isMctsBot({ iterations: mcts.iterations, threads: mcts.threads, onSearch })
      : isMctsBot({ timeMs: mcts.timeMs, threads: mcts.threads, onSearch })
  if (game !== undefined) {
    const registered = findGame(game)
    if (registered === undefined) throw new Error(`unknown game ${game}`)
    if (registered.bots[name] === undefined)
      throw new Error(
        `unknown bot ${name} for ${game} (try ${[...BOT_NAMES.slice(0, 3), ...Object.keys(registered.bots)].join(", ")})`,
      )
  } else if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`unknown bot ${name}`)
  return defineBot({
    name,
    decide: (view, legal, ctx) => {
      const bot = findGame(ctx.game)?.bots[name]
      if (bot === undefined) throw new Error(`${ctx.game} ships no bot named ${name}`)
      return bot.choose({ seat: ctx.seat, view, legal, random: ctx.random })
    },
  })
}
