import AnimaDynamics
import AnimaGraphics
import Foundation

/// Draws frames of a dynamics scene side by side into one image (an "animation sheet"): each cell shows the
/// reference bounds with every item as its rotated rectangle or ellipse, in the item's colour.
@MainActor
struct AnimationSheet {
    let bounds: CGRect
    let scale: CGFloat
    let columns: Int
    let frameCount: Int
    let context: CGContext
    private var drawn = 0

    init(bounds: CGRect, scale: CGFloat, columns: Int, frames: Int) {
        self.bounds = bounds
        self.scale = scale
        self.columns = columns
        self.frameCount = frames
        let rows = (frames + columns - 1) / columns
        context = CGContext(width: Int(bounds.width * scale) * columns, height: Int(bounds.height * scale) * rows)
        context.setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: context.width, height: context.height))
    }

    /// The origin of cell `index` in sheet pixels.
    func cellOrigin(_ index: Int) -> CGPoint {
        CGPoint(x: CGFloat(index % columns) * bounds.width * scale, y: CGFloat(index / columns) * bounds.height * scale)
    }

    /// Where a reference-coordinate point lands in cell `index`, in sheet pixels.
    func pixel(of point: CGPoint, inCell index: Int) -> (x: Int, y: Int) {
        let origin = cellOrigin(index)
        return (Int(origin.x + (point.x - bounds.minX) * scale), Int(origin.y + (point.y - bounds.minY) * scale))
    }

    /// Draws the current state of `items` into the next cell.
    mutating func drawFrame(_ items: [(item: TestItem, color: CGColor)]) {
        guard drawn < frameCount else { return }
        let origin = cellOrigin(drawn)
        context.saveGState()
        context.translateBy(x: origin.x, y: origin.y)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        context.setFillColor(CGColor(red: 0.95, green: 0.95, blue: 0.93, alpha: 1))
        context.fill(bounds.insetBy(dx: 2 / scale, dy: 2 / scale))
        for (item, color) in items {
            context.saveGState()
            context.translateBy(x: item.center.x, y: item.center.y)
            context.concatenate(item.transform)
            context.setFillColor(color)
            let size = item.bounds.size
            let rect = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            if item.collisionBoundsType == .ellipse { context.fillEllipse(in: rect) } else { context.fill(rect) }
            context.restoreGState()
        }
        context.restoreGState()
        drawn += 1
    }

    /// Writes the sheet as a PNG under the package's `.build/dynamics-sheets/`; returns the file's URL.
    func write(named name: String, sourceFile: String = #filePath) throws -> URL {
        let root = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appendingPathComponent(".build/dynamics-sheets", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).png")
        guard let image = context.makeImage() else { throw CocoaError(.fileWriteUnknown) }
        try image.writePNG(to: url)
        return url
    }
}
