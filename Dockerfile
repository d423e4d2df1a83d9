# One image for every app process of a deployment (see docs/DEPLOY.md).
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w @tt/web
# MEM-ARENA-1 (apps/server/src/platform/malloc-arenas.ts): two malloc arenas, not eight per core.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
EXPOSE 3000
CMD ["npm", "run", "serve", "-w", "@tt/server"]
