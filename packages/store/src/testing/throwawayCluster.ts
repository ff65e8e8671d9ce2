import { execFile } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

/** A PostgreSQL cluster of a test's own, in a temp folder: the one a test may stop and start again. */
export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string
  /** Stops the server as an operator's restart does (`pg_ctl -m fast stop`): every session is terminated. */
  readonly stop: () => Promise<void>
  /** Starts it again on the same port and data. */
  readonly start: () => Promise<void>
  /** Stops it at once and deletes its folder. */
  readonly destroy: () => Promise<void>
}

/** The programs of the newest PostgreSQL installed the Debian way, and who may run them. */
interface Installation {
  readonly bin: string
  /** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
  readonly runAs: { readonly user: string; readonly uid: number; readonly gid: number } | null
}

const POSTGRES_ROOT = "/usr/lib/postgresql"

/** Where initdb and pg_ctl are, or why a throwaway cluster cannot be made here (a test's skip reason). */
export const postgresInstallation = async (): Promise<Installation | { readonly missing: string }> => {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((v) => existsSync(join(POSTGRES_ROOT, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const newest = versions[0]
  if (newest === undefined) return { missing: `no ${POSTGRES_ROOT}/*/bin/initdb (install postgresql)` }
  const bin = join(POSTGRES_ROOT, newest, "bin")
  if (process.getuid?.() !== 0) return { bin, runAs: null }
  try {
    const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim())
    const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim())
    return { bin, runAs: { user: "postgres", uid, gid } }
  } catch {
    return { missing: "running as root and there is no postgres user to own a test cluster" }
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/**
 * Makes and starts a PostgreSQL cluster in a temp folder (initdb as an unprivileged user, trust auth, no
 * fsync), listening on a free port of 127.0.0.1 with its socket in the folder. Tests that stop the database
 * use one of these, never a shared server.
 */
export const throwawayCluster = async (installation: Installation): Promise<ThrowawayCluster> => {
  const { bin, runAs } = installation
  const dir = mkdtempSync(join(tmpdir(), "boroughs-pg-"))
  if (runAs !== null) chownSync(dir, runAs.uid, runAs.gid)
  const data = join(dir, "data")
  const pg = (program: string, args: ReadonlyArray<string>) =>
    runAs === null
      ? run(join(bin, program), [...args])
      : run("runuser", ["-u", runAs.user, "--", join(bin, program), ...args])
  await pg("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"])
  const port = await freePort()
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c full_page_writes=off",
  ].join(" ")
  const start = async () => {
    await pg("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", settings, "-w", "start"])
  }
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    await pg("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop("fast"),
    start,
    destroy: async () => {
      await stop("immediate").catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
