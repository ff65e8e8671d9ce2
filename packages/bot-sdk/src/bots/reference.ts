import { type Bot, findGame } from "@boroughs/core"
import { type AnyBot, defineBot } from "../bot.js"

/** Uniform over the legal commands: the baseline for every game. */
export const randomBot: AnyBot = defineBot({
  name: "random",
  decide: (_view, legal, ctx) => ctx.random.pick(legal),
})

/** A core bot (`Bot` of `@boroughs/core`) as an SDK bot: same choice from the same view and random stream. */
export const fromCoreBot = (bot: Bot, game?: string): AnyBot => ({
  name: bot.name,
  game,
  decide: (view, legal, ctx) => bot.choose({ seat: ctx.seat, view, legal, random: ctx.random }),
})

/** Each game's own heuristic bot (the one `@boroughs/core` ships with the game), for whichever game it sits at. */
export const heuristicBot: AnyBot = defineBot({
  name: "heuristic",
  decide: (view, legal, ctx) => {
    const bot = findGame(ctx.game)?.bots.heuristic
    if (bot === undefined) throw new Error(`heuristic: ${ctx.game} ships no heuristic bot`)
    return bot.choose({ seat: ctx.seat, view, legal, random: ctx.random })
  },
})
