import type { TournamentDetail } from "@boroughs/protocol"

/** One cell: text or a number as written; null for an empty cell. */
export type CsvCell = string | number | null

/** A field as RFC 4180 writes it: quoted, with its quotes doubled, when it holds a comma, a quote or a line break. */
export const csvField = (cell: CsvCell): string => {
  const text = cell === null ? "" : String(cell)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows as an RFC 4180 file: CRLF line ends, the last line ended too. */
export const toCsv = (rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string =>
  rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("")

// The page shows points, opposition and ratings to two places; the files say the same.
const shown = (n: number) => n.toFixed(2)

/** The standings as the tournament page shows them, with the byes it leaves out. */
export const standingsCsv = (t: Pick<TournamentDetail, "standings">): string =>
  toCsv([
    ["Rank", "Entrant", "Plays", "Points", "Games", "Wins", "Byes", "Opposition", "Rating"],
    ...t.standings.map((s) => [
      s.rank,
      s.entrant,
      s.plays,
      shown(s.points),
      s.games,
      s.wins,
      s.byes,
      shown(s.opposition),
      shown(s.rating.ordinal),
    ]),
  ])

/**
 * Every round's seats, one line each (seats numbered from 0, as the server numbers them), then the round's
 * byes; rank and score stay empty while a table is in play.
 */
export const pairingsCsv = (t: Pick<TournamentDetail, "roundList">): string =>
  toCsv([
    ["Round", "Table", "Game", "Seat", "Entrant", "Rank", "Score", "Result"],
    ...t.roundList.flatMap((r) => [
      ...r.tables.flatMap((table) =>
        table.entrants.map((entrant, seat) => {
          const result = table.result
          return [
            r.round,
            table.table,
            table.gameId,
            seat,
            entrant,
            result?.ranks[seat] ?? null,
            result?.scores[seat] ?? null,
            result === null
              ? "in play"
              : result.forfeited.includes(seat)
                ? `${result.reason} (forfeited)`
                : result.reason,
          ]
        }),
      ),
      ...r.byes.map((entrant) => [r.round, null, null, null, entrant, null, null, "bye"]),
    ]),
  ])

/** `<tournament name>-<what>.csv`, without the characters file systems refuse; the id when no name is left. */
export const csvFileName = (t: Pick<TournamentDetail, "name" | "tournamentId">, what: string): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
  const base = t.name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "-").trim()
  return `${base === "" || /^[.-]+$/.test(base) ? t.tournamentId : base}-${what}.csv`
}
