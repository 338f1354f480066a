# bash completion for podfit (and kubectl-podfit)                -*- shell-script -*-
# Installed as share/bash-completion/completions/podfit; bash-completion loads it on first use.

# The flags every command takes (reading the cluster state and the pods).
_podfit_input_flags="-h --help -f --filename -R --recursive --pod --feature-gates --kubernetes-version --validate
  -v --v --strict --max-objects --max-object-bytes --live --context --kubeconfig -n --namespace"

_podfit_command_flags() {
    case $1 in
        check) echo "$_podfit_input_flags -o --output --all-reasons --nodes --timings --config --no-preemption
  --add-node --remove-node --cordon" ;;
        requeue) echo "$_podfit_input_flags -o --output --old --new --hints --pre-check" ;;
        admit) echo "$_podfit_input_flags -o --output --node --all-reasons" ;;
        place) echo "$_podfit_input_flags -o --output --replicas --max --limit --config --add-node --remove-node
  --cordon" ;;
        drain) echo "-h --help -f --filename -R --recursive --feature-gates --kubernetes-version --validate -v --v --strict --max-objects
  --max-object-bytes --live --context --kubeconfig -o --output --node --all --force --delete-emptydir-data
  --config --add-node --remove-node --cordon" ;;
        devices) echo "-h --help -f --filename -R --recursive --feature-gates --kubernetes-version --validate -v --v --strict --max-objects
  --max-object-bytes --live --context --kubeconfig -o --output --class --selector --node" ;;
    esac
}

_podfit_outputs() {
    case $1 in
        check) echo "table wide json yaml name" ;;
        requeue) echo "table wide json yaml" ;;
        admit) echo "table json yaml" ;;
        place) echo "table wide json yaml bindings" ;;
        drain) echo "table wide json yaml" ;;
        devices) echo "table wide json yaml" ;;
    esac
}

# Contexts, namespaces, nodes and device classes, as podfit itself finds them for the line
# (`podfit __complete`): from the -f manifests on it, else from kubectl, with the line's
# --kubeconfig and --context.
_podfit_values() {
    local IFS=$'\n' candidates
    if [[ -n $flag_value_form ]]; then
        candidates=$("${words[0]}" __complete "${words[@]:1:cword-1}" "$prev" "$cur" 2>/dev/null)
    else
        candidates=$("${words[0]}" __complete "${words[@]:1:cword-1}" "$cur" 2>/dev/null)
    fi
    candidates=$(printf '%s\n' "$candidates" | grep -v '^:' | cut -f1)
    COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
}

# Manifests: directories and .yaml/.yml/.json files (and - for standard input where it is read).
_podfit_manifests() {
    if declare -F _filedir >/dev/null; then
        _filedir '@(yaml|yml|json)'
    else
        local IFS=$'\n'
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}

_podfit() {
    local cur prev words cword
    if declare -F _init_completion >/dev/null; then
        _init_completion -n = || return
    else
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi

    local command="" i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            check | requeue | admit | place | devices | drain)
                command=${words[i]}
                break
                ;;
        esac
    done
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "check requeue admit place devices drain help version" -- "$cur"))
        fi
        return
    fi

    # --flag=value is completed like --flag value.
    local flag_value_form=""
    if [[ $cur == --*=* ]]; then
        flag_value_form=1
        prev=${cur%%=*}
        cur=${cur#*=}
    fi
    case $prev in
        -o | --output)
            COMPREPLY=($(compgen -W "$(_podfit_outputs "$command")" -- "$cur"))
            return
            ;;
        --validate)
            COMPREPLY=($(compgen -W "strict warn ignore true false" -- "$cur"))
            return
            ;;
        -f | --filename | --pod)
            _podfit_manifests
            [[ - == "$cur"* ]] && COMPREPLY+=("-")
            return
            ;;
        --old | --new | --config | --add-node)
            _podfit_manifests
            return
            ;;
        --kubeconfig)
            local IFS=$'\n'
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        --context | -n | --namespace | --node | --remove-node | --cordon | --class)
            _podfit_values
            return
            ;;
        --kubernetes-version)
            COMPREPLY=($(compgen -W "1.32 1.33 1.34 1.35 1.36 1.37" -- "$cur"))
            return
            ;;
        --feature-gates | --selector | --max-objects | --max-object-bytes | --replicas | --limit)
            return
            ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_podfit_command_flags "$command")" -- "$cur"))
        return
    fi
}

complete -F _podfit podfit kubectl-podfit
