import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { canonicalJson, type Typed } from "@boroughs/core"
import {
  BotMessage,
  type BridgeMessage,
  requestIdOf,
  STDIO_PROTOCOL_VERSION,
  STDIO_PROTOCOL_VERSIONS,
} from "@boroughs/protocol"
import { Schema } from "effect"
import type { AnyBot, DecisionContext, GameEndInfo, GameStartInfo } from "../bot.js"

export interface ChildBotOptions {
  /** The program and its arguments, e.g. `["python3", "examples/python-bot/bot.py"]`. */
  readonly command: ReadonlyArray<string>
  readonly cwd?: string | undefined
  /** How long the child has to answer the handshake (default 10 s). */
  readonly handshakeMs?: number | undefined
  /** The child's `log` lines and the bridge's own notes (default: stderr). */
  readonly log?: ((line: string) => void) | undefined
}

/** What the child did, for reports and tests. */
export interface ChildBotStats {
  answered: number
  illegal: number
  malformed: number
  timeouts: number
  superseded: number
}

export interface ChildBot extends AnyBot {
  readonly stats: ChildBotStats
  /** The name the child gave in its hello. */
  readonly childName: string
}

interface Request {
  readonly legal: ReadonlyArray<Typed>
  readonly keys: ReadonlyArray<string>
  readonly settle: (command: Typed | null) => void
}

const decodeLine = Schema.decodeUnknownResult(BotMessage)

/** What the bridge holds for its bot and the bot never needs: the bridge speaks to the server, not the bot. */
const SECRET_VARIABLES = [
  "BOROUGHS_TOKEN",
  "BOROUGHS_TOKEN_FILE",
  "BOROUGHS_ORGANISER_TOKEN",
  "BOROUGHS_ORGANISER_TOKEN_FILE",
]

/** The environment a bot program starts with: this process's, without the tokens. */
export const withoutSecrets = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const kept = { ...env }
  for (const name of SECRET_VARIABLES) delete kept[name]
  return kept
}

/** How long after a deadline the bridge closes a request itself if the runner has not. */
const DEADLINE_GRACE_MS = 50

/**
 * Starts a bot process that speaks the stdio protocol (docs/bot-protocol.md) and hands it decisions as an
 * SDK bot: each `decide` becomes a `yourTurn` line, answered by the child's `command` line. Lines that are
 * not JSON, do not fit the protocol or name an illegal command are answered with an `error` and the request
 * stays open; at the deadline (or when superseded) the request closes with an `error` and the bot gives no
 * answer (the clock's default command is played).
 */
