import { writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey 8-bit greyscale PNG: the smallest valid encoding of a big picture. */
function greyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  const row = Buffer.alloc(1 + width, 0x80);
  row[0] = 0; // filter: none
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG's IHDR or a JPEG's SOFn marker. */
function dimensions(image: Buffer): { width: number; height: number } {
  if (image.subarray(1, 4).toString("latin1") === "PNG") {
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  }
  let at = 2;
  while (at < image.length) {
    const marker = image[at + 1]!;
    const length = image.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8) {
      return { height: image.readUInt16BE(at + 5), width: image.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error("not a PNG or JPEG");
}

interface ImageBlock {
  type: "image";
  source: { media_type: string; data: string };
}

/** Image blocks of the tool results in an Anthropic request, wherever they nest. */
function imagesIn(value: unknown): ImageBlock[] {
  if (Array.isArray(value)) return value.flatMap(imagesIn);
  if (value === null || typeof value !== "object") return [];
  const block = value as Record<string, unknown>;
  if (block.type === "image") return [block as unknown as ImageBlock];
  return Object.values(block).flatMap(imagesIn);
}

describe("issue: bad input — images are resized in the shipped CLI", () => {
  it("a 4000×3000 PNG read by the built gong reaches the model at most 2000×2000, with a note", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "big.png"), greyPng(4000, 3000));
    mock.enqueue([
      toolCallResponse([{ id: "toolu_img", name: "read", arguments: { path: "big.png" } }]),
      textResponse("A grey rectangle."),
    ]);
    const run = await runGong(["-p", "describe big.png"], box);
    expect(run.code, run.stderr).toBe(0);

    const followUp = mock.requests[1]!.body as { messages: unknown };
    const [image] = imagesIn(followUp.messages);
    const sent = Buffer.from(image!.source.data, "base64");
    const { width, height } = dimensions(sent);
    expect({ width, height }).toEqual({ width: 2000, height: 1500 });
    expect(JSON.stringify(followUp.messages)).toContain(
      "Image resized from 4000x3000 to 2000x1500",
    );
  });
});
