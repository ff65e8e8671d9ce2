import type { Command } from "@boroughs/core/games/uptown"
import { describerOf } from "../../common/commands.js"
import type { CommandWords } from "../../common/types.js"

/**
 * Uptown's commands in a few words: "card on Ben's site 3, project II". The card itself is the hand's, not
 * the command's: a command says where it goes and which way up.
 */
export const uptownCommandWords: CommandWords<Command> = {
  PlaceCard: (c, n) =>
    `card on ${n.seat(c.street)}'s site ${c.site + 1}, project ${c.project === 0 ? "I" : "II"}${
      c.face === 1 ? ", turned over" : ""
    }`,
  DiscardCard: () => "discard the card",
  BuyCard: (c, n) => `buy from ${n.seat(c.deck)}'s deck`,
  TakePublicCard: () => "take the public card",
}

export const describeUptownCommand = describerOf(uptownCommandWords)
