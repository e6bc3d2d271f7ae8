// The stroke editor (issue 8, item 4): draw strokes on the writing canvas to define a character,
// reorder, reverse, delete and redraw them, import an SVG, preview the stroke-order animation,
// test-write it with the live matcher, and set the character's leniency and alternative stroke
// orders. Saves go through saveCharacter (outbox); leaving with changes not saved asks first.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton, { listItemButtonClasses } from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import type { Character, Stroke } from '../../api/generated/types';
import { WritingCanvas } from '../../canvas/WritingCanvas';
import { gridTypeOf } from '../../canvas/grids';
import { useCanvasSize } from '../../canvas/useCanvasSize';
import type { InkPoint } from '../../canvas/ink';
import { decompose } from '../../characters/hangul';
import { contentInput } from '../../app/contentLine';
import { readCharacterStrokes } from '../../db/read/characters';
import { useI18n, useT } from '../../i18n/I18nContext';
import { PageHeader } from '../shared/components';
import { SliderRow } from '../shared/SliderRow';
import { moveStroke, parseOrder, reversed, strokeFromPoints } from './outline';
import { strokesFromSvg } from './svgImport';
import { Draft, LENIENCY_MAX, LENIENCY_MIN, PROJECT_SOURCE, draftErrors, draftOf, sameDraft } from './characterDraft';
import { useLeaveGuard } from '../shared/useLeaveGuard';
import { useAdminCrumbs } from '../admin/adminCrumbs';
import { TestWrite } from './TestWrite';

/** The stroke editor of one character: draw, reorder, reverse, delete and redraw strokes,
 * import an SVG, preview, test-write, and save. */
