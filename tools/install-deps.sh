#!/bin/sh
# Installs the Debian packages podfit needs to build and test, skipping those already present.
set -eu
packages="build-essential cmake pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev doctest-dev libsimdjson-dev libyaml-dev libre2-dev"
# The time zone database, which CEL's timestamp accessors read for zone names.
packages="$packages tzdata"
# The end-to-end tests of the tool as installed: the shells its completions are for, man and
# groff for its manual page, dpkg-dev and file for the .deb cpack makes.
packages="$packages bash-completion zsh fish man-db groff-base dpkg-dev file"
# Debian's Python with jsonschema and yaml, which validate the JSON and YAML reports against
# docs/schemas/ (tests/cli/validate_json_reports.py runs with /usr/bin/python3).
packages="$packages python3 python3-jsonschema python3-yaml"
# jq, which the documentation's CI examples (run by the test suite) read the JSON reports with.
packages="$packages jq"
# kubectl, for the kubectl plugin and --live: Debian's, unless a kubectl is already installed
# (the Kubernetes project's own package provides the same command).
command -v kubectl >/dev/null 2>&1 || packages="$packages kubernetes-client"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing
fi
