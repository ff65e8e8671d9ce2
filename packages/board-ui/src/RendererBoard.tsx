import type { AnyGame } from "@boroughs/core/kernel"
import { Result, Schema } from "effect"
import { useRef } from "react"
import { useRovingPlaces } from "./common/roving.js"
import { boardStyles } from "./common/styles.js"
import type { GameRenderer, Highlight, SeatInfo } from "./common/types.js"

export interface RendererBoardProps {
  /** The game's renderer (`@boroughs/board-ui/games/<id>`); undefined: a game without a board yet. */
  readonly renderer: GameRenderer | undefined
  /** The game's id (`downtown`, …). */
  readonly game: string
  /** The game's title when it has no renderer (else the renderer's); the id when absent. */
  readonly title?: string | undefined
  /** The view for one viewer, as `viewOf` returns it and `GET /api/games/:id/view` serves it. */
  readonly view: unknown
  readonly seats: ReadonlyArray<SeatInfo>
  readonly highlight?: Highlight | undefined
  readonly onSelect?: ((place: string) => void) | undefined
  /** Leave out the stylesheet when the page already rendered one (several boards on one page). */
  readonly withStyles?: boolean
}

const Panel = ({ title, children }: { title: string; children: string }) => (
  <div className="bui-missing" role="note">
    <h2>{title}</h2>
    <p>{children}</p>
  </div>
)

/** Why a view cannot be drawn as this game's view (its own schema), or null when it can. */
export const viewProblemOf = (game: AnyGame, view: unknown): string | null => {
  const decoded = Schema.decodeUnknownResult(game.schemas.view)(view)
  return Result.isFailure(decoded) ? `this is not a ${game.title} view: ${decoded.failure.message}` : null
}

/**
 * A game's board from its renderer in hand: checks the view against the game's own schema, then draws it. A
 * game without a renderer, or a view that is not the game's, gets a clear panel instead of a crash. The board
 * is one tab stop; the arrow keys move between its places (`useRovingPlaces`). Pages of one game import its
 * renderer alone (`@boroughs/board-ui/games/<id>`) and so load no other game's code; `GameBoard` looks the
 * renderer up by id.
 */
export const RendererBoard = ({
  renderer,
  game,
  title,
  view,
  seats,
  highlight,
  onSelect,
  withStyles = true,
}: RendererBoardProps) => {
  const section = useRef<HTMLElement | null>(null)
  useRovingPlaces(section)
  const shown = renderer?.title ?? title ?? game
  const problem = renderer ? viewProblemOf(renderer.game, view) : null
  return (
    <section
      ref={section}
      className={`bui-board bui-game-${game}`}
      aria-label={`${shown} board`}
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Home End Escape"
    >
      {withStyles ? <style>{boardStyles}</style> : null}
      {!renderer ? (
        <Panel title={`No board for ${shown} yet`}>
          {`The board renderer for ${shown} is not written yet; the event log and scores still show the game.`}
        </Panel>
      ) : problem ? (
        <Panel title={`Cannot draw this ${shown} board`}>{problem}</Panel>
      ) : (
        <renderer.Board view={view} seats={seats} highlight={highlight} onSelect={onSelect} />
      )}
    </section>
  )
}
