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

usage=$(kubectl podfit --help | sed -n '/^Usage:/{n;p}')
[ "$usage" = "  kubectl podfit COMMAND [flags]" ] && echo "ok   kubectl podfit --help: $usage" ||
  fail "kubectl podfit --help says: $usage"
usage=$(kubectl podfit check --help | sed -n '/^Usage:/{n;p}')
[ "$usage" = "  kubectl podfit check [flags]" ] && echo "ok   kubectl podfit check --help: $usage" ||
  fail "kubectl podfit check --help says: $usage"
kubectl podfit chek >/dev/null 2>"$work/chek.err"
[ $? -eq 2 ] && head -1 "$work/chek.err" | grep -qxF 'error: unknown command "chek" for "kubectl podfit"' &&
  echo "ok   kubectl podfit chek: unknown command for \"kubectl podfit\", exit 2" ||
  fail "kubectl podfit chek: $(cat "$work/chek.err")"

# kubectl's own completion of the plugin (kubectl v1.26 and later): `kubectl podfit <TAB>`
# makes kubectl run kubectl_complete-podfit from PATH, which answers with podfit __complete.
[ -x "$prefix/bin/kubectl_complete-podfit" ] && echo "ok   installed bin/kubectl_complete-podfit" ||
  fail "cmake --install did not install bin/kubectl_complete-podfit"
kubectl_completes() {
  local want=$1 got
  shift
  got=$(kubectl __complete "$@" 2>/dev/null | cut -f1 | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then
    echo "ok   kubectl __complete $*: $got"
  else
    fail "kubectl __complete $*: '$got', want '$want'"
  fi
}
kubectl_completes "check requeue admit place drain devices help version :4" podfit ""
kubectl_completes "json :4" podfit check -o j
kubectl_completes "yaml yml json :8" podfit check --pod ""
kubectl_completes "worker-1 worker-2 worker-3 worker-4 worker-5 :4" podfit admit -f testdata/demo/cluster.yaml --node worker-
version=$(kubectl podfit --version)
[ "$version" = "$(podfit --version)" ] && echo "ok   kubectl podfit --version: $version" || fail "kubectl podfit --version: $version"

echo "kubectl: $(kubectl version --client 2>/dev/null | head -1)"
if [ $failed -ne 0 ]; then
  echo "$failed plugin check(s) failed"
  exit 1
fi
exit 0
