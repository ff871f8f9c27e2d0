import { success } from "../core/envelope.js";
import type { ToolEnvironment } from "../environment.js";
import { fileSystemFailure } from "../fs/errors.js";
import type { ToolImage, ToolResponse } from "../types.js";
import { prepareImage } from "./image.js";
import type { ImageMime } from "./sniff.js";

/** Reads an image whole, fits it for the model and returns it as the envelope's image. */
export async function readImageFile(
  env: ToolEnvironment,
  real: string,
  display: string,
  mime: ImageMime,
  size: number,
): Promise<ToolResponse> {
  let bytes: Buffer;
  try {
    bytes = await env.fs.readFile(real);
  } catch (error) {
    return fileSystemFailure(error, "read", display, display);
  }
  const image = await prepareImage(bytes, mime);
  const images: ToolImage[] = [
    { type: "image", data: image.data.toString("base64"), mimeType: image.mimeType },
  ];
  const note = image.note ? ` ${image.note}` : "";
  const text = `Read image file ${display} [${image.mimeType}].${note}`;
  const data = {
    content: "",
    images,
    mime_type: image.mimeType,
    original_mime_type: mime,
    width: image.width,
    height: image.height,
    truncated: false,
  };
  return success(data, text, { pathResolved: display, stats: { bytes: size } });
}
