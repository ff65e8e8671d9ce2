#!/usr/bin/env node
import { Command, InvalidArgumentError } from "commander"
import { GAME_IDS } from "./catalogue.js"
import { CliError, describeError } from "./fail.js"

// Commander: the most used Node CLI parser, typed, with --help and precise errors for free.
const int = (name: string) => (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n)) throw new InvalidArgumentError(`${name} must be a whole number`)
  return n
}

const httpUrl = (name: string) => (value: string) => {
  const url = URL.canParse(value) ? new URL(value) : null
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new InvalidArgumentError(`${name} must be an http(s) URL, like http://127.0.0.1:3000`)
  return value.replace(/\/+$/, "")
}

const program = new Command()
  .name("boroughs")
  .description("Boroughs: city-building board games played by bots and people, replayed and audited.")
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(`boroughs: ${text.replace(/^error: /, "")}`) })

const dbOption = "--db <postgres-url | dir>"
const dbHelp =
  "PostgreSQL URL or PGlite directory (default: $DATABASE_URL, else the URL in the file $DATABASE_URL_FILE, else .boroughs/data); a password here shows in the process list"

program
  .command("start")
  .description(
    "the main job: the game server, house bots playing every registered game through it continuously, the spectator site and the admin app; prints the URLs",
  )
  .option(dbOption, dbHelp)
  .option("--games <ids>", `comma-separated games (default: all of ${GAME_IDS.join(", ")})`)
  .option("--max-games <n>", "stop after this many games of each game, then shut down", int("--max-games"))
  .option("--port <n>", "the spectator site's port (0: any free one)", int("--port"), 3000)
  .option("--api-port <n>", "the game server's port (0: any free one)", int("--api-port"), 8080)
  .option("--host <addr>", "address to listen on (0.0.0.0 in containers)", "127.0.0.1")
  .option("--admin-port <n>", "the admin app's port (0: any free one)", int("--admin-port"), 3001)
  .option("--no-site", "leave the web apps out (server and house bots only)")
  .option("--no-admin", "leave the admin app out")
  .option("--no-bots", "leave the house bots out")
  .option("--api-url <url>", "use the game server running there instead of starting one")
  .option("--pace <ms>", "how long a house bot thinks before each move (0: full speed)", int("--pace"), 700)
  .action(async (o) => {
    const { startSelfplay } = await import("./commands/start.js")
    await startSelfplay(o)
  })

