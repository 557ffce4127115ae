import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import type { PictureSize } from '../../lib/mockup/placement.ts';
import { type BoxRect, boxAfterKey, rectFromDrag, startingBox, toPicturePixels } from '../print-box-draft.ts';
import { Button, NumberField } from '../ui/controls.tsx';

/** One box as the form holds it: the rectangle, the picture's size, how wide it prints. */
export interface BoxDraft extends BoxRect {
  picture_width: number;
  picture_height: number;
  width_in: number | null;
}

interface Props {
  /** "Turquoise, Front": names the picture and the location in every label. */
  label: string;
  imageUrl: string;
  box: BoxDraft | null;
  /** The location's print width, offered for a new box. */
  defaultWidthIn: number | null;
  errors: Record<string, string>;
  onChange: (box: BoxDraft | null) => void;
}

/**
 * The owner marks where a location prints on a colour's picture (issue 49): a rectangle dragged
 * over the photo, moved with the arrow keys (Shift: resized) or typed in the picture's pixels, and
 * the real width the box prints at. The picture's own size is measured once it loads.
 */
export function PrintBoxEditor({ label, imageUrl, box, defaultWidthIn, errors, onChange }: Props) {
  const [picture, setPicture] = useState<PictureSize | null>(
    box ? { width: box.picture_width, height: box.picture_height } : null,
  );
  const drag = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<HTMLButtonElement>(null);
  const withRect = (rect: BoxRect, size: PictureSize) =>
    onChange({
      ...rect,
      picture_width: size.width,
      picture_height: size.height,
      width_in: box?.width_in ?? defaultWidthIn,
    });
  const point = (e: PointerEvent, size: PictureSize) =>
    toPicturePixels({ x: e.clientX, y: e.clientY }, frame.current!.getBoundingClientRect(), size);

  const onPointerDown = (e: PointerEvent) => {
    if (!picture) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = point(e, picture);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!picture || !drag.current) return;
    withRect(rectFromDrag(drag.current, point(e, picture), picture), picture);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!picture) return;
    const next = boxAfterKey(box ?? startingBox(picture), e.key, e.shiftKey, picture);
    if (!next) return;
    e.preventDefault();
    withRect(next, picture);
  };
  const set = (change: Partial<BoxDraft>) => {
    if (!picture) return;
    onChange({
      ...(box ?? { ...startingBox(picture), width_in: defaultWidthIn }),
      ...change,
      picture_width: picture.width,
      picture_height: picture.height,
    });
  };
  const percent = (n: number, of: number) => `${(n / of) * 100}%`;

  return (
    <fieldset className="adm-fieldset adm-print-box">
      <legend>{label}</legend>
      <button
        type="button"
        ref={frame}
        className="adm-print-box-frame"
        aria-label={`Print box on the ${label} picture: drag to draw it, arrow keys move it, Shift and arrows resize it`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
      >
        <img
          src={imageUrl}
          alt=""
          draggable={false}
          onLoad={(e) => setPicture({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        />
        {box && picture ? (
          <span
            className="adm-print-box-rect"
            style={{
              left: percent(box.x, picture.width),
              top: percent(box.y, picture.height),
              width: percent(box.width, picture.width),
              height: percent(box.height, picture.height),
            }}
          />
        ) : null}
      </button>
      <div className="adm-choice-list">
        <NumberField
          label={`Left edge in pixels (${label})`}
          value={box?.x ?? null}
          onChange={(x) => set({ x: x ?? 0 })}
          errorMessage={errors['x']}
        />
        <NumberField
          label={`Top edge in pixels (${label})`}
          value={box?.y ?? null}
          onChange={(y) => set({ y: y ?? 0 })}
          errorMessage={errors['y']}
        />
        <NumberField
          label={`Box width in pixels (${label})`}
          value={box?.width ?? null}
          onChange={(width) => set({ width: width ?? 0 })}
          errorMessage={errors['width']}
        />
        <NumberField
          label={`Box height in pixels (${label})`}
          value={box?.height ?? null}
          onChange={(height) => set({ height: height ?? 0 })}
          errorMessage={errors['height']}
        />
        <NumberField
          label={`Prints inches wide (${label})`}
          value={box?.width_in ?? null}
          onChange={(width_in) => set({ width_in })}
          description="The real width of the box on the garment: the scale mock-ups are drawn at."
          errorMessage={errors['width_in']}
        />
      </div>
      {box ? (
        <Button variant="quiet" onPress={() => onChange(null)}>
          Remove the {label} box
        </Button>
      ) : null}
    </fieldset>
  );
}
