import AnimaGraphics
import Foundation

/// Uploaded images, keyed by the image object: an image shown by many layers is uploaded once, an image
/// is never uploaded twice while it stays in use, and a texture is freed after a frame in which no layer
/// showed its image (images are immutable, so a redrawn backing store is a new image).
///
/// ```swift
/// let texture = cache.texture(for: image)
/// cache.endFrame()   // frees textures whose images were not drawn this frame
/// ```
@MainActor
package final class TextureCache {
    private struct Entry {
        var texture: SDLTexture
        var image: CGImage      // held so the identifier cannot be reused while cached
        var isUsed: Bool
    }

    private let renderer: SDLRenderer
    /// (Unchecked exclusivity: read for every drawn image, only from the main actor, never re-entrantly.)
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    /// The image asked for last and its texture, already marked used this frame: layers showing one image
    /// often come in runs, and this skips hashing for all but the first of a run.
    @exclusivity(unchecked) private var last: (image: ObjectIdentifier, texture: SDLTexture)?
    private var failed: Set<ObjectIdentifier> = []
    /// Uploads performed since the cache was made (for tests and the benchmark).
    package private(set) var uploadCount = 0

    package init(renderer: SDLRenderer) { self.renderer = renderer }

    /// The number of textures held.
    package var count: Int { entries.count }

    /// The texture showing `image`, uploaded on first use. Nil (reported once) when the renderer cannot hold it.
    package func texture(for image: CGImage) -> SDLTexture? {
        let key = ObjectIdentifier(image)
        if let last, last.image == key { return last.texture }
        if let index = entries.index(forKey: key) {
            entries.values[index].isUsed = true
            let texture = entries.values[index].texture
            last = (key, texture)
            return texture
        }
        guard !failed.contains(key) else { return nil }
        do {
            let texture = try upload(image)
            uploadCount += 1
            entries[key] = Entry(texture: texture, image: image, isUsed: true)
            last = (key, texture)
            return texture
        } catch {
            failed.insert(key)
            Diagnostics.report("Compositor: cannot upload \(image): \(error); the layer is not drawn")
            return nil
        }
    }

    /// A texture of `image`, scaled down (aspect kept) when it is larger than the renderer's textures can be.
    private func upload(_ image: CGImage) throws -> SDLTexture {
        let limit = renderer.maximumSide
        guard image.width > limit || image.height > limit else { return try SDLTexture(renderer: renderer, image: image) }
        let scale = Double(limit) / Double(max(image.width, image.height))
        let w = max(1, min(limit, Int((Double(image.width) * scale).rounded()))), h = max(1, min(limit, Int((Double(image.height) * scale).rounded())))
        let context = CGContext(width: w, height: h)
        context.translateBy(x: 0, y: CGFloat(h))
        context.scaleBy(x: 1, y: -1)   // draw(_:in:) puts an image's first row at the bottom, as Core Graphics does
        context.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        guard let scaled = context.makeImage() else { throw SDLError("cannot scale \(image) down to \(w)×\(h)") }
        Diagnostics.report("Compositor: \(image) is larger than the renderer's \(limit)-pixel textures; drawn scaled down to \(w)×\(h)")
        return try SDLTexture(renderer: renderer, image: scaled)
    }

    /// Frees the textures not used since the previous `endFrame()`.
    package func endFrame() {
        last = nil
        if entries.values.contains(where: { !$0.isUsed }) { entries = entries.filter { $0.value.isUsed } }
        for key in entries.keys { entries[key]!.isUsed = false }
        if failed.count > 1_000 { failed.removeAll() }
    }

    /// Drops every texture (after the renderer lost them, or to free memory); they are re-uploaded on demand.
    package func removeAll() {
        last = nil
        entries.removeAll()
    }
}

/// Why an offscreen pass could not get a render target (out of video memory, or the renderer failed).
package struct OffscreenTargetUnavailable: Error {
    package var reason: String
}

/// Render-target textures for offscreen passes (clipping, group opacity), reused across frames by size.
@MainActor
package final class RenderTargetPool {
    private let renderer: SDLRenderer
    private var free: [Int: [SDLTexture]] = [:]
    private var used: [SDLTexture] = []

    package init(renderer: SDLRenderer) { self.renderer = renderer }

    /// A target of at least `width × height` pixels (sizes are rounded up to multiples of 64 so they can be
    /// reused as layers animate), held until `endFrame()`.
    package func acquire(width: Int, height: Int) throws -> SDLTexture {
        let w = (max(1, width) + 63) / 64 * 64, h = (max(1, height) + 63) / 64 * 64
        let key = w << 20 | h
        if let texture = free[key]?.popLast() {
            used.append(texture)
            return texture
        }
        do {
            let texture = try SDLTexture(renderer: renderer, width: w, height: h, isRenderTarget: true)
            used.append(texture)
            return texture
        } catch {
            throw OffscreenTargetUnavailable(reason: "\(error)")
        }
    }

    /// Returns every acquired target to the pool; keeps at most four spare targets per size.
    package func endFrame() {
        for t in used {
            let key = t.width << 20 | t.height
            if free[key, default: []].count < 4 { free[key, default: []].append(t) }
        }
        used.removeAll()
    }

    package func removeAll() { free.removeAll(); used.removeAll() }
}
