"use client"
import type { RegisteredName } from "@boroughs/protocol"
import { type FormEvent, useState } from "react"
import { ConfirmDialog } from "@/components/ConfirmDialog"
import { Guard } from "@/components/Guard"
import { api, messageOf } from "@/lib/api"
import { usePolling } from "@/lib/usePolling"

export default function NamesPage() {
  return (
    <Guard>
      <Names />
    </Guard>
  )
}

/**
 * The register of display names: how players and bots are shown in the games created from now on, wherever a
 * game does not name its seats itself. Games keep the names they were created with.
 */
function Names() {
  const names = usePolling((client) => client.tokens.listNames(), 0)
  const tokens = usePolling((client) => client.tokens.listTokens({ query: {} }), 0)
  const [kind, setKind] = useState<"player" | "bot">("player")
  const [holderName, setHolderName] = useState("")
  const [name, setName] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [removing, setRemoving] = useState<RegisteredName | null>(null)
  const registered = names.data?.names ?? []
  // Token holders the register has no name for: the likeliest ones to name next.
  const unnamed = (tokens.data?.tokens ?? [])
    .filter((t) => t.kind !== "organiser" && t.revokedAt === null)
    .map((t) => `${t.kind}:${t.name}`)
    .filter((holder, i, all) => all.indexOf(holder) === i && !registered.some((r) => r.holder === holder))

  const edit = (holder: string, current = "") => {
    const [k, ...rest] = holder.split(":")
    setKind(k === "bot" ? "bot" : "player")
    setHolderName(rest.join(":"))
    setName(current)
    setSaved(null)
  }
  const save = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setSaved(null)
    const holder = `${kind}:${holderName.trim()}`
    try {
      const set = await api((client) =>
        client.tokens.setName({ params: { holder }, payload: { name: name.trim() } }),
      )
      setSaved(`${set.holder} is shown as “${set.name}” in games created from now on.`)
      setHolderName("")
      setName("")
      await names.reload()
    } catch (e) {
      setError(messageOf(e))
    }
  }
  return (
    <>
      <h1>Names</h1>
      <p className="muted">
        How players and bots are shown on boards, in standings and in the lobby, in every game created from
        now on — unless the game names its seats itself (a tournament's entrants, names given as a game is
        created). Games already created keep the names they were created with.
      </p>
      <section className="card">
        <h2>Name a player or bot</h2>
        <form onSubmit={(e) => void save(e)} className="row" data-testid="name-form">
          <label>
            Kind
            <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="player">player</option>
              <option value="bot">bot</option>
            </select>
          </label>
          <label>
            Holder name (as on its token)
            <input
              name="holderName"
              value={holderName}
              onChange={(e) => setHolderName(e.target.value)}
              placeholder="ann"
              required
            />
          </label>
          <label>
            Display name
            <input
              name="displayName"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Ann Lee"
              maxLength={60}
              required
            />
          </label>
          <button type="submit">Save</button>
        </form>
        {saved && (
          <p className="ok" role="status">
            {saved}
          </p>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {unnamed.length > 0 && (
          <p className="muted" data-testid="unnamed">
            Token holders without a name:{" "}
            {unnamed.map((holder, i) => (
              <span key={holder}>
                {i > 0 ? ", " : ""}
                <button type="button" className="link" onClick={() => edit(holder)}>
                  {holder}
                </button>
              </span>
            ))}
          </p>
        )}
      </section>
      <section className="card">
        <h2>The register ({registered.length})</h2>
        {registered.length === 0 ? (
          <p className="muted">
            Nobody is named yet: seats go by their holders’ names (bot:alpha is “alpha”).
          </p>
        ) : (
          <div className="table-scroll">
            <table data-testid="names">
              <thead>
                <tr>
                  <th>Holder</th>
                  <th>Shown as</th>
                  <th>Set by</th>
                  <th>When</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {registered.map((r) => (
                  <tr key={r.holder}>
                    <td className="mono">{r.holder}</td>
                    <td>{r.name}</td>
                    <td className="mono">{r.setBy}</td>
                    <td className="mono">{r.setAt.slice(0, 19).replace("T", " ")}</td>
                    <td>
                      <div className="actions">
                        <button type="button" className="secondary" onClick={() => edit(r.holder, r.name)}>
                          Rename
                        </button>
                        <button type="button" className="danger" onClick={() => setRemoving(r)}>
                          Remove…
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {removing && (
        <ConfirmDialog
          title={`Remove “${removing.name}”?`}
          consequence={`Games created from now on show ${removing.holder} by its holder name; games already created keep “${removing.name}”.`}
          confirmLabel="Remove"
          danger
          askReason={false}
          onConfirm={async () => {
            try {
              await api((client) => client.tokens.clearName({ params: { holder: removing.holder } }))
            } catch (e) {
              throw new Error(messageOf(e))
            }
            setRemoving(null)
            await names.reload()
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  )
}
