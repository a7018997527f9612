import Foundation
import Logging

/// What every harness shares: quiet logging, and what to do when an invariant breaks.
///
/// An invariant that breaks traps (libFuzzer saves the input as `crash-…`), unless its signature is listed
/// in the file named by `ANIMA_FUZZ_KNOWN` (one signature prefix a line, `#` comments): a known finding whose
/// fix is elsewhere is then printed once per signature, with the input saved under `ANIMA_FUZZ_FINDINGS`
/// (default `.build-fuzz/findings`), and fuzzing goes on to look for new ones.
public enum FuzzRuntime {
    /// Diagnostics go through swift-log; printing thousands a second would be the fuzzer's whole cost.
    /// `ANIMA_FUZZ_LOG=1` keeps them.
    private static let quietLogging: Void = {
        if ProcessInfo.processInfo.environment["ANIMA_FUZZ_LOG"] == nil {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        }
    }()

    /// Runs libFuzzer with `testOneInput` (command-line arguments are libFuzzer's) and exits with its status.
    ///
    /// SwiftPM gives an executable target's entry point a name of its own, so libFuzzer's `main` is not used:
    /// each harness's `main.swift` calls this instead.
    public static func runDriver(_ testOneInput: @escaping @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// Call at the start of every input.
    public static func prepare() { _ = quietLogging }

    private static let known: [String] = {
        guard let path = ProcessInfo.processInfo.environment["ANIMA_FUZZ_KNOWN"],
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }()

    nonisolated(unsafe) private static var seen: Set<String> = []
    nonisolated(unsafe) private static var current: [UInt8] = []

    /// Remembers the input being run (saved with a known finding).
    public static func begin(_ input: UnsafeRawBufferPointer) { current = Array(input) }

    /// Reports a broken invariant: traps unless `signature` is known (see the type's summary).
    public static func fail(_ signature: String, _ detail: @autoclosure () -> String) {
        if known.contains(where: { signature.hasPrefix($0) }) {
            guard seen.insert(signature).inserted else { return }
            let dir = ProcessInfo.processInfo.environment["ANIMA_FUZZ_FINDINGS"] ?? ".build-fuzz/findings"
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let file = dir + "/" + signature.map { $0.isLetter || $0.isNumber ? $0 : "_" }.reduce("") { $0 + String($1) }
            _ = FileManager.default.createFile(atPath: file, contents: Data(current))
            FileHandle.standardError.write(Data("anima-fuzz: known finding \(signature) (input \(file))\n  \(detail())\n".utf8))
            return
        }
        fatalError("anima-fuzz: invariant broken: \(signature)\n\(detail())")
    }
}

/// libFuzzer's entry for programs with their own `main` (in `libclang_rt.fuzzer`, linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
