import { findGame } from "@boroughs/core"
import { Result, Schema } from "effect"
import { useRef } from "react"
import { useRovingPlaces } from "./common/roving.js"
import { boardStyles } from "./common/styles.js"
import type { Highlight, SeatInfo } from "./common/types.js"
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

const Panel = ({ title, children }: { title: string; children: string }) => (
  <div className="bui-missing" role="note">
    <h2>{title}</h2>
    <p>{children}</p>
  </div>
)

/** Why a view cannot be drawn as this game's view, or null when it can. */
export const viewProblem = (game: string, view: unknown): string | null => {
  const registered = findGame(game)
  if (!registered) return `"${game}" is not a registered game`
  const decoded = Schema.decodeUnknownResult(registered.game.schemas.view)(view)
  return Result.isFailure(decoded)
    ? `this is not a ${registered.game.title} view: ${decoded.failure.message}`
    : null
}

/**
 * The board of any game: checks the view against the game's own schema, then hands it to the game's renderer.
 * A game without a renderer, or a view that is not the game's, gets a clear panel instead of a crash. The
 * board is one tab stop; the arrow keys move between its places (`useRovingPlaces`).
 */
export const GameBoard = ({ game, view, seats, highlight, onSelect, withStyles = true }: GameBoardProps) => {
  const section = useRef<HTMLElement | null>(null)
  useRovingPlaces(section)
  const renderer = rendererFor(game)
  const title = findGame(game)?.game.title ?? game
  const problem = renderer ? viewProblem(game, view) : null
  return (
    <section
      ref={section}
      className={`bui-board bui-game-${game}`}
      aria-label={`${title} board`}
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Home End Escape"
    >
      {withStyles ? <style>{boardStyles}</style> : null}
      {!renderer ? (
        <Panel title={`No board for ${title} yet`}>
          {`The board renderer for ${title} is not written yet; the event log and scores still show the game.`}
        </Panel>
      ) : problem ? (
        <Panel title={`Cannot draw this ${title} board`}>{problem}</Panel>
      ) : (
        <renderer.Board view={view} seats={seats} highlight={highlight} onSelect={onSelect} />
      )}
    </section>
  )
}
