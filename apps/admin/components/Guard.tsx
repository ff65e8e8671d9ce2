"use client"
import Link from "next/link"
import { useRouter } from "next/navigation"
import { type ReactNode, useEffect, useState } from "react"
import { messageOf, signedIn, signOut } from "@/lib/api"

/**
 * Pages behind sign-in: the app's server says whether this browser's session cookie still holds an
 * organiser token; without one, back to the sign-in page.
 */
export function Guard({ children }: { children: ReactNode }) {
  const router = useRouter()
  const [ready, setReady] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    signedIn().then(
      (yes) => {
        if (!live) return
        if (yes) setReady(true)
        else router.replace("/")
      },
      (e: unknown) => live && setError(messageOf(e)),
    )
    return () => {
      live = false
    }
  }, [router])
  if (error !== null)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    )
  if (!ready) return null
  return (
    <>
      <nav className="nav">
        <Link href="/tournaments">Tournaments</Link>
        <Link href="/tokens">Tokens</Link>
        <Link href="/names">Names</Link>
        <button
          type="button"
          className="link"
          onClick={() =>
            signOut().then(
              () => router.replace("/"),
              (e: unknown) => setError(messageOf(e)),
            )
          }
        >
          Sign out
        </button>
      </nav>
      {children}
    </>
  )
}
