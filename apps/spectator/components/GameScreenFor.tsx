"use client"

import dynamic from "next/dynamic"
import type { GameScreenProps } from "./GameScreen"

// Each game's screen is a chunk of its own, loaded for the game shown (and drawn on the server as ever): the
// browser gets that game's board, narrator and rules, never the other four games' code.
const screens: Readonly<Record<string, React.ComponentType<GameScreenProps>>> = {
  downtown: dynamic(() => import("./screens/downtown")),
  manhattan: dynamic(() => import("./screens/manhattan")),
  suburbia: dynamic(() => import("./screens/suburbia")),
  uptown: dynamic(() => import("./screens/uptown")),
  "urban-sprawl": dynamic(() => import("./screens/urban-sprawl")),
}
const Other = dynamic(() => import("./screens/other"))

/** The game page's screen for the game of `props.initialDetail`. */
export function GameScreenFor(props: GameScreenProps) {
  const Screen = screens[props.initialDetail.game] ?? Other
  return <Screen {...props} />
}
