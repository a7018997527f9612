import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A `side` × `side` image of one opaque colour (`0xRRGGBB`), a hole of transparency in its top-left pixel.
private func square(_ side: Int, _ rgb: UInt32) -> UIImage {
    var words = [UInt32](repeating: 0xFF00_0000 | rgb, count: side * side)
    words[0] = 0
    return UIImage(cgImage: CGImage(width: side, height: side, premultipliedARGB: words)!)
}

@MainActor
@Suite("Images in buttons and image views")
struct ButtonImageTests {
    @Test func renderingModesAndTintedCopies() throws {
        let red = square(4, 0xFF0000)
        #expect(red.renderingMode == .automatic)
        let template = red.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && template.cgImage === red.cgImage)
        let green = red.withTintColor(UIColor(red: 0, green: 1, blue: 0, alpha: 0.5))
        #expect(green.renderingMode == .alwaysOriginal)
        let pixel = try #require(green.cgImage?.pixel(x: 1, y: 1))
        #expect(pixel == RGBAPixel(red: 0, green: 128, blue: 0, alpha: 128), "premultiplied half green: \(pixel)")
        #expect(green.cgImage?.pixel(x: 0, y: 0)?.alpha == 0, "transparent pixels stay transparent")
    }

    @Test func anImageViewDrawsATemplateInItsTintAndFollowsIt() throws {
        let view = UIImageView(image: square(4, 0xFF0000).withRenderingMode(.alwaysTemplate))
        view.tintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let blue = try #require((view.layer.contents as? CGImage)?.pixel(x: 2, y: 2))
        #expect(blue == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
        view.tintColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        #expect((view.layer.contents as? CGImage)?.pixel(x: 2, y: 2) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
        view.image = square(4, 0xFF0000)   // automatic: an image view draws it as it is
        #expect((view.layer.contents as? CGImage)?.pixel(x: 2, y: 2) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func aSystemButtonTintsItsImageAndPutsItBeforeTheTitle() throws {
        let (display, window) = makeWindow(width: 200, height: 60)
        let button = UIButton(type: .system)
        button.setImage(square(20, 0x000000), for: .normal)
        button.setTitle("Like", for: .normal)
        window.addSubview(button)
        button.sizeToFit()
        button.frame.origin = CGPoint(x: 10, y: 10)
        button.layoutIfNeeded()
        let image = try #require(button.imageView), title = try #require(button.titleLabel)
        #expect(image.frame.size == CGSize(width: 20, height: 20))
        #expect(image.frame.maxX == title.frame.minX, "the image sits just before the title")
        #expect(button.intrinsicContentSize.width == 20 + title.frame.width)
        #expect(abs(image.frame.midX + title.frame.width / 2 - button.bounds.midX) <= 1, "centred together")
        display.advance(by: 0)
        let tinted = try #require((image.layer.contents as? CGImage)?.pixel(x: 10, y: 10))
        #expect(tinted == RGBAPixel(red: 0, green: 122, blue: 255, alpha: 255), "system blue: \(tinted)")
        button.isHighlighted = true
        let faded = try #require((image.layer.contents as? CGImage)?.pixel(x: 10, y: 10))
        #expect(faded.alpha == 51, "20 % while touched, as the title: \(faded)")
        button.isHighlighted = false
        button.isEnabled = false
        let grey = try #require((image.layer.contents as? CGImage)?.pixel(x: 10, y: 10))
        #expect(grey == RGBAPixel(red: 142, green: 142, blue: 147, alpha: 255), "\(grey)")
        let picture = try display.snapshot()
        try keepPicture(picture, "button-image.png")
    }

    @Test func aCustomButtonKeepsColoursDarkensWhenTouchedAndStretchesItsBackground() throws {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        button.setImage(square(10, 0xC86432), for: .normal)
        button.setBackgroundImage(square(4, 0x00FF00), for: .normal)
        button.layoutIfNeeded()
        let image = try #require(button.imageView)
        #expect((image.layer.contents as? CGImage)?.pixel(x: 5, y: 5) == RGBAPixel(red: 200, green: 100, blue: 50, alpha: 255))
        button.isHighlighted = true
        #expect((image.layer.contents as? CGImage)?.pixel(x: 5, y: 5) == RGBAPixel(red: 140, green: 70, blue: 35, alpha: 255))
        button.adjustsImageWhenHighlighted = false
        #expect((image.layer.contents as? CGImage)?.pixel(x: 5, y: 5)?.red == 200)
        button.isHighlighted = false
        button.isEnabled = false
        #expect(abs(image.alpha - 0.35) < 1e-6)
        let background = try #require(button.subviews.first as? UIImageView)
        #expect(background.frame == button.bounds && background.image === button.currentBackgroundImage)
        button.setImage(square(10, 0xFFFFFF), for: .disabled)
        #expect(button.currentImage?.cgImage?.pixel(x: 5, y: 5)?.red == 255, "a state's own image")
    }
}
