import AnimaGraphics
import CFFmpeg
import Foundation

/// Encodes frames (`CGImage`s of one size) into a video file through FFmpeg's libraries: MP4, WebM or GIF, by the
/// file's extension (see ``VideoFormat``).
///
/// Frames are stamped `0, 1, 2…` at `framesPerSecond`: the video's time is the recording's virtual time, whatever
/// time encoding takes. Premultiplied pixels are written as if over black. Reads no clock. The file is created by
/// `init` (so an unwritable path fails at once) and completed by ``finish()``; a writer released unfinished, or
/// finished with no frames, removes its file.
/// ```swift
/// let writer = try VideoWriter(url: URL(fileURLWithPath: "out.mp4"), width: 640, height: 480)
/// for _ in 0..<120 { display.advance(by: 1.0 / 60); try writer.append(display.snapshot()) }
/// try writer.finish()
/// ```
public final class VideoWriter {
    public let url: URL
    public let format: VideoFormat
    /// The size of the frames appended, in pixels.
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private var isFileOpen = false
    private var isFinished = false

    /// Creates the file at `url` for `width × height`-pixel frames at `framesPerSecond` (1…240).
    ///
    /// Throws ``VideoError/unknownExtension(path:)`` for an extension other than `.mp4`, `.webm`, `.gif`,
    /// ``VideoError/cannotWrite(path:reason:)`` when the file cannot be created, and
    /// ``VideoError/invalidParameters(path:reason:)`` for sizes outside 1…8192 or a rate outside 1…240. MP4 and
    /// WebM store even sizes: an odd width or height is scaled to the even size below it.
    public init(url: URL, width: Int, height: Int, framesPerSecond: Int = 60) throws {
        let path = url.path
        guard let format = VideoFormat(url: url) else { throw VideoError.unknownExtension(path: path) }
        guard (1...8192).contains(width), (1...8192).contains(height) else {
            throw VideoError.invalidParameters(path: path, reason: "frames of \(width)×\(height) pixels (each side must be 1…8192)")
        }
        guard (1...240).contains(framesPerSecond) else {
            throw VideoError.invalidParameters(path: path, reason: "\(framesPerSecond) frames per second (must be 1…240)")
        }
        // FFmpeg's encoders log statistics at the default level (libx264's summary on every close): keep its log to
        // errors unless someone chose a level.
        if av_log_get_level() == AV_LOG_INFO { av_log_set_level(AV_LOG_ERROR) }
        self.url = url
        self.format = format
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        do {
            try open()
        } catch {
            release(removingFile: true)
            throw error
        }
    }

    deinit {
        if !isFinished { release(removingFile: true) }
    }

    private func fail(_ what: String, _ code: Int32) -> VideoError {
        VideoError.codec(path: url.path, reason: "\(what) failed: \(ffmpegMessage(code))")
    }

    private func open() throws {
        let path = url.path
        var context: UnsafeMutablePointer<AVFormatContext>?
        var status = avformat_alloc_output_context2(&context, nil, format.muxerName, path)
        guard status >= 0, let context else { throw fail("avformat_alloc_output_context2(\(format.muxerName))", status) }
        output = context
        let codec = format.encoderNames.lazy.compactMap { avcodec_find_encoder_by_name($0) }.first
            ?? avcodec_find_encoder(format.codecID)
        guard let codec else {
            throw VideoError.codec(path: path, reason: "this FFmpeg has no \(format.rawValue) encoder (tried \(format.encoderNames.joined(separator: ", ")))")
        }
        guard let stream = avformat_new_stream(context, nil), let encoder = avcodec_alloc_context3(codec) else {
            throw VideoError.codec(path: path, reason: "out of memory setting up the encoder")
        }
        self.stream = stream
        self.encoder = encoder
        let encodedWidth = format.needsEvenSize ? max(2, width & ~1) : width
        let encodedHeight = format.needsEvenSize ? max(2, height & ~1) : height
        encoder.pointee.width = Int32(encodedWidth)
        encoder.pointee.height = Int32(encodedHeight)
        encoder.pointee.time_base = AVRational(num: 1, den: Int32(framesPerSecond))
        encoder.pointee.framerate = AVRational(num: Int32(framesPerSecond), den: 1)
        encoder.pointee.pix_fmt = format.pixelFormat
        encoder.pointee.gop_size = Int32(framesPerSecond)
        if context.pointee.oformat.pointee.flags & anima_format_flag_global_header() != 0 {
            encoder.pointee.flags |= anima_codec_flag_global_header()
        }
        var options: OpaquePointer?
        for (key, value) in format.encoderOptions { av_dict_set(&options, key, value, 0) }
        status = avcodec_open2(encoder, codec, &options)
        av_dict_free(&options)
        guard status >= 0 else { throw fail("opening the \(String(cString: codec.pointee.name)) encoder", status) }
        status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder)
        guard status >= 0 else { throw fail("avcodec_parameters_from_context", status) }
        stream.pointee.time_base = encoder.pointee.time_base

