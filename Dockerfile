# syntax=docker/dockerfile:1
# Tollgate's container image: built with every dependency, run on a slim Node 20 with only the
# server's production dependencies, as an unprivileged user. See "Deploying" in the README.

ARG NODE_IMAGE=node:20-bookworm-slim

# Tools for native modules (better-sqlite3) when no prebuilt binary matches the platform.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests alone first, so the dependency layers are reused until they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY tools/mock-upstream/package.json tools/mock-upstream/
COPY e2e/package.json e2e/

# Everything, dev dependencies included: TypeScript, Vite.
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what the server needs at run time (the console is served as built files).
FROM toolchain AS runtime-dependencies
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
  PORT=3000 \
  SQLITE_PATH=/data/tollgate.db
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The SQLite database (when SQL_DSN is not set) lives in the volume, owned by the user that runs.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz answers while the process serves; orchestrators should use /readyz for traffic.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
