/**
 * Cropping a picked image before it is uploaded: the shapes the kind takes, a crop area
 * moved by dragging or with the arrow keys, and the crop drawn on a canvas in the
 * browser (JPEG). The cropped file keeps the picked file's name.
 */
import type { PostKind } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n';
import { cropRatios, croppedMaxWidth, largestArea, moveArea, type CropArea } from './compose-rules';

/** The picked image and its size, read in the browser. */
export interface CropSource {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** Reads an image file's size; `null` when the browser cannot decode it. */
export async function readImage(file: File): Promise<CropSource | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const source = {
      file,
      url: URL.createObjectURL(file),
      width: bitmap.width,
      height: bitmap.height,
    };
    bitmap.close();
    return source;
  } catch {
    return null;
  }
}

/** Draws the area on a canvas, scaled down to the kind's widest, as a JPEG with the file's name. */
async function cropFile(source: CropSource, area: CropArea, kind: PostKind): Promise<File> {
  const image = new Image();
  image.src = source.url;
  await image.decode();
  const scale = Math.min(1, croppedMaxWidth(kind) / area.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  canvas
    .getContext('2d')!
    .drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (made) => (made ? resolve(made) : reject(new Error('toBlob'))),
      'image/jpeg',
      0.92,
    ),
  );
  return new File([blob], source.file.name, { type: 'image/jpeg' });
}

export interface CropDialogProps {
  source: CropSource;
  kind: PostKind;
  /** The file to upload: cropped, or the original as it is. */
  onDone(file: File): void;
}

export function CropDialog({ source, kind, onDone }: CropDialogProps) {
  const t = useT();
  const ratios = cropRatios(kind);
  const [ratio, setRatio] = useState(ratios[0]!);
  const [area, setArea] = useState(() => largestArea(source.width, source.height, ratio.value));
  const [busy, setBusy] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; area: CropArea } | null>(null);

  useEffect(() => setArea(largestArea(source.width, source.height, ratio.value)), [ratio]);
  useEffect(() => () => URL.revokeObjectURL(source.url), []);

  const move = (dx: number, dy: number) =>
    setArea((current) => moveArea(current, dx, dy, source.width, source.height));

  function onKey(event: KeyboardEvent) {
    const step = (event.shiftKey ? 0.1 : 0.02) * Math.max(source.width, source.height);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move(...delta);
  }

  function onPointerMove(event: PointerEvent) {
    const start = drag.current;
    const box = stage.current?.getBoundingClientRect();
    if (!start || !box) return;
    const scale = source.width / box.width;
    setArea(
      moveArea(
        start.area,
        (event.clientX - start.x) * scale,
        (event.clientY - start.y) * scale,
        source.width,
        source.height,
      ),
    );
  }

  async function confirm() {
    setBusy(true);
    onDone(await cropFile(source, area, kind));
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <ModalDialog
      title={t('composer.crop.title', { name: source.file.name })}
      class="crop-dialog"
      onClose={() => onDone(source.file)}
      footer={
        <>
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => onDone(source.file)}
          >
            {t('composer.crop.asIs')}
          </button>
          <button
            type="button"
            aria-busy={busy ? 'true' : undefined}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {t('composer.crop.confirm')}
          </button>
        </>
      }
    >
      <p>
        {t('composer.crop.intro', {
          width: source.width,
          height: source.height,
          kind: t(`compose.kinds.${kind}`),
        })}
      </p>
      <fieldset class="crop-ratios">
        <legend>{t('composer.crop.ratio')}</legend>
        {ratios.map((option) => (
          <label key={option.label}>
            <input
              type="radio"
              name="crop-ratio"
              checked={option.label === ratio.label}
              onChange={() => setRatio(option)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div ref={stage} class="crop-stage">
        <img src={source.url} alt="" />
        <div
          class="crop-area"
          role="slider"
          tabIndex={0}
          aria-label={t('composer.crop.area')}
          aria-describedby="compose-crop-hint"
          aria-valuemin={0}
          aria-valuemax={Math.max(source.width - area.width, source.height - area.height)}
          aria-valuenow={area.width < source.width ? area.x : area.y}
          aria-valuetext={`x ${area.x}, y ${area.y}, ${area.width} × ${area.height} px`}
          style={{
            left: percent(area.x, source.width),
            top: percent(area.y, source.height),
            width: percent(area.width, source.width),
            height: percent(area.height, source.height),
          }}
          onKeyDown={onKey}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            drag.current = { x: event.clientX, y: event.clientY, area };
          }}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
        />
      </div>
      <small id="compose-crop-hint">{t('composer.crop.areaHint')}</small>
    </ModalDialog>
  );
}
