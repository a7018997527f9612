import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIImageView and UIScreen")
struct ImageViewAndScreenTests {
    func makeImage(width: Int, height: Int, scale: CGFloat) throws -> UIImage {
        let context = CGContext(width: width, height: height)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return UIImage(cgImage: try #require(context.makeImage()), scale: scale, orientation: .up)
    }

    @Test func initWithImageSizesTheViewToTheImageInPointsAndShowsIt() throws {
        let image = try makeImage(width: 80, height: 40, scale: 2)
        let view = UIImageView(image: image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(view.image === image && view.intrinsicContentSize == CGSize(width: 40, height: 20))
        #expect(view.layer.contents as? CGImage === image.cgImage && view.layer.contentsScale == 2)
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.image = nil
        #expect(view.layer.contents == nil && view.intrinsicContentSize.width == UIView.noIntrinsicMetric)
    }

    @Test func highlightedImageShowsWhileHighlighted() throws {
        let normal = try makeImage(width: 10, height: 10, scale: 1)
        let lit = try makeImage(width: 10, height: 10, scale: 1)
        let view = UIImageView(image: normal, highlightedImage: lit)
        view.isHighlighted = true
        #expect(view.layer.contents as? CGImage === lit.cgImage)
        view.isHighlighted = false
        #expect(view.layer.contents as? CGImage === normal.cgImage)
    }

    @Test func imageViewsAndLabelsIgnoreTouchesSoTheViewBehindGetsThem() throws {
        let (display, window) = makeWindow()
        let card = addView(CGRect(x: 0, y: 0, width: 200, height: 100), to: window)
        let imageView = UIImageView(image: try makeImage(width: 50, height: 50, scale: 1))
        let label = UILabel(frame: CGRect(x: 100, y: 0, width: 100, height: 50))
        card.addSubview(imageView)
        card.addSubview(label)
        #expect(!imageView.isUserInteractionEnabled && !label.isUserInteractionEnabled)
        #expect(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === card)
        #expect(window.hitTest(CGPoint(x: 150, y: 20), with: nil) === card)
        imageView.isUserInteractionEnabled = true
        #expect(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === imageView)
        withExtendedLifetime(display) {}
    }

    @Test func mainScreenDescribesTheCurrentDisplay() {
        let display = HeadlessDisplay(width: 300, height: 200)
        display.makeCurrent()
        display.rootLayer.contentsScale = 2   // what an AppWindow on a HiDPI screen does
        display.frameInterval = 1.0 / 120
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(UIScreen.main.scale == 2 && UIScreen.main.nativeBounds.size == CGSize(width: 600, height: 400))
        #expect(UIScreen.main.maximumFramesPerSecond == 120)
        let other = HeadlessDisplay(width: 100, height: 50)
        other.makeCurrent()
        #expect(UIScreen.main.bounds.size == CGSize(width: 100, height: 50) && UIScreen.main.scale == 1)
        #expect(UIScreen.main.maximumFramesPerSecond == 60)
    }
}
