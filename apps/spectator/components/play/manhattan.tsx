"use client"

import { manhattanRenderer } from "@boroughs/board-ui/games/manhattan"
import { PlayScreen, type PlayScreenProps } from "../PlayScreen"

/** Manhattan's play page: its own board, narrator and rules, and no other game's code. */
export default function ManhattanPlay(props: PlayScreenProps) {
  return <PlayScreen {...props} renderer={manhattanRenderer} />
}
