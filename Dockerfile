# syntax=docker/dockerfile:1
# ClinicPass API image (docs/deploy.md, decision 264): built in one stage, run in another with
# production dependencies only, as a non-root user. The same image runs the API (default command)
# and the migrate step / operator commands (`node apps/server/dist/cli/<command>.js`).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# The PDFs' CJK font (decision 197).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --include-workspace-root=false \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/templates apps/server/templates
COPY --from=build /app/apps/server/src/db/reference apps/server/src/db/reference
COPY --from=build /app/apps/web/dist apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The server's start-up flags: scripts/server-node-flags.mjs (checked by packaging.test.ts).
CMD ["node", "--max-semi-space-size=32", "--heap-growing-percent=30", "--expose-gc", "apps/server/dist/server.js"]
