#!/usr/bin/env bash
# `cmake --install` as a user runs it (into a scratch DESTDIR): podfit, kubectl-podfit, the
# completions and the manual page land where kubectl, the shells and man look; then the real
# kubectl finds the plugin on PATH and `kubectl podfit ...` gives what `podfit ...` gives.
# Usage: kubectl_plugin.sh BUILD_DIR   (run from the repository root)
set -u
build=$(realpath "$1")
if ! command -v kubectl >/dev/null 2>&1; then
  echo "FAIL: kubectl is not installed (Debian package kubernetes-client; tools/install-deps.sh installs it)"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}

if ! DESTDIR="$work/root" cmake --install "$build" --prefix /usr/local >"$work/install.log" 2>&1; then
  cat "$work/install.log"
  echo "FAIL: cmake --install"
  exit 1
fi
prefix="$work/root/usr/local"
for file in bin/podfit share/man/man1/podfit.1.gz share/bash-completion/completions/podfit \
  share/zsh/site-functions/_podfit share/fish/vendor_completions.d/podfit.fish; do
  [ -f "$prefix/$file" ] && echo "ok   installed $file" || fail "cmake --install did not install $file"
done
if [ "$(readlink "$prefix/bin/kubectl-podfit")" = podfit ]; then
  echo "ok   installed bin/kubectl-podfit -> podfit"
else
  fail "bin/kubectl-podfit is not a link to podfit"
fi

export HOME="$work" PATH="$prefix/bin:$PATH"
if kubectl plugin list 2>/dev/null | grep -qx "$prefix/bin/kubectl-podfit"; then
  echo "ok   kubectl plugin list shows $prefix/bin/kubectl-podfit"
else
  fail "kubectl plugin list does not show kubectl-podfit"; kubectl plugin list
fi

# The same run, as podfit and as kubectl's plugin: same output, same exit code.
args=(check -f testdata/real/kubectl-get.json --pod testdata/real/run-overrides.json -o wide)
podfit "${args[@]}" >"$work/direct.out" 2>"$work/direct.err"
direct=$?
kubectl podfit "${args[@]}" >"$work/plugin.out" 2>"$work/plugin.err"
plugin=$?
if [ $direct -eq 1 ] && [ $plugin -eq 1 ] && cmp -s "$work/direct.out" "$work/plugin.out" &&
  cmp -s "$work/direct.err" "$work/plugin.err"; then
  echo "ok   kubectl podfit ${args[*]}: same output and exit code as podfit"
else
  fail "kubectl podfit ${args[*]} (exit $plugin; podfit: exit $direct)"
  diff "$work/direct.out" "$work/plugin.out" | head
fi
kubectl podfit check -f testdata/real/kubectl-get.json -o yaml >/dev/null 2>&1
[ $? -eq 1 ] && echo "ok   kubectl podfit check ...: exit code 1 passed through" || fail "kubectl podfit: exit code lost"
kubectl podfit check -f testdata/bad/invalid-quantity.yaml >/dev/null 2>&1
[ $? -eq 2 ] && echo "ok   kubectl podfit check <bad input>: exit code 2 passed through" || fail "kubectl podfit: exit code 2 lost"

usage=$(kubectl podfit --help | grep '^Usage:')
[ "$usage" = "Usage: kubectl podfit [OPTIONS] SUBCOMMAND" ] && echo "ok   kubectl podfit --help: $usage" ||
  fail "kubectl podfit --help says: $usage"
version=$(kubectl podfit --version)
[ "$version" = "$(podfit --version)" ] && echo "ok   kubectl podfit --version: $version" || fail "kubectl podfit --version: $version"

echo "kubectl: $(kubectl version --client 2>/dev/null | head -1)"
if [ $failed -ne 0 ]; then
  echo "$failed plugin check(s) failed"
  exit 1
fi
exit 0
