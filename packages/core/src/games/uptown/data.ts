/*
 * Uptown's numbers (rule text, "Components" and "Preparation"; design note "Decisions").
 */

/** 2–4 players: there are 4 street boards (design note). */
export const SEAT_LIMITS = { min: 2, max: 4 } as const

/** Each player's starting account (rule text, Preparation D). */
export const START_MONEY = 10

/** All 84 blue-bar cards are dealt evenly: 42 / 28 / 21 cards per deck with 2 / 3 / 4 players. */
export const deckSize = (seats: number): number => 84 / seats

/**
 * The bank's opening balance. The rule text gives 96 banknotes but no denominations; the engine's bank
 * never runs out (ruling 9), so this is only the reference the money-conservation check counts from.
 */
export const BANK = 1000

/** One prestige point per $3 left in the account (rule text, "Scoring"). */
export const DOLLARS_PER_POINT = 3
