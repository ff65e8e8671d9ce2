"use client"
import { useRouter } from "next/navigation"
import { useState } from "react"
import { ApiError, api, messageOf, setToken } from "@/lib/api"

/** Sign-in: an organiser token (never stored beyond this tab's session). */
export default function SignIn() {
  const router = useRouter()
  const [token, setValue] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const me = await api((client) => client.tokens.me(), token.trim())
      if (me.kind !== "organiser")
        throw new ApiError(
          403,
          "Forbidden",
          `this is a ${me.kind} token; the admin app needs an organiser token`,
        )
      setToken(token.trim())
      router.push("/tournaments")
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="card signin">
      <h1>Organiser sign-in</h1>
      <p className="muted">
        Paste an organiser token. The server started with one in{" "}
        <span className="mono">.boroughs/organiser-token</span>.
      </p>
      <form onSubmit={submit}>
        <label>
          Organiser token
          <input
            name="token"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setValue(e.target.value)}
            required
          />
        </label>
        <button type="submit" disabled={busy || token.trim() === ""}>
          Sign in
        </button>
      </form>
      {error && (
        <p className="error" role="alert" data-testid="signin-error">
          {error}
        </p>
      )}
    </div>
  )
}
