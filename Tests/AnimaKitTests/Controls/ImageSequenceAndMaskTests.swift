import Foundation
import Testing
import Anima
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `UIImageView.animationImages` (a flip book on the display's clock) and `UIView.mask`.
@MainActor
@Suite("Image sequences and view masks")
struct ImageSequenceAndMaskTests {
    /// A one-point image of one grey level (told apart by identity).
    private static func frame(_ gray: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { context in
            context.cgContext.setFillColor(CGColor(gray: gray, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
    }

    /// Three images over 0.3 s, twice: each shows for a third of the pass (discrete keyframes: image i from
    /// i·0.1 s), then the view shows its own image again and is no longer animating.
    @Test func animationImagesShowInTurnThenStop() throws {
        let (display, window) = makeWindow()
        let still = Self.frame(1), frames = [Self.frame(0), Self.frame(0.3), Self.frame(0.6)]
        let imageView = UIImageView(image: still)
        imageView.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        window.addSubview(imageView)
        imageView.animationImages = frames
        imageView.animationDuration = 0.3
        imageView.animationRepeatCount = 2
        display.advance(by: 0)
        imageView.startAnimating()
        #expect(imageView.isAnimating)
        display.advance(by: 0)
        func showing() -> CGImage? { imageView.layer.presentation()?.contents as? CGImage }
        let start = display.time
        for (t, expected) in [(0.05, 0), (0.15, 1), (0.25, 2), (0.35, 0), (0.55, 2)] {
            display.advance(to: start + t)
            #expect(showing() === frames[expected].cgImage, "at \(t) s")
        }
        display.advance(to: start + 0.7)
        #expect(!imageView.isAnimating)
        #expect(showing() === still.cgImage)

        imageView.animationDuration = 0          // default: a thirtieth of a second per image
        imageView.animationRepeatCount = 0       // forever
        imageView.startAnimating()
        let flip = try #require(imageView.layer.animationKeys()?.first.flatMap { imageView.layer.animation(forKey: $0) })
        #expect(abs(flip.duration - 0.1) < 1e-12 && flip.repeatCount == .infinity)
        imageView.stopAnimating()
        #expect(!imageView.isAnimating)
        imageView.animationImages = nil
        imageView.startAnimating()               // nothing to show: nothing starts
        #expect(!imageView.isAnimating)
    }

    /// A view masked by a view covering its left half shows only that half.
    @Test func aMaskViewsAlphaMasksTheView() throws {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        card.backgroundColor = .red
        let half = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        half.backgroundColor = .black
        card.mask = half
        #expect(card.layer.mask === half.layer && half.superview == nil)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = try #require(UIGraphicsImageRenderer(bounds: card.bounds, format: format).image { _ in
            card.drawHierarchy(in: card.bounds, afterScreenUpdates: true)
        }.cgImage)
        #expect(image.pixel(x: 10, y: 10) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 30, y: 10)?.alpha == 0)
        card.mask = nil
        #expect(card.layer.mask == nil)
    }
}
