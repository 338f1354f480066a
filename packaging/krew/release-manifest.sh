#!/bin/sh
# Prints podfit.yaml for a release: the version, the archive's address and its sha256.
# Usage: packaging/krew/release-manifest.sh ARCHIVE VERSION [URI]
#   ARCHIVE  the .tar.gz `cpack` made (podfit-VERSION-linux-amd64.tar.gz)
#   URI      where the release publishes it (default: the address in podfit.yaml, for VERSION)
set -eu
archive=$1
version=$2
here=$(cd "$(dirname "$0")" && pwd)
template_version=$(sed -n 's/^  version: v//p' "$here/podfit.yaml")
default_uri=$(sed -n 's/^    uri: //p' "$here/podfit.yaml" | sed "s/$template_version/$version/g")
uri=${3:-$default_uri}
sha=$(sha256sum "$archive" | cut -d' ' -f1)
sed -e "s|^  version: v.*|  version: v$version|" \
    -e "s|^    uri: .*|    uri: $uri|" \
    -e "s|^    sha256: .*|    sha256: $sha|" "$here/podfit.yaml"
