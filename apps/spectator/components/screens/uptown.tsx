"use client"

import { uptownRenderer } from "@boroughs/board-ui/games/uptown"
import { GameScreen, type GameScreenProps } from "../GameScreen"

/** Uptown's game page: its own board, narrator and rules, and no other game's code. */
export default function UptownScreen(props: GameScreenProps) {
  return <GameScreen {...props} renderer={uptownRenderer} />
}
