#!/usr/bin/env bash
# The packages `cpack` makes, checked as a user would meet them:
#   .deb    its control fields and files; apt accepts it with Debian's archive for its
#           dependencies; dpkg installs it into a scratch root (checking its dependencies against
#           this machine's Debian packages) where podfit --version, kubectl-podfit, the manual
#           page and the completions work; dpkg removes it without a trace.
#   .tar.gz the archive the kubectl plugin manifest (packaging/krew/podfit.yaml) points at: the
#           manifest rendered for it has the archive's checksum, and installing it the way a
#           plugin manager does (the manifest's files, a kubectl-podfit link to its bin) works.
# Usage: packages.sh BUILD_DIR   (run from the repository root)
set -u
build=$(realpath "$1")
root=$(pwd)
. "$(dirname "$0")/report.sh"
for tool in cpack dpkg-deb dpkg apt-get sha256sum man; do
  command -v "$tool" >/dev/null 2>&1 || { echo "FAIL: $tool is not installed (tools/install-deps.sh installs it)"; exit 1; }
done

if ! cpack --config "$build/CPackConfig.cmake" -G "DEB;TGZ" -B "$work/packages" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log"
  echo "FAIL: cpack"
  exit 1
fi
version=$("$build/podfit" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
deb="$work/packages/podfit_${version}_${arch}.deb"
archive="$work/packages/podfit-${version}-linux-${arch}.tar.gz"
[ -f "$deb" ] && ok "cpack made $(basename "$deb")" || { ls "$work/packages"; echo "FAIL: no $(basename "$deb")"; exit 1; }

# --- the .deb: control fields
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = podfit ] && [ "$(field Version)" = "$version" ] && [ "$(field Architecture)" = "$arch" ] &&
  ok "Package: podfit, Version: $version, Architecture: $arch" || fail "control fields: $(dpkg-deb --field "$deb")"
depends=$(field Depends)
for library in libc6 libstdc++6 libfmt libsimdjson libyaml-0-2; do
  case ", $depends" in *", $library"*) ;; *) fail "Depends lacks $library: $depends" ;; esac
done
case $depends in *-dev*) fail "Depends names a -dev package: $depends" ;; *) ok "Depends: $depends" ;; esac

# --- the .deb: files
contents=$(dpkg-deb --contents "$deb" | awk '{print $6 $7 $8}')
for path in ./usr/bin/podfit ./usr/bin/kubectl-podfit-\>podfit ./usr/bin/kubectl_complete-podfit ./usr/share/man/man1/podfit.1.gz \
  ./usr/share/bash-completion/completions/podfit ./usr/share/zsh/vendor-completions/_podfit \
  ./usr/share/fish/vendor_completions.d/podfit.fish; do
  printf '%s\n' "$contents" | grep -qxF -- "$path" && ok "contains $path" || fail "the package lacks $path"
done

# --- apt: the dependencies resolve (on a fresh machine, from Debian's archive)
if apt-get install --simulate --no-install-recommends "$deb" >"$work/apt.log" 2>&1; then
  ok "apt-get install --simulate $(basename "$deb")"
else
  fail "apt-get install --simulate refuses the package"; tail -20 "$work/apt.log"
fi

# --- dpkg: install into a scratch root; its database holds this machine's dependency packages
admin="$work/admin"
instdir="$work/root"
mkdir -p "$admin/info" "$admin/updates" "$admin/triggers" "$instdir"
: >"$admin/available"
: >"$admin/status"
for package in $(printf '%s\n' "$depends" | tr ',' '\n' | sed 's/(.*//; s/|.*//; s/ //g'); do
  if dpkg-query -s "$package" >>"$admin/status" 2>/dev/null; then
    echo >>"$admin/status"
    : >"$admin/info/$(dpkg-query -W -f='${binary:Package}' "$package").list"
  else
    fail "dependency $package is not installed here"
  fi
