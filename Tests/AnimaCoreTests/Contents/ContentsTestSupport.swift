import Foundation
import Testing
import AnimaCore
import AnimaGraphics

// Helpers for the layer-contents tests: scenes, pixels, and images people can look at.

/// A 300 × 200 headless display with the layer `make` builds added under `name` at `frame`,
/// committed at time 0. The display is made first, so the layer belongs to it (new layers and their
/// display requests go to the display that is current when they are made).
@MainActor
func makeContentsScene<L: CALayer>(_ name: String, frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100),
                                   _ make: () -> L) -> (display: HeadlessDisplay, layer: L) {
    let display = HeadlessDisplay(width: 300, height: 200)
    let layer = make()
    layer.name = name
    layer.frame = frame
    display.rootLayer.addSublayer(layer)
    display.advance(by: 0)
    return (display, layer)
}

/// The contents image a render tree shows for the layer called `name`.
@MainActor
func shownImage(_ display: HeadlessDisplay, _ name: String) -> CGImage? {
    display.renderTree.node(named: name)?.contents as? CGImage
}

/// How many pixels of `image` inside `rect` (pixel coordinates) have alpha above `threshold`.
func inkCount(_ image: CGImage?, in rect: CGRect? = nil, threshold: UInt8 = 127) -> Int {
    guard let image else { return -1 }
    let r = rect ?? CGRect(x: 0, y: 0, width: image.width, height: image.height)
    var count = 0
    for y in max(0, Int(r.minY))..<min(image.height, Int(r.maxY)) {
        for x in max(0, Int(r.minX))..<min(image.width, Int(r.maxX)) where image.pixel(x: x, y: y)!.alpha > threshold {
            count += 1
        }
    }
    return count
}

/// The straight-alpha colour of a pixel as (r, g, b, a) bytes, or nil outside the image.
func rgba(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int]? {
    guard let p = image?.pixel(x: x, y: y) else { return nil }
    return [Int(p.straightRed), Int(p.straightGreen), Int(p.straightBlue), Int(p.alpha)]
}

/// Whether every channel of `a` is within `tolerance` of `b`.
func isClose(_ a: [Int]?, _ b: [Int], within tolerance: Int) -> Bool {
    guard let a, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// `<package>/.build/anima-contents/`, created on demand: where tests leave images for people.
func contentsOutputDirectory() throws -> URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }   // file, Contents/, AnimaCoreTests/, Tests/
    url.appendPathComponent(".build/anima-contents", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether the Korean fonts are installed (Hangul glyphs are then expected).
var hasNanumFont: Bool { FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf") }

/// Composites the drawn contents of a render tree's nodes (axis-aligned, no rotation) over `background`
/// into one image, placing each by its contents frame or its bounds: a small stand-in for the
/// compositor, so these tests can show whole scenes without SDL.
@MainActor
func composite(_ tree: RenderTree, width: Int, height: Int, scale: CGFloat = 1, background: CGColor) -> CGImage? {
    let ctx = CGContext(width: Int(CGFloat(width) * scale), height: Int(CGFloat(height) * scale))
    ctx.scaleBy(x: scale, y: scale)
    ctx.setFillColor(background)
    ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
    for node in tree.nodes where !node.isHidden {
        let m = node.worldTransform
        ctx.saveGState()
        ctx.concatenate(CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42))
        if let bg = node.backgroundColor {
            ctx.setFillColor(CGColor(red: CGFloat(bg.red), green: CGFloat(bg.green), blue: CGFloat(bg.blue), alpha: CGFloat(bg.alpha)))
            ctx.fill(node.bounds)
        }
        if let image = node.contents as? CGImage {
            let dest = node.contentsFrame ?? node.bounds
            ctx.translateBy(x: dest.minX, y: dest.maxY)
            ctx.scaleBy(x: 1, y: -1)   // CGContext.draw puts an image's first row at the bottom
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: dest.width, height: dest.height))
        }
        ctx.restoreGState()
    }
    return ctx.makeImage()
}
