"use client"
import Link from "next/link"
import { useRouter } from "next/navigation"
import { type ReactNode, useEffect, useState } from "react"
import { clearToken, getToken } from "@/lib/api"

/** Pages behind sign-in: without an organiser token in this tab, back to the sign-in page. */
export function Guard({ children }: { children: ReactNode }) {
  const router = useRouter()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (getToken() === null) router.replace("/")
    else setReady(true)
  }, [router])
  if (!ready) return null
  return (
    <>
      <nav className="nav">
        <Link href="/tournaments">Tournaments</Link>
        <Link href="/tokens">Tokens</Link>
        <button
          type="button"
          className="link"
          onClick={() => {
            clearToken()
            router.replace("/")
          }}
        >
          Sign out
        </button>
      </nav>
      {children}
    </>
  )
}
