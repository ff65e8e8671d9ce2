"use client"

import { urbanSprawlRenderer } from "@boroughs/board-ui/games/urban-sprawl"
import { PlayScreen, type PlayScreenProps } from "../PlayScreen"

/** Urban Sprawl's play page: its own board, narrator and rules, and no other game's code. */
export default function UrbanSprawlPlay(props: PlayScreenProps) {
  return <PlayScreen {...props} renderer={urbanSprawlRenderer} />
}
