/**
 * Images for the model: re-encoded to fit 2000×2000 and 4.5 MB when `sharp` is
 * installed beside @gong/tools (an optional peer dependency, as the Gong apps install
 * it: as a dependency, npm 11 warned about sharp's install script to everyone who
 * installed @gong/tools); otherwise passed through with a note saying they were not
 * resized.
 */
import type { ImageMime } from "./sniff.js";

const MAX_IMAGE_DIMENSION = 2000;
const MAX_IMAGE_BYTES = 4.5 * 1024 * 1024;

interface PreparedImage {
  data: Buffer;
  mimeType: string;
  width?: number;
  height?: number;
  originalWidth?: number;
  originalHeight?: number;
  /** Human note for `text`: how it was resized, or why it was not. */
  note?: string;
}

type SharpModule = typeof import("sharp");
let sharpPromise: Promise<SharpModule | undefined> | undefined;

async function loadSharp(): Promise<SharpModule | undefined> {
  sharpPromise ??= import("sharp").then(
    (module) => (module as unknown as { default: SharpModule }).default ?? module,
    () => undefined,
  );
  return sharpPromise;
}

/** Candidate encodings from best to smallest (quality 85→40, then size 75%→25%; test/read.test.ts, section 4). */
async function shrink(
  sharp: SharpModule,
  input: Buffer,
  width: number,
  height: number,
): Promise<{ data: Buffer; mimeType: string; width: number; height: number }> {
  const scales = [1, 0.75, 0.5, 0.35, 0.25];
  let last: { data: Buffer; mimeType: string; width: number; height: number } | undefined;
  for (const scale of scales) {
    const fit = Math.min(1, MAX_IMAGE_DIMENSION / Math.max(width, height)) * scale;
    const w = Math.max(1, Math.round(width * fit));
    const h = Math.max(1, Math.round(height * fit));
    const resized = sharp(input).resize(w, h, { fit: "inside" });
    const png = await resized.clone().png().toBuffer();
    if (png.length <= MAX_IMAGE_BYTES)
      return { data: png, mimeType: "image/png", width: w, height: h };
    for (const quality of [85, 70, 55, 40]) {
      const jpeg = await resized.clone().jpeg({ quality }).toBuffer();
      last = { data: jpeg, mimeType: "image/jpeg", width: w, height: h };
      if (jpeg.length <= MAX_IMAGE_BYTES) return last;
    }
  }
  return last!;
}

export async function prepareImage(input: Buffer, mimeType: ImageMime): Promise<PreparedImage> {
  const sharp = await loadSharp();
  if (!sharp) {
    return {
      data: input,
      mimeType,
      note: "Image passed through unresized (the optional image library `sharp` is not installed).",
    };
  }
  try {
    const meta = await sharp(input).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (
      width <= MAX_IMAGE_DIMENSION &&
      height <= MAX_IMAGE_DIMENSION &&
      input.length <= MAX_IMAGE_BYTES
    ) {
      return { data: input, mimeType, width, height };
    }
    const out = await shrink(sharp, input, width, height);
    return {
      ...out,
      originalWidth: width,
      originalHeight: height,
      note: `Image resized from ${width}x${height} to ${out.width}x${out.height} (${out.mimeType}) to fit ${MAX_IMAGE_DIMENSION}x${MAX_IMAGE_DIMENSION} and 4.5MB.`,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      data: input,
      mimeType,
      note: `Image passed through unresized (could not decode it: ${reason}).`,
    };
  }
}
