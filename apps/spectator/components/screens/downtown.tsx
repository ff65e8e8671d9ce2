"use client"

import { downtownRenderer } from "@boroughs/board-ui/games/downtown"
import { GameScreen, type GameScreenProps } from "../GameScreen"

/** Downtown's game page: its own board, narrator and rules, and no other game's code. */
export default function DowntownScreen(props: GameScreenProps) {
  return <GameScreen {...props} renderer={downtownRenderer} />
}
