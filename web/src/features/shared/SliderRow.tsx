// A labelled slider whose value is shown beside its label (not only in a tooltip while dragging,
// which also covered the label above), with the ends' words under the track in a row of their
// own: no two labels overlap in any language or direction.
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export function SliderRow({ label, value, shown, min, max, step, marks, ends, onChange, testId }: {
  label: string;
  value: number;
  shown: string;
  min: number;
  max: number;
  step: number;
  marks?: boolean;
  ends?: [ReactNode, ReactNode];
  onChange: (v: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography id={id}>{label}</Typography>
        <Typography component="output" htmlFor={`${id}-slider`} aria-live="polite" data-testid={testId}
          sx={{ fontWeight: 600, minWidth: '3ch', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
          {shown}
        </Typography>
      </Stack>
      <Slider id={`${id}-slider`} aria-labelledby={id} aria-valuetext={shown} min={min} max={max} step={step} marks={marks}
        value={value} onChange={(_, v) => onChange(v as number)} valueLabelDisplay="off" />
      {ends && (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: -1 }}>
          <Typography variant="caption" color="text.secondary">{ends[0]}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'end' }}>{ends[1]}</Typography>
        </Stack>
      )}
    </div>
  );
}