export function StrokeEditor({ languageCode, id, stored }: { languageCode: string; id: string; stored: Character | undefined }) {
  const t = useT();
  const { locale } = useI18n();
  const theme = useTheme();
  const crumbs = useAdminCrumbs(languageCode, 'characters');
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  // What was last saved (or loaded): the draft differs from it while changes are unsaved.
  const [saved, setSaved] = useState<Draft>(draft);
  const guard = useLeaveGuard(!sameDraft(draft, saved));
  const [selected, setSelected] = useState<number | null>(null);
  const [redraw, setRedraw] = useState(false);
  const [tab, setTab] = useState<'draw' | 'test'>('draw');
  const [animation, setAnimation] = useState(0);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error' | 'info'; text: string } | null>(null);
  const errors = draftErrors(draft);
  const valid = Object.keys(errors).length === 0;
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setStrokes = (strokes: Stroke[]) => update({ strokes });

  const onStroke = (points: InkPoint[]) => {
    const stroke = strokeFromPoints(points);
    const replace = redraw ? selected : null;
    setDraft((d) => ({
      ...d,
      strokes: replace !== null && replace < d.strokes.length ? d.strokes.map((s, i) => (i === replace ? stroke : s)) : [...d.strokes, stroke],
    }));
    setRedraw(false);
  };

  const importSvg = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const strokes = strokesFromSvg(await file.text());
      update({ strokes, alternatives: [] });
      setNotice({ severity: 'success', text: t('charEditor.imported', { count: strokes.length }) });
    } catch (err) {
      setNotice({ severity: 'error', text: t('charEditor.importFailed', { reason: err instanceof Error ? err.message : String(err) }) });
    }
  };

  const startFromComposed = async () => {
    const composed = await readCharacterStrokes(languageCode, draft.value);
    if (composed) update({ strokes: composed.strokes, source: composed.source });
  };

  const save = async () => {
    const { saveCharacter } = await import('../../db/mutations');
    await saveCharacter({
      id,
      languageCode,
      value: draft.value,
      strokes: draft.strokes,
      source: draft.source.trim() || PROJECT_SOURCE,
      leniency: draft.leniency,
      alternatives: draft.alternatives.map((a) => parseOrder(a, draft.strokes.length) ?? []),
    });
    setSaved(draft);
    setNotice({ severity: 'success', text: t('charEditor.saved') });
  };

  const fieldError = (key: keyof typeof errors) => (errors[key] ? t(errors[key] as 'charEditor.errors.order') : undefined);
  // The canvas: 360 px, or the page's width on a phone narrower than that and its margins.
  const [widthRef, canvasSize] = useCanvasSize(360);

  return (
    <>
      <PageHeader title={stored ? t('charEditor.editTitle', { value: stored.value }) : t('charEditor.newTitle')} crumbs={crumbs} lang={languageCode} />
      <Stack spacing={2} ref={widthRef}>
        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} role={notice.severity === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label={t('charEditor.value')}
            value={draft.value}
            onChange={(e) => update({ value: e.target.value })}
            error={!!errors.value}
            helperText={fieldError('value')}
            slotProps={{ htmlInput: { lang: languageCode, maxLength: 32 } }}
          />
          <TextField
            label={t('charEditor.source')}
            value={draft.source}
            onChange={(e) => update({ source: e.target.value })}
            error={!!errors.source}
            helperText={fieldError('source')}
            sx={{ flexGrow: 1 }}
            slotProps={{ htmlInput: contentInput(draft.source) }}
          />
        </Stack>
        {!stored && decompose(draft.value) && draft.strokes.length === 0 && (
          <Button onClick={() => void startFromComposed()} sx={{ alignSelf: 'flex-start' }}>
            {t('charEditor.fromComposed')}
          </Button>
        )}
        <Tabs value={tab} onChange={(_, v: 'draw' | 'test') => setTab(v)} aria-label={t('charEditor.modes')}>
          <Tab value="draw" label={t('charEditor.draw')} />
          <Tab value="test" label={t('charEditor.test')} disabled={draft.strokes.length === 0} />
        </Tabs>
        {tab === 'draw' ? (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Stack spacing={1}>
              <WritingCanvas
                languageCode={languageCode}
                gridType={gridTypeOf(languageCode)}
                mode={theme.palette.mode}
                size={canvasSize}
                strokes={draft.strokes}
                showOutline={false}
                done={draft.strokes.length}
                hint={selected}
                animation={animation}
                feedback={null}
                onStroke={onStroke}
                label={redraw ? t('charEditor.canvasRedraw', { n: (selected ?? 0) + 1 }) : t('charEditor.canvasAdd')}
              />
              <Typography variant="body2" color="text.secondary" role="status">
                {redraw ? t('charEditor.canvasRedraw', { n: (selected ?? 0) + 1 }) : t('charEditor.canvasAdd')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
                <Button onClick={() => setAnimation((a) => a + 1)} disabled={draft.strokes.length === 0}>
                  {t('charEditor.preview')}
                </Button>
                <Button component="label">
                  {t('charEditor.importSvg')}
                  <input type="file" accept=".svg,image/svg+xml" hidden onChange={(e) => void importSvg(e)} />
                </Button>
                <Button onClick={() => setStrokes([])} disabled={draft.strokes.length === 0}>
                  {t('charEditor.clearAll')}
                </Button>
              </Stack>
            </Stack>
            <Paper variant="outlined" sx={{ flexGrow: 1, minWidth: 260, alignSelf: { xs: 'stretch', md: 'flex-start' } }}>
              <List aria-label={t('charEditor.strokes')} dense>
                {draft.strokes.map((s, i) => (
                  <ListItem
                    key={i}
                    divider
                    disablePadding
                    // The five buttons (5 × 36 px, 16 px from the edge) keep the label clear of them.
                    sx={{ [`& > .${listItemButtonClasses.root}`]: { pr: 25 } }}
                    secondaryAction={
                      <Stack direction="row">
                        <IconButton aria-label={t('charEditor.up', { n: i + 1 })} disabled={i === 0} onClick={() => { setStrokes(moveStroke(draft.strokes, i, i - 1)); setSelected(i - 1); }}>
                          <ArrowUpward fontSize="small" />
                        </IconButton>
                        <IconButton aria-label={t('charEditor.down', { n: i + 1 })} disabled={i === draft.strokes.length - 1} onClick={() => { setStrokes(moveStroke(draft.strokes, i, i + 1)); setSelected(i + 1); }}>
                          <ArrowDownward fontSize="small" />
                        </IconButton>
                        <IconButton aria-label={t('charEditor.reverse', { n: i + 1 })} onClick={() => setStrokes(draft.strokes.map((x, k) => (k === i ? reversed(x) : x)))}>
                          <SwapHoriz fontSize="small" />
                        </IconButton>
                        <IconButton aria-label={t('charEditor.redraw', { n: i + 1 })} onClick={() => { setSelected(i); setRedraw(true); }}>
                          <Edit fontSize="small" />
                        </IconButton>
                        <IconButton aria-label={t('charEditor.delete', { n: i + 1 })} onClick={() => { setStrokes(draft.strokes.filter((_, k) => k !== i)); setSelected(null); setRedraw(false); }}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Stack>
                    }
                  >
                    <ListItemButton selected={selected === i} onClick={() => setSelected(selected === i ? null : i)}>
                      <ListItemText primary={t('charEditor.strokeN', { n: i + 1, points: s.median.length })} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              {errors.strokes && <Alert severity="error">{fieldError('strokes')}</Alert>}
            </Paper>
          </Stack>
        ) : (
          <TestWrite languageCode={languageCode} draft={draft} size={canvasSize} />
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box sx={{ maxWidth: 420 }}>
            <SliderRow label={t('charEditor.leniency')} testId="char-leniency" value={draft.leniency}
              shown={new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(draft.leniency)} min={LENIENCY_MIN} max={LENIENCY_MAX} step={0.05}
              onChange={(leniency) => update({ leniency })} />
          </Box>
          <Typography gutterBottom sx={{ mt: 2 }}>
            {t('charEditor.alternatives')}
          </Typography>
          <Stack spacing={1}>
            {draft.alternatives.map((text, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label={t('charEditor.alternativeN', { n: i + 1 })}
                  value={text}
                  onChange={(e) => update({ alternatives: draft.alternatives.map((a, k) => (k === i ? e.target.value : a)) })}
                  error={!!errors[`alternatives.${i}`]}
                  helperText={fieldError(`alternatives.${i}`) ?? t('charEditor.orderHelp', { count: draft.strokes.length })}
                />
                <IconButton aria-label={t('charEditor.removeAlternative', { n: i + 1 })} onClick={() => update({ alternatives: draft.alternatives.filter((_, k) => k !== i) })}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
            <Button
              sx={{ alignSelf: 'flex-start' }}
              disabled={draft.strokes.length < 2 || draft.alternatives.length >= 8}
              onClick={() => update({ alternatives: [...draft.alternatives, draft.strokes.map((_, k) => k + 1).join(', ')] })}
            >
              {t('charEditor.addAlternative')}
            </Button>
          </Stack>
        </Paper>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={!valid} onClick={() => void save()}>
            {t('charEditor.save')}
          </Button>
          <Button component={Link} to={`/admin/${languageCode}/characters`}>
            {t('charEditor.back')}
          </Button>
        </Stack>
      </Stack>
      {guard.dialog}
    </>
  );
}