program
  .command("selfplay")
  .description("play one game with bots through the engine and store; prints a JSON summary")
  .requiredOption("--game <id>", `the game (${GAME_IDS.join(", ")})`)
  .requiredOption("--players <n>", "number of seats", int("--players"))
  .requiredOption("--seed <s>", "the game's seed (same seed and bots: byte-identical events)")
  .option("--bots <names>", "comma-separated bot names, one per seat; the last repeats", "random")
  .option(dbOption, dbHelp)
  .option("--out <file.ndjson>", "also write the game's events as NDJSON")
  .option("--game-id <id>", "the game id (default: derived from game, players, seed and bots)")
  .action(async (o) => {
    const { selfplay } = await import("./commands/selfplay.js")
    const summary = await selfplay(o)
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`)
  })

program
  .command("export")
  .description("write a game's event stream as NDJSON (docs/export-format.md), from a database or a server")
  .argument("[gameId]", "the game id (or --game-id)")
  .option("--game-id <id>", "the game id")
  .option(dbOption, dbHelp)
  .option(
    "--url <url>",
    "read the game from the server there (`boroughs start`'s is http://127.0.0.1:8080) instead of a database",
  )
  .option("--token-file <file>", "with --url: ask as this token's holder (default: as a spectator)")
  .option("--out <file.ndjson>", "write to a file instead of stdout")
  .option(
    "--analysis",
    "append the finished game's analysis as a last line {\"analysis\": …}: the server's with --url, else the database's stored one, else made here (exit 2 for a live game)",
  )
  .option(
    "--rollouts <n>",
    "with --analysis and no --url: rollouts a position (default 128; fewer is quicker and noisier)",
    int("--rollouts"),
  )
  .action(async (gameId: string | undefined, o) => {
    const { exportGame, exportedGameId } = await import("./commands/export.js")
    const { events, analysis } = await exportGame({ ...o, gameId: exportedGameId(gameId, o.gameId) })
    if (o.out)
      process.stderr.write(
        `boroughs: wrote ${events} events${analysis ? " and the analysis" : ""} to ${o.out}\n`,
      )
  })

program
  .command("analyse")
  .description(
    "a finished game's analysis: each seat's chance of winning along the game and its mistakes, with the command the search preferred",
  )
  .argument("<source>", "an NDJSON export (its analysis line if it has one, else made here), or a game id")
  .option(dbOption, dbHelp)
  .option("--url <url>", "read the game id's analysis from the server there instead of a database")
  .option("--token-file <file>", "with --url: ask as this token's holder (default: as a spectator)")
  .option(
    "--rollouts <n>",
    "for an analysis made here: rollouts a position (default 128; fewer is quicker and noisier)",
    int("--rollouts"),
  )
  .option("--json", "print the analysis as JSON (the API's AnalysisReady)")
  .action(async (source: string, o) => {
    const { analyse, formatAnalysis } = await import("./commands/analyse.js")
    const analysis = await analyse({ ...o, source })
    process.stdout.write(`${o.json ? JSON.stringify(analysis, null, 2) : formatAnalysis(analysis)}\n`)
  })

program
  .command("verify")
  .description("prove a game: hash chain, seed commitment, commitments, and re-execution byte for byte")
  .argument("[file.ndjson]", "an NDJSON export")
  .option("--game-id <id>", "verify a game in the database instead of a file")
  .option(dbOption, dbHelp)
  .option("--expect-head <hash>", "the stream's published last hash (detects a truncated stream)")
  .option("--tournament <id>", "audit a whole tournament (from the file, an export of it, or the database)")
  .option(
    "--public-key <hex>",
    "the organiser's Ed25519 public key to trust (default: the signing key file's)",
  )
  .option(
    "--key <file>",
    "the organiser's signing key file (default: $BOROUGHS_SIGNING_KEY, else .boroughs/)",
  )
  .option("--json", "print the report as JSON")
  .action(async (file: string | undefined, o) => {
    const { formatReport, formatTournamentAudit, verifyGame, verifyTournament } = await import(
      "./commands/verify.js"
    )
    if (o.tournament) {
      const report = await verifyTournament({ ...o, tournamentId: o.tournament, file })
      process.stdout.write(`${o.json ? JSON.stringify(report, null, 2) : formatTournamentAudit(report)}\n`)
      if (!report.ok) process.exitCode = 1
      return
    }
    if (!file && !o.gameId) throw new CliError("verify needs a file, --game-id or --tournament")
    const report = await verifyGame({ ...o, file })
    process.stdout.write(`${o.json ? JSON.stringify(report, null, 2) : formatReport(report)}\n`)
    if (!report.ok) process.exitCode = 1
  })

program
  .command("position")
  .description(
    "one seat's decision at one position of a game, as JSON: its view, what it owes and its legal commands (a test case for `boroughs-bot test --position`)",
  )
  .argument("[file.ndjson]", "an NDJSON export (instead of --game-id)")
  .option("--game-id <id>", "a game in the database")
  .option(dbOption, dbHelp)
  .requiredOption("--at <version>", "the position: the game after this many events", int("--at"))
  .option(
    "--seat <n>",
    "the seat to see it as (default: the first that owes a decision there)",
    int("--seat"),
  )
  .option("--out <file.json>", "write to a file instead of stdout")
  .action(async (file: string | undefined, o) => {
    if (!file && !o.gameId) throw new CliError("position needs a file or --game-id")
    const { printPosition } = await import("./commands/position.js")
    await printPosition({ ...o, file })
    if (o.out) process.stderr.write(`boroughs: wrote the position to ${o.out}\n`)
  })

program
  .command("tournament")
  .description(
    "run a whole tournament of built-in bots locally: pair, play, seal each round; print the standings",
  )
  .requiredOption("--game <id>", `the game (${GAME_IDS.join(", ")})`)
  .requiredOption(
    "--bots <list>",
    "entrants as bot:count (heuristic:6,random:6), or bot names with --entrants",
  )
  .option("--entrants <n>", "how many entrants the --bots names take turns to fill", int("--entrants"))
  .option("--format <f>", "swiss or round-robin", "swiss")
  .option("--rounds <n>", "rounds (round-robin default: enough to meet everyone)", int("--rounds"))
  .option("--table-size <n>", "seats per table, 3–6", int("--table-size"), 4)
  .option("--seed <s>", "pairing and game seeds (same seed: the same tournament)")
  .option("--id <id>", "the tournament id (default: derived from the settings)")
  .option("--name <name>", "the tournament's name")
  .option(dbOption, dbHelp)
  .option(
    "--key <file>",
    "the organiser's Ed25519 signing key (default: $BOROUGHS_SIGNING_KEY, else .boroughs/)",
  )
  .option(
    "--out <file.ndjson>",
    "also write the tournament's export (its stream and every game's) for offline audit",
  )
  .option("--json", "print the standings as JSON")
  .action(async (o) => {
    const { formatStandings, runTournament } = await import("./commands/tournament.js")
    const r = await runTournament(o)
    process.stdout.write(
      `${o.json ? JSON.stringify({ tournamentId: r.tournamentId, standings: r.standings, publicKey: r.publicKey, rounds: r.state.rounds.map((x) => ({ round: x.round, merkleRoot: x.sealed?.merkleRoot ?? null })) }, null, 2) : formatStandings(r)}\n`,
    )
  })

program
  .command("describe")
  .description("a game's static data, seats, options and the JSON Schemas of its commands, events and views")
  .argument("<game>", `the game (${GAME_IDS.join(", ")})`)
  .option("--json", "machine-readable catalogue for bot authors")
  .action(async (game: string, o) => {
    const { describeGame, formatDescription } = await import("./commands/describe.js")
    const d = describeGame(game)
    process.stdout.write(`${o.json ? JSON.stringify(d, null, 2) : formatDescription(d)}\n`)
  })

program
  .command("arena")
  .description(
    "play many games with a line-up of bots (built-ins, your module, a stdio program), seats rotating, on every core; compare win rates, ranks, ratings and speed",
  )
  .requiredOption("--game <id>", `the game (${GAME_IDS.join(", ")})`)
  .requiredOption("--bots <list>", "the line-up (see below), one bot per seat; the last repeats")
  .option("--players <n>", "number of seats", int("--players"), 4)
  .option("--games <n>", "how many games", int("--games"), 1000)
  .option("--seed <s>", "seed prefix: game n is seeded <s>/n", "arena")
  .option("--jobs <n>", "processes playing side by side (default: one per core)", int("--jobs"))
  .option("--out <file.ndjson>", "also write every game's events, which `boroughs verify <file>` checks")
  .option("--json", "print the result as JSON")
  .addHelpText(
    "after",
    `
Bots (--bots, comma-separated):
  random, heuristic, or a bot the game ships    the built-ins
  ismcts:2000i                                  IS-MCTS, 2,000 iterations a decision
  ismcts:1s, ismcts:250ms, ismcts:250, ismcts   IS-MCTS, a time budget a decision (ms; bare: 1 s)
  ./my-bot.js                                   a JavaScript module exporting a bot (default export or \`bot\`)
  "stdio:python3 examples/python-bot/bot.py"    a program speaking the stdio protocol (docs/bot-protocol.md);
                                                split on spaces, no shell; one process per job

Per bot: games, win rate (a shared win counts 1/k) with its 95% Wilson interval, mean rank
and score, openskill rating (Plackett-Luce over the games in order; ordinal = mu - 3 sigma)
and decisions per second of the bot's own deciding time.

Game n is seeded <seed>/n and line-up position p sits at seat (p + n) mod players, so the same
command gives the same games and standings whatever --jobs is, with deterministic bots and
iteration budgets. Time budgets (ismcts:1s) are not reproducible: they search as far as the
clock and the machine's load allow.

Example:
  boroughs arena --game downtown --bots ismcts:500i,heuristic,random --games 200 --out games.ndjson`,
  )
  .action(async (o) => {
    const { arena, formatArena } = await import("./commands/arena.js")
    const r = await arena(o)
    process.stdout.write(`${o.json ? JSON.stringify(r, null, 2) : formatArena(r)}\n`)
  })

// The arena's own worker processes (forked by `arena`, fed over IPC): not for people.
program.command("arena-worker", { hidden: true }).action(async () => {
  const { runArenaWorker } = await import("./commands/arenaPlay.js")
  await runArenaWorker()
})

program
  .command("server")
  .description("the game server: HTTP API, live SSE streams and the bot gateway (docs/api.md)")
  .option("--port <n>", "port to listen on (default $PORT, else 8080)")
  .option("--host <addr>", "address to listen on (default 127.0.0.1)")
  .option(dbOption, dbHelp)
  .option(
    "--organiser-token-file <file>",
    "read the organiser token from this file (default: $BOROUGHS_ORGANISER_TOKEN, else .boroughs/organiser-token)",
  )
  .option(
    "--organiser-token <secret>",
    "accept this organiser token (discouraged: visible in the process list)",
  )
  .option("--fixtures", "also host the kernel's Bluff Dice test game")
  .option("--no-background", "never run projections and clocks in this process")
  .option("--log-requests", "log every request to stderr")
  .option(
    "--log-format <format>",
    'logs as "json" lines or "pretty" (default: pretty on a terminal, json otherwise; $BOROUGHS_LOG_FORMAT)',
  )
  .action(async (o) => {
    const { runServer } = await import("./commands/server.js")
    process.exitCode = await runServer(o)
  })

program
  .command("migrate")
  .description(
    "bring the database's schema up to date, as the tables' owner; --grant gives the role the server runs as exactly what it needs",
  )
  .option(dbOption, dbHelp)
  .option(
    "--grant <role>",
    "an existing PostgreSQL role (not the owner, not a superuser) to grant the server's privileges: append and read the event log, keep the read models",
  )
  .action(async (o) => {
    const { migrateDatabase } = await import("./commands/migrate.js")
    for (const line of await migrateDatabase(o)) process.stdout.write(`${line}\n`)
  })

const projections = program.command("projections").description("the server's read models (lobby, snapshots)")
projections
  .command("rebuild")
  .description("delete the projections and replay the whole log into them (checkpoints included)")
  .option(dbOption, dbHelp)
  .action(async (o) => {
    const { rebuildProjections } = await import("./commands/projections.js")
    const counts = await rebuildProjections(o)
    for (const [id, n] of Object.entries(counts)) process.stdout.write(`${id}: rebuilt from ${n} events\n`)
  })
projections
  .command("status")
  .description("where each projection stands in the global log")
  .option(dbOption, dbHelp)
  .action(async (o) => {
    const { projectionStatus } = await import("./commands/projections.js")
    for (const [id, at] of await projectionStatus(o))
      process.stdout.write(
        `${id}: ${at === null ? "nothing applied yet" : `epoch ${at.storeEpoch}, tx ${at.txId}, position ${at.globalPosition}`}\n`,
      )
  })

// Commands for a running server, as a bot author or organiser talks to it (docs/api.md).
const urlOption = "--url <url>"
const urlHelp =
  "the game server (default: $BOROUGHS_URL, else http://127.0.0.1:8080, where `boroughs start` serves it)"
const organiserTokenOption = "--token-file <file>"
const organiserTokenHelp =
  "the organiser token's file (default: $BOROUGHS_ORGANISER_TOKEN_FILE, else $BOROUGHS_ORGANISER_TOKEN, else .boroughs/organiser-token, which `boroughs start` keeps)"

const token = program
  .command("token")
  .description("a running server's tokens (organisers): issue one for a bot or player, list them, revoke one")
token
  .command("create")
  .description("issue a token; its secret is shown this once (the server keeps only its hash)")
  .requiredOption("--kind <kind>", "bot, player or organiser")
  .requiredOption("--name <name>", "the holder's name: the token acts for the seats held by <kind>:<name>")
  .option(
    "--expires <instant>",
    "when it stops working (ISO 8601, e.g. 2030-01-01T00:00:00Z; default: never)",
  )
  .option("--out <file>", "write the secret to this file, readable by you only, instead of stdout")
  .option("--json", "print the token as JSON (with its secret, unless --out has it)")
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (o) => {
    const { createToken } = await import("./commands/token.js")
    const issued = await createToken(o)
    const { token: secret, ...info } = issued
    if (o.json) process.stdout.write(`${JSON.stringify(o.out ? info : issued, null, 2)}\n`)
    else if (!o.out) process.stdout.write(`${secret}\n`)
    process.stderr.write(
      `boroughs: issued ${issued.tokenId} for ${issued.kind}:${issued.name}${o.out ? `; its secret is in ${o.out}` : ""} (shown this once: the server keeps only its hash)\n`,
    )
  })
token
  .command("list")
  .description("every token the server has issued, live, expired or revoked (never their secrets)")
  .option(
    "--kind <kind>",
    "only tokens of this kind: organiser, bot, player or seat (invited and guests' seats)",
  )
  .option("--json", "print them as JSON")
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (o) => {
    const { formatTokens, listTokens } = await import("./commands/token.js")
    const tokens = await listTokens(o)
    process.stdout.write(`${o.json ? JSON.stringify(tokens, null, 2) : formatTokens(tokens)}\n`)
  })
