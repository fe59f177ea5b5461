#!/usr/bin/env bash
# tests/mpi/netns.sh - two "hosts" on one machine for cluster-mode runs across a network:
# each host is a Linux network namespace with its own address on a bridge, and mpirun
# starts its daemons in them through an rsh agent (Open MPI's plm_rsh_agent), so the ranks
# of different hosts talk over TCP between network stacks, as between nodes.
#
#   tests/mpi/netns.sh up DIR      make the hosts; DIR/mpirun-args holds the mpirun options
#                                  (hostfile, agent, interfaces); exit 77 with a reason when
#                                  the machine does not allow it (not root, no ip, no netns)
#   tests/mpi/netns.sh down DIR    remove them
#   DIR/agent HOST CMD...          (made by up) what mpirun calls to start CMD on HOST
set -u
cmd=$1 dir=$2
tag=$(printf '%x' $(( $$ % 65536 )))        # unique names: several runs may share a machine
net=198.18.$(( $$ % 250 ))           # RFC 2544 test range: no real network uses it

down() {
  [ -f "$dir/names" ] || return 0
  while read -r kind name; do
    case $kind in
      ns) ip netns del "$name" 2>/dev/null ;;
      link) ip link del "$name" 2>/dev/null ;;
    esac
  done < "$dir/names"
  rm -f "$dir/names"
}

up() {
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] || { echo "skipped: network namespaces need root"; exit 77; }
  command -v ip >/dev/null || { echo "skipped: no ip (iproute2)"; exit 77; }
  : > "$dir/names"
  local br=nrtb$tag
  if ! ip link add "$br" type bridge 2>/dev/null; then
    echo "skipped: cannot create a bridge (no CAP_NET_ADMIN?)"; exit 77
  fi
  echo "link $br" >> "$dir/names"
  ip addr add "$net.1/24" dev "$br" && ip link set "$br" up || { down; exit 1; }
  : > "$dir/hosts"; : > "$dir/map"
  local h
  for h in 1 2; do
    local ns=nrth$tag-$h veth=nrtv$tag$h ip=$net.$(( h + 1 ))
    ip netns add "$ns" || { down; echo "skipped: cannot create a network namespace"; exit 77; }
    echo "ns $ns" >> "$dir/names"
    ip link add "$veth" type veth peer name eth0 netns "$ns" &&
      echo "link $veth" >> "$dir/names" &&
      ip link set "$veth" master "$br" up &&
      ip -n "$ns" addr add "$ip/24" dev eth0 &&
      ip -n "$ns" link set eth0 up && ip -n "$ns" link set lo up || { down; exit 1; }
    echo "$ip slots=2" >> "$dir/hosts"
    echo "$ip $ns" >> "$dir/map"
  done
  cat > "$dir/agent" <<AGENT
#!/bin/sh
# rsh agent: [options] HOST CMD... -> CMD in HOST's network namespace
while [ \$# -gt 0 ] && [ "\${1#-}" != "\$1" ]; do shift; done
host=\$1; shift
ns=\$(awk -v h="\$host" '\$1 == h {print \$2}' "$dir/map")
[ -n "\$ns" ] || { echo "netns agent: unknown host \$host" >&2; exit 1; }
# its own host name too (a UTS namespace), as a node has
exec ip netns exec "\$ns" unshare --uts /bin/sh -c "hostname \$ns && exec \$*"
AGENT
  chmod +x "$dir/agent"
  echo "--hostfile $dir/hosts --mca plm_rsh_agent $dir/agent --mca oob_tcp_if_include $net.0/24" \
       "--mca btl_tcp_if_include $net.0/24 --mca btl tcp,self --mca routed direct --map-by node" > "$dir/mpirun-args"
}

case $cmd in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down DIR" >&2; exit 2 ;;
esac
