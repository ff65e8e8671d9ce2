import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { load } from "js-yaml"
import { describe, expect, it } from "vitest"
import {
  argvOf,
  dockerfilePath,
  flags,
  images,
  inRepo,
  parseDockerfile,
  readDockerfile,
  repoRoot,
} from "./dockerfile.js"

const rootPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  packageManager: string
}
const pnpmVersion = rootPackage.packageManager.replace(/^pnpm@/, "")

/** What may not run in a runtime stage: installing or building belongs to the build stage. */
const installOrBuild = /\b(install|pnpm|npm|npx|yarn|corepack|apt-get|apk|tsc|tsx|esbuild|turbo|next build)\b/

describe("the Dockerfile parser", () => {
  it("reads stages, continuations, ENV forms, WORKDIR and exec/shell commands", () => {
    const d = parseDockerfile(
      [
        "# syntax=docker/dockerfile:1.7",
        "ARG BASE=node:20",
        "FROM $BASE AS build",
        "RUN echo a \\",
        "  # a comment inside",
        " && echo b",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile syntax, not a template
        "FROM ${BASE}",
        'ENV A=1 B="two words" C=$A',
        "ENV D=$A",
        "ENV LEGACY value with spaces",
        "WORKDIR /app",
        "WORKDIR apps/x",
        "USER node",
        'HEALTHCHECK CMD ["node", "-e", "1"]',
        'CMD ["node", "dist/main.js"]',
      ].join("\n"),
    )
    expect(d.stages.map((s) => [s.from, s.name])).toEqual([
      ["node:20", "build"],
      ["node:20", undefined],
    ])
    expect(d.stages[0]?.instructions[0]?.args).toBe("echo a  && echo b")
    expect(d.final.env).toEqual({ A: "1", B: "two words", C: "", D: "1", LEGACY: "value with spaces" })
    expect(d.final.workdir).toBe("/app/apps/x")
    expect(d.final.user).toBe("node")
    expect(argvOf(d.final)).toEqual(["node", "dist/main.js"])
    expect(() => argvOf(parseDockerfile("FROM x\nCMD node main.js").final)).toThrow(/not exec form/)
    expect(flags("--from=build --chown=node:node /a ./b")).toEqual({
      flags: { from: "build", chown: "node:node" },
      rest: "/a ./b",
    })
  })
})

