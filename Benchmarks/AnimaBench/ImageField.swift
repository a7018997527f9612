import Anima
import AnimaBenchBaselines
import Foundation

/// The image layers of the compositing and moving-images scenes: N 40×40 sprites scattered over a
/// 1024×768 target, showing a few shared `CGImage`s, and the same sprites for the raw SDL baseline.
///
/// Placement comes from a fixed-seed generator, so every run draws the same picture. Consecutive layers share an
/// image in runs of `runLength` (as an app's list of identical icons would), cycling through `imageCount` images.
enum ImageField {
    static let width = 1024, height = 768
    static let spriteSize = CGSize(width: 40, height: 40)
    static let imageCount = 10
    static let runLength = 50

    struct Sprite {
        var center: CGPoint
        var angle: CGFloat
        var imageIndex: Int
    }

    /// `count` distinct 40×40 images: a coloured rounded square with a lighter disc, partly transparent corners.
    static func makeImages(count: Int = imageCount) -> [CGImage] {
        (0..<count).compactMap { i in
            let context = CGContext(width: Int(spriteSize.width), height: Int(spriteSize.height))
            let hue = Double(i) / Double(count)
            context.setFillColor(CGColor(red: 0.5 + 0.5 * cos(2 * .pi * hue), green: 0.5 + 0.5 * cos(2 * .pi * (hue - 1.0 / 3)),
                                         blue: 0.5 + 0.5 * cos(2 * .pi * (hue - 2.0 / 3)), alpha: 1))
            context.addPath(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerWidth: 8, cornerHeight: 8,
                                   transform: nil))
            context.fillPath()
            context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.6))
            context.fillEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
            return context.makeImage()
        }
    }

    /// `count` sprites; every fourth is turned by up to ±45° when `rotatesSome` is true.
    static func sprites(count: Int, rotatesSome: Bool) -> [Sprite] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {  // xorshift64*, in [0, 1)
            seed ^= seed >> 12; seed ^= seed << 25; seed ^= seed >> 27
            return Double((seed &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
        }
        return (0..<count).map { i in
            let center = CGPoint(x: 20 + next() * Double(width - 40), y: 20 + next() * Double(height - 40))
            let angle = rotatesSome && i % 4 == 0 ? (next() - 0.5) * .pi / 2 : 0
            return Sprite(center: center, angle: angle, imageIndex: i / runLength % imageCount)
        }
    }

    /// Image layers for `sprites` under `display`'s root, added in one transaction with actions disabled.
    @MainActor
    static func addLayers(_ sprites: [Sprite], images: [CGImage], to display: HeadlessDisplay) -> [CALayer] {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let layers = sprites.map { sprite in
            let layer = CALayer()
            layer.bounds = CGRect(origin: .zero, size: spriteSize)
            layer.position = sprite.center
            layer.contents = images[sprite.imageIndex]
            if sprite.angle != 0 { layer.transform = CATransform3DMakeRotation(sprite.angle, 0, 0, 1) }
            display.rootLayer.addSublayer(layer)
            return layer
        }
        CATransaction.commit()
        return layers
    }

    /// The same sprites for `RawGeometryScene`.
    static func rawSprites(_ sprites: [Sprite], images: [CGImage]) -> [RawGeometryScene.Sprite] {
        sprites.map { RawGeometryScene.Sprite(center: $0.center, size: spriteSize, angle: $0.angle, image: images[$0.imageIndex]) }
    }
}
