# syntax=docker/dockerfile:1.7
# The house bots (apps/cli, `boroughs start --api-url … --no-site`): they create a game of every registered game
# on the server, one after the other, and play every seat through the server's bot gateway like remote bots.
# Build context: the repository root.
#   docker build -f infra/docker/house-bots.Dockerfile -t boroughs/house-bots .
# Runtime: the esbuild bundle (apps/cli/dist) and the CLI's production dependencies, run by plain node as the
# `node` user. The same image runs any other `boroughs` command: `docker run boroughs/house-bots node dist/boroughs.js verify …`.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV CI=true TURBO_TELEMETRY_DISABLED=1
RUN npm install --global --no-fund --no-audit pnpm@10.34.9
WORKDIR /repo
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=boroughs-pnpm,target=/pnpm/store pnpm fetch --store-dir /pnpm/store
COPY . .
# pnpm 10's deploy copies workspace packages into the output (injected): the setting is given to it alone, so
# the workspace keeps its symlinked packages and the deploy still follows the lockfile (no resolution).
RUN --mount=type=cache,id=boroughs-pnpm,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline --store-dir /pnpm/store \
 && pnpm --filter @boroughs/cli run build \
 && pnpm --config.inject-workspace-packages=true --filter @boroughs/cli deploy --prod --offline --store-dir /pnpm/store /deploy

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app/apps/cli
COPY --from=build /deploy/package.json ./package.json
COPY --from=build /deploy/node_modules ./node_modules
COPY --from=build /repo/apps/cli/dist ./dist
USER node
# The server's address is the compose service's; elsewhere override the command's --api-url. The organiser
# token comes from BOROUGHS_ORGANISER_TOKEN_FILE (a secret file) or BOROUGHS_ORGANISER_TOKEN, never argv.
CMD ["node", "dist/boroughs.js", "start", "--api-url", "http://server:8080", "--no-site"]
