import AnimaGraphics
import Foundation

/// Uploaded layer contents, keyed by layer: re-uploaded only when the image or its content version changes,
/// and freed when a frame no longer draws the layer.
///
/// ```swift
/// let texture = cache.texture(forLayer: node.layerID, image: image, version: node.contentsVersion)
/// cache.endFrame()   // frees textures of layers not drawn this frame
/// ```
package final class TextureCache {
    private struct Entry {
        var texture: SDLTexture
        var image: CGImage
        var version: UInt64
        var isUsed: Bool
    }

    private let renderer: SDLRenderer
    private var entries: [UInt64: Entry] = [:]
    /// Uploads performed since the cache was made (for tests and the benchmark).
    package private(set) var uploadCount = 0

    package init(renderer: SDLRenderer) { self.renderer = renderer }

    /// The number of textures held.
    package var count: Int { entries.count }

    /// The texture showing `image` for layer `layerID`, uploading only when the image object or `version`
    /// changed since the last frame. Nil (with a diagnostic) when the renderer cannot hold the image.
    package func texture(forLayer layerID: UInt64, image: CGImage, version: UInt64) -> SDLTexture? {
        if var entry = entries[layerID], entry.image === image, entry.version == version {
            entry.isUsed = true
            entries[layerID] = entry
            return entry.texture
        }
        do {
            let texture: SDLTexture
            if let old = entries[layerID]?.texture, old.width == image.width, old.height == image.height {
                texture = old
                try texture.update(from: image)
            } else {
                texture = try SDLTexture(renderer: renderer, image: image)
            }
            uploadCount += 1
            entries[layerID] = Entry(texture: texture, image: image, version: version, isUsed: true)
            return texture
        } catch {
            entries[layerID] = nil
            Diagnostics.report("Compositor: cannot upload \(image) for layer \(layerID): \(error)")
            return nil
        }
    }

    /// Frees the textures no layer used since the previous `endFrame()`.
    package func endFrame() {
        entries = entries.filter { $0.value.isUsed }
        for key in entries.keys { entries[key]?.isUsed = false }
    }

    /// Drops every texture (after the renderer lost them, or to free memory); they are re-uploaded on demand.
    package func removeAll() { entries.removeAll() }
}

/// Render-target textures for offscreen passes (clipping, group opacity), reused across frames by size.
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
        let texture = try free[key]?.popLast() ?? SDLTexture(renderer: renderer, width: w, height: h, isRenderTarget: true)
        used.append(texture)
        return texture
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
