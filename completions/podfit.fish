# fish completion for podfit (and kubectl-podfit). Installed in
# share/fish/vendor_completions.d, where fish looks for completions of installed programs.

set -l commands check requeue admit place devices drain

function __podfit_manifests
    __fish_complete_suffix .yaml
    __fish_complete_suffix .yml
    __fish_complete_suffix .json
end

# Contexts, namespaces, nodes and device classes, as podfit itself finds them for the line
# (`podfit __complete`): from the -f manifests on it, else from kubectl, with the line's
# --kubeconfig and --context. fish matches the word being completed itself.
function __podfit_values
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -l last ''
    if string match -q -- '--*=*' $current
        set last (string replace -r -- '=.*' '=' $current)
    end
    $tokens[1] __complete $tokens[2..-1] $last 2>/dev/null | string match -v -- ':*' | string replace -r -- '\t.*' '' | string replace -r -- '^--[^=]*=' ''
end

complete -c podfit -f
complete -c podfit -s h -l help -d 'Print help and exit'
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -l version -d 'Print the version and the Kubernetes release podfit follows'
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -a check -d "Check whether pods fit, node by node, as kube-scheduler's Filter would"
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -a requeue -d 'Which pending pods the scheduling queue retries when a node or DRA object changes'
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -a admit -d "Whether the kubelet's admission check accepts pods on a node"
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -a place -d 'Where pods would land, one scheduling cycle after another'
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -a devices -d 'Which DRA devices a DeviceClass and CEL selectors match'
complete -c podfit -n "not __fish_seen_subcommand_from $commands" -a drain -d 'Where a drained node\'s pods would go, and what blocks the drain'
complete -c podfit -n "not __fish_seen_subcommand_from $commands help version" -a help -d 'Help about any command'
complete -c podfit -n "not __fish_seen_subcommand_from $commands help version" -a version -d 'Print the version and the kube-scheduler release podfit follows'

# Every command: where the cluster state and the pods come from.
set -l any "__fish_seen_subcommand_from $commands"
complete -c podfit -n $any -s f -l filename -r -a '(__podfit_manifests) -' -d 'Cluster state: a file, a directory, or - for standard input'
complete -c podfit -n $any -s R -l recursive -d 'Read directories recursively'
complete -c podfit -n "$any; and not __fish_seen_subcommand_from devices drain" -l pod -r -a '(__podfit_manifests) -' -d 'Pods to check: a file, a directory, or -'
complete -c podfit -n $any -l feature-gates -x -d 'kube-scheduler feature gates, e.g. A=true,B=false'
complete -c podfit -n $any -l kubernetes-version -x -a '1.32 1.33 1.34 1.35 1.36 1.37' -d 'The Kubernetes release modelled'
complete -c podfit -n $any -l validate -x -a 'strict warn ignore true false' -d "Fields the kind's schema does not have"
complete -c podfit -n $any -s v -l v -x -d 'Print the informational lines too, at this level'
complete -c podfit -n $any -l strict -d 'Fail on input that looks incomplete instead of warning'
complete -c podfit -n $any -l max-objects -x -d 'Refuse input with more objects than this'
complete -c podfit -n $any -l max-object-bytes -x -d 'Refuse any object larger than this many bytes'
complete -c podfit -n $any -l live -d 'Read the cluster state from the cluster with kubectl get'
complete -c podfit -n $any -l context -x -a '(__podfit_values)' -d 'The kubeconfig context kubectl uses with --live'
complete -c podfit -n $any -l kubeconfig -r -F -d 'The kubeconfig file kubectl reads with --live'
complete -c podfit -n "$any; and not __fish_seen_subcommand_from devices drain" -s n -l namespace -x -a '(__podfit_values)' -d 'Only the pending pods of this namespace'

