/** Bytes looked at to decide whether a file is binary. */
export const SNIFF_BYTES = 8192;

/** Signatures of common binary formats whose first bytes may lack a NUL. */
const MAGIC: readonly Buffer[] = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF87a'),
  Buffer.from('GIF89a'),
  Buffer.from('%PDF-'),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]), // ZIP, JAR, DOCX
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from([0x42, 0x5a, 0x68]), // bzip2 (BZh), refined below
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]), // Java class, Mach-O fat
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]), // Mach-O
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from('Rar!\x1a\x07'),
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), // 7z
  Buffer.from([0x00, 0x61, 0x73, 0x6d]), // wasm
];

const BZIP2 = /^BZh[1-9]1AY&SY/;

/** Whether `bytes` begins with `magic`, compared in place (no view is made for a file that cannot match). */
function startsWith(bytes: Uint8Array, magic: Buffer): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic[i]) return false;
  return true;
}

/** True when the head of a file (up to SNIFF_BYTES) looks binary. */
export function looksBinary(head: Buffer): boolean {
  const window = head.length > SNIFF_BYTES ? head.subarray(0, SNIFF_BYTES) : head;
  if (window.includes(0)) return true;
  const first = window[0];
  for (const magic of MAGIC) {
    // Most text starts with none of the signatures' first bytes: one comparison each.
    if (magic[0] !== first) continue;
    if (first === 0x42) {
      if (BZIP2.test(window.subarray(0, 10).toString('latin1'))) return true;
    } else if (startsWith(window, magic)) {
      return true;
    }
  }
  return false;
}