describe.each(images)("infra/docker/%s.Dockerfile", (name) => {
  const d = readDockerfile(name)
  const runtime = d.final
  const build = d.stages[0]
  const runs = (stage: typeof runtime) =>
    stage.instructions.filter((i) => i.keyword === "RUN").map((i) => flags(i.args).rest)

  it("builds on node:20-bookworm-slim in every stage", () => {
    for (const stage of d.stages) expect(stage.from).toBe("node:20-bookworm-slim")
  })

  it("builds in its own stage: pinned pnpm (no corepack), frozen lockfile, the app, a --prod deploy", () => {
    expect(d.stages.length).toBeGreaterThanOrEqual(2)
    expect(build).not.toBe(runtime)
    const script = runs(build as typeof runtime).join("\n")
    expect(script).toContain(`npm install --global --no-fund --no-audit pnpm@${pnpmVersion}`)
    expect(script).not.toContain("corepack")
    expect(script).toMatch(/pnpm install --frozen-lockfile/)
    const app = JSON.parse(readFileSync(join(inRepo(runtime.workdir), "package.json"), "utf8")) as {
      name: string
    }
    expect(script).toContain(`pnpm --filter ${app.name} run build`)
    expect(script).toMatch(new RegExp(`--filter ${app.name} deploy --prod [^\\n]* /deploy`))
  })

  it("runs as a non-root user", () => {
    expect(runtime.user).toBeDefined()
    expect(runtime.user).not.toMatch(/^(root|0)(:|$)/)
  })

  it("starts node directly: CMD in exec form, no shell, no package manager, no TypeScript loader", () => {
    expect(runtime.cmd?.form).toBe("exec")
    expect(runtime.entrypoint === undefined || runtime.entrypoint.form === "exec").toBe(true)
    const argv = argvOf(runtime)
    expect(argv[0]).toBe("node")
    for (const word of argv) expect(word).not.toMatch(/^(sh|bash|pnpm|npm|npx|tsx|corepack)$|--import|tsx/)
  })

  it("installs and builds nothing in the runtime stage: it only copies the build stage's output", () => {
    for (const script of runs(runtime)) expect(script).not.toMatch(installOrBuild)
    for (const i of runtime.instructions) {
      expect(i.keyword).not.toBe("ADD")
      if (i.keyword === "COPY") expect(flags(i.args).flags.from).toBe(build?.name)
    }
    // The production dependencies come from the --prod deploy, never from the workspace's node_modules.
    const copies = runtime.instructions.filter((i) => i.keyword === "COPY").map((i) => flags(i.args).rest)
    expect(copies).toContain("/deploy/node_modules ./node_modules")
    expect(copies.some((c) => /^\/repo\/.*node_modules/.test(c))).toBe(false)
  })

  it("checks health in exec form when it says how", () => {
    for (const i of runtime.instructions.filter((x) => x.keyword === "HEALTHCHECK"))
      expect(i.args).toMatch(/\bCMD \[/)
  })
})

describe(".dockerignore", () => {
  const patterns = readFileSync(join(repoRoot, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"))
  /** Docker's matching, for the two shapes we use: `**\/name` (any depth) and a path from the root. */
  const ignored = (path: string) =>
    patterns.some((p) => {
      const parts = path.split("/")
      if (p.startsWith("**/")) return parts.includes(p.slice(3))
      return path === p || path.startsWith(`${p}/`)
    })

  it.each([
    "node_modules",
    "apps/server/node_modules",
    "packages/core/node_modules",
    "apps/spectator/.next",
    "apps/admin/.next",
    "apps/server/dist",
    "apps/cli/dist",
    "packages/core/dist",
    ".boroughs",
    ".git",
    ".turbo",
    "apps/server/.turbo",
    "infra/secrets",
  ])("keeps %s out of the build context", (path) => {
    expect(ignored(path)).toBe(true)
  })

  it.each([
    "pnpm-lock.yaml",
    "pnpm-workspace.yaml",
    "apps/server/src",
    "scripts/bundle.mjs",
    "packages/core/src",
  ])("keeps %s in it", (path) => {
    expect(ignored(path)).toBe(false)
  })
})

describe("infra/compose.yaml", () => {
  interface Service {
    image?: string
    build?: { context: string; dockerfile: string }
    command?: unknown
    volumes?: string[]
    environment?: Record<string, string>
    secrets?: string[]
    healthcheck?: { test: unknown }
    profiles?: string[]
    networks?: Record<string, { ipv4_address?: string }>
  }
  const compose = load(readFileSync(join(repoRoot, "infra/compose.yaml"), "utf8")) as {
    services: Record<string, Service>
    secrets: Record<string, { file?: string }>
    networks?: Record<string, { ipam?: { config?: { subnet: string }[] } }>
  }
  const services = Object.entries(compose.services)

  it("builds every image from its Dockerfile with the repository root as context", () => {
    const built = new Set<string>()
    for (const [, s] of services.filter(([, s]) => s.build)) {
      expect(s.build?.context).toBe("..")
      const file = join(repoRoot, s.build?.dockerfile as string)
      expect(existsSync(file)).toBe(true)
      built.add(file)
    }
    expect([...built].sort()).toEqual(images.map(dockerfilePath).sort())
  })

  it("mounts nothing of the repository but the PostgreSQL settings and role, and overrides no image's command but the migrations'", () => {
    const binds = services.flatMap(([name, s]) =>
      (s.volumes ?? []).filter((v) => /^[./~]/.test(v)).map((v) => `${name}: ${v}`),
    )
    expect(binds).toEqual([
      "postgres: ./postgres/postgresql.conf:/etc/postgresql/postgresql.conf:ro",
      "postgres: ./postgres/app-role.sql:/docker-entrypoint-initdb.d/app-role.sql:ro",
    ])
    for (const [name, s] of services)
      if (s.build && name !== "migrate") expect(s.command, name).toBeUndefined()
  })

  it("migrates as the tables' owner, then runs the servers as a role that may only append to and read the log", () => {
    const user = (s: Service | undefined) => new URL(s?.environment?.DATABASE_URL as string).username
    const migrate = compose.services.migrate as Service & { depends_on?: Record<string, unknown> }
    const server = compose.services.server as Service & {
      depends_on?: Record<string, { condition: string }>
    }
    // The CLI image's `boroughs migrate`, in exec form, granting the role the servers log in as.
    expect(migrate.build?.dockerfile).toBe("infra/docker/house-bots.Dockerfile")
    expect(migrate.command).toEqual(["node", "dist/boroughs.js", "migrate", "--grant", "boroughs_app"])
    expect(user(migrate)).toBe(compose.services.postgres?.environment?.POSTGRES_USER)
    expect(user(server)).toBe("boroughs_app")
    expect(user(compose.services["server-replica"])).toBe("boroughs_app")
    expect(server.depends_on?.migrate?.condition).toBe("service_completed_successfully")
    expect(readFileSync(join(repoRoot, "infra/postgres/app-role.sql"), "utf8")).toMatch(
      /^create role boroughs_app login password /m,
    )
  })

  it("checks health in exec form", () => {
    for (const [, s] of services.filter(([, s]) => s.healthcheck)) {
      const test = s.healthcheck?.test
      expect(Array.isArray(test) && test[0] === "CMD").toBe(true)
    }
    for (const name of ["postgres", "server", "spectator", "admin"])
      expect(compose.services[name]?.healthcheck).toBeDefined()
  })

  it("hands the organiser token over as a secret file, never on a command line", () => {
    expect(compose.secrets.organiser_token?.file).toBe("./secrets/organiser-token")
    for (const name of ["server", "server-replica", "house-bots"]) {
      const s = compose.services[name] as Service
      expect(s.secrets).toContain("organiser_token")
      expect(s.environment?.BOROUGHS_ORGANISER_TOKEN_FILE).toBe("/run/secrets/organiser_token")
    }
    const text = readFileSync(join(repoRoot, "infra/compose.yaml"), "utf8")
    expect(text).not.toMatch(/--organiser-token/)
  })

  it("trusts the web apps' fixed addresses, and only theirs, as proxies naming the browser", () => {
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet as string
    const prefix = subnet.replace(/\.0\/24$/, ".")
    const apps = ["spectator", "admin"].map(
      (name) => compose.services[name]?.networks?.default?.ipv4_address as string,
    )
    for (const address of apps) expect(address.startsWith(prefix), address).toBe(true)
    for (const name of ["server", "server-replica"])
      expect(compose.services[name]?.environment?.BOROUGHS_TRUST_PROXY, name).toBe(
        ["loopback", ...apps].join(","),
      )
  })

  it("keeps the scale-out replica as a profile on the same database and key volume", () => {
    const replica = compose.services["server-replica"] as Service
    const server = compose.services.server as Service
    expect(replica.profiles).toEqual(["scale-out"])
    expect(replica.build).toEqual(server.build)
    expect(replica.environment?.DATABASE_URL).toBe(server.environment?.DATABASE_URL)
    expect(replica.volumes).toEqual(server.volumes)
  })
})