        status = avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE)
        guard status >= 0 else { throw VideoError.cannotWrite(path: path, reason: ffmpegMessage(status)) }
        isFileOpen = true
        status = avformat_write_header(context, nil)
        guard status >= 0 else { throw fail("writing the \(format.rawValue) header", status) }

        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw VideoError.codec(path: path, reason: "out of memory allocating a frame")
        }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = format.pixelFormat.rawValue
        frame.pointee.width = Int32(encodedWidth)
        frame.pointee.height = Int32(encodedHeight)
        status = av_frame_get_buffer(frame, 0)
        guard status >= 0 else { throw fail("av_frame_get_buffer", status) }
        // GIF frames are indexed into ``Palette`` here; the others are converted by swscale.
        guard format != .gif else { return }
        scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_BGRA, Int32(encodedWidth), Int32(encodedHeight),
                                format.pixelFormat, SWS_BILINEAR, nil, nil, nil)
        guard scaler != nil else {
            throw VideoError.codec(path: path, reason: "swscale cannot convert \(width)×\(height) BGRA to the \(format.rawValue) pixels")
        }
    }

    /// Encodes `image` as the next frame. Throws ``VideoError/frameSizeMismatch(path:expected:got:)`` for an image of
    /// another size (nothing is written), ``VideoError/codec(path:reason:)`` when encoding fails.
    public func append(_ image: CGImage) throws {
        guard !isFinished, let encoder, let frame, scaler != nil || format == .gif else {
            throw VideoError.codec(path: url.path, reason: "frame appended after the video was finished")
        }
        guard image.width == width, image.height == height else {
            throw VideoError.frameSizeMismatch(path: url.path, expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
        }
        var status = av_frame_make_writable(frame)
        guard status >= 0 else { throw fail("av_frame_make_writable", status) }
        if format == .gif {
            Palette.index(image.premultipliedARGB, width: width, height: height, into: frame)
        } else {
            // 0xAARRGGBB words are B, G, R, A bytes in memory on little-endian machines: FFmpeg's BGRA.
            status = image.premultipliedARGB.withUnsafeBytes { bytes in
                anima_scale_into_frame(scaler, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width * 4),
                                       Int32(height), frame)
            }
            guard status > 0 else { throw fail("sws_scale", status) }
        }
        frame.pointee.pts = Int64(frameCount)
        status = avcodec_send_frame(encoder, frame)
        guard status >= 0 else { throw fail("avcodec_send_frame", status) }
        try drainPackets()
        frameCount += 1
    }

    /// Writes every packet the encoder has ready.
    private func drainPackets() throws {
        guard let encoder, let packet, let output, let stream else { return }
        while true {
            let status = avcodec_receive_packet(encoder, packet)
            if status == anima_averror_eagain() || status == anima_averror_eof() { return }
            guard status >= 0 else { throw fail("avcodec_receive_packet", status) }
            // Every frame lasts one frame interval (without it MP4 gives the last frame no time, and a one-frame
            // video reads back empty).
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(output, packet)
            av_packet_unref(packet)
            guard written >= 0 else { throw VideoError.cannotWrite(path: url.path, reason: ffmpegMessage(written)) }
        }
    }

    /// Flushes the encoder and completes the file. Throws ``VideoError/noFrames(path:)`` (and removes the file) when
    /// no frame was appended.
    public func finish() throws {
        guard !isFinished else { return }
        guard frameCount > 0 else {
            release(removingFile: true)
            throw VideoError.noFrames(path: url.path)
        }
        do {
            let status = avcodec_send_frame(encoder, nil)
            guard status >= 0 else { throw fail("flushing the encoder", status) }
            try drainPackets()
            let trailer = av_write_trailer(output)
            guard trailer >= 0 else { throw fail("writing the \(format.rawValue) trailer", trailer) }
        } catch {
            release(removingFile: true)
            throw error
        }
        release(removingFile: false)
    }

    /// Frees everything FFmpeg holds, closes the file, and removes it when asked.
    private func release(removingFile: Bool) {
        isFinished = true
        if scaler != nil { sws_freeContext(scaler); scaler = nil }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if encoder != nil { avcodec_free_context(&encoder) }
        if let output {
            if isFileOpen { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
            self.output = nil
        }
        if removingFile, isFileOpen { try? FileManager.default.removeItem(at: url) }
        isFileOpen = false
    }
}
