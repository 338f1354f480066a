#!/usr/bin/python3
"""Validates podfit's JSON and YAML reports against the schemas in docs/schemas/.

Usage:
  validate_json_reports.py [--schemas DIR] [--allow-empty] FILE...   (- reads standard input)
  validate_json_reports.py [--schemas DIR] --check-schemas
  validate_json_reports.py [--schemas DIR] --cases DIR [--outputs DIR]

Each FILE holds one document, JSON or YAML (the same report, as -o json and -o yaml print it);
its `kind` picks the schema. A document that is not a podfit report (no apiVersion podfit/v1,
or a kind without a schema) fails: output that is not a report must be named as such by the
caller, never passed over. Every error is printed as FILE: PATH: REASON, PATH a JSONPath from
the document's root ($.results[0].nodes[1].fit).

--allow-empty accepts an empty FILE (a run that failed prints nothing on standard output).
--check-schemas checks that every schema is a valid draft 2020-12 schema and that the kinds
they fix are the kinds this script knows.
--cases DIR validates the expected.stdout of every end-to-end case of DIR that prints a
document: its cmd asks for -o json, -o yaml or -o bindings, or its output reads as JSON or
as a YAML object (apiVersion: or kind: first). The cases tests/cli/not-reports lists (NAME
and why, one a line) print documents that are not podfit reports and are left out, by name.
With --outputs DIR, the standard output each case printed (DIR/NAME.stdout and its exit
status in DIR/NAME.code, as run_cli_tests.sh keeps them) is validated instead, for the cases
found there.

Exit status: 0 every document is valid, 1 some is not, 2 bad usage or a broken schema.
Needs Debian's python3-jsonschema and python3-yaml.
"""

import json
import os
import re
import sys

import jsonschema
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCHEMAS = os.path.join(HERE, "..", "..", "docs", "schemas")
NOT_REPORTS = os.path.join(HERE, "not-reports")

# kind -> schema file. An AdmissionReportList is described by the AdmissionReport's schema.
SCHEMA_FILES = {
    "FitReport": "fit-report.schema.json",
    "PlacementReport": "placement-report.schema.json",
    "RequeueReport": "requeue-report.schema.json",
    "AdmissionReport": "admission-report.schema.json",
    "AdmissionReportList": "admission-report.schema.json",
    "DeviceReport": "device-report.schema.json",
    "DrainReport": "drain-report.schema.json",
}

# The output flags that print a document: -o json, -ojson, -o=json, --output json, --output=json
# (and yaml; and bindings, which prints v1 Binding objects, not a report).
STRUCTURED_OUTPUT = re.compile(r"(?:^|\s)(?:-o|--output)(?:\s+|=)?(json|yaml|bindings)(?:\s|$)")


def json_path(path):
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def load_schemas(directory):
    schemas = {}
    for kind, name in SCHEMA_FILES.items():
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as f:
                schemas[kind] = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f"validate_json_reports: {path}: {e}")
    return schemas


def check_schemas(schemas, directory):
    """Each schema is valid draft 2020-12, and every schema file is one this script uses."""
    problems = []
    for kind, schema in schemas.items():
        name = SCHEMA_FILES[kind]
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as e:
            problems.append(f"{name}: {json_path(e.absolute_path)}: {e.message}")
            continue
        if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
            problems.append(f"{name}: $schema is not draft 2020-12")
        # The schema must accept its kind: a minimal document of another kind must be refused.
        errors = jsonschema.Draft202012Validator(schema).iter_errors({"apiVersion": "podfit/v1", "kind": "NoSuchReport"})
        if not any(True for _ in errors):
            problems.append(f"{name}: accepts a document of kind NoSuchReport")
    for name in sorted(os.listdir(directory)):
        if name.endswith(".schema.json") and name not in SCHEMA_FILES.values():
            problems.append(f"{name}: no report kind uses this schema")
    return problems


def parse(text, label):
    """The document of `text`: JSON, else YAML. Returns (document, error)."""
    try:
        return json.loads(text), None
    except ValueError as json_error:
        if text.lstrip().startswith(("{", "[")):
            return None, f"not valid JSON: {json_error}"
    try:
        return yaml.safe_load(text), None
    except yaml.YAMLError as e:
        return None, f"neither JSON nor YAML: {e}"


def validate_text(text, label, schemas, allow_empty):
    if text == "":
        return [] if allow_empty else [f"{label}: $: empty output, no report"]
    document, error = parse(text, label)
    if error:
        return [f"{label}: $: {error}"]
    if not isinstance(document, dict):
        return [f"{label}: $: not a podfit report: a {type(document).__name__}, not an object"]
    if document.get("apiVersion") != "podfit/v1":
        return [f"{label}: $.apiVersion: not a podfit report: apiVersion {document.get('apiVersion')!r}, not 'podfit/v1'"]
    kind = document.get("kind")
    if kind not in schemas:
        return [f"{label}: $.kind: not a podfit report kind with a schema: {kind!r}"]
    validator = jsonschema.Draft202012Validator(schemas[kind])
    problems = []
    for e in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        e = most_specific(e)
        # A member the schema rules out in this place ("hints" in the pre-check mode) has `false` as schema.
        message = "no such member here" if e.schema is False else shorten(e.message)
        problems.append(f"{label}: {json_path(e.absolute_path)}: {message} ({kind}, {SCHEMA_FILES[kind]})")
    return problems


