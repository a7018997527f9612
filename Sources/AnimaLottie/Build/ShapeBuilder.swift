import Foundation
import AnimaCore
import AnimaGraphics

/// A geometry item as one style sees it: the groups between the style and the item (outermost first),
/// and the trim that shapes it, if any.
struct StyledGeometry {
    var item: ShapeItem
    var groups: [(key: String, transform: TransformModel)]
    var trim: ShapeItem?
    var chainKey: String { groups.map(\.key).joined(separator: "/") }
}

/// Builds a shape layer's contents into layers, following After Effects' rules: items are listed top
/// first; a fill or stroke draws every path listed before it in its group and in the groups before it
/// (each through its groups' transforms); a trim shapes the paths listed before it.
@MainActor
struct ShapeBuilder {
    let context: BuildContext
    let layerName: String

    /// Adds the layers for `items` to `parent`, bottom first.
    func build(_ items: [ShapeItem], into parent: CALayer, key: String = "") {
        for (index, item) in items.enumerated().reversed() {
            switch item {
            case .group(let name, let children, let transform):
                let layers = TransformLayers(transform, name: name, includesOpacity: true, animations: context.animations)
                parent.addSublayer(layers.outer)
                build(children, into: layers.inner, key: "\(key).\(index)")
            case .fill, .stroke, .gradientFill, .gradientStroke:
                let geometry = collect(items[..<index], key: key, trim: nil, includeTrims: true)
                draw(item, geometry: geometry, into: parent)
            case .unsupported(let type, let name):
                context.unsupported("shape item '\(name)' of type \(type.isEmpty ? "?" : type)", layer: layerName)
            default:
                break
            }
        }
    }

    /// The geometry in `items` (and the groups among them) with the trims that apply to each.
    private func collect(_ items: ArraySlice<ShapeItem>, key: String, trim: ShapeItem?, includeTrims: Bool) -> [StyledGeometry] {
        var result: [StyledGeometry] = []
        var activeTrim = trim
        for (index, item) in zip(items.indices, items).reversed() {
            switch item {
            case .trim:
                if includeTrims, activeTrim == nil { activeTrim = item }
            case .group(_, let children, let transform):
                let inner = collect(children[...], key: "\(key).\(index)", trim: activeTrim, includeTrims: true)
                result.insert(contentsOf: inner.map { g in
                    var g = g
                    g.groups.insert((key: "\(key).\(index)", transform: transform), at: 0)
                    return g
                }, at: 0)
            default:
                if item.isGeometry { result.insert(StyledGeometry(item: item, groups: [], trim: activeTrim), at: 0) }
            }
        }
        return result
    }

    /// Draws `style` over `geometry`: one shape layer per chain of groups (per path when a trim must
    /// cut each path separately), placed through the groups' transforms.
    private func draw(_ style: ShapeItem, geometry: [StyledGeometry], into parent: CALayer) {
        var chains: [String] = []
        var byChain: [String: [StyledGeometry]] = [:]
        for g in geometry {
            if byChain[g.chainKey] == nil { chains.append(g.chainKey) }
            byChain[g.chainKey, default: []].append(g)
        }
        for chain in chains {
            guard let members = byChain[chain], let first = members.first else { continue }
            var host = parent
            for group in first.groups {
                let layers = TransformLayers(group.transform, name: "group", includesOpacity: false, animations: context.animations)
                host.addSublayer(layers.outer)
                host = layers.inner
            }
            let trimsEach: Bool
            if case .trim(_, _, _, let individual)? = first.trim, !individual, members.count > 1 { trimsEach = true } else { trimsEach = false }
            let sets = trimsEach ? members.map { [$0] } : [members]
            for set in sets {
                StyleLayerBuilder(context: context, layerName: layerName).add(style, outlines: set, into: host)
            }
        }
    }
}
