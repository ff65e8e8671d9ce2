import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react"
import { describeCommandWith } from "../narration.js"
import {
  type Choice,
  type ChoiceGroup,
  type CommandRefusal,
  choicesOf,
  groupChoices,
  refusalWords,
  rovingIndex,
  SHORTCUT_LIMIT,
  shortcutIndex,
} from "./choices.js"
import { ui } from "./palette.js"
import type { GameRenderer, SeatInfo } from "./types.js"

/** Only some of the choices, those at the places picked on the board. */
export interface ChoiceFilter {
  /** The picked places in words ("Zone 14"), for "3 choices at Zone 14". */
  readonly label: string
  /** Positions in `legal` of the choices to list. */
  readonly indices: ReadonlyArray<number>
}

export interface ChoicePanelProps {
  /** The game's renderer: its `describeCommand` words each choice. */
  readonly renderer: GameRenderer | undefined
  /** The seat's legal commands, as the server sent them with the decision. */
  readonly legal: ReadonlyArray<unknown>
  readonly seats: ReadonlyArray<SeatInfo>
  /** Called with the command chosen (one of `legal`, unchanged). */
  readonly onChoose: (command: unknown) => void
  /** A command is in flight: nothing can be chosen until it is answered. */
  readonly busy?: boolean | undefined
  /** The rules refused the last command: the rule and why (or words to show). */
  readonly error?: CommandRefusal | string | null | undefined
  /** What the clock would play for the seat if it runs out. */
  readonly defaultCommand?: unknown
  /** List only these (a board place picked); `onClearFilter` goes back to all. */
  readonly filter?: ChoiceFilter | null | undefined
  readonly onClearFilter?: (() => void) | undefined
  /** The panel's heading; "Your move" when absent. */
  readonly title?: string | undefined
  /** Leave out the stylesheet when the page already has it (`choiceStyles`). */
  readonly withStyles?: boolean | undefined
}

/** A group longer than this starts folded when the whole list is long: the board narrows it better. */
export const FOLD_OVER = 12
const LONG_LIST = 24

/** The stylesheet of the choice panel (and of PlayBoard's layout): plain CSS, `bui-` prefixed. */
export const choiceStyles = `
.bui-choices { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: ${ui.ink}; line-height: 1.35; background: ${ui.panel}; border: 1px solid #D5DAE1; border-radius: 8px; padding: 10px 12px; font-size: 15px; }
.bui-choices * { box-sizing: border-box; }
.bui-choices h2 { font-size: 17px; margin: 0 0 6px; }
.bui-choices h3 { font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; color: ${ui.muted}; margin: 10px 0 4px; font-weight: 700; }
.bui-choices p { margin: 4px 0; }
.bui-choices-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.bui-choices button { font: inherit; color: inherit; min-height: 44px; border-radius: 8px; cursor: pointer; }
.bui-choice-button { width: 100%; display: flex; align-items: center; gap: 10px; text-align: left; padding: 8px 12px; background: #FFFFFF; border: 2px solid ${ui.choice}; }
.bui-choice-button:active { background: ${ui.choiceTint}; }
.bui-choice-button:focus-visible, .bui-choices-more:focus-visible, .bui-choices-all:focus-visible { outline: 3px solid ${ui.focus}; outline-offset: 2px; }
.bui-choice-button[aria-disabled="true"] { cursor: progress; border-color: ${ui.line}; color: ${ui.muted}; }
.bui-choice-key { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 26px; height: 26px; border-radius: 6px; background: ${ui.choice}; color: #FFFFFF; font-weight: 700; font-variant-numeric: tabular-nums; }
.bui-choices-more, .bui-choices-all { width: 100%; padding: 8px 12px; background: transparent; border: 2px dashed ${ui.line}; text-align: left; }
.bui-choices-filter { display: flex; flex-direction: column; gap: 6px; padding: 8px; margin: 6px 0; border-radius: 8px; background: ${ui.choiceTint}; }
.bui-choices-error:empty, .bui-choices-status:empty { display: none; }
.bui-choices-error { color: #A12D22; font-weight: 600; }
.bui-choices-default { color: ${ui.muted}; font-size: 14px; border-top: 1px solid #D5DAE1; padding-top: 8px; margin-top: 10px !important; }
.bui-play-frame { container-type: inline-size; }
.bui-play { display: grid; grid-template-columns: minmax(0, 1fr) minmax(260px, 340px); gap: 16px; align-items: start; }
.bui-play > .bui-choices { position: sticky; top: 8px; max-height: calc(100vh - 16px); overflow: auto; }
@container (max-width: 900px) {
  .bui-play { grid-template-columns: minmax(0, 1fr); }
  .bui-play > .bui-choices { top: auto; bottom: 0; max-height: 45vh; box-shadow: 0 -4px 12px rgba(0, 0, 0, 0.12); }
}
`

/** An item the arrow keys move between: a choice, or the button that unfolds a long group. */
type Item = { readonly key: string; readonly choice?: Choice }

const groupKey = (type: string) => `group-${type}`
const choiceKey = (choice: Choice) => `choice-${choice.index}`

/**
 * A seat's legal commands as buttons in words, grouped by command type (a heading each), for the person
 * whose turn it is: beside the board (PlayBoard) or alone. One tab stop; the arrow keys move between the
 * choices, Home and End to the ends, Enter or Space chooses; in a short list (nine or fewer) the number keys
 * choose too. Picking a board place narrows the list (`filter`); Escape or "Show all" widens it again.
 * While a command is in flight (`busy`) nothing can be chosen; a refusal shows its rule and message (read
 * out as it comes); the clock's default move is said in words. Every button is at least 44 px tall.
 */
