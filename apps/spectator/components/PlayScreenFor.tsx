"use client"

import dynamic from "next/dynamic"
import type { PlayScreenProps } from "./PlayScreen"

// As on the game page (GameScreenFor): each game's play screen is a chunk of its own, so a person's browser
// loads that game's board, narrator and rules and never the other four games' code.
const screens: Readonly<Record<string, React.ComponentType<PlayScreenProps>>> = {
  downtown: dynamic(() => import("./play/downtown")),
  manhattan: dynamic(() => import("./play/manhattan")),
  suburbia: dynamic(() => import("./play/suburbia")),
  uptown: dynamic(() => import("./play/uptown")),
  "urban-sprawl": dynamic(() => import("./play/urban-sprawl")),
}
const Other = dynamic(() => import("./play/other"))

/** The play page's screen for the game of `props.initialDetail`. */
export function PlayScreenFor(props: PlayScreenProps) {
  const Screen = screens[props.initialDetail.game] ?? Other
  return <Screen {...props} />
}
