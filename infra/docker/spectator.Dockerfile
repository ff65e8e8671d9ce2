# syntax=docker/dockerfile:1.7
# The spectator site (apps/spectator, Next.js): lobby, live games, replays; it reads only the game server's API
# at $BOROUGHS_API_URL (server side). Build context: the repository root.
#   docker build -f infra/docker/spectator.Dockerfile -t boroughs/spectator .
# Runtime: the production build (.next, without its build cache), next.config.ts, and the app's production
# dependencies, served by `next start` run by plain node as the `node` user. Nothing is built at start.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV CI=true TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1
RUN npm install --global --no-fund --no-audit pnpm@10.34.9
WORKDIR /repo
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=boroughs-pnpm,target=/pnpm/store pnpm fetch --store-dir /pnpm/store
COPY . .
# pnpm 10's deploy copies workspace packages into the output (injected): the setting is given to it alone, so
# the workspace keeps its symlinked packages and the deploy still follows the lockfile (no resolution).
RUN --mount=type=cache,id=boroughs-pnpm,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline --store-dir /pnpm/store \
 && pnpm --filter @boroughs/spectator run build \
 && rm -rf apps/spectator/.next/cache \
 && pnpm --config.inject-workspace-packages=true --filter @boroughs/spectator deploy --prod --offline --store-dir /pnpm/store /deploy

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 BOROUGHS_API_URL=http://server:8080
WORKDIR /app/apps/spectator
COPY --from=build /deploy/package.json ./package.json
COPY --from=build /deploy/node_modules ./node_modules
COPY --from=build /repo/apps/spectator/next.config.ts ./next.config.ts
# Next.js writes its response cache under .next/cache at run time: the only part the `node` user may write.
COPY --from=build /repo/apps/spectator/.next ./.next
RUN mkdir -p .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "node_modules/next/dist/bin/next", "start", "--hostname", "0.0.0.0"]
