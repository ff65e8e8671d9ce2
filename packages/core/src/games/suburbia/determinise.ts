import { sampledSecrets } from "../../kernel/determinise.js"
import type { Random } from "../../kernel/random.js"
import { GOALS } from "./data/goals.js"
import { GOALS_DEALT } from "./data/rules.js"
import { TILES } from "./data/tiles.js"
import { goalKey } from "./decide.js"
import type { KeptGoal, State } from "./state.js"
import type { View } from "./view.js"

const tileIndex = new Map(TILES.map((t, i) => [t.id, i]))

const keptGoal = (seat: number, goal: string): KeptGoal => ({
  goal,
  salt: "",
  commitment: { key: goalKey(seat), hash: "" },
})

/**
 * A full Suburbia state consistent with one seat's view: the tiles still unseen are every copy not in sight
 * (markets, boroughs — lakes keep their tile — and discards; draws pick among them uniformly, so their
 * order needs no guess), the other seats' dealt goals sampled from the goals nobody can see and their kept
 * goal among those, the viewer's own goals as they are, and a guessed PRNG.
 */
export const determinise = (view: View, random: Random): State => {
  const seen = new Array<number>(TILES.length).fill(0)
  const sight = (tile: string | null) => {
    const i = tile === null ? undefined : tileIndex.get(tile)
    if (i !== undefined) seen[i] = (seen[i] as number) + 1
  }
  for (const tile of view.market) sight(tile)
  for (const tile of view.discards) sight(tile)
  for (const borough of view.players) for (const placed of borough.tiles) sight(placed.tile)
  const unseen = TILES.map((t, i) => (t.stack === "basic" ? 0 : Math.max(0, t.count - (seen[i] as number))))

  const me = view.mine?.seat ?? -1
  const mineDealt = view.mine?.dealt ?? null
  // Goals are dealt to every seat at set-up or to none: the viewer's own hand says which.
  const hidden = GOALS.map((g) => g.id).filter(
    (g) => !view.publicGoals.includes(g) && !mineDealt?.includes(g),
  )
  const dealt: (ReadonlyArray<string> | null)[] = []
  const kept: (KeptGoal | null)[] = []
  for (let seat = 0; seat < view.goalKept.length; seat++) {
    if (seat === me || mineDealt === null) {
      dealt.push(seat === me ? mineDealt : null)
      kept.push(seat === me && view.mine?.kept ? keptGoal(seat, view.mine.kept) : null)
      continue
    }
    const hand: string[] = []
    for (let k = 0; k < GOALS_DEALT && hidden.length > 0; k++)
      hand.push(...hidden.splice(random.int(0, hidden.length - 1), 1))
    dealt.push(hand)
    kept.push(view.goalKept[seat] && hand.length > 0 ? keptGoal(seat, random.pick(hand)) : null)
  }

  return {
    seats: view.seats,
    options: view.options,
    solo: view.solo,
    players: view.players,
    market: view.market,
    surcharges: view.surcharges,
    deck: view.deck,
    basic: view.basic,
    discards: view.discards,
    publicGoals: view.publicGoals,
    goalKept: view.goalKept,
    startPlayer: view.startPlayer,
    current: view.current,
    round: view.round,
    lastRound: view.lastRound,
    oneMoreRound: view.oneMoreRound,
    owesDiscard: view.owesDiscard,
    nextPid: view.nextPid,
    step: view.step,
    goalResults: view.goalResults,
    ...sampledSecrets(random),
    goalPool: hidden,
    dealt,
    kept,
    unseen,
  }
}
