#!/usr/bin/env bash
# Brings up a Docker-compatible container engine for the container tests and local use: podman (rootful,
# runc, netavark) serving the Docker API on a unix socket, plus a tiny busybox image built locally (no registry).
# Debian, as root. Idempotent: packages already installed are kept, a socket that answers is reused.
#   PENNON_ENGINE_SOCKET  where the API listens (default /var/run/docker.sock)
#   PENNON_ENGINE_IMAGE   the test image name (default localhost/pennon-busybox:latest)
set -euo pipefail
SOCK=${PENNON_ENGINE_SOCKET:-/var/run/docker.sock}
IMAGE=${PENNON_ENGINE_IMAGE:-localhost/pennon-busybox:latest}
LOG_DIR=${PENNON_ENGINE_LOG_DIR:-/tmp}
export DEBIAN_FRONTEND=noninteractive

ping_engine() { curl -sf --max-time 2 --unix-socket "$SOCK" http://engine/_ping >/dev/null 2>&1; }

if [ "$(id -u)" != 0 ] || [ ! -f /etc/debian_version ]; then
  echo "container-engine-up: needs root on Debian; elsewhere start Docker or podman yourself" >&2
  exit 1
fi

PACKAGES=(podman runc netavark aardvark-dns iptables catatonit busybox-static curl)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "container-engine-up: installing ${missing[*]}" >&2
  # netavark is named so that apt does not pick containernetworking-plugins for container-network-stack.
  if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >"$LOG_DIR/pennon-engine-apt.log" 2>&1; then
    apt-get update -q >>"$LOG_DIR/pennon-engine-apt.log" 2>&1
    apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$LOG_DIR/pennon-engine-apt.log" 2>&1
  fi
fi

# runc rather than crun (crun refuses hybrid cgroups); ulimits within what the sandbox allows
# (no CAP_SYS_RESOURCE: podman's default nofile=1048576 fails; podman itself caps nproc at 32768).
NOFILE=$(ulimit -Hn); [ "$NOFILE" = unlimited ] && NOFILE=1048576
NPROC=32768
mkdir -p /etc/containers
cat >/etc/containers/containers.conf <<CONF
# Written by Pennon's scripts/container-engine-up.sh
[containers]
default_ulimits = ["nofile=${NOFILE}:${NOFILE}", "nproc=${NPROC}:${NPROC}"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
# The backend is netavark; a leftover CNI config only produces warnings.
rm -f /etc/cni/net.d/87-podman-bridge.conflist

if ! podman image exists "$IMAGE"; then
  R=$(mktemp -d)
  mkdir -p "$R/bin" "$R/etc" "$R/tmp"
  cp /bin/busybox "$R/bin/busybox"
  for a in sh nc httpd cat echo ls env sleep wget ifconfig ip head dd true; do ln -s busybox "$R/bin/$a"; done
  echo 'root:x:0:0:root:/:/bin/sh' >"$R/etc/passwd"
  echo 'root:x:0:' >"$R/etc/group"
  tar -C "$R" -cf "$R.tar" .
  podman import --change 'CMD ["/bin/sh"]' "$R.tar" "$IMAGE" >/dev/null
  rm -rf "$R" "$R.tar"
fi

if ! ping_engine; then
  rm -f "$SOCK"
  mkdir -p "$(dirname "$SOCK")"
  setsid podman system service --time=0 "unix://$SOCK" >"$LOG_DIR/pennon-engine.log" 2>&1 </dev/null &
  echo $! >"$LOG_DIR/pennon-engine.pid"
  for _ in $(seq 1 100); do ping_engine && break; sleep 0.1; done
fi
if ! ping_engine; then
  echo "container-engine-up: the engine did not answer on $SOCK (see $LOG_DIR/pennon-engine.log)" >&2
  exit 1
fi
echo "container-engine-up: engine ready on unix://$SOCK, test image $IMAGE" >&2
