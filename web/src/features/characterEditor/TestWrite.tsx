// Test-writing the character being edited, judged by the live matcher with the draft's leniency
// and alternative orders.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { WritingCanvas, type StrokeFeedback } from '../../canvas/WritingCanvas';
import { gridTypeOf } from '../../canvas/grids';
import type { InkPoint } from '../../canvas/ink';
import type * as MatcherModule from '../../canvas/matcher';
import { candidateOrders, judgeInOrders } from '../../canvas/orders';
import { useT } from '../../i18n/I18nContext';
import { parseOrder } from './outline';
import { Draft } from './characterDraft';

/** Writing the character being edited, judged by the live matcher with its leniency and orders. */
export function TestWrite({ languageCode, draft, size }: { languageCode: string; draft: Draft; size: number }) {
  const t = useT();
  const theme = useTheme();
  const [matcher, setMatcher] = useState<typeof MatcherModule | null>(null);
  const [done, setDone] = useState(0);
  const [drawn, setDrawn] = useState<InkPoint[][]>([]);
  const [orders, setOrders] = useState(() =>
    candidateOrders(draft.strokes.length, draft.alternatives.map((a) => parseOrder(a, draft.strokes.length) ?? [])),
  );
  const [feedback, setFeedback] = useState<StrokeFeedback | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    let cancelled = false;
    void import('../../canvas/matcher').then((m) => !cancelled && setMatcher(m));
    return () => {
      cancelled = true;
    };
  }, []);
  const order = orders[0] ?? [];
  const strokes = order.flatMap((i) => (draft.strokes[i] ? [draft.strokes[i]] : []));
  const onStroke = (points: InkPoint[]) => {
    if (!matcher || done >= strokes.length) return;
    const { judgement, orders: left } = judgeInOrders(matcher.judgeStroke, points, draft.strokes, orders, done, {
      leniency: draft.leniency,
      drawnSoFar: drawn,
    });
    setFeedback({ kind: judgement.verdict === 'accepted' ? 'accepted' : 'wrong', points, key: Date.now() });
    if (judgement.verdict === 'accepted') {
      setOrders(left);
      setDrawn((d) => [...d, points]);
      setDone(done + 1);
      setMessage(done + 1 >= strokes.length ? t('charEditor.testDone') : t('writing.strokeOk', { n: done + 1, total: strokes.length }));
    } else {
      setMessage(t(`charEditor.verdict.${judgement.verdict}`));
    }
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <WritingCanvas
        languageCode={languageCode}
        gridType={gridTypeOf(languageCode)}
        mode={theme.palette.mode}
        size={size}
        strokes={strokes}
        showOutline
        done={done}
        hint={null}
        animation={0}
        feedback={feedback}
        onStroke={onStroke}
        label={t('charEditor.test')}
        disabled={!matcher}
      />
      <Stack spacing={1}>
        <Typography role="status" aria-live="polite" data-testid="test-write-message">
          {message || t('writing.strokeOf', { n: done + 1, total: strokes.length })}
        </Typography>
        <Button
          onClick={() => {
            setDone(0);
            setDrawn([]);
            setFeedback(null);
            setMessage('');
            setOrders(candidateOrders(draft.strokes.length, draft.alternatives.map((a) => parseOrder(a, draft.strokes.length) ?? [])));
          }}
        >
          {t('writing.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
