import { spawn } from "node:child_process"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describeDb } from "../db.js"

// Apps never import apps: the CLI starts the server's own entry point as a child process.
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../server")

/** `boroughs server`: runs apps/server in the foreground (signals pass through); resolves with its exit code. */
export const runServer = (o: {
  port?: string
  host?: string
  db?: string
  organiserToken?: string
  fixtures?: boolean
  background?: boolean
  logRequests?: boolean
}): Promise<number> => {
  const args = ["--import", "tsx", "src/main.ts"]
  if (o.port !== undefined) args.push("--port", o.port)
  if (o.host !== undefined) args.push("--host", o.host)
  if (o.db !== undefined) {
    const db = describeDb(o.db)
    args.push("--db", db.kind === "postgres" ? db.url : db.dir)
  }
  if (o.organiserToken !== undefined) args.push("--organiser-token", o.organiserToken)
  if (o.fixtures) args.push("--fixtures")
  if (o.background === false) args.push("--no-background")
  if (o.logRequests) args.push("--log-requests")
  const child = spawn(process.execPath, args, { cwd: serverDir, stdio: "inherit" })
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
  process.on("SIGINT", forward("SIGINT"))
  process.on("SIGTERM", forward("SIGTERM"))
  return new Promise((done) => child.on("exit", (code) => done(code ?? 1)))
}
