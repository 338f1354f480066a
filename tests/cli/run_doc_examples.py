"""Runs every example of the README and of the user guide (docs/guide/*.md) and compares what
it prints with what the page shows, so that the documentation cannot drift from the program.

An example is a ```console block of a page: a line starting with `$ ` is a command (the next
lines continue it while a line ends with `|` or `\\`), and the lines up to the next `$ ` line
or the end of the block are its exact output, standard output and standard error merged as a
terminal shows them. Each command runs with bash from the repository root, NO_COLOR=1,
`podfit` and `kubectl-podfit` naming the binary under test, and `kubectl` the repository's
stand-in (testdata/live/bin/kubectl), which answers from the recorded cluster. A line
starting with `$ podfit` or `$ kubectl` outside a ```console block is an error: such an
example would never be run.

Usage: run_doc_examples.py PODFIT_BINARY REPOSITORY_ROOT   (run_doc_examples.sh calls it)
"""

import difflib
import glob
import os
import subprocess
import sys
import tempfile


def pages(root):
    """The pages whose examples run: the README, then the guide's pages in name order."""
    return ["README.md"] + sorted(
        os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs/guide/*.md")))


def parse(path, text):
    """Returns (examples, errors): examples as (line number, command, expected lines)."""
    examples, errors = [], []
    lines = text.split("\n")
    fence = None  # the info string of the open fenced block, or None outside blocks
    current = None  # the example being read: [line, command lines, expected lines]
    continued = False
    for number, line in enumerate(lines, 1):
        if fence is None:
            if line.startswith("```"):
                fence = line[3:].strip()
                current, continued = None, False
            elif line.startswith("$ podfit") or line.startswith("$ kubectl"):
                errors.append((number, "an example outside a ```console block is never run"))
            continue
        if line.rstrip() == "```":
            if fence == "console" and current is not None:
                examples.append(current)
            fence, current = None, None
            continue
        if fence != "console":
            if line.startswith("$ podfit") or line.startswith("$ kubectl"):
                errors.append((number, "an example in a ```%s block is never run: use ```console"
                               % fence))
            continue
        if continued:
            current[1].append(line)
            continued = line.rstrip().endswith(("|", "\\"))
        elif line.startswith("$ "):
            if current is not None:
                examples.append(current)
            current = [number, [line[2:]], []]
            continued = line.rstrip().endswith(("|", "\\"))
        elif current is None:
            errors.append((number, "output before the first `$ ` command of a ```console block"))
        else:
            current[2].append(line)
    if fence is not None:
        errors.append((len(lines), "a fenced block is not closed"))
    return [(n, "\n".join(c), e) for n, c, e in examples], errors


def main():
    if len(sys.argv) != 3:
        print("usage: run_doc_examples.py PODFIT_BINARY REPOSITORY_ROOT", file=sys.stderr)
        return 2
    podfit, root = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
    bindir = tempfile.mkdtemp()
    for name in ("podfit", "kubectl-podfit"):
        os.symlink(podfit, os.path.join(bindir, name))
    env = {k: v for k, v in os.environ.items()
           if k not in ("KUBECTL", "KUBECONFIG", "PODFIT_PROGRESS_DELAY", "CLICOLOR_FORCE")}
    env["NO_COLOR"] = "1"
    env["PATH"] = os.pathsep.join(
        [bindir, os.path.join(root, "testdata/live/bin"), os.environ.get("PATH", "/usr/bin:/bin")])
    failed = 0
    try:
        for page in pages(root):
            with open(os.path.join(root, page), encoding="utf-8") as f:
                examples, errors = parse(page, f.read())
            for number, message in errors:
                print("FAIL %s:%d: %s" % (page, number, message))
                failed += 1
            for number, command, expected in examples:
                try:
                    run = subprocess.run(["bash", "-c", command], cwd=root, env=env,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT, timeout=300)
                    output = run.stdout.decode("utf-8", "replace")
                except subprocess.TimeoutExpired:
                    output = "(timed out after 300 s)\n"
                got = output.split("\n")
                if got and got[-1] == "":
                    got.pop()
                if got == expected:
                    print("ok   %s:%d" % (page, number))
                    continue
                failed += 1
                print("FAIL %s:%d: $ %s" % (page, number, command))
                for diff_line in difflib.unified_diff(expected, got, "shown", "printed", lineterm=""):
                    print("    " + diff_line)
            print("     %s: %d example%s" % (page, len(examples), "" if len(examples) == 1 else "s"))
    finally:
        for name in ("podfit", "kubectl-podfit"):
            os.unlink(os.path.join(bindir, name))
        os.rmdir(bindir)
    if failed:
        print("%d failure(s) in the examples of the documentation" % failed)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
