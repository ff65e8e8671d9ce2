import type { Random, Seat, Typed } from "@boroughs/core"
import type * as Downtown from "@boroughs/core/games/downtown"
import type * as Manhattan from "@boroughs/core/games/manhattan"
import type * as Suburbia from "@boroughs/core/games/suburbia"
import type * as Uptown from "@boroughs/core/games/uptown"
import type * as UrbanSprawl from "@boroughs/core/games/urban-sprawl"

/** The view and command types of each game, from `@boroughs/core/games/<game>`: what a typed bot sees and plays. */
export interface GameTypes {
  readonly downtown: { readonly view: Downtown.View; readonly command: Downtown.Command }
  readonly manhattan: { readonly view: Manhattan.View; readonly command: Manhattan.Command }
  readonly suburbia: { readonly view: Suburbia.View; readonly command: Suburbia.Command }
  readonly uptown: { readonly view: Uptown.View; readonly command: Uptown.Command }
  readonly "urban-sprawl": { readonly view: UrbanSprawl.View; readonly command: UrbanSprawl.Command }
}

/** A game a typed bot can be written for. */
export type GameName = keyof GameTypes
export type ViewOf<G extends GameName> = GameTypes[G]["view"]
export type CommandOf<G extends GameName> = GameTypes[G]["command"]

/** What a bot is told besides its view and legal commands. */
export interface DecisionContext {
  /** The game's id in the registry (`downtown`…). */
  readonly game: string
  /** The game instance: the server's game id, or `local`. */
  readonly gameId: string
  readonly seat: Seat
  /** The version (stream position) the decision is at. */
  readonly version: number
  /** What kind of decision, in the game's words (`vote`, `dial`, `move`…). */
  readonly kind: string
  /** The bot's own random stream: never the game's. */
  readonly random: Random
  /**
   * When to have answered by (epoch ms), with a safety margin already taken off; null: no clock. After it
   * the clock plays the game's default command and a late answer is dropped.
   */
  readonly deadline: number | null
  /**
   * Aborted when the answer is no longer wanted: the deadline passed (reason `timeout`), a newer position
   * superseded it, the game ended, or the runner stops. Runners race `decide` against the deadline and this
   * signal and do not wait for it once either fires, so honour it: a long or waiting `decide` should stop
   * (return or throw) and let go of what it holds when the signal fires, or it keeps working for nothing.
   */
  readonly signal: AbortSignal
}

/** A game starting with the bot at one or more of its seats. */
export interface GameStartInfo {
  readonly gameId: string
  readonly game: string
  /** The seats this bot holds. */
  readonly seats: ReadonlyArray<Seat>
  /** How many seats the game has. */
  readonly players: number
  /** Who holds each seat, as the server names holders (`bot:alpha`, `builtin:heuristic`; null: nobody's). */
  readonly holders: ReadonlyArray<string | null>
  /** The clock per decision in ms; null: none. */
  readonly decisionMs: number | null
  /** The game's version when the bot was told. */
  readonly version: number
}

/** A game the bot played has ended. */
export interface GameEndInfo {
  readonly gameId: string
  /** The game's last version. */
  readonly version: number
  readonly ranks: ReadonlyArray<number>
  readonly scores: ReadonlyArray<number>
  readonly reason: string
}

/**
 * A bot: picks one of the legal commands from its seat's view. May answer at once or later (a Promise);
 * `null` means no answer (the clock, or a local game, plays the game's default command instead). `decide`
 * may be asked for several decisions at once (several games or seats on a server) and is raced against
 * each decision's deadline and `ctx.signal`: see `DecisionContext.signal`.
 */
export interface SdkBot<View = unknown, Command extends Typed = Typed> {
  readonly name: string
  /** The one game this bot plays, when it is written for one; absent: any game. */
  readonly game?: string | undefined
  decide(
    view: View,
    legal: ReadonlyArray<Command>,
    ctx: DecisionContext,
  ): Command | null | Promise<Command | null>
  gameStarted?(info: GameStartInfo): void | Promise<void>
  gameEnded?(info: GameEndInfo): void | Promise<void>
  /** Releases what the bot holds (a child process). Runners call it when they stop. */
  close?(): void | Promise<void>
}

/** A bot for any game: views are opaque and commands are whatever the game lists. */
export type AnyBot = SdkBot<unknown, Typed>

/** The definition of a bot written for one game: its view and commands are that game's types. */
export interface GameBotDefinition<G extends GameName> {
  readonly game: G
  readonly name: string
  decide(
    view: ViewOf<G>,
    legal: ReadonlyArray<CommandOf<G>>,
    ctx: DecisionContext,
  ): CommandOf<G> | null | Promise<CommandOf<G> | null>
  gameStarted?(info: GameStartInfo): void | Promise<void>
  gameEnded?(info: GameEndInfo): void | Promise<void>
  close?(): void | Promise<void>
}

/** The definition of a bot for any game. */
export interface GenericBotDefinition {
  readonly game?: undefined
  readonly name: string
  decide(
    view: unknown,
    legal: ReadonlyArray<Typed>,
    ctx: DecisionContext,
  ): Typed | null | Promise<Typed | null>
  gameStarted?(info: GameStartInfo): void | Promise<void>
  gameEnded?(info: GameEndInfo): void | Promise<void>
  close?(): void | Promise<void>
}

/**
 * Defines a bot. With `game`, its `decide` is typed by that game's view and commands (`playLocal` refuses
 * to seat it at another game, `runRemote` leaves such games to the clock); without, it plays any game.
 *
 * ```ts
 * const greedy = defineBot({
 *   game: "downtown",
 *   name: "greedy",
 *   decide: (view, legal) => legal.find((c) => c.type === "CastVote" && c.construction === "commerce") ?? legal[0]!,
 * })
 * ```
 */
export function defineBot<G extends GameName>(
  definition: GameBotDefinition<G>,
): SdkBot<ViewOf<G>, CommandOf<G>>
export function defineBot(definition: GenericBotDefinition): AnyBot
export function defineBot(definition: GameBotDefinition<GameName> | GenericBotDefinition): AnyBot {
  if (typeof definition.name !== "string" || definition.name.length === 0)
    throw new Error("defineBot: a bot needs a name")
  if (typeof definition.decide !== "function")
    throw new Error(`defineBot: bot ${definition.name} has no decide`)
  return definition as AnyBot
}

/** Whether a bot may sit at a game of this id (a bot written for one game refuses the others). */
export const checkBotFits = (bot: AnyBot, game: string): void => {
  if (bot.game !== undefined && bot.game !== game)
    throw new Error(`bot ${bot.name} is written for ${bot.game}, not ${game}`)
}
