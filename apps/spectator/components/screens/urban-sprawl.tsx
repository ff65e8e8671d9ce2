"use client"

import { urbanSprawlRenderer } from "@boroughs/board-ui/games/urban-sprawl"
import { GameScreen, type GameScreenProps } from "../GameScreen"

/** Urban Sprawl's game page: its own board, narrator and rules, and no other game's code. */
export default function UrbanSprawlScreen(props: GameScreenProps) {
  return <GameScreen {...props} renderer={urbanSprawlRenderer} />
}
