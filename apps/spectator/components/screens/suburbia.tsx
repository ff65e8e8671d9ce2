"use client"

import { suburbiaRenderer } from "@boroughs/board-ui/games/suburbia"
import { GameScreen, type GameScreenProps } from "../GameScreen"

/** Suburbia's game page: its own board, narrator and rules, and no other game's code. */
export default function SuburbiaScreen(props: GameScreenProps) {
  return <GameScreen {...props} renderer={suburbiaRenderer} />
}
