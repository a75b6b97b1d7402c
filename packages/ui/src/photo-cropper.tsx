import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';

export type CropArea = Area;

export const BLOB_ERROR = 'Erreur lors de la création du blob';

/**
 * Whether the browser can decode `file` as an image (a renamed text file passes the `accept`
 * check, not this one): `createImageBitmap`, else an `<img>` loading it.
 */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      (await createImageBitmap(file)).close();
      return true;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<boolean>((resolve) => {
      const image = new Image();
      image.onload = () => resolve(true);
      image.onerror = () => resolve(false);
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Draws `area` of the image onto a `size`×`size` canvas and encodes it as JPEG. Fails with
 * `BLOB_ERROR` whatever went wrong (image that does not decode, canvas refused, no blob).
 */
export async function cropToJpeg(
  source: Blob,
  area: CropArea,
  size = 200,
  quality = 0.9,
): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(source);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    // JPEG has no transparency: transparent pixels become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, size, size);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', quality),
    );
    if (!blob) throw new Error('no blob');
    return blob;
  } catch {
    throw new Error(BLOB_ERROR);
  }
}

export type PhotoCropperLabels = {
  area: string;
  zoom: string;
  hint: string;
};

const DEFAULT_LABELS: PhotoCropperLabels = {
  area: 'Cadrage de la photo',
  zoom: 'Zoom',
  hint: 'Faites glisser l’image ou utilisez les flèches du clavier pour la cadrer.',
};

export type PhotoCropperProps = {
  /** Object URL (or any URL) of the image to crop. */
  src: string;
  /** The square chosen, in the image's own pixels. */
  onChange: (area: CropArea) => void;
  labels?: Partial<PhotoCropperLabels>;
};

/** A round, square-cropping frame over an image, with a zoom slider; mouse, touch and keyboard. */
export function PhotoCropper({ src, onChange, labels }: PhotoCropperProps) {
  const text = { ...DEFAULT_LABELS, ...labels };
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const hintId = useId();
  const zoomId = useId();
  return (
    <div className="space-y-3">
      <div className="relative h-64 w-full overflow-hidden rounded-card bg-ink">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onChange(pixels)}
          disableAutomaticStylesInjection
          cropperProps={{
            role: 'application',
            'aria-label': text.area,
            'aria-describedby': hintId,
          }}
          mediaProps={{ alt: '' }}
        />
      </div>
      <p id={hintId} className="text-sm text-muted">
        {text.hint}
      </p>
      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-ink">
          {text.zoom}
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="w-full accent-brand-700"
        />
      </div>
    </div>
  );
}
