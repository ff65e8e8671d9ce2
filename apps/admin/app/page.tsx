"use client"
import { useRouter, useSearchParams } from "next/navigation"
import { Suspense, useEffect, useState } from "react"
import { messageOf, signedIn, signIn } from "@/lib/api"

/**
 * Sign-in: an organiser token, checked and kept by the app's server in an httpOnly cookie (never in the page's
 * reach), so every tab of this browser is signed in until sign-out or for 12 hours.
 */
export default function SignInPage() {
  // useSearchParams needs a Suspense boundary for the page to be prerendered.
  return (
    <Suspense>
      <SignIn />
    </Suspense>
  )
}

function SignIn() {
  const router = useRouter()
  const signedOut = useSearchParams().get("signed-out") !== null
  const [token, setValue] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Already signed in (another tab did it): straight on to the tournaments.
  useEffect(() => {
    let live = true
    signedIn().then(
      (yes) => live && yes && router.replace("/tournaments"),
      () => {},
    )
    return () => {
      live = false
    }
  }, [router])
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await signIn(token.trim())
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
      {signedOut && !error && (
        <p className="muted" data-testid="signed-out">
          Signed out: sign in again to go on.
        </p>
      )}
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
