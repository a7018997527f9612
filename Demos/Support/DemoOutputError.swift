import Foundation

/// An output the demos cannot write (a chart, a video): what and why, in one sentence.
struct DemoOutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
