# syntax=docker/dockerfile:1
# Kassa's container image: the release of this checkout (`npm run release`) installed with production
# dependencies only by the release's own install.sh, the script server/test/release runs on every
# `npm test`: the image installs and starts Kassa exactly as that test does. The machine this file was
# written on has no container engine, so the image itself was not built there.
#
#   docker build -t kassa .          (compose.yaml builds it too)
#   docker run --rm kassa --version
ARG NODE_VERSION=22

# The release: compiled server, browser bundles, migrations, OpenAPI document, packed by npm.
FROM node:${NODE_VERSION}-bookworm-slim AS release
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run release -- /release

# What runs: the tarball installed into /opt/kassa, nothing else of the repository.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production
COPY --from=release /release /release
RUN sh /release/install.sh /opt/kassa && rm -rf /release /root/.npm
ENV PATH=/opt/kassa/node_modules/.bin:$PATH
USER node
WORKDIR /home/node
EXPOSE 3000
ENTRYPOINT ["kassa"]
CMD ["start"]