# check
complete -c podfit -n '__fish_seen_subcommand_from check' -s o -l output -x -a 'table wide json yaml name' -d 'Output format'
complete -c podfit -n '__fish_seen_subcommand_from check' -l all-reasons -d 'Run every Filter plugin on every node and list all failures'
complete -c podfit -n '__fish_seen_subcommand_from check' -l no-preemption -d 'Run PostFilter without DefaultPreemption'
complete -c podfit -n '__fish_seen_subcommand_from check' -l nodes -d "With several pods, print every pod's table of nodes"
complete -c podfit -n '__fish_seen_subcommand_from check' -l timings -d 'Print how long loading, the snapshot and checking took'
complete -c podfit -n '__fish_seen_subcommand_from check place drain' -l config -r -a '(__podfit_manifests)' -d 'A KubeSchedulerConfiguration file'
# requeue
complete -c podfit -n '__fish_seen_subcommand_from requeue' -s o -l output -x -a 'table wide json yaml' -d 'Output format'
complete -c podfit -n '__fish_seen_subcommand_from requeue' -l old -r -a '(__podfit_manifests)' -d 'The object before the update: a Node, ResourceClaim, ResourceSlice or DeviceClass'
complete -c podfit -n '__fish_seen_subcommand_from requeue' -l new -r -a '(__podfit_manifests)' -d 'The object after the update, or the object added'
complete -c podfit -n '__fish_seen_subcommand_from requeue' -l hints -d "Show each rejecting plugin's queueing hint"
complete -c podfit -n '__fish_seen_subcommand_from requeue' -l pre-check -d 'Decide with the pre-enqueue check, as before v1.32'
# admit
complete -c podfit -n '__fish_seen_subcommand_from admit' -s o -l output -x -a 'table json yaml' -d 'Output format'
complete -c podfit -n '__fish_seen_subcommand_from admit' -l node -x -a '(__podfit_values)' -d 'The node: a node of the cluster state'
complete -c podfit -n '__fish_seen_subcommand_from admit' -l all-reasons -d 'List every failing check, not just the first'
# place
complete -c podfit -n '__fish_seen_subcommand_from place' -s o -l output -x -a 'table wide json yaml bindings' -d 'Output format'
complete -c podfit -n '__fish_seen_subcommand_from place' -l replicas -x -d 'Place N copies of each pod or workload'
complete -c podfit -n '__fish_seen_subcommand_from place' -l max -d 'Place copies until one no longer fits'
complete -c podfit -n '__fish_seen_subcommand_from place' -l limit -x -d 'The most copies of one pod or workload to place'
# devices
complete -c podfit -n '__fish_seen_subcommand_from devices' -s o -l output -x -a 'table wide json yaml' -d 'Output format'
complete -c podfit -n '__fish_seen_subcommand_from devices' -l class -x -a '(__podfit_values)' -d 'A DeviceClass: its selectors must hold, first'
complete -c podfit -n '__fish_seen_subcommand_from devices' -l selector -x -d 'A CEL device selector that must hold too'
complete -c podfit -n '__fish_seen_subcommand_from devices' -l node -x -a '(__podfit_values)' -d 'Only the devices usable on this node'
# drain
complete -c podfit -n '__fish_seen_subcommand_from drain' -s o -l output -x -a 'table wide json yaml' -d 'Output format'
complete -c podfit -n '__fish_seen_subcommand_from drain' -l node -x -a '(__podfit_values)' -d 'A node to drain'
complete -c podfit -n '__fish_seen_subcommand_from drain' -l all -d 'Drain every node on its own, one line each'
complete -c podfit -n '__fish_seen_subcommand_from drain' -l force -d 'Delete pods that declare no controller'
complete -c podfit -n '__fish_seen_subcommand_from drain' -l delete-emptydir-data -d 'Evict pods with emptyDir volumes'
# what-if changes: check, place, drain
complete -c podfit -n '__fish_seen_subcommand_from check place drain' -l add-node -r -a '(__podfit_manifests)' -d 'What if: add the Node of this manifest'
complete -c podfit -n '__fish_seen_subcommand_from check place drain' -l remove-node -x -a '(__podfit_values)' -d 'What if: remove this node and its pods'
complete -c podfit -n '__fish_seen_subcommand_from check place drain' -l cordon -x -a '(__podfit_values)' -d 'What if: cordon this node'

complete -c kubectl-podfit -w podfit
