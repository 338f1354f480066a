#!/bin/sh
# Builds kube-reference for each release given (default: every releases/<release>) into
# OUT (default: build/reference at the top of the checkout), as kube-reference-<release>.
# Go caches its builds (GOCACHE) and modules (GOMODCACHE): only the first build of a
# release compiles the Kubernetes modules.
set -eu
cd "$(dirname "$0")"
out=${OUT:-../../build/reference}
mkdir -p "$out"
releases=${*:-$(ls releases)}
for release in $releases; do
  minor=$(echo "$release" | cut -d. -f2)
  # Cumulative tags, as Go's own go1.N tags: k8s1.33 holds from v1.33 on.
  tags=""
  n=33
  while [ "$n" -le "$minor" ]; do tags="$tags k8s1.$n"; n=$((n + 1)); done
  version=$(sed -n 's/^require k8s.io\/kubernetes \(v[0-9.]*\)$/\1/p; s/^\tk8s.io\/kubernetes \(v[0-9.]*\)$/\1/p' "releases/$release/go.mod" | head -1)
  go build -modfile="releases/$release/go.mod" -tags "$tags" -trimpath -buildvcs=false \
    -ldflags "-X main.release=$version" -o "$out/kube-reference-$release" ./kube-reference
done
