# kmutate KRM function image: ghcr.io/kmutate/kmutate:v0.1.0
# Build: docker build -t ghcr.io/kmutate/kmutate:v0.1.0 .
# The running container writes nothing to disk (works with a read-only root filesystem).
# test/e2e/container-runtime.test.ts reads this file, assembles the final stage's file system and runs
# its ENTRYPOINT as its USER on a read-only root; a RUN step it cannot emulate fails that test.

FROM node:20-alpine AS build
WORKDIR /src
COPY package.json package-lock.json ./
# No lifecycle scripts here: `prepare` builds, and the sources are not copied yet.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
RUN npx tsc -p tsconfig.json && node scripts/post-build.mjs \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-alpine
ENV NODE_ENV=production
WORKDIR /opt/kmutate
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist/src ./dist/src
COPY krm ./krm
COPY LICENSE README.md ./
RUN ln -s /opt/kmutate/dist/src/cli/bin.js /usr/local/bin/kmutate
# The node image's unprivileged user (uid 1000).
USER node
# Absolute paths: kustomize passes the host's PATH into the container (`-e PATH`), which may lack
# /usr/local/bin; neither the entrypoint nor node is looked up through it.
ENTRYPOINT ["/usr/local/bin/node", "/opt/kmutate/dist/src/cli/bin.js"]
