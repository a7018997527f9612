// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Anima",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Anima", targets: ["Anima"]),
        // Apple's module names, so `import UIKit` / `import QuartzCore` / `import CoreGraphics` compile.
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .executable(name: "anima-demos", targets: ["AnimaDemos"]),
        .executable(name: "anima-bench", targets: ["AnimaBench"]),
        .executable(name: "anima-lottie", targets: ["AnimaLottieTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (the DocC catalogs beside each module).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // C system libraries (module map + shim header each).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // FFmpeg's libraries, for recording videos (AnimaVideo).
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        // A small C++ target with an extern "C" face over Box2D 2.4.
        .target(
            name: "CBox2D",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]
        ),

        .target(
            name: "AnimaGraphics",
            dependencies: ["CCairo", "CPangoCairo", "CImageDecoders", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // JPEG (libjpeg) and WebP (libwebp) decoding behind a small C face that never exits or jumps out.
        .target(name: "CImageDecoders", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("webp")]),
        .target(
            name: "AnimaCore",
            dependencies: ["AnimaGraphics", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "AnimaDynamics",
            dependencies: ["AnimaGraphics", "CBox2D", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "AnimaKit",
            dependencies: ["AnimaCore", "AnimaDynamics", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "AnimaSDL",
            dependencies: ["AnimaCore", "CSDL2", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // Video files through FFmpeg's libraries: `VideoWriter` (MP4, WebM, GIF) and `VideoReader`. Not in the umbrella,
        // so that only the tools that record link FFmpeg.
        .target(
            name: "AnimaVideo",
            dependencies: ["AnimaGraphics", "CFFmpeg"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "AnimaLottie",
            dependencies: ["AnimaGraphics", "AnimaCore", "AnimaKit", .product(name: "Logging", package: "swift-log"),
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Anima",
            dependencies: ["AnimaGraphics", "AnimaCore", "AnimaDynamics", "AnimaKit", "AnimaSDL", "AnimaLottie"],
            swiftSettings: swiftSettings
        ),
        // Apple's module names over the umbrella (one file each: `@_exported import`).
        .target(name: "UIKit", dependencies: ["Anima"], swiftSettings: swiftSettings),
        .target(name: "QuartzCore", dependencies: ["Anima"], swiftSettings: swiftSettings),
        .target(name: "CoreGraphics", dependencies: ["AnimaGraphics"], swiftSettings: swiftSettings),

        .executableTarget(
            name: "AnimaDemos",
            dependencies: ["Anima", "AnimaVideo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")],
            path: "Demos",
            swiftSettings: swiftSettings
        ),
        // The benchmarks' hand-written baselines (raw SDL_RenderGeometry, raw Box2D): no library module holds them.
        .target(
            name: "AnimaBenchBaselines",
            dependencies: ["AnimaGraphics", "AnimaSDL", "CSDL2", "CBox2D"],
            path: "Benchmarks/Baselines",
            swiftSettings: swiftSettings
        ),
        // The Lottie scene's baseline: rlottie, opened at run time (dlopen), so this builds — and the package with it —
        // without librlottie; the scene says how to install it when it is missing.
        .target(
            name: "CRLottieBaseline",
            path: "Benchmarks/RLottieBaseline",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .executableTarget(
            name: "AnimaBench",
            dependencies: ["Anima", "AnimaBenchBaselines", "CRLottieBaseline",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/AnimaBench",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "AnimaLottieTool",
            dependencies: ["Anima", "AnimaVideo", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Tools/AnimaLottieTool",
            swiftSettings: swiftSettings
        ),

        .testTarget(name: "AnimaGraphicsTests", dependencies: ["AnimaGraphics"], swiftSettings: swiftSettings),
        .testTarget(name: "AnimaCoreTests", dependencies: ["AnimaCore", "AnimaGraphics"], swiftSettings: swiftSettings),
        .testTarget(name: "AnimaSDLTests", dependencies: ["AnimaSDL", "AnimaCore", "AnimaGraphics", "AnimaBenchBaselines"],
                    resources: [.copy("Goldens")], swiftSettings: swiftSettings),
        .testTarget(name: "AnimaDynamicsTests", dependencies: ["AnimaDynamics"], swiftSettings: swiftSettings),
        .testTarget(name: "AnimaVideoTests", dependencies: ["AnimaVideo", "AnimaGraphics"], swiftSettings: swiftSettings),
        .testTarget(name: "AnimaDemosTests", dependencies: ["AnimaDemos", "Anima", "AnimaVideo"], swiftSettings: swiftSettings),
        // Code written as Apple's documentation writes it, compiled in Swift 5 language mode.
        .testTarget(name: "Swift5ModeTests", dependencies: ["UIKit", "QuartzCore", "CoreGraphics"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "AnimaKitTests", dependencies: ["Anima", "AnimaKit", "AnimaCore", "AnimaGraphics", "AnimaDynamics", "AnimaSDL"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "AnimaLottieTests", dependencies: ["AnimaLottie", "AnimaCore", "AnimaGraphics", "AnimaSDL", "AnimaLottieTool", "AnimaVideo"],
                    swiftSettings: swiftSettings),
    ]
)
