# What the native tests share, sourced by them: a work directory removed at exit, and the
# ok/fail lines they print (`failed` counts the failures; each script exits 1 when it is not 0).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
ok() { echo "ok   $*"; }
fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}
