import { Result } from "effect"
import { canonicalJson } from "../../kernel/canonical.js"
import type { Seat } from "../../kernel/game.js"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { BLOCKS, blockValue, globalLot, isShape } from "./board.js"
import type { Command, CommandOf } from "./commands.js"
import { card, ELECTION_PRESTIGE, OFFICES } from "./data.js"
import type { Event } from "./events.js"
import { choices, draftCommands } from "./legal.js"
import { owed } from "./pending.js"
import {
  buildCost,
  contractCost,
  covered,
  cubesLeft,
  favorLimit,
  ignoresZoning,
  indexById,
  permitFits,
  permitsNeeded,
  planningCost,
  tributeOwed,
  zoningOk,
} from "./rules.js"
import type { Building, State, Task } from "./state.js"

/**
 * `decide`: a task's choice or a draft pick must be one legalCommands lists; actions get their own checks,
 * with a message naming the rule broken.
 */

type Decided = Result.Result<ReadonlyArray<Event>, RuleViolation>
const fail = (rule: string, message: string): Decided =>
  Result.fail(violation(`urban-sprawl.${rule}`, message))
const ok = (...events: Event[]): Decided => Result.succeed(events)

// Scratch space for buildings by id (the rules are synchronous; only ids on the lot grid are read from it).
const byIdScratch: Array<Building | undefined> = []

/** Checks a Build command against every rule of §4; the Built event, or the rule broken. */
export const checkBuild = (state: State, seat: Seat, cmd: CommandOf<"Build">): Decided => {
  const ap = contractCost(state, seat, cmd.card, true)
  if (ap === null)
    return fail("build.not-available", `${cmd.card} is not a face-up contract or one of your Favors`)
  const c = card(cmd.card)
  if (c.kind !== "contract") return fail("build.not-a-contract", `${cmd.card} is not a contract`)
  if (ap > state.ap) return fail("build.action-points", `it costs ${ap} AP and you have ${state.ap}`)
  if (!Number.isInteger(cmd.block) || cmd.block < 0 || cmd.block >= BLOCKS)
    return fail("build.no-such-block", `blocks are 0–35, not ${cmd.block}`)
  if (!isShape(c.size, cmd.lots))
    return fail(
      "build.shape",
      `a ${c.size}-lot building needs ${c.size} lots of one block in a legal shape, ascending`,
    )
  const player = state.players[seat]
  if (!player) return fail("build.no-such-seat", `no seat ${seat}`)
  const need = permitsNeeded(state, seat, c)
  for (let i = 1; i < cmd.permits.length; i++)
    if ((cmd.permits[i - 1] as string) >= (cmd.permits[i] as string))
      return fail("build.permits-order", "list each permit card once, in ascending id order")
  let sum = 0
  let min = Number.POSITIVE_INFINITY
  for (const id of cmd.permits) {
    if (!player.hand.includes(id)) return fail("build.permit-not-in-hand", `${id} is not in your hand`)
    const p = card(id)
    if (p.kind !== "permit") return fail("build.not-a-permit", `${id} is not a Build Permit`)
    if (!permitFits(c, p)) return fail("build.permit-zone", `${id} does not list ${c.zone}`)
    sum += p.permits
    min = Math.min(min, p.permits)
  }
  if (sum < need) return fail("build.permits", `${c.name} needs ${need} permits; these give ${sum}`)
  if (sum - min >= need) return fail("build.permits-surplus", "every permit card used must be needed")
  const lots = cmd.lots.map((l) => globalLot(cmd.block, l))
  const byId = indexById(state, byIdScratch)
  const cover = covered(state, seat, c, lots, byId)
  if (typeof cover === "string") return fail("build.site", cover)
  if (cover.length === 0 && cmd.renewal !== null)
    return fail("build.renewal-not-needed", "Urban Renewal is only spent to cover buildings")
  if (cover.length > 0) {
    if (cmd.renewal === null)
      return fail("build.site-occupied", "covering buildings needs an Urban Renewal card")
    if (!player.hand.includes(cmd.renewal) || card(cmd.renewal).kind !== "renewal")
      return fail("build.renewal", `${cmd.renewal} is not an Urban Renewal card in your hand`)
  }
  if (c.zone !== "PARK" && !ignoresZoning(c) && !zoningOk(state, c.zone, lots, cover, byId))
    return fail("build.zoning", `a ${c.zone} building must touch no building or touch a ${c.zone} building`)
  if (c.zone !== "PARK" && cubesLeft(state, seat, cover) <= 0)
    return fail("build.no-cube", "you have no cube left")
  const cost = buildCost(state, seat, cmd.block)
  if (cost > player.wealth)
    return fail("build.wealth", `building on this block costs ${cost}; you have ${player.wealth}`)
  return ok({
    type: "Built",
    seat,
    card: c.id,
    ap,
    building: state.nextBuilding,
    block: cmd.block,
    lots: cmd.lots,
    permits: cmd.permits,
    renewal: cmd.renewal,
    cost,
    demolished: [...cover],
  })
}

