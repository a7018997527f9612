import Anima
import Foundation

/// The astronaut of the path demo (seed 003), drawn by the project itself with `CGContext` so the
/// repository carries no third-party artwork. `anima-demos make-assets` writes it to
/// `Assets/astronaut.png`, which the demo loads with `UIImage(named: "astronaut")`.
enum AstronautArt {
    /// The side of the square image in points (the PNG is drawn at `scale` pixels per point).
    static let side: CGFloat = 64

    /// Draws the astronaut into a `side × side` point square at the context's origin (y down).
    static func draw(in c: CGContext) {
        let white = CGColor(red: 0.96, green: 0.96, blue: 0.98, alpha: 1)
        let shade = CGColor(red: 0.78, green: 0.80, blue: 0.86, alpha: 1)
        let outline = CGColor(red: 0.22, green: 0.24, blue: 0.32, alpha: 1)
        let visor = CGColor(red: 0.13, green: 0.20, blue: 0.42, alpha: 1)
        let glint = CGColor(red: 0.55, green: 0.80, blue: 1.0, alpha: 1)
        let accent = CGColor(red: 1.0, green: 0.55, blue: 0.15, alpha: 1)

        func blob(_ path: CGPath, fill: CGColor) {
            c.addPath(path); c.setFillColor(fill); c.fillPath()
            c.addPath(path); c.setStrokeColor(outline); c.setLineWidth(2); c.strokePath()
        }
        func rounded(_ r: CGRect, _ radius: CGFloat) -> CGPath {
            CGPath(roundedRect: r, cornerWidth: radius, cornerHeight: radius, transform: nil)
        }

        // Backpack behind the body, legs and arms under the torso.
        blob(rounded(CGRect(x: 15, y: 26, width: 34, height: 24), 5), fill: shade)
        blob(rounded(CGRect(x: 21, y: 46, width: 9, height: 14), 4), fill: white)
        blob(rounded(CGRect(x: 34, y: 46, width: 9, height: 14), 4), fill: white)
        blob(rounded(CGRect(x: 9, y: 32, width: 9, height: 16), 4.5), fill: white)
        blob(rounded(CGRect(x: 46, y: 28, width: 9, height: 16), 4.5), fill: white)
        // Torso with a control panel.
        blob(rounded(CGRect(x: 18, y: 30, width: 28, height: 22), 7), fill: white)
        c.setFillColor(accent)
        c.fill(CGRect(x: 26, y: 37, width: 12, height: 6))
        c.setFillColor(glint)
        c.fillEllipse(in: CGRect(x: 28, y: 38.5, width: 3, height: 3))
        c.fillEllipse(in: CGRect(x: 33, y: 38.5, width: 3, height: 3))
        // Helmet, visor and its reflection.
        blob(CGPath(ellipseIn: CGRect(x: 14, y: 4, width: 36, height: 32), transform: nil), fill: white)
        blob(rounded(CGRect(x: 20, y: 11, width: 24, height: 17), 8), fill: visor)
        c.setFillColor(glint)
        c.addEllipse(in: CGRect(x: 24, y: 13.5, width: 7, height: 4))
        c.fillPath()
        // Antenna.
        c.setStrokeColor(outline); c.setLineWidth(2)
        c.move(to: CGPoint(x: 44, y: 9)); c.addLine(to: CGPoint(x: 50, y: 2)); c.strokePath()
        c.setFillColor(accent)
        c.fillEllipse(in: CGRect(x: 47.5, y: 0, width: 5, height: 5))
    }

    /// The astronaut as an image of `side × scale` pixels.
    static func makeImage(scale: CGFloat = 2) -> CGImage? {
        let px = Int(side * scale)
        let c = CGContext(width: px, height: px)
        c.scaleBy(x: scale, y: scale)
        draw(in: c)
        return c.makeImage()
    }
}
