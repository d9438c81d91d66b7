#!/usr/bin/env bash
# Builds one of FlowKit's fuzz targets with libFuzzer and AddressSanitizer and runs it.
#
#     scripts/fuzz.sh TARGET SECONDS      TARGET: flow, script, state, url, generate, or all
#
# The committed seeds in Fuzz/Corpus/TARGET are read, never written: what the fuzzer learns
# goes to Fuzz/.build/corpus/TARGET (kept between runs, ignored by git). Exits non-zero on
# a crash, a leak, a timeout (over 2 s for one input of at most 4 KB) or a memory blow-up
# (over 2 GB), after printing where the reproducer is. For `generate`, a sample of what
# the target generated is then type-checked by the Swift compiler against FlowKit.
# Exits 0, saying so, when the toolchain has no libFuzzer runtime.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(flow script state url generate)
usage() { echo "usage: scripts/fuzz.sh TARGET SECONDS   (TARGET: ${targets[*]} or all)" >&2; exit 2; }
[ $# -eq 2 ] || usage
[[ "$2" =~ ^[0-9]+$ ]] || usage
seconds=$2
if [ "$1" = all ]; then run=("${targets[@]}"); else
  [[ " ${targets[*]} " == *" $1 "* ]] || usage
  run=("$1")
fi

# Does this toolchain link libFuzzer? A one-line target tells.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$probe/probe.swift"
if ! swiftc -sanitize=fuzzer,address -parse-as-library "$probe/probe.swift" -o "$probe/probe" > "$probe/log" 2>&1; then
  echo "fuzz: this toolchain has no libFuzzer runtime (swiftc -sanitize=fuzzer failed); skipping"
  exit 0
fi

echo "== fuzz: building the targets (release, -sanitize=fuzzer,address)"
# SwiftPM's --sanitize=fuzzer makes executables libFuzzer's; the sanitizers go to swiftc as one
# flag, because of two -sanitize= flags swiftc keeps only the last (no coverage, a blind fuzzer).
build=(swift build -c release --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
# SwiftPM may reuse the build plan of its path dependency (this checkout) and miss source files
# added to FlowKit since the last fuzz build: plan again every time.
rm -f Fuzz/.build/release.yaml Fuzz/.build/*/release/description.json
# The linker's "Cannot export local symbol" lines are ASan's and harmless.
set +o pipefail
"${build[@]}" 2>&1 | grep -v "Cannot export local symbol"
status=${PIPESTATUS[0]}
set -o pipefail
[ "$status" -eq 0 ] || { echo "fuzz: the build failed" >&2; exit 1; }
bin=$("${build[@]}" --show-bin-path)

status=0
for target in "${run[@]}"; do
  work="Fuzz/.build/corpus/$target"
  artifacts="Fuzz/.build/artifacts/$target/"
  mkdir -p "$work" "$artifacts"
  emit=""
  if [ "$target" = generate ]; then
    emit="Fuzz/.build/generated"
    rm -rf "$emit"; mkdir -p "$emit"
  fi
  echo "== fuzz: $target for ${seconds}s"
  log="Fuzz/.build/fuzz-$target.log"
  if ! FLOWKIT_FUZZ_EMIT="$emit" ASAN_OPTIONS=detect_leaks=1 "$bin/fuzz-$target" "$work" "Fuzz/Corpus/$target" \
      -dict=Fuzz/flow.dict -max_len=4096 -timeout=2 -rss_limit_mb=2048 -max_total_time="$seconds" \
      -artifact_prefix="$artifacts" -print_final_stats=1 > "$log" 2>&1; then
    status=1
    tail -n 40 "$log"
    echo "fuzz: $target FAILED; reproducer(s):" >&2
    ls -1 "$artifacts" >&2
    echo "replay one with: $bin/fuzz-$target $artifacts<file>" >&2
    continue
  fi
  grep -E "DONE|stat::number_of_executed_units|stat::peak_rss_mb" "$log" || tail -n 3 "$log"
  if [ -n "$emit" ]; then
    # With FLOWKIT_FUZZ_EMIT unset the loop writes nothing; the sample is compiled here, outside it.
    modules="$bin/Modules"
    [ -d "$modules" ] || modules="$bin"
    checked=0
    # find, not a glob: a long run leaves more files than an argument list holds.
    for file in $(find "$emit" -name '*.swift' | sort | head -n 25); do
      if ! swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$modules" "$file" > "$file.log" 2>&1; then
        echo "fuzz: generated Swift does not compile: $file (from ${file%.swift}.flow)" >&2
        cat "$file.log" >&2
        status=1
      fi
      checked=$((checked + 1))
    done
    echo "fuzz: generate: $checked generated files type-checked against FlowKit"
  fi
done
exit $status
