/**
 * Reads a QR code from a camera frame or a picture. The browser's BarcodeDetector where it
 * reads QR codes; otherwise jsQR, which is imported here only, so only the clinic screen loads
 * it (Linux Chromium has no BarcodeDetector: the browser tests run the jsQR path).
 */
export type QrSource = HTMLVideoElement | ImageBitmap | HTMLCanvasElement;

export interface QrDecoder {
  kind: 'barcode-detector' | 'jsqr';
  /** The text of the first QR code found, or null when there is none. */
  decode(source: QrSource): Promise<string | null>;
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: QrSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are scaled down to this many pixels on their longer side before jsQR reads them. */
const MAX_SIDE = 800;

function barcodeDetectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = barcodeDetectorClass();
  if (Detector === null) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'barcode-detector',
      decode: async (source) => (await detector.detect(source))[0]?.rawValue ?? null,
    };
  } catch {
    return null;
  }
}

function sizeOf(source: QrSource): { width: number; height: number } {
  if (source instanceof HTMLVideoElement) {
    return { width: source.videoWidth, height: source.videoHeight };
  }
  return { width: source.width, height: source.height };
}

async function jsqrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'jsqr',
    decode: (source) => {
      const { width, height } = sizeOf(source);
      if (context === null || width === 0 || height === 0) return Promise.resolve(null);
      const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(source, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height, {
        inversionAttempts: 'attemptBoth',
      });
      return Promise.resolve(found?.data ?? null);
    },
  };
}

let decoder: Promise<QrDecoder> | undefined;

/** The decoder this browser uses (made once). */
export function qrDecoder(): Promise<QrDecoder> {
  decoder ??= nativeDecoder().then((native) => native ?? jsqrDecoder());
  return decoder;
}

/** Reads a QR code from a picture file (a photo or screenshot of a member's QR). */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const [reader, bitmap] = await Promise.all([qrDecoder(), createImageBitmap(file)]);
  try {
    return await reader.decode(bitmap);
  } finally {
    bitmap.close();
  }
}
