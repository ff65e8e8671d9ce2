# syntax=docker/dockerfile:1.7
# The game server (apps/server): HTTP API, SSE/NDJSON streams, bot gateway. Build context: the repository root.
#   docker build -f infra/docker/server.Dockerfile -t boroughs/server .
# Runtime: the esbuild bundle (apps/server/dist) and the server's production dependencies (PGlite stays outside
# the bundle: it loads its wasm and data files from beside its module), run by plain node as the `node` user.
# Nothing is installed or built at start.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV CI=true TURBO_TELEMETRY_DISABLED=1
RUN npm install --global --no-fund --no-audit pnpm@10.34.9
WORKDIR /repo
# The dependency layer depends on the lockfile alone: source edits do not download anything again.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=boroughs-pnpm,target=/pnpm/store pnpm fetch --store-dir /pnpm/store
COPY . .
# pnpm 10's deploy copies workspace packages into the output (injected): the setting is given to it alone, so
# the workspace keeps its symlinked packages and the deploy still follows the lockfile (no resolution).
RUN --mount=type=cache,id=boroughs-pnpm,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline --store-dir /pnpm/store \
 && pnpm --filter @boroughs/server run build \
 && pnpm --config.inject-workspace-packages=true --filter @boroughs/server deploy --prod --offline --store-dir /pnpm/store /deploy

FROM ${NODE_IMAGE} AS runtime
# BOROUGHS_HOME holds .boroughs/: the Ed25519 key that signs tournament round roots (made on first start when
# BOROUGHS_SIGNING_KEY names no file), the organiser token when none is given, PGlite's data when DATABASE_URL
# is not a PostgreSQL URL. Mount a volume there; replicas share it (they must sign with the same key).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 BOROUGHS_HOME=/var/lib/boroughs
# The repository's layout (/app is the repository root), so paths read the same in the image and in a checkout.
WORKDIR /app/apps/server
COPY --from=build /deploy/package.json ./package.json
COPY --from=build /deploy/node_modules ./node_modules
COPY --from=build /repo/apps/server/dist ./dist
RUN mkdir -p /var/lib/boroughs/.boroughs && chown -R node:node /var/lib/boroughs
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
