import { HolderName, isDisplayName, type PlayRequest } from "@boroughs/protocol"
import { Schema } from "effect"

import { CLOCKS, DEFAULT_CLOCK, type PlayableGame } from "./playChoices"

// The play form's submission checked on the site's server (the game server checks it all again).

/** A form's fields by name (FormData's strings, or nothing). */
export type FormFields = (name: string) => string | undefined

export type Checked =
  | { readonly ok: true; readonly request: PlayRequest }
  | { readonly ok: false; readonly problem: string }

const problem = (text: string): Checked => ({ ok: false, problem: text })

const isHolderName = Schema.is(HolderName)

/** A remote bot's seat choice: its holder, `bot:<name>`. */
const isRemoteBot = (choice: string) => choice.startsWith("bot:") && isHolderName(choice.slice("bot:".length))

/**
 * The `POST /api/play` request a submitted form asks for, or what is wrong with it in words: a game and rules
 * the form offers, a seat count they allow, each seat one of its choices with exactly one the guest's own,
 * a display name the server accepts and one of the clocks.
 */
export const playRequestOf = (field: FormFields, games: ReadonlyArray<PlayableGame>): Checked => {
  const game = games.find((g) => g.id === field("game"))
  if (game === undefined) return problem("Choose a game.")
  const rules = game.rules.find((r) => r.id === (field("rules") ?? game.rules[0]?.id))
  if (rules === undefined) return problem(`Choose the rules ${game.title} is played by.`)
  const count = Number(field("seats"))
  if (!Number.isInteger(count) || count < rules.seats.min || count > rules.seats.max)
    return problem(
      rules.seats.min === rules.seats.max
        ? `${game.title} (${rules.label}) is played by ${rules.seats.min}.`
        : `${game.title} (${rules.label}) is played by ${rules.seats.min} to ${rules.seats.max}.`,
    )
  const seats: Array<PlayRequest["seats"][number]> = []
  for (let seat = 0; seat < count; seat++) {
    const choice = field(`seat${seat}`) ?? ""
    if (choice === "me" || choice === "invite") seats.push({ kind: choice })
    else if (choice.startsWith("house:") && game.bots.includes(choice.slice("house:".length)))
      seats.push({ kind: "house", bot: choice.slice("house:".length) })
    // A remote bot may have gone since the form was drawn: the game server says so if it has.
    else if (isRemoteBot(choice)) seats.push({ kind: "bot", bot: choice })
    else return problem(`Seat ${seat + 1}: choose you, an invited player or one of ${game.title}'s bots.`)
  }
  const mine = seats.filter((s) => s.kind === "me").length
  if (mine !== 1)
    return problem(
      mine === 0
        ? "One seat must be yours (“You”)."
        : "Only one seat can be yours: invite the other players.",
    )
  const name = (field("name") ?? "").trim()
  if (!isDisplayName(name)) return problem("Your name: 1 to 40 printable characters.")
  const clock = CLOCKS.find((c) => c.id === (field("clock") ?? DEFAULT_CLOCK))
  if (clock === undefined) return problem("Choose a clock.")
  return {
    ok: true,
    request: {
      game: game.id,
      seats,
      name,
      ...(rules.options === undefined ? {} : { options: rules.options }),
      decisionMs: clock.decisionMs,
    },
  }
}
