import { Result } from "effect"
import type { Seat } from "../../kernel/game.js"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { cellIndex, isCity, isCorner, xyOf } from "./board.js"
import { storyEvent } from "./build.js"
import type { Command } from "./commands.js"
import { isRoofTarget, isSixTarget } from "./develop.js"
import type { Event, PawnsMoved, PlayerBankrupt } from "./events.js"
import { legalMoves, moveProblem, reach } from "./moves.js"
import { pendingSeat } from "./pending.js"
import type { Board, Building, State } from "./state.js"

type Decided = Result.Result<ReadonlyArray<Event>, RuleViolation>

const ok = (...events: Event[]): Decided => Result.succeed(events)
const no = (rule: string, message: string): Decided => Result.fail(violation(rule, message))

/** The rules' answer to a command: the events it causes, or the rule it breaks. */
export const decide = (state: State, seat: Seat, command: Command): Decided => {
  const step = state.step
  if (step.kind === "over") return no("manhattan.game.over", "the game is over")
  const due = pendingSeat(state)
  if (due === null) return no("manhattan.turn.automatic", "nobody owes a decision now")
  if (due !== seat) return no("manhattan.turn.not-yours", `seat ${due} owes the decision, not seat ${seat}`)
  const type = (command as { type?: unknown } | null)?.type
  switch (step.kind) {
    case "corner":
      if (type !== "ChooseCorner") return expected("ChooseCorner", type)
      if (!isCorner((command as { corner?: unknown }).corner))
        return no("manhattan.setup.corner", "choose a corner: ring square 0, 8, 16 or 24")
      return ok({ type: "CornerChosen", seat, corner: (command as { corner: 0 | 8 | 16 | 24 }).corner })
    case "demand":
      if (type === "Skip") return ok({ type: "Declined", seat, decision: "demand" })
      if (type !== "DemandBankruptcy") return expected("DemandBankruptcy or Skip", type)
      return ok(bankruptcy(state, state.current, seat))
    case "move":
      if (type !== "MovePawns") return expected("MovePawns", type)
      return move(state, seat, command as Extract<Command, { type: "MovePawns" }>)
    case "crossing-story": {
      if (type === "Skip") return ok({ type: "Declined", seat, decision: "crossing-story" })
      if (type !== "BuildStory") return expected("BuildStory or Skip", type)
      const cell = target(command)
      if (cell !== step.cell) return no("manhattan.build.crossing", `the pawns cross at ${where(step.cell)}`)
      return ok(storyEvent(state, seat, cell, "crossing"))
    }
    case "remove-roof": {
      if (type === "Skip") return ok({ type: "Declined", seat, decision: "remove-roof" })
      if (type !== "RemoveRoof") return expected("RemoveRoof or Skip", type)
      if (target(command) !== step.cell)
        return no("manhattan.demolition.crossing", `only the roof at the crossing, ${where(step.cell)}`)
      const { x, y } = xyOf(step.cell)
      return ok({ type: "RoofRemoved", seat, x, y, building: buildingAt(state, step.cell).id })
    }
    case "place-roof": {
      if (type === "Skip") return ok({ type: "Declined", seat, decision: "place-roof" })
      if (type !== "PlaceRoof") return expected("PlaceRoof or Skip", type)
      const cell = target(command)
      if (cell === null || !isRoofTarget(state, cell))
        return no("manhattan.roof.free-top", "a roof goes on the free top of a building (no tower, no roof)")
      const b = buildingAt(state, cell)
      const { x, y } = xyOf(cell)
      return ok({ type: "RoofPlaced", seat, x, y, building: b.id, owner: b.owner })
    }
    case "six-story": {
      if (type === "Skip") return ok({ type: "Declined", seat, decision: "six-story" })
      if (type !== "BuildStory") return expected("BuildStory or Skip", type)
      const cell = target(command)
      if (cell === null || !isSixTarget(state, seat, cell))
        return no(
          "manhattan.six.target",
          "for a 6, add a story on a free top of your building or on a legal extension of it",
        )
      return ok(storyEvent(state, seat, cell, "six"))
    }
    default:
      return no("manhattan.turn.automatic", "nobody owes a decision now")
  }
}

const expected = (what: string, type: unknown): Decided =>
  no("manhattan.command.unexpected", `expected ${what} now, not ${String(type)}`)

const where = (cell: number): string => {
  const { x, y } = xyOf(cell)
  return `(${x}, ${y})`
}

const target = (command: unknown): number | null => {
  const { x, y } = command as { x?: unknown; y?: unknown }
  return isCity(x, y) ? cellIndex(x as number, y as number) : null
}

const buildingAt = (board: Board, cell: number): Building => {
  const c = board.cells[cell]
  if (c?.kind !== "building") throw new Error(`no building at cell ${cell}`)
  return board.buildings[c.building] as Building
}

const move = (state: State, seat: Seat, command: Extract<Command, { type: "MovePawns" }>): Decided => {
  const pawns = state.pawns[seat] ?? [null, null]
  const dice = state.dice as readonly [number, number]
  // A command taken from legalCommands (bots do) is legal as it stands; anything else is checked in full.
  if (!legalMoves(dice, pawns).includes(command)) {
    const problem = moveProblem(command.moves, dice, pawns)
    if (problem) return no(problem.rule, problem.message)
  }
  const moves: PawnsMoved["moves"] = command.moves.map((m) => ({
    pawn: m.pawn,
    from: pawns[m.pawn] ?? null,
    to: reach(pawns[m.pawn] ?? null, m.pips, m.direction, m.entry),
    pips: m.pips,
    direction: m.direction,
  }))
  return ok({ type: "PawnsMoved", seat, moves })
}

/** The bankruptcy event: the debtor's towers and pawns leave, his roofs return to the supply. */
export const bankruptcy = (board: Board, debtor: Seat, demandedBy: Seat | null): PlayerBankrupt => {
  const towers: Array<PlayerBankrupt["towers"][number]> = []
  const buildings: number[] = []
  for (const b of board.buildings)
    if (b.owner === debtor && b.mergedInto === null) {
      buildings.push(b.id)
      if (b.tower !== null && b.towerCell !== null) {
        const { x, y } = xyOf(b.towerCell)
        towers.push({ tower: b.tower, building: b.id, x, y })
      }
    }
  return {
    type: "PlayerBankrupt",
    seat: debtor,
    demandedBy,
    towers,
    buildings,
    roofsReturned: board.roofsHeld[debtor] ?? 0,
  }
}
