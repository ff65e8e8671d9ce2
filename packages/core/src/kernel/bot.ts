import type { Seat, Typed } from "./game.js"
import type { Random } from "./random.js"

/** What a bot is shown when it owes a decision: its own view only, never the full state. */
export interface BotTurn<View = unknown, Command extends Typed = Typed> {
  readonly seat: Seat
  readonly view: View
  readonly legal: ReadonlyArray<Command>
  /** The bot's own random stream (never the game's). */
  readonly random: Random
}

/** A bot picks one of the legal commands from what its seat may see. */
export interface Bot<View = unknown, Command extends Typed = Typed> {
  readonly name: string
  /**
   * True for a bot that never reads `turn.view` (the uniform bot): `simulate` then builds no view for it
   * and its turns carry `view: undefined`. A view per decision showed in random-playout profiles.
   */
  readonly ignoresView?: boolean
  // Method syntax on purpose: it lets a game's typed Bot<View, Command> stand where a plain `Bot` is
  // expected (simulate, the registry) without a cast; the kernel only hands it that game's turns.
  choose(turn: BotTurn<View, Command>): Command
  /**
   * How the bot rates each of `turn.legal` (same order; higher is better), for a bot that chooses by rating
   * its commands. A search with more legal commands than it can try (hundreds of Suburbia placements) tries
   * the best-rated first.
   */
  scores?(turn: BotTurn<View, Command>): ReadonlyArray<number>
  /**
   * For a bot that chooses by position alone, reading neither its view nor the commands (the uniform one):
   * the index it plays among `count` legal commands, the very one `choose` would return from a list of that
   * many. With a game that has `legalByIndex`, `simulate` builds only that command.
   */
  pickIndex?(count: number, random: Random): number
}

/** Uniform over the legal commands: the baseline every game ships. */
export const randomBot = <View, Command extends Typed>(): Bot<View, Command> => ({
  name: "random",
  ignoresView: true,
  choose: ({ legal, random }) => random.pick(legal),
  // The draw `random.pick` makes over a list of `count`: a seeded game is the same either way.
  pickIndex: (count, random) => random.int(0, count - 1),
})
