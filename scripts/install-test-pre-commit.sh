#!/bin/sh
# Installs pre-commit 4 for test/cli/pre-commit.test.ts into .cache/pre-commit4 (bin/pre-commit).
# pre-commit 4.6.1+ installs a `language: node` hook with `npm install -g git+file://<clone>`,
# which gives `prepare` no devDependencies (npm/cli#8440); 3.x up to 4.6.0 run `npm install` in
# the clone, then `npm pack`. Debian's pre-commit 3 (apt) tests the one, this one the other.
#
# PyPI may be out of reach, Debian is not: the arch-all package of Debian testing (forky), fetched
# by apt itself (its signature checked against the system's debian-archive-keyring) with a private
# sources list and state under .cache/pre-commit4/apt, so the machine's apt setup is untouched.
# It runs on bookworm's python3 (3.11; pre-commit 4.7 needs >= 3.11; python3-venv) with the python3-cfgv,
# -identify, -virtualenv, -yaml and nodeenv packages that `apt-get install pre-commit` (3.x)
# brings: a venv with the system site-packages, and the extracted package put ahead of them by a
# .pth file, so `git commit` (whose hook script runs this venv's python) runs pre-commit 4 too.
#
# Run by .ci/run; by hand: sh scripts/install-test-pre-commit.sh. Idempotent.
set -eu
cd "$(dirname "$0")/.."
dir="$PWD/.cache/pre-commit4"

if "$dir/bin/pre-commit" --version 2>/dev/null | grep -q '^pre-commit 4\.'; then exit 0; fi

rm -rf "$dir"
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/deb"
echo 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian forky main' >"$dir/apt/sources.list"
set -- -o "Dir::Etc::SourceList=$dir/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
  -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache=$dir/apt/cache" -o Acquire::Languages=none \
  -o APT::Sandbox::User=root -qq
apt-get "$@" update
# The newest 4.x Debian testing has (a 5.x there would not be "pre-commit 4").
version=$(apt-cache "$@" madison pre-commit | awk '$3 ~ /^4\./ { print $3 }' | sort -V | tail -1)
[ -n "$version" ] || { echo "install-test-pre-commit: Debian forky has no pre-commit 4.x any more (apt-cache madison pre-commit)" >&2; exit 1; }
(cd "$dir/apt" && apt-get "$@" download "pre-commit=$version")
dpkg-deb -x "$dir/apt/pre-commit_"*"_all.deb" "$dir/deb"
rm -rf "$dir/apt"

/usr/bin/python3 -m venv --without-pip --system-site-packages "$dir"
site=$("$dir/bin/python3" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$dir/deb/usr/lib/python3/dist-packages" >"$site/debian-pre-commit.pth"
cat >"$dir/bin/pre-commit" <<EOF
#!$dir/bin/python3
# pre-commit $version from Debian forky (scripts/install-test-pre-commit.sh)
import sys
from pre_commit.main import main
sys.exit(main())
EOF
chmod +x "$dir/bin/pre-commit"
"$dir/bin/pre-commit" --version
