import { describeCommandWith, describePlaceWith, placesOfCommandWith } from "../narration.js"
import { listWords } from "./names.js"
import type { GameRenderer, SeatInfo } from "./types.js"

/**
 * The pure side of playing on a board: a seat's legal commands as choices (words and board places), grouped
 * for a list, narrowed by the places a person picks, and the keys that move through them. ChoicePanel and
 * PlayBoard draw these; the tests check them without a browser.
 */

/** One legal command as a person sees it: its words and the places on the board it points at. */
export interface Choice {
  /** Its position in the legal list the server sent (the same command goes back). */
  readonly index: number
  readonly command: unknown
  readonly type: string
  /** `describeCommand`'s words, capitalised: a button's text. */
  readonly words: string
  /** `placesOfCommand` in the seat's view; none without a view or a place. */
  readonly places: ReadonlyArray<string>
}

/** Choices of one command type, under a heading in words. */
export interface ChoiceGroup {
  readonly type: string
  readonly heading: string
  readonly choices: ReadonlyArray<Choice>
}

/** "ChooseZone" → "Choose zone". */
export const typeWords = (type: string): string => {
  const spaced = type.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

const typeOf = (command: unknown): string =>
  typeof command === "object" && command !== null && typeof (command as { type?: unknown }).type === "string"
    ? (command as { type: string }).type
    : "command"

/**
 * A seat's legal commands as choices: words always, board places when the seat's view is given. Choices
 * that would read alike (the same card lying in two boxes) say where they point: "Take 1 permit, $11
 * (planning box 2, 2 AP)".
 */
export const choicesOf = (
  renderer: GameRenderer | undefined,
  legal: ReadonlyArray<unknown>,
  seats: ReadonlyArray<SeatInfo>,
  view?: unknown,
): Choice[] => {
  const choices = legal.map((command, index) => ({
    index,
    command,
    type: typeOf(command),
    words: capitalised(describeCommandWith(renderer, command, seats)),
    places: view === undefined ? [] : placesOfCommandWith(renderer, command, view),
  }))
  const count = new Map<string, number>()
  for (const c of choices) count.set(c.words, (count.get(c.words) ?? 0) + 1)
  return choices.map((c) =>
    (count.get(c.words) ?? 0) > 1 && c.places.length > 0
      ? {
          ...c,
          words: `${c.words} (${c.places.map((p) => describePlaceWith(renderer, p, seats)).join(", ")})`,
        }
      : c,
  )
}

/** The places a person picked, in words: "zone 14", "market slot 2 and hex (1, −2)". */
export const pickedWords = (
  renderer: GameRenderer | undefined,
  picked: ReadonlyArray<string>,
  seats: ReadonlyArray<SeatInfo>,
): string => listWords(picked.map((p) => describePlaceWith(renderer, p, seats)))

/** Choices grouped by command type, the groups in the order their first command comes in the list. */
export const groupChoices = (choices: ReadonlyArray<Choice>): ChoiceGroup[] => {
  const groups = new Map<string, Choice[]>()
  for (const choice of choices) {
    const group = groups.get(choice.type)
    if (group) group.push(choice)
    else groups.set(choice.type, [choice])
  }
  return [...groups].map(([type, list]) => ({ type, heading: typeWords(type), choices: list }))
}

/** Every place some choice points at, each once, in the order of the list: `highlight.choices`. */
export const choicePlaces = (choices: ReadonlyArray<Choice>): string[] => [
  ...new Set(choices.flatMap((c) => c.places)),
]

/** The choices that point at every one of the picked places (all of them when none is picked). */
export const narrowed = (choices: ReadonlyArray<Choice>, picked: ReadonlyArray<string>): Choice[] =>
  choices.filter((c) => picked.every((p) => c.places.includes(p)))

/** What a click (or Enter) on a board place does to the choices. */
export type PlaceOutcome =
  /** Exactly one choice is left: play it. */
  | { readonly kind: "choose"; readonly choice: Choice }
  /** Several: list only these; `picked` are the places that narrowed them. */
  | {
      readonly kind: "narrow"
      readonly picked: ReadonlyArray<string>
      readonly choices: ReadonlyArray<Choice>
    }
  /** No choice points at the place: nothing happens. */
  | { readonly kind: "ignore" }

/**
 * A place picked on the board, with `picked` the places picked before: a choice at the place that also fits
 * the earlier picks narrows further (a Suburbia market slot, then a hex), else the place starts afresh (the
 * person changed their mind). One choice left plays it; several narrow the list to them; picking a picked
 * place again lets go of it; a place no choice points at is ignored.
 */
export const selectPlace = (
  choices: ReadonlyArray<Choice>,
  picked: ReadonlyArray<string>,
  place: string,
): PlaceOutcome => {
  if (picked.includes(place)) {
    const rest = picked.filter((p) => p !== place)
    return { kind: "narrow", picked: rest, choices: narrowed(choices, rest) }
  }
  const here = choices.filter((c) => c.places.includes(place))
  if (here.length === 0) return { kind: "ignore" }
  const within = here.filter((c) => picked.every((p) => c.places.includes(p)))
  const [next, nextPicked] = within.length > 0 ? [within, [...picked, place]] : [here, [place]]
  if (next.length === 1) return { kind: "choose", choice: next[0] as Choice }
  return { kind: "narrow", picked: nextPicked, choices: next }
}

/**
 * Where an arrow key moves the focus in a list of `count` choices from `current` (WAI-ARIA's roving focus):
 * down or right to the next, up or left to the previous, Home and End to the ends; it stops at the ends.
 * Null for any other key.
 */
export const rovingIndex = (current: number, count: number, key: string): number | null => {
  if (count <= 0) return null
  const at = Math.min(Math.max(current, 0), count - 1)
  switch (key) {
    case "ArrowDown":
    case "ArrowRight":
      return Math.min(at + 1, count - 1)
    case "ArrowUp":
    case "ArrowLeft":
      return Math.max(at - 1, 0)
    case "Home":
      return 0
    case "End":
      return count - 1
    default:
      return null
  }
}

/** Lists this short number their choices, and keys 1–9 choose them. */
export const SHORTCUT_LIMIT = 9

/** The choice a number key picks (0-based) in a list of `count`: only in a short list; null otherwise. */
export const shortcutIndex = (key: string, count: number): number | null => {
  if (count > SHORTCUT_LIMIT || !/^[1-9]$/.test(key)) return null
  const n = Number(key)
  return n <= count ? n - 1 : null
}

/** A refused command as the server reports it: the rule broken and why. */
export interface CommandRefusal {
  readonly rule?: string | undefined
  readonly message: string
}

/** The error line for a refused command: the message and the rule id, or just the words given. */
export const refusalWords = (error: CommandRefusal | string): string =>
  typeof error === "string"
    ? error
    : error.rule
      ? `Refused (${error.rule}): ${error.message}`
      : `Refused: ${error.message}`
