#!/bin/sh
# Regenerates the files of this directory with a real kubectl; no cluster is needed:
#   - the manifests come from kubectl's client-side dry runs (create, run, set resources --local,
#     kustomize);
#   - the `kubectl get` dumps come from kubectl talking to the stand-in API server of the
#     end-to-end tests (tests/cli/stub_apiserver.cpp), which answers with the API responses
#     recorded in testdata/live/api.
# Usage: testdata/real/generate.sh STUB_APISERVER_BINARY [OUT_DIR]   (KUBECTL picks the kubectl)
set -eu
stub=$1
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here}
kubectl=${KUBECTL:-kubectl}
mkdir -p "$out"
work=$(mktemp -d)
stub_pid=""
trap 'if [ -n "$stub_pid" ]; then kill "$stub_pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

# The stand-in API server (kubectl run asks the server even for a client-side dry run).
"$stub" "$here/../live/api" 30 >"$work/port" 2>"$work/requests" &
stub_pid=$!
while [ ! -s "$work/port" ]; do sleep 0.1; done
cat >"$work/kubeconfig" <<CONFIG
apiVersion: v1
kind: Config
clusters:
- cluster:
    server: http://127.0.0.1:$(cat "$work/port")
  name: kind-podfit
contexts:
- context:
    cluster: kind-podfit
    user: kind-podfit
  name: kind-podfit
current-context: kind-podfit
users:
- name: kind-podfit
  user: {}
CONFIG
export HOME="$work" KUBECONFIG="$work/kubeconfig"

# Client-side dry runs: what a CI pipeline would check before applying.
"$kubectl" create deployment web --image=nginx:1.29 --replicas=3 --port=80 --namespace=shop --dry-run=client -o yaml |
  "$kubectl" set resources --local -f - --requests=cpu=500m,memory=256Mi --limits=memory=512Mi -o yaml \
    >"$out/create-deployment.yaml"
"$kubectl" create job report --image=busybox:1.37 --dry-run=client -o yaml -- sh -c 'date; echo done' \
  >"$out/create-job.yaml"
"$kubectl" create cronjob nightly-backup --image=busybox:1.37 --schedule='0 2 * * *' --namespace=shop \
  --dry-run=client -o yaml -- sh -c 'tar czf /backup/db.tgz /data' >"$out/create-cronjob.yaml"
"$kubectl" run debug --image=busybox:1.37 --restart=Never --dry-run=client -o json -- sleep 3600 \
  >"$out/run.json"
"$kubectl" run trainer --image=ghcr.io/shop/trainer:0.9 --restart=Never --namespace=shop --dry-run=client -o json \
  --overrides='{"apiVersion":"v1","spec":{"nodeSelector":{"disktype":"nvme"},"containers":[{"name":"trainer","image":"ghcr.io/shop/trainer:0.9","resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}}' \
  >"$out/run-overrides.json"
# The README's walk-through: a Deployment changed before it is applied (the stand-in kubectl of
# testdata/live/bin answers these two commands with these files).
"$kubectl" create deployment web -n shop --image=nginx:1.29 --dry-run=client -o yaml \
  >"$out/walk-through-create.yaml"
"$kubectl" set resources --local -f - --requests=cpu=1900m,memory=256Mi -o yaml \
  <"$out/walk-through-create.yaml" >"$out/walk-through-1900m.yaml"
# (kubectl before v1.21 bundles a kustomize too old for this kustomization: skipped there.)
if "$kubectl" kustomize "$here/kustomize" >"$work/kustomize-build.yaml"; then
  mv "$work/kustomize-build.yaml" "$out/kustomize-build.yaml"
fi

# `kubectl get` of every kind podfit reads, all namespaces, JSON and YAML.
kinds=nodes,pods,namespaces,persistentvolumes,persistentvolumeclaims,storageclasses.storage.k8s.io,csinodes.storage.k8s.io,csidrivers.storage.k8s.io,csistoragecapacities.storage.k8s.io,priorityclasses.scheduling.k8s.io,runtimeclasses.node.k8s.io,limitranges,resourcequotas,poddisruptionbudgets.policy,resourceslices.resource.k8s.io,deviceclasses.resource.k8s.io,resourceclaims.resource.k8s.io,resourceclaimtemplates.resource.k8s.io,devicetaintrules.resource.k8s.io
for format in json yaml; do
  "$kubectl" get "$kinds" --all-namespaces --output=$format \
    >"$out/kubectl-get.$format"
done
