#!/usr/bin/env bash
# The action's first step: the release's prebuilt goti for this runner,
# checked against its SHA-256, onto the PATH. Says installed=true, or
# installed=false (no release asset for this runner, or no release at all)
# so the action builds from source instead.
set -euo pipefail
case "${RUNNER_OS:-}-${RUNNER_ARCH:-}" in
  Linux-X64) target=x86_64-unknown-linux-gnu; ext=tar.gz ;;
  macOS-ARM64) target=aarch64-apple-darwin; ext=tar.gz ;;
  macOS-X64) target=x86_64-apple-darwin; ext=tar.gz ;;
  Windows-X64) target=x86_64-pc-windows-msvc; ext=zip ;;
  *) echo "installed=false" >> "$GITHUB_OUTPUT"; exit 0 ;;
esac
if [ -z "${ACTION_REPO:-}" ]; then
  echo "no release repository is known (a copy of the action inside a project): building goti ${GOTI_VERSION} from source"
  echo "installed=false" >> "$GITHUB_OUTPUT"
  exit 0
fi
name="goti-v${GOTI_VERSION}-${target}"
dir="${RUNNER_TEMP:-/tmp}/goti-${GOTI_VERSION}"
mkdir -p "$dir"
if ! gh release download "v${GOTI_VERSION}" --repo "${ACTION_REPO}" --pattern "${name}.${ext}*" --dir "$dir" 2>/dev/null; then
  echo "no prebuilt goti ${GOTI_VERSION} for ${target}: building from source"
  echo "installed=false" >> "$GITHUB_OUTPUT"
  exit 0
fi
(cd "$dir" && if command -v sha256sum >/dev/null; then sha256sum -c "${name}.${ext}.sha256"; else shasum -a 256 -c "${name}.${ext}.sha256"; fi)
if [ "$ext" = zip ]; then
  (cd "$dir" && 7z x -y "${name}.zip" >/dev/null)
else
  tar xzf "$dir/${name}.tar.gz" -C "$dir"
fi
echo "$dir/$name" >> "$GITHUB_PATH"
echo "installed=true" >> "$GITHUB_OUTPUT"
