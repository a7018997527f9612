import Foundation
import Logging
import Synchronization
import Testing
@testable import AnimaLottie

/// Where a recording log handler keeps the lines it is given.
private final class LogBox: Sendable {
    let lines = Mutex<[String]>([])
}

/// A log handler that keeps "level message" lines in a box.
private struct RecordingLogHandler: LogHandler {
    let box: LogBox
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        box.lines.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

/// `allHierarchyKeypaths()` lists every settable property in the file's order, with the file's names;
/// `logHierarchyKeypaths()` logs the same list after lottie-ios's header line.
@MainActor
@Suite("Hierarchy keypaths")
struct HierarchyKeypathTests {
    static let expected = [
        "Parent.Transform.Position", "Parent.Transform.Scale", "Parent.Transform.Rotation", "Parent.Transform.Opacity",
        "Shape.Transform.Position", "Shape.Transform.Scale", "Shape.Transform.Rotation", "Shape.Transform.Opacity",
        "Shape.Group 1.Transform.Position", "Shape.Group 1.Transform.Scale", "Shape.Group 1.Transform.Rotation",
        "Shape.Group 1.Transform.Opacity",
        "Shape.Group 1.Stroke 1.Color", "Shape.Group 1.Stroke 1.Opacity", "Shape.Group 1.Stroke 1.Stroke Width",
        "Shape.Group 1.Fill 1.Color", "Shape.Group 1.Fill 1.Opacity",
        "Scaler.Transform.Position", "Scaler.Transform.Scale", "Scaler.Transform.Rotation", "Scaler.Transform.Opacity",
        "Scaler.Fill 1.Color", "Scaler.Fill 1.Opacity",
        "Solid.Transform.Position", "Solid.Transform.Scale", "Solid.Transform.Rotation", "Solid.Transform.Opacity",
        "Solid.Color",
        "Pre.Transform.Position", "Pre.Transform.Scale", "Pre.Transform.Rotation", "Pre.Transform.Opacity",
        "Pre.Inner.Transform.Position", "Pre.Inner.Transform.Scale", "Pre.Inner.Transform.Rotation",
        "Pre.Inner.Transform.Opacity", "Pre.Inner.Fill 1.Color", "Pre.Inner.Fill 1.Opacity",
    ]

    @Test func everySettablePropertyInTheFilesOrder() throws {
        let (_, layer) = try DynamicPropertyFixtures.scene()
        // The hidden fill and the merge before Stroke 1 take no name from it.
        #expect(layer.allHierarchyKeypaths() == Self.expected)
        let view = LottieAnimationView(animation: try LottieFixtures.animation(DynamicPropertyFixtures.json))
        #expect(view.allHierarchyKeypaths() == Self.expected)
    }

    @Test func loggedAfterTheHeaderLineAtInfoLevel() throws {
        let (_, layer) = try DynamicPropertyFixtures.scene()
        let box = LogBox()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(box: box) }
        layer.logHierarchyKeypaths(to: logger)
        let lines = box.lines.withLock { $0 }
        #expect(lines == ["info Lottie: Logging Animation Keypaths"] + Self.expected.map { "info \($0)" })
    }

    @Test func everyListedKeypathCanBeSet() throws {
        let (_, layer) = try DynamicPropertyFixtures.scene()
        let index = try #require(layer.dynamicProperties)
        for keypath in layer.allHierarchyKeypaths() {
            let property = AnimationKeypath(keypath: keypath).propertyName
            let provider: AnyValueProvider = switch property {
            case "Color": ColorValueProvider(LottieColor(r: 0.5, g: 0.5, b: 0.5))
            case "Position", "Scale": PointValueProvider(CGPoint(x: 100, y: 100))
            default: FloatValueProvider(50)
            }
            var reports: [String] = []
            let changed = index.apply(provider, keypath: AnimationKeypath(keypath: keypath), source: "fixture") { reports.append($0) }
            #expect(changed >= 1 && reports.isEmpty, "\(keypath): \(changed) changed, \(reports)")
        }
    }
}
