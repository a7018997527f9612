import Foundation

/// The settable keypaths of an animation in the file's order: each layer (the file's first, top one first)
/// with its transform's properties, then a solid's colour, its shape items (a group's transform, then its
/// items), or a precomposition's layers. Only keypaths the built tree recorded are listed (a hidden layer
/// was not built), and any recorded keypath this walk does not name comes last, so the list is exactly
/// what `setValueProvider` can reach.
@MainActor
enum HierarchyKeypaths {
    static func list(_ model: CompositionModel, index: DynamicPropertyIndex) -> [String] {
        var recorded: Set<String> = []
        var recordedInOrder: [String] = []
        for entry in index.entries {
            for property in entry.target.properties {
                let keypath = (entry.keypath + [property]).joined(separator: ".")
                if recorded.insert(keypath).inserted { recordedInOrder.append(keypath) }
            }
        }
        var listed: Set<String> = []
        var result: [String] = []
        func add(_ keys: [String]) {
            let keypath = keys.joined(separator: ".")
            if recorded.contains(keypath), listed.insert(keypath).inserted { result.append(keypath) }
        }
        func walk(_ layers: [LayerModel], prefix: [String], precomps: [String]) {
            for layer in layers {
                let path = prefix + [layer.name]
                for property in ["Position", "Scale", "Rotation", "Opacity"] { add(path + ["Transform", property]) }
                switch layer.content {
                case .solid: add(path + ["Color"])
                case .shapes(let items): walk(items, names: layer.shapeNames, path: path)
                case .precomp(let id, _, _, _):
                    if !precomps.contains(id), let inner = model.precomps[id] { walk(inner, prefix: path, precomps: precomps + [id]) }
                default: break
                }
            }
        }
        func walk(_ items: [ShapeItem], names: [ShapeItemName], path: [String]) {
            for (i, item) in items.enumerated() {
                let named = names.count == items.count ? names[i] : ShapeItemName(name: item.fallbackName, children: [])
                let itemPath = path + [named.name]
                switch item {
                case .group(_, let children, _):
                    for property in ["Position", "Scale", "Rotation", "Opacity"] { add(itemPath + ["Transform", property]) }
                    walk(children, names: named.children, path: itemPath)
                case .fill: ["Color", "Opacity"].forEach { add(itemPath + [$0]) }
                case .stroke: ["Color", "Opacity", "Stroke Width"].forEach { add(itemPath + [$0]) }
                case .gradientFill, .gradientStroke: ["Colors", "Opacity", "Stroke Width"].forEach { add(itemPath + [$0]) }
                default: break
                }
            }
        }
        walk(model.layers, prefix: [], precomps: [])
        return result + recordedInOrder.filter { !listed.contains($0) }
    }
}
