"use client"

import { PlayScreen, type PlayScreenProps } from "../PlayScreen"

/** A game the site draws no board for (the kernel's test game): its choices in words alone. */
export default function OtherPlay(props: PlayScreenProps) {
  return <PlayScreen {...props} renderer={undefined} />
}