export const childBot = async (options: ChildBotOptions): Promise<ChildBot> => {
  const [program, ...args] = options.command
  if (program === undefined) throw new Error("stdio bridge: no command to run")
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const child: ChildProcess = spawn(program, args, {
    cwd: options.cwd,
    env: withoutSecrets(process.env),
    stdio: ["pipe", "pipe", "inherit"],
  })
  const stats: ChildBotStats = { answered: 0, illegal: 0, malformed: 0, timeouts: 0, superseded: 0 }
  const requests = new Map<string, Request>()
  let exited: string | null = null
  let hello: ((name: string) => void) | null = null
  let helloFailed: ((error: Error) => void) | null = null

  const sendLine = (message: object) => {
    if (exited === null && child.stdin?.writable) child.stdin.write(`${JSON.stringify(message)}\n`)
  }
  const send = (message: BridgeMessage) => sendLine(message)
  /** The protocol version the bot said it speaks in its hello (older ones get their own `gameStarted`). */
  let protocol = STDIO_PROTOCOL_VERSION
  const refuse = (
    reason: "malformed" | "unknown-request" | "illegal-command",
    message: string,
    requestId?: string,
  ) => send({ type: "error", reason, message, ...(requestId === undefined ? {} : { requestId }) })

  const onLine = (line: string) => {
    if (line.trim() === "") return
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch {
      stats.malformed++
      return refuse("malformed", `not JSON: ${line.slice(0, 200)}`)
    }
    const decoded = decodeLine(json)
    if (decoded._tag === "Failure") {
      stats.malformed++
      return refuse("malformed", `not a protocol message: ${decoded.failure.message.slice(0, 300)}`)
    }
    const m = decoded.success
    switch (m.type) {
      case "log":
        return log(`[bot] ${m.message}`)
      case "hello": {
        if (!STDIO_PROTOCOL_VERSIONS.includes(m.protocol)) {
          const spoken = STDIO_PROTOCOL_VERSIONS.join(" and ")
          send({
            type: "error",
            reason: "unsupported-protocol",
            message: `this bridge speaks protocols ${spoken}, not ${m.protocol}`,
          })
          return helloFailed?.(new Error(`the bot speaks protocol ${m.protocol}, the bridge ${spoken}`))
        }
        protocol = m.protocol
        return hello?.(m.name)
      }
      case "command": {
        const request = requests.get(m.requestId)
        if (request === undefined)
          return refuse(
            "unknown-request",
            `no open request ${m.requestId} (answered, timed out or superseded)`,
            m.requestId,
          )
        let chosen: Typed | undefined
        if (m.index !== undefined) chosen = request.legal[m.index]
        else if (m.command !== undefined) {
          const key = canonicalJson(m.command)
          chosen = request.legal[request.keys.indexOf(key)]
        }
        if (chosen === undefined) {
          stats.illegal++
          return refuse(
            "illegal-command",
            m.index !== undefined
              ? `index ${m.index} is not in 0..${request.legal.length - 1}`
              : m.command === undefined
                ? "a command line needs `command` or `index`"
                : `not one of the ${request.legal.length} legal commands: ${JSON.stringify(m.command).slice(0, 200)}`,
            m.requestId,
          )
        }
        stats.answered++
        requests.delete(m.requestId)
        return request.settle(chosen)
      }
    }
  }

  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess["stdout"]> })
  lines.on("line", onLine)
  const exitedPromise = new Promise<void>((resolve) => {
    const onGone = (why: string) => {
      if (exited !== null) return
      exited = why
      helloFailed?.(new Error(`the bot process ${why} before its hello`))
      for (const request of requests.values()) request.settle(null)
      requests.clear()
      resolve()
    }
    child.on("exit", (code, signal) =>
      onGone(signal ? `was stopped by ${signal}` : `exited with code ${code}`),
    )
    child.on("error", (error) => onGone(`could not start (${error.message})`))
  })
  // A child that stops reading: writes fail with EPIPE, which is the exit handler's business.
  child.stdin?.on("error", () => {})

  const handshakeMs = options.handshakeMs ?? 10_000
  const childName = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the bot sent no hello within ${handshakeMs} ms`)),
      handshakeMs,
    )
    hello = (name) => {
      clearTimeout(timer)
      resolve(name)
    }
    helloFailed = (error) => {
      clearTimeout(timer)
      reject(error)
    }
    send({ type: "hello", protocol: STDIO_PROTOCOL_VERSION, bridge: "boroughs-bot" })
  }).catch((error: Error) => {
    child.kill("SIGTERM")
    throw new Error(`stdio bridge: ${error.message}`)
  })
  hello = null
  helloFailed = null

  const decide = (
    view: unknown,
    legal: ReadonlyArray<Typed>,
    ctx: DecisionContext,
  ): Promise<Typed | null> => {
    if (exited !== null) return Promise.reject(new Error(`stdio bridge: the bot process ${exited}`))
    const requestId = requestIdOf(ctx.gameId, ctx.seat, ctx.version)
    return new Promise<Typed | null>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const close = (reason: "timeout" | "superseded", message: string) => {
        if (!requests.has(requestId)) return
        requests.delete(requestId)
        if (reason === "timeout") stats.timeouts++
        else stats.superseded++
        send({ type: "error", reason, message, requestId })
        finish(null)
      }
      const onAbort = () => {
        const why = ctx.signal.reason instanceof Error ? ctx.signal.reason.message : String(ctx.signal.reason)
        close(why === "timeout" ? "timeout" : "superseded", `request ${requestId} is closed: ${why}`)
      }
      const finish = (command: Typed | null) => {
        clearTimeout(timer)
        ctx.signal.removeEventListener("abort", onAbort)
        resolve(command)
      }
      requests.set(requestId, { legal, keys: legal.map((c) => canonicalJson(c)), settle: finish })
      ctx.signal.addEventListener("abort", onAbort)
      // A little after the deadline: the runner's own clock (which aborts the signal) is the one that rules.
      if (ctx.deadline !== null)
        timer = setTimeout(
          () => close("timeout", `no legal answer to ${requestId} before its deadline`),
          Math.max(0, ctx.deadline - Date.now()) + DEADLINE_GRACE_MS,
        )
      send({
        type: "yourTurn",
        requestId,
        gameId: ctx.gameId,
        game: ctx.game,
        seat: ctx.seat,
        version: ctx.version,
        kind: ctx.kind,
        view,
        legal,
        deadline: ctx.deadline === null ? null : new Date(ctx.deadline).toISOString(),
        timeLeftMs: ctx.deadline === null ? null : Math.max(0, Math.round(ctx.deadline - Date.now())),
      })
    })
  }

  return {
    name: `stdio:${childName}`,
    childName,
    stats,
    decide,
    gameStarted: (info: GameStartInfo) =>
      protocol === 1
        ? sendLine({
            type: "gameStarted",
            gameId: info.gameId,
            game: info.game,
            seats: info.seats,
            players: info.players,
          })
        : send({
            type: "gameStarted",
            gameId: info.gameId,
            game: info.game,
            seats: info.seats,
            players: info.holders,
            decisionMs: info.decisionMs,
            version: info.version,
          }),
    gameEnded: (info: GameEndInfo) =>
      send({
        type: "gameEnded",
        gameId: info.gameId,
        version: info.version,
        ranks: info.ranks,
        scores: info.scores,
        reason: info.reason,
      }),
    close: async () => {
      if (exited !== null) return
      send({ type: "quit", reason: "the bridge is done" })
      child.stdin?.end()
      const timer = setTimeout(() => child.kill("SIGTERM"), 3_000)
      await exitedPromise
      clearTimeout(timer)
      lines.close()
    },
  }
}
