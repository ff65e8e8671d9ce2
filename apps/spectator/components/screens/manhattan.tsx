"use client"

import { manhattanRenderer } from "@boroughs/board-ui/games/manhattan"
import { GameScreen, type GameScreenProps } from "../GameScreen"

/** Manhattan's game page: its own board, narrator and rules, and no other game's code. */
export default function ManhattanScreen(props: GameScreenProps) {
  return <GameScreen {...props} renderer={manhattanRenderer} />
}
