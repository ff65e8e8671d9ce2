import { type Bot, findGame, gameIds, type RegisteredGame, seatRange } from "@boroughs/core"
import { CliError } from "./fail.js"

/** The registered game with this id, or a clear error listing the known ones. */
export const requireGame = (id: string): RegisteredGame => {
  const g = findGame(id)
  if (!g) throw new CliError(`unknown game "${id}"; known games: ${gameIds().join(", ") || "none"}`)
  return g
}

/** One bot per seat from a comma-separated list; a shorter list repeats its last name. */
export const botsFor = (g: RegisteredGame, names: string, seats: number): Bot[] => {
  const list = names
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  if (list.length === 0) throw new CliError("--bots needs at least one bot name")
  if (list.length > seats) throw new CliError(`--bots names ${list.length} bots for ${seats} players`)
  return Array.from({ length: seats }, (_, i) => {
    const name = list[Math.min(i, list.length - 1)] as string
    const bot = g.bots[name]
    if (!bot)
      throw new CliError(`${g.game.id} has no bot "${name}"; its bots: ${Object.keys(g.bots).join(", ")}`)
    return bot
  })
}

/** A seat count the game's default options accept (Downtown's standard game is 3–6; 2 is an option's). */
export const requireSeats = (g: RegisteredGame, players: number): number => {
  const { min, max } = seatRange(g.game) ?? g.game.seats
  if (!Number.isInteger(players) || players < min || players > max)
    throw new CliError(`${g.game.id} is played by ${min}–${max} players, not ${players}`)
  return players
}
