import { Result } from "effect"
import { commit } from "../../kernel/commitment.js"
import type { Seat } from "../../kernel/game.js"
import { Random } from "../../kernel/random.js"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { shapeOf, ZONE_COUNT } from "./board.js"
import type { Command } from "./commands.js"
import { VOTE_TYPES, type VoteType } from "./data.js"
import type { Event } from "./events.js"
import { isPass, requestLimit } from "./rules.js"
import { type State, zoneState } from "./state.js"

type Decided = Result.Result<ReadonlyArray<Event>, RuleViolation>

const fail = (rule: string, message: string): Decided => Result.fail(violation(rule, message))
const ok = (...events: Event[]): Decided => Result.succeed(events)

const notNow = (state: State, seat: Seat, command: Command): Decided =>
  fail(
    "downtown.turn.not-now",
    `seat ${seat} cannot play ${command.type} now (round ${state.round}, step ${state.step.kind})`,
  )

const isVoteType = (value: unknown): value is VoteType => VOTE_TYPES.includes(value as VoteType)

/** Handles one command of one seat: the events it causes, or the rule it breaks. */
export const decide = (state: State, seat: Seat, command: Command): Decided => {
  const step = state.step
  switch (command.type) {
    case "DrawZoningTile": {
      if (step.kind !== "zoning" || state.twoPlayer || seat !== state.mayor)
        return notNow(state, seat, command)
      const pile = state.piles[command.pile]
      if (pile === undefined) return fail("downtown.zoning.unknown-pile", `no pile "${command.pile}"`)
      if (pile.length === 0)
        return fail("downtown.zoning.empty-pile", `the ${command.pile} pile has no zoning tile left`)
      const zone = Random.open(state.rng).pick(pile)
      return ok({
        type: "ZoningTileDrawn",
        round: state.round,
        mayor: seat,
        pile: command.pile,
        zone,
        draw: 1,
      })
    }
    case "PlayZoningTile": {
      if (step.kind !== "zoning" || !state.twoPlayer || seat !== state.mayor)
        return notNow(state, seat, command)
      if (!state.hands[seat]?.includes(command.zone))
        return fail("downtown.zoning.not-in-hand", `zoning tile ${command.zone} is not in your hand`)
      return ok({ type: "ZoningTilePlayed", round: state.round, mayor: seat, zone: command.zone })
    }
    case "CastVote": {
      if (step.kind !== "cards") return notNow(state, seat, command)
      if (state.votes[seat] !== null)
        return fail(
          "downtown.vote.already-voted",
          `seat ${seat} has already chosen a card for zone ${step.zone}`,
        )
      if (!isVoteType(command.construction))
        return fail("downtown.vote.unknown-type", `"${command.construction}" is not a voting card`)
      if (!step.options.includes(command.construction))
        return fail(
          "downtown.vote.no-frame-left",
          `no ${shapeOf(step.zone)} ${command.construction} frame is left for zone ${step.zone}`,
        )
      const key = `vote/r${state.round}/z${step.zone}/s${seat}`
      const { commitment, salt } = commit(state.seed, key, command.construction)
      return ok({
        type: "VoteCast",
        seat,
        round: state.round,
        zone: step.zone,
        construction: command.construction,
        commitment,
        salt,
      })
    }
    case "DeclareLobby": {
      if (step.kind !== "lobby" || seat !== step.declarer) return notNow(state, seat, command)
      if (typeof command.use !== "boolean")
        return fail("downtown.lobby.not-a-declaration", "a lobby declaration is yes or no")
      return ok({ type: "LobbyDeclared", seat, zone: step.zone, use: command.use })
    }
    case "BreakTie": {
      if (step.kind !== "tie" || seat !== state.mayor) return notNow(state, seat, command)
      if (!isVoteType(command.construction) || !step.tied.includes(command.construction))
        return fail(
          "downtown.vote.tie-not-tied",
          `the mayor must choose among the tied types (${step.tied.join(", ")})`,
        )
      return ok(
        {
          type: "VoteResolved",
          zone: step.zone,
          construction: command.construction,
          tally: step.tally,
          tied: step.tied,
          decidedBy: "mayor",
        },
        {
          type: "FramePlaced",
          zone: step.zone,
          construction: command.construction,
          shape: shapeOf(step.zone),
          cause: "vote",
        },
      )
    }
    case "ChooseConstruction": {
      if (step.kind !== "construction" || seat === state.mayor) return notNow(state, seat, command)
      if (!isVoteType(command.construction) || !step.options.includes(command.construction))
        return fail(
          "downtown.vote.no-frame-left",
          `no ${shapeOf(step.zone)} ${command.construction} frame is left for zone ${step.zone}`,
        )
      return ok(
        { type: "ConstructionChosen", seat, zone: step.zone, construction: command.construction },
        {
          type: "FramePlaced",
          zone: step.zone,
          construction: command.construction,
          shape: shapeOf(step.zone),
          cause: "choice",
        },
      )
    }
    case "ChooseZone": {
      if (step.kind !== "dials") return notNow(state, seat, command)
      if (state.choices[seat] !== null)
        return fail("downtown.buy.already-chosen", `seat ${seat} has already set its dial this round`)
      const { zone, spaces } = command
      if (!Number.isInteger(zone) || zone < 1 || zone > ZONE_COUNT)
        return fail("downtown.buy.no-such-zone", `the dial shows zones 1–${ZONE_COUNT}, not ${zone}`)
      if (!Number.isInteger(spaces) || spaces < 1 || spaces > state.cap)
        return fail(
          "downtown.buy.space-cap",
          `a request is for 1–${state.cap} spaces with ${state.seats} players, not ${spaces}`,
        )
      const z = zoneState(state, zone)
      if (!isPass(state.options, z) && spaces > requestLimit(state, seat, z))
        return fail(
          "downtown.buy.over-limit",
          `seat ${seat} cannot request ${spaces} spaces in zone ${zone}: the request may not exceed its money or the markers in its supply`,
        )
      const key = `dial/r${state.round}/s${seat}`
      const { commitment, salt } = commit(state.seed, key, { zone, spaces })
      return ok({ type: "ZoneChosen", seat, round: state.round, zone, spaces, commitment, salt })
    }
    default:
      return fail("downtown.command.unknown", `unknown command ${(command as { type: string }).type}`)
  }
}
