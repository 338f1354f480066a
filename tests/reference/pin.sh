#!/bin/sh
# Writes releases/<release>/go.mod for a k8s.io/kubernetes version, pinning every staging
# module it replaces with ./staging to the matching v0.X.Y, then resolves go.sum.
# Usage: tests/reference/pin.sh v1.37.2
set -eu
cd "$(dirname "$0")"
version=$1
minor=$(echo "$version" | cut -d. -f1-2)
staging_version=v0.$(echo "$version" | cut -d. -f2-3)
dir=releases/$minor
mkdir -p "$dir"
upstream_mod=$(go mod download -json "k8s.io/kubernetes@$version" | sed -n 's/.*"GoMod": "\(.*\)",*/\1/p')
go_directive=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$upstream_mod")
{
  echo "// kube-reference linked with kube-scheduler $version (written by pin.sh)."
  echo "module podfit.test/reference"
  echo
  echo "go $go_directive"
  echo
  echo "require k8s.io/kubernetes $version"
  echo
  echo "replace ("
  sed -n 's#^\s*\(k8s.io/[a-z0-9-]*\) => ./staging/src/.*#\1#p' "$upstream_mod" | sort -u | while read -r module; do
    echo "	$module => $module $staging_version"
  done
  echo ")"
} > "$dir/go.mod"
go mod tidy -e -modfile="$dir/go.mod"
