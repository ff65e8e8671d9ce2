import { type KeyboardEvent, useMemo, useState } from "react"
import { ChoicePanel, choiceStyles } from "./common/ChoicePanel.js"
import {
  type Choice,
  type CommandRefusal,
  choicePlaces,
  choicesOf,
  narrowed,
  pickedWords,
  selectPlace,
  shortcutIndex,
} from "./common/choices.js"
import type { GameRenderer, Highlight, SeatInfo } from "./common/types.js"
import { RendererBoard } from "./RendererBoard.js"

export interface PlayBoardProps {
  /** The game's renderer (`@boroughs/board-ui/games/<id>`); undefined: a game without a board yet. */
  readonly renderer: GameRenderer | undefined
  /** The game's id (`downtown`, …). */
  readonly game: string
  /** The game's title when it has no renderer. */
  readonly title?: string | undefined
  /** The view of the seat to move, as the server serves it with the decision. */
  readonly view: unknown
  readonly seats: ReadonlyArray<SeatInfo>
  /** The seat's legal commands, as the server sent them (`legal` with the decision); empty: nothing to do. */
  readonly legal: ReadonlyArray<unknown>
  /** Called with the command chosen: one of `legal`, unchanged. */
  readonly onChoose: (command: unknown) => void
  /** A command is in flight: the board and the list take no choice until it is answered. */
  readonly busy?: boolean | undefined
  /** The rules refused the last command: its rule and message. */
  readonly error?: CommandRefusal | string | null | undefined
  /** What the clock plays for the seat if it runs out, said under the list. */
  readonly defaultCommand?: unknown
  /** The last move's places and seats, drawn as on a watched board (dashed); choices draw solid. */
  readonly highlight?: Highlight | undefined
  /** The choice panel's heading ("Your move"). */
  readonly choicesTitle?: string | undefined
  /** Leave out the stylesheets when the page already rendered them. */
  readonly withStyles?: boolean | undefined
}

/** The places picked on the board for one decision (a new decision starts with none). */
interface Picked {
  readonly decision: string
  readonly places: ReadonlyArray<string>
}

const NOTHING_PICKED: Picked = { decision: "", places: [] }

/**
 * A game's board for the seat whose turn it is, with its choices listed beside it (`ChoicePanel`). Every
 * place a legal command points at is ringed as a choice (`placesOfCommand`, solid, unlike the last move's
 * dashed ring). Picking a place (click, Enter or Space) plays the one command there, or narrows the list to
 * the several there (a Suburbia hex's tiles, a Manhattan ring square's moves); a further place narrows
 * again (a market slot, then a hex), and a place with no choice does nothing. With nine or fewer choices
 * left, the number keys choose on the board too.
 */
export const PlayBoard = ({
  renderer,
  game,
  title,
  view,
  seats,
  legal,
  onChoose,
  busy = false,
  error,
  defaultCommand,
  highlight,
  choicesTitle,
  withStyles = true,
}: PlayBoardProps) => {
  const choices = useMemo(() => choicesOf(renderer, legal, seats, view), [renderer, legal, seats, view])
  // One decision's picks: a new list of legal commands (the next decision) forgets them.
  const decision = useMemo(() => JSON.stringify(legal), [legal])
  const [picked, setPicked] = useState<Picked>(NOTHING_PICKED)
  const current = picked.decision === decision ? picked : NOTHING_PICKED
  const shown = narrowed(choices, current.places)

  const choose = (choice: Choice) => {
    setPicked(NOTHING_PICKED)
    onChoose(choice.command)
  }
  const onSelect = (place: string) => {
    if (busy) return
    const outcome = selectPlace(choices, current.places, place)
    if (outcome.kind === "choose") choose(outcome.choice)
    else if (outcome.kind === "narrow") setPicked({ decision, places: outcome.picked })
  }
  // The number keys choose from a short list while the focus is on the board (the panel has its own).
  const onBoardKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (busy || e.altKey || e.ctrlKey || e.metaKey) return
    const digit = shortcutIndex(e.key, shown.length)
    const choice = digit === null ? undefined : shown[digit]
    if (choice === undefined) return
    e.preventDefault()
    choose(choice)
  }

  return (
    <div className="bui-play-frame">
      {withStyles ? <style>{choiceStyles}</style> : null}
      <div className="bui-play">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: number keys reach the board's places from here. */}
        <div className="bui-play-board" onKeyDown={onBoardKey}>
          <RendererBoard
            renderer={renderer}
            game={game}
            title={title}
            view={view}
            seats={seats}
            highlight={{
              ...highlight,
              choices: busy ? [] : choicePlaces(shown),
              selected: busy ? [] : current.places,
            }}
            onSelect={onSelect}
            withStyles={withStyles}
          />
        </div>
        <ChoicePanel
          renderer={renderer}
          legal={legal}
          seats={seats}
          onChoose={(command) => {
            setPicked(NOTHING_PICKED)
            onChoose(command)
          }}
          busy={busy}
          error={error}
          defaultCommand={defaultCommand}
          filter={
            current.places.length > 0
              ? { label: pickedWords(renderer, current.places, seats), indices: shown.map((c) => c.index) }
              : null
          }
          onClearFilter={() => setPicked(NOTHING_PICKED)}
          title={choicesTitle}
          withStyles={false}
        />
      </div>
    </div>
  )
}
