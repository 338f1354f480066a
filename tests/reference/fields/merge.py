#!/usr/bin/env python3
"""Joins the field tables that each release's kube-reference prints (`kube-reference fields`)
into podfit's known-fields table, src/load/known_fields_table.cpp, printed on stdout.

Usage: merge.py v1.32=TABLE v1.33=TABLE ...

A type, root or field present in every release that has its parent carries no release mark;
one present in fewer carries "@" and its releases ("@36", "@33-35", "@32,34-37"). A field
whose type differs between releases appears once per type, each with its releases.
"""
import sys

HEADER = """\
// The field names of every object type podfit decodes, in every version of its kind that podfit
// reads, as k8s.io/api of each release from v1.32 to v1.37 declares them (and apimachinery's
// meta/v1): kubectl's field validation (--validate) needs every field, also those podfit does
// not read. Generated from the releases' own types by tests/reference/fields/generate.sh;
// do not edit by hand.
//
// Roots first, one per kind and version: "=apiVersion Kind Type". Then one line per type: its
// name, then its JSON field names. A field's type follows a colon: "[]T" a list of T, "{}T" a
// map (any keys) of T, "*" any JSON, "T" an object type of this table; a field with no type is
// a scalar (a string, number or boolean). Types are named by their API group, version and Go
// name. "@" marks what only some releases have, with those releases' minor versions ("@33-35"):
// a type or root marked so exists in those releases only, a field in those of its type's.
namespace podfit {

extern const char kKnownFieldsTable[];
const char kKnownFieldsTable[] = R"(
"""
FOOTER = """)";

}  // namespace podfit
"""


def parse(path):
    roots, types = [], {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if line.startswith("="):
                version, kind, type_ = line[1:].split()
                roots.append((version, kind, type_))
                continue
            parts = line.split(" ")
            types[parts[0]] = [tuple((p.split(":", 1) + [""])[:2]) for p in parts[1:]]
    return roots, types


def mark(minors, within):
    """"" when `minors` is all of `within`, else "@" and the minors as runs."""
    if minors == within:
        return ""
    runs, ordered = [], sorted(minors)
    start = prev = ordered[0]
    for m in ordered[1:] + [None]:
        if m is not None and m == prev + 1:
            prev = m
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if m is not None:
            start = prev = m
    return "@" + ",".join(runs)


def main(args):
    tables = {}
    for arg in args:
        release, path = arg.split("=", 1)
        tables[int(release.split(".")[1])] = parse(path)
    minors = set(tables)
    out = [HEADER]
    # Roots in the order the newest release lists them, then those older releases alone have.
    root_minors, root_order = {}, []
    for minor in sorted(minors, reverse=True):
        for root in tables[minor][0]:
            if root not in root_minors:
                root_minors[root] = set()
                root_order.append(root)
            root_minors[root].add(minor)
    for root in root_order:
        version, kind, type_ = root
        out.append(f"={version} {kind} {type_}{mark(root_minors[root], minors)}\n")
    type_minors = {}
    for minor, (_, types) in tables.items():
        for name in types:
            type_minors.setdefault(name, set()).add(minor)
    for name in sorted(type_minors):
        within = type_minors[name]
        fields = {}
        for minor in sorted(within):
            for field in tables[minor][1][name]:
                fields.setdefault(field, set()).add(minor)
        line = name + mark(within, minors)
        for (field, type_), present in sorted(fields.items()):
            line += f" {field}{mark(present, within)}" + (f":{type_}" if type_ else "")
        out.append(line + "\n")
    out.append(FOOTER)
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
