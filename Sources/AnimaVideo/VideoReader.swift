import AnimaGraphics
import CFFmpeg
import Foundation

/// A video file decoded back through FFmpeg's libraries: its size, its frame count, and the frames asked for as
/// `CGImage`s (opaque, as decoded). For tests of recordings and for tools that check them.
/// ```swift
/// let video = try VideoReader.read(URL(fileURLWithPath: "out.mp4"), keepingFrames: [0, 59])
/// video.frameCount; video.frames[59]?.pixel(x: 10, y: 10)
/// ```
public struct DecodedVideo: Sendable {
    public var width: Int
    public var height: Int
    /// How many frames the file decodes to.
    public var frameCount: Int
    /// The codec's name (`"h264"`).
    public var codecName: String
    /// The frames kept, by index.
    public var frames: [Int: CGImage]
}

public enum VideoReader {
    /// Decodes every frame of the video at `url`, keeping those whose index is in `keepingFrames`.
    /// Throws ``VideoError/cannotRead(path:reason:)`` when the file cannot be opened or has no video stream.
    public static func read(_ url: URL, keepingFrames: Set<Int> = []) throws -> DecodedVideo {
        let path = url.path
        var input: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_open_input(&input, path, nil, nil)
        guard status >= 0, input != nil else { throw VideoError.cannotRead(path: path, reason: ffmpegMessage(status)) }
        defer { avformat_close_input(&input) }
        status = avformat_find_stream_info(input, nil)
        guard status >= 0 else { throw VideoError.cannotRead(path: path, reason: ffmpegMessage(status)) }
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = input!.pointee.streams[Int(index)] else {
            throw VideoError.cannotRead(path: path, reason: "no video stream")
        }
        var decoder = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&decoder) }
        guard let decoder else { throw VideoError.cannotRead(path: path, reason: "out of memory") }
        avcodec_parameters_to_context(decoder, stream.pointee.codecpar)
        status = avcodec_open2(decoder, codec, nil)
        guard status >= 0 else { throw VideoError.cannotRead(path: path, reason: "opening the decoder: \(ffmpegMessage(status))") }

        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer { av_frame_free(&frame); av_packet_free(&packet) }
        guard let frame, let packet else { throw VideoError.cannotRead(path: path, reason: "out of memory") }
        var result = DecodedVideo(width: Int(decoder.pointee.width), height: Int(decoder.pointee.height), frameCount: 0,
                                  codecName: String(cString: codec.pointee.name), frames: [:])
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }

        func receiveFrames() throws {
            while true {
                let received = avcodec_receive_frame(decoder, frame)
                if received == anima_averror_eagain() || received == anima_averror_eof() { return }
                guard received >= 0 else { throw VideoError.cannotRead(path: path, reason: ffmpegMessage(received)) }
                if keepingFrames.contains(result.frameCount) {
                    let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
                    scaler = sws_getCachedContext(scaler, Int32(w), Int32(h), AVPixelFormat(frame.pointee.format),
                                                  Int32(w), Int32(h), AV_PIX_FMT_BGRA, SWS_BILINEAR, nil, nil, nil)
                    var pixels = [UInt32](repeating: 0, count: w * h)
                    pixels.withUnsafeMutableBytes { bytes in
                        _ = anima_scale_from_frame(scaler, frame, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                   Int32(w * 4))
                    }
                    // Decoded video is opaque (GIF's transparent index aside): make every pixel so.
                    for i in pixels.indices { pixels[i] |= 0xFF00_0000 }
                    result.frames[result.frameCount] = CGImage(width: w, height: h, premultipliedARGB: pixels)
                }
                result.frameCount += 1
                av_frame_unref(frame)
            }
        }

        while av_read_frame(input, packet) >= 0 {
            if packet.pointee.stream_index == index {
                let sent = avcodec_send_packet(decoder, packet)
                av_packet_unref(packet)
                guard sent >= 0 else { throw VideoError.cannotRead(path: path, reason: ffmpegMessage(sent)) }
                try receiveFrames()
            } else {
                av_packet_unref(packet)
            }
        }
        avcodec_send_packet(decoder, nil)
        try receiveFrames()
        return result
    }
}
