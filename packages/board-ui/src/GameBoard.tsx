import { findGame } from "@boroughs/core"
import type { Highlight, SeatInfo } from "./common/types.js"
import { RendererBoard, viewProblemOf } from "./RendererBoard.js"
import { rendererFor } from "./registry.js"

export interface GameBoardProps {
  /** The game id (`downtown`, `manhattan`, …). */
  readonly game: string
  /** The view for one viewer, as `viewOf` returns it and `GET /api/games/:id/view` serves it. */
  readonly view: unknown
  readonly seats: ReadonlyArray<SeatInfo>
  readonly highlight?: Highlight | undefined
  readonly onSelect?: ((place: string) => void) | undefined
  /** Leave out the stylesheet when the page already rendered one (several boards on one page). */
  readonly withStyles?: boolean
}

/** Why a view cannot be drawn as this game's view, or null when it can. */
export const viewProblem = (game: string, view: unknown): string | null => {
  const registered = findGame(game)
  return registered ? viewProblemOf(registered.game, view) : `"${game}" is not a registered game`
}

/** The board of any game, its renderer looked up by id (see `RendererBoard`). */
export const GameBoard = ({ game, ...props }: GameBoardProps) => (
  <RendererBoard renderer={rendererFor(game)} game={game} title={findGame(game)?.game.title} {...props} />
)
