# syntax=docker/dockerfile:1
# The Yapture Marketplace image: `docker build -t yapture-marketplace .` (docs/deploy.md).
# One image, three commands, each with `node` as PID 1 (the processes handle SIGTERM themselves):
#   node serve.mjs    the web server (the default)
#   node worker.mjs   the email worker
#   node migrate.mjs  apply the database migrations, then exit (run it before starting new servers)
# Debian (glibc) base: the traced node_modules carry glibc builds of sharp; Alpine would need musl ones.
ARG NODE_IMAGE=node:20-bookworm-slim

# --- deps: node_modules from the lock file, cached while package*.json do not change --------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- build: next build, then our server, worker and migrate command bundled into .next/standalone --
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# --- idp: the bundled development identity provider (compose.yaml's stand-in for Yapture) ---------
# Never in production: it accepts any email.
FROM build AS idp
ENV IDP_HOST=0.0.0.0 IDP_PORT=4000
EXPOSE 4000
USER node
CMD ["node", "--import", "tsx", "scripts/idp.ts"]

# --- runtime: only the standalone folder, run by an unprivileged user -----------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# The V8 heap cap of the default 256 MB server (docs/benchmarks.md); raise it with the memory limit.
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    NODE_OPTIONS=--max-old-space-size=256
COPY --from=build --chown=root:root /app/.next/standalone ./
# The files are root's and read-only to the server; `node` (uid 1000, from the base image) runs it.
USER node
EXPOSE 3000
# Liveness, not readiness: /api/health answers while the process can serve, without touching the
# database, so a database outage does not get every instance restarted (they recover by themselves).
# Readiness (/api/ready: database reachable, migrations applied) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "serve.mjs"]
