/**
 * LIVE-AUDIO-13: a small Ogg Opus muxer. A speaker's raw Opus packets (48 kHz mono, as relayed) are
 * wrapped in Ogg pages — OpusHead, OpusTags, then one page per packet with its granule position —
 * so that an ffmpeg reading `-f ogg` from a pipe decodes them as they arrive.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, starting at 0). */
export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]) >>> 0;
  return crc >>> 0;
}

/** Samples at 48 kHz in one Opus packet, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Uint8Array): number {
  if (packet.length === 0) return 0;
  const toc = packet[0];
  const config = toc >> 3;
  let frame: number; // in units of 1/48 ms … i.e. samples at 48 kHz
  if (config < 12) frame = [480, 960, 1920, 2880][config & 3];
  else if (config < 16) frame = [480, 960][config & 1];
  else frame = [120, 240, 480, 960][config & 3];
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : packet.length > 1 ? packet[1] & 0x3f : 0;
  return frame * frames;
}

const PRE_SKIP = 312;

export class OggOpusWriter {
  private seq = 0;
  private granule = 0n;
  private readonly serial = Math.floor(Math.random() * 0xffffffff) >>> 0;

  /** The two header pages every Ogg Opus stream starts with. */
  head(): Buffer {
    const opusHead = Buffer.alloc(19);
    opusHead.write('OpusHead', 0, 'ascii');
    opusHead[8] = 1; // version
    opusHead[9] = 1; // channels
    opusHead.writeUInt16LE(PRE_SKIP, 10);
    opusHead.writeUInt32LE(48_000, 12);
    opusHead.writeInt16LE(0, 16); // output gain
    opusHead[18] = 0; // mapping family
    const vendor = Buffer.from('tt-live-audio', 'ascii');
    const opusTags = Buffer.alloc(8 + 4 + vendor.length + 4);
    opusTags.write('OpusTags', 0, 'ascii');
    opusTags.writeUInt32LE(vendor.length, 8);
    vendor.copy(opusTags, 12);
    opusTags.writeUInt32LE(0, 12 + vendor.length);
    return Buffer.concat([this.page(opusHead, 0x02, 0n), this.page(opusTags, 0, 0n)]);
  }

  /** One page holding one Opus packet. */
  packet(packet: Buffer): Buffer {
    this.granule += BigInt(opusPacketSamples(packet));
    return this.page(packet, 0, this.granule);
  }

  private page(data: Buffer, flags: number, granule: bigint): Buffer {
    const lacing: number[] = [];
    let left = data.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
    const header = Buffer.alloc(27 + lacing.length);
    header.write('OggS', 0, 'ascii');
    header[4] = 0;
    header[5] = flags;
    header.writeBigInt64LE(granule, 6);
    header.writeUInt32LE(this.serial, 14);
    header.writeUInt32LE(this.seq++, 18);
    header.writeUInt32LE(0, 22);
    header[26] = lacing.length;
    Buffer.from(lacing).copy(header, 27);
    const page = Buffer.concat([header, data]);
    page.writeUInt32LE(oggCrc(page), 22);
    return page;
  }
}
