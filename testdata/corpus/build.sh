#!/bin/sh
# Builds the fixture corpus into DEST: copies the corpus and rule files and the patches, and
# makes each src/NAME/{base,head} tree a git repository at DEST/repos/NAME with a commit tagged
# "base" and, when head/ exists, a second one tagged "head". Commit dates and authors are fixed,
# so the commit ids are the same on every machine.
#   sh testdata/corpus/build.sh DEST
set -eu
src=$(cd "$(dirname "$0")" && pwd)
dest=${1:?usage: build.sh DEST}
mkdir -p "$dest/repos"
cp "$src"/*.toml "$dest"/
cp -r "$src/patches" "$dest/patches"
cp -r "$src/truth" "$dest/truth"
export GIT_AUTHOR_NAME=bond-fixture GIT_AUTHOR_EMAIL=fixture@bond.invalid
export GIT_COMMITTER_NAME=bond-fixture GIT_COMMITTER_EMAIL=fixture@bond.invalid
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
for d in "$src"/src/*/; do
  name=$(basename "$d")
  repo="$dest/repos/$name"
  mkdir -p "$repo"
  git -C "$repo" init -q
  cp -r "$d/base/." "$repo/"
  git -C "$repo" add -A
  git -C "$repo" -c commit.gpgsign=false commit -q -m "base"
  git -C "$repo" tag base
  if [ -d "$d/head" ]; then
    git -C "$repo" rm -rq .
    cp -r "$d/head/." "$repo/"
    git -C "$repo" add -A
    git -C "$repo" -c commit.gpgsign=false commit -q -m "head"
    git -C "$repo" tag head
  fi
done