/** The events a chosen option of a task decision produces. */
const chosen = (state: State, seat: Seat, cmd: Command): Event[] => {
  const task = state.tasks[0] as Task
  switch (cmd.type) {
    case "BreakTie":
      if (task.k === "election") {
        const office = OFFICES[state.pawn] as (typeof OFFICES)[number]
        return [
          {
            type: "ElectionHeld",
            office,
            winner: cmd.seat,
            prestige: state.offices[office] === cmd.seat ? 0 : ELECTION_PRESTIGE,
          },
        ]
      }
      return [{ type: "ContractorAssigned", seat: cmd.seat }]
    case "OrderNext":
      return [{ type: "OrderChosen", seat: cmd.seat }]
    case "Bid":
      return [{ type: "AuctionBid", seat, paid: cmd.pay }]
    case "PickBuilding":
      return [{ type: "TargetChosen", building: cmd.building, block: null }]
    case "PickBlock":
      return [{ type: "TargetChosen", building: null, block: cmd.block }]
    case "PayRansom":
      return task.k === "decay"
        ? [{ type: "RansomPaid", seat, wealth: 0, prestige: task.ransom }]
        : [
            {
              type: "RansomPaid",
              seat,
              wealth: (task as Extract<Task, { k: "threat" }>).wealth,
              prestige: (task as Extract<Task, { k: "threat" }>).prestige,
            },
          ]
    case "LoseBuilding":
      return [{ type: "BuildingLost", seat, building: cmd.building }]
    case "PlaceMarker": {
      const t = task as Extract<Task, { k: "placeMarkers" }>
      const east = t.wealth.length > 0
      return [
        {
          type: "MarkerPlaced",
          edge: east ? "east" : "north",
          space: cmd.space,
          value: (east ? t.wealth[0] : t.prestige[0]) as number,
        },
      ]
    }
    case "SwapMarkers":
      return [
        {
          type: "MarkersSwapped",
          edge: (task as Extract<Task, { k: "swapMarkers" }>).edge,
          a: cmd.a,
          b: cmd.b,
        },
      ]
    case "SkipEffect":
      return [{ type: "NothingHappened", what: "declined" }]
    case "ChooseOffice":
      return [
        {
          type: "OfficeTaken",
          seat,
          office: cmd.office,
          prestige: state.offices[cmd.office] === seat ? 0 : ELECTION_PRESTIGE,
        },
      ]
    case "TakeFreePlanning":
      return [{ type: "PlanningTaken", seat, card: cmd.card, ap: 0, free: true }]
    case "PayTribute": {
      const t = task as Extract<Task, { k: "tribute" }>
      const n = tributeOwed(state, t, seat)
      const p = state.players[seat] as State["players"][number]
      // A mandatory payment: each part is capped at what the payer has (rules §8).
      return [
        {
          type: "TributePaid",
          seat,
          to: state.active,
          wealth: Math.min(p.wealth, cmd.inWealth * t.amount),
          prestige: Math.min(p.prestige, (n - cmd.inWealth) * t.amount),
        },
      ]
    }
    default:
      return []
  }
}

