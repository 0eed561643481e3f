# The pinned tools CI needs beyond the repository's own dependencies, each installed once per machine (under
# $RAMPART_CI_TOOLS, default ~/.cache/rampart-ci) and reused when present at the pinned version. Sourced by .ci/run
# and .ci/packages.sh; every download comes from a package registry (npm's, Go's module proxy).

RAMPART_CI_TOOLS="${RAMPART_CI_TOOLS:-$HOME/.cache/rampart-ci}"
OPA_VERSION=v1.10.1
# The binaryen that packages/evaluator/scripts/buildPolicies.ts runs through `pnpm dlx` unless $WASM_OPT names one.
BINARYEN_VERSION=132.0.0

# Whether a command's output has a line matching a pattern. The output is read whole first: `cmd | grep -q` under
# pipefail fails at random with 141 when grep stops reading before cmd has finished writing (SIGPIPE).
prints() { # pattern command...
  local output
  output="$("${@:2}" 2>/dev/null)" || true
  grep -q "$1" <<<"$output"
}

# Node 22's bin directory (from the npm registry's node-linux-<arch> package), downloaded on first use.
node22_bin() {
  local dir="$RAMPART_CI_TOOLS/node22"
  if ! prints '^v22\.' "$dir/package/bin/node" --version; then
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && npm pack -s "node-linux-$(node -p process.arch)@22" >/dev/null && tar xzf node-linux-*.tgz && rm node-linux-*.tgz)
  fi
  echo "$dir/package/bin"
}

# OPA at the pinned version in Go's bin directory: `go install` compiles it from source, so only when it is missing.
install_opa() {
  local gobin
  gobin="$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
  if ! prints "^Version: ${OPA_VERSION#v}$" "$gobin/opa" version; then
    go install "github.com/open-policy-agent/opa@${OPA_VERSION}"
  fi
}

# binaryen's wasm-opt at the pinned version; prints its path.
wasm_opt_path() {
  local dir="$RAMPART_CI_TOOLS/binaryen-$BINARYEN_VERSION"
  if [ ! -x "$dir/node_modules/.bin/wasm-opt" ]; then
    mkdir -p "$dir"
    npm i -s --no-audit --no-fund --prefix "$dir" "binaryen@$BINARYEN_VERSION" >/dev/null
  fi
  echo "$dir/node_modules/.bin/wasm-opt"
}
