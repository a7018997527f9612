import Foundation
import Testing
import AnimaGraphics
@testable import AnimaLottie

@Suite("Parsing")
struct ParsingTests {
    @Test func timelineSizeAndMarkersComeFromTheFile() throws {
        let json = LottieFixtures.document(layers: [], fr: 24, op: 48,
                                           markers: #"[{"cm":"intro","tm":12,"dr":6},{"cm":"outro","tm":36,"dr":0}]"#, size: 120)
        let animation = try LottieFixtures.animation(json)
        #expect(animation.startFrame == 0)
        #expect(animation.endFrame == 48)
        #expect(animation.framerate == 24)
        #expect(animation.duration == 2)
        #expect(animation.size == CGSize(width: 120, height: 120))
        #expect(animation.markerNames == ["intro", "outro"])
        #expect(animation.progressTime(forMarker: "intro") == 0.25)
        #expect(animation.progressTime(forMarker: "outro") == 0.75)
        #expect(animation.progressTime(forMarker: "missing") == nil)
    }

    @Test func keyframesKeepHoldEasingAndTheOldEndValueForm() throws {
        // The old format: each keyframe states its segment's end in "e"; the last has only "t".
        let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[10],"e":[20],"o":{"x":[0.3],"y":[0.1]},"i":{"x":[0.7],"y":[0.9]}},{"t":10,"s":[20],"e":[40],"h":1},{"t":20}]}}"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: ks)])
        let animation = try LottieFixtures.animation(json)
        let opacity = animation.model.layers[0].transform.opacity
        #expect(opacity.keyframes.map(\.frame) == [0, 10, 20])
        #expect(opacity.keyframes.map(\.value) == [[10], [20], [40]])
        #expect(opacity.keyframes.map(\.isHold) == [false, true, false])
        let easing = try #require(opacity.keyframes[0].easing)
        #expect(easing.c1 == CGPoint(x: 0.3, y: 0.1))
        #expect(easing.c2 == CGPoint(x: 0.7, y: 0.9))
    }

    @Test func shapeItemsAndSeparatedPositionAreRead() throws {
        let ks = #"{"p":{"s":true,"x":{"a":0,"k":12},"y":{"a":0,"k":34}}}"#
        let animation = try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: ks)]))
        let layer = animation.model.layers[0]
        #expect(layer.transform.position == nil)
        #expect(layer.transform.positionX?.initialValue == [12])
        #expect(layer.transform.positionY?.initialValue == [34])
        guard case .shapes(let items) = layer.content, case .group(_, let children, _) = items.first else {
            Issue.record("expected a shape layer with a group"); return
        }
        #expect(children.count == 2)
        #expect(children[0].isGeometry)
        #expect(children[1].isStyle)
    }

    @Test func anEllipseStartsAtItsTopAndGoesClockwise() {
        let outline = ShapeItem.ellipse(center: CGPoint(x: 10, y: 20), size: CGPoint(x: 8, y: 4))
        #expect(outline.vertices.first == CGPoint(x: 10, y: 18))
        #expect(outline.vertices[1] == CGPoint(x: 14, y: 20))
        #expect(outline.isClosed)
    }
}

@Suite("Loading by name")
struct NamedLoadingTests {
    @Test func namedSearchesTheWorkingDirectoryUnderTheSubdirectory() throws {
        let folder = ".build/lottie-named-test"
        let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(LottieFixtures.document(layers: [], fr: 25, op: 50).utf8).write(to: url.appendingPathComponent("named-sample.json"))
        let animation = try #require(LottieAnimation.named("named-sample", subdirectory: folder))
        #expect(animation.framerate == 25)
        #expect(animation.duration == 2)
        #expect(LottieAnimation.named("no-such-animation", subdirectory: folder) == nil)
        #expect(!LottieDiagnostics.messages(containing: "no-such-animation").isEmpty)
    }
}

extension ParsingTests {
    @MainActor @Test func aLastKeyframesEndValueWithNoKeyframeAfterItIsDropped() throws {
        // lottie-ios reads {"t":29,"s":[9],"e":[24]} alone as the value 9: the end has no time to be reached at.
        let ks = #"{"p":{"a":1,"k":[{"t":29,"s":[17.5,9],"e":[17.5,24]}]}}"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "P", ks: ks)])
        let animation = try LottieFixtures.animation(json)
        let position = try #require(animation.model.layers[0].transform.position)
        #expect(position.keyframes.count == 1)
        #expect(position.initialValue == [17.5, 9])
        let layer = LottieAnimationLayer(animation: animation)
        #expect(LottieFixtures.find("P transform", in: layer)?.position == CGPoint(x: 17.5, y: 9))
    }
}
