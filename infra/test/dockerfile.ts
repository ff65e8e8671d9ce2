import { readFileSync } from "node:fs"
import { dirname, join, posix, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** The repository root: the build context of every image. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..")

/** The images, each built from `infra/docker/<name>.Dockerfile` with the repository root as context. */
export const images = ["server", "house-bots", "spectator", "admin"] as const
export type ImageName = (typeof images)[number]
export const dockerfilePath = (name: ImageName): string =>
  join(repoRoot, "infra/docker", `${name}.Dockerfile`)

/** One instruction, its continuation lines joined. */
export interface Instruction {
  readonly keyword: string
  /** The text after the keyword, flags included. */
  readonly args: string
  readonly line: number
}

/** A command as Docker runs it: exec form (argv, no shell) or shell form (`/bin/sh -c`). */
export type Command =
  | { readonly form: "exec"; readonly argv: string[] }
  | { readonly form: "shell"; readonly text: string }

export interface Stage {
  readonly from: string
  readonly name: string | undefined
  readonly instructions: Instruction[]
  /** The final WORKDIR (absolute; `/` when none is set). */
  readonly workdir: string
  readonly env: Record<string, string>
  readonly user: string | undefined
  readonly cmd: Command | undefined
  readonly entrypoint: Command | undefined
}

export interface Dockerfile {
  readonly args: Record<string, string>
  readonly stages: Stage[]
  /** The stage an image ends with (what `docker build` without `--target` produces). */
  readonly final: Stage
}

/** Splits a Dockerfile into instructions: comments and blank lines dropped, `\` continuations joined. */
export const instructions = (text: string): Instruction[] => {
  const out: Instruction[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] as string
    if (/^\s*(#.*)?$/.test(first)) continue
    const start = i + 1
    let joined = first
    let continued = /\\\s*$/.test(joined)
    while (continued && i + 1 < lines.length) {
      joined = joined.replace(/\\\s*$/, "")
      i++
      const next = lines[i] as string
      // Comment lines inside a continued instruction are dropped, as Docker does.
      if (/^\s*#/.test(next)) continue
      joined += ` ${next.trim()}`
      continued = /\\\s*$/.test(joined)
    }
    const m = /^\s*(\S+)\s*(.*)$/.exec(joined) as RegExpExecArray
    out.push({ keyword: (m[1] as string).toUpperCase(), args: (m[2] as string).trim(), line: start })
  }
  return out
}

/** `${NAME}` / `$NAME` replaced from `vars` (Docker's substitution, without the `:-` forms we do not use). */
const substitute = (text: string, vars: Record<string, string>): string =>
  text.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (_, a: string | undefined, b: string | undefined) => vars[(a ?? b) as string] ?? "",
  )

/** Unquotes one `key=value` word of ENV/ARG. */
const unquote = (value: string): string =>
  /^".*"$/.test(value) ? (JSON.parse(value) as string) : /^'.*'$/.test(value) ? value.slice(1, -1) : value

/** The `key=value` pairs of ENV or ARG (quoted values may hold spaces); also the legacy `ENV key value`. */
export const keyValues = (args: string): Array<[string, string | undefined]> => {
  if (!/^[\w.-]+=/.test(args)) {
    const m = /^(\S+)(?:\s+(.*))?$/.exec(args) as RegExpExecArray
    return [[m[1] as string, m[2]]]
  }
  const out: Array<[string, string | undefined]> = []
  const word = /([\w.-]+)(?:=("(?:[^"\\]|\\.)*"|'[^']*'|\S*))?/g
  for (let m = word.exec(args); m !== null; m = word.exec(args))
    out.push([m[1] as string, m[2] === undefined ? undefined : unquote(m[2])])
  return out
}

/** CMD/ENTRYPOINT/RUN: a JSON array is the exec form, anything else the shell form. */
export const parseCommand = (args: string): Command => {
  if (args.startsWith("[")) {
    try {
      const argv = JSON.parse(args) as unknown
      if (Array.isArray(argv) && argv.every((a) => typeof a === "string")) return { form: "exec", argv }
    } catch {
      // Docker runs an invalid JSON array through the shell: so do we.
    }
  }
  return { form: "shell", text: args }
}

/** `--from=build`, `--chown=…` flags of COPY/ADD/RUN, and the rest. */
export const flags = (args: string): { flags: Record<string, string>; rest: string } => {
  const out: Record<string, string> = {}
  let rest = args
  for (
    let m = /^--([\w-]+)(?:=(\S+))?\s*/.exec(rest);
    m !== null;
    m = /^--([\w-]+)(?:=(\S+))?\s*/.exec(rest)
  ) {
    out[m[1] as string] = m[2] ?? "true"
    rest = rest.slice(m[0].length)
  }
  return { flags: out, rest }
}

/** Parses a Dockerfile: its stages with the WORKDIR, ENV, USER, CMD and ENTRYPOINT each ends with. */
export const parseDockerfile = (text: string): Dockerfile => {
  const args: Record<string, string> = {}
  const stages: Stage[] = []
  let current: { -readonly [K in keyof Stage]: Stage[K] } | undefined
  for (const ins of instructions(text)) {
    if (ins.keyword === "FROM") {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args)
      if (!m) throw new Error(`line ${ins.line}: cannot read FROM ${ins.args}`)
      const from = substitute(m[1] as string, args)
      const base = stages.find((s) => s.name === from)
      current = {
        from,
        name: m[2],
        instructions: [],
        workdir: base?.workdir ?? "/",
        env: { ...(base?.env ?? {}) },
        user: base?.user,
        cmd: base?.cmd,
        entrypoint: base?.entrypoint,
      }
      stages.push(current)
      continue
    }
    if (current === undefined) {
      if (ins.keyword === "ARG") for (const [k, v] of keyValues(ins.args)) args[k] = v ?? ""
      continue
    }
    current.instructions.push(ins)
    const vars = { ...args, ...current.env }
    switch (ins.keyword) {
      case "WORKDIR":
        current.workdir = posix.resolve(current.workdir, substitute(ins.args, vars))
        break
      case "ENV":
        for (const [k, v] of keyValues(ins.args)) current.env[k] = substitute(v ?? "", vars)
        break
      case "USER":
        current.user = substitute(ins.args, vars)
        break
      case "CMD":
        current.cmd = parseCommand(ins.args)
        break
      case "ENTRYPOINT":
        current.entrypoint = parseCommand(ins.args)
        // Docker resets an inherited CMD when ENTRYPOINT is set.
        current.cmd = undefined
        break
    }
  }
  const final = stages.at(-1)
  if (final === undefined) throw new Error("no FROM: not a Dockerfile")
  return { args, stages, final }
}

export const readDockerfile = (name: ImageName): Dockerfile =>
  parseDockerfile(readFileSync(dockerfilePath(name), "utf8"))

/**
 * What the container runs: ENTRYPOINT's argv followed by CMD's (both exec form), or an error naming what
 * is not exec form (a shell would stand between the runtime and node and swallow SIGTERM).
 */
export const argvOf = (stage: Stage): string[] => {
  const parts = [stage.entrypoint, stage.cmd].filter((c): c is Command => c !== undefined)
  if (parts.length === 0) throw new Error("the final stage has neither CMD nor ENTRYPOINT")
  return parts.flatMap((c) => {
    if (c.form !== "exec") throw new Error(`not exec form: ${c.text}`)
    return c.argv
  })
}

/**
 * Where a path of the image lives in this checkout: the runtime stages lay the app out as in the repository,
 * with `/app` standing for its root (`/app/apps/server/dist` is `apps/server/dist`).
 */
export const inRepo = (imagePath: string): string => {
  if (imagePath !== "/app" && !imagePath.startsWith("/app/"))
    throw new Error(`${imagePath} is outside /app, the image's copy of the repository layout`)
  return join(repoRoot, imagePath.slice("/app".length))
}