token
  .command("revoke")
  .description("stop a token from working (at once on this server, within 5 s on its other replicas)")
  .argument("<id>", "the token's id (tok_…, as `token list` shows it)")
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (tokenId: string, o) => {
    const { revokeToken } = await import("./commands/token.js")
    await revokeToken({ ...o, tokenId })
    process.stderr.write(`boroughs: revoked ${tokenId}\n`)
  })

const names = program
  .command("names")
  .description(
    "the register of display names on a running server (organisers): how players and bots are shown in new games",
  )
names
  .command("list")
  .description("every registered name: holder, name, who set it and when")
  .option("--json", "print them as JSON")
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (o) => {
    const { formatNames, listNames } = await import("./commands/names.js")
    const registered = await listNames(o)
    process.stdout.write(`${o.json ? JSON.stringify(registered, null, 2) : formatNames(registered)}\n`)
  })
names
  .command("set")
  .description(
    "name a holder: every game created from now on shows it so, unless the game names the seat itself",
  )
  .argument("<holder>", "bot:<name> or player:<name>")
  .argument("<name>", "the display name: 1–40 printable characters")
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (holder: string, name: string, o) => {
    const { setName } = await import("./commands/names.js")
    const set = await setName({ ...o, holder, name })
    process.stderr.write(`boroughs: ${set.holder} is shown as "${set.name}" in games created from now on\n`)
  })
