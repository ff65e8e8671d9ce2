import { type Ended, endedText } from "../../common/ended.js"
import { plural, signed, withArticle } from "../../common/names.js"
import type { Names, Narrator } from "../../common/types.js"
import { goalDef, narratedPlayer, tileDef } from "./data.js"

interface Change {
  readonly player: number
  readonly stat: "income" | "reputation" | "population" | "money"
  readonly delta: number
  readonly cause: { readonly kind: string; readonly direction?: string }
}

const STAT: Readonly<Record<Change["stat"], string>> = {
  income: "income",
  reputation: "reputation",
  population: "population",
  money: "",
}

/** What a list of track changes did, per player: "Ana paid $9; +1 income, +2 population; Ben +$2". */
const changesText = (changes: ReadonlyArray<Change>, n: Names, actor: number | null): string => {
  const players = [...new Set(changes.map((c) => c.player))].sort((a, b) =>
    a === actor ? -1 : b === actor ? 1 : a - b,
  )
  return players
    .map((player) => {
      const mine = changes.filter((c) => c.player === player)
      const paid = -mine.filter((c) => c.cause.kind === "cost").reduce((s, c) => s + c.delta, 0)
      const sums = new Map<Change["stat"], number>()
      for (const c of mine) if (c.cause.kind !== "cost") sums.set(c.stat, (sums.get(c.stat) ?? 0) + c.delta)
      const parts = [...sums]
        .filter(([, d]) => d !== 0)
        .map(([stat, d]) =>
          stat === "money" ? `${d > 0 ? "+" : "−"}$${Math.abs(d)}` : `${signed(d)} ${STAT[stat]}`,
        )
      const lines = mine.filter((c) => c.cause.kind === "red-line" && c.stat === "income")
      const up = lines.filter((c) => c.cause.direction === "up").length
      const down = lines.filter((c) => c.cause.direction === "down").length
      if (up) parts.push(`crossed ${plural(up, "red line")}`)
      if (down) parts.push(`fell back below ${plural(down, "red line")}`)
      const head = paid > 0 ? `paid $${paid}` : ""
      const body = [head, parts.join(", ")].filter(Boolean).join("; ")
      return player === actor ? body : `${narratedPlayer(n, player)} ${body || "no change"}`
    })
    .filter(Boolean)
    .join("; ")
}

const withChanges = (head: string, changes: ReadonlyArray<Change>, n: Names, actor: number | null) => {
  const text = changesText(changes, n, actor)
  return text ? `${head}: ${text}` : head
}

const goalName = (id: string) => goalDef(id).name

