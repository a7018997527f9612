import CFFmpeg
import Foundation

/// A video container Anima records into, chosen by the output file's extension.
///
/// | extension | container | codec | pixels |
/// |---|---|---|---|
/// | `.mp4` | MP4 | H.264 (libx264, `veryfast`, CRF 18) | 4:2:0, even sizes |
/// | `.webm` | WebM | VP9 (libvpx, real time, CRF 20) | 4:2:0, even sizes |
/// | `.gif` | GIF | GIF | a fixed palette: 6 × 7 × 6 levels of red, green and blue, nearest colour, no dithering |
public enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm, gif

    /// The format an output file's extension names (case-insensitive); nil for any other extension.
    public init?(url: URL) {
        self.init(rawValue: url.pathExtension.lowercased())
    }

    /// The extensions understood, for messages: `.mp4, .webm, .gif`.
    public static var extensionList: String { allCases.map { "." + $0.rawValue }.joined(separator: ", ") }

    /// libavformat's muxer name.
    var muxerName: String {
        switch self {
        case .mp4: return "mp4"
        case .webm: return "webm"
        case .gif: return "gif"
        }
    }

    /// The encoders to try, by libavcodec's names, best first; then any encoder of ``codecID``.
    var encoderNames: [String] {
        switch self {
        case .mp4: return ["libx264"]
        case .webm: return ["libvpx-vp9", "libvpx"]
        case .gif: return ["gif"]
        }
    }

    var codecID: AVCodecID {
        switch self {
        case .mp4: return AV_CODEC_ID_H264
        case .webm: return AV_CODEC_ID_VP9
        case .gif: return AV_CODEC_ID_GIF
        }
    }

    /// The pixel format frames are encoded in.
    var pixelFormat: AVPixelFormat { self == .gif ? AV_PIX_FMT_PAL8 : AV_PIX_FMT_YUV420P }

    /// Whether chroma subsampling needs even widths and heights.
    var needsEvenSize: Bool { self != .gif }

    /// Encoder options (`AVDictionary` pairs): quality over size, since recordings show motion.
    var encoderOptions: [(String, String)] {
        switch self {
        case .mp4: return [("preset", "veryfast"), ("crf", "18")]
        case .webm: return [("deadline", "realtime"), ("cpu-used", "8"), ("crf", "20"), ("b", "0")]
        case .gif: return []
        }
    }
}

/// Why a video could not be written or read; every case names the file.
public enum VideoError: Error, CustomStringConvertible, Equatable {
    /// The output's extension names no format Anima records.
    case unknownExtension(path: String)
    /// The file cannot be created or written (a missing folder, no permission).
    case cannotWrite(path: String, reason: String)
    /// A size or frame rate that makes no video.
    case invalidParameters(path: String, reason: String)
    /// A frame whose size is not the video's.
    case frameSizeMismatch(path: String, expected: String, got: String)
    /// Nothing was recorded: a video of no frames is not written.
    case noFrames(path: String)
    /// FFmpeg failed while encoding or decoding.
    case codec(path: String, reason: String)
    /// The file cannot be opened or holds no video stream.
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownExtension(let path):
            return "\(path): unknown video extension; use one of \(VideoFormat.extensionList)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write the video (\(reason))"
        case .invalidParameters(let path, let reason): return "\(path): \(reason)"
        case .frameSizeMismatch(let path, let expected, let got):
            return "\(path): a frame of \(got) pixels does not fit the \(expected) video"
        case .noFrames(let path): return "\(path): the recording has no frames; no video written"
        case .codec(let path, let reason): return "\(path): \(reason)"
        case .cannotRead(let path, let reason): return "\(path): cannot read the video (\(reason))"
        }
    }
}

/// FFmpeg's message for an error code.
func ffmpegMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    anima_av_error_string(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
