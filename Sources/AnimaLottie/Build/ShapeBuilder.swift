import Foundation
import AnimaCore
import AnimaGraphics

/// Builds a shape layer's contents into layers, following After Effects' rules: items are listed top
/// first; a fill or stroke draws every path listed before it in its group and in the groups before it
/// (each through its groups' transforms); a trim shapes the paths listed before it.
@MainActor
struct ShapeBuilder {
    let context: BuildContext
    let layerName: String

    /// Adds the layers for `items` to `parent`, bottom first. `inheritedTrim` is the trim listed after
    /// this group in an enclosing one (it shapes every path here that no nearer trim shapes).
    func build(_ items: [ShapeItem], into parent: CALayer, key: String = "", inheritedTrim: ShapeItem? = nil) {
        if let r = items.firstIndex(where: { if case .repeater = $0 { return true } else { return false } }),
           case .repeater(let repeater) = items[r] {
            // What is listed after the repeater lies below its copies.
            build(Array(items[(r + 1)...]), into: parent, key: "\(key).r", inheritedTrim: inheritedTrim)
            let trim = Self.trim(after: r, in: items) ?? inheritedTrim
            RepeaterBuilder(context: context, layerName: layerName).build(repeater, into: parent) { host, copy in
                build(Array(items[..<r]), into: host, key: "\(key).c\(copy)", inheritedTrim: trim)
            }
            return
        }
        for (index, item) in items.enumerated().reversed() {
            switch item {
            case .group(let name, let children, let transform):
                let layers = TransformLayers(transform, name: name, includesOpacity: true, animations: context.animations)
                context.dynamicProperties.recordGroupTransform(layers, shapeKey: "\(key).\(index)", transform: transform,
                                                               includesOpacity: true, animations: context.animations)
                parent.addSublayer(layers.outer)
                build(children, into: layers.inner, key: "\(key).\(index)",
                      inheritedTrim: Self.trim(after: index, in: items) ?? inheritedTrim)
            case .fill, .stroke, .gradientFill, .gradientStroke:
                let geometry = collect(items, before: index, key: key, inheritedTrim: inheritedTrim)
                let before = parent.sublayers?.count ?? 0
                draw(item, geometry: geometry, into: parent)
                context.dynamicProperties.recordStyle(item, shapeKey: "\(key).\(index)", added: Array((parent.sublayers ?? []).dropFirst(before)),
                                                      animations: context.animations)
            case .unsupported(let type, let name):
                context.unsupported("shape item '\(name)' of type \(type.isEmpty ? "?" : type)", layer: layerName)
            default:
                break
            }
        }
    }

    /// Whether `style` is drawn in its own space with the outlines brought into it (strokes and gradients),
    /// rather than inside the transforms of the groups between it and the outlines.
    static func drawsInItsOwnSpace(_ style: ShapeItem) -> Bool {
        switch style {
        case .stroke, .gradientStroke: return true
        default: return false
        }
    }

    /// The first trim listed after `index` that cuts something (a modifier shapes the paths listed before it,
    /// whatever the position of the styles that draw them). A trim that keeps the whole path at every frame is
    /// passed over, as lottie-ios passes it over: a file may chain one such trim before the one that animates.
    static func trim(after index: Int, in items: [ShapeItem]) -> ShapeItem? {
        items[(index + 1)...].first { item in
            guard case .trim(let start, let end, _, _) = item else { return false }
            return start.isAnimated || end.isAnimated
                || Set([start.initialValue.first ?? 0, end.initialValue.first ?? 100]) != [0, 100]
        }
    }

    /// The geometry listed before `end` in `items` (and in the groups among them), each with its trim.
    private func collect(_ items: [ShapeItem], before end: Int, key: String, inheritedTrim: ShapeItem?) -> [StyledGeometry] {
        var result: [StyledGeometry] = []
        for index in 0..<end {
            let item = items[index]
            let trim = Self.trim(after: index, in: items) ?? inheritedTrim
            if case .group(_, let children, let transform) = item {
                let groupKey = "\(key).\(index)"
                result += collect(children, before: children.count, key: groupKey, inheritedTrim: trim).map { g in
                    var g = g
                    g.groups.insert((key: groupKey, transform: transform), at: 0)
                    return g
                }
            } else if item.isGeometry {
                result.append(StyledGeometry(item: item, groups: [], trim: trim))
            }
        }
        return result
    }

    /// Draws `style` over `geometry`: one shape layer per chain of groups (per path when a trim must
    /// cut each path separately), placed through the groups' transforms or with them applied to the outlines.
    private func draw(_ style: ShapeItem, geometry: [StyledGeometry], into parent: CALayer) {
        var chains: [String] = []
        var byChain: [String: [StyledGeometry]] = [:]
        for g in geometry {
            if byChain[g.chainKey] == nil { chains.append(g.chainKey) }
            byChain[g.chainKey, default: []].append(g)
        }
        for chain in chains {
            guard var members = byChain[chain], let first = members.first else { continue }
            var host = parent
            if Self.drawsInItsOwnSpace(style) {
                // A stroke's width and a gradient's points are in the style's space: the groups' transforms
                // move the outlines, not the style (a stroke outside a group scaled 300 % stays as wide).
                for i in members.indices { members[i].appliesGroups = true }
            } else {
                // A solid fill looks the same either way: the groups become transform layers, animated by
                // Core Animation.
                for group in first.groups {
                    let layers = TransformLayers(group.transform, name: "group", includesOpacity: false, animations: context.animations)
                    context.dynamicProperties.recordGroupTransform(layers, shapeKey: group.key, transform: group.transform,
                                                                   includesOpacity: false, animations: context.animations)
                    host.addSublayer(layers.outer)
                    host = layers.inner
                }
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