names
  .command("clear")
  .description("take a holder off the register (games already created keep their names)")
  .argument("<holder>", "bot:<name> or player:<name>")
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (holder: string, o) => {
    const { clearName } = await import("./commands/names.js")
    await clearName({ ...o, holder })
    process.stderr.write(`boroughs: ${holder} has no registered name now\n`)
  })

const game = program.command("game").description("games on a running server: create one, watch one in words")
game
  .command("create")
  .description(
    "create a game (organisers); prints its id, then a JSON line {seat, token} per invited seat (shown once)",
  )
  .requiredOption("--game <id>", `the game (${GAME_IDS.join(", ")})`)
  .requiredOption(
    "--seats <holders>",
    "comma-separated, one a seat: builtin:<bot> (the server plays it with that bot of the game: random, heuristic; dale in suburbia), bot:<name> or player:<name> (that token's holder plays it), invite (the server mints a seat token for it: printed as a JSON line {seat, token} to pass on), or me (whoever the token speaks for: with the organiser token, a seat only organisers play)",
  )
  .option("--id <gameId>", "the game's id (default: a random one)")
  .option("--seed <s>", "the game's seed (default: a random one, secret until the end)")
  .option("--options <json>", "the game's options as JSON (default: the game's defaults)")
  .option(
    "--decision-ms <ms>",
    'how long each decision may take before the clock plays for it, or "none" (default: 30000)',
  )
  .option("--json", "print the game as JSON")
  .option(
    "--site <url>",
    "the spectator site (`boroughs start`'s is http://127.0.0.1:3000): each invited seat's line gains its invite link there, {seat, token, link}",
    httpUrl("--site"),
  )
  .option(urlOption, urlHelp)
  .option(organiserTokenOption, organiserTokenHelp)
  .action(async (o) => {
    const { createGame, describeSeats, inviteLines } = await import("./commands/game.js")
    const site: string | undefined = o.site
    const created = await createGame(o)
    const { view: _view, decisions: _decisions, viewer: _viewer, ...summary } = created
    // Data on stdout (the id, then each invite's seat token), words on stderr.
    process.stdout.write(
      o.json
        ? `${JSON.stringify(summary, null, 2)}\n`
        : [created.gameId, ...inviteLines(created, site)].map((line) => `${line}\n`).join(""),
    )
    const invited =
      created.invites.length === 0
        ? ""
        : `boroughs: ${created.invites.length} invited seat${created.invites.length === 1 ? "" : "s"}: pass each ${site === undefined ? "token" : "link"} on to whoever plays that seat (shown this once)\n`
    process.stderr.write(
      `boroughs: created ${describeSeats(created)}\n${invited}boroughs: follow it with: npx boroughs game watch ${created.gameId}\n`,
    )
  })
