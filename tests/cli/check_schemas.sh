#!/usr/bin/env bash
# The reports' JSON Schemas (docs/schemas/) and their validator (validate_json_reports.py):
#   - every schema is a valid draft 2020-12 schema;
#   - the expected output of every end-to-end case that prints a report matches its schema
#     (run_cli_tests.sh validates what the built podfit prints, case by case);
#   - tests/cli/schema-fixtures/valid/*: reports with members no case prints today are accepted;
#   - tests/cli/schema-fixtures/invalid/*: each report, with one deliberate fault, is rejected,
#     and the validator's message names the fault (NAME.expect: a line of it, path and reason).
# Usage: check_schemas.sh   (run from the repository root)
set -u
validate=tests/cli/validate_json_reports.py
fixtures=tests/cli/schema-fixtures
failed=0
ok() { echo "ok   $*"; }
fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}
if ! /usr/bin/python3 -c 'import jsonschema, yaml' 2>/dev/null; then
  echo "FAIL: /usr/bin/python3 needs jsonschema and yaml (tools/install-deps.sh installs python3-jsonschema and python3-yaml)"
  exit 1
fi

if out=$(/usr/bin/python3 "$validate" --check-schemas 2>&1); then ok "$out"; else fail "the schemas:"; echo "$out"; fi
if out=$(/usr/bin/python3 "$validate" --cases tests/cli/cases 2>&1); then ok "$out"; else fail "expected outputs:"; echo "$out"; fi

# The contract's examples are reports too.
examples=$(mktemp -d)
/usr/bin/python3 - "$examples" <<'PY'
import json, re, sys
text = open("docs/CONTRACT.md", encoding="utf-8").read()
for i, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.S)):
    if json.loads(block).get("kind"):
        open(f"{sys.argv[1]}/docs-CONTRACT.md-example-{i + 1}.json", "w", encoding="utf-8").write(block)
PY
count=$(ls "$examples" | wc -l)
if [ "$count" -ge 5 ] && out=$(cd "$examples" && /usr/bin/python3 "$OLDPWD/$validate" *.json 2>&1); then
  ok "the $count report examples of docs/CONTRACT.md match their schemas"
else
  fail "the report examples of docs/CONTRACT.md ($count found):"; echo "$out"
fi
rm -rf "$examples"

for doc in "$fixtures"/valid/*; do
  if out=$(/usr/bin/python3 "$validate" "$doc" 2>&1); then ok "accepts $doc"; else fail "rejects $doc:"; echo "$out"; fi
done

for doc in "$fixtures"/invalid/*.json "$fixtures"/invalid/*.yaml; do
  [ -e "$doc" ] || continue
  expect="${doc%.*}.expect"
  if [ ! -f "$expect" ]; then fail "$doc has no $(basename "$expect")"; continue; fi
  out=$(/usr/bin/python3 "$validate" "$doc" 2>&1)
  code=$?
  if [ $code -ne 1 ]; then
    fail "$doc: exit $code, want 1 (rejected):"; echo "$out"
  elif ! printf '%s\n' "$out" | grep -qF -- "$doc: $(cat "$expect")"; then
    fail "$doc: rejected, but not for the expected reason ($(cat "$expect")):"; echo "$out"
  else
    ok "rejects $doc: $(printf '%s\n' "$out" | grep -F -- "$(cat "$expect")" | head -1 | sed "s|^$doc: ||")"
  fi
done

# A broken schema is caught before any report is validated against it.
broken=$(mktemp -d)
trap 'rm -rf "$broken"' EXIT
cp docs/schemas/*.schema.json "$broken/"
sed -i 's/"type": "object"/"type": "objekt"/' "$broken/device-report.schema.json"
out=$(/usr/bin/python3 "$validate" --schemas "$broken" --check-schemas 2>&1)
[ $? -eq 2 ] && printf '%s\n' "$out" | grep -q "device-report.schema.json" &&
  ok "--check-schemas rejects a schema with an unknown type" || { fail "--check-schemas accepts a broken schema:"; echo "$out"; }

if [ $failed -ne 0 ]; then
  echo "$failed schema check(s) failed"
  exit 1
fi
exit 0