const action = (state: State, seat: Seat, cmd: Command): Decided => {
  const player = state.players[seat] as State["players"][number]
  switch (cmd.type) {
    case "Invest": {
      if (state.acted) return fail("invest.after-actions", "investing comes before your first action")
      if (!player.hand.includes(cmd.card))
        return fail("invest.not-in-hand", `${cmd.card} is not in your hand`)
      const c = card(cmd.card)
      if (c.kind !== "permit") return fail("invest.not-a-permit", "only Build Permits can be invested")
      return ok({ type: "Invested", seat, card: c.id, wealth: c.wealth })
    }
    case "TakePlanning": {
      const ap = planningCost(state, cmd.card)
      if (ap === null)
        return fail("planning.not-available", `${cmd.card} is not a face-up planning card on offer`)
      if (ap > state.ap) return fail("planning.action-points", `it costs ${ap} AP and you have ${state.ap}`)
      return ok({ type: "PlanningTaken", seat, card: cmd.card, ap, free: false })
    }
    case "TakeFavor": {
      const ap = contractCost(state, seat, cmd.card, false)
      if (ap === null || card(cmd.card).kind !== "contract")
        return fail("favor.not-available", `${cmd.card} is not a face-up contract on offer`)
      if (ap > state.ap) return fail("favor.action-points", `it costs ${ap} AP and you have ${state.ap}`)
      if (player.favors.length >= favorLimit(state, seat))
        return fail("favor.limit", `you may hold ${favorLimit(state, seat)} Favor(s)`)
      return ok({ type: "FavorTaken", seat, card: cmd.card, ap })
    }
    case "Build":
      return checkBuild(state, seat, cmd)
    case "DiscardFavor":
      if (!player.favors.includes(cmd.card))
        return fail("favor.not-yours", `${cmd.card} is not one of your Favors`)
      return ok({ type: "FavorDiscarded", seat, card: cmd.card })
    case "ClearBox":
      if (state.offices.DistrictAttorney !== seat)
        return fail("da.not-holder", "only the District Attorney clears a box")
      if (state.daUsed) return fail("da.once", "the District Attorney clears one box per turn")
      if (!state.planningBoxes.includes(cmd.card) && !state.contractBoxes.includes(cmd.card))
        return fail("da.not-in-box", `${cmd.card} is not in a box (deck tops cannot be cleared)`)
      return ok({ type: "BoxCleared", seat, card: cmd.card })
    case "EndTurn":
      return ok({ type: "TurnEnded", seat })
    default:
      return fail("action.not-now", `${cmd.type} is not an action of a turn`)
  }
}

/**
 * Whether a command equals a listed choice: the choices are flat objects of primitives, compared key by key
 * (what their canonical JSON would compare, without building strings per decision); anything nested falls
 * back to canonical JSON.
 */
const sameCommand = (listed: Command, cmd: Command): boolean => {
  if (listed.type !== cmd.type) return false
  const a = listed as unknown as Record<string, unknown>
  const b = cmd as unknown as Record<string, unknown>
  let keys = 0
  for (const k in a) {
    const v = a[k]
    if (typeof v === "object" && v !== null) return canonicalJson(listed) === canonicalJson(cmd)
    if (!(k in b) || b[k] !== v) return false
    keys++
  }
  for (const _ in b) keys--
  return keys === 0
}

/** Decides a command of a seat (kernel `decide`). */
export const decide = (state: State, seat: Seat, cmd: Command): Decided => {
  const o = owed(state)
  if (!o) return fail("nothing-owed", "no decision is owed now")
  if (o.seat !== seat) return fail("not-your-decision", `seat ${o.seat} decides now (${o.kind})`)
  if (o.kind === "action") return action(state, seat, cmd)
  const legal = o.kind === "draft" ? draftCommands(state, seat) : choices(state, o.kind, seat)
  if (!legal.some((c) => sameCommand(c, cmd)))
    return fail(
      `${o.kind}.not-a-choice`,
      `${JSON.stringify(cmd)} is not one of the choices now: ${legal.map((c) => JSON.stringify(c)).join(", ")}`,
    )
  if (cmd.type === "BuyStarter") {
    const b = state.buildings.find((x) => x.id === cmd.building) as Building
    return ok({ type: "StarterBought", seat, building: b.id, cost: blockValue(state.markers, b.block) })
  }
  if (cmd.type === "PassDraft") return ok({ type: "DraftPassed", seat })
  return ok(...chosen(state, seat, cmd))
}