game
  .command("watch")
  .description(
    "follow a game live, each event a line in words, until it ends; then the final ranks and scores",
  )
  .argument("<id>", "the game's id")
  .option(
    "--token-file <file>",
    "watch as this token's holder: a bot's sees its seat's secrets (default: as a spectator)",
  )
  .option(
    "--seat <n>",
    "with --token-file: watch as this seat of the holder's (an organiser's: any)",
    int("--seat"),
  )
  .option(urlOption, urlHelp)
  .action(async (gameId: string, o) => {
    const { watchGameNarrated } = await import("./commands/game.js")
    await watchGameNarrated({ ...o, gameId }, (line) => process.stdout.write(`${line}\n`))
  })

program
  .command("ladder")
  .description("a running server's bot ladders: every game's, or one game's table (rank, rating, record)")
  .argument("[game]", "the game whose table to print (default: a line per ladder)")
  .option("--json", "print it as JSON (one game's: with its latest rated games)")
  .option(urlOption, urlHelp)
  .action(async (gameId: string | undefined, o) => {
    const { formatLadder, formatLadders, listLadders, readLadder } = await import("./commands/ladder.js")
    if (gameId === undefined) {
      const ladders = await listLadders(o)
      process.stdout.write(`${o.json ? JSON.stringify(ladders, null, 2) : formatLadders(ladders)}\n`)
      return
    }
    const ladder = await readLadder({ ...o, game: gameId })
    process.stdout.write(`${o.json ? JSON.stringify(ladder, null, 2) : formatLadder(ladder)}\n`)
  })

program.parseAsync(process.argv).catch((e) => {
  process.stderr.write(`boroughs: ${describeError(e)}\n`)
  if (process.env.BOROUGHS_DEBUG && e instanceof Error && !(e instanceof CliError))
    process.stderr.write(`${e.stack}\n`)
  process.exitCode = e instanceof CliError ? e.exitCode : 1
})
