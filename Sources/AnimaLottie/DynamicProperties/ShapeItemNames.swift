import Foundation

/// The file's name (`nm`) of one shape item, beside the parsed item (a fill's name, `Fill 1`, is what a
/// keypath calls it; the parsed ``ShapeItem`` keeps only what draws). A group's entry holds its items'.
package struct ShapeItemName {
    /// The item's name in the file (its type code when it has none).
    package var name: String
    /// A group's items, in the group's order; empty for other items.
    package var children: [ShapeItemName]

    /// Names for `items`, read from `json` (the same list as the file has it): each parsed item takes the
    /// next visible file item of its type, so items the parser leaves out (hidden ones, transforms, merges)
    /// are skipped without shifting the names.
    static func align(_ items: [ShapeItem], json: [Any]) -> [ShapeItemName] {
        let entries = json.compactMap { $0 as? [String: Any] }.filter { !flag($0["hd"]) }
        var cursor = 0
        return items.map { item in
            let kind = item.typeCode
            guard let found = entries[min(cursor, entries.count)...].firstIndex(where: { ($0["ty"] as? String) == kind }) else {
                return ShapeItemName(name: item.fallbackName, children: [])
            }
            cursor = found + 1
            let entry = entries[found]
            var children: [ShapeItemName] = []
            if case .group(_, let members, _) = item {
                let visible = (entry["it"] as? [Any] ?? []).filter { ($0 as? [String: Any])?["ty"] as? String != "tr" }
                children = align(members, json: visible)
            }
            return ShapeItemName(name: entry["nm"] as? String ?? item.fallbackName, children: children)
        }
    }

    /// A JSON flag: `true`, or a non-zero number.
    static func flag(_ value: Any?) -> Bool {
        if let number = value as? NSNumber { return number.boolValue }
        return value as? Bool ?? false
    }
}

extension ShapeItem {
    /// The file's type code for this item (`fl`, `gr`…; `?` for a kind this list does not know yet).
    var typeCode: String {
        if case .unsupported(let type, _) = self { return type }
        switch self {
        case .group: return "gr"
        case .path: return "sh"
        case .rect: return "rc"
        case .ellipse: return "el"
        case .star: return "sr"
        case .fill: return "fl"
        case .stroke: return "st"
        case .gradientFill: return "gf"
        case .gradientStroke: return "gs"
        case .trim: return "tm"
        case .repeater: return "rp"
        case .roundCorners: return "rd"
        case .rounded(let item, _): return item.typeCode
        default: return "?"
        }
    }

    /// The name used when the file's cannot be found: a group's or unsupported item's own, else the type code.
    var fallbackName: String {
        switch self {
        case .group(let name, _, _): return name
        case .unsupported(_, let name): return name
        default: return typeCode
        }
    }
}

extension CompositionModel {
    /// Gives every shape layer its items' names from the file's JSON (`root`, as parsed), for keypaths.
    /// Layers are matched by position in their list; a list that does not line up is left without names.
    mutating func attachShapeNames(json root: Any) {
        guard let object = root as? [String: Any] else { return }
        if let json = object["layers"] as? [Any] { Self.attachShapeNames(to: &layers, json: json) }
        var done: Set<String> = []
        // The parser keeps the last asset of an id; so does this (walking backwards, first seen wins).
        for asset in (object["assets"] as? [Any] ?? []).reversed() {
            guard let asset = asset as? [String: Any], let id = asset["id"] as? String, !done.contains(id),
                  let json = asset["layers"] as? [Any], var layers = precomps[id] else { continue }
            done.insert(id)
            Self.attachShapeNames(to: &layers, json: json)
            precomps[id] = layers
        }
    }

    private static func attachShapeNames(to layers: inout [LayerModel], json: [Any]) {
        guard layers.count == json.count else { return }
        for index in layers.indices {
            guard case .shapes(let items) = layers[index].content, let entry = json[index] as? [String: Any],
                  let shapes = entry["shapes"] as? [Any] else { continue }
            layers[index].shapeNames = ShapeItemName.align(items, json: shapes)
        }
    }
}
