#!/bin/sh
# Builds goundefined against Debian's HCL v2.14.1 with the two commits of
# Nomad's HCL fork that it compares with applied: 1ea1d41 ("Support unknown
# variable evaluation": EvalContext.UndefinedVariable) and e6f14e2 ("Support
# interpolating into maps for dynamic blocks": dynblock's JustAttributes).
# Usage: build.sh <a git clone of hashicorp/hcl> <output binary>
set -eu
hcl_repo=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
overlay=$(mktemp -d)
mkdir -p "$overlay/src/github.com/hashicorp/hcl"
cp -r /usr/share/gocode/src/github.com/hashicorp/hcl/v2 "$overlay/src/github.com/hashicorp/hcl/v2"
for commit in 1ea1d41 e6f14e2; do
    git -C "$hcl_repo" show "$commit" -- eval_context.go traversal.go ext/dynblock/expand_body.go \
        | patch -s -d "$overlay/src/github.com/hashicorp/hcl/v2" -p1
done
mkdir -p "$overlay/src/goundefined"
cp "$here/main.go" "$overlay/src/goundefined/"
GOPATH="$overlay:/usr/share/gocode" GO111MODULE=off go build -o "$out" goundefined
rm -rf "$overlay"
