"use client"

import { downtownRenderer } from "@boroughs/board-ui/games/downtown"
import { PlayScreen, type PlayScreenProps } from "../PlayScreen"

/** Downtown's play page: its own board, narrator and rules, and no other game's code. */
export default function DowntownPlay(props: PlayScreenProps) {
  return <PlayScreen {...props} renderer={downtownRenderer} />
}
