/**
 * The safetensors format (https://github.com/huggingface/safetensors), written and read here, in
 * TypeScript (the core never parses JSON):
 *
 *   [8 bytes: N, unsigned little-endian] [N bytes: JSON header, padded with spaces] [data]
 *   header = { "__metadata__": { string: string, … },
 *              "<tensor>": { "dtype": "F32", "shape": [d0, d1, …], "data_offsets": [begin, end] }, … }
 *
 * Offsets count bytes from the start of the data; each tensor is row-major little-endian float32.
 * The header is padded to a multiple of 8 bytes, so every tensor starts 4-byte aligned (as the
 * reference implementation does). Reading checks everything a hostile file could get wrong: the
 * length, the JSON, every dtype, shape and offset, before anything is copied.
 */
import { describe, rangeError, typeError } from '../checks.js';

export interface StTensor {
  name: string;
  shape: number[];
  data: Float32Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeSafetensors(tensors: StTensor[], metadata: Record<string, string>): Uint8Array {
  const header: Record<string, unknown> = { __metadata__: metadata };
  let offset = 0;
  for (const t of tensors) {
    const bytes = t.data.length * 4;
    header[t.name] = { dtype: 'F32', shape: t.shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = new TextEncoder().encode(JSON.stringify(header));
  const padded = Math.ceil(json.length / 8) * 8;
  if (padded !== json.length) {
    const p = new Uint8Array(padded).fill(0x20);
    p.set(json);
    json = p;
  }
  const out = new Uint8Array(8 + json.length + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, json.length, true);
  view.setUint32(4, 0, true);
  out.set(json, 8);
  let at = 8 + json.length;
  for (const t of tensors) {
    if (LITTLE_ENDIAN) {
      out.set(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.length * 4), at);
    } else {
      for (let i = 0; i < t.data.length; i++) view.setFloat32(at + 4 * i, t.data[i], true);
    }
    at += t.data.length * 4;
  }
  return out;
}

export interface StFile {
  tensors: StTensor[];
  metadata: Record<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a safetensors file of float32 tensors; `fn` prefixes every message. */
export function decodeSafetensors(fn: string, bytes: unknown, maxTensors: number): StFile {
  if (!(bytes instanceof Uint8Array))
    typeError(`${fn}: bytes must be a Uint8Array (the contents of a .safetensors file), got ${describe(bytes)}`);
  const bad = (what: string): never => rangeError(`${fn}: bytes: ${what}`);
  if (bytes.length < 8) bad(`a safetensors file starts with an 8-byte header length; got ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(0, true) + view.getUint32(4, true) * 2 ** 32;
  if (n < 2 || n > bytes.length - 8) bad(`the header length (${n} bytes) does not fit in the ${bytes.length}-byte file`);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(8, 8 + n)));
  } catch {
    bad('the header is not valid UTF-8 JSON');
  }
  if (!isObject(header)) bad('the header must be a JSON object');
  const h = header as Record<string, unknown>;
  const metadata: Record<string, string> = {};
  const meta = h.__metadata__;
  if (meta !== undefined) {
    if (!isObject(meta)) bad('__metadata__ must be an object of strings');
    for (const [k, v] of Object.entries(meta as Record<string, unknown>)) {
      if (typeof v !== 'string') bad(`__metadata__.${k} must be a string, got ${describe(v)}`);
      metadata[k] = v as string;
    }
  }
  const names = Object.keys(h).filter((k) => k !== '__metadata__');
  if (names.length > maxTensors) bad(`${names.length} tensors; a lab model has at most ${maxTensors}`);
  const dataStart = 8 + n;
  const dataLength = bytes.length - dataStart;
  const tensors: StTensor[] = [];
  for (const name of names) {
    const t = h[name];
    const where = `tensor '${name}'`;
    if (!isObject(t)) bad(`${where} must be an object with dtype, shape and data_offsets`);
    const { dtype, shape, data_offsets: offsets } = t as Record<string, unknown>;
    if (dtype !== 'F32') bad(`${where}: dtype must be "F32" (float32), got ${describe(dtype)}`);
    if (!Array.isArray(shape) || shape.length > 8 || !shape.every((d) => Number.isInteger(d) && d >= 0 && d <= 2 ** 31)) {
      bad(`${where}: shape must be a list of at most 8 non-negative integers`);
    }
    const count = (shape as number[]).reduce((a, b) => a * b, 1);
    if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isInteger(o) && o >= 0)) {
      bad(`${where}: data_offsets must be [begin, end], two non-negative integers`);
    }
    const [begin, end] = offsets as [number, number];
    if (begin > end || end > dataLength) bad(`${where}: data_offsets [${begin}, ${end}] lie outside the ${dataLength} bytes of data`);
    if (end - begin !== count * 4)
      bad(`${where}: data_offsets hold ${end - begin} bytes; shape [${(shape as number[]).join(', ')}] of float32 needs ${count * 4}`);
    const data = new Float32Array(count);
    if (LITTLE_ENDIAN) {
      new Uint8Array(data.buffer).set(bytes.subarray(dataStart + begin, dataStart + end));
    } else {
      for (let i = 0; i < count; i++) data[i] = view.getFloat32(dataStart + begin + 4 * i, true);
    }
    tensors.push({ name, shape: shape as number[], data });
  }
  return { tensors, metadata };
}
