#!/bin/sh
# Prints, one per line and sorted, the feature gates that the code podfit models reads in any
# release of releases/: kube-scheduler, the API server's validation, defaulting and field
# dropping of the kinds podfit decodes, the admission plugins, the quota evaluators, the
# kubelet's admission, the DRA allocator and the scheduling helpers. A gate outside this list
# changes nothing podfit evaluates. Reads the Kubernetes modules from Go's module cache (the
# referee's build puts them there); read_by_modelled_code.txt is what this printed.
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
command -v go >/dev/null 2>&1 || PATH=$PATH:/usr/local/go/bin
cache=$(go env GOMODCACHE)
dirs="pkg/scheduler pkg/api/pod pkg/api/node pkg/api/persistentvolume pkg/api/persistentvolumeclaim
pkg/api/resourceclaimspec pkg/api/job pkg/apis/core pkg/apis/apps pkg/apis/batch pkg/apis/storage pkg/apis/resource
pkg/apis/scheduling pkg/apis/node pkg/apis/policy pkg/registry/core/pod pkg/registry/core/node
pkg/registry/core/persistentvolume pkg/registry/core/persistentvolumeclaim pkg/registry/core/namespace
pkg/registry/core/resourcequota pkg/registry/core/limitrange pkg/registry/core/replicationcontroller
pkg/registry/core/podtemplate pkg/registry/apps pkg/registry/batch pkg/registry/storage pkg/registry/resource
pkg/registry/scheduling pkg/registry/node pkg/registry/policy plugin/pkg/admission pkg/quota pkg/kubelet/lifecycle
pkg/volume/util"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for release in $(ls "$here/../releases"); do
  version=$(sed -n 's/^require k8s.io\/kubernetes \(v[0-9.]*\)$/\1/p; s/^\tk8s.io\/kubernetes \(v[0-9.]*\)$/\1/p' \
    "$here/../releases/$release/go.mod" | head -1)
  staging=v0.${version#v1.}
  kubernetes=$cache/k8s.io/kubernetes@$version
  [ -d "$kubernetes" ] || { echo "read_by_modelled_code.sh: $kubernetes is missing: build the referee first" >&2; exit 2; }
  read=""
  for d in $dirs; do [ -e "$kubernetes/$d" ] && read="$read $kubernetes/$d"; done
  read="$read $cache/k8s.io/dynamic-resource-allocation@$staging $cache/k8s.io/component-helpers@$staging"
  # Identifiers such as features.X or genericfeatures.X that name a gate of this release.
  grep -rhoE --include='*.go' --exclude='*_test.go' '\b[A-Za-z]*features?\.[A-Z][A-Za-z0-9]+\b' $read |
    sed 's/.*\.//' | sort -u >"$tmp/read"
  sed -n 's/.*"name":"\([A-Za-z0-9]*\)".*/\1/p' "$here/$release.json" | sort -u >"$tmp/gates"
  comm -12 "$tmp/read" "$tmp/gates" >>"$tmp/all"
done
sort -u "$tmp/all"
