import { sampledSecrets } from "../../kernel/determinise.js"
import type { Seat } from "../../kernel/game.js"
import type { Random } from "../../kernel/random.js"
import { type Half, halfOf } from "./board.js"
import type { ChooseZone } from "./commands.js"
import { spaceCap, type VoteType } from "./data.js"
import { legalCommands } from "./legal.js"
import type { Sealed, State, Step } from "./state.js"
import type { View } from "./view.js"

const sealed = <V>(value: V, key: string): Sealed<V> => ({ value, key, hash: "", salt: "" })

/** The state's step from the public step of a view (the tie's tally is public history, not needed ahead). */
const stepOf = (view: View): Step => {
  const s = view.step
  const zone = s.zone ?? 0
  const options = s.options ?? []
  switch (s.kind) {
    case "cards":
    case "reveal-votes":
    case "no-vote":
    case "construction":
      return { kind: s.kind, zone, options }
    case "lobby":
      return { kind: "lobby", zone, options, declarer: s.declarer ?? view.mayor }
    case "tie": {
      const tied = s.tied ?? []
      const tally = { housing: 0, industry: 0, commerce: 0 }
      for (const t of tied) tally[t] = 1
      return { kind: "tie", zone, tied, tally }
    }
    case "second-draw": {
      // The extra draw comes from the other half of the odd tile, or the same half when that is empty (ruling 1).
      const last = view.drawn[view.drawn.length - 1] ?? 1
      const other: Half = halfOf(last) === "west" ? "east" : "west"
      return { kind: "second-draw", pile: view.piles[other].length > 0 ? other : halfOf(last) }
    }
    case "zoning":
    case "dials":
    case "settle":
    case "resolving":
    case "over":
      return { kind: s.kind }
    default:
      throw new Error(`downtown.determinise: unknown step "${s.kind}"`)
  }
}

/**
 * A full Downtown state consistent with one seat's view: what the view shows, the viewer's own sealed
 * card and dial, a uniformly sampled legal card or dial for each other seat that has chosen one, and a
 * sampled PRNG for the face-down zoning tiles (the piles are public as sets; their order is chance).
 */
export const determinise = (view: View, random: Random): State => {
  const me: Seat = view.viewer.kind === "seat" ? view.viewer.seat : -1
  const step = stepOf(view)
  const zone = "zone" in step ? step.zone : undefined
  const at = zone === undefined ? -1 : view.drawn.indexOf(zone)
  const { seed, rng } = sampledSecrets(random)
  const base: State = {
    options: view.options,
    seats: view.seats,
    twoPlayer: view.options.variant === "2p-official",
    cap: spaceCap(view.seats),
    seed,
    rng,
    round: view.round,
    mayor: view.mayor,
    step,
    zones: view.zones,
    piles: view.piles,
    hands: view.hands,
    drawn: view.drawn,
    // The drawn zones still waiting for a construction: the one being decided and those drawn after it.
    queue: step.kind === "second-draw" ? view.drawn : at < 0 ? [] : view.drawn.slice(at),
    frames: view.frames,
    money: view.money,
    bank: view.bank,
    points: view.points,
    markersOut: view.markersOut,
    framedLeft: view.framedLeft,
    unframedLeft: view.unframedLeft,
    lobby: view.lobby,
    votes: view.voted.map(() => null),
    lobbyUse: view.lobbyUse,
    choices: view.chosen.map(() => null),
  }
  const votes = base.votes.slice() as (Sealed<VoteType> | null)[]
  const choices = base.choices.slice() as (Sealed<{ zone: number; spaces: number }> | null)[]
  for (let seat = 0; seat < view.seats; seat++) {
    if (view.voted[seat]) {
      // The cards that fit the zone are the step's options (in the lobby step too, when all are in).
      const options = "options" in step ? step.options : []
      const own = seat === me ? (view.mine?.vote ?? null) : null
      const vote = own ?? (options.length > 0 ? random.pick(options) : undefined)
      if (vote !== undefined) votes[seat] = sealed(vote, `vote/r${view.round}/z${zone}/s${seat}`)
    }
    if (view.chosen[seat]) {
      const own = seat === me ? (view.mine?.choice ?? null) : null
      const pick = sampledDial(base, seat, random)
      const choice = own ?? (pick ? { zone: pick.zone, spaces: pick.spaces } : undefined)
      if (choice !== undefined) choices[seat] = sealed(choice, `dial/r${view.round}/s${seat}`)
    }
  }
  return { ...base, votes, choices }
}

/** A uniformly random legal dial for a seat whose real one is hidden (the state is still in its dials step). */
const sampledDial = (state: State, seat: Seat, random: Random): ChooseZone | undefined => {
  const legal = legalCommands(state, seat).filter((c): c is ChooseZone => c.type === "ChooseZone")
  return legal.length === 0 ? undefined : random.pick(legal)
}
