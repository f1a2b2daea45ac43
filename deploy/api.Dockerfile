# The API and the queue worker (same image, another command).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# The test data (api/dist/test-data) is the benches' and the browser journeys': it stays out of the image.
RUN npm install --no-audit --no-fund \
  && (cd common && npx tsc -p tsconfig.build.json) \
  && (cd api && npx tsc -p tsconfig.build.json) \
  && rm -rf api/dist/test-data

FROM node:24-bookworm-slim
WORKDIR /app
# glibc's malloc told to give memory back (MEMORY_GIVEN_BACK in scripts/node-runtime.mjs; see MALLOC_ARENA_MAX in the
# README): two arenas, and every block over 128 KB mapped on its own, returned when freed.
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium-headless-shell MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# Chromium's headless shell renders the public pages (the worker's prerender jobs) and prints the PDFs; libheif's
# heif-convert decodes phones' HEIC photos natively, qpdf opens PDFs protected by an owner password only.
RUN apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell fonts-dejavu-core libheif-examples qpdf && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
RUN npm install --omit=dev --no-audit --no-fund --workspace api --include-workspace-root=false
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/api/dist api/dist
# New volumes mounted on /data and /data/private take this ownership: the service account writes there, alone.
RUN mkdir -p /data/private && chown -R node:node /data && chmod 700 /data/private
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]
