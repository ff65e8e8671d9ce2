import type { Change } from "./events.js"
import { Ledger } from "./ledger.js"
import type { Board } from "./state.js"

const ledgerOf = (board: Board): Ledger => new Ledger(board, (i) => board.players[i]?.tiles ?? [])

/**
 * Step II (rule text): collect income, or pay it; what cannot be paid costs 1 population per $1, and below 0
 * population nothing more happens. Red lines crossed downward give income and reputation back.
 */
export const incomeStep = (board: Board, player: number): Change[] => {
  const { income, money, population } = board.players[player] ?? { income: 0, money: 0, population: 0 }
  if (income === 0 || (income < 0 && money === 0 && population === 0)) return []
  const ledger = ledgerOf(board)
  if (income > 0) ledger.add(player, "money", income, { kind: "income" })
  else if (income < 0) {
    const owed = -income
    const paid = Math.min(owed, money)
    ledger.add(player, "money", -paid, { kind: "income" })
    const short = owed - paid
    if (short > 0)
      ledger.add(player, "population", -Math.min(short, population), { kind: "income-shortfall" })
  }
  return ledger.changes
}

/**
 * Step III (rule text): population moves by reputation, crossing red lines as it goes; below 0 each missing
 * point costs $1, and a player who cannot pay stays at 0.
 */
export const populationStep = (board: Board, player: number): Change[] => {
  const ledger = ledgerOf(board)
  const { reputation, money, population } = board.players[player] ?? {
    reputation: 0,
    money: 0,
    population: 0,
  }
  if (reputation > 0) ledger.add(player, "population", reputation, { kind: "reputation" })
  else if (reputation < 0) {
    const lost = -reputation
    const fall = Math.min(lost, population)
    ledger.add(player, "population", -fall, { kind: "reputation" })
    const rest = lost - fall
    if (rest > 0) ledger.add(player, "money", -Math.min(rest, money), { kind: "reputation-shortfall" })
  }
  return ledger.changes
}
