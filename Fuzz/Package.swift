// swift-tools-version:6.0
// libFuzzer harnesses for Anima, one per input surface. A package of their own so the main package's
// `swift build` and `swift test` never see them: `scripts/fuzz.sh NAME [SECONDS]` builds one with
// `-sanitize=fuzzer,address` (scratch path `.build-fuzz`) and runs it on its seed corpus.
import PackageDescription

/// (folder, target, whether the folder has a libFuzzer dictionary `<folder>.dict`)
let harnesses = [
    ("animation-params", "FuzzAnimationParams", false),
    ("key-value", "FuzzKeyValue", true),
    ("paths", "FuzzPaths", false),
    ("png", "FuzzPNG", true),
    ("lottie", "FuzzLottie", true),
]

let package = Package(
    name: "AnimaFuzz",
    platforms: [.macOS(.v14)],
    products: harnesses.map { .executable(name: "fuzz-\($0.0)", targets: [$0.1]) },
    dependencies: [
        .package(name: "Anima", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "Anima", package: "Anima"), .product(name: "Logging", package: "swift-log")],
            path: "Support",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ] + harnesses.map { name, target, hasDictionary in
        .executableTarget(
            name: target,
            dependencies: ["FuzzSupport", .product(name: "Anima", package: "Anima")],
            path: name,
            exclude: ["corpus"] + (hasDictionary ? ["\(name).dict"] : []),
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    }
)
