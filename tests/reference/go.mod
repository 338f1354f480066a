// The referee's source is shared by every release; each release's module, which pins
// k8s.io/kubernetes and its staging modules, is releases/<release>/go.mod (build.sh
// passes it with -modfile). This file only marks the source's root.
module podfit.test/reference

go 1.26
