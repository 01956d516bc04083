# syntax=docker/dockerfile:1
# One image for the relayer (default command) and the web app's server (compose.yaml runs both), and the
# dev chain of deploy/compose.devchain.yaml. See docs/OPERATING.md.
#
# The relayer runs as one prebuilt JavaScript bundle of packages/server/src/main.ts (scripts/bundle.mjs,
# built in the build stage from the same sources `npm test` tested): loading the TypeScript through tsx
# cost 1.6-3 s of every start (some 1,300 modules resolved and compiled one by one), the bundle ~0.3 s.
# Packages that find files next to their own code (PGlite, native addons, swagger-ui) stay outside it,
# in node_modules as installed below; the migrations are read from packages/server/src as before.

# A pinned version (packages/server/src/ops/composeFile.test.ts refuses floating tags): a rebuild gets the
# same Node; bump it on purpose.
ARG NODE_IMAGE=node:22.16.0-bookworm-slim

# --- The manifests: each install below depends on these files only ---------------------------------
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/protocol/package.json packages/protocol/
COPY packages/contracts/package.json packages/contracts/
COPY packages/devchain/package.json packages/devchain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/

# --- Every dependency, dev tools included, and the builds: contract artifacts, the web app ----------
FROM manifests AS build
# Install scripts off: the root postinstall builds the contracts, which needs their sources (below).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build -w @relayer/contracts && npm run build -w @relayer/web && node scripts/bundle.mjs server

# --- Production dependencies only (`dependencies` of each package), then the sources and builds -----
FROM manifests AS prod
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY . .
COPY --from=build /app/packages/contracts/src/generated ./packages/contracts/src/generated
COPY --from=build /app/packages/web/dist ./packages/web/dist
COPY --from=build /app/packages/server/dist ./packages/server/dist

# --- Runtime: the code owned by root and read-only to the process, which runs as `node` -------------
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX=2: glibc gives each of Node's threads its own malloc arena, each keeping what was freed
# in it; two arenas keep a relayer restarted on a large book smaller at the same CPU (docs/PERFORMANCE.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data/db
WORKDIR /app
COPY --from=prod /app /app
# PGlite's directory when DATABASE_URL is not set (one instance only); compose.yaml uses PostgreSQL.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
CMD ["node", "packages/server/dist/main.mjs"]
