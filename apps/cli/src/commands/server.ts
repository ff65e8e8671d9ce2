import { spawn } from "node:child_process"
import { databaseForChild, describeDb } from "../db.js"
import { stopWhenOrphaned } from "../orphan.js"
import { serverEntry } from "../site.js"

/**
 * `boroughs server`: runs the server's built entry point in the foreground and resolves with its exit code.
 * Signals to this process reach the server, and the server stops by itself if this process disappears
 * (`BOROUGHS_STOP_WITH_PARENT`), so a supervisor's SIGTERM never leaves it serving on its own.
 */
export const runServer = (o: {
  port?: string
  host?: string
  db?: string
  organiserToken?: string
  organiserTokenFile?: string
  fixtures?: boolean
  background?: boolean
  logRequests?: boolean
  logFormat?: string
}): Promise<number> => {
  const args = [serverEntry()]
  if (o.port !== undefined) args.push("--port", o.port)
  if (o.host !== undefined) args.push("--host", o.host)
  const env: NodeJS.ProcessEnv = { ...process.env, BOROUGHS_STOP_WITH_PARENT: "1" }
  if (o.db !== undefined) {
    // A URL (and its password) goes on in the environment, never on the server's command line.
    const db = databaseForChild(describeDb(o.db))
    args.push(...db.args)
    Object.assign(env, db.env)
  }
  if (o.organiserTokenFile !== undefined) args.push("--organiser-token-file", o.organiserTokenFile)
  if (o.fixtures) args.push("--fixtures")
  if (o.background === false) args.push("--no-background")
  if (o.logRequests) args.push("--log-requests")
  if (o.logFormat !== undefined) args.push("--log-format", o.logFormat)
  if (o.organiserToken !== undefined) {
    // Passed on in the environment: a secret on a command line is readable by every user of the machine.
    process.stderr.write(
      "boroughs: warning: --organiser-token puts the secret in the process list; prefer $BOROUGHS_ORGANISER_TOKEN or --organiser-token-file\n",
    )
    env.BOROUGHS_ORGANISER_TOKEN = o.organiserToken
  }
  const child = spawn(process.execPath, args, { stdio: "inherit", env })
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
  process.on("SIGINT", forward("SIGINT"))
  process.on("SIGTERM", forward("SIGTERM"))
  process.on("SIGHUP", forward("SIGTERM"))
  stopWhenOrphaned(forward("SIGTERM"))
  return new Promise((done) =>
    child.on("exit", (code, signal) => done(code ?? (signal === "SIGINT" ? 130 : signal ? 143 : 1))),
  )
}
