"use client"

import { uptownRenderer } from "@boroughs/board-ui/games/uptown"
import { PlayScreen, type PlayScreenProps } from "../PlayScreen"

/** Uptown's play page: its own board, narrator and rules, and no other game's code. */
export default function UptownPlay(props: PlayScreenProps) {
  return <PlayScreen {...props} renderer={uptownRenderer} />
}
