/**
 * 16-bit PCM WAV files: an empty one to render into (its samples as an Int16Array over the same
 * memory, so nothing is copied) and a reader of the header for checks.
 */
import os from 'node:os';

const HEADER = 44;

export interface PcmWav {
  /** The whole file: RIFF header then interleaved little-endian samples. */
  file: Buffer;
  /** The samples of `file` (channel-interleaved). */
  samples: Int16Array;
}

/** A silent WAV of `frames` frames, ready to be filled through `samples`. */
export function createWav(frames: number, sampleRate: number, channels: number): PcmWav {
  if (os.endianness() !== 'LE') throw new Error('WAV rendering needs a little-endian machine');
  const dataBytes = frames * channels * 2;
  const memory = new ArrayBuffer(HEADER + dataBytes);
  const file = Buffer.from(memory);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVE', 8, 'latin1');
  file.write('fmt ', 12, 'latin1');
  file.writeUInt32LE(16, 16); // fmt chunk size
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(channels, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * channels * 2, 28); // byte rate
  file.writeUInt16LE(channels * 2, 32); // block align
  file.writeUInt16LE(16, 34); // bits per sample
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(dataBytes, 40);
  return { file, samples: new Int16Array(memory, HEADER, frames * channels) };
}

export interface WavInfo {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  frames: number;
  seconds: number;
}

/** The format of a PCM WAV file (walks the chunks); throws when it is not one. */
export function readWavInfo(file: Buffer): WavInfo {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let pos = 12;
  let fmt: Omit<WavInfo, 'frames' | 'seconds'> | null = null;
  while (pos + 8 <= file.length) {
    const id = file.toString('latin1', pos, pos + 4);
    const size = file.readUInt32LE(pos + 4);
    if (id === 'fmt ') {
      fmt = {
        format: file.readUInt16LE(pos + 8),
        channels: file.readUInt16LE(pos + 10),
        sampleRate: file.readUInt32LE(pos + 12),
        bitsPerSample: file.readUInt16LE(pos + 22),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('data chunk before fmt chunk');
      const frames = size / (fmt.channels * (fmt.bitsPerSample / 8));
      return { ...fmt, frames, seconds: frames / fmt.sampleRate };
    }
    pos += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}
