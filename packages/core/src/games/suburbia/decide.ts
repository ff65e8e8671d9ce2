import { Result } from "effect"
import { commit } from "../../kernel/commitment.js"
import type { Seat } from "../../kernel/game.js"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import type { Command } from "./commands.js"
import { tileDef } from "./data/tiles.js"
import type { Event } from "./events.js"
import { actionCommands } from "./legal.js"
import {
  affordableDiscards,
  basicCost,
  investmentCost,
  lakePurchase,
  purchase,
  tileAt,
  total,
} from "./market.js"
import { type Payment, resolveInvestment, resolvePlacement } from "./resolve.js"
import type { State } from "./state.js"

type Decided = Result.Result<ReadonlyArray<Event>, RuleViolation>
const fail = (rule: string, message: string): Decided => Result.fail(violation(`suburbia.${rule}`, message))
const ok = (...events: Event[]): Decided => Result.succeed(events)

/** The commitment key of a seat's kept goal. */
export const goalKey = (seat: Seat): string => `goal/s${seat}`

const placeOnOpenHex = (state: State, seat: Seat, q: number, r: number): Decided | null => {
  const b = state.players[seat]
  if (!b?.open.some((h) => h.q === q && h.r === r))
    return fail(
      "place.not-adjacent",
      `(${q}, ${r}) is not a free hex next to your tiles off the borough board`,
    )
  return null
}

const marketTile = (state: State, slot: number): string | Decided => {
  if (!Number.isInteger(slot) || slot < 0 || slot >= state.market.length)
    return fail("market.no-such-slot", `the market has slots 0–${state.market.length - 1}, not ${slot}`)
  const id = tileAt(state, slot)
  return id ?? fail("market.empty-slot", `market slot ${slot} holds no tile`)
}

const placed = (
  state: State,
  seat: Seat,
  tile: string,
  lake: boolean,
  q: number,
  r: number,
  from: "market" | "basic",
  slot: number | null,
  payments: ReadonlyArray<Payment>,
): Decided => {
  const money = state.players[seat]?.money ?? 0
  if (total(payments) > money)
    return fail("pay.cannot-afford", `it costs $${total(payments)} and you have $${money}`)
  const changes = resolvePlacement(state, { player: seat, tile, lake, q, r, payments })
  return ok({ type: "TilePlaced", player: seat, pid: state.nextPid, tile, lake, q, r, from, slot, changes })
}

const decideAction = (state: State, seat: Seat, command: Command): Decided => {
  switch (command.type) {
    case "BuyTile":
    case "BuildLake": {
      const tile = marketTile(state, command.slot)
      if (typeof tile !== "string") return tile
      const lake = command.type === "BuildLake"
      return (
        placeOnOpenHex(state, seat, command.q, command.r) ??
        placed(
          state,
          seat,
          tile,
          lake,
          command.q,
          command.r,
          "market",
          command.slot,
          lake ? lakePurchase(state, command.slot) : purchase(state, command.slot),
        )
      )
    }
    case "BuyBasicTile": {
      if (state.basic[command.tile] <= 0)
        return fail("basic.none-left", `no ${tileDef(command.tile).name} is left in the supply`)
      return (
        placeOnOpenHex(state, seat, command.q, command.r) ??
        placed(state, seat, command.tile, false, command.q, command.r, "basic", null, [
          { item: "tile", amount: basicCost(command.tile) },
        ])
      )
    }
    case "PlaceInvestment": {
      const b = state.players[seat]
      if (!b || b.investments <= 0) return fail("invest.no-marker", "you have no investment marker left")
      const target = b.tiles.find((t) => t.q === command.q && t.r === command.r)
      if (!target) return fail("invest.no-tile", `you have no tile at (${command.q}, ${command.r})`)
      if (target.invested) return fail("invest.already", "that tile already has an investment marker")
      if (investmentCost(target) > b.money)
        return fail(
          "pay.cannot-afford",
          `investing costs $${investmentCost(target)} and you have $${b.money}`,
        )
      const changes = resolveInvestment(state, seat, target)
      return ok({
        type: "InvestmentPlaced",
        player: seat,
        pid: target.pid,
        tile: target.tile,
        lake: target.lake,
        q: target.q,
        r: target.r,
        changes,
      })
    }
    case "Pass":
      if (actionCommands(state, seat).some((c) => c.type !== "Pass"))
        return fail("action.must-act", "you may pass only when no action is possible")
      return ok({ type: "ActionPassed", player: seat })
    default:
      return fail(
        "turn.wrong-step",
        `${command.type} is not an action: take a tile, a lake, a basic tile or invest`,
      )
  }
}

/** Checks a command against the rules and returns the events it causes, or the rule it breaks. */
export const decide = (state: State, seat: Seat, command: Command): Decided => {
  switch (state.step) {
    case "goals": {
      if (command.type !== "KeepGoal") return fail("goals.keep-first", "first keep one of your two goals")
      const dealt = state.dealt[seat]
      if (!dealt || state.goalKept[seat]) return fail("goals.not-owed", "you have no goal to choose")
      if (!dealt.includes(command.goal))
        return fail("goals.not-dealt", `${command.goal} is not one of your goals`)
      const { commitment, salt } = commit(state.seed, goalKey(seat), command.goal)
      return ok({ type: "GoalKept", seat, goal: command.goal, commitment, salt })
    }
    case "action":
      if (seat !== state.current) return fail("turn.not-yours", `it is player ${state.current}'s turn`)
      return decideAction(state, seat, command)
    case "discard": {
      if (seat !== state.current) return fail("turn.not-yours", `it is player ${state.current}'s turn`)
      if (command.type !== "DiscardTile")
        return fail("discard.owed", "after a basic tile or an investment, discard a market tile")
      const tile = marketTile(state, command.slot)
      if (typeof tile !== "string") return tile
      if (!affordableDiscards(state, seat).includes(command.slot))
        return fail(
          "pay.cannot-afford",
          `discarding from slot ${command.slot} costs $${state.surcharges[command.slot]}`,
        )
      const surcharge = state.surcharges[command.slot] as number
      const changes =
        surcharge === 0
          ? []
          : [
              {
                player: seat,
                stat: "money" as const,
                delta: -surcharge,
                value: (state.players[seat]?.money ?? 0) - surcharge,
                cause: { kind: "cost" as const, item: "discard" as const },
              },
            ]
      return ok({ type: "TileDiscarded", player: seat, slot: command.slot, tile, changes })
    }
    default:
      return fail("turn.nothing-owed", "nobody owes a decision now")
  }
}
