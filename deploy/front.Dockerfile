# One front app (APP = shell, mf-public, mf-account, mf-admin or mf-pdf) as its own static service.
FROM node:24-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && cd "$APP" && npx webpack --mode production

FROM nginx:1.27-alpine
ARG APP
# The shell falls back to its index.html for page paths; a remote answers 404 for a missing file.
ARG SPA_FALLBACK==404
ENV SPA_FALLBACK=${SPA_FALLBACK}
COPY deploy/nginx/static.conf /etc/nginx/templates/default.conf.template
COPY deploy/nginx/security-headers.conf /etc/nginx/security-headers.conf
COPY deploy/nginx/logging.conf /etc/nginx/logging.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
