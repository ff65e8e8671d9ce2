"use client"

import { useActionState, useEffect, useState } from "react"
import { type FormState, startGame } from "@/app/play/actions"
import {
  BOT_WORDS,
  CLOCKS,
  chooseSeat,
  countNote,
  DEFAULT_CLOCK,
  firstCount,
  fitCount,
  type PlayableGame,
  type SeatChoice,
  seatsFor,
} from "@/lib/playChoices"
import { NameField } from "./NameField"

const playersWords = (seats: { min: number; max: number }) =>
  seats.min === seats.max ? `${seats.min} players` : `${seats.min}–${seats.max} players`

/**
 * The play form: a game, its rules, how many seats and who sits in each (you, someone invited with a link,
 * a house bot of the game, or a bot from its ladder that is online), your name and the clock. The server action checks it, creates the game and
 * opens its play page; a refusal shows under the form.
 */
export function PlayForm({
  games,
  guestName,
  initialGame,
}: {
  games: ReadonlyArray<PlayableGame>
  guestName: string
  initialGame: string | undefined
}) {
  const [state, submit, pending] = useActionState<FormState, FormData>(startGame, { problem: null })
  const first = games.find((g) => g.id === initialGame) ?? games[0]
  const [gameId, setGameId] = useState(first?.id ?? "")
  const [rulesId, setRulesId] = useState(first?.rules[0]?.id ?? "")
  const [seats, setSeats] = useState<ReadonlyArray<SeatChoice>>(() => {
    const rules = first?.rules[0]
    return rules === undefined ? [] : seatsFor(firstCount(rules), first?.bots ?? [])
  })
  // Controlled, so that a refused submission (React resets a form after its action) keeps what was typed.
  const [name, setName] = useState(guestName)
  const [clock, setClock] = useState<string>(DEFAULT_CLOCK)
  // False in the server's HTML: a choice made before hydration would not change the seats shown.
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  const game = games.find((g) => g.id === gameId)
  const rules = game?.rules.find((r) => r.id === rulesId)
  if (game === undefined || rules === undefined)
    return <p>This server hosts no game that can be played from here.</p>

  const onGame = (id: string) => {
    const next = games.find((g) => g.id === id)
    const nextRules = next?.rules[0]
    if (next === undefined || nextRules === undefined) return
    setGameId(id)
    setRulesId(nextRules.id)
    // Another game's bots are not this one's: its seats start afresh.
    setSeats(seatsFor(firstCount(nextRules), next.bots))
  }
  const onRules = (id: string) => {
    const next = game.rules.find((r) => r.id === id)
    if (next === undefined) return
    setRulesId(id)
    setSeats(seatsFor(fitCount(seats.length, next), game.bots, seats))
  }

  const note = countNote(game.id, seats.length)
  const counts = Array.from({ length: rules.seats.max - rules.seats.min + 1 }, (_, i) => rules.seats.min + i)
  return (
    <form action={submit} className="play-form panel" data-testid="play-form" data-ready={ready}>
      <div className="play-fields">
        <label>
          Game
          <select
            name="game"
            value={game.id}
            onChange={(e) => onGame(e.target.value)}
            data-testid="play-game"
          >
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rules
          <select
            name="rules"
            value={rules.id}
            onChange={(e) => onRules(e.target.value)}
            data-testid="play-rules"
          >
            {game.rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label} ({playersWords(r.seats)})
              </option>
            ))}
          </select>
        </label>
        <label>
          Players
          <select
            name="seats"
            value={seats.length}
            onChange={(e) => setSeats(seatsFor(Number(e.target.value), game.bots, seats))}
            data-testid="play-seats"
          >
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {note ? <p className="muted">{note}</p> : null}
      <fieldset className="play-table">
        <legend>Who sits where</legend>
        {seats.map((choice, seat) => (
          <label key={seat}>
            Seat {seat + 1}
            <select
              name={`seat${seat}`}
              value={choice}
              onChange={(e) => setSeats(chooseSeat(seats, seat, e.target.value as SeatChoice, game.bots))}
              data-testid={`play-seat-${seat}`}
            >
              <option value="me">You</option>
              <option value="invite">Someone you invite (a link to send)</option>
              {game.bots.map((bot) => (
                <option key={bot} value={`house:${bot}`}>
                  {`House bot: ${bot}${BOT_WORDS[bot] ? ` (${BOT_WORDS[bot]})` : ""}`}
                </option>
              ))}
              {game.remoteBots.map((holder) => (
                <option key={holder} value={holder}>
                  {`Ladder bot: ${holder.slice("bot:".length)} (online now)`}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <div className="play-fields">
        <NameField value={name} onChange={setName} testId="play-name" />
        <label>
          Clock
          <select
            name="clock"
            value={clock}
            onChange={(e) => setClock(e.target.value)}
            data-testid="play-clock"
          >
            {CLOCKS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="play-problem" role="alert" data-testid="play-problem">
        {state.problem ?? ""}
      </p>
      <button type="submit" className="button-primary" disabled={pending} data-testid="play-start">
        {pending ? "Starting…" : "Start the game"}
      </button>
    </form>
  )
}
