/** Asking a bot for one decision under a clock: what local games and position tests share. */
import type { Typed } from "@boroughs/core"
import type { AnyBot } from "./bot.js"

export const NO_ANSWER = Symbol("no answer")

/** The bot's answer, or NO_ANSWER when the clock runs out first. */
export const answerOf = async (
  bot: AnyBot,
  view: unknown,
  legal: ReadonlyArray<Typed>,
  ctx: Parameters<AnyBot["decide"]>[2],
  abort: AbortController,
  decisionMs: number | null,
): Promise<Typed | null | typeof NO_ANSWER> => {
  const answer = Promise.resolve(bot.decide(view, legal, ctx))
  if (decisionMs === null) return answer
  let timer: ReturnType<typeof setTimeout> | undefined
  // The runner's clock rules: once it has fired, the decision is a timeout even if the bot's own give-up
  // (the stdio bridge answers null on abort) settles first, and even if the event loop's cached time let
  // the timer fire a millisecond before the wall-clock deadline.
  let timedOut = false
  const timeout = new Promise<typeof NO_ANSWER>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true
      abort.abort(new Error("timeout"))
      resolve(NO_ANSWER)
    }, decisionMs)
  })
  try {
    const first = await Promise.race([answer, timeout])
    // A synchronous bot cannot be interrupted: an answer that came after its deadline is still late.
    return timedOut || (ctx.deadline !== null && Date.now() > ctx.deadline) ? NO_ANSWER : first
  } finally {
    clearTimeout(timer)
  }
}
