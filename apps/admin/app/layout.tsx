import type { Metadata } from "next"
import Link from "next/link"
import type { ReactNode } from "react"
import "./globals.css"

export const metadata: Metadata = {
  title: { default: "Boroughs — organisers", template: "%s · Boroughs admin" },
  description: "Run tournaments, rule on games and prove what happened.",
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/tournaments" className="brand">
            Boroughs <span className="brand-sub">organisers</span>
          </Link>
        </header>
        <main className="site-main">{children}</main>
      </body>
    </html>
  )
}