/** Suburbia's events in plain words; secret goals arrive redacted to other viewers. */
export const suburbiaNarrator: Narrator = {
  // Solo, the one seat plays Dale, who has no seat: rank 2 means Dale won (ruling "solo rank 2").
  GameEnded: (e: Ended, n: Names) => {
    const text = endedText(e, n, (s) => `population ${s}`)
    if (e.ranks.length !== 1) return text
    return e.ranks[0] === 1 ? `${text}, ahead of Dale` : text.replace("Game over: ", "Game over: Dale wins; ")
  },
  StartPlayerChosen: (e: { seat: number }, n: Names) => `${narratedPlayer(n, e.seat)} starts`,
  TileDrawn: (e: { stack: string; tile: string; slot: number }) =>
    `${tileDef(e.tile).name} drawn from stack ${e.stack} into market slot ${e.slot + 1}`,
  OneMoreRoundDrawn: (e: { round: number }) =>
    `The One More Round tile came up in round ${e.round}: one more round after this one`,
  PublicGoalsDrawn: (e: { goals: string[] }) => `Public goals: ${e.goals.map(goalName).join(", ")}`,
  GoalsDealt: (e: { seat: number; goals?: string[] }, n: Names) =>
    e.goals
      ? `${narratedPlayer(n, e.seat)} drew the goals ${e.goals.map(goalName).join(" and ")} (secret)`
      : `${narratedPlayer(n, e.seat)} drew two secret goals`,
  GoalKept: (e: { seat: number; goal?: string }, n: Names) =>
    e.goal
      ? `${narratedPlayer(n, e.seat)} kept ${goalName(e.goal)} as the secret goal`
      : `${narratedPlayer(n, e.seat)} kept a secret goal`,
  TilePlaced: (
    e: { player: number; tile: string; lake: boolean; from: string; slot: number | null; changes: Change[] },
    n: Names,
  ) => {
    const who = narratedPlayer(n, e.player)
    const name = tileDef(e.tile).name
    const head = e.lake
      ? `${who} placed a lake (${name} face down, from market slot ${(e.slot ?? 0) + 1})`
      : e.from === "basic"
        ? `${who} placed ${withArticle(name)} from the basic supply`
        : `${who} placed ${name} from market slot ${(e.slot ?? 0) + 1}`
    return withChanges(head, e.changes, n, e.player)
  },
  InvestmentPlaced: (e: { player: number; tile: string; lake: boolean; changes: Change[] }, n: Names) =>
    withChanges(
      `${narratedPlayer(n, e.player)} invested in ${e.lake ? "a lake" : tileDef(e.tile).name}`,
      e.changes,
      n,
      e.player,
    ),
  TileDiscarded: (e: { player: number; slot: number; tile: string; changes: Change[] }, n: Names) =>
    withChanges(
      `${narratedPlayer(n, e.player)} discarded ${tileDef(e.tile).name} from market slot ${e.slot + 1}`,
      e.changes,
      n,
      e.player,
    ),
  DiscardSkipped: (e: { player: number }, n: Names) =>
    `${narratedPlayer(n, e.player)} can pay for no discard and skips it`,
  ActionPassed: (e: { player: number }, n: Names) =>
    `${narratedPlayer(n, e.player)} can take no action and passes`,
  IncomeCollected: (e: { player: number; changes: Change[] }, n: Names) =>
    withChanges(`${narratedPlayer(n, e.player)} collects income`, e.changes, n, e.player),
  PopulationAdjusted: (e: { player: number; changes: Change[] }, n: Names) =>
    withChanges(`${narratedPlayer(n, e.player)}'s reputation moves population`, e.changes, n, e.player),
  MarketCleared: (e: { tiles: string[] }) =>
    e.tiles.length
      ? `After Dale's turn the market is cleared: ${e.tiles.map((t) => tileDef(t).name).join(", ")}`
      : "After Dale's turn the market is cleared",
  TurnPassed: (e: { to: number; round: number }, n: Names) =>
    `${narratedPlayer(n, e.to)}'s turn (round ${e.round})`,
  GoalsRevealed: (e: { reveals: { value: string }[] }) =>
    e.reveals.length
      ? `Secret goals revealed: ${e.reveals.map((r) => goalName(r.value)).join(", ")}`
      : "No secret goals to reveal",
  GoalsScored: (e: { results: { goal: string; achiever: number | null; bonus: number }[] }, n: Names) =>
    `Goals scored: ${
      e.results
        .map(
          (r) =>
            `${goalName(r.goal)} → ${r.achiever === null ? "nobody" : `${narratedPlayer(n, r.achiever)} +${r.bonus}`}`,
        )
        .join("; ") || "none"
    }`,
  MoneyConverted: (e: { changes: Change[] }, n: Names) => {
    const gains = e.changes.filter((c) => c.stat === "population")
    return gains.length
      ? `Money converted at $5 a head: ${gains.map((c) => `${narratedPlayer(n, c.player)} ${signed(c.delta)} population`).join(", ")}`
      : "Money converted: nobody has $5 left"
  },
}

/** The borough hexes and market slots an event touches (`tile-0-1-2`, `market-3`). */
export const suburbiaPlacesOf = (event: {
  player?: number
  q?: number
  r?: number
  slot?: number | null
}): string[] => {
  const out: string[] = []
  if (typeof event.player === "number" && typeof event.q === "number" && typeof event.r === "number")
    out.push(`tile-${event.player}-${event.q}-${event.r}`)
  if (typeof event.slot === "number") out.push(`market-${event.slot}`)
  return out
}
