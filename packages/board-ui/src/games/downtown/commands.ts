import type { Command } from "@boroughs/core/games/downtown"
import { describerOf } from "../../common/commands.js"
import { capitalise, plural } from "../../common/names.js"
import type { CommandWords } from "../../common/types.js"

/** Downtown's commands in a few words: "Housing vote", "zone 7 dial, 2 spaces". */
export const downtownCommandWords: CommandWords<Command> = {
  DrawZoningTile: (c) => `zoning tile from the ${c.pile} pile`,
  PlayZoningTile: (c) => `zoning tile ${c.zone}`,
  CastVote: (c) => `${capitalise(c.construction)} vote`,
  DeclareLobby: (c) => (c.use ? "lobby" : "no lobby"),
  BreakTie: (c) => `tie broken for ${capitalise(c.construction)}`,
  ChooseConstruction: (c) => `${capitalise(c.construction)} chosen`,
  ChooseZone: (c) => `zone ${c.zone} dial, ${plural(c.spaces, "space")}`,
}

export const describeDowntownCommand = describerOf(downtownCommandWords)
