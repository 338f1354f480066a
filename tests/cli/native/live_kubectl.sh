#!/usr/bin/env bash
# --live with the real kubectl: kubectl talks to the stand-in API server (recorded responses of a
# small cluster, testdata/live/api), so kubectl's own argument handling, kubeconfig and context
# selection, discovery and JSON output are exercised. The verdicts must be those podfit gives for
# the dump the same kubectl printed (tests/cli/cases/real-kubectl-get-json), and the same again
# through `kubectl podfit` without -f.
# Usage: live_kubectl.sh PODFIT_BINARY STUB_APISERVER_BINARY   (run from the repository root)
set -u
podfit=$(realpath "$1")
stub=$(realpath "$2")
root=$(pwd)
if ! command -v kubectl >/dev/null 2>&1; then
  echo "FAIL: kubectl is not installed (Debian package kubernetes-client; tools/install-deps.sh installs it)"
  exit 1
fi
work=$(mktemp -d)
stub_pid=""
trap 'if [ -n "$stub_pid" ]; then kill "$stub_pid" 2>/dev/null; fi; rm -rf "$work"' EXIT
failed=0
fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}

"$stub" "$root/testdata/live/api" 60 >"$work/port" 2>"$work/requests" &
stub_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
[ -n "$port" ] || { echo "FAIL: the stand-in API server did not start"; exit 1; }

# Two contexts: the recorded cluster, and the current one, whose server refuses connections.
cat >"$work/kubeconfig" <<CONFIG
apiVersion: v1
kind: Config
clusters:
- cluster:
    server: http://127.0.0.1:$port
  name: kind-podfit
- cluster:
    server: http://127.0.0.1:1
  name: gone
contexts:
- context:
    cluster: kind-podfit
    user: kind-podfit
  name: kind-podfit
- context:
    cluster: gone
    user: kind-podfit
  name: gone
current-context: gone
users:
- name: kind-podfit
  user: {}
CONFIG
unset KUBECTL  # the kubectl on PATH, the one kubectl podfit runs beside
export HOME="$work"  # kubectl's discovery cache goes here
mkdir "$work/bin"
ln -s "$podfit" "$work/bin/kubectl-podfit"
want="$root/tests/cli/cases/real-kubectl-get-json/expected.stdout"

# Runs a command; compares standard output with $want and the exit code with 1. Standard error
# is empty: the release modelled is the stand-in API server's, v1.37, which goes without saying.
same_verdicts() {
  local name=$1
  shift
  "$@" >"$work/out" 2>"$work/err"
  local code=$?
  if [ $code -eq 1 ] && diff -u "$want" "$work/out" >"$work/diff" &&
    [ ! -s "$work/err" ]; then
    echo "ok   $name"
  else
    fail "$name (exit $code, want 1)"
    head -20 "$work/diff" "$work/err"
  fi
}

same_verdicts "podfit check --live --kubeconfig K --context kind-podfit -o wide" \
  "$podfit" check --live --kubeconfig "$work/kubeconfig" --context kind-podfit -o wide
same_verdicts "kubectl podfit check --kubeconfig K --context kind-podfit -o wide (no -f: live)" \
  env PATH="$work/bin:$PATH" kubectl podfit check --kubeconfig "$work/kubeconfig" --context kind-podfit -o wide
same_verdicts "KUBECONFIG=K kubectl podfit check --context=kind-podfit -o wide" \
  env PATH="$work/bin:$PATH" KUBECONFIG="$work/kubeconfig" kubectl podfit check --context=kind-podfit -o wide

# Every kind podfit reads was asked for, across all namespaces.
for path in /api/v1/nodes /api/v1/pods /api/v1/namespaces /api/v1/persistentvolumes /api/v1/persistentvolumeclaims \
  /apis/storage.k8s.io/v1/storageclasses /apis/storage.k8s.io/v1/csinodes /apis/storage.k8s.io/v1/csidrivers \
  /apis/storage.k8s.io/v1/csistoragecapacities /apis/scheduling.k8s.io/v1/priorityclasses \
  /apis/node.k8s.io/v1/runtimeclasses /api/v1/limitranges /api/v1/resourcequotas /apis/policy/v1/poddisruptionbudgets \
  /apis/resource.k8s.io/v1/resourceslices /apis/resource.k8s.io/v1/deviceclasses; do
  grep -qx "200 $path" "$work/requests" || fail "kubectl never asked for $path"
done

# -n: another namespace has no pending pod; a --pod without a namespace goes into -n's.
env PATH="$work/bin:$PATH" kubectl podfit check --kubeconfig "$work/kubeconfig" --context kind-podfit -n kube-system \
  >"$work/out" 2>"$work/err"
code=$?
if [ $code -eq 0 ] && [ ! -s "$work/out" ] && grep -q "no pending pods" "$work/err"; then
  echo "ok   kubectl podfit check -n kube-system: no pending pods there"
else
  fail "kubectl podfit check -n kube-system (exit $code)"; cat "$work/out" "$work/err"
fi
env PATH="$work/bin:$PATH" kubectl podfit check --kubeconfig "$work/kubeconfig" --context kind-podfit -n shop \
  --pod testdata/real/run.json -o name >"$work/out" 2>"$work/err"
code=$?
if [ $code -eq 0 ] && [ "$(cat "$work/out")" = "$(printf 'node/podfit-worker\nnode/podfit-worker2')" ]; then
  echo "ok   kubectl podfit check -n shop --pod run.json -o name"
else
  fail "kubectl podfit check -n shop --pod run.json (exit $code)"; cat "$work/out" "$work/err"
fi

# The current context's server refuses connections: kubectl's own message, then podfit's, exit 2.
KUBECONFIG="$work/kubeconfig" "$podfit" check --live >"$work/out" 2>"$work/err"
code=$?
if [ $code -eq 2 ] && [ ! -s "$work/out" ] && grep -q "127.0.0.1:1" "$work/err" &&
  grep -q "^error: --live: kubectl failed (exit status 1) running: kubectl get " "$work/err"; then
  echo "ok   podfit check --live against a server that refuses connections: exit 2"
else
  fail "podfit check --live against a dead server (exit $code)"; cat "$work/out" "$work/err"
fi

# A context the kubeconfig does not have: kubectl's error.
"$podfit" check --live --kubeconfig "$work/kubeconfig" --context staging >"$work/out" 2>"$work/err"
code=$?
if [ $code -eq 2 ] && grep -q "staging" "$work/err" && grep -q "^error: --live: kubectl failed" "$work/err"; then
  echo "ok   podfit check --live --context staging: kubectl's error, exit 2"
else
  fail "podfit check --live --context staging (exit $code)"; cat "$work/out" "$work/err"
fi

echo "kubectl: $(kubectl version --client 2>/dev/null | head -1)"
if [ $failed -ne 0 ]; then
  echo "$failed live check(s) failed"
  exit 1
fi
exit 0
