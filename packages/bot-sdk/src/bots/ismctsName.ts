/** An IS-MCTS bot's name read: its budget per decision and its threads. */
export type IsMctsName =
  | { readonly budget: "iterations"; readonly iterations: number; readonly threads: number }
  | { readonly budget: "time"; readonly timeMs: number; readonly threads: number }

/** The thinking time of a bare `ismcts`. */
export const ISMCTS_DEFAULT_MS = 1_000

const BUDGET = /^(\d+)(i|ms|s)?(?:x(\d+))?$/

/**
 * Reads an IS-MCTS bot's name, the one grammar of every place that takes one (`boroughs arena`, `boroughs-bot`,
 * a server's `builtin:` seats): `ismcts` (1 s a decision), `ismcts:250` or `ismcts:250ms` (250 ms),
 * `ismcts:2s` (2 s), `ismcts:2000i` (2,000 iterations), each optionally followed by `x<threads>`
 * (`ismcts:1000x2`). Null for a name that is not IS-MCTS's; throws, saying what is wrong, for a budget it
 * cannot read.
 */
export const parseIsMctsName = (name: string): IsMctsName | null => {
  if (name === "ismcts") return { budget: "time", timeMs: ISMCTS_DEFAULT_MS, threads: 1 }
  if (!name.startsWith("ismcts:")) return null
  const read = BUDGET.exec(name.slice("ismcts:".length))
  if (read === null)
    throw new Error(
      `${name}: an IS-MCTS budget is <n>i (iterations), <n>ms or <n> (milliseconds) or <n>s (seconds), optionally followed by x<threads>`,
    )
  const amount = Number(read[1]) * (read[2] === "s" ? 1000 : 1)
  if (amount < 1) throw new Error(`${name}: the budget must be at least 1`)
  const threads = read[3] === undefined ? 1 : Number(read[3])
  if (threads < 1) throw new Error(`${name}: at least 1 thread`)
  return read[2] === "i"
    ? { budget: "iterations", iterations: amount, threads }
    : { budget: "time", timeMs: amount, threads }
}
