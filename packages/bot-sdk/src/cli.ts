#!/usr/bin/env node
import { readFileSync } from "node:fs"
import { gameIds, type Typed } from "@boroughs/core"
import type { Position } from "@boroughs/protocol"
import { Command, InvalidArgumentError } from "commander"
import type { AnyBot } from "./bot.js"
import { botsByName, isBotModulePath } from "./botModule.js"
import { BOT_NAMES } from "./bots/byName.js"
import { type LocalResult, playLocal, type SeatThinking } from "./local.js"
import { installNodeHasher } from "./nodeHasher.js"
import type { ChildBot } from "./stdio/child.js"

// The server's client and the stdio bridge (effect's HTTP and streams: half the bundle) load with the command
// that needs them, so that `--help` and `local` start without them.
const remote = () => import("./remote.js")
const stdio = () => import("./stdio/child.js")
const positions = () => import("./position.js")
const env = () => import("./env.js")

// A command runs in Node: hash natively (byte-identical to the portable default, several times faster).
installNodeHasher()

// Commander, as the `boroughs` command does: typed options, --help and precise usage errors.
const int = (name: string) => (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number`)
  return n
}

/** A signal aborted by Ctrl-C or SIGTERM: runners finish the command in flight, close their bots and return. */
const stopSignal = (): AbortSignal => {
  const controller = new AbortController()
  const stop = () => {
    if (controller.signal.aborted) process.exit(130)
    process.stderr.write("boroughs-bot: stopping (again to quit at once)\n")
    controller.abort()
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  return controller.signal
}

const names = (list: string): string[] =>
  list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

const jsonOption = (value: string | undefined, flag: string): unknown => {
  if (value === undefined) return undefined
  try {
    return JSON.parse(value)
  } catch {
    throw new InvalidArgumentError(`${flag} must be JSON`)
  }
}

/** `--ladder uptown,suburbia` as a list of games (none when absent). */
const ladderGames = (text: string | undefined): string[] | undefined =>
  text === undefined
    ? undefined
    : text
        .split(",")
        .map((g) => g.trim())
        .filter((g) => g !== "")

/** A mistake in how the command was called that it cannot go on from: exit code 2, as for usage errors. */
class UsageError extends Error {}

/** A secret from a file (the Docker/Kubernetes secrets way), trimmed; a clear stop when it cannot be read. */
const tokenFromFile = (file: string): string => {
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new UsageError(`cannot read the bot token from ${file}: ${reason}`)
  }
  const token = text.trim()
  if (token === "") throw new UsageError(`the token file ${file} is empty`)
  return token
}

/**
 * The bot token: `--token-file`, else `--token` (it works, with a warning: a command line is readable by every
 * user of the machine through ps and /proc), else $BOROUGHS_TOKEN_FILE, else $BOROUGHS_TOKEN.
 */
const botToken = (o: { token?: string; tokenFile?: string }): string | undefined => {
  if (o.token !== undefined)
    process.stderr.write(
      "boroughs-bot: warning: --token on the command line shows in the process list; use $BOROUGHS_TOKEN or --token-file\n",
    )
  if (o.tokenFile !== undefined) return tokenFromFile(o.tokenFile)
  if (o.token !== undefined) return o.token
  if (process.env.BOROUGHS_TOKEN_FILE) return tokenFromFile(process.env.BOROUGHS_TOKEN_FILE)
  return process.env.BOROUGHS_TOKEN || undefined
}

const TOKEN_HELP =
  "a file holding the bot token (default $BOROUGHS_TOKEN_FILE, else the token in $BOROUGHS_TOKEN)"

/** A seat's decisions per second of its bot's own time ("—" when it answered none). */
const perSecond = ({ decisions, ms }: SeatThinking): number | null =>
  decisions === 0 ? null : decisions / (Math.max(ms, 0.001) / 1000)

/** A searching seat's iterations per second of its bot's own time (null: it searched nothing). */
const iterationRate = (iterations: number | undefined, { ms }: SeatThinking): number | null =>
  iterations === undefined || iterations === 0 ? null : iterations / (Math.max(ms, 0.001) / 1000)

const rounded = (rate: number): string => (rate >= 100 ? String(Math.round(rate)) : rate.toPrecision(3))

/** One line per seat: who sat there, rank and score, and how fast its bot decided (and searched). */
const formatOutcome = (
  result: LocalResult,
  bots: ReadonlyArray<string>,
  iterations: ReadonlyArray<number> = [],
): string =>
  [
    `${result.game}, seed ${result.seed}: ${result.commands.length} commands, ${result.events.length} events`,
    ...result.outcome.ranks.map((rank, seat) => {
      const thought = result.thinking[seat] ?? { decisions: 0, ms: 0 }
      const rate = perSecond(thought)
      const searched = iterationRate(iterations[seat], thought)
      const speed =
        rate === null
          ? "no decisions"
          : `${thought.decisions} decisions, ${rounded(rate)}/s${searched === null ? "" : `, ${rounded(searched)} iterations/s`}`
      return `  seat ${seat} ${(bots[seat] ?? "?").padEnd(16)} rank ${rank}  score ${String(result.outcome.scores[seat]).padEnd(5)} ${speed}`
    }),
  ].join("\n")

const summaryOf = (
  result: LocalResult,
  bots: ReadonlyArray<string>,
  child?: ChildBot,
  iterations: ReadonlyArray<number> = [],
) => ({
  game: result.game,
  seed: result.seed,
  seats: bots.map((bot, seat) => {
    const thought = result.thinking[seat] ?? { decisions: 0, ms: 0 }
    return {
      seat,
      bot,
      decisions: thought.decisions,
      thinkingMs: thought.ms,
      decisionsPerSecond: perSecond(thought),
      ...(iterations[seat] === undefined || iterations[seat] === 0
        ? {}
        : { iterations: iterations[seat], iterationsPerSecond: iterationRate(iterations[seat], thought) }),
    }
  }),
  outcome: { ranks: result.outcome.ranks, scores: result.outcome.scores, reason: result.outcome.reason },
  events: result.events.length,
  commands: result.commands,
  ...(child === undefined ? {} : { child: { name: child.childName, stats: child.stats } }),
})

/** How a seat's bot is shown: a bot module by the name it gives itself, a reference bot by the name given. */
const shownName = (name: string, bot: AnyBot): string => (isBotModulePath(name) ? bot.name : name)

const BOT_HELP = `${BOT_NAMES.join(", ")}, or the path of a module exporting a bot (./my-bot.js)`

const program = new Command()
  .name("boroughs-bot")
  .description(
    "Run Boroughs bots: on a server's bot gateway, in a local game, or bridged from any language over stdio.",
  )
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(`boroughs-bot: ${text.replace(/^error: /, "")}`) })

program
  .command("play")
  .description("play every game a bot token holds seats in, until stopped (Ctrl-C)")
  .option("--url <url>", "the server (default $BOROUGHS_URL, else http://localhost:8080)")
  .option("--token-file <file>", TOKEN_HELP)
  .option("--token <token>", "the bot token itself (discouraged: visible in the process list)")
  .option("--bot <name>", `the bot: ${BOT_HELP}`, "heuristic")
  .option("--games <n>", "stop after this many games have ended", int("--games"))
  .option(
    "--ladder <games>",
    "enter these games' ladders first (comma-separated): rated games, paired by the server",
  )
  .action(
    async (o: {
      url?: string
      token?: string
      tokenFile?: string
      bot: string
      games?: number
      ladder?: string
    }) => {
      const token = botToken(o)
      if (token === undefined)
        throw new InvalidArgumentError("a bot token is required: $BOROUGHS_TOKEN or --token-file <file>")
      const { runRemote } = await remote()
      const summary = await runRemote({
        url: o.url ?? process.env.BOROUGHS_URL ?? "http://localhost:8080",
        token,
        bot: (await botsByName([o.bot]))[0] as AnyBot,
        games: o.games,
        signal: stopSignal(),
        ladder: ladderGames(o.ladder),
      })
      process.stderr.write(
        `boroughs-bot: ${summary.stopped}; ${summary.ended.length} game(s) ended, ${summary.commands.length} command(s) sent\n`,
      )
    },
  )

program
  .command("local")
  .description("play one game in process (no server) and print the outcome")
  .requiredOption("--game <id>", `the game (${gameIds().join(", ")})`)
  .option("--seats <n>", "number of seats (default: one per bot)", int("--seats"))
  .option("--bots <names>", `comma-separated bots, one per seat; the list repeats (${BOT_HELP})`, "heuristic")
  .option("--seed <s>", "the game's seed", "1")
  .option("--options <json>", "the game's options as JSON")
  .option("--json", "print a JSON summary with every command")
  .action(
    async (o: {
      game: string
      seats?: number
      bots: string
      seed: string
      options?: string
      json?: boolean
    }) => {
      const list = names(o.bots)
      if (list.length === 0) throw new InvalidArgumentError("--bots lists no bot")
      const seats = o.seats ?? list.length
      const bots = Array.from({ length: seats }, (_, seat) => list[seat % list.length] as string)
      // Each IS-MCTS seat's iterations, for its rate beside its decisions'.
      const iterations = bots.map(() => 0)
      const players = await botsByName(bots, o.game, (seat, r) => {
        iterations[seat] = (iterations[seat] ?? 0) + r.iterations
      })
      const result = await playLocal({
        game: o.game,
        seats,
        bots: players,
        seed: o.seed,
        options: jsonOption(o.options, "--options"),
      })
      const shown = bots.map((name, seat) => shownName(name, players[seat] as AnyBot))
      process.stdout.write(
        `${o.json ? JSON.stringify(summaryOf(result, shown, undefined, iterations), null, 2) : formatOutcome(result, shown, iterations)}\n`,
      )
    },
  )

program
  .command("env")
  .description(
    "host one game that a program steps over stdio, JSON lines (a gym-like environment: docs/bot-protocol.md)",
  )
  .action(async () => {
    const { serveEnv } = await env()
    await serveEnv(process.stdin, (line) => process.stdout.write(line))
    // After `quit` the caller may still hold our stdin open: let go of it so the process exits.
    process.stdin.destroy()
  })

program
  .command("test")
  .description(
    "ask a bot for the decision of one position (a file from `boroughs position`) and check its answer",
  )
  .requiredOption("--position <file>", "the position file")
  .option("--bot <name>", `the bot: ${BOT_HELP}`)
  .argument("[command...]", "or a bot program speaking the stdio protocol, after --")
  .option("--expect <json>", "the command the bot must play (a test that pins a choice)")
  .option("--seed <s>", "the seed of the bot's random stream", "1")
  .option("--decision-ms <ms>", "a clock for the decision", int("--decision-ms"))
  .action(
    async (
      command: string[],
      o: { position: string; bot?: string; expect?: string; seed: string; decisionMs?: number },
    ) => {
      if ((o.bot === undefined) === (command.length === 0))
        throw new UsageError("give either --bot <name> or a bot program after --")
      let text: string
      try {
        text = readFileSync(o.position, "utf8")
      } catch (error) {
        throw new UsageError(`cannot read ${o.position}: ${(error as NodeJS.ErrnoException).code ?? error}`)
      }
      const { readPosition, testPosition } = await positions()
      let position: Position
      try {
        position = readPosition(text)
      } catch (error) {
        throw new UsageError(`${o.position}: ${(error as Error).message}`)
      }
      const expected = jsonOption(o.expect, "--expect") as Typed | undefined
      const bot =
        o.bot === undefined
          ? await (await stdio()).childBot({ command })
          : ((await botsByName([o.bot], position.game))[0] as AnyBot)
      try {
        const result = await testPosition({ position, bot, seed: o.seed, decisionMs: o.decisionMs, expected })
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
        if (!result.ok) process.exitCode = 1
      } finally {
        await bot.close?.()
      }
    },
  )

program
  .command("run")
  .description(
    "bridge a bot program speaking the stdio protocol (docs/bot-protocol.md) to a server or a local game",
  )
  .argument("<command...>", "the bot program and its arguments, after --")
  .option("--url <url>", "play on this server (default $BOROUGHS_URL)")
  .option("--token-file <file>", `with --url: ${TOKEN_HELP}`)
  .option("--token <token>", "with --url: the bot token itself (discouraged: visible in the process list)")
  .option("--games <n>", "with --url: stop after this many games have ended", int("--games"))
  .option("--ladder <games>", "with --url: enter these games' ladders first (comma-separated)")
  .option("--local", "play one local game instead of on a server")
  .option("--game <id>", "with --local: the game")
  .option("--seats <n>", "with --local: number of seats (default: one per bot)", int("--seats"))
  .option(
    "--bots <names>",
    "with --local: one bot per seat, `child` for the program's seats",
    "child,heuristic",
  )
  .option("--seed <s>", "with --local: the game's seed", "1")
  .option("--options <json>", "with --local: the game's options as JSON")
  .option(
    "--decision-ms <ms>",
    "with --local: the clock per decision of the program",
    int("--decision-ms"),
    30_000,
  )
  .option("--json", "with --local: print a JSON summary with every command")
  .action(
    async (
      command: string[],
      o: {
        url?: string
        token?: string
        tokenFile?: string
        games?: number
        ladder?: string
        local?: boolean
        game?: string
        seats?: number
        bots: string
        seed: string
        options?: string
        decisionMs: number
        json?: boolean
      },
    ) => {
      // The token is read (and a bad file refused) before the bot program is started for nothing.
      const token = o.local ? undefined : botToken(o)
      const child = await (await stdio()).childBot({ command })
      try {
        if (o.local) {
          if (o.game === undefined) throw new InvalidArgumentError("--local needs --game")
          const list = names(o.bots)
          if (!list.includes("child"))
            throw new InvalidArgumentError("--bots must seat `child` at least once")
          const seats = o.seats ?? list.length
          const bots = Array.from({ length: seats }, (_, seat) => list[seat % list.length] as string)
          const others = await botsByName(
            bots.filter((name) => name !== "child"),
            o.game,
          )
          const players: AnyBot[] = bots.map((name) =>
            name === "child" ? child : (others.shift() as AnyBot),
          )
          const result = await playLocal({
            game: o.game,
            seats,
            bots: players,
            seed: o.seed,
            options: jsonOption(o.options, "--options"),
            decisionMs: o.decisionMs,
          })
          const shown = bots.map((name, seat) =>
            name === "child" ? child.name : shownName(name, players[seat] as AnyBot),
          )
          process.stdout.write(
            `${o.json ? JSON.stringify(summaryOf(result, shown, child), null, 2) : formatOutcome(result, shown)}\n`,
          )
          return
        }
        const url = o.url ?? process.env.BOROUGHS_URL
        if (url === undefined || token === undefined)
          throw new InvalidArgumentError(
            "give --url (or $BOROUGHS_URL) and a bot token ($BOROUGHS_TOKEN or --token-file), or --local",
          )
        const { runRemote } = await remote()
        const summary = await runRemote({
          url,
          token,
          bot: child,
          games: o.games,
          signal: stopSignal(),
          ladder: ladderGames(o.ladder),
        })
        process.stderr.write(
          `boroughs-bot: ${summary.stopped}; ${summary.ended.length} game(s) ended, ${summary.commands.length} command(s) sent\n`,
        )
      } finally {
        await child.close?.()
      }
    },
  )

program.parseAsync().catch((error: Error) => {
  process.stderr.write(`boroughs-bot: ${error.message}\n`)
  process.exitCode = error instanceof UsageError ? 2 : 1
})
