import { findGame } from "@boroughs/core"
import type { PlayBoardProps } from "./PlayBoard.js"
import { PlayBoard } from "./PlayBoard.js"
import { rendererFor } from "./registry.js"

export type GamePlayBoardProps = Omit<PlayBoardProps, "renderer" | "title">

/** The play board of any game, its renderer looked up by id (see `PlayBoard`). */
export const GamePlayBoard = ({ game, ...props }: GamePlayBoardProps) => (
  <PlayBoard renderer={rendererFor(game)} game={game} title={findGame(game)?.game.title} {...props} />
)
