// What the play form (/play) offers: games with their rules and house bots, who sits in each seat, and the
// clock. Plain data and pure helpers, with no imports, so the form's JavaScript stays a form's; the server
// action checks a submission with `playRequestOf` (playForm.ts).

/** A way to play a game the form offers: its rules options and the seat counts they allow. */
export interface PlayRules {
  readonly id: string
  readonly label: string
  readonly seats: { readonly min: number; readonly max: number }
  /** The game's options, whole (the game's defaults with the variant's changes); absent: its defaults. */
  readonly options?: unknown
}

/**
 * A game as the form offers it: its house bots (the catalogue's), the remote bots that play all comers now
 * (on its ladder, active and connected: `bot:<name>`) and its rules.
 */
export interface PlayableGame {
  readonly id: string
  readonly title: string
  readonly bots: ReadonlyArray<string>
  readonly remoteBots: ReadonlyArray<string>
  readonly rules: ReadonlyArray<PlayRules>
}

/**
 * What a seat's select says: the guest's own, a link for someone else, one of the game's house bots, or a
 * remote bot from its ladder (`bot:<name>`).
 */
export type SeatChoice = "me" | "invite" | `house:${string}` | `bot:${string}`

/** How long a person has for each decision before the rules' default move is played for them. */
export const CLOCKS = [
  { id: "2m", label: "2 minutes a decision", decisionMs: 120_000 },
  { id: "30s", label: "30 seconds a decision", decisionMs: 30_000 },
  { id: "10m", label: "10 minutes a decision", decisionMs: 600_000 },
  { id: "none", label: "No clock (an empty seat waits for ever)", decisionMs: null },
] as const

export const DEFAULT_CLOCK = "2m"

/** What each house bot is like, in words; a bot not listed goes by its name. */
export const BOT_WORDS: Readonly<Record<string, string>> = {
  random: "plays any legal move",
  heuristic: "plays sensibly",
}

/** The bot a new seat gets: `heuristic` (sensible, and quick) where the game has it, else its first. */
export const defaultSeatChoice = (bots: ReadonlyArray<string>): SeatChoice =>
  bots.includes("heuristic") ? "house:heuristic" : bots[0] === undefined ? "invite" : `house:${bots[0]}`

/** A seat count the rules allow: the one wanted when they do, else the nearest. */
export const fitCount = (wanted: number, rules: PlayRules): number =>
  Math.min(rules.seats.max, Math.max(rules.seats.min, wanted))

/** A new table's size: two where the rules allow it (one person and a bot), else the nearest. */
export const firstCount = (rules: PlayRules): number => fitCount(2, rules)

/**
 * The seats' choices for `count` seats, keeping those already made; new seats get a house bot, and the
 * first seat is the person's when no seat left is.
 */
export const seatsFor = (
  count: number,
  bots: ReadonlyArray<string>,
  old: ReadonlyArray<SeatChoice> = [],
): SeatChoice[] => {
  const seats = Array.from(
    { length: count },
    (_, i): SeatChoice => old[i] ?? (i === 0 ? "me" : defaultSeatChoice(bots)),
  )
  if (!seats.includes("me")) seats[0] = "me"
  return seats
}

/** One seat chosen: when it becomes the person's, the seat that was theirs gets a house bot (one is theirs). */
export const chooseSeat = (
  seats: ReadonlyArray<SeatChoice>,
  seat: number,
  choice: SeatChoice,
  bots: ReadonlyArray<string>,
): SeatChoice[] =>
  seats.map((c, i) => (i === seat ? choice : choice === "me" && c === "me" ? defaultSeatChoice(bots) : c))

/** A word on a seat count the rules treat apart. */
export const countNote = (game: string, count: number): string | null =>
  game === "suburbia" && count === 1 ? "Alone, you play against Dale, the rules' solo opponent." : null
