"use client"

import { suburbiaRenderer } from "@boroughs/board-ui/games/suburbia"
import { PlayScreen, type PlayScreenProps } from "../PlayScreen"

/** Suburbia's play page: its own board, narrator and rules, and no other game's code. */
export default function SuburbiaPlay(props: PlayScreenProps) {
  return <PlayScreen {...props} renderer={suburbiaRenderer} />
}
