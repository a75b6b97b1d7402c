import * as Slider from '@radix-ui/react-slider';
import { useId } from 'react';

export type RangeSliderProps = {
  label: string;
  min: number;
  max: number;
  step: number;
  /** [from, to]. */
  value: [number, number];
  onChange: (value: [number, number]) => void;
  /** Shown for each end and read by screen readers, e.g. formatEuro. */
  format: (value: number) => string;
  /** Accessible names of the two thumbs, e.g. ['Montant minimum', 'Montant maximum']. */
  thumbLabels: [string, string];
  /** Called when the user lets go (pointer up or key), e.g. to apply a filter. */
  onCommit?: (value: [number, number]) => void;
};

/**
 * Two-thumb range (amounts, percentages) on Radix's accessible slider: arrows move by `step`,
 * Page Up/Down by ten steps, Home/End to the ends; each thumb announces its formatted value.
 */
export function RangeSlider({
  label,
  min,
  max,
  step,
  value,
  onChange,
  format,
  thumbLabels,
  onCommit,
}: RangeSliderProps) {
  const labelId = useId();
  const [from, to] = value;
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="text-sm font-medium text-ink">
          {label}
        </span>
        <span className="text-sm tabular-nums text-ink-muted" aria-hidden="true">
          {format(from)} – {format(to)}
        </span>
      </div>
      <Slider.Root
        className="relative flex h-6 w-full touch-none select-none items-center"
        min={min}
        max={max}
        step={step}
        minStepsBetweenThumbs={0}
        value={value}
        onValueChange={(next) => onChange([next[0]!, next[1]!])}
        onValueCommit={(next) => onCommit?.([next[0]!, next[1]!])}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-line">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        {[from, to].map((thumbValue, index) => (
          <Slider.Thumb
            key={index}
            aria-label={thumbLabels[index]}
            aria-valuetext={format(thumbValue)}
            className="block size-5 rounded-full border-2 border-brand-600 bg-surface shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
        ))}
      </Slider.Root>
    </div>
  );
}
