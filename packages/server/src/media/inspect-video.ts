/**
 * Describes an MP4 or MOV file for the limits of spec §8 through mp4box.js (GPAC's box
 * parser). The file is fed to the parser from disk in pieces, and the parser tells which
 * byte it needs next, so it jumps over `mdat` (the media data) and only box headers and
 * `moov` are ever read: a 300 MB Reel costs about as much memory as a 3 MB one.
 */
import { open } from 'node:fs/promises';
import type { VideoDescription } from '@reelay/core';
import { createFile, Log, MP4BoxBuffer, type Movie, type Track } from 'mp4box';

// The parser reports odd boxes (such as QuickTime's `©swr` tag) on the console; problems
// that matter reach the user through the description instead.
Log.error = () => {};
Log.warn = () => {};

/** Bytes read per step; `moov` of a long video is a few MB, so a few steps at most. */
const STEP = 1024 * 1024;
/** A file that needs more steps than this is broken (or hostile), not a video. */
const MAX_STEPS = 512;

/** Why a container cannot be described. */
export class UnreadableVideoError extends Error {
  constructor(
    message: string,
    /** `moov`: the index box is missing or unusable; `mime`: not a video at all. */
    readonly reason: 'moov' | 'mime' | 'codec',
  ) {
    super(message);
  }
}

/**
 * Reads the boxes of an MP4/MOV file and describes its first video track (and first
 * audio track). Throws {@link UnreadableVideoError} when no description can be made.
 *
 * @example
 * ```ts
 * await inspectVideo('/tmp/upload-1', 'video/mp4', 2_345_678);
 * // { type: 'video', fps: 30, videoCodec: 'avc1.640028', moovBeforeMdat: true, … }
 * ```
 */
export async function inspectVideo(
  path: string,
  mime: string,
  size: number,
): Promise<VideoDescription> {
  const movie = await readMovie(path, size);
  if (!movie) {
    throw new UnreadableVideoError('o arquivo não tem o átomo moov (arquivo incompleto?)', 'moov');
  }
  if (movie.isFragmented) {
    throw new UnreadableVideoError(
      'MP4 fragmentado não é aceito; exporte com o átomo moov completo no início',
      'moov',
    );
  }
  const video = movie.videoTracks[0];
  if (!video) {
    throw new UnreadableVideoError('o arquivo não tem faixa de vídeo', 'mime');
  }
  const audio = movie.audioTracks[0];
  const trackSeconds = video.samples_duration / video.timescale;
  const movieSeconds = movie.timescale > 0 ? movie.duration / movie.timescale : 0;
  if (!(trackSeconds > 0) || video.nb_samples === 0) {
    throw new UnreadableVideoError('a faixa de vídeo não tem quadros', 'codec');
  }
  const { width, height } = displaySize(video);
  return {
    type: 'video',
    mime,
    size,
    width,
    height,
    durationSeconds: round(movieSeconds > 0 ? movieSeconds : trackSeconds, 3),
    fps: round(video.nb_samples / trackSeconds, 3),
    videoCodec: video.codec,
    audioCodec: audio ? audioCodecOf(audio.codec) : null,
    bitrate: Math.round(video.bitrate),
    moovBeforeMdat: movie.isProgressive,
  };
}

/** Feeds the file to the parser, jumping where it asks, until `moov` is understood. */
async function readMovie(path: string, size: number): Promise<Movie | null> {
  const file = createFile();
  let movie: Movie | null = null;
  file.onReady = (info) => {
    movie = info;
  };
  const handle = await open(path, 'r');
  try {
    let position = 0;
    for (let step = 0; step < MAX_STEPS && !movie && position < size; step++) {
      const length = Math.min(STEP, size - position);
      const buffer = MP4BoxBuffer.fromArrayBuffer(new ArrayBuffer(length), position);
      const { bytesRead } = await handle.read(new Uint8Array(buffer), 0, length, position);
      if (bytesRead === 0) break;
      const next = file.appendBuffer(buffer, position + length >= size);
      // The parser names the next byte it needs; anything that does not move forward
      // means it is stuck on data it cannot use.
      if (typeof next !== 'number' || next <= position) break;
      position = next;
    }
    if (!movie) file.flush();
  } catch {
    return null;
  } finally {
    await handle.close();
  }
  return movie;
}

/** Width and height as shown: a track rotated 90° or 270° by its matrix swaps them. */
function displaySize(track: Track): { width: number; height: number } {
  const width = track.video?.width || Math.round(track.track_width);
  const height = track.video?.height || Math.round(track.track_height);
  const matrix = track.matrix as ArrayLike<number> | undefined;
  const rotated = matrix !== undefined && matrix[0] === 0 && matrix[4] === 0;
  return rotated ? { width: height, height: width } : { width, height };
}

/**
 * The audio codec as the limits understand it. `mp4a` is a family: object types 0x40
 * and 0x66–0x68 are AAC, but 0x69 and 0x6B are MPEG audio (MP3) in the same box, which
 * the platform refuses; a bare `mp4a` check would let MP3 through.
 */
function audioCodecOf(codec: string): string {
  const match = /^mp4a\.([0-9a-f]{2})/i.exec(codec);
  if (!match) return codec;
  const objectType = match[1]!.toLowerCase();
  if (objectType === '69' || objectType === '6b') return 'mp3';
  if (objectType === '40' || objectType === '66' || objectType === '67' || objectType === '68') {
    return codec;
  }
  return `mp4a-${objectType}`;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
