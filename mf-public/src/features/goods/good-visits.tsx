import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { VisitSlotView } from '@hsa-lli/common/domain';
import { isPrerendering } from '@hsa-lli/common/ui';
import { comingSlots } from '../../lib/visit-slots.js';
import type { GoodForVisit } from './visit-booking.js';

/** The booking form and its slots come in a script of their own, fetched only for a good that has slots. */
const VisitBooking = lazy(() => import('./visit-booking.js').then(({ VisitBooking }) => ({ default: VisitBooking })));

/** Once the browser has nothing more urgent to do: the page's first paint and its coming alive come first. */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

/**
 * « Réserver une visite », for a good with coming slots. The slots change every hour and are never part of the
 * prerendered page: they are read once the page is alive, and the section appears only when there are some. A failed
 * read shows nothing: the page keeps its other ways to reach us.
 */
export function GoodVisits({ good }: { good: GoodForVisit }) {
  const [slots, setSlots] = useState<VisitSlotView[] | null>(null);
  // Once shown, the section stays, even when its last slot goes: it says so rather than vanishing under the person.
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (isPrerendering()) return;
    const controller = new AbortController();
    const cancel = whenIdle(() => {
      comingSlots(good.id, controller)
        .then((data) => {
          setSlots(data);
          setShown(data.length > 0);
        })
        .catch(() => undefined);
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [good.id]);

  const reload = useCallback(async () => {
    const fresh = await comingSlots(good.id);
    setSlots(fresh);
    return fresh;
  }, [good.id]);

  if (!shown || !slots) return null;
  return (
    <Suspense fallback={null}>
      <VisitBooking good={good} slots={slots} reload={reload} />
    </Suspense>
  );
}