def most_specific(error):
    """For a oneOf or anyOf that no branch satisfies ("null, or a status"), the branch's error
    that reaches deepest into the document, preferring one that is not a mere type mismatch."""
    while error.context:
        error = max(error.context, key=lambda c: (len(c.absolute_path), c.validator not in ("type", "const")))
    return error


def shorten(message, limit=240):
    """jsonschema quotes the whole failing value: keep the message readable for large ones."""
    return message if len(message) <= limit else message[:limit] + " ..."


def read(path):
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def named_not_reports():
    """tests/cli/not-reports: case NAME -> why its document output is not a podfit report."""
    named = {}
    if os.path.exists(NOT_REPORTS):
        with open(NOT_REPORTS, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    name, _, why = line.partition(" ")
                    named[name] = why.strip()
    return named


def prints_document(cmd, text):
    """Whether a case's standard output is a document: it asks for -o json, yaml or bindings, or
    what it printed reads as JSON or as a Kubernetes-style YAML object."""
    if STRUCTURED_OUTPUT.search(cmd):
        return True
    return text.lstrip().startswith(("{", "[")) or re.match(r"(---\n)?(apiVersion|kind):", text) is not None


def validate_cases(cases_dir, outputs_dir, schemas):
    """The expected.stdout of every case of cases_dir, or with outputs_dir the standard output
    each case printed (outputs_dir/NAME.stdout, its exit status in NAME.code)."""
    problems = []
    named = named_not_reports()
    checked = 0
    for name in sorted(os.listdir(cases_dir)):
        case = os.path.join(cases_dir, name)
        cmd_file = os.path.join(case, "cmd")
        if not os.path.isfile(cmd_file):
            continue
        if outputs_dir is None:
            stdout_file, code_file = os.path.join(case, "expected.stdout"), os.path.join(case, "expected.code")
            label = stdout_file
        else:
            stdout_file, code_file = os.path.join(outputs_dir, name + ".stdout"), os.path.join(outputs_dir, name + ".code")
            label = f"{name}: standard output"
            if not os.path.exists(stdout_file):
                continue  # not run this time
        text = read(stdout_file)
        if not prints_document(read(cmd_file), text):
            continue
        if name in named:
            continue
        failed = read(code_file).strip() == "2"
        problems += validate_text(text, label, schemas, allow_empty=failed)
        checked += 1
    for name in named:
        if not os.path.isdir(os.path.join(cases_dir, name)):
            problems.append(f"{NOT_REPORTS}: {name}: no such case")
        elif not named[name]:
            problems.append(f"{NOT_REPORTS}: {name}: say why its output is not a podfit report")
    what = "expected output" if outputs_dir is None else "output"
    print(f"validated the {what} of {checked} case(s) against their report's schema; "
          f"not reports, as tests/cli/not-reports names them: {', '.join(sorted(named)) or 'none'}")
    return problems


def main(argv):
    schemas_dir = DEFAULT_SCHEMAS
    allow_empty = False
    mode = "files"
    cases_dir = None
    outputs_dir = None
    files = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--schemas" and args:
            schemas_dir = args.pop(0)
        elif a == "--allow-empty":
            allow_empty = True
        elif a == "--check-schemas":
            mode = "check"
        elif a == "--cases" and args:
            mode, cases_dir = "cases", args.pop(0)
        elif a == "--outputs" and args:
            outputs_dir = args.pop(0)
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a.startswith("--"):
            print(f"validate_json_reports: unknown option {a}", file=sys.stderr)
            return 2
        else:
            files.append(a)
    schemas = load_schemas(schemas_dir)
    if mode == "check":
        problems = check_schemas(schemas, schemas_dir)
        for p in problems:
            print(p, file=sys.stderr)
        if not problems:
            print(f"{len(set(SCHEMA_FILES.values()))} schemas are valid draft 2020-12 schemas")
        return 2 if problems else 0
    if mode == "cases":
        problems = validate_cases(cases_dir, outputs_dir, schemas)
    else:
        if not files:
            print("validate_json_reports: no file given (- reads standard input)", file=sys.stderr)
            return 2
        problems = []
        for path in files:
            try:
                text = read(path)
            except (OSError, UnicodeDecodeError) as e:
                problems.append(f"{path}: $: cannot read: {e}")
                continue
            problems += validate_text(text, "standard input" if path == "-" else path, schemas, allow_empty)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