export const ChoicePanel = ({
  renderer,
  legal,
  seats,
  onChoose,
  busy = false,
  error,
  defaultCommand,
  filter,
  onClearFilter,
  title = "Your move",
  withStyles = true,
}: ChoicePanelProps) => {
  const id = useId()
  const all = useMemo(() => choicesOf(renderer, legal, seats), [renderer, legal, seats])
  const shown = useMemo(() => {
    if (!filter) return all
    const keep = new Set(filter.indices)
    return all.filter((c) => keep.has(c.index))
  }, [all, filter])
  const groups = useMemo(() => groupChoices(shown), [shown])
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set())
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const refs = useRef(new Map<string, HTMLButtonElement>())
  // Widening the list removes what had the focus ("Show all", a narrowed choice): it goes to the list.
  const refocus = useRef(false)

  const folds = (g: ChoiceGroup) => !filter && shown.length > LONG_LIST && g.choices.length > FOLD_OVER
  const items: Item[] = groups.flatMap((g): Item[] => {
    const choices = g.choices.map((choice) => ({ key: choiceKey(choice), choice }))
    if (!folds(g)) return choices
    return [{ key: groupKey(g.type) }, ...(unfolded.has(g.type) ? choices : [])]
  })
  const visibleChoices = items.flatMap((i) => (i.choice ? [i.choice] : []))
  const numbered = visibleChoices.length === shown.length && shown.length <= SHORTCUT_LIMIT
  const current = items.some((i) => i.key === focusKey) ? focusKey : (items[0]?.key ?? null)

  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    if (current !== null) refs.current.get(current)?.focus()
  })
  const clearFilter = () => {
    refocus.current = true
    onClearFilter?.()
  }

  const choose = (choice: Choice) => {
    if (!busy) onChoose(choice.command)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return
    if (e.key === "Escape" && filter && onClearFilter) {
      e.preventDefault()
      clearFilter()
      return
    }
    const digit = numbered ? shortcutIndex(e.key, visibleChoices.length) : null
    if (digit !== null) {
      e.preventDefault()
      const choice = visibleChoices[digit]
      if (choice) choose(choice)
      return
    }
    const target = e.target as HTMLElement
    if (!target.dataset?.rovingKey) return
    const next = rovingIndex(
      items.findIndex((i) => i.key === target.dataset.rovingKey),
      items.length,
      e.key,
    )
    if (next === null) return
    e.preventDefault()
    const key = items[next]?.key
    if (key === undefined) return
    setFocusKey(key)
    refs.current.get(key)?.focus()
  }
  const rovingProps = (key: string) => ({
    "data-roving-key": key,
    tabIndex: key === current ? 0 : -1,
    onFocus: () => setFocusKey(key),
    ref: (el: HTMLButtonElement | null) => {
      if (el) refs.current.set(key, el)
      else refs.current.delete(key)
    },
  })
  const defaultWords =
    defaultCommand === undefined || defaultCommand === null
      ? null
      : describeCommandWith(renderer, defaultCommand, seats)

  return (
    <section
      className="bui-choices"
      aria-labelledby={`${id}-title`}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
    >
      {withStyles ? <style>{choiceStyles}</style> : null}
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="bui-choices-error" role="alert" aria-live="assertive">
        {error ? refusalWords(error) : ""}
      </p>
      <p className="bui-choices-status" role="status">
        {busy ? "Sending your choice…" : ""}
        {!busy && filter ? `${shown.length} of ${all.length} choices at ${filter.label}` : ""}
      </p>
      {filter && onClearFilter ? (
        <button type="button" className="bui-choices-all" onClick={clearFilter}>
          {`Show all ${all.length} choices`}
        </button>
      ) : null}
      {all.length === 0 ? <p>Nothing for you to decide now.</p> : null}
      {groups.map((g) => {
        const folded = folds(g) && !unfolded.has(g.type)
        return (
          <div key={g.type}>
            <h3 id={`${id}-${g.type}`}>{`${g.heading} (${g.choices.length})`}</h3>
            {folds(g) ? (
              <button
                type="button"
                className="bui-choices-more"
                aria-expanded={!folded}
                onClick={() =>
                  setUnfolded((open) => {
                    const next = new Set(open)
                    if (next.has(g.type)) next.delete(g.type)
                    else next.add(g.type)
                    return next
                  })
                }
                {...rovingProps(groupKey(g.type))}
              >
                {folded
                  ? `Show all ${g.choices.length} (or pick a place on the board to narrow them)`
                  : `Hide these ${g.choices.length}`}
              </button>
            ) : null}
            {folded ? null : (
              <ul className="bui-choices-list" aria-labelledby={`${id}-${g.type}`}>
                {g.choices.map((choice) => {
                  const n = visibleChoices.indexOf(choice) + 1
                  return (
                    <li key={choice.index}>
                      <button
                        type="button"
                        className="bui-choice-button"
                        aria-disabled={busy || undefined}
                        aria-keyshortcuts={numbered ? String(n) : undefined}
                        data-choice-index={choice.index}
                        onClick={() => choose(choice)}
                        {...rovingProps(choiceKey(choice))}
                      >
                        {numbered ? (
                          <span className="bui-choice-key" aria-hidden="true">
                            {n}
                          </span>
                        ) : null}
                        <span>{choice.words}</span>
                      </button>
                    </li>
                  )
                })}
              </ul>
            )}
          </div>
        )
      })}
      {defaultWords === null ? null : (
        <p className="bui-choices-default">{`If your clock runs out: ${defaultWords}`}</p>
      )}
    </section>
  )
}
