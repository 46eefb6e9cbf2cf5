# opsbot's image. Build: docker build -t opsbot . — run: docker run --env-file .env -p 3000:3000 opsbot
# (README, "In a container"). Two stages: dependencies are installed on Linux in the first, so the
# native canvas package for the image's platform is the one installed; the second carries only
# production dependencies and the sources (Node runs the TypeScript directly: there is no build).

FROM node:24-trixie-slim AS build
WORKDIR /app
# Dependencies first: this layer is reused until package.json or the lockfile change.
COPY package.json package-lock.json .npmrc ./
# (No `npm cache clean`: the cache stays in this stage, which the image does not carry.)
RUN npm ci --omit=dev --ignore-scripts

FROM node:24-trixie-slim AS runtime
# tini as PID 1 passes SIGTERM on to Node (opsbot's graceful stop depends on it) and reaps zombies.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json .npmrc ./
COPY src ./src
# The sources stay root's and read-only; only the SQLite folder and the demo's output are writable.
RUN mkdir -p data demo-output && chown node:node data demo-output
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The Procfile's web command, word for word (test/repo/deploy checks it).
CMD ["/bin/sh", "-c", "node src/require-node.cjs && MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 exec node --max-semi-space-size=4 --max-old-space-size=160 src/main.ts"]
