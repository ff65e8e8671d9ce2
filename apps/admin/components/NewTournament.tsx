"use client"
import type { Catalogue } from "@boroughs/protocol"
import { useRouter } from "next/navigation"
import { useEffect, useMemo, useState } from "react"
import { api, messageOf } from "@/lib/api"

type Game = (typeof Catalogue.Type)["games"][number]

/** Creates a tournament: a game, a format, and entrants — built-in bots by count, and token holders by name. */
export function NewTournament({ onCreated }: { onCreated: () => void }) {
  const router = useRouter()
  const [games, setGames] = useState<ReadonlyArray<Game>>([])
  const [game, setGame] = useState("")
  const [name, setName] = useState("")
  const [format, setFormat] = useState<"swiss" | "round-robin">("swiss")
  const [rounds, setRounds] = useState(3)
  const [tableSize, setTableSize] = useState(4)
  const [counts, setCounts] = useState<Record<string, number>>({})
  const [holders, setHolders] = useState("")
  const [pairingSeed, setPairingSeed] = useState("")
  // Blank: no clock (the server's default for tournaments).
  const [decisionMs, setDecisionMs] = useState("")
  // Bots' moves a second apart by default: a tournament people can follow, not one over in a minute.
  const [paceMs, setPaceMs] = useState("1000")
  const [watch, setWatch] = useState<"live" | "delayed" | "private">("live")
  const [delay, setDelay] = useState("10")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    api((client) => client.games.catalogue())
      .then((c) => {
        setGames(c.games)
        const first = c.games[0]
        if (first) setGame((g) => g || first.id)
      })
      .catch((e) => setError(messageOf(e)))
  }, [])
  const current = games.find((g) => g.id === game)
  // The catalogue's seat range is the game's own: a table size it cannot seat is moved into range.
  useEffect(() => {
    if (current === undefined) return
    setTableSize((n) => Math.min(current.seats.max, Math.max(current.seats.min, n)))
  }, [current])
  const entrants = useMemo(() => {
    const out: Array<{ id: string; plays: string }> = []
    for (const [bot, n] of Object.entries(counts))
      for (let i = 1; i <= n; i++) out.push({ id: `${bot}-${i}`, plays: `builtin:${bot}` })
    for (const h of holders
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ id: h.replace(/^(bot|player):/, ""), plays: h.includes(":") ? h : `bot:${h}` })
    return out
  }, [counts, holders])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const created = await api((client) =>
        client.tournaments.createTournament({
          payload: {
            name: name.trim() || `${current?.title ?? game} ${format}`,
            game,
            format,
            rounds,
            tableSize,
            entrants,
            ...(pairingSeed.trim() === "" ? {} : { pairingSeed: pairingSeed.trim() }),
            decisionMs: decisionMs.trim() === "" ? null : Number(decisionMs),
            paceMs: paceMs.trim() === "" ? 0 : Number(paceMs),
            spectators: watch === "delayed" ? { mode: "delayed", events: Number(delay) } : { mode: watch },
          },
        }),
      )
      onCreated()
      router.push(`/tournaments/${encodeURIComponent(created.tournamentId)}`)
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card">
      <h2>New tournament</h2>
      <form onSubmit={submit} data-testid="new-tournament">
        <label>
          Name
          <input
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Spring cup"
          />
        </label>
        <div className="row">
          <label>
            Game
            <select name="game" value={game} onChange={(e) => setGame(e.target.value)}>
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Format
            <select name="format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
              <option value="swiss">Swiss</option>
              <option value="round-robin">Round-robin</option>
            </select>
          </label>
          <label>
            Rounds
            <input
              name="rounds"
              type="number"
              min={1}
              max={50}
              value={rounds}
              onChange={(e) => setRounds(Number(e.target.value))}
            />
          </label>
          <label>
            Seats per table
            <input
              name="tableSize"
              type="number"
              min={current?.seats.min ?? 2}
              max={current?.seats.max ?? 6}
              value={tableSize}
              onChange={(e) => setTableSize(Number(e.target.value))}
            />
          </label>
        </div>
        <div className="row">
          {(current?.bots ?? []).map((bot) => (
            <label key={bot}>
              Built-in “{bot}” bots
              <input
                name={`bots-${bot}`}
                type="number"
                min={0}
                max={200}
                value={counts[bot] ?? 0}
                onChange={(e) => setCounts((c) => ({ ...c, [bot]: Number(e.target.value) }))}
              />
            </label>
          ))}
        </div>
        <label>
          Token holders (bot:name or player:name, comma separated)
          <input
            name="holders"
            value={holders}
            onChange={(e) => setHolders(e.target.value)}
            placeholder="bot:alpha, player:carol"
          />
        </label>
        <div className="row">
          <label>
            Pairing seed (optional; public, pairings follow from it)
            <input
              name="pairingSeed"
              value={pairingSeed}
              maxLength={200}
              onChange={(e) => setPairingSeed(e.target.value)}
              placeholder="random when blank"
            />
          </label>
          <label>
            Time per decision (ms)
            <input
              name="decisionMs"
              type="number"
              min={1000}
              step={500}
              value={decisionMs}
              onChange={(e) => setDecisionMs(e.target.value)}
              placeholder="no clock when blank"
            />
          </label>
        </div>
        <div className="row">
          <label>
            Built-in bots&apos; pace (ms between moves)
            <input
              name="paceMs"
              type="number"
              min={0}
              max={60000}
              step={50}
              value={paceMs}
              onChange={(e) => setPaceMs(e.target.value)}
              placeholder="0: at full speed"
            />
          </label>
          <label>
            Spectators
            <select
              name="spectators"
              value={watch}
              onChange={(e) => setWatch(e.target.value as typeof watch)}
            >
              <option value="live">everyone, live</option>
              <option value="delayed">everyone, a few events late</option>
              <option value="private">organisers only</option>
            </select>
          </label>
          {watch === "delayed" ? (
            <label>
              Events behind
              <input
                name="delayEvents"
                type="number"
                min={1}
                step={1}
                value={delay}
                onChange={(e) => setDelay(e.target.value)}
              />
            </label>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" disabled={busy || entrants.length < tableSize}>
            Create and start
          </button>
          <span className="muted">
            {entrants.length} entrants
            {entrants.length % tableSize !== 0 && entrants.length >= tableSize
              ? ` · ${entrants.length % tableSize} bye${entrants.length % tableSize > 1 ? "s" : ""} a round`
              : ""}
          </span>
        </div>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