done
dpkg_scratch() { dpkg --admindir="$admin" --instdir="$instdir" --force-not-root --log=/dev/null "$@"; }
if dpkg_scratch --install "$deb" >"$work/dpkg.log" 2>&1 && ! grep -qiE 'warning|error' "$work/dpkg.log"; then
  ok "dpkg --install: no error, no warning"
else
  fail "dpkg --install"; cat "$work/dpkg.log"
fi
status=$(dpkg-query --admindir="$admin" -W -f='${Status}' podfit 2>&1)
dpkg_scratch --audit podfit >"$work/audit.log" 2>&1 && [ ! -s "$work/audit.log" ] && [ "$status" = "install ok installed" ] &&
  ok "dpkg: podfit is \"$status\", and --audit finds nothing amiss" || { fail "dpkg status \"$status\""; cat "$work/audit.log"; }
installed="$instdir/usr/bin"
got=$("$installed/podfit" --version)
[ "$got" = "$("$build/podfit" --version)" ] && ok "installed podfit --version: $got" || fail "installed podfit --version: $got"
case $got in *"kube-scheduler v"[0-9]*) ;; *) fail "--version does not name the Kubernetes release: $got" ;; esac
"$installed/kubectl-podfit" check -f testdata/real/kubectl-get.json --pod testdata/real/run.json -o name >"$work/out" 2>&1
[ $? -eq 0 ] && [ -s "$work/out" ] && ok "installed kubectl-podfit check ... -o name" || { fail "installed kubectl-podfit"; cat "$work/out"; }
# The documentation files as packaged (a machine's dpkg configuration may exclude /usr/share/man).
dpkg-deb --extract "$deb" "$work/extracted"
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$work/extracted/usr/share/man/man1/podfit.1.gz" 2>&1 >/dev/null)
[ -z "$warnings" ] && ok "man -l the packaged manual page" || fail "the packaged manual page: $warnings"
bash --norc -c "source '$work/extracted/usr/share/bash-completion/completions/podfit' && complete -p podfit" >/dev/null 2>&1 &&
  ok "the packaged bash completion registers podfit" || fail "the packaged bash completion"
if dpkg_scratch --remove podfit >"$work/remove.log" 2>&1 && [ -z "$(find "$instdir" -type f -o -type l)" ]; then
  ok "dpkg --remove leaves no file behind"
else
  fail "dpkg --remove"; cat "$work/remove.log"; find "$instdir" -type f -o -type l
fi

# --- the .tar.gz and the kubectl plugin manifest
[ -f "$archive" ] && ok "cpack made $(basename "$archive")" || fail "no $(basename "$archive")"
manifest="$work/podfit.yaml"
packaging/krew/release-manifest.sh "$archive" "$version" >"$manifest"
sha=$(sha256sum "$archive" | cut -d' ' -f1)
grep -qx "  version: v$version" "$manifest" && grep -qx "    sha256: $sha" "$manifest" &&
  grep -qx "    uri: .*/v$version/podfit-$version-linux-$arch.tar.gz" "$manifest" &&
  ok "the manifest names v$version, the archive and its sha256" || { fail "the rendered manifest"; cat "$manifest"; }
plugin="$work/plugin"
mkdir -p "$plugin/store" "$plugin/bin" "$plugin/unpacked"
tar -xzf "$archive" -C "$plugin/unpacked"
for from in $(sed -n 's/^    - from: //p' "$manifest"); do
  if [ -f "$plugin/unpacked/$from" ]; then cp "$plugin/unpacked/$from" "$plugin/store/"; else fail "the archive lacks $from"; fi
done
bin=$(sed -n 's/^    bin: //p' "$manifest")
ln -s "$plugin/store/$bin" "$plugin/bin/kubectl-podfit"
got=$("$plugin/bin/kubectl-podfit" --version 2>&1)
[ "$got" = "$("$build/podfit" --version)" ] && ok "installed as the manifest says: kubectl-podfit --version: $got" ||
  fail "installed as the manifest says: $got"

if [ $failed -ne 0 ]; then
  echo "$failed package check(s) failed"
  exit 1
fi
exit 0
