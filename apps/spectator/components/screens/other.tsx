"use client"

import { GameScreen, type GameScreenProps } from "../GameScreen"

/** A game the site draws no board for (the kernel's test game): its log, standings and chart alone. */
export default function OtherScreen(props: GameScreenProps) {
  return <GameScreen {...props} renderer={undefined} />
}
