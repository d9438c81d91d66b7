#!/usr/bin/env bash
# The differential oracle's long run: random programs and walks against
# validate's findings (Tests/FlowEngineTests/DifferentialTests.swift).
#
#   scripts/differential.sh [SECONDS]      # default 1200 (20 minutes)
#
# Prints how many programs, walks and states were checked and each distinct
# miss, minimized, with its steps; the report is also written to
# .build/differential-report.txt. Save a new miss as
# Tests/FlowEngineTests/Fixtures/differential/<short-name>.flow with a first
# line `// steps: a, b, back; expects F203; why: ...`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-1200}"
out="$PWD/.build/differential-report.txt"
mkdir -p .build
FLOWKIT_DIFF_PROGRAMS="${FLOWKIT_DIFF_PROGRAMS:-100000}" FLOWKIT_DIFF_SECONDS="$seconds" FLOWKIT_DIFF_OUT="$out" \
    swift test -c release -Xswiftc -enable-testing --filter 'DifferentialTests/long'
echo "report: $out"
