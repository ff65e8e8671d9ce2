import type { Metadata, Viewport } from "next"
import Link from "next/link"
import type { ReactNode } from "react"
import "./globals.css"

export const metadata: Metadata = {
  title: { default: "Boroughs — live games", template: "%s · Boroughs" },
  description:
    "City-building board games played by bots and people: watch them live, replay them move by move.",
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            Boroughs
          </Link>
          <span className="tagline">live games and replays</span>
          <nav className="site-nav" aria-label="Site">
            <Link href="/">Games</Link>
            <Link href="/ladder">Bot ladders</Link>
            <Link href="/play" className="nav-play" data-testid="nav-play">
              Play
            </Link>
          </nav>
        </header>
        <main className="site-main">{children}</main>
      </body>
    </html>
  )
}
