import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIColor, UIFont, UIImage, UIBezierPath")
struct GraphicsObjectTests {
    @Test func colorsHaveUIKitsComponents() {
        #expect(UIColor.red.cgColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.darkGray.cgColor == CGColor(gray: 1.0 / 3.0, alpha: 1))
        #expect(UIColor.systemBlue.cgColor == CGColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        #expect(UIColor.clear.alphaComponent == 0)
        let half = UIColor.orange.withAlphaComponent(0.5)
        #expect(half.cgColor == CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(UIColor(white: 0.25, alpha: 1) == UIColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect([r, g, b, a] == [0.1, 0.2, 0.3, 0.4])
    }

    @Test func hueSaturationBrightnessRoundTrips() {
        let c = UIColor(hue: 0.6, saturation: 0.5, brightness: 0.8, alpha: 1)
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
        c.getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(isClose(h, 0.6, within: 1e-9) && isClose(s, 0.5, within: 1e-9) && isClose(v, 0.8, within: 1e-9))
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1).cgColor.green == 1)
    }

    @Test func nonFiniteColorComponentsAreReported() {
        let before = diagnosticCount("UIColor(red: nan")
        let c = UIColor(red: .nan, green: 1, blue: 0, alpha: 1)
        #expect(c.cgColor == CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(diagnosticCount("UIColor(red: nan") == before + 1)
    }

    @Test func colorsWorkAsAnimationValues() throws {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
        display.advance(by: 0)
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = UIColor.red
        fade.toValue = UIColor.blue
        fade.duration = 1
        view.layer.add(fade, forKey: "fade")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let color = try #require(shown(view).backgroundColor)
        #expect(isClose(color.red, 0.5, within: 1e-9) && isClose(color.blue, 0.5, within: 1e-9))
    }

    @Test func fontsMapToTextFonts() {
        let font = UIFont.systemFont(ofSize: 24, weight: .semibold)
        #expect(font.pointSize == 24)
        #expect(font.textFont.weight == .semibold)
        #expect(UIFont.boldSystemFont(ofSize: 12).textFont.weight == .bold)
        #expect(UIFont.systemFont(ofSize: 12).withSize(30).pointSize == 30)
        #expect(UIFont.italicSystemFont(ofSize: 12).textFont.isItalic)
        #expect(font.lineHeight > 24 && font.ascender > 0 && font.descender < 0)
        let before = diagnosticCount("size must be positive and finite")
        #expect(UIFont.systemFont(ofSize: -3).pointSize == 17)
        #expect(diagnosticCount("size must be positive and finite") == before + 1)
    }

    @Test func imagesLoadFromTheAssetDirectories() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("anima-kit-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pixels = [UInt32](repeating: 0xFF00_FF00, count: 8 * 6)
        try CGImage(width: 8, height: 6, premultipliedARGB: pixels)!.writePNG(to: dir.appendingPathComponent("dot@2x.png"))
        try CGImage(width: 3, height: 3, premultipliedARGB: [UInt32](repeating: 0xFFFF_0000, count: 9))!
            .writePNG(to: dir.appendingPathComponent("plain.png"))
        let saved = UIImage.assetDirectories
        UIImage.assetDirectories = ["/nonexistent-anima", dir.path]
        defer { UIImage.assetDirectories = saved }
        let dot = try #require(UIImage(named: "dot"))
        #expect(dot.scale == 2 && dot.size == CGSize(width: 4, height: 3) && !dot.isPlaceholder)
        let plain = try #require(UIImage(named: "plain.png"))
        #expect(plain.size == CGSize(width: 3, height: 3))
        #expect(plain.cgImage?.pixel(x: 1, y: 1)?.red == 255)
        let fromFile = try #require(UIImage(contentsOfFile: dir.appendingPathComponent("plain.png").path))
        #expect(fromFile.cgImage?.width == 3)
        #expect(UIImage(data: try #require(plain.pngData()))?.size == CGSize(width: 3, height: 3))
    }

    @Test func missingImagesBecomeAReportedPlaceholder() throws {
        let missing = try #require(UIImage(named: "no-such-image-7781"))
        #expect(missing.isPlaceholder && missing.cgImage != nil && missing.size.width > 0)
        #expect(diagnosticCount("no image named 'no-such-image-7781'") >= 1)
        let file = try #require(UIImage(contentsOfFile: "/no/such/file-7782.png"))
        #expect(file.isPlaceholder)
        #expect(diagnosticCount("file-7782.png") >= 1)
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
    }

    /// No SF Symbols: a symbol is an asset image of its name when there is one, else a reported placeholder.
    @Test func symbolImagesComeFromTheAssetDirectories() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("anima-kit-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try CGImage(width: 4, height: 4, premultipliedARGB: [UInt32](repeating: 0xFF00_00FF, count: 16))!
            .writePNG(to: dir.appendingPathComponent("star.fill@2x.png"))
        let saved = UIImage.assetDirectories
        UIImage.assetDirectories = [dir.path]
        defer { UIImage.assetDirectories = saved }
        let star = try #require(UIImage(systemName: "star.fill"))
        #expect(!star.isPlaceholder && star.scale == 2 && star.size == CGSize(width: 2, height: 2))
        let heart = try #require(UIImage(systemName: "heart-7783"))
        #expect(heart.isPlaceholder)
        #expect(diagnosticCount("no SF Symbols here: UIImage(systemName: \"heart-7783\")") == 1)
    }

    /// Dynamic Type's styles at iOS's default text size (Apple's Human Interface Guidelines table).
    @Test func preferredFontsHaveTheDefaultTextSizes() {
        let sizes: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
            (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, size) in sizes { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style)") }
        #expect(UIFont.preferredFont(forTextStyle: .headline) == .systemFont(ofSize: 17, weight: .semibold))
        #expect(UIFont.preferredFont(forTextStyle: .body) == .systemFont(ofSize: 17))
    }

    @Test func bezierPathsBuildAndDraw() throws {
        let rect = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(rect.contains(CGPoint(x: 5, y: 5)) && !rect.contains(CGPoint(x: 15, y: 5)))
        #expect(UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10)).bounds == CGRect(x: 0, y: 0, width: 20, height: 10))
        // Clockwise on screen: from angle 0 to π/2 passes through the bottom-right (y down).
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(arc.bounds.minX > -0.01 && arc.bounds.minY > -0.01)
        #expect(isClose(arc.currentPoint, CGPoint(x: 0, y: 10), within: 1e-9))
        let other = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(other.bounds.minX < -9)
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
        path.close()
        path.apply(CGAffineTransform(translationX: 5, y: 0))
        #expect(path.cgPath.elements.first == .moveTo(CGPoint(x: 5, y: 0)))
        #expect(!path.isEmpty)
        path.removeAllPoints()
        #expect(path.isEmpty)
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), byRoundingCorners: [.topLeft], cornerRadii: CGSize(width: 10, height: 10))
        #expect(!rounded.contains(CGPoint(x: 1, y: 1)) && rounded.contains(CGPoint(x: 19, y: 1)))

        UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), false, 1)
        UIColor.blue.setFill()
        UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).fill()
        UIColor.red.setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 10)); line.addLine(to: CGPoint(x: 20, y: 10))
        line.lineWidth = 2
        line.stroke()
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        #expect(image.pixel(x: 10, y: 4) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(image.pixel(x: 1, y: 1)?.alpha == 0)
        #expect(image.pixel(x: 10, y: 10) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func bezierPathsAreShapeLayerPaths() throws {
        let layer = CALayer()
        let morph = CABasicAnimation(keyPath: "shadowPath")
        morph.fromValue = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        morph.toValue = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        let before = diagnosticCount("rejected CABasicAnimation on 'shadowPath'")
        layer.add(morph, forKey: "morph")
        #expect(layer.animation(forKey: "morph") != nil)
        #expect(diagnosticCount("rejected CABasicAnimation on 'shadowPath'") == before)
    }
}
