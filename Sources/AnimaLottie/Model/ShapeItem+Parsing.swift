import Foundation

extension ShapeItem {
    /// Reads a shape layer's `shapes` (or a group's `it`); hidden items (`hd`) are left out.
    static func parseList(_ node: JSONNode?) throws -> [ShapeItem] {
        guard let node else { return [] }
        return try node.array().compactMap { item in
            if try item.flag("hd") { return nil }
            return try parse(item)
        }
    }

    static func parse(_ node: JSONNode) throws -> ShapeItem? {
        let type = try node.optionalString("ty") ?? ""
        let name = try node.optionalString("nm") ?? type
        func num(_ key: String, _ value: [Double]) throws -> Animated<[Double]> { try .numbers(node[key], default: value) }
        switch type {
        case "gr":
            let all = try node["it"]?.array() ?? []
            var items: [ShapeItem] = []
            var transform = TransformModel.identity
            for child in all {
                if try child.flag("hd") { continue }
                if try child.optionalString("ty") == "tr" {
                    transform = try TransformModel.parse(child)
                } else if let item = try parse(child) {
                    items.append(item)
                }
            }
            return .group(name: name, items: items, transform: transform)
        case "sh":
            return .path(try Animated.parse(try node.required("ks"), BezierShape.parse))
        case "rc":
            return .rect(position: try num("p", [0, 0]), size: try num("s", [0, 0]), roundness: try num("r", [0]))
        case "el":
            return .ellipse(position: try num("p", [0, 0]), size: try num("s", [0, 0]))
        case "sr":
            return .star(StarModel(kind: try node.optionalInt("sy") ?? 1, position: try num("p", [0, 0]),
                                   points: try num("pt", [5]), rotation: try num("r", [0]),
                                   outerRadius: try num("or", [0]), innerRadius: try num("ir", [0]),
                                   outerRoundness: try num("os", [0]), innerRoundness: try num("is", [0])))
        case "fl":
            return .fill(color: try num("c", [0, 0, 0, 1]), opacity: try num("o", [100]),
                         isEvenOdd: try node.optionalInt("r") == 2)
        case "st":
            return .stroke(color: try num("c", [0, 0, 0, 1]), try parseStroke(node))
        case "gf":
            return .gradientFill(try parseGradient(node), isEvenOdd: try node.optionalInt("r") == 2)
        case "gs":
            return .gradientStroke(try parseGradient(node), try parseStroke(node))
        case "tm":
            return .trim(start: try num("s", [0]), end: try num("e", [100]), offset: try num("o", [0]),
                         isIndividual: try node.optionalInt("m") == 2)
        case "rd":
            return .roundCorners(radius: try num("r", [0]))
        case "tr":
            return nil
        case "rp":
            let tr = node["tr"]
            return .repeater(RepeaterModel(copies: try num("c", [1]), offset: try num("o", [0]),
                                           composite: try node.optionalInt("m") ?? 1, transform: try TransformModel.parse(tr),
                                           startOpacity: try .numbers(tr?["so"], default: [100]),
                                           endOpacity: try .numbers(tr?["eo"], default: [100])))
        case "mm":
            // Merge (1) and add (2) join the paths above into one shape: what a fill of them does already.
            let mode = try node.optionalInt("mm") ?? 1
            return mode <= 2 ? nil : .unsupported(type: "mm (merge mode \(mode))", name: name)
        default:
            return .unsupported(type: type, name: name)
        }
    }

    private static func parseStroke(_ node: JSONNode) throws -> StrokeModel {
        var dashes: [Double] = [], offset = Animated<[Double]>([0])
        for dash in try node["d"]?.array() ?? [] {
            let value = try Animated<[Double]>.numbers(dash["v"], default: [0])
            if try dash.optionalString("n") == "o" { offset = value } else { dashes.append(max(0, value.initialValue.first ?? 0)) }
        }
        return StrokeModel(width: try .numbers(node["w"], default: [1]), opacity: try .numbers(node["o"], default: [100]),
                           lineCap: try node.optionalInt("lc") ?? 2, lineJoin: try node.optionalInt("lj") ?? 2,
                           miterLimit: try node.optionalNumber("ml") ?? 4, dashes: dashes, dashOffset: offset)
    }

    private static func parseGradient(_ node: JSONNode) throws -> GradientModel {
        let g = try node.required("g")
        return GradientModel(start: try .numbers(node["s"], default: [0, 0]), end: try .numbers(node["e"], default: [0, 0]),
                             type: try node.optionalInt("t") ?? 1, colorCount: try g.optionalInt("p") ?? 0,
                             stops: try .numbers(try g.required("k"), default: []),
                             opacity: try .numbers(node["o"], default: [100]))
    }
}
