#!/bin/sh
# Regenerates the Swift files FlowKitTests and FlowKitStoreTests compile and compare (review the diff by eye).
set -e
cd "$(dirname "$0")/.."
swift build --product flowctl
for pair in login:Login placesfinder:PlacesFinder shop:Shop swiftui-coordinator:SwiftUICoordinator wayfarer:Wayfarer; do
  .build/debug/flowctl generate swift "flows/${pair%%:*}.flow" --name "${pair##*:}" -o "Tests/FlowKitTests/Generated/${pair##*:}.swift" 2>/dev/null
done
.build/debug/flowctl generate swift Tests/FlowKitTests/Fixtures/navigation.flow --name Nav -o Tests/FlowKitTests/Generated/Nav.swift 2>/dev/null
.build/debug/flowctl generate swift Tests/FlowKitTests/Fixtures/clashes.flow --name Clashes -o Tests/FlowKitTests/Generated/Clashes.swift 2>/dev/null
.build/debug/flowctl generate swift Tests/FlowKitTests/Fixtures/links.flow --name Links -o Tests/FlowKitTests/Generated/Links.swift 2>/dev/null
.build/debug/flowctl generate swift Tests/FlowKitTests/Fixtures/banking.flow --name Banking -o Tests/FlowKitTests/Generated/Banking.swift 2>/dev/null
.build/debug/flowctl generate swift flows/photoshare/app.flow --name Photoshare -o Tests/FlowKitTests/Generated/Photoshare.swift 2>/dev/null
.build/debug/flowctl generate swift Tests/flowctlTests/Fixtures/hostile.flow -o Tests/FlowKitTests/Generated/Hostile.swift
cp Tests/FlowKitTests/Generated/Shop.swift Benchmarks/FlowKitBench/Shop.swift
for name in Stacks Tabbed; do
  .build/debug/flowctl generate swift "Tests/FlowKitStoreTests/Flows/$name.flow" -o "Tests/FlowKitStoreTests/Generated/$name.swift"
done
